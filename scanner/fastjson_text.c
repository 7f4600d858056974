/* The decoder's strings over the structural stage's masks: text of plain ASCII,
 * well-formed UTF-8 and short escapes ("\/bfnrt) skipped 64 bytes at a time, from a
 * multibyte character (see fastjson_skip_utf8_text()) or from an escape (see
 * fastjson_skip_short_escapes()), with the bytes the escapes save counted on the way;
 * ASCII text with \uXXXX escapes too, from a \u escape (fastjson_skip_escaped_text());
 * runs of \uXXXX escapes decoded four at a time. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "fastjson_text.h"
#include "fastjson_stage1.h"
#include "fastjson_u_escapes.h"

/* How many of the 64 bytes at p (a character boundary) a string holds as they are: up to
 * the first stop, or the first character that is not well-formed UTF-8 (the automaton then
 * takes it and applies ext/json's rules), or the last character, when the block's end cuts
 * it. */
static zend_always_inline unsigned fastjson_text_prefix64(uint64_t stop, uint64_t high, const fastjson_utf8_classes *u)
{
	uint64_t required = fastjson_utf8_required(u);
	uint64_t bad = fastjson_utf8_bad_bytes(high, u, required, 0) | stop;
	unsigned first;

	if (!bad) {
		uint64_t cut = fastjson_utf8_cut_leads(u);
		return cut ? 63 - fastjson_clz64(cut) : FASTJSON_BLOCK;
	}
	first = fastjson_ctz64(bad);
	if (required & (UINT64_C(1) << first)) {
		/* A lead asked for this byte: the character starts at the lead. */
		return 63 - fastjson_clz64(~u->trail & ((UINT64_C(1) << first) - 1));
	}
	return first;
}

/* A block's stops among its ASCII: unescaped quotes and control bytes, and each backslash
 * that does not begin a lone short escape (short_escaped: the bytes one further on that are
 * one of "\\/bfnrt). */
static zend_always_inline uint64_t fastjson_text_stops(const fastjson_block_classes *c, uint64_t short_escaped)
{
	return ((c->quote | c->control) & ~(c->backslash << 1)) | (c->backslash & ~short_escaped)
		| (c->backslash & (c->backslash >> 1));
}

/* The end of a skip's block: at its first stop the skip returns; else it goes on past the
 * block, one byte further when a short escape crosses its end (that escape's second byte
 * is checked already). */
#define FASTJSON_BLOCK_DONE(stop, backslash) \
	if (stop) { \
		return p + fastjson_ctz64(stop); \
	} \
	p += FASTJSON_BLOCK + ((backslash) >> 63)

/* A path's skip over text. Stops at an unescaped quote, a control byte, an escape other
 * than a lone backslash before one of "\\/bfnrt (\\u, a backslash run, an invalid one: left
 * to the escape-by-escape loop or the automaton), ill-formed UTF-8, or within 65 bytes of
 * limit. A stop never falls between a backslash and the byte it escapes. */
#define FASTJSON_SKIP_TEXT(classify, utf8_prefix, short_escape_chars) do { \
		while (limit - p > FASTJSON_BLOCK) { \
			fastjson_block_classes c; \
			uint64_t stop; \
			classify(p, &c); \
			stop = c.backslash ? fastjson_text_stops(&c, short_escape_chars(p + 1)) : c.quote | c.control; \
			if (c.high) { \
				unsigned n = utf8_prefix(p, stop, c.high); \
				if (n < FASTJSON_BLOCK) { \
					if (c.backslash) { \
						*saved += fastjson_popcount64(c.backslash & ((UINT64_C(1) << n) - 1)); \
					} \
					p += n; \
					if (n < FASTJSON_BLOCK - 3) { \
						break; /* a stop, not just a character across the block's end */ \
					} \
					continue; \
				} \
				stop = 0; \
			} \
			*saved += fastjson_popcount64(c.backslash & ((stop & (0 - stop)) - 1)); \
			FASTJSON_BLOCK_DONE(stop, c.backslash); \
		} \
	} while (0)

/* A path's skip over escape-dense ASCII: the same stops, and a block of plain ASCII alone
 * ends it (the plain skip is faster there); a block with non-ASCII bytes goes on in the
 * text skip, whose UTF-8 masks would otherwise cost every call here its set-up. */
