/* The structural stage: reads the input 64 bytes at a time into bit masks (one bit per
 * byte), finds which bytes lie inside strings and which start a token, and checks what
 * can be checked byte by byte: control characters and escapes in strings, UTF-8.
 *
 * It only ever vouches for input that ext/json accepts. Anything else, or anything it
 * does not handle, makes it give up, and the exact scanner then reads the input from the
 * start and reports ext/json's error, message and location. So a reader built on it
 * needs no error paths of its own beyond "give up".
 *
 * The block functions are inline so that each reader instantiates them once per SIMD
 * path (see fastjson_structural_loop.h). Only the readers include this file. */

#ifndef FASTJSON_STAGE1_H
#define FASTJSON_STAGE1_H

#include "php.h"
#include "../fastjson_simd.h"
#include "../utf8/fastjson_utf8.h"
#include "fastjson_scanner.h"

#define FASTJSON_BLOCK 64
/* How far ahead of the block it reads the input is fetched: 16 blocks, measured best of
 * 4, 16 and 32 on documents of 0.25-3.3 MB. */
#define FASTJSON_PREFETCH_AHEAD (16 * FASTJSON_BLOCK)

/* The out-of-line checks of a block (escapes, UTF-8), one per SIMD path: each reader
 * that includes this file calls those it needs. */
#define FASTJSON_STAGE1_CHECK static zend_never_inline ZEND_ATTRIBUTE_UNUSED
/* The vector paths' escape checks, inline: a call from the block loop would spill and
 * reload its vector registers, which cost escape-dense text more than the check. */
#define FASTJSON_STAGE1_INLINE_CHECK static zend_always_inline

/* Bytes of one block by class: bit i for byte i. */
typedef struct {
	uint64_t backslash;
	uint64_t quote;
	uint64_t op;      /* , : [ ] { } */
	uint64_t separator; /* op and JSON whitespace: what ends a number or literal */
	uint64_t control; /* below 0x20 */
	uint64_t high;    /* 0x80 and above */
} fastjson_block_classes;

/* What the token masks carry from one block to the next. Kept apart from fastjson_stage1,
 * whose address the out-of-line checks take, so that these stay in registers. */
typedef struct {
	uint64_t in_string;       /* all ones when the last block ended inside a string */
	uint64_t escaped;         /* 1 when the next block's first byte is escaped */
	uint64_t scalar;          /* 1 when the last block ended inside a number or literal */
	bool string_only;         /* the last block lay wholly inside one string */
} fastjson_stage1_carry;

/* What the checks carry from one block to the next. */
typedef struct {
	const unsigned char *end; /* the input's terminating NUL */
	/* The scalar path's UTF-8 check: well-formed up to here (a character may end in a
	 * later block). */
	const unsigned char *utf8_checked;
	/* The vector paths' UTF-8 check: the next block's first bytes that must be trail
	 * bytes, and whether its first byte follows E0, ED, F0 or F4 (bits 0-3). */
	uint64_t utf8_trails;
	unsigned utf8_after;
	/* The 'u' of the low half of a surrogate pair, checked with its high half. */
	const unsigned char *pair_low;
} fastjson_stage1;

/* ---- classification, one function per SIMD path -------------------------------------------- */

/* The 0x80 bits of the 8 bytes of x gathered into 8 bits, byte 0 lowest. */
static zend_always_inline unsigned fastjson_swar_bits(uint64_t x)
{
	return (unsigned) (((x >> 7) * UINT64_C(0x0102040810204080)) >> 56);
}

/* The scalar twin: 8 bytes at a time in 64-bit words. */
static zend_always_inline void fastjson_classify_scalar(const unsigned char *p, fastjson_block_classes *c)
{
	const uint64_t high_bits = UINT64_C(0x8080808080808080);
	int i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < 8; i++) {
		uint64_t x, lower, op;
		memcpy(&x, p + 8 * i, 8);
#ifdef WORDS_BIGENDIAN
		x = __builtin_bswap64(x);
#endif
		lower = x | UINT64_C(0x2020202020202020);
		c->backslash |= (uint64_t) fastjson_swar_bits(fastjson_swar_eq(x, '\\')) << (8 * i);
		c->quote |= (uint64_t) fastjson_swar_bits(fastjson_swar_eq(x, '"')) << (8 * i);
		op = fastjson_swar_eq(x, ',') | fastjson_swar_eq(x, ':') | fastjson_swar_eq(lower, '{')
			| fastjson_swar_eq(lower, '}');
		c->op |= (uint64_t) fastjson_swar_bits(op) << (8 * i);
		c->separator |= (uint64_t) fastjson_swar_bits(op | fastjson_swar_eq(x, ' ') | fastjson_swar_eq(x, '\n')
			| fastjson_swar_eq(x, '\r') | fastjson_swar_eq(x, '\t')) << (8 * i);
		c->control |= (uint64_t) fastjson_swar_bits(fastjson_swar_below_space(x)) << (8 * i);
		c->high |= (uint64_t) fastjson_swar_bits(x & high_bits) << (8 * i);
	}
}

#ifdef FASTJSON_HAVE_SSE2
static zend_always_inline uint64_t fastjson_movemask64_sse2(__m128i a, __m128i b, __m128i c, __m128i d)
{
	return (uint64_t) (unsigned) _mm_movemask_epi8(a) | ((uint64_t) (unsigned) _mm_movemask_epi8(b) << 16)
		| ((uint64_t) (unsigned) _mm_movemask_epi8(c) << 32) | ((uint64_t) (unsigned) _mm_movemask_epi8(d) << 48);
}

static zend_always_inline void fastjson_classes16_sse2(__m128i v, __m128i *bs, __m128i *qt, __m128i *op,
		__m128i *sp, __m128i *ctl)
{
	/* '[' and '{' differ only in bit 5, as do ']' and '}'. */
	__m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
	*bs = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
	*qt = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
	*op = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')), _mm_cmpeq_epi8(v, _mm_set1_epi8(':'))),
		_mm_or_si128(_mm_cmpeq_epi8(lower, _mm_set1_epi8('{')), _mm_cmpeq_epi8(lower, _mm_set1_epi8('}'))));
	*sp = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
	*ctl = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1f)), _mm_set1_epi8(0x1f));
}

static zend_always_inline void fastjson_classify_sse2(const unsigned char *p, fastjson_block_classes *c)
{
	__m128i v[4], bs[4], qt[4], op[4], sp[4], ctl[4];
	int i;

	for (i = 0; i < 4; i++) {
		v[i] = _mm_loadu_si128((const __m128i *) (p + 16 * i));
		fastjson_classes16_sse2(v[i], &bs[i], &qt[i], &op[i], &sp[i], &ctl[i]);
	}
	c->backslash = fastjson_movemask64_sse2(bs[0], bs[1], bs[2], bs[3]);
	c->quote = fastjson_movemask64_sse2(qt[0], qt[1], qt[2], qt[3]);
	c->op = fastjson_movemask64_sse2(op[0], op[1], op[2], op[3]);
	/* Or-ing the vectors instead costs more: they stay live, and 16 registers run out. */
	c->separator = c->op | fastjson_movemask64_sse2(sp[0], sp[1], sp[2], sp[3]);
	c->control = fastjson_movemask64_sse2(ctl[0], ctl[1], ctl[2], ctl[3]);
	c->high = fastjson_movemask64_sse2(v[0], v[1], v[2], v[3]);
}
#endif

