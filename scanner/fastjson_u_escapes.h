/* Runs of \uXXXX escapes, five at a time: non-Latin text as json_encode writes it by
 * default, checked and counted by the scanner (fastjson_text.c). */

#ifndef FASTJSON_U_ESCAPES_H
#define FASTJSON_U_ESCAPES_H

#include "../fastjson_simd.h"

/* Whether a run of \u escapes worth the five-at-a-time kernel starts at the \u escape p
 * (its 19 bytes readable): at least three, and another escape after them. A shorter run,
 * an emoji's pair between words, is cheaper one at a time. */
static zend_always_inline bool fastjson_u_escape_run_ahead(const unsigned char *p)
{
	return p[12] == '\\' && p[18] == '\\' && p[6] == '\\' && p[13] == 'u';
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
#endif

#endif