#define FASTJSON_SKIP_SHORT_ESCAPES(classify, short_escape_chars, skip_text) do { \
		while (limit - p > FASTJSON_BLOCK) { \
			fastjson_block_classes c; \
			uint64_t stop; \
			classify(p, &c); \
			if (!c.backslash && !c.high) { \
				break; \
			} \
			if (c.high) { \
				return skip_text(p, limit, saved); \
			} \
			stop = fastjson_text_stops(&c, short_escape_chars(p + 1)); \
			*saved += fastjson_popcount64(c.backslash & ((stop & (0 - stop)) - 1)); \
			FASTJSON_BLOCK_DONE(stop, c.backslash); \
		} \
	} while (0)

/* A path's skip over ASCII text with escapes, \uXXXX ones too (non-Latin text and emoji as
 * json_encode() writes them): a backslash stops it unless it begins a short escape, a \u
 * escape whose four digits are in the block and that is not a surrogate half, or a whole
 * surrogate pair in the block; so do an unescaped quote, a control byte, a byte from 0x80
 * and a backslash run. The bytes a \u escape saves: 5, less one from U+0080 and one more
 * from U+0800 (first digits "00" and the third below 8; first "0" and the second below 8);
 * a pair's halves 4 each. */
#define FASTJSON_SKIP_ESCAPED_TEXT(classify, short_escape_chars, BYTES64, GT, LT, EQ) do { \
		while (limit - p > FASTJSON_BLOCK) { \
			fastjson_block_classes c; \
			uint64_t digit, hex, low_digit, zero, from_c, u_escape, surrogate, high, paired; \
			uint64_t from_80, from_800, stop, before; \
			classify(p, &c); \
			digit = BYTES64(p, GT, '0' - 1) & BYTES64(p, LT, '9' + 1); \
			from_c = (BYTES64(p, GT, 'b') & BYTES64(p, LT, 'g')) | (BYTES64(p, GT, 'B') & BYTES64(p, LT, 'G')); \
			hex = digit | from_c | BYTES64(p, EQ, 'a') | BYTES64(p, EQ, 'b') | BYTES64(p, EQ, 'A') | BYTES64(p, EQ, 'B'); \
			low_digit = digit & BYTES64(p, LT, '8'); \
			zero = BYTES64(p, EQ, '0'); \
			/* four digits in the block: the shifts leave none past it */ \
			u_escape = c.backslash & (BYTES64(p, EQ, 'u') >> 1) & (hex >> 2) & (hex >> 3) & (hex >> 4) & (hex >> 5); \
			surrogate = u_escape & ((BYTES64(p, EQ, 'd') | BYTES64(p, EQ, 'D')) >> 2) & ~(low_digit >> 3); \
			high = surrogate & ~(from_c >> 3); \
			paired = high & ((surrogate & ~high) >> 6); \
			u_escape = (u_escape & ~surrogate) | paired | (paired << 6); \
			stop = fastjson_text_stops(&c, short_escape_chars(p + 1) | u_escape) | c.high; \
			before = (stop & (0 - stop)) - 1; \
			u_escape &= before; \
			from_80 = u_escape & ~((zero >> 2) & (zero >> 3) & (low_digit >> 4)); \
			from_800 = u_escape & ~((zero >> 2) & (low_digit >> 3)); \
			*saved += fastjson_popcount64(c.backslash & before) + 4 * fastjson_popcount64(u_escape) \
				- fastjson_popcount64(from_80) - fastjson_popcount64(from_800) \
				+ fastjson_popcount64(u_escape & surrogate); \
			FASTJSON_BLOCK_DONE(stop, c.backslash); \
		} \
	} while (0)

/* fastjson_text_prefix64() of the block at p by a path's UTF-8 classes. */
#define FASTJSON_TEXT_PREFIX_BY_CLASSES(path, target) \
	static zend_always_inline target unsigned fastjson_text_prefix_by_classes_##path(const unsigned char *p, \
			uint64_t stop, uint64_t high) \
	{ \
		fastjson_utf8_classes u; \
		fastjson_utf8_classes_##path(p, high, false, &u); \
		return fastjson_text_prefix64(stop, high, &u); \
	}