#ifdef FASTJSON_HAVE_AVX2
static zend_always_inline FASTJSON_TARGET_AVX2 uint64_t fastjson_movemask64_avx2(__m256i lo, __m256i hi)
{
	return (uint64_t) (uint32_t) _mm256_movemask_epi8(lo) | ((uint64_t) (uint32_t) _mm256_movemask_epi8(hi) << 32);
}

/* Whitespace and structural characters by two table look-ups, one per nibble: each
 * class is a bit set in both the high nibble's and the low nibble's entry.
 *   bit 0: 0x09 0x0a 0x0d   bit 1: 0x20   bit 2: ','   bit 3: ':'   bit 4: [ ] { }
 * and, for the escape check, which shares the look-ups, the escapes other than \" and
 * \\:   bit 5: b f n   bit 6: r t   bit 7: / */
#define FASTJSON_CLASS_BY_LOW 2, 0, 32 | 64, 0, 64, 0, 32, 0, 0, 1, 1 | 8, 16, 4, 1 | 16, 32, (char) 128
#define FASTJSON_CLASS_BY_HIGH 1, 0, (char) (2 | 4 | 128), 8, 0, 16, 32, 16 | 64, 0, 0, 0, 0, 0, 0, 0, 0
#define FASTJSON_CLASS_SPACE (1 | 2)
#define FASTJSON_CLASS_OP (4 | 8 | 16)
#define FASTJSON_CLASS_SHORT_ESCAPE (32 | 64 | 128)

static zend_always_inline FASTJSON_TARGET_AVX2 __m256i fastjson_nibble_classes_avx2(__m256i v)
{
	const __m256i by_low = _mm256_setr_epi8(FASTJSON_CLASS_BY_LOW, FASTJSON_CLASS_BY_LOW);
	const __m256i by_high = _mm256_setr_epi8(FASTJSON_CLASS_BY_HIGH, FASTJSON_CLASS_BY_HIGH);
	/* Bytes from 0x80 have no class: pshufb gives 0 for an index with bit 7 set. */
	__m256i low = _mm256_shuffle_epi8(by_low, v);
	__m256i high = _mm256_shuffle_epi8(by_high, _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0f)));
	return _mm256_and_si256(low, high);
}

static zend_always_inline FASTJSON_TARGET_AVX2 void fastjson_classify_avx2(const unsigned char *p,
		fastjson_block_classes *c)
{
	__m256i lo = _mm256_loadu_si256((const __m256i *) p);
	__m256i hi = _mm256_loadu_si256((const __m256i *) (p + 32));
	__m256i class_lo = fastjson_nibble_classes_avx2(lo);
	__m256i class_hi = fastjson_nibble_classes_avx2(hi);
	const __m256i zero = _mm256_setzero_si256();
	const __m256i op_bits = _mm256_set1_epi8(FASTJSON_CLASS_OP);
	const __m256i separator_bits = _mm256_set1_epi8(FASTJSON_CLASS_OP | FASTJSON_CLASS_SPACE);
	const __m256i ctl_max = _mm256_set1_epi8(0x1f);

	c->backslash = fastjson_movemask64_avx2(_mm256_cmpeq_epi8(lo, _mm256_set1_epi8('\\')),
		_mm256_cmpeq_epi8(hi, _mm256_set1_epi8('\\')));
	c->quote = fastjson_movemask64_avx2(_mm256_cmpeq_epi8(lo, _mm256_set1_epi8('"')),
		_mm256_cmpeq_epi8(hi, _mm256_set1_epi8('"')));
	c->op = ~fastjson_movemask64_avx2(_mm256_cmpeq_epi8(_mm256_and_si256(class_lo, op_bits), zero),
		_mm256_cmpeq_epi8(_mm256_and_si256(class_hi, op_bits), zero));
	c->separator = ~fastjson_movemask64_avx2(_mm256_cmpeq_epi8(_mm256_and_si256(class_lo, separator_bits), zero),
		_mm256_cmpeq_epi8(_mm256_and_si256(class_hi, separator_bits), zero));
	c->control = fastjson_movemask64_avx2(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, ctl_max), ctl_max),
		_mm256_cmpeq_epi8(_mm256_max_epu8(hi, ctl_max), ctl_max));
	c->high = fastjson_movemask64_avx2(lo, hi);
}
#endif

#ifdef FASTJSON_HAVE_AVX512
/* The classes of the ASCII bytes, for one VBMI permute over the low 7 bits of each
 * byte (bytes from 0x80 alias ASCII ones and are masked out): structural characters and
 * whitespace, and for the escape check the bytes that may follow a backslash and the
 * hexadecimal digits of \u escapes. */
#define FASTJSON_CLASS7_OP 0x01      /* , : [ ] { } */
#define FASTJSON_CLASS7_SPACE 0x02   /* JSON whitespace */
#define FASTJSON_CLASS7_ESCAPE 0x04  /* " \ / b f n r t u */
#define FASTJSON_CLASS7_U 0x08
#define FASTJSON_CLASS7_HEX 0x10     /* 0-9 a-f A-F */
#define FASTJSON_CLASS7_D 0x20       /* d D */
#define FASTJSON_CLASS7_HEX_FROM_8 0x40 /* 8 9 a-f A-F */
#define FASTJSON_CLASS7_HEX_LETTER (FASTJSON_CLASS7_HEX | FASTJSON_CLASS7_HEX_FROM_8)

static const unsigned char fastjson_class7_table[128] ZEND_ATTRIBUTE_UNUSED = {
	[','] = FASTJSON_CLASS7_OP, [':'] = FASTJSON_CLASS7_OP, ['['] = FASTJSON_CLASS7_OP,
	[']'] = FASTJSON_CLASS7_OP, ['{'] = FASTJSON_CLASS7_OP, ['}'] = FASTJSON_CLASS7_OP,
	[' '] = FASTJSON_CLASS7_SPACE, ['\t'] = FASTJSON_CLASS7_SPACE, ['\n'] = FASTJSON_CLASS7_SPACE,
	['\r'] = FASTJSON_CLASS7_SPACE,
	['"'] = FASTJSON_CLASS7_ESCAPE, ['\\'] = FASTJSON_CLASS7_ESCAPE, ['/'] = FASTJSON_CLASS7_ESCAPE,
	['n'] = FASTJSON_CLASS7_ESCAPE, ['r'] = FASTJSON_CLASS7_ESCAPE, ['t'] = FASTJSON_CLASS7_ESCAPE,
	['u'] = FASTJSON_CLASS7_ESCAPE | FASTJSON_CLASS7_U,
	['b'] = FASTJSON_CLASS7_ESCAPE | FASTJSON_CLASS7_HEX_LETTER,
	['f'] = FASTJSON_CLASS7_ESCAPE | FASTJSON_CLASS7_HEX_LETTER,
	['0'] = FASTJSON_CLASS7_HEX, ['1'] = FASTJSON_CLASS7_HEX, ['2'] = FASTJSON_CLASS7_HEX,
	['3'] = FASTJSON_CLASS7_HEX, ['4'] = FASTJSON_CLASS7_HEX, ['5'] = FASTJSON_CLASS7_HEX,
	['6'] = FASTJSON_CLASS7_HEX, ['7'] = FASTJSON_CLASS7_HEX,
	['8'] = FASTJSON_CLASS7_HEX_LETTER, ['9'] = FASTJSON_CLASS7_HEX_LETTER,
	['a'] = FASTJSON_CLASS7_HEX_LETTER, ['c'] = FASTJSON_CLASS7_HEX_LETTER,
	['d'] = FASTJSON_CLASS7_HEX_LETTER | FASTJSON_CLASS7_D, ['e'] = FASTJSON_CLASS7_HEX_LETTER,
	['A'] = FASTJSON_CLASS7_HEX_LETTER, ['B'] = FASTJSON_CLASS7_HEX_LETTER, ['C'] = FASTJSON_CLASS7_HEX_LETTER,
	['D'] = FASTJSON_CLASS7_HEX_LETTER | FASTJSON_CLASS7_D, ['E'] = FASTJSON_CLASS7_HEX_LETTER,
	['F'] = FASTJSON_CLASS7_HEX_LETTER,
};

