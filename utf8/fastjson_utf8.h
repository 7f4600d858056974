/* Inline UTF-8 decoding of well-formed sequences, shared by the encoder and the scanner.
 * Anything it refuses is left to php_next_utf8_char(), whose failure rules ext/json follows. */

#ifndef FASTJSON_UTF8_H
#define FASTJSON_UTF8_H

#include "zend_portability.h"
#include "../fastjson_simd.h"
#include <stdint.h>
#include <stddef.h>
#include <string.h>

static zend_always_inline bool fastjson_utf8_is_trail(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/* Whether both bytes at p are trail bytes, tested at once (the same in either byte order). */
static zend_always_inline bool fastjson_utf8_are_trails2(const unsigned char *p)
{
	uint16_t pair;

	memcpy(&pair, p, 2);
	return (pair & 0xc0c0) == 0x8080;
}

/* Decodes the multibyte sequence at p (p[0] >= 0x80) when it is well-formed and ends
 * before end: no overlong form, no surrogate, nothing above U+10FFFF, exactly the set
 * php_next_utf8_char() accepts. Returns its length (2-4) and stores the code point,
 * or returns 0. */
static zend_always_inline size_t fastjson_utf8_decode_valid(
		const unsigned char *p, const unsigned char *end, uint32_t *code_point)
{
	unsigned c = p[0];
	size_t avail = (size_t)(end - p);
	uint32_t cp;

	/* Two-byte sequences first and on the straight path: the seed PR measured 20% more
	 * cycles on Cyrillic when the compiler put them behind other branches. */
	if (EXPECTED(c < 0xe0)) {
		if (c < 0xc2 || avail < 2 || !fastjson_utf8_is_trail(p[1])) {
			return 0;
		}
		*code_point = ((c & 0x1f) << 6) | (p[1] & 0x3f);
		return 2;
	}
	if (c < 0xf0) {
		if (avail < 3 || !fastjson_utf8_are_trails2(p + 1)) {
			return 0;
		}
		cp = ((c & 0x0f) << 12) | ((uint32_t)(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
		if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) {
			return 0;
		}
		*code_point = cp;
		return 3;
	}
	if (c < 0xf5) {
		if (avail < 4 || !fastjson_utf8_are_trails2(p + 1) || !fastjson_utf8_is_trail(p[3])) {
			return 0;
		}
		cp = ((uint32_t)(c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3f) << 12)
			| ((uint32_t)(p[2] & 0x3f) << 6) | (p[3] & 0x3f);
		if (cp < 0x10000 || cp > 0x10ffff) {
			return 0;
		}
		*code_point = cp;
		return 4;
	}
	return 0;
}

#ifdef FASTJSON_HAVE_SSE2
/* How many of the 16 bytes in v, from the first after skip, are ASCII bytes not in
 * ascii_stop (bits for bytes >= 0x80 are ignored) and well-formed 2- and 3-byte
 * sequences that end within the 16 (without U+2028/2029 when escape_lt). v must start at a character, or skip bytes before one: nothing those say
 * can let a later byte pass. Everything else (dirty ASCII, 4-byte and ill-formed
 * sequences) stops the count, so only the byte loop and php_next_utf8_char() ever see
 * it. Each class is a bit mask; bit i of `bad` marks a character at byte i that may
 * not go. */
static zend_always_inline unsigned fastjson_utf8_valid_prefix16_sse2(__m128i v, uint32_t ascii_stop,
		bool escape_lt, unsigned skip)
{
	/* Signed compares: 0x80-0xbf are -128..-65 and ASCII is above every byte >= 0x80. */
	const uint32_t high = (uint32_t) _mm_movemask_epi8(v);
	const uint32_t trail = (uint32_t) _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8((char) 0xc0)));
	const uint32_t lead = (uint32_t) _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8((char) 0xc1))) & high;
	const uint32_t lead3 = (uint32_t) _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8((char) 0xdf))) & high;
	const uint32_t lead4 = (uint32_t) _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8((char) 0xef))) & high;
	const __m128i is_e0 = _mm_cmpeq_epi8(v, _mm_set1_epi8((char) 0xe0));
	const __m128i is_ed = _mm_cmpeq_epi8(v, _mm_set1_epi8((char) 0xed));
	uint32_t bad = (ascii_stop & ~high)
		| (high & ~trail & ~lead)                   /* C0, C1 */
		| lead4                                     /* 4-byte sequences and F5-FF */
		| (lead & ~(trail >> 1))
		| (lead3 & ~(trail >> 2))
		| (trail & ~((lead << 1) | (lead3 << 2)));  /* a trail byte no lead asked for */

	if (UNEXPECTED(_mm_movemask_epi8(_mm_or_si128(is_e0, is_ed)))) {
		/* After E0 a byte below A0 makes an overlong form, after ED one from A0 a surrogate. */
		const uint32_t e0 = (uint32_t) _mm_movemask_epi8(is_e0);
		const uint32_t ed = (uint32_t) _mm_movemask_epi8(is_ed);
		const uint32_t next_ge_a0 = (uint32_t) _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8((char) 0x9f))) >> 1;
		bad |= (e0 & ~next_ge_a0) | (ed & next_ge_a0);
	}

	if (escape_lt) {
		/* E2 80 A8 and E2 80 A9 */
		const uint32_t e2 = (uint32_t) _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char) 0xe2)));
		const uint32_t x80 = (uint32_t) _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char) 0x80)));
		const uint32_t a8 = (uint32_t) _mm_movemask_epi8(
			_mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(1)), _mm_set1_epi8((char) 0xa9)));
		bad |= e2 & (x80 >> 1) & (a8 >> 2);
	}
	return fastjson_ctz32((bad | 0x10000) >> skip);
}
#endif