#define FASTJSON_TEXT_SKIP(path, target, utf8_prefix) \
	FASTJSON_LINE_ALIGNED target const unsigned char *fastjson_skip_utf8_text_##path( \
			const unsigned char *p, const unsigned char *limit, size_t *saved) \
	{ \
		FASTJSON_SKIP_TEXT(fastjson_classify_##path, utf8_prefix, fastjson_short_escape_chars_##path); \
		return p; \
	}

#define FASTJSON_SHORT_ESCAPES_SKIP(path, target, skip_text) \
	FASTJSON_LINE_ALIGNED FASTJSON_CALL_PATH target const unsigned char *fastjson_skip_short_escapes_##path( \
			const unsigned char *p, const unsigned char *limit, size_t *saved) \
	{ \
		FASTJSON_SKIP_SHORT_ESCAPES(fastjson_classify_##path, fastjson_short_escape_chars_##path, skip_text); \
		return p; \
	}

#ifdef FASTJSON_HAVE_AVX2
FASTJSON_TEXT_PREFIX_BY_CLASSES(avx2, FASTJSON_TARGET_AVX2)

/* The block checked by nibble lookups first, about a quarter of the masks' instructions;
 * only a block with ill-formed UTF-8 takes the masks, which find where it goes wrong. Its
 * stops are ASCII, so with well-formed UTF-8 the first one ends the prefix. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_text_prefix_avx2(const unsigned char *p,
		uint64_t stop, uint64_t high)
{
	const __m256i first = _mm256_loadu_si256((const __m256i *) p);
	const __m256i second = _mm256_loadu_si256((const __m256i *) (p + 32));
	const __m256i errors = _mm256_or_si256(fastjson_utf8_errors32_avx2(first, _mm256_setzero_si256()),
		fastjson_utf8_errors32_avx2(second, first));

	if (EXPECTED(_mm256_testz_si256(errors, errors))) {
		return stop ? fastjson_ctz64(stop) : FASTJSON_BLOCK - fastjson_utf8_cut32_avx2(second);
	}
	return fastjson_text_prefix_by_classes_avx2(p, stop, high);
}

FASTJSON_TEXT_SKIP(avx2, FASTJSON_TARGET_AVX2, fastjson_text_prefix_avx2)
FASTJSON_SHORT_ESCAPES_SKIP(avx2, FASTJSON_TARGET_AVX2, fastjson_skip_utf8_text_avx2)

/* How many of the 32 bytes at p (a character boundary) a string holds as they are: up to
 * its first quote, backslash or control byte, or to the last character, when the block's
 * end cuts it; 0 when its UTF-8 is ill-formed (the 64-byte skip finds where). */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_text_prefix32_avx2(const unsigned char *p)
{
	const __m256i v = _mm256_loadu_si256((const __m256i *) p);
	const __m256i plain = _mm256_andnot_si256(
		_mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))),
		_mm256_cmpgt_epi8(v, _mm256_set1_epi8(0x1f)));
	/* Signed, the bytes from 0x80 are not plain: only ASCII stops. */
	const uint32_t stop = ~(uint32_t) _mm256_movemask_epi8(plain) & ~(uint32_t) _mm256_movemask_epi8(v);

	if (!fastjson_utf8_valid32_avx2(v)) {
		return 0;
	}
	return stop ? fastjson_ctz32(stop) : 32 - fastjson_utf8_cut32_avx2(v);
}

FASTJSON_LINE_ALIGNED FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_utf8_chars_avx2(const unsigned char *p,
		const unsigned char *limit, size_t *saved)
{
	if (limit - p >= 32) {
		p += fastjson_text_prefix32_avx2(p);
		if (*p == '"' || *p < 0x20) {
			return p;
		}
	}
	return fastjson_skip_utf8_text_avx2(p, limit, saved);
}