/* Each byte's classes; a byte from 0x80 gets those of the ASCII byte it aliases, so
 * callers mask such bytes out. */
static zend_always_inline FASTJSON_TARGET_AVX512 __m512i fastjson_class7_avx512(__m512i v)
{
	return _mm512_permutex2var_epi8(_mm512_loadu_si512((const void *) fastjson_class7_table), v,
		_mm512_loadu_si512((const void *) (fastjson_class7_table + 64)));
}

/* A whole block in one register: every class is a mask straight from one compare or
 * test. */
static zend_always_inline FASTJSON_TARGET_AVX512 void fastjson_classify_avx512(const unsigned char *p,
		fastjson_block_classes *c)
{
	__m512i v = _mm512_loadu_si512((const void *) p);
	__m512i classes = fastjson_class7_avx512(v);
	__mmask64 high = _mm512_movepi8_mask(v);

	c->backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
	c->quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
	c->op = _mm512_mask_test_epi8_mask(~high, classes, _mm512_set1_epi8(FASTJSON_CLASS7_OP));
	c->separator = _mm512_mask_test_epi8_mask(~high, classes,
		_mm512_set1_epi8(FASTJSON_CLASS7_OP | FASTJSON_CLASS7_SPACE));
	c->control = _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1f));
	c->high = high;
}
#endif

#ifdef FASTJSON_HAVE_AVX512
/* The last bytes by a masked load (it reads nothing past them), stored whole: the
 * classifier's 64-byte load then takes the store as it is, where byte-wise copies
 * would stall it (a 7-byte validate lost ~8% there). */
static zend_always_inline FASTJSON_TARGET_AVX512 void fastjson_pad_avx512(unsigned char *last,
		const unsigned char *at, size_t n)
{
	__mmask64 present = n >= FASTJSON_BLOCK ? ~(__mmask64) 0 : ((__mmask64) 1 << n) - 1;
	_mm512_storeu_si512((void *) last,
		_mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), present, (const void *) at));
}
#endif

/* The last bytes, byte by byte, after spaces. */
static zend_always_inline void fastjson_pad(unsigned char *last, const unsigned char *at, size_t n)
{
	memset(last, ' ', FASTJSON_BLOCK);
	memcpy(last, at, n);
}

#ifdef FASTJSON_HAVE_NEON
/* movemask for 64 bytes: each byte's bit weighted by its place, then summed 8 to a byte. */
static zend_always_inline uint64_t fastjson_movemask64_neon(uint8x16_t a, uint8x16_t b, uint8x16_t c, uint8x16_t d)
{
	static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
	const uint8x16_t w = vld1q_u8(weights);
	uint8x16_t ab = vpaddq_u8(vandq_u8(a, w), vandq_u8(b, w));
	uint8x16_t cd = vpaddq_u8(vandq_u8(c, w), vandq_u8(d, w));
	uint8x16_t all = vpaddq_u8(ab, cd);
	all = vpaddq_u8(all, all);
	return vgetq_lane_u64(vreinterpretq_u64_u8(all), 0);
}

static zend_always_inline void fastjson_classify_neon(const unsigned char *p, fastjson_block_classes *c)
{
	uint8x16_t v[4], bs[4], qt[4], op[4], sp[4], ctl[4], high[4];
	int i;

	for (i = 0; i < 4; i++) {
		uint8x16_t lower;
		v[i] = vld1q_u8(p + 16 * i);
		lower = vorrq_u8(v[i], vdupq_n_u8(0x20));
		bs[i] = vceqq_u8(v[i], vdupq_n_u8('\\'));
		qt[i] = vceqq_u8(v[i], vdupq_n_u8('"'));
		op[i] = vorrq_u8(vorrq_u8(vceqq_u8(v[i], vdupq_n_u8(',')), vceqq_u8(v[i], vdupq_n_u8(':'))),
			vorrq_u8(vceqq_u8(lower, vdupq_n_u8('{')), vceqq_u8(lower, vdupq_n_u8('}'))));
		sp[i] = vorrq_u8(vorrq_u8(vceqq_u8(v[i], vdupq_n_u8(' ')), vceqq_u8(v[i], vdupq_n_u8('\n'))),
			vorrq_u8(vceqq_u8(v[i], vdupq_n_u8('\r')), vceqq_u8(v[i], vdupq_n_u8('\t'))));
		ctl[i] = vcltq_u8(v[i], vdupq_n_u8(0x20));
		high[i] = vcgeq_u8(v[i], vdupq_n_u8(0x80));
	}
	c->backslash = fastjson_movemask64_neon(bs[0], bs[1], bs[2], bs[3]);
	c->quote = fastjson_movemask64_neon(qt[0], qt[1], qt[2], qt[3]);
	c->op = fastjson_movemask64_neon(op[0], op[1], op[2], op[3]);
	c->separator = fastjson_movemask64_neon(vorrq_u8(op[0], sp[0]), vorrq_u8(op[1], sp[1]),
		vorrq_u8(op[2], sp[2]), vorrq_u8(op[3], sp[3]));
	c->control = fastjson_movemask64_neon(ctl[0], ctl[1], ctl[2], ctl[3]);
	c->high = fastjson_movemask64_neon(high[0], high[1], high[2], high[3]);
}
#endif

/* ---- from classes to tokens ----------------------------------------------------------------- */

/* Bit i set when the XOR of bits 0..i of x is 1: which bytes lie between quote pairs. */
static zend_always_inline uint64_t fastjson_prefix_xor(uint64_t x)
{
	x ^= x << 1;
	x ^= x << 2;
	x ^= x << 4;
	x ^= x << 8;
	x ^= x << 16;
	x ^= x << 32;
	return x;
}

#ifdef FASTJSON_HAVE_AVX2
/* The same by one carry-less multiplication by all ones (every AVX2 CPU has PCLMULQDQ). */
static zend_always_inline FASTJSON_TARGET_AVX2 uint64_t fastjson_prefix_xor_clmul(uint64_t x)
{
	return (uint64_t) _mm_cvtsi128_si64(_mm_clmulepi64_si128(
		_mm_cvtsi64_si128((long long) x), _mm_set1_epi8((char) 0xff), 0));
}
#endif

/* The bytes escaped by the runs of backslashes in runs: those after a run of odd length.
 * Adding a run's first bit to the run carries past its end; the carry lands on the byte
 * after the run, whose position has the parity of (start + length). So runs that start
 * on even positions escape where the carry lands on an odd one, and the other way round.
 * A run that reaches the block's end carries out of bit 63: it escapes the next block's
 * first byte when it started on an odd position (64 - start is then odd). */
static zend_always_inline uint64_t fastjson_escaped_by_runs(uint64_t runs, uint64_t *carry_out)
{
	const uint64_t even = UINT64_C(0x5555555555555555);
	uint64_t starts = runs & ~(runs << 1);
	uint64_t from_even = runs + (starts & even);
	uint64_t from_odd = runs + (starts & ~even);

	*carry_out = from_odd < runs;
	return (from_even & ~runs & ~even) | (from_odd & ~runs & even);
}

