/* The decoder's strings over the structural stage's masks: text skipped 64 bytes at a
 * time after a multibyte character (see fastjson_skip_utf8_text()), and text dense with
 * short escapes (URLs and markup as json_encode writes them). */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "fastjson_text.h"
#include "fastjson_stage1.h"

/* A path's skip over short escapes: each block's backslashes must all be lone ones
 * before one of "\/bfnrt (checked on the bytes one further on); everything else stops it
 * where the automaton or the escape-by-escape loop must look. A block without a
 * backslash ends it too: the plain skip is faster there. */
#define FASTJSON_SKIP_SHORT_ESCAPES(classify, short_escape_chars) do { \
		while (limit - p > FASTJSON_BLOCK) { \
			fastjson_block_classes c; \
			uint64_t stop; \
			classify(p, &c); \
			if (!c.backslash) { \
				break; \
			} \
			stop = ((c.quote | c.control | c.high) & ~(c.backslash << 1)) \
				| (c.backslash & ~short_escape_chars(p + 1)) | (c.backslash & (c.backslash >> 1)); \
			*saved += fastjson_popcount64(c.backslash & ((stop & (0 - stop)) - 1)); \
			if (stop) { \
				return p + fastjson_ctz64(stop); \
			} \
			/* An escape across the block's end: its second byte is checked already. */ \
			p += FASTJSON_BLOCK + (c.backslash >> 63); \
		} \
	} while (0)

#if defined(FASTJSON_HAVE_AVX2)
/* How many of the 64 bytes at p (a character boundary) a string holds as they are: up to
 * the first quote, backslash or control byte, or the first character that is not
 * well-formed UTF-8 (the automaton then takes it and applies ext/json's rules), or the
 * last character, when the block's end cuts it. */
static zend_always_inline unsigned fastjson_text_prefix64(uint64_t stop, uint64_t high, const fastjson_utf8_classes *u)
{
	uint64_t required = fastjson_utf8_required(u);
	uint64_t bad = fastjson_utf8_bad_bytes(high, u, required, 0) | stop;
	unsigned first;

	if (!bad) {
		uint64_t cut = (u->lead2 & (UINT64_C(1) << 63)) | (u->lead3 & (UINT64_C(3) << 62))
			| (u->lead4 & (UINT64_C(7) << 61));
		return cut ? 63 - fastjson_clz64(cut) : FASTJSON_BLOCK;
	}
	first = fastjson_ctz64(bad);
	if (required & (UINT64_C(1) << first)) {
		/* A lead asked for this byte: the character starts at the lead. */
		return 63 - fastjson_clz64(~u->trail & ((UINT64_C(1) << first) - 1));
	}
	return first;
}

/* A path's skip: its classifier and UTF-8 classes, 64 bytes at a time. */
#define FASTJSON_SKIP_UTF8_TEXT(classify, utf8_classes) do { \
		while (limit - p >= FASTJSON_BLOCK) { \
			fastjson_block_classes c; \
			fastjson_utf8_classes u; \
			unsigned n; \
			classify(p, &c); \
			utf8_classes(p, c.high, false, &u); \
			n = fastjson_text_prefix64(c.quote | c.backslash | c.control, c.high, &u); \
			p += n; \
			if (n < FASTJSON_BLOCK - 3) { \
				break; /* a stop, not just a character across the block's end */ \
			} \
		} \
	} while (0)

FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_short_escapes_avx2(
		const unsigned char *p, const unsigned char *limit, size_t *saved)
{
	FASTJSON_SKIP_SHORT_ESCAPES(fastjson_classify_avx2, fastjson_short_escape_chars_avx2);
	return p;
}

FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_utf8_text_avx2(
		const unsigned char *p, const unsigned char *limit)
{
	FASTJSON_SKIP_UTF8_TEXT(fastjson_classify_avx2, fastjson_utf8_classes_avx2);
	return p;
}
#endif

#ifdef FASTJSON_HAVE_AVX512
FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_short_escapes_avx512(
		const unsigned char *p, const unsigned char *limit, size_t *saved)
{
	FASTJSON_SKIP_SHORT_ESCAPES(fastjson_classify_avx512, fastjson_short_escape_chars_avx512);
	return p;
}

FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_utf8_text_avx512(
		const unsigned char *p, const unsigned char *limit)
{
	FASTJSON_SKIP_UTF8_TEXT(fastjson_classify_avx512, fastjson_utf8_classes_avx512);
	return p;
}
#endif

#ifdef FASTJSON_HAVE_NEON
const unsigned char *fastjson_skip_short_escapes_neon(const unsigned char *p, const unsigned char *limit,
		size_t *saved)
{
	FASTJSON_SKIP_SHORT_ESCAPES(fastjson_classify_neon, fastjson_short_escape_chars_neon);
	return p;
}
#endif