#ifdef FASTJSON_HAVE_AVX2
/* ---- well-formed UTF-8 by nibble lookups, 32 bytes at a time ----------------------------
 * Each pair of a byte and the one before it is looked up by three nibbles (the earlier
 * byte's high and low, the later one's high); each table gives the errors its nibble
 * allows, and the pair is wrong where all three agree. A trail byte after a trail byte
 * is right exactly where a 3- or 4-byte lead stands two or three bytes back, which one
 * saturating subtraction per distance finds. The method of Keiser and Lemire,
 * "Validating UTF-8 in less than one instruction per byte" (2021). */
enum {
	FASTJSON_UTF8_TOO_SHORT = 1 << 0,    /* a lead, then no trail byte */
	FASTJSON_UTF8_TOO_LONG = 1 << 1,     /* ASCII, then a trail byte */
	FASTJSON_UTF8_OVERLONG_3 = 1 << 2,   /* E0 80-9F */
	FASTJSON_UTF8_TOO_LARGE = 1 << 3,    /* F4 90-BF, F5-FF 90-BF */
	FASTJSON_UTF8_SURROGATE = 1 << 4,    /* ED A0-BF */
	FASTJSON_UTF8_OVERLONG_2 = 1 << 5,   /* C0-C1 80-BF */
	FASTJSON_UTF8_OVERLONG_4 = 1 << 6,   /* F0 80-8F, and F5-FF 80-8F */
	FASTJSON_UTF8_TWO_TRAILS = 1 << 7    /* a trail byte after a trail byte */
};

#define FASTJSON_UTF8_AFTER_ANY (FASTJSON_UTF8_TOO_SHORT | FASTJSON_UTF8_TOO_LONG | FASTJSON_UTF8_TWO_TRAILS)
#define FASTJSON_UTF8_AFTER_F5 (FASTJSON_UTF8_AFTER_ANY | FASTJSON_UTF8_TOO_LARGE | FASTJSON_UTF8_OVERLONG_4)

/* The errors each nibble allows, by the nibble: the first byte's high one, its low one,
 * the second byte's high one (0-7 and C-F are not trail bytes; 8, 9 and A-B are, each
 * with the errors its range completes). */
