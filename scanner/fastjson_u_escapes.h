/* Runs of \uXXXX escapes, several at a time: non-Latin text as json_encode writes it by
 * default, checked and decoded by the one-pass string decoder (fastjson_text.c) and
 * unescaped by the decoder (fastjson_parser.c). */

#ifndef FASTJSON_U_ESCAPES_H
#define FASTJSON_U_ESCAPES_H

#include "../fastjson_simd.h"

/* Whether seven more escapes follow the \u escape p (its 43 bytes readable): a run that
 * pays for the four-at-a-time decoder (CJK text; a word of Cyrillic does not). One
 * branch for the seven tests: they would mispredict with each word's length. */
static zend_always_inline bool fastjson_u_escape_run8_ahead(const unsigned char *p)
{
	return ((p[6] ^ '\\') | (p[12] ^ '\\') | (p[18] ^ '\\') | (p[24] ^ '\\') | (p[30] ^ '\\') | (p[36] ^ '\\')
		| (p[42] ^ '\\')) == 0;
}

/* Whether the \u escape p (its next 6 bytes readable) starts text that the AVX-512 block
 * decoder takes faster than one escape at a time: another escape follows directly (a
 * word, a pair), and it is below U+1000 (Cyrillic, Greek, Hebrew, Arabic: words of
 * two-byte characters) or a surrogate half (emoji). A lone escape in Latin text (an
 * apostrophe, an accent) costs less alone, and so does CJK text, three UTF-8 bytes per
 * escape in long runs. */
static zend_always_inline bool fastjson_u_escape_dense(const unsigned char *p)
{
	return p[6] == '\\' && (p[2] == '0' || (p[2] | 0x20) == 'd');
}

#ifdef FASTJSON_HAVE_AVX2
/* Bit 6k for k = 0..4: where the five escapes of a 32-byte window start. */
# define FASTJSON_U_ESCAPE_SLOTS UINT32_C(0x01041041)

/* The kernel's constants, loaded from memory: built in registers (a broadcast each), they
 * cost a short run more than its escapes. */
typedef struct {
	unsigned char below_digits[32], above_digits[32], below_letters[32], above_letters[32];
	unsigned char case_bit[32], backslash[32], u[32], low_nibble[32], letter_from[32], nine[32];
	unsigned char digit_weights[32];
	/* For fastjson_unescape_u4_avx2(): each lane's two escapes. */
	unsigned char escape_starts[32], units_to_dwords[32], utf8_3_bytes[32], utf8_2_bytes[32];
	uint32_t above_7f[8], above_7ff[8], above_d7ff[8], below_e000[8], low6[8], utf8_3_marks[8], utf8_2_marks[8];
} fastjson_u_escape_constants;

extern const fastjson_u_escape_constants fastjson_u_escape_vec;

# define FASTJSON_U_ESCAPE_VEC(name) _mm256_loadu_si256((const __m256i *) fastjson_u_escape_vec.name)

/* The five escapes the 32 bytes at p may start: how many of the first are a backslash, 'u'
 * and four hexadecimal digits (0 to 5), and in units, 16 words, their code units' bytes:
 * escape k's unit is units[3k + 1] << 8 | units[3k + 2]. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_u_escapes5_avx2(const unsigned char *p,
		uint16_t units[16])
{
	__m256i v = _mm256_loadu_si256((const __m256i *) p);
	__m256i lower = _mm256_or_si256(v, FASTJSON_U_ESCAPE_VEC(case_bit));
	/* Signed compares: bytes from 0x80 are negative and fail both ranges. */
	__m256i digit = _mm256_and_si256(_mm256_cmpgt_epi8(v, FASTJSON_U_ESCAPE_VEC(below_digits)),
		_mm256_cmpgt_epi8(FASTJSON_U_ESCAPE_VEC(above_digits), v));
	__m256i letter = _mm256_and_si256(_mm256_cmpgt_epi8(lower, FASTJSON_U_ESCAPE_VEC(below_letters)),
		_mm256_cmpgt_epi8(FASTJSON_U_ESCAPE_VEC(above_letters), lower));
	uint32_t hex = (uint32_t) _mm256_movemask_epi8(_mm256_or_si256(digit, letter));
	uint32_t backslash = (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, FASTJSON_U_ESCAPE_VEC(backslash)));
	uint32_t u = (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, FASTJSON_U_ESCAPE_VEC(u)));
	/* Bytes 30 and 31 are never well-formed, so the first bad byte is at most byte 30. */
	uint32_t well_formed = (backslash & FASTJSON_U_ESCAPE_SLOTS) | (u & (FASTJSON_U_ESCAPE_SLOTS << 1))
		| (hex & (FASTJSON_U_ESCAPE_SLOTS * 0x3c));
	/* A digit's value: its low nibble, plus 9 for a letter (bit 6 set). */
	__m256i nibbles = _mm256_add_epi8(_mm256_and_si256(v, FASTJSON_U_ESCAPE_VEC(low_nibble)),
		_mm256_and_si256(_mm256_cmpgt_epi8(v, FASTJSON_U_ESCAPE_VEC(letter_from)), FASTJSON_U_ESCAPE_VEC(nine)));

	/* Each pair of digits as one byte: 16 times the first plus the second. */
	_mm256_storeu_si256((__m256i *) units, _mm256_maddubs_epi16(nibbles, FASTJSON_U_ESCAPE_VEC(digit_weights)));
	return fastjson_ctz32(~well_formed) / 6;
}

