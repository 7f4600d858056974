/* Scanned numbers to zend_long and double, with the results of ZEND_STRTOL() and zend_strtod().
 *
 * Doubles take the first exact path that applies: Clinger's (one correctly rounded
 * multiplication or division), then Eisel-Lemire (a 128-bit product with the power of
 * five, used only when its error bound decides the rounding), then zend_strtod() for
 * everything else: more than 19 significant digits, results near a rounding tie,
 * subnormals, overflow. */

#ifndef FASTJSON_NUMBER_H
#define FASTJSON_NUMBER_H

#include <float.h>
#include "php.h"
#include "zend_strtod.h"
#include "../fastjson_simd.h"
#include "../fastjson_umul128.h"
#include "fastjson_pow5_table.h"
#include "fastjson_scanner.h"

/* Both fast paths assume double arithmetic without excess precision. */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0 && SIZEOF_ZEND_LONG == 8
# define FASTJSON_EXACT_DOUBLE_PATHS 1

static const double fastjson_exact_pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* w * 10^q for 0 < w < 10^19 (Eisel-Lemire). With T = floor(5^q * 2^shift), the top
 * 128 bits of w * T fall short of the exact product by less than 2 units of their last
 * bit; the result is only taken when that cannot change the rounding. */
static zend_always_inline bool fastjson_eisel_lemire(uint64_t w, int q, bool negative, double *out)
{
	uint64_t a_lo, b_hi, b_lo, hi, lo, below, below_mask, m, bits;
	unsigned lz, shift;
	int biased;

	if (q < FASTJSON_POW5_Q_MIN || q > FASTJSON_POW5_Q_MAX) {
		return false;
	}
	lz = fastjson_clz64(w);
	w <<= lz;
	hi = fastjson_umul128(w, fastjson_pow5_table[q - FASTJSON_POW5_Q_MIN].hi, &a_lo);
	b_hi = fastjson_umul128(w, fastjson_pow5_table[q - FASTJSON_POW5_Q_MIN].lo, &b_lo);
	lo = a_lo + b_hi;
	hi += lo < a_lo;

	/* Keep 54 bits (53 and the rounding bit); "below" is the rest of hi. */
	shift = 9 + (unsigned) (hi >> 63);
	below_mask = (UINT64_C(1) << shift) - 1;
	below = hi & below_mask;
	m = hi >> shift;
	/* Both tests rarely hold, but their first terms are coin flips (the low bit of m):
	 * '&' rather than '&&' leaves one well-predicted branch instead of a mispredicted one. */
	if ((below == below_mask) & (lo >= UINT64_MAX - 1)) {
		return false; /* the missing part could carry into the rounding bit */
	}
	if ((m & 1) & (below == 0) & (lo <= 1)) {
		return false; /* possibly exactly halfway: round-to-even needs the exact value */
	}
	m = (m >> 1) + (m & 1);
	biased = 181 + (int) shift + q - (int) lz - fastjson_pow5_table[q - FASTJSON_POW5_Q_MIN].shift + 1023;
	if (m == UINT64_C(1) << 53) {
		m >>= 1;
		biased++;
	}
	if (biased <= 0 || biased >= 0x7ff) {
		return false; /* subnormal or infinite */
	}
	bits = ((uint64_t) negative << 63) | ((uint64_t) biased << 52) | (m & ((UINT64_C(1) << 52) - 1));
	memcpy(out, &bits, sizeof(bits));
	return true;
}
#endif

/* value (not negative) with the token's sign, set without a branch: in data of mixed
 * signs the sign is a coin flip. */
static zend_always_inline double fastjson_signed_double(double value, bool negative)
{
	uint64_t bits;

	memcpy(&bits, &value, sizeof(bits));
	bits |= (uint64_t) negative << 63;
	memcpy(&value, &bits, sizeof(bits));
	return value;
}

/* A FLOAT, EXP or too long INT token: zend_strtod()'s result. */
static zend_always_inline double fastjson_scanned_double(const fastjson_scanner *s)
{
#ifdef FASTJSON_EXACT_DOUBLE_PATHS
	uint64_t w = s->num_value;
	int q = s->num_exp10;
	double value;

	if (EXPECTED(s->num_exact)) {
		if (w <= (UINT64_C(1) << 53) && q >= -22 && q <= 22) {
			value = q < 0 ? (double) w / fastjson_exact_pow10[-q] : (double) w * fastjson_exact_pow10[q];
			return fastjson_signed_double(value, s->num_negative);
		}
		if (w == 0) {
			return fastjson_signed_double(0.0, s->num_negative); /* zero with any exponent */
		}
		if (fastjson_eisel_lemire(w, q, s->num_negative, &value)) {
			return value;
		}
	}
#endif
	return zend_strtod((const char *) s->token, NULL);
}

/* An INT token (the scanner found it fits): ZEND_STRTOL()'s result. */
static zend_always_inline zend_long fastjson_scanned_long(const fastjson_scanner *s)
{
	/* Negated without a branch, for the same reason as fastjson_signed_double(). */
	uint64_t negate = 0 - (uint64_t) s->num_negative;

	return (zend_long) ((s->num_value ^ negate) - negate);
}

#endif