FASTJSON_LINE_ALIGNED FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_escaped_text_avx2(const unsigned char *p,
		const unsigned char *limit, size_t *saved)
{
	FASTJSON_SKIP_ESCAPED_TEXT(fastjson_classify_avx2, fastjson_short_escape_chars_avx2, FASTJSON_BYTES64_AVX2,
		FASTJSON_GT_AVX2, FASTJSON_LT_AVX2, FASTJSON_EQ_AVX2);
	return p;
}
#endif
#ifdef FASTJSON_HAVE_AVX512
/* Non-ASCII text goes on in the AVX2 text skip: on the AVX-512 machine measured, 512-bit
 * blocks took long strings of raw UTF-8 4-10% slower. */
FASTJSON_SHORT_ESCAPES_SKIP(avx512, FASTJSON_TARGET_AVX512, fastjson_skip_utf8_text_avx2)

FASTJSON_LINE_ALIGNED FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_escaped_text_avx512(const unsigned char *p,
		const unsigned char *limit, size_t *saved)
{
	FASTJSON_SKIP_ESCAPED_TEXT(fastjson_classify_avx512, fastjson_short_escape_chars_avx512, FASTJSON_BYTES64_AVX512,
		FASTJSON_GT_AVX512, FASTJSON_LT_AVX512, FASTJSON_EQ_AVX512);
	return p;
}
#endif
#ifdef FASTJSON_HAVE_NEON
FASTJSON_TEXT_PREFIX_BY_CLASSES(neon, )
FASTJSON_TEXT_SKIP(neon, , fastjson_text_prefix_by_classes_neon)
FASTJSON_SHORT_ESCAPES_SKIP(neon, , fastjson_skip_utf8_text_neon)
#endif

#ifdef FASTJSON_HAVE_AVX512
/* Most non-Latin strings are short (a name, a word, a line): while a string's text goes
 * on, each 64-byte block is checked in one step here (its stops are the quote, backslash
 * and control bytes, not the text skip's escape masks), and one that holds the closing
 * quote with well-formed UTF-8 before it ends the string; at anything else the text skip
 * goes on from there. */
FASTJSON_LINE_ALIGNED FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_utf8_string_avx512(const unsigned char *p,
		const unsigned char *limit, size_t *saved)
{
	/* The block before, whose last character may go on into this one: the blocks follow
	 * one another at a fixed stride, so that the next load does not wait for this one. */
	__m512i before = _mm512_setzero_si512();

	while (limit - p > FASTJSON_BLOCK) {
		const __m512i bytes = _mm512_loadu_si512((const void *) p);
		const uint64_t stop = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8('"'))
			| _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8('\\'))
			| _mm512_cmplt_epu8_mask(bytes, _mm512_set1_epi8(0x20));
		const uint64_t errors = fastjson_utf8_errors64_avx512(bytes, before);

		if (stop) {
			const unsigned end = fastjson_ctz64(stop);
			/* The bytes up to the stop, which a character before it may not ask for. */
			const uint64_t upto = (UINT64_C(2) << end) - 1;

			if (p[end] == '"' && !(errors & upto)) {
				return p + end;
			}
			break;
		}
		if (errors) {
			break;
		}
		before = bytes;
		p += FASTJSON_BLOCK;
	}
	/* The text skip goes on from the start of the character the last block cut. */
	p -= fastjson_utf8_cut64_avx512(before);
	return fastjson_skip_utf8_text_avx2(p, limit, saved);
}
#endif

#ifdef FASTJSON_HAVE_AVX512
#define FASTJSON_IDENTITY8(b) b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7

/* The byte a short escape stands for, by the 7 bits of the byte after its backslash: the
 * letters of \b \f \n \r \t become their control bytes; '"', '/' and '\\' stand for
 * themselves. */
static ZEND_SET_ALIGNED(64, const unsigned char fastjson_unescaped_low[64]) = {
	FASTJSON_IDENTITY8(0), FASTJSON_IDENTITY8(8), FASTJSON_IDENTITY8(16), FASTJSON_IDENTITY8(24),
	FASTJSON_IDENTITY8(32), FASTJSON_IDENTITY8(40), FASTJSON_IDENTITY8(48), FASTJSON_IDENTITY8(56)};
