/* Shortest round-trip double formatting, byte-identical to zend_gcvt(value, 17,
 * '.', 'e', buf) in mode 0 (what json_encode writes with serialize_precision = -1).
 *
 * zend_dtoa mode 0 picks the decimal with the fewest digits inside the rounding
 * interval of the double (bounds included when the significand is even, the lower
 * gap halved at powers of two), and among those the one closest to the exact
 * value, ties to an even last digit. Schubfach (R. Giulietti, "The Schubfach way
 * to render doubles", 2020) computes exactly that decimal with three 128-bit
 * products and no loops; it is implemented here from the paper. Unlike Java's
 * variant, subnormals are not widened to two digits, since dtoa prints 5e-324. */

#include "fastjson_double.h"

#include <stdint.h>
#include <string.h>

#include "fastjson_double_table.h"
#include "fastjson_tables.h"
#include "../fastjson_simd.h"
#include "../fastjson_umul128.h"

#define FASTJSON_DOUBLE_C_MIN (UINT64_C(1) << 52)
#define FASTJSON_DOUBLE_Q_MIN (-1074)
#define FASTJSON_DOUBLE_MASK63 ((UINT64_C(1) << 63) - 1)


/* floor(x * mul / 2^shift - sub / 2^shift); the bias keeps the shifted value
 * non-negative so no implementation-defined right shift of a negative number. */
static int32_t fastjson_flog(int32_t x, int32_t mul, int32_t sub)
{
	return ((x * mul - sub + (FASTJSON_LOG_BIAS << FASTJSON_LOG_SHIFT)) >> FASTJSON_LOG_SHIFT) - FASTJSON_LOG_BIAS;
}

/* g * cp / 2^127 rounded to odd: the result is odd whenever it is inexact, so
 * comparing it with multiples of 4 decides the exact comparison. */
static uint64_t fastjson_rop(uint64_t g1, uint64_t g0, uint64_t cp)
{
	uint64_t unused, y0, x1, y1, z;

	x1 = fastjson_umul128(g0, cp, &unused);
	y1 = fastjson_umul128(g1, cp, &y0);
	z = (y0 >> 1) + x1;
	return (y1 + (z >> 63)) | (((z & FASTJSON_DOUBLE_MASK63) + FASTJSON_DOUBLE_MASK63) >> 63);
}

/* The decimal m * 10^*e10 that dtoa mode 0 selects for c * 2^q (c > 0). m may
 * carry trailing zeros. */
static uint64_t fastjson_shortest(uint64_t c, int32_t q, int32_t *e10)
{
	/* With an odd significand the interval bounds round to the neighbours. */
	uint64_t out = c & 1;
	uint64_t cb = c << 2, cbr = cb + 2, cbl;
	uint64_t vb, vbl, vbr, s, sp10, tp10;
	int32_t k, h;
	int upin, wpin, uin, win;
	int64_t cmp;
	const uint64_t *g;

	if (c != FASTJSON_DOUBLE_C_MIN || q == FASTJSON_DOUBLE_Q_MIN) {
		cbl = cb - 2;
		k = fastjson_flog(q, FASTJSON_LOG10_POW2_MUL, FASTJSON_LOG10_POW2_SUB);
	} else {
		/* A power of two: the gap below is half the gap above. */
		cbl = cb - 1;
		k = fastjson_flog(q, FASTJSON_LOG10_3_4_POW2_MUL, FASTJSON_LOG10_3_4_POW2_SUB);
	}
	/* 10^k is at most the interval width, so one of s, s + 1 is inside it and
	 * at most one multiple of 10^(k+1) is. */
	h = q + fastjson_flog(-k, FASTJSON_LOG2_POW10_MUL, FASTJSON_LOG2_POW10_SUB) + 2;
	g = fastjson_double_g[k - FASTJSON_G_K_MIN];

	/* vb, vbl, vbr: 4 * 10^-k times the value and its interval bounds. */
	vb = fastjson_rop(g[0], g[1], cb << h);
	vbl = fastjson_rop(g[0], g[1], cbl << h);
	vbr = fastjson_rop(g[0], g[1], cbr << h);
	s = vb >> 2;
	*e10 = k;

	/* A (unique) candidate with one digit fewer is the shortest one. */
	sp10 = s / 10 * 10;
	tp10 = sp10 + 10;
	upin = vbl + out <= sp10 << 2;
	wpin = (tp10 << 2) + out <= vbr;
	if (upin != wpin) {
		return upin ? sp10 : tp10;
	}

	/* Otherwise the closer of s and s + 1 that lies inside; ties go to even. */
	uin = vbl + out <= s << 2;
	win = ((s + 1) << 2) + out <= vbr;
	if (uin != win) {
		return uin ? s : s + 1;
	}
	cmp = (int64_t)(vb - ((s << 2) + 2));
	return (cmp < 0 || (cmp == 0 && (s & 1) == 0)) ? s : s + 1;
}