/* The first lane_bytes bytes of each lane of bytes, put in order, one lane after the other
 * at out (16 + lane_bytes bytes of room); returns how many that is. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_store_lane_prefixes_avx2(unsigned char *out,
		__m256i bytes, __m256i order, unsigned lane_bytes)
{
	bytes = _mm256_shuffle_epi8(bytes, order);
	_mm_storeu_si128((__m128i *) out, _mm256_castsi256_si128(bytes));
	_mm_storeu_si128((__m128i *) (out + lane_bytes), _mm256_extracti128_si256(bytes, 1));
	return 2 * lane_bytes;
}

/* Four \u escapes at p (28 bytes readable), when they are, of one UTF-8 length, 2 or 3
 * bytes (Cyrillic, Greek, CJK...), as UTF-8 at out (22 bytes of room): returns how many
 * bytes it wrote, or 0 (fewer escapes, 1-byte units, surrogates, mixed lengths: the
 * caller takes them one at a time). Well-formed: the scanner checked the string. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_unescape_u4_avx2(unsigned char *out,
		const unsigned char *p)
{
	/* Escapes 0-1 in the low lane, 2-3 in the high one, at the same places: the shuffles
	 * stay within lanes. */
	__m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) p)),
		_mm_loadu_si128((const __m128i *) (p + 12)), 1);
	__m256i nibbles, units, high_bits;
	unsigned above_7f, above_7ff, surrogate;

	if (((unsigned) _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, FASTJSON_U_ESCAPE_VEC(escape_starts)))
			& UINT32_C(0x00c300c3)) != UINT32_C(0x00c300c3)) {
		return 0;
	}
	nibbles = _mm256_add_epi8(_mm256_and_si256(v, FASTJSON_U_ESCAPE_VEC(low_nibble)),
		_mm256_and_si256(_mm256_cmpgt_epi8(v, FASTJSON_U_ESCAPE_VEC(letter_from)), FASTJSON_U_ESCAPE_VEC(nine)));
	/* Digit pairs as bytes (2 and 4, 8 and 10 of a lane), then each unit in dwords 0 and 1. */
	units = _mm256_shuffle_epi8(_mm256_maddubs_epi16(nibbles, FASTJSON_U_ESCAPE_VEC(digit_weights)),
		FASTJSON_U_ESCAPE_VEC(units_to_dwords));
	/* Dwords 0, 1, 4 and 5 hold the units: bits 0x33 of the masks. */
	above_7f = (unsigned) _mm256_movemask_ps(_mm256_castsi256_ps(
		_mm256_cmpgt_epi32(units, FASTJSON_U_ESCAPE_VEC(above_7f)))) & 0x33;
	above_7ff = (unsigned) _mm256_movemask_ps(_mm256_castsi256_ps(
		_mm256_cmpgt_epi32(units, FASTJSON_U_ESCAPE_VEC(above_7ff)))) & 0x33;
	surrogate = (unsigned) _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(
		_mm256_cmpgt_epi32(units, FASTJSON_U_ESCAPE_VEC(above_d7ff)),
		_mm256_cmpgt_epi32(FASTJSON_U_ESCAPE_VEC(below_e000), units)))) & 0x33;
	if (above_7ff == 0x33 && !surrogate) {
		/* E0|u>>12, 80|(u>>6)&3F, 80|u&3F in the low three bytes of each dword. */
		high_bits = _mm256_or_si256(_mm256_srli_epi32(units, 12),
			_mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(units, 6), FASTJSON_U_ESCAPE_VEC(low6)), 8));
		units = _mm256_or_si256(_mm256_or_si256(high_bits, FASTJSON_U_ESCAPE_VEC(utf8_3_marks)),
			_mm256_slli_epi32(_mm256_and_si256(units, FASTJSON_U_ESCAPE_VEC(low6)), 16));
		return fastjson_store_lane_prefixes_avx2(out, units, FASTJSON_U_ESCAPE_VEC(utf8_3_bytes), 6);
	}
	if (above_7f == 0x33 && !above_7ff) {
		/* C0|u>>6, 80|u&3F in the low two bytes of each dword. */
		units = _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi32(units, 6), FASTJSON_U_ESCAPE_VEC(utf8_2_marks)),
			_mm256_slli_epi32(_mm256_and_si256(units, FASTJSON_U_ESCAPE_VEC(low6)), 8));
		return fastjson_store_lane_prefixes_avx2(out, units, FASTJSON_U_ESCAPE_VEC(utf8_2_bytes), 4);
	}
	return 0;
}
#endif

#endif
