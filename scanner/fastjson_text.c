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
#define FASTJSON_SKIP_TEXT(classify, utf8_classes, short_escape_chars) do { \
		while (limit - p > FASTJSON_BLOCK) { \
			fastjson_block_classes c; \
			uint64_t stop; \
			classify(p, &c); \
			stop = c.backslash ? fastjson_text_stops(&c, short_escape_chars(p + 1)) : c.quote | c.control; \
			if (c.high) { \
				fastjson_utf8_classes u; \
				unsigned n; \
				utf8_classes(p, c.high, false, &u); \
				n = fastjson_text_prefix64(stop, c.high, &u); \
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

#define FASTJSON_TEXT_PATH(path, target) \
	target const unsigned char *fastjson_skip_utf8_text_##path( \
			const unsigned char *p, const unsigned char *limit, size_t *saved) \
	{ \
		FASTJSON_SKIP_TEXT(fastjson_classify_##path, fastjson_utf8_classes_##path, \
			fastjson_short_escape_chars_##path); \
		return p; \
	} \
	target const unsigned char *fastjson_skip_short_escapes_##path( \
			const unsigned char *p, const unsigned char *limit, size_t *saved) \
	{ \
		FASTJSON_SKIP_SHORT_ESCAPES(fastjson_classify_##path, fastjson_short_escape_chars_##path, \
			fastjson_skip_utf8_text_##path); \
		return p; \
	}

#ifdef FASTJSON_HAVE_AVX2
FASTJSON_TEXT_PATH(avx2, FASTJSON_TARGET_AVX2)

FASTJSON_TARGET_AVX2 const unsigned char *fastjson_skip_escaped_text_avx2(const unsigned char *p,
		const unsigned char *limit, size_t *saved)
{
	FASTJSON_SKIP_ESCAPED_TEXT(fastjson_classify_avx2, fastjson_short_escape_chars_avx2, FASTJSON_BYTES64_AVX2,
		FASTJSON_GT_AVX2, FASTJSON_LT_AVX2, FASTJSON_EQ_AVX2);
	return p;
}
#endif
#ifdef FASTJSON_HAVE_AVX512
FASTJSON_TEXT_PATH(avx512, FASTJSON_TARGET_AVX512)

FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_escaped_text_avx512(const unsigned char *p,
		const unsigned char *limit, size_t *saved)
{
	FASTJSON_SKIP_ESCAPED_TEXT(fastjson_classify_avx512, fastjson_short_escape_chars_avx512, FASTJSON_BYTES64_AVX512,
		FASTJSON_GT_AVX512, FASTJSON_LT_AVX512, FASTJSON_EQ_AVX512);
	return p;
}
#endif
#ifdef FASTJSON_HAVE_NEON
FASTJSON_TEXT_PATH(neon, )
#endif

#ifdef FASTJSON_HAVE_AVX512
/* Most non-Latin strings are short (a name, a word, a line): while a string's text goes
 * on, each 64-byte block is checked in one step here (its stops are the quote, backslash
 * and control bytes, not the text skip's escape masks), and one that holds the closing
 * quote with well-formed UTF-8 before it ends the string; at anything else the text skip
 * goes on from there. */
FASTJSON_TARGET_AVX512 const unsigned char *fastjson_skip_utf8_string_avx512(const unsigned char *p,
		const unsigned char *limit, size_t *saved)
{
	while (limit - p > FASTJSON_BLOCK) {
		const __m512i bytes = _mm512_loadu_si512((const void *) p);
		const uint64_t stop = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8('"'))
			| _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8('\\'))
			| _mm512_cmplt_epu8_mask(bytes, _mm512_set1_epi8(0x20));
		const uint64_t high = _mm512_movepi8_mask(bytes);
		fastjson_utf8_classes u;
		unsigned n;

		fastjson_utf8_classes_avx512(p, high, false, &u);
		if (stop) {
			const unsigned end = fastjson_ctz64(stop);
			/* The bytes up to the stop, which a character before it may not ask for. */
			const uint64_t upto = (UINT64_C(2) << end) - 1;

			if (p[end] == '"' && !(fastjson_utf8_bad_bytes(high, &u, fastjson_utf8_required(&u), 0) & upto)) {
				return p + end;
			}
			break;
		}
		/* Text throughout: on up to a character the block's end cuts, if well-formed. */
		n = fastjson_text_prefix64(0, high, &u);
		p += n;
		if (n < FASTJSON_BLOCK - 3) {
			break;
		}
	}
	return fastjson_skip_utf8_text_avx512(p, limit, saved);
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

FASTJSON_TARGET_AVX512 fastjson_decoded_run fastjson_decode_short_escapes_avx512(const unsigned char *p,
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

FASTJSON_TARGET_AVX2 fastjson_decoded_run fastjson_decode_u_escapes_avx2(const unsigned char *p,
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