/* Number of decimal digits of 0 < m < 10^17. */
static int32_t fastjson_decimal_length(uint64_t m)
{
	int32_t n = 1;

	if (m >= fastjson_powers_of_ten[16]) {
		return 17;
	}
	/* Invariant: m >= 10^(n-1). */
	if (m >= fastjson_powers_of_ten[8]) {
		n += 8;
	}
	if (m >= fastjson_powers_of_ten[n + 3]) {
		n += 4;
	}
	if (m >= fastjson_powers_of_ten[n + 1]) {
		n += 2;
	}
	if (m >= fastjson_powers_of_ten[n]) {
		n += 1;
	}
	return n;
}

/* Writes the decimal digits of m (< 10^17) so that they end just before end. */
static FASTJSON_CALL_PATH void fastjson_write_digits(char *end, uint64_t m)
{
	uint32_t x;

	if (m >= 100000000) {
		uint64_t hi = m / 100000000;
		uint32_t lo = (uint32_t)(m - hi * 100000000);
		uint32_t a = lo / 10000, b = lo % 10000;

		memcpy(end - 2, fastjson_digit_pairs + 2 * (b % 100), 2);
		memcpy(end - 4, fastjson_digit_pairs + 2 * (b / 100), 2);
		memcpy(end - 6, fastjson_digit_pairs + 2 * (a % 100), 2);
		memcpy(end - 8, fastjson_digit_pairs + 2 * (a / 100), 2);
		end -= 8;
		x = (uint32_t)hi;
	} else {
		x = (uint32_t)m;
	}
	while (x >= 100) {
		memcpy(end - 2, fastjson_digit_pairs + 2 * (x % 100), 2);
		x /= 100;
		end -= 2;
	}
	if (x >= 10) {
		memcpy(end - 2, fastjson_digit_pairs + 2 * x, 2);
	} else {
		end[-1] = (char)('0' + x);
	}
}

FASTJSON_CALL_PATH size_t fastjson_double_format_shortest(double value, char *buf)
{
	char *p = buf;
	uint64_t bits, c, m;
	int32_t q, e10, n, decpt, bq;

	memcpy(&bits, &value, sizeof bits);
	/* The sign without a branch: in data of mixed signs it is a coin flip. */
	*p = '-';
	p += bits >> 63;
	c = bits & (FASTJSON_DOUBLE_C_MIN - 1);
	bq = (int32_t)((bits >> 52) & 0x7ff);
	if (bq == 0) {
		if (c == 0) {
			*p++ = '0';
			return (size_t)(p - buf);
		}
		q = FASTJSON_DOUBLE_Q_MIN;
	} else {
		c |= FASTJSON_DOUBLE_C_MIN;
		q = bq - 1075;
	}

	if (q <= 0 && q >= -52 && (c & ((UINT64_C(1) << -q) - 1)) == 0) {
		/* An integer below 2^53: neighbours are at most 1 apart, so it is its own
		 * shortest representation. */
		m = c >> -q;
		e10 = 0;
	} else {
		m = fastjson_shortest(c, q, &e10);
	}

	/* Drop trailing zeros: m < 10^17, so at most 16, and usually none. */
	if (m % 10 == 0) {
		m /= 10;
		e10 += 1;
		if (m % 100000000 == 0) {
			m /= 100000000;
			e10 += 8;
		}
		if (m % 10000 == 0) {
			m /= 10000;
			e10 += 4;
		}
		if (m % 100 == 0) {
			m /= 100;
			e10 += 2;
		}
		if (m % 10 == 0) {
			m /= 10;
			e10 += 1;
		}
	}

	n = fastjson_decimal_length(m);
	/* dtoa's decpt: value = 0.d1d2... * 10^decpt. */
	decpt = n + e10;

	if (decpt > 17 || decpt < -3) {
		int32_t x = decpt - 1;

		/* Digits go one byte right, then the first moves in front of the point. */
		fastjson_write_digits(p + 1 + n, m);
		p[0] = p[1];
		p[1] = '.';
		if (n == 1) {
			p[2] = '0';
			p += 3;
		} else {
			p += 1 + n;
		}
		*p++ = 'e';
		if (x < 0) {
			*p++ = '-';
			x = -x;
		} else {
			*p++ = '+';
		}
		if (x >= 100) {
			*p++ = (char)('0' + x / 100);
			x %= 100;
			memcpy(p, fastjson_digit_pairs + 2 * x, 2);
			p += 2;
		} else if (x >= 10) {
			memcpy(p, fastjson_digit_pairs + 2 * x, 2);
			p += 2;
		} else {
			*p++ = (char)('0' + x);
		}
	} else if (decpt <= 0) {
		/* "0." and -decpt zeros; surplus zeros are overwritten or lie past the end. */
		memcpy(p, "0.000", 5);
		p += 2 - decpt + n;
		fastjson_write_digits(p, m);
	} else if (n <= decpt) {
		fastjson_write_digits(p + n, m);
		memset(p + n, '0', (size_t)(decpt - n));
		p += decpt;
	} else {
		int32_t i;

		/* Digits go one byte right, then the integer part moves back over the gap. */
		fastjson_write_digits(p + 1 + n, m);
		for (i = 0; i < decpt; i++) {
			p[i] = p[i + 1];
		}
		p[decpt] = '.';
		p += n + 1;
	}
	return (size_t)(p - buf);
}