/* The bytes escaped by a backslash, given whether the first one is (*carry, updated for
 * the next block). A branch on the carry, not arithmetic with it: it is rarely set, and
 * the prediction keeps one block's escapes from waiting for the previous block's, which
 * in text dense with escapes chained every block's arithmetic to the last. */
static zend_always_inline uint64_t fastjson_escaped_bytes(uint64_t backslash, uint64_t *carry)
{
	if (UNEXPECTED(*carry)) {
		/* An escaped backslash starts no run. */
		return fastjson_escaped_by_runs(backslash & ~UINT64_C(1), carry) | 1;
	}
	return fastjson_escaped_by_runs(backslash, carry);
}

/* The \u escape whose 'u' is at u, as ext/json takes it: 0 rejected (digits missing or
 * cut by the input's end, or half of a surrogate pair alone), 1 one code unit, 2 a
 * surrogate pair (the low half's 'u' is at u + 6). A string still has to close after
 * the digits, so an escape the end cuts is rejected without reading past it. */
static zend_always_inline int fastjson_stage1_unicode_escape(const unsigned char *u, const unsigned char *end)
{
	int32_t unit, low;

	if (end - u < 5 || (unit = fastjson_hex4_checked(u + 1)) < 0) {
		return 0;
	}
	if ((unit & 0xf800) != 0xd800) {
		return 1;
	}
	if (unit >= 0xdc00 || end - u < 11 || u[5] != '\\' || u[6] != 'u'
			|| (low = fastjson_hex4_checked(u + 7)) < 0xdc00 || low > 0xdfff) {
		return 0;
	}
	return 2;
}

/* The escapes of a block (each escaped byte inside a string) are what ext/json accepts:
 * one of "\/bfnrt, or u and four hex digits that are not half of a surrogate pair
 * unless a whole pair is written. One escape at a time: the scalar path, and SSE2's blocks
 * with fewer than 4 escapes. */
FASTJSON_STAGE1_CHECK bool fastjson_stage1_escapes_scalar(fastjson_stage1 *s, uint64_t escaped,
		const unsigned char *bytes, const unsigned char *at)
{
	(void) bytes;
	do {
		const unsigned char *e = at + fastjson_ctz64(escaped);
		int kind;
		escaped &= escaped - 1;
		switch (*e) {
			case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
				continue;
			case 'u':
				if (e == s->pair_low) {
					continue;
				}
				kind = fastjson_stage1_unicode_escape(e, s->end);
				if (!kind) {
					return false;
				}
				if (kind == 2) {
					s->pair_low = e + 6;
				}
				continue;
			default:
				return false;
		}
	} while (escaped);
	return true;
}

/* The bytes from 0x80 in a block form well-formed UTF-8 (the last character may end in
 * the next block): the scalar path, character by character. */
FASTJSON_STAGE1_CHECK bool fastjson_stage1_utf8_scalar(fastjson_stage1 *s, uint64_t high,
		const unsigned char *bytes, const unsigned char *at)
{
	(void) bytes;
	if (s->utf8_checked > at) {
		size_t done = (size_t) (s->utf8_checked - at);
		if (done >= FASTJSON_BLOCK) {
			return true;
		}
		high &= ~UINT64_C(0) << done;
	}
	while (high) {
		const unsigned char *p = at + fastjson_ctz64(high);
		uint32_t code_point;
		size_t n = fastjson_utf8_decode_valid(p, s->end, &code_point);
		size_t done;
		if (!n) {
			return false;
		}
		done = (size_t) (p + n - at);
		if (done >= FASTJSON_BLOCK) {
			s->utf8_checked = p + n;
			break;
		}
		high &= ~UINT64_C(0) << done;
	}
	return true;
}

static zend_always_inline bool fastjson_stage1_utf8_masks(fastjson_stage1 *s, uint64_t high,
		const fastjson_utf8_classes *u)
{
	uint64_t bad = fastjson_utf8_bad_bytes(high, u, fastjson_utf8_required(u) | s->utf8_trails, s->utf8_after);

	s->utf8_trails = fastjson_utf8_trails_after(u);
	s->utf8_after = fastjson_utf8_lead_after(u);
	return bad == 0;
}

/* A vector path's UTF-8 check of a block, by its classes. */
#define FASTJSON_DEFINE_STAGE1_UTF8(suffix, target) \
	FASTJSON_STAGE1_CHECK target bool fastjson_stage1_utf8_##suffix(fastjson_stage1 *s, uint64_t high, \
			const unsigned char *bytes, const unsigned char *at) \
	{ \
		fastjson_utf8_classes u; \
		(void) at; \
		fastjson_utf8_classes_##suffix(bytes, high, s->utf8_after != 0, &u); \
		return fastjson_stage1_utf8_masks(s, high, &u); \
	}

/* A vector path's check of a block whose characters take at most two bytes (Latin, Greek,
 * Cyrillic, ...), inline, the rest out of line. The call from the block loop spilled its
 * vector registers, which cost such text more than the check; wholly inline, the block
 * loop lost registers and ASCII documents paid (AVX-512: citm_catalog +5%). */
#define FASTJSON_DEFINE_STAGE1_UTF8_TWO_BYTE(suffix, target, BYTES64, GT, LT) \
	static zend_always_inline target bool fastjson_stage1_utf8_two_byte_##suffix(fastjson_stage1 *s, \
			uint64_t high, const unsigned char *bytes, const unsigned char *at) \
	{ \
		fastjson_utf8_classes u = {0}; \
		if (UNEXPECTED((BYTES64(bytes, GT, 0xdf) & high) | s->utf8_after)) { \
			return fastjson_stage1_utf8_##suffix(s, high, bytes, at); \
		} \
		u.trail = BYTES64(bytes, LT, 0xc0); \
		u.lead2 = BYTES64(bytes, GT, 0xc1) & high; \
		return fastjson_stage1_utf8_masks(s, high, &u); \
	}

#ifdef FASTJSON_HAVE_SSE2
/* Bit i set when byte i of the 64 at p, as a signed byte, is above / below / equal to c. */
# define FASTJSON_BYTES64_SSE2(p, op, c) fastjson_movemask64_sse2( \
	op(_mm_loadu_si128((const __m128i *) (p)), _mm_set1_epi8((char) (c))), \
	op(_mm_loadu_si128((const __m128i *) ((p) + 16)), _mm_set1_epi8((char) (c))), \
	op(_mm_loadu_si128((const __m128i *) ((p) + 32)), _mm_set1_epi8((char) (c))), \
	op(_mm_loadu_si128((const __m128i *) ((p) + 48)), _mm_set1_epi8((char) (c))))
# define FASTJSON_GT_SSE2(v, c) _mm_cmpgt_epi8(v, c)
# define FASTJSON_LT_SSE2(v, c) _mm_cmplt_epi8(v, c)
# define FASTJSON_EQ_SSE2(v, c) _mm_cmpeq_epi8(v, c)

static zend_always_inline void fastjson_utf8_classes_sse2(const unsigned char *bytes, uint64_t high, bool carried,
		fastjson_utf8_classes *u)
{
	FASTJSON_UTF8_CLASSES(FASTJSON_BYTES64_SSE2, FASTJSON_GT_SSE2, FASTJSON_LT_SSE2, FASTJSON_EQ_SSE2);
}

FASTJSON_DEFINE_STAGE1_UTF8(sse2, )
FASTJSON_DEFINE_STAGE1_UTF8_TWO_BYTE(sse2, , FASTJSON_BYTES64_SSE2, FASTJSON_GT_SSE2, FASTJSON_LT_SSE2)
#endif