static ZEND_SET_ALIGNED(64, const unsigned char fastjson_unescaped_high[64]) = {
	FASTJSON_IDENTITY8(64), FASTJSON_IDENTITY8(72), FASTJSON_IDENTITY8(80), FASTJSON_IDENTITY8(88),
	0x60, 0x61, '\b', 0x63, 0x64, 0x65, '\f', 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, '\n', 0x6f,
	0x70, 0x71, '\r', 0x73, '\t', 0x75, 0x76, 0x77, FASTJSON_IDENTITY8(120)};

FASTJSON_LINE_ALIGNED FASTJSON_TARGET_AVX512 fastjson_decoded_run fastjson_decode_short_escapes_avx512(const unsigned char *p,
		const unsigned char *limit, unsigned char *out, unsigned char *out_end)
{
	const __m512i low = _mm512_load_si512((const void *) fastjson_unescaped_low);
	const __m512i high = _mm512_load_si512((const void *) fastjson_unescaped_high);

	while (limit - p > FASTJSON_BLOCK && out_end - out >= FASTJSON_BLOCK) {
		const __m512i v = _mm512_loadu_si512((const void *) p);
		fastjson_block_classes c;
		uint64_t stop, taken, backslash;
		unsigned n;

		fastjson_classify_avx512(p, &c);
		stop = c.high | (c.backslash ? fastjson_text_stops(&c, fastjson_short_escape_chars_avx512(p + 1))
			: c.quote | c.control);
		n = stop ? fastjson_ctz64(stop) : FASTJSON_BLOCK;
		taken = n == FASTJSON_BLOCK ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
		/* An escape across the block's end is the next block's. */
		if (!stop && (c.backslash >> 63)) {
			n--;
			taken >>= 1;
		}
		backslash = c.backslash & taken;
		/* Each escaped byte replaced by what it stands for, then the backslashes left out. */
		_mm512_storeu_si512((void *) out, _mm512_maskz_compress_epi8(taken & ~backslash,
			_mm512_mask_mov_epi8(v, backslash << 1, _mm512_permutex2var_epi8(low, v, high))));
		out += n - fastjson_popcount64(backslash);
		p += n;
		if (stop) {
			break;
		}
	}
	return (fastjson_decoded_run) {p, out};
}

/* The \uXXXX escapes of a block (its bytes v, their classes) whose four digits are in it,
 * other than surrogate halves and \u0000, and both halves of whole surrogate pairs in it,
 * at their backslashes (as in FASTJSON_SKIP_ESCAPED_TEXT). *written gets the bytes the
 * escapes' UTF-8 takes, from each escape's backslash on: one from U+0001, two from U+0080,
 * three from U+0800, four for a pair (at its high half), none for a low half. (\u0000,
 * the one escape whose UTF-8 is a zero byte, is left to the caller.) */
static zend_always_inline FASTJSON_TARGET_AVX512 uint64_t fastjson_u_escapes_avx512(__m512i v, __m512i classes,
		uint64_t backslash, uint64_t high_bytes, uint64_t *written)
{
	const __mmask64 ascii = ~high_bytes;
	const uint64_t hex = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_HEX));
	const uint64_t from_8 = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_HEX_FROM_8));
	const uint64_t low_digit = hex & ~from_8;
	const uint64_t from_c = hex & _mm512_cmpgt_epi8_mask(_mm512_or_si512(v, _mm512_set1_epi8(0x20)),
		_mm512_set1_epi8('b'));
	const uint64_t d = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_D));
	const uint64_t zero = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('0'));
	const uint64_t u = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_U));
	/* Four digits in the block: the shifts leave none past it. */
	const uint64_t u_escape = backslash & (u >> 1) & (hex >> 2) & (hex >> 3) & (hex >> 4) & (hex >> 5)
		& ~((zero >> 2) & (zero >> 3) & (zero >> 4) & (zero >> 5));
	const uint64_t surrogate = u_escape & (d >> 2) & (from_8 >> 3);
	const uint64_t high = surrogate & ~(from_c >> 3);
	const uint64_t paired = high & ((surrogate & ~high) >> 6);
	const uint64_t first = (u_escape & ~surrogate) | paired;

	*written = first | ((first & ~((zero >> 2) & (zero >> 3) & (low_digit >> 4))) << 1)
		| ((first & ~((zero >> 2) & (low_digit >> 3))) << 2) | (paired << 3);
	return first | (paired << 6);
}

