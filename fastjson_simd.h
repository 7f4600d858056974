/* The one place that knows about SSE2, AVX2 and NEON and which of them this CPU runs. */

#ifndef FASTJSON_SIMD_H
#define FASTJSON_SIMD_H

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "zend_portability.h"

typedef enum {
	FASTJSON_SIMD_SCALAR = 0,
	FASTJSON_SIMD_SSE2,
	FASTJSON_SIMD_AVX2,
	FASTJSON_SIMD_NEON,
	/* AVX-512 (F, BW, VL, VBMI and VBMI2: Ice Lake, Zen 4 and later) for the structural
	 * stage and the encoder; the other kernels run their AVX2 code on it. */
	FASTJSON_SIMD_AVX512,
} fastjson_simd_path;

#define FASTJSON_SIMD_LAST FASTJSON_SIMD_AVX512

/* Whether the path runs the AVX2 kernels. */
static zend_always_inline bool fastjson_simd_has_avx2(fastjson_simd_path path)
{
	return path == FASTJSON_SIMD_AVX2 || path == FASTJSON_SIMD_AVX512;
}

#if defined(FASTJSON_HAVE_SSE2)
# include <emmintrin.h>
#endif
#if defined(FASTJSON_HAVE_AVX2)
# include <immintrin.h>
/* Every AVX2 CPU also has PCLMULQDQ, which the structural stage uses. */
# define FASTJSON_TARGET_AVX2 __attribute__((target("avx2,pclmul")))
#endif
#if defined(FASTJSON_HAVE_AVX512)
# define FASTJSON_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx2,pclmul,popcnt")))
#endif
#if defined(FASTJSON_HAVE_NEON)
# include <arm_neon.h>
#endif
#if defined(_MSC_VER) && !defined(__clang__)
# include <intrin.h> /* _BitScanForward/_BitScanReverse64 below */
#endif

/* A hot function on a 64-byte line: its loops' placement then no longer moves with the
 * size of the code before it (the same instructions have run 5-15% slower after a move). */
#ifdef __GNUC__
# define FASTJSON_LINE_ALIGNED __attribute__((aligned(64)))
#else
# define FASTJSON_LINE_ALIGNED
#endif

/* A function every call of its json_*() function runs (entry, glue, the parser): GCC
 * places them together (.text.hot), so a call on cold caches and TLB touches fewer code
 * pages: a 7-byte json_decode() 7 -> 5 pages, a 351-byte json_encode() 13 -> 9. Spelled
 * out because PHP 8.3 removed ZEND_HOT. */
#if defined(__has_attribute)
# if __has_attribute(hot)
#  define FASTJSON_CALL_PATH __attribute__((hot))
# endif
#elif defined(__GNUC__)
# define FASTJSON_CALL_PATH __attribute__((hot))
#endif
#ifndef FASTJSON_CALL_PATH
# define FASTJSON_CALL_PATH
#endif

/* A function its callers compile as if they could not see its body (GCC's noipa): what
 * the compiler learns from a body can change the register use and layout of a whole
 * caller's loop when the body changes. */
#if defined(__GNUC__) && !defined(__clang__)
# define FASTJSON_OPAQUE __attribute__((noipa))
#else
# define FASTJSON_OPAQUE
#endif

/* The fastest path this build and this CPU can run. */
fastjson_simd_path fastjson_simd_best_path(void);

/* Whether this build and CPU can run the path (the scalar path always can). */
bool fastjson_simd_path_available(fastjson_simd_path path);

/* "scalar", "sse2", "avx2", "neon" or "avx512". */
const char *fastjson_simd_path_name(fastjson_simd_path path);

static zend_always_inline unsigned fastjson_ctz32(uint32_t mask)
{
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned) __builtin_ctz(mask);
#else
	unsigned long index;
	_BitScanForward(&index, mask);
	return (unsigned) index;
#endif
}

static zend_always_inline unsigned fastjson_ctz64(uint64_t mask)
{
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned) __builtin_ctzll(mask);
#else
	unsigned long index;
	_BitScanForward64(&index, mask);
	return (unsigned) index;
#endif
}

/* Set bits of a mask, without the POPCNT instruction the baseline does not have. */
static zend_always_inline unsigned fastjson_popcount64(uint64_t mask)
{
	mask = mask - ((mask >> 1) & UINT64_C(0x5555555555555555));
	mask = (mask & UINT64_C(0x3333333333333333)) + ((mask >> 2) & UINT64_C(0x3333333333333333));
	mask = (mask + (mask >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (unsigned) ((mask * UINT64_C(0x0101010101010101)) >> 56);
}

/* Exact 0x80 in each byte of x that is zero (no false positives from borrows). */
static zend_always_inline uint64_t fastjson_swar_zero(uint64_t x)
{
	const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
	return ~(((x & low7) + low7) | x | low7);
}

static zend_always_inline uint64_t fastjson_swar_eq(uint64_t x, unsigned char c)
{
	return fastjson_swar_zero(x ^ (UINT64_C(0x0101010101010101) * c));
}

/* 0x80 in each byte of x below 0x20: adding 0x60 to its low 7 bits leaves bit 7 clear,
 * and bit 7 was clear. */
static zend_always_inline uint64_t fastjson_swar_below_space(uint64_t x)
{
	const uint64_t high_bits = UINT64_C(0x8080808080808080);
	return ~(((x & ~high_bits) + UINT64_C(0x6060606060606060)) | x) & high_bits;
}

/* A hint to fetch the cache line at p, which is never dereferenced. */
static zend_always_inline void fastjson_prefetch(const void *p)
{
#if defined(__GNUC__) || defined(__clang__)
	__builtin_prefetch(p);
#else
	(void) p;
#endif
}

static zend_always_inline unsigned fastjson_clz64(uint64_t value)
{
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned) __builtin_clzll(value);
#else
	unsigned long index;
	_BitScanReverse64(&index, value);
	return 63 - (unsigned) index;
#endif
}


#endif