#ifdef FASTJSON_HAVE_AVX2
# define FASTJSON_BYTES64_AVX2(p, op, c) fastjson_movemask64_avx2( \
	op(_mm256_loadu_si256((const __m256i *) (p)), _mm256_set1_epi8((char) (c))), \
	op(_mm256_loadu_si256((const __m256i *) ((p) + 32)), _mm256_set1_epi8((char) (c))))
# define FASTJSON_GT_AVX2(v, c) _mm256_cmpgt_epi8(v, c)
# define FASTJSON_LT_AVX2(v, c) _mm256_cmpgt_epi8(c, v)
# define FASTJSON_EQ_AVX2(v, c) _mm256_cmpeq_epi8(v, c)

static zend_always_inline FASTJSON_TARGET_AVX2 void fastjson_utf8_classes_avx2(const unsigned char *bytes,
		uint64_t high, bool carried, fastjson_utf8_classes *u)
{
	FASTJSON_UTF8_CLASSES(FASTJSON_BYTES64_AVX2, FASTJSON_GT_AVX2, FASTJSON_LT_AVX2, FASTJSON_EQ_AVX2);
}

/* The lead that stands, before a block, for the character the block before cut, as the
 * state says (trails: 1, 3 or 7 for one, two or three trail bytes asked; after: its lead
 * E0, ED, F0 or F4 when that was the block's last byte): the same constraints on the
 * bytes that follow as the real one puts. */
static zend_always_inline unsigned fastjson_utf8_lead_for_state(uint64_t trails, unsigned after)
{
	if (trails == 1) {
		return 0xc2;
	}
	if (trails == 3) {
		return (after & 1) ? 0xe0 : (after & 2) ? 0xed : 0xe1;
	}
	return (after & 4) ? 0xf0 : (after & 8) ? 0xf4 : 0xf1;
}

/* After a block checked by lookups: the state for the next block, as the masks leave it,
 * from the block's last three bytes; false when its last byte never leads (C0, C1, F5-FF):
 * that byte's pair is the next block's, which the masks may check, and they take any lead
 * the state asks trails for. */
static zend_always_inline bool fastjson_stage1_utf8_state_after(fastjson_stage1 *s, const unsigned char *bytes)
{
	const unsigned last = bytes[63], second_last = bytes[62], third_last = bytes[61];

	s->utf8_trails = (last >= 0xc0) | (second_last >= 0xe0) | ((last >= 0xe0) << 1)
		| (third_last >= 0xf0) | ((second_last >= 0xf0) << 1) | ((last >= 0xf0) << 2);
	s->utf8_after = (last == 0xe0) | ((last == 0xed) << 1) | ((last == 0xf0) << 2) | ((last == 0xf4) << 3);
	return last < 0xc0 || last - 0xc2 <= 0xf4 - 0xc2;
}

/* The block by nibble lookups, about a quarter of the masks' instructions (characters of
 * two bytes at most keep the two-byte masks, which cost less still). The character the
 * block before cut comes before it as a stand-in lead, and the state for the next block
 * is left as the masks leave it, from the block's last three bytes. Opaque: seen by the
 * compiler, this body made the AVX2 validate loop 17% slower on a list of literals
 * (small/truenull), at fewer instructions. */
FASTJSON_STAGE1_CHECK FASTJSON_OPAQUE FASTJSON_TARGET_AVX2 bool fastjson_stage1_utf8_avx2(fastjson_stage1 *s, uint64_t high,
		const unsigned char *bytes, const unsigned char *at)
{
	const __m256i first = _mm256_loadu_si256((const __m256i *) bytes);
	const __m256i second = _mm256_loadu_si256((const __m256i *) (bytes + 32));
	const __m256i before = s->utf8_trails
		? _mm256_insert_epi8(_mm256_setzero_si256(), (char) fastjson_utf8_lead_for_state(s->utf8_trails, s->utf8_after), 31)
		: _mm256_setzero_si256();
	const __m256i errors = _mm256_or_si256(fastjson_utf8_errors32_avx2(first, before),
		fastjson_utf8_errors32_avx2(second, first));

	(void) high, (void) at;
	return fastjson_stage1_utf8_state_after(s, bytes) & _mm256_testz_si256(errors, errors);
}

FASTJSON_DEFINE_STAGE1_UTF8_TWO_BYTE(avx2, FASTJSON_TARGET_AVX2, FASTJSON_BYTES64_AVX2, FASTJSON_GT_AVX2, FASTJSON_LT_AVX2)
#endif

#ifdef FASTJSON_HAVE_AVX512
# define FASTJSON_BYTES64_AVX512(p, op, c) op(_mm512_loadu_si512((const void *) (p)), _mm512_set1_epi8((char) (c)))
# define FASTJSON_GT_AVX512(v, c) _mm512_cmpgt_epi8_mask(v, c)
# define FASTJSON_LT_AVX512(v, c) _mm512_cmplt_epi8_mask(v, c)
# define FASTJSON_EQ_AVX512(v, c) _mm512_cmpeq_epi8_mask(v, c)

/* fastjson_stage1_utf8_avx2() in one 64-byte lookup. Inline: out of line, the block
 * loop saved its vector registers around each call (AVX-512 has 32 of them, so it does
 * not run short), and Chinese and emoji text validated 13-26% slower. */
static zend_always_inline FASTJSON_TARGET_AVX512 bool fastjson_stage1_utf8_avx512(fastjson_stage1 *s,
		uint64_t high, const unsigned char *bytes, const unsigned char *at)
{
	const __m512i before = s->utf8_trails
		? _mm512_maskz_set1_epi8(UINT64_C(1) << 63, (char) fastjson_utf8_lead_for_state(s->utf8_trails, s->utf8_after))
		: _mm512_setzero_si512();
	const uint64_t errors = fastjson_utf8_errors64_avx512(_mm512_loadu_si512((const void *) bytes), before);

	(void) high, (void) at;
	return fastjson_stage1_utf8_state_after(s, bytes) & !errors;
}

FASTJSON_DEFINE_STAGE1_UTF8_TWO_BYTE(avx512, FASTJSON_TARGET_AVX512, FASTJSON_BYTES64_AVX512, FASTJSON_GT_AVX512,
	FASTJSON_LT_AVX512)
#endif

#ifdef FASTJSON_HAVE_NEON
# define FASTJSON_BYTES64_NEON(p, op, c) fastjson_movemask64_neon( \
	op(vreinterpretq_s8_u8(vld1q_u8(p)), vdupq_n_s8((int8_t) (c))), \
	op(vreinterpretq_s8_u8(vld1q_u8((p) + 16)), vdupq_n_s8((int8_t) (c))), \
	op(vreinterpretq_s8_u8(vld1q_u8((p) + 32)), vdupq_n_s8((int8_t) (c))), \
	op(vreinterpretq_s8_u8(vld1q_u8((p) + 48)), vdupq_n_s8((int8_t) (c))))
# define FASTJSON_GT_NEON(v, c) vcgtq_s8(v, c)
# define FASTJSON_LT_NEON(v, c) vcltq_s8(v, c)
# define FASTJSON_EQ_NEON(v, c) vceqq_s8(v, c)

static zend_always_inline void fastjson_utf8_classes_neon(const unsigned char *bytes, uint64_t high, bool carried,
		fastjson_utf8_classes *u)
{
	FASTJSON_UTF8_CLASSES(FASTJSON_BYTES64_NEON, FASTJSON_GT_NEON, FASTJSON_LT_NEON, FASTJSON_EQ_NEON);
}

FASTJSON_DEFINE_STAGE1_UTF8(neon, )
#endif

/* For the vector escape check: the bytes of a block that may follow a backslash
 * ("\/bfnrtu), hexadecimal digits, 'd' or 'D', hexadecimal digits from 8, and 'u'. */
