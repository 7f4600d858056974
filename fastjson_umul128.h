/* The full 64x64 -> 128-bit product, shared by the double formatter and the double parser. */

#ifndef FASTJSON_UMUL128_H
#define FASTJSON_UMUL128_H

#include <stdint.h>
#include "zend_portability.h"

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 fastjson_u128;

/* High 64 bits of a * b; the low half goes to *lo. */
static zend_always_inline uint64_t fastjson_umul128(uint64_t a, uint64_t b, uint64_t *lo)
{
	fastjson_u128 p = (fastjson_u128)a * b;
	*lo = (uint64_t)p;
	return (uint64_t)(p >> 64);
}
#elif defined(_MSC_VER) && defined(_M_X64)
#include <intrin.h>

static zend_always_inline uint64_t fastjson_umul128(uint64_t a, uint64_t b, uint64_t *lo)
{
	uint64_t hi;
	*lo = _umul128(a, b, &hi);
	return hi;
}
#else
/* Schoolbook 32x32 pieces for targets without a 128-bit product. */
static zend_always_inline uint64_t fastjson_umul128(uint64_t a, uint64_t b, uint64_t *lo)
{
	uint64_t a_lo = (uint32_t)a, a_hi = a >> 32;
	uint64_t b_lo = (uint32_t)b, b_hi = b >> 32;
	uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
	uint64_t mid = (p0 >> 32) + (uint32_t)p1 + (uint32_t)p2;

	*lo = (mid << 32) | (uint32_t)p0;
	return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}
#endif

#endif