static ZEND_SET_ALIGNED(16, const uint8_t fastjson_utf8_first_high[16]) = {
	FASTJSON_UTF8_TOO_LONG, FASTJSON_UTF8_TOO_LONG, FASTJSON_UTF8_TOO_LONG, FASTJSON_UTF8_TOO_LONG,
	FASTJSON_UTF8_TOO_LONG, FASTJSON_UTF8_TOO_LONG, FASTJSON_UTF8_TOO_LONG, FASTJSON_UTF8_TOO_LONG,
	FASTJSON_UTF8_TWO_TRAILS, FASTJSON_UTF8_TWO_TRAILS, FASTJSON_UTF8_TWO_TRAILS, FASTJSON_UTF8_TWO_TRAILS,
	FASTJSON_UTF8_TOO_SHORT | FASTJSON_UTF8_OVERLONG_2, FASTJSON_UTF8_TOO_SHORT,
	FASTJSON_UTF8_TOO_SHORT | FASTJSON_UTF8_OVERLONG_3 | FASTJSON_UTF8_SURROGATE,
	FASTJSON_UTF8_TOO_SHORT | FASTJSON_UTF8_TOO_LARGE | FASTJSON_UTF8_OVERLONG_4};
static ZEND_SET_ALIGNED(16, const uint8_t fastjson_utf8_first_low[16]) = {
	FASTJSON_UTF8_AFTER_ANY | FASTJSON_UTF8_OVERLONG_2 | FASTJSON_UTF8_OVERLONG_3 | FASTJSON_UTF8_OVERLONG_4,
	FASTJSON_UTF8_AFTER_ANY | FASTJSON_UTF8_OVERLONG_2, FASTJSON_UTF8_AFTER_ANY, FASTJSON_UTF8_AFTER_ANY,
	FASTJSON_UTF8_AFTER_ANY | FASTJSON_UTF8_TOO_LARGE, FASTJSON_UTF8_AFTER_F5, FASTJSON_UTF8_AFTER_F5,
	FASTJSON_UTF8_AFTER_F5, FASTJSON_UTF8_AFTER_F5, FASTJSON_UTF8_AFTER_F5, FASTJSON_UTF8_AFTER_F5,
	FASTJSON_UTF8_AFTER_F5, FASTJSON_UTF8_AFTER_F5, FASTJSON_UTF8_AFTER_F5 | FASTJSON_UTF8_SURROGATE,
	FASTJSON_UTF8_AFTER_F5, FASTJSON_UTF8_AFTER_F5};
static ZEND_SET_ALIGNED(16, const uint8_t fastjson_utf8_second_high[16]) = {
	FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT,
	FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT,
	FASTJSON_UTF8_TOO_LONG | FASTJSON_UTF8_TWO_TRAILS | FASTJSON_UTF8_OVERLONG_2 | FASTJSON_UTF8_OVERLONG_3
		| FASTJSON_UTF8_OVERLONG_4,
	FASTJSON_UTF8_TOO_LONG | FASTJSON_UTF8_TWO_TRAILS | FASTJSON_UTF8_OVERLONG_2 | FASTJSON_UTF8_OVERLONG_3
		| FASTJSON_UTF8_TOO_LARGE,
	FASTJSON_UTF8_TOO_LONG | FASTJSON_UTF8_TWO_TRAILS | FASTJSON_UTF8_OVERLONG_2 | FASTJSON_UTF8_SURROGATE
		| FASTJSON_UTF8_TOO_LARGE,
	FASTJSON_UTF8_TOO_LONG | FASTJSON_UTF8_TWO_TRAILS | FASTJSON_UTF8_OVERLONG_2 | FASTJSON_UTF8_SURROGATE
		| FASTJSON_UTF8_TOO_LARGE,
	FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT, FASTJSON_UTF8_TOO_SHORT};