typedef struct {
	uint64_t escape_char;
	uint64_t hex;
	uint64_t d;
	uint64_t hex_from_8;
	uint64_t u;
} fastjson_escape_classes;

/* Checks a block's escapes by masks. Surrogate pairs too: each high half right before a
 * low half (or the low half the previous block's last high half asked for), told apart
 * by their second digit (hex_from_c: the block's hexadecimal digits from c, computed only
 * for blocks with surrogates). The few \u whose digits reach into the next block, and
 * high halves whose low half may, are read from the input. */
static zend_always_inline bool fastjson_stage1_escape_masks(fastjson_stage1 *s, uint64_t escaped,
		const fastjson_escape_classes *e, const unsigned char *bytes, const unsigned char *at,
		uint64_t (*hex_from_c)(const unsigned char *bytes, uint64_t hex))
{
	uint64_t u = escaped & e->u;
	uint64_t inner = u & (~UINT64_C(0) >> 4); /* their four digits are in this block */
	uint64_t digits = (inner << 1) | (inner << 2) | (inner << 3) | (inner << 4);
	uint64_t surrogate = inner & (e->d >> 1) & (e->hex_from_8 >> 2);
	uint64_t by_input = u & ~inner;

	if ((escaped & ~e->escape_char) || (digits & ~e->hex)) {
		return false;
	}
	if (UNEXPECTED(surrogate) || UNEXPECTED(s->pair_low >= at)) {
		uint64_t low = surrogate & (hex_from_c(bytes, e->hex) >> 2);
		uint64_t high = surrogate & ~low;
		/* from byte 54 on, the low half's digits may be in the next block */
		uint64_t late_high = high & ~(~UINT64_C(0) >> 10);
		/* pair_low is at most 5 bytes into the block after the high half's */
		uint64_t carried_low = s->pair_low >= at ? UINT64_C(1) << (s->pair_low - at) : 0;

		if ((high & ~late_high & ~(low >> 6)) || (low & ~((high << 6) | carried_low))) {
			return false;
		}
		by_input |= late_high;
	}
	while (by_input) {
		unsigned i = fastjson_ctz64(by_input);
		const unsigned char *p = at + i;
		int kind = fastjson_stage1_unicode_escape(p, s->end);
		by_input &= by_input - 1;
		if (kind != 2) {
			if (!kind) {
				return false;
			}
			continue;
		}
		if (i + 6 < FASTJSON_BLOCK) {
			by_input &= ~(UINT64_C(1) << (i + 6));
		} else {
			s->pair_low = p + 6;
		}
	}
	return true;
}

/* Whether a block has 4 escapes or more: below that, checking them one by one costs less
 * (SSE2, whose classes take a compare per character). */
static zend_always_inline bool fastjson_escapes_by_masks(uint64_t escaped)
{
	escaped &= escaped - 1;
	escaped &= escaped - 1;
	escaped &= escaped - 1;
	return escaped != 0;
}

/* Nibble tables for the escape classes (AVX2 and NEON): a class is a bit set in both
 * the high and the low nibble's entry.
 *   bit 0-3: escape characters with high nibble 2 ("/), 5 (\), 6 (bfn), 7 (rtu)
 *   bit 4: 0-9   bit 5: a-f and A-F   bit 6: d and D   bit 7: 8 and 9 */
#define FASTJSON_ESCAPE_BY_LOW 0x10, 0x30, 0x3d, 0x30, 0x78, 0x38, 0x34, 0x10, 0x90, 0x90, 0, 0, 0x02, 0, 0x04, 0x01
#define FASTJSON_ESCAPE_BY_HIGH 0, 0, 0x01, 0x90, 0x60, 0x02, 0x64, 0x08, 0, 0, 0, 0, 0, 0, 0, 0

#ifdef FASTJSON_HAVE_SSE2
/* The hex digits of the 64 bytes that, lowercased, come after 'b' (bytes from 0x80 are
 * negative): c-f and C-F. */
static zend_always_inline uint64_t fastjson_hex_from_c_sse2(const unsigned char *bytes, uint64_t hex)
{
	return hex & fastjson_movemask64_sse2(
		_mm_cmpgt_epi8(_mm_or_si128(_mm_loadu_si128((const __m128i *) bytes), _mm_set1_epi8(0x20)), _mm_set1_epi8('b')),
		_mm_cmpgt_epi8(_mm_or_si128(_mm_loadu_si128((const __m128i *) (bytes + 16)), _mm_set1_epi8(0x20)),
			_mm_set1_epi8('b')),
		_mm_cmpgt_epi8(_mm_or_si128(_mm_loadu_si128((const __m128i *) (bytes + 32)), _mm_set1_epi8(0x20)),
			_mm_set1_epi8('b')),
		_mm_cmpgt_epi8(_mm_or_si128(_mm_loadu_si128((const __m128i *) (bytes + 48)), _mm_set1_epi8(0x20)),
			_mm_set1_epi8('b')));
}

FASTJSON_STAGE1_CHECK bool fastjson_stage1_escapes_sse2(fastjson_stage1 *s, uint64_t escaped,
		const unsigned char *bytes, const unsigned char *at)
{
	if (fastjson_escapes_by_masks(escaped)) {
		fastjson_escape_classes e;
		uint64_t digit = FASTJSON_BYTES64_SSE2(bytes, FASTJSON_GT_SSE2, '0' - 1)
			& FASTJSON_BYTES64_SSE2(bytes, FASTJSON_LT_SSE2, '9' + 1);
		uint64_t upper = FASTJSON_BYTES64_SSE2(bytes, FASTJSON_GT_SSE2, 'A' - 1)
			& FASTJSON_BYTES64_SSE2(bytes, FASTJSON_LT_SSE2, 'F' + 1);
		uint64_t lower = FASTJSON_BYTES64_SSE2(bytes, FASTJSON_GT_SSE2, 'a' - 1)
			& FASTJSON_BYTES64_SSE2(bytes, FASTJSON_LT_SSE2, 'f' + 1);
		e.u = FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 'u');
		e.escape_char = e.u | FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, '"')
			| FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, '\\') | FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, '/')
			| FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 'b') | FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 'f')
			| FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 'n') | FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 'r')
			| FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 't');
		e.hex = digit | upper | lower;
		e.d = FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 'd') | FASTJSON_BYTES64_SSE2(bytes, FASTJSON_EQ_SSE2, 'D');
		e.hex_from_8 = (digit & FASTJSON_BYTES64_SSE2(bytes, FASTJSON_GT_SSE2, '7')) | upper | lower;
		return fastjson_stage1_escape_masks(s, escaped, &e, bytes, at, fastjson_hex_from_c_sse2);
	}
	return fastjson_stage1_escapes_scalar(s, escaped, bytes, at);
}
#endif

#ifdef FASTJSON_HAVE_AVX2
static zend_always_inline FASTJSON_TARGET_AVX2 uint64_t fastjson_escape_mask_avx2(__m256i lo, __m256i hi, char bits)
{
	const __m256i zero = _mm256_setzero_si256();
	return ~fastjson_movemask64_avx2(_mm256_cmpeq_epi8(_mm256_and_si256(lo, _mm256_set1_epi8(bits)), zero),
		_mm256_cmpeq_epi8(_mm256_and_si256(hi, _mm256_set1_epi8(bits)), zero));
}