/* The UTF-8 of the code units in dwords (one per \u escape, in order), each character in
 * its unit's dword from the lowest byte on: a high surrogate's dword holds its pair's
 * four bytes, the low half's none (zero). */
static zend_always_inline FASTJSON_TARGET_AVX512 __m512i fastjson_utf8_of_units_avx512(__m512i units)
{
	const __m512i six = _mm512_set1_epi32(0x3f), ten = _mm512_set1_epi32(0x3ff), trail = _mm512_set1_epi32(0x80);
	const __m512i half = _mm512_and_si512(units, _mm512_set1_epi32(0xfc00));
	const __mmask16 high = _mm512_cmpeq_epi32_mask(half, _mm512_set1_epi32(0xd800));
	const __mmask16 low = _mm512_cmpeq_epi32_mask(half, _mm512_set1_epi32(0xdc00));
	/* A high half's low half is the next unit. */
	const __m512i next = _mm512_alignr_epi32(_mm512_setzero_si512(), units, 1);
	const __m512i cp = _mm512_mask_add_epi32(units, high, _mm512_set1_epi32(0x10000),
		_mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(units, ten), 10), _mm512_and_si512(next, ten)));
	/* The trail bytes: bits 0-5, 6-11 and 12-17 of the code point. */
	const __m512i t0 = _mm512_or_si512(_mm512_and_si512(cp, six), trail);
	const __m512i t1 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(cp, 6), six), trail);
	const __m512i t2 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(cp, 12), six), trail);
	const __m512i two = _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(cp, 6), _mm512_set1_epi32(0xc0)),
		_mm512_slli_epi32(t0, 8));
	const __m512i three = _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(cp, 12), _mm512_set1_epi32(0xe0)),
		_mm512_or_si512(_mm512_slli_epi32(t1, 8), _mm512_slli_epi32(t0, 16)));
	const __m512i four = _mm512_or_si512(
		_mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(cp, 18), _mm512_set1_epi32(0xf0)), _mm512_slli_epi32(t2, 8)),
		_mm512_or_si512(_mm512_slli_epi32(t1, 16), _mm512_slli_epi32(t0, 24)));
	__m512i utf8 = _mm512_mask_mov_epi32(cp, _mm512_cmpgt_epu32_mask(cp, _mm512_set1_epi32(0x7f)), two);

	utf8 = _mm512_mask_mov_epi32(utf8, _mm512_cmpgt_epu32_mask(cp, _mm512_set1_epi32(0x7ff)), three);
	return _mm512_maskz_mov_epi32((__mmask16) ~low, _mm512_mask_mov_epi32(utf8, high, four));
}

/* The block v decoded to out (64 bytes of room), as far as its masks go: escapes are the
 * backslashes of its \u escapes, written the bytes their UTF-8 takes from each backslash
 * on, emitted the other bytes written, as they are or (after a short escape's backslash)
 * as unescaped has them. Each escape's UTF-8 is put in its own place, then what is
 * written is compressed out. */
static zend_always_inline FASTJSON_TARGET_AVX512 unsigned char *fastjson_decode_u_block_avx512(unsigned char *out,
		__m512i v, __m512i unescaped, uint64_t escapes, uint64_t written, uint64_t emitted)
{
	/* Each digit's value: its low nibble, plus 9 for a letter. */
	const __m512i nibbles = _mm512_mask_add_epi8(_mm512_and_si512(v, _mm512_set1_epi8(0x0f)),
		_mm512_cmpgt_epi8_mask(v, _mm512_set1_epi8('9')), _mm512_and_si512(v, _mm512_set1_epi8(0x0f)),
		_mm512_set1_epi8(9));
	/* Escape k's digits as bytes 4k to 4k+3, then as two bytes (16 x first + second), then as
	 * its unit in dword k (at most 10 escapes in a block). */
	const __m512i digits = _mm512_maskz_compress_epi8((escapes << 2) | (escapes << 3) | (escapes << 4)
		| (escapes << 5), nibbles);
	const __m512i utf8 = fastjson_utf8_of_units_avx512(_mm512_madd_epi16(
		_mm512_maddubs_epi16(digits, _mm512_set1_epi16(0x0110)), _mm512_set1_epi32(0x00010100)));
	/* The characters' bytes one after the other (none is zero), then each in its place. */
	const __m512i chars = _mm512_maskz_compress_epi8(_mm512_test_epi8_mask(utf8, utf8), utf8);
	const uint64_t kept = emitted | written;

	_mm512_storeu_si512((void *) out, _mm512_maskz_compress_epi8(kept,
		_mm512_mask_expand_epi8(unescaped, written, chars)));
	return out + fastjson_popcount64(kept);
}

