/* Text in the decoder's strings, 64 bytes at a time (fastjson_text.c). */

#ifndef FASTJSON_TEXT_H
#define FASTJSON_TEXT_H

#include "../fastjson_simd.h"

/* From p, a character boundary, over plain ASCII and well-formed UTF-8 up to the first
 * quote, backslash, control byte or ill-formed character, or to within 64 bytes of limit
 * (a character across the last block's end is left out); returns where it stopped. */
#ifdef FASTJSON_HAVE_AVX2
FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_utf8_text_avx2(const unsigned char *p,
		const unsigned char *limit);
#endif
/* From an escape p (never an escaped byte), over text whose escapes are all a lone
 * backslash before one of "\/bfnrt, adding the bytes they save to *saved; stops at a quote,
 * a control or non-ASCII byte, any other escape (\u, a backslash run, an invalid one),
 * after a block without escapes, or within 65 bytes of limit. */
#ifdef FASTJSON_HAVE_AVX2
FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_short_escapes_avx2(const unsigned char *p,
		const unsigned char *limit, size_t *saved);
#endif
#ifdef FASTJSON_HAVE_AVX512
FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_short_escapes_avx512(const unsigned char *p,
		const unsigned char *limit, size_t *saved);
#endif
#ifdef FASTJSON_HAVE_NEON
const unsigned char *fastjson_skip_short_escapes_neon(const unsigned char *p, const unsigned char *limit,
		size_t *saved);
#endif

#ifdef FASTJSON_HAVE_AVX512
FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_utf8_text_avx512(const unsigned char *p,
		const unsigned char *limit);
#endif

#endif