static zend_always_inline FASTJSON_TARGET_AVX2 __m256i fastjson_escape_nibbles_avx2(__m256i v)
{
	const __m256i by_low = _mm256_setr_epi8(FASTJSON_ESCAPE_BY_LOW, FASTJSON_ESCAPE_BY_LOW);
	const __m256i by_high = _mm256_setr_epi8(FASTJSON_ESCAPE_BY_HIGH, FASTJSON_ESCAPE_BY_HIGH);
	return _mm256_and_si256(_mm256_shuffle_epi8(by_low, v),
		_mm256_shuffle_epi8(by_high, _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0f))));
}

/* The bytes of the 64 at p that are one of "\/bfnrt: an escape of one of them needs no
 * further look (a 'u' does). */
static zend_always_inline FASTJSON_TARGET_AVX2 uint64_t fastjson_short_escape_chars_avx2(const unsigned char *p)
{
	__m256i v_lo = _mm256_loadu_si256((const __m256i *) p);
	__m256i v_hi = _mm256_loadu_si256((const __m256i *) (p + 32));
	uint64_t u = fastjson_movemask64_avx2(_mm256_cmpeq_epi8(v_lo, _mm256_set1_epi8('u')),
		_mm256_cmpeq_epi8(v_hi, _mm256_set1_epi8('u')));
	return fastjson_escape_mask_avx2(fastjson_escape_nibbles_avx2(v_lo), fastjson_escape_nibbles_avx2(v_hi), 0x0f) & ~u;
}

/* The hex digits of the 64 bytes that, lowercased, come after 'b': c-f and C-F. */
static zend_always_inline FASTJSON_TARGET_AVX2 uint64_t fastjson_hex_from_c_avx2(const unsigned char *bytes,
		uint64_t hex)
{
	return hex & fastjson_movemask64_avx2(
		_mm256_cmpgt_epi8(_mm256_or_si256(_mm256_loadu_si256((const __m256i *) bytes), _mm256_set1_epi8(0x20)),
			_mm256_set1_epi8('b')),
		_mm256_cmpgt_epi8(_mm256_or_si256(_mm256_loadu_si256((const __m256i *) (bytes + 32)), _mm256_set1_epi8(0x20)),
			_mm256_set1_epi8('b')));
}

/* The escape classes are computed once: blocks whose escapes are all short ("\/bfnrt)
 * are settled by the escape-character mask alone, the rest reuse it for the \u checks
 * by masks, however few they are (only the escape-by-escape check is out of line). */
FASTJSON_STAGE1_INLINE_CHECK FASTJSON_TARGET_AVX2 bool fastjson_stage1_escapes_avx2(fastjson_stage1 *s, uint64_t escaped,
		const unsigned char *bytes, const unsigned char *at, const fastjson_block_classes *c)
{
	__m256i v_lo = _mm256_loadu_si256((const __m256i *) bytes);
	__m256i v_hi = _mm256_loadu_si256((const __m256i *) (bytes + 32));
	/* The classifier's look-ups, computed again (the compiler shares them with the
	 * classifier's where it keeps them), and its quote and backslash masks: blocks whose
	 * escapes are all short cost a few instructions more than blocks without. */
	uint64_t short_escape = fastjson_escape_mask_avx2(fastjson_nibble_classes_avx2(v_lo),
			fastjson_nibble_classes_avx2(v_hi), (char) FASTJSON_CLASS_SHORT_ESCAPE)
		| c->quote | c->backslash;
	__m256i lo, hi;
	fastjson_escape_classes e;

	if (!(escaped & ~short_escape)) {
		return true;
	}
	lo = fastjson_escape_nibbles_avx2(v_lo);
	hi = fastjson_escape_nibbles_avx2(v_hi);
	e.u = fastjson_movemask64_avx2(_mm256_cmpeq_epi8(v_lo, _mm256_set1_epi8('u')),
		_mm256_cmpeq_epi8(v_hi, _mm256_set1_epi8('u')));
	e.escape_char = short_escape | e.u;
	e.hex = fastjson_escape_mask_avx2(lo, hi, 0x30);
	e.d = fastjson_escape_mask_avx2(lo, hi, 0x40);
	e.hex_from_8 = fastjson_escape_mask_avx2(lo, hi, (char) 0xa0);
	return fastjson_stage1_escape_masks(s, escaped, &e, bytes, at, fastjson_hex_from_c_avx2);
}
#endif

#ifdef FASTJSON_HAVE_AVX512
static zend_always_inline FASTJSON_TARGET_AVX512 uint64_t fastjson_short_escape_chars_avx512(const unsigned char *p)
{
	__m512i v = _mm512_loadu_si512((const void *) p);
	__m512i classes = fastjson_class7_avx512(v);
	/* 'u' has both bits: an escape of it needs a further look. */
	return _mm512_mask_cmpeq_epi8_mask(~_mm512_movepi8_mask(v),
		_mm512_and_si512(classes, _mm512_set1_epi8(FASTJSON_CLASS7_ESCAPE | FASTJSON_CLASS7_U)),
		_mm512_set1_epi8(FASTJSON_CLASS7_ESCAPE));
}

/* The hex digits of the 64 bytes that, lowercased, come after 'b': c-f and C-F. */
static zend_always_inline FASTJSON_TARGET_AVX512 uint64_t fastjson_hex_from_c_avx512(const unsigned char *bytes,
		uint64_t hex)
{
	return hex & _mm512_cmpgt_epi8_mask(_mm512_or_si512(_mm512_loadu_si512((const void *) bytes), _mm512_set1_epi8(0x20)),
		_mm512_set1_epi8('b'));
}

/* The classes are the classifier's (the same permute of the same bytes). */
FASTJSON_STAGE1_INLINE_CHECK FASTJSON_TARGET_AVX512 bool fastjson_stage1_escapes_avx512(fastjson_stage1 *s,
		uint64_t escaped, const unsigned char *bytes, const unsigned char *at)
{
	__m512i v = _mm512_loadu_si512((const void *) bytes);
	__m512i classes = fastjson_class7_avx512(v);
	__mmask64 ascii = ~_mm512_movepi8_mask(v);
	fastjson_escape_classes e;

	e.escape_char = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_ESCAPE));
	e.u = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_U));
	if (!(escaped & ~(e.escape_char & ~e.u))) {
		return true;
	}
	e.hex = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_HEX));
	e.d = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_D));
	e.hex_from_8 = _mm512_mask_test_epi8_mask(ascii, classes, _mm512_set1_epi8(FASTJSON_CLASS7_HEX_FROM_8));
	return fastjson_stage1_escape_masks(s, escaped, &e, bytes, at, fastjson_hex_from_c_avx512);
}
#endif

#ifdef FASTJSON_HAVE_NEON
/* The bytes of the 64 at p that are one of "\/bfnrt. */
static zend_always_inline uint64_t fastjson_short_escape_chars_neon(const unsigned char *p)
{
	static const uint8_t by_low_bytes[16] = {FASTJSON_ESCAPE_BY_LOW};
	static const uint8_t by_high_bytes[16] = {FASTJSON_ESCAPE_BY_HIGH};
	const uint8x16_t by_low = vld1q_u8(by_low_bytes);
	const uint8x16_t by_high = vld1q_u8(by_high_bytes);
	uint8x16_t chars[4];
	int i;

	for (i = 0; i < 4; i++) {
		uint8x16_t v = vld1q_u8(p + 16 * i);
		uint8x16_t classes = vandq_u8(vqtbl1q_u8(by_low, vandq_u8(v, vdupq_n_u8(0x0f))), vqtbl1q_u8(by_high, vshrq_n_u8(v, 4)));
		chars[i] = vbicq_u8(vtstq_u8(classes, vdupq_n_u8(0x0f)), vceqq_u8(v, vdupq_n_u8('u')));
	}
	return fastjson_movemask64_neon(chars[0], chars[1], chars[2], chars[3]);
}