/* Where a block of escaped text at p ends: at its last backslash among bytes 53-63, which
 * may start an escape (or pair) that the block's end cuts, or at the high half before it
 * when that backslash is a pair's low half; else after byte 63. A stop before the end (a
 * backslash run, a lone half) is found by the block's masks. Computed from the block's
 * last bytes alone, so that the next block's start does not wait for its masks (which
 * made the loop twice as slow). */
static zend_always_inline FASTJSON_TARGET_AVX512 unsigned fastjson_escaped_block_end(const unsigned char *p)
{
	const unsigned tail = (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *) (p + 48)),
		_mm_set1_epi8('\\'))) & 0xffe0;
	unsigned end, second;

	if (!tail) {
		return FASTJSON_BLOCK;
	}
	end = 48 + 63 - fastjson_clz64(tail);
	second = p[end - 3] | 0x20;
	/* "\uD8".."\uDB" (the second digit 8, 9, a or b) six bytes before */
	return p[end - 6] == '\\' && p[end - 5] == 'u' && (p[end - 4] | 0x20) == 'd'
		&& (second == '8' || second == '9' || second == 'a' || second == 'b') ? end - 6 : end;
}

FASTJSON_TARGET_AVX512 fastjson_decoded_run fastjson_decode_escapes_avx512(const unsigned char *p,
		const unsigned char *limit, unsigned char *out, unsigned char *out_end)
{
	const __m512i low_table = _mm512_load_si512((const void *) fastjson_unescaped_low);
	const __m512i high_table = _mm512_load_si512((const void *) fastjson_unescaped_high);

	while (limit - p > FASTJSON_BLOCK && out_end - out >= FASTJSON_BLOCK) {
		const __m512i v = _mm512_loadu_si512((const void *) p);
		const __m512i classes = fastjson_class7_avx512(v);
		fastjson_block_classes c;
		uint64_t stop, taken, backslash, u_escapes = 0, written = 0;
		__m512i unescaped;
		unsigned n = fastjson_escaped_block_end(p);
		bool ended;

		/* A run of eight \u escapes or more (CJK text) is faster in the caller's run decoder. */
		if (p[1] == 'u' && *p == '\\' && fastjson_u_escape_run8_ahead(p)) {
			break;
		}
		fastjson_classify_avx512(p, &c);
		if (c.backslash) {
			/* At each backslash, whether one of "\/bfnrt follows in the block (a backslash run
			 * stops it). */
			const uint64_t short_escaped = _mm512_mask_cmpeq_epi8_mask(~c.high, _mm512_and_si512(classes,
				_mm512_set1_epi8(FASTJSON_CLASS7_ESCAPE | FASTJSON_CLASS7_U)), _mm512_set1_epi8(FASTJSON_CLASS7_ESCAPE)) >> 1;

			if (c.backslash & (_mm512_mask_test_epi8_mask(~c.high, classes, _mm512_set1_epi8(FASTJSON_CLASS7_U)) >> 1)) {
				u_escapes = fastjson_u_escapes_avx512(v, classes, c.backslash, c.high, &written);
			}
			stop = c.high | fastjson_text_stops(&c, short_escaped | u_escapes);
		} else {
			stop = c.high | c.quote | c.control;
		}
		taken = n == FASTJSON_BLOCK ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
		ended = (stop & taken) != 0;
		if (UNEXPECTED(ended)) {
			/* The text ends in the block: up to its first stop, and no further block. */
			n = fastjson_ctz64(stop);
			taken = (UINT64_C(1) << n) - 1;
		}
		backslash = c.backslash & taken;
		unescaped = _mm512_mask_mov_epi8(v, backslash << 1, _mm512_permutex2var_epi8(low_table, v, high_table));
		u_escapes &= taken;
		if (!u_escapes) {
			/* Each escaped byte replaced by what it stands for, then the backslashes left out. */
			_mm512_storeu_si512((void *) out, _mm512_maskz_compress_epi8(taken & ~backslash, unescaped));
			out += n - fastjson_popcount64(backslash);
		} else {
			const uint64_t escape_bytes = u_escapes | (u_escapes << 1) | (u_escapes << 2) | (u_escapes << 3)
				| (u_escapes << 4) | (u_escapes << 5);
			out = fastjson_decode_u_block_avx512(out, v, unescaped, u_escapes, written & taken,
				taken & ~backslash & ~escape_bytes);
		}
		p += n;
		if (ended) {
			break;
		}
	}
	return (fastjson_decoded_run) {p, out};
}
#endif