/* A 16-byte table in both lanes. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m256i fastjson_utf8_table_avx2(const uint8_t *table)
{
	return _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *) table));
}

/* Non-zero bytes where the 32 bytes of v, after the 32 of before, are not well-formed
 * UTF-8, except that the last character may be cut by the end of v (the caller looks at
 * that). With before zero, v must start at a character. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m256i fastjson_utf8_errors32_avx2(__m256i v, __m256i before)
{
	const __m256i nibble = _mm256_set1_epi8(0x0f);
	/* The bytes 1, 2 and 3 before each byte of v. */
	const __m256i across = _mm256_permute2x128_si256(before, v, 0x21);
	const __m256i prev1 = _mm256_alignr_epi8(v, across, 15);
	const __m256i prev2 = _mm256_alignr_epi8(v, across, 14);
	const __m256i prev3 = _mm256_alignr_epi8(v, across, 13);
	const __m256i pairs = _mm256_and_si256(_mm256_and_si256(
			_mm256_shuffle_epi8(fastjson_utf8_table_avx2(fastjson_utf8_first_high),
				_mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble)),
			_mm256_shuffle_epi8(fastjson_utf8_table_avx2(fastjson_utf8_first_low), _mm256_and_si256(prev1, nibble))),
		_mm256_shuffle_epi8(fastjson_utf8_table_avx2(fastjson_utf8_second_high),
			_mm256_and_si256(_mm256_srli_epi16(v, 4), nibble)));
	/* Bit 7 where a lead E0+ stands two bytes back or F0+ three: a third or fourth byte. */
	const __m256i later_trail = _mm256_and_si256(_mm256_or_si256(
			_mm256_subs_epu8(prev2, _mm256_set1_epi8((char) (0xe0 - 0x80))),
			_mm256_subs_epu8(prev3, _mm256_set1_epi8((char) (0xf0 - 0x80)))),
		_mm256_set1_epi8((char) 0x80));

	return _mm256_xor_si256(pairs, later_trail);
}

/* fastjson_utf8_errors32_avx2() for the 16 bytes of v, from a character on. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m128i fastjson_utf8_errors16_avx2(__m128i v)
{
	const __m128i nibble = _mm_set1_epi8(0x0f);
	const __m128i prev1 = _mm_slli_si128(v, 1);
	const __m128i pairs = _mm_and_si128(_mm_and_si128(
			_mm_shuffle_epi8(_mm_load_si128((const __m128i *) fastjson_utf8_first_high),
				_mm_and_si128(_mm_srli_epi16(prev1, 4), nibble)),
			_mm_shuffle_epi8(_mm_load_si128((const __m128i *) fastjson_utf8_first_low), _mm_and_si128(prev1, nibble))),
		_mm_shuffle_epi8(_mm_load_si128((const __m128i *) fastjson_utf8_second_high),
			_mm_and_si128(_mm_srli_epi16(v, 4), nibble)));
	const __m128i later_trail = _mm_and_si128(_mm_or_si128(
			_mm_subs_epu8(_mm_slli_si128(v, 2), _mm_set1_epi8((char) (0xe0 - 0x80))),
			_mm_subs_epu8(_mm_slli_si128(v, 3), _mm_set1_epi8((char) (0xf0 - 0x80)))),
		_mm_set1_epi8((char) 0x80));

	return _mm_xor_si128(pairs, later_trail);
}

/* fastjson_utf8_cut32_avx2() for the 16 bytes of v. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_utf8_cut16_avx2(__m128i v)
{
	const __m128i bound = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
		(char) 0xef, (char) 0xdf, (char) 0xbf);
	const uint32_t cut = ~(uint32_t) _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(v, bound), _mm_setzero_si128()))
		& 0xffff;

	return cut ? 16 - fastjson_ctz32(cut) : 0;
}

/* Whether the 32 bytes at v, from a character on, are well-formed UTF-8 but for a last
 * character that the end of v may cut. */
static zend_always_inline FASTJSON_TARGET_AVX2 bool fastjson_utf8_valid32_avx2(__m256i v)
{
	const __m256i errors = fastjson_utf8_errors32_avx2(v, _mm256_setzero_si256());

	return _mm256_testz_si256(errors, errors);
}

/* How many bytes at the end of v, well-formed from a character on, belong to a character
 * that goes on past it: 0-3. Only the lead of that character passes the bound of its
 * place (the last byte: BF, the one before: DF, the one before that: EF). */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_utf8_cut32_avx2(__m256i v)
{
	const __m256i bound = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
		-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, (char) 0xef, (char) 0xdf, (char) 0xbf);
	const uint32_t cut = ~(uint32_t) _mm256_movemask_epi8(
		_mm256_cmpeq_epi8(_mm256_subs_epu8(v, bound), _mm256_setzero_si256()));

	return cut ? 32 - fastjson_ctz32(cut) : 0;
}