/* The hex digits of the 64 bytes that, lowercased, come after 'b' (bytes from 0x80 are
 * not hex digits): c-f and C-F. */
static zend_always_inline uint64_t fastjson_hex_from_c_neon(const unsigned char *bytes, uint64_t hex)
{
	uint8x16_t after_b[4];
	int i;

	for (i = 0; i < 4; i++) {
		after_b[i] = vcgtq_u8(vorrq_u8(vld1q_u8(bytes + 16 * i), vdupq_n_u8(0x20)), vdupq_n_u8('b'));
	}
	return hex & fastjson_movemask64_neon(after_b[0], after_b[1], after_b[2], after_b[3]);
}

FASTJSON_STAGE1_INLINE_CHECK bool fastjson_stage1_escapes_neon(fastjson_stage1 *s, uint64_t escaped,
		const unsigned char *bytes, const unsigned char *at)
{
	static const uint8_t by_low_bytes[16] = {FASTJSON_ESCAPE_BY_LOW};
	static const uint8_t by_high_bytes[16] = {FASTJSON_ESCAPE_BY_HIGH};
	const uint8x16_t by_low = vld1q_u8(by_low_bytes);
	const uint8x16_t by_high = vld1q_u8(by_high_bytes);
	uint8x16_t classes[4], u[4], escape_char[4], hex[4], d[4], hex_from_8[4];
	fastjson_escape_classes e;
	int i;

	for (i = 0; i < 4; i++) {
		uint8x16_t v = vld1q_u8(bytes + 16 * i);
		classes[i] = vandq_u8(vqtbl1q_u8(by_low, vandq_u8(v, vdupq_n_u8(0x0f))), vqtbl1q_u8(by_high, vshrq_n_u8(v, 4)));
		escape_char[i] = vtstq_u8(classes[i], vdupq_n_u8(0x0f));
		u[i] = vceqq_u8(v, vdupq_n_u8('u'));
	}
	e.escape_char = fastjson_movemask64_neon(escape_char[0], escape_char[1], escape_char[2], escape_char[3]);
	e.u = fastjson_movemask64_neon(u[0], u[1], u[2], u[3]);
	if (!(escaped & ~(e.escape_char & ~e.u))) {
		return true;
	}
	for (i = 0; i < 4; i++) {
		hex[i] = vtstq_u8(classes[i], vdupq_n_u8(0x30));
		d[i] = vtstq_u8(classes[i], vdupq_n_u8(0x40));
		hex_from_8[i] = vtstq_u8(classes[i], vdupq_n_u8(0xa0));
	}
	e.hex = fastjson_movemask64_neon(hex[0], hex[1], hex[2], hex[3]);
	e.d = fastjson_movemask64_neon(d[0], d[1], d[2], d[3]);
	e.hex_from_8 = fastjson_movemask64_neon(hex_from_8[0], hex_from_8[1], hex_from_8[2], hex_from_8[3]);
	return fastjson_stage1_escape_masks(s, escaped, &e, bytes, at, fastjson_hex_from_c_neon);
}
#endif

static zend_always_inline void fastjson_stage1_init(fastjson_stage1 *s, const zend_string *json)
{
	s->end = (const unsigned char *) ZSTR_VAL(json) + ZSTR_LEN(json);
	s->utf8_checked = NULL;
	s->utf8_trails = 0;
	s->utf8_after = 0;
	s->pair_low = NULL;
}

/* The tokens of the block (classified into c): the opening quote of each string, each
 * structural character, and the first byte of each number or literal; and the escaped
 * bytes inside strings, for the escape check. false when the block holds a control
 * character in a string. */
static zend_always_inline bool fastjson_stage1_block(fastjson_stage1_carry *carry, const fastjson_block_classes *c,
		uint64_t (*prefix_xor)(uint64_t), uint64_t *tokens, uint64_t *string_escapes)
{
	/* Most blocks have no backslash: the branch keeps the escape arithmetic, and its
	 * carry from the previous block, off the path from one block's strings to the next. */
	uint64_t escaped = UNEXPECTED(c->backslash | carry->escaped) ? fastjson_escaped_bytes(c->backslash, &carry->escaped) : 0;
	uint64_t quote = c->quote & ~escaped;
	uint64_t in_string = prefix_xor(quote) ^ carry->in_string; /* opening quotes included */
	uint64_t scalar = ~(in_string | quote | c->separator);

	carry->in_string = (uint64_t) ((int64_t) in_string >> 63);
	carry->string_only = in_string == ~UINT64_C(0);
	*tokens = (c->op & ~in_string) | (quote & in_string) | (scalar & ~((scalar << 1) | carry->scalar));
	carry->scalar = scalar >> 63;
	*string_escapes = escaped & in_string;
	return !(c->control & in_string);
}

/* The first byte from p that is not a decimal digit: 8 bytes at a time while 8 are left. */
static zend_always_inline const unsigned char *fastjson_skip_digits(const unsigned char *p, const unsigned char *end)
{
#ifndef WORDS_BIGENDIAN
	while (end - p >= 8) {
		uint64_t x, not_digit;
		memcpy(&x, p, 8);
		/* A byte is a digit when its high nibble is 3 and its low nibble plus 6 stays below 16. */
		not_digit = ((x & UINT64_C(0xf0f0f0f0f0f0f0f0)) ^ UINT64_C(0x3030303030303030))
			| (((x & UINT64_C(0x0f0f0f0f0f0f0f0f)) + UINT64_C(0x0606060606060606)) & UINT64_C(0xf0f0f0f0f0f0f0f0));
		if (not_digit) {
			return p + (fastjson_ctz64(not_digit) >> 3);
		}
		p += 8;
	}
#else
	(void) end;
#endif
	while ((unsigned char) (*p - '0') < 10) {
		p++;
	}
	return p;
}

/* Whether the number or literal at t is well-formed and ends where a token or whitespace
 * begins (or at the input's end). Reads one byte at a time, so the NUL stops it. */
static zend_always_inline bool fastjson_stage1_scalar(const unsigned char *t, const unsigned char *end)
{
	const unsigned char *p = t;

	switch (*p) {
		case 't':
			if (p[1] != 'r' || p[2] != 'u' || p[3] != 'e') {
				return false;
			}
			p += 4;
			break;
		case 'f':
			if (p[1] != 'a' || p[2] != 'l' || p[3] != 's' || p[4] != 'e') {
				return false;
			}
			p += 5;
			break;
		case 'n':
			if (p[1] != 'u' || p[2] != 'l' || p[3] != 'l') {
				return false;
			}
			p += 4;
			break;
		default:
			p += *p == '-';
			if (*p == '0') {
				p++;
			} else if ((unsigned char) (*p - '1') < 9) {
				p = fastjson_skip_digits(p + 1, end);
			} else {
				return false;
			}
			if (*p == '.') {
				p++;
				if ((unsigned char) (*p - '0') >= 10) {
					return false;
				}
				p = fastjson_skip_digits(p + 1, end);
			}
			if ((*p | 0x20) == 'e') {
				p++;
				p += *p == '+' || *p == '-';
				if ((unsigned char) (*p - '0') >= 10) {
					return false;
				}
				p = fastjson_skip_digits(p + 1, end);
			}
			break;
	}
	switch (*p) {
		case ' ': case '\t': case '\n': case '\r':
		case ',': case ':': case '[': case ']': case '{': case '}': case '"':
			return true;
		case '\0':
			return p == end;
		default:
			return false;
	}
}

#endif
