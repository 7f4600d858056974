/* Text in the decoder's strings, 64 bytes at a time (fastjson_text.c). */

#ifndef FASTJSON_TEXT_H
#define FASTJSON_TEXT_H

#include "../fastjson_simd.h"

/* Where a run's input and output stopped. */
typedef struct {
	const unsigned char *in;
	unsigned char *out;
} fastjson_decoded_run;

/* From p, a character boundary that is not an escaped byte, over plain ASCII, well-formed
 * UTF-8 and escapes that are a lone backslash before one of "\/bfnrt, adding the bytes
 * those save to *saved; stops at a quote, a control byte, any other escape (\u, a
 * backslash run, an invalid one), an ill-formed character, or within 65 bytes of limit
 * (a character across the last block's end is left out); returns where it stopped.
 * skip_short_escapes, entered at an escape in ASCII text, also stops before a block of
 * plain ASCII alone (the plain skip is faster there); skip_utf8_text, entered after a
 * multibyte character, goes on over those. */
#define FASTJSON_SHORT_ESCAPES_DECLARE(path, target) \
	target const unsigned char *fastjson_skip_short_escapes_##path(const unsigned char *p, \
			const unsigned char *limit, size_t *saved);
#define FASTJSON_TEXT_DECLARE(path, target) \
	FASTJSON_SHORT_ESCAPES_DECLARE(path, target) \
	target const unsigned char *fastjson_skip_utf8_text_##path(const unsigned char *p, \
			const unsigned char *limit, size_t *saved);

#ifdef FASTJSON_HAVE_AVX2
FASTJSON_TEXT_DECLARE(avx2, FASTJSON_TARGET_AVX2)
/* skip_utf8_text_avx2() after a multibyte character, where most strings end within a few
 * bytes: a 32-byte block first. */
FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_utf8_chars_avx2(const unsigned char *p,
		const unsigned char *limit, size_t *saved);
/* From a \u escape in ASCII text: over plain ASCII, short escapes, \u escapes other than
 * surrogate halves and whole surrogate pairs, adding what they save to *saved; stops at
 * anything else (a quote, a control byte, a byte from 0x80, a lone or reversed half, a
 * backslash run, an escape the block's end cuts, an invalid one) or within 65 bytes of
 * limit. */
FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_escaped_text_avx2(const unsigned char *p,
		const unsigned char *limit, size_t *saved);
/* From p, over a run of \uXXXX escapes of one UTF-8 length (2 or 3 bytes), checked and
 * decoded four at a time to out while it has 22 bytes of room before out_end; stops at
 * anything else, at fewer than four, or within 32 bytes of limit. Returns where the input
 * and the output stopped (in registers, so that the caller's out stays in one). */
FASTJSON_TARGET_AVX2 fastjson_decoded_run fastjson_decode_u_escapes_avx2(const unsigned char *p,
		const unsigned char *limit, unsigned char *out, unsigned char *out_end);
#endif
#ifdef FASTJSON_HAVE_AVX512
/* Its non-ASCII text goes on in skip_utf8_text_avx2(). */
FASTJSON_SHORT_ESCAPES_DECLARE(avx512, FASTJSON_TARGET_AVX512)
/* skip_escaped_text_avx2(), on AVX-512. */
FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_escaped_text_avx512(const unsigned char *p,
		const unsigned char *limit, size_t *saved);
/* skip_utf8_text_avx2(), but a string that ends within the 64 bytes at p in one step. */
FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_utf8_string_avx512(const unsigned char *p,
		const unsigned char *limit, size_t *saved);
/* From p, a character boundary that is not an escaped byte, over plain ASCII and lone
 * short escapes (a backslash before one of "\/bfnrt), decoded to out 64 bytes at a time
 * while out has 64 bytes of room before out_end; stops where skip_short_escapes stops, at
 * a byte >= 0x80, or within 65 bytes of limit. */
FASTJSON_TARGET_AVX512 fastjson_decoded_run fastjson_decode_short_escapes_avx512(const unsigned char *p,
		const unsigned char *limit, unsigned char *out, unsigned char *out_end);
/* From p, a \u escape in ASCII text (a word of Cyrillic, an emoji between words), over
 * plain ASCII, short escapes (a lone backslash before one of "\/bfnrt) and \uXXXX escapes other than surrogate halves and \u0000, and whole surrogate pairs,
 * decoded to out 64 bytes at a time while out has 64 bytes of room before out_end; stops
 * at anything else (a quote, a control byte, a byte from 0x80, other escapes, a
 * backslash run), within 65 bytes of limit, or before a run of eight \u escapes. */
FASTJSON_TARGET_AVX512 fastjson_decoded_run fastjson_decode_escapes_avx512(const unsigned char *p,
		const unsigned char *limit, unsigned char *out, unsigned char *out_end);
#endif
#ifdef FASTJSON_HAVE_NEON
FASTJSON_TEXT_DECLARE(neon, )
#endif

#endif