# ifdef FASTJSON_HAVE_AVX512
/* A 16-byte table in all four lanes. */
static zend_always_inline FASTJSON_TARGET_AVX512 __m512i fastjson_utf8_table_avx512(const uint8_t *table)
{
	return _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *) table));
}

/* fastjson_utf8_errors32_avx2() over 64 bytes, as a mask: bit i set where byte i of v,
 * after the 64 of before, is not well-formed UTF-8, but for a last character that the
 * end of v may cut. */
static zend_always_inline FASTJSON_TARGET_AVX512 uint64_t fastjson_utf8_errors64_avx512(__m512i v, __m512i before)
{
	const __m512i nibble = _mm512_set1_epi8(0x0f);
	/* Each 16-byte lane of v after the one before it (before's last for the first). */
	const __m512i across = _mm512_alignr_epi64(v, before, 6);
	const __m512i prev1 = _mm512_alignr_epi8(v, across, 15);
	const __m512i prev2 = _mm512_alignr_epi8(v, across, 14);
	const __m512i prev3 = _mm512_alignr_epi8(v, across, 13);
	/* 0x80: a & b & c */
	const __m512i pairs = _mm512_ternarylogic_epi32(
		_mm512_shuffle_epi8(fastjson_utf8_table_avx512(fastjson_utf8_first_high),
			_mm512_and_si512(_mm512_srli_epi16(prev1, 4), nibble)),
		_mm512_shuffle_epi8(fastjson_utf8_table_avx512(fastjson_utf8_first_low), _mm512_and_si512(prev1, nibble)),
		_mm512_shuffle_epi8(fastjson_utf8_table_avx512(fastjson_utf8_second_high),
			_mm512_and_si512(_mm512_srli_epi16(v, 4), nibble)),
		0x80);
	/* Bit 7 where a lead E0+ stands two bytes back or F0+ three: a third or fourth byte. */
	const __m512i later_trail = _mm512_and_si512(_mm512_or_si512(
			_mm512_subs_epu8(prev2, _mm512_set1_epi8((char) (0xe0 - 0x80))),
			_mm512_subs_epu8(prev3, _mm512_set1_epi8((char) (0xf0 - 0x80)))),
		_mm512_set1_epi8((char) 0x80));

	return _mm512_test_epi8_mask(_mm512_xor_si512(pairs, later_trail), _mm512_set1_epi8((char) 0xff));
}

/* fastjson_utf8_cut32_avx2() of 64 bytes. */
static zend_always_inline FASTJSON_TARGET_AVX512 unsigned fastjson_utf8_cut64_avx512(__m512i v)
{
	const uint64_t cut = _mm512_mask_cmpgt_epu8_mask(UINT64_C(7) << 61, v,
		_mm512_set_epi32((int) 0xbfdfefff, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));

	return cut ? 64 - fastjson_ctz64(cut) : 0;
}
# endif
#endif

/* ---- well-formed UTF-8 by bit masks, 64 bytes at a time (the structural stage's
 * blocks, the encoder's short strings) ---------------------------------------------------- */

/* A block's bytes from 0x80 by class, for the vector paths' UTF-8 check. ge_a0 and ge_90
 * may also be set for ASCII: they are only looked at where a trail byte is required. */
typedef struct {
	uint64_t trail;     /* 80-BF */
	uint64_t lead2;     /* C2 and above */
	uint64_t lead3;     /* E0 and above */
	uint64_t lead4;     /* F0 and above */
	uint64_t above_f4;  /* F5-FF */
	uint64_t e0, ed, f0, f4;
	uint64_t ge_a0, ge_90;
} fastjson_utf8_classes;

/* Well-formed UTF-8 by masks: each lead byte asks for its trail bytes, and the trail
 * bytes are exactly those asked for; C0, C1 and F5-FF are never allowed; after E0 the
 * trail is from A0 (no overlong form), after ED below A0 (no surrogate), after F0 from
 * 90 (no overlong form), after F4 below 90 (nothing above U+10FFFF). */
/* The bytes where a block's UTF-8 goes wrong, given the trail bytes the previous block's
 * last character asks of this one (trails) and whether it was E0, ED, F0 or F4 (after,
 * bits 0-3): a byte that may never appear, a trail byte no lead asked for, or a byte
 * that is not the trail byte a lead asked for. */