#ifdef FASTJSON_HAVE_AVX2
#define FASTJSON_X32(b) { b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b }

ZEND_SET_ALIGNED(32, const fastjson_u_escape_constants fastjson_u_escape_vec) = {
	.below_digits = FASTJSON_X32('0' - 1), .above_digits = FASTJSON_X32('9' + 1),
	.below_letters = FASTJSON_X32('a' - 1), .above_letters = FASTJSON_X32('f' + 1),
	.case_bit = FASTJSON_X32(0x20), .backslash = FASTJSON_X32('\\'), .u = FASTJSON_X32('u'),
	.low_nibble = FASTJSON_X32(0x0f), .letter_from = FASTJSON_X32(0x40), .nine = FASTJSON_X32(9),
	/* maddubs weights: 16 for the first digit of a pair, 1 for the second. */
	.digit_weights = { 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1,
		16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1 },
	/* Per lane: a backslash and 'u' at bytes 0-1 and 6-7 (the rest is not compared). */
	.escape_starts = { '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, 0, 0, 0, 0,
		'\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, 0, 0, 0, 0 },
	/* Per lane: unit 0 = pair bytes 2 (high) and 4 (low), unit 1 = 8 and 10; zero above. */
	.units_to_dwords = { 4, 2, 0x80, 0x80, 10, 8, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
		4, 2, 0x80, 0x80, 10, 8, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 },
	.utf8_3_bytes = { 0, 1, 2, 4, 5, 6, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
		0, 1, 2, 4, 5, 6, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 },
	.utf8_2_bytes = { 0, 1, 4, 5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
		0, 1, 4, 5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 },
	.above_7f = { 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f },
	.above_7ff = { 0x7ff, 0x7ff, 0x7ff, 0x7ff, 0x7ff, 0x7ff, 0x7ff, 0x7ff },
	.above_d7ff = { 0xd7ff, 0xd7ff, 0xd7ff, 0xd7ff, 0xd7ff, 0xd7ff, 0xd7ff, 0xd7ff },
	.below_e000 = { 0xe000, 0xe000, 0xe000, 0xe000, 0xe000, 0xe000, 0xe000, 0xe000 },
	.low6 = { 0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f },
	.utf8_3_marks = { 0x8080e0, 0x8080e0, 0x8080e0, 0x8080e0, 0x8080e0, 0x8080e0, 0x8080e0, 0x8080e0 },
	.utf8_2_marks = { 0x80c0, 0x80c0, 0x80c0, 0x80c0, 0x80c0, 0x80c0, 0x80c0, 0x80c0 },
};

FASTJSON_LINE_ALIGNED FASTJSON_TARGET_AVX2 fastjson_decoded_run fastjson_decode_u_escapes_avx2(const unsigned char *p,
		const unsigned char *limit, unsigned char *out, unsigned char *out_end)
{
	while (limit - p >= 32 && out_end - out >= 22) {
		uint16_t units[16];
		unsigned written;
		if (fastjson_u_escapes5_avx2(p, units) < 4 || (written = fastjson_unescape_u4_avx2(out, p)) == 0) {
			break;
		}
		out += written;
		p += 24;
	}
	return (fastjson_decoded_run) {p, out};
}
#endif