static zend_always_inline uint64_t fastjson_utf8_bad_bytes(uint64_t high, const fastjson_utf8_classes *u,
		uint64_t required, unsigned after)
{
	return (high & ~u->trail & ~u->lead2) | u->above_f4 | (u->trail ^ required)
		| (((u->e0 << 1) | (after & 1)) & ~u->ge_a0)
		| (((u->ed << 1) | ((after >> 1) & 1)) & u->ge_a0)
		| (((u->f0 << 1) | ((after >> 2) & 1)) & ~u->ge_90)
		| (((u->f4 << 1) | ((after >> 3) & 1)) & u->ge_90);
}

/* The trail bytes a block's leads (from C2, E0 and F0) ask of it (those beyond it are cut
 * off). */
static zend_always_inline uint64_t fastjson_utf8_required_by(uint64_t lead2, uint64_t lead3, uint64_t lead4)
{
	return (lead2 << 1) | (lead3 << 2) | (lead4 << 3);
}

static zend_always_inline uint64_t fastjson_utf8_required(const fastjson_utf8_classes *u)
{
	return fastjson_utf8_required_by(u->lead2, u->lead3, u->lead4);
}

/* The leads of the characters a block's end cuts (their trail bytes past byte 63). */
static zend_always_inline uint64_t fastjson_utf8_cut_leads_of(uint64_t lead2, uint64_t lead3, uint64_t lead4)
{
	return (lead2 & (UINT64_C(1) << 63)) | (lead3 & (UINT64_C(3) << 62)) | (lead4 & (UINT64_C(7) << 61));
}

static zend_always_inline uint64_t fastjson_utf8_cut_leads(const fastjson_utf8_classes *u)
{
	return fastjson_utf8_cut_leads_of(u->lead2, u->lead3, u->lead4);
}

/* What the block's last character asks of the next block: its first bytes that must be
 * trail bytes, and whether its lead was E0, ED, F0 or F4 (bits 0-3), as
 * fastjson_utf8_bad_bytes() takes them. */
static zend_always_inline uint64_t fastjson_utf8_trails_after(const fastjson_utf8_classes *u)
{
	return (u->lead2 >> 63) | (u->lead3 >> 62) | (u->lead4 >> 61);
}

static zend_always_inline unsigned fastjson_utf8_lead_after(const fastjson_utf8_classes *u)
{
	return (unsigned) ((u->e0 >> 63) | ((u->ed >> 63) << 1) | ((u->f0 >> 63) << 2) | ((u->f4 >> 63) << 3));
}

/* A path's UTF-8 classes of the 64 bytes at bytes (after high: those from 0x80), with its
 * compares: BYTES64(p, op, c) is the mask of the bytes at p for which op(byte, c). The
 * byte-exact classes only when a 3- or 4-byte lead is there or, with carried, may have
 * been in the block before. */
#define FASTJSON_UTF8_CLASSES(BYTES64, GT, LT, EQ) do { \
		u->trail = BYTES64(bytes, LT, 0xc0); \
		u->lead2 = BYTES64(bytes, GT, 0xc1) & high; \
		u->lead3 = BYTES64(bytes, GT, 0xdf) & high; \
		u->lead4 = u->lead3 ? BYTES64(bytes, GT, 0xef) & high : 0; \
		u->above_f4 = u->lead4 ? BYTES64(bytes, GT, 0xf4) & high : 0; \
		if (u->lead3 || carried) { \
			u->e0 = BYTES64(bytes, EQ, 0xe0); \
			u->ed = BYTES64(bytes, EQ, 0xed); \
			u->f0 = u->lead4 ? BYTES64(bytes, EQ, 0xf0) : 0; \
			u->f4 = u->lead4 ? BYTES64(bytes, EQ, 0xf4) : 0; \
			u->ge_a0 = BYTES64(bytes, GT, 0x9f); \
			/* Only F0 and F4 look at it, here or carried. */ \
			u->ge_90 = u->lead4 || carried ? BYTES64(bytes, GT, 0x8f) : 0; \
		} else { \
			u->e0 = u->ed = u->f0 = u->f4 = u->ge_a0 = u->ge_90 = 0; \
		} \
	} while (0)

#endif
