/* Decoding a string's escapes, once the scanner has checked them: by the parser, which
 * decodes a string after its scan, and by the scanner's one-pass decoder, which decodes
 * as it checks (fastjson_scan_decode_string()). */

#ifndef FASTJSON_UNESCAPE_H
#define FASTJSON_UNESCAPE_H

#include "php.h"
#include "fastjson_scanner.h"
#include "fastjson_u_escapes.h"
#include "../utf8/fastjson_utf8.h"

/* Four digits the scanner has checked. */
static zend_always_inline uint32_t fastjson_hex4(const unsigned char *p)
{
#ifndef WORDS_BIGENDIAN
	uint32_t x;
	memcpy(&x, p, 4);
	return fastjson_hex4_word(x);
#else
	return (uint32_t) fastjson_hex4_checked(p);
#endif
}

/* A code point from U+10000 on: four bytes. */
static zend_always_inline unsigned char *fastjson_put_utf8_4(unsigned char *out, uint32_t cp)
{
	out[0] = (unsigned char) (0xf0 | (cp >> 18));
	out[1] = (unsigned char) (0x80 | ((cp >> 12) & 0x3f));
	out[2] = (unsigned char) (0x80 | ((cp >> 6) & 0x3f));
	out[3] = (unsigned char) (0x80 | (cp & 0x3f));
	return out + 4;
}

static zend_always_inline unsigned char *fastjson_put_utf8(unsigned char *out, uint32_t cp)
{
	if (cp < 0x80) {
		*out++ = (unsigned char) cp;
	} else if (cp < 0x800) {
		*out++ = (unsigned char) (0xc0 | (cp >> 6));
		*out++ = (unsigned char) (0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*out++ = (unsigned char) (0xe0 | (cp >> 12));
		*out++ = (unsigned char) (0x80 | ((cp >> 6) & 0x3f));
		*out++ = (unsigned char) (0x80 | (cp & 0x3f));
	} else {
		*out++ = (unsigned char) (0xf0 | (cp >> 18));
		*out++ = (unsigned char) (0x80 | ((cp >> 12) & 0x3f));
		*out++ = (unsigned char) (0x80 | ((cp >> 6) & 0x3f));
		*out++ = (unsigned char) (0x80 | (cp & 0x3f));
	}
	return out;
}

/* Copies the 16 bytes at p to out (which has room for them) and returns how many come
 * before the first '\\' among them, 16 when there is none: the bytes past it are written
 * over by what follows, so a run between escapes costs one store, not a copy loop. */
static zend_always_inline unsigned fastjson_copy_to_backslash16(
		unsigned char *out, const unsigned char *p, fastjson_simd_path simd)
{
#if defined(FASTJSON_HAVE_SSE2)
	if (simd != FASTJSON_SIMD_SCALAR) {
		__m128i v = _mm_loadu_si128((const __m128i *) p);
		_mm_storeu_si128((__m128i *) out, v);
		return fastjson_ctz32(0x10000u | (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
	}
#elif defined(FASTJSON_HAVE_NEON)
	if (simd != FASTJSON_SIMD_SCALAR) {
		uint8x16_t v = vld1q_u8(p);
		uint64_t nibbles;
		vst1q_u8(out, v);
		nibbles = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(
			vreinterpretq_u16_u8(vceqq_u8(v, vdupq_n_u8('\\'))), 4)), 0);
		return nibbles ? fastjson_ctz64(nibbles) >> 2 : 16;
	}
#endif
	(void) simd;
	memcpy(out, p, 16);
#ifndef WORDS_BIGENDIAN
	/* A zero byte of word ^ '\\'*8: the lowest flagged byte is exact (borrows only run upwards). */
	for (unsigned half = 0; half < 16; half += 8) {
		uint64_t word, x, found;
		memcpy(&word, p + half, 8);
		x = word ^ UINT64_C(0x5c5c5c5c5c5c5c5c);
		found = (x - UINT64_C(0x0101010101010101)) & ~x & UINT64_C(0x8080808080808080);
		if (found) {
			return half + (fastjson_ctz64(found) >> 3);
		}
	}
	return 16;
#else
	{
		unsigned n = 0;
		while (n < 16 && p[n] != '\\') {
			n++;
		}
		return n;
	}
#endif
}

/* The byte a two-character escape stands for, by the byte after the backslash. */
static const unsigned char fastjson_escaped_byte[256] = {
	['"'] = '"', ['\\'] = '\\', ['/'] = '/', ['b'] = '\b', ['f'] = '\f', ['n'] = '\n', ['r'] = '\r', ['t'] = '\t',
};

/* Text the scanner has checked that holds no escape but lone short ones ("\/bfnrt, as
 * fastjson_skip_utf8_text() passes over them), decoded to out; returns the new out. */
static zend_always_inline unsigned char *fastjson_unescape_short(unsigned char *out, const unsigned char *p,
		const unsigned char *end)
{
	const unsigned char *backslash;

	while ((backslash = memchr(p, '\\', (size_t) (end - p))) != NULL) {
		memcpy(out, p, (size_t) (backslash - p));
		out += backslash - p;
		*out++ = fastjson_escaped_byte[backslash[1]];
		p = backslash + 2;
	}
	memcpy(out, p, (size_t) (end - p));
	return out + (end - p);
}

/* Decodes the escape at *pp (the scanner checked it) to out; returns the new out. */
static zend_always_inline unsigned char *fastjson_unescape_one(unsigned char *out, const unsigned char **pp)
{
	const unsigned char *p = *pp;
	uint32_t cp;

	if (p[1] != 'u') {
		*out++ = fastjson_escaped_byte[p[1]];
		*pp = p + 2;
		return out;
	}
	cp = fastjson_hex4(p + 2);
	p += 6;
	if (cp >= 0xd800 && cp <= 0xdbff) {
		/* The scanner accepted it: a low surrogate escape follows. */
		cp = 0x10000 + ((cp & 0x3ff) << 10) + (fastjson_hex4(p + 2) & 0x3ff);
		p += 6;
	}
	*pp = p;
	return fastjson_put_utf8(out, cp);
}

/* Decoding with bytes of invalid UTF-8, which IGNORE drops and SUBSTITUTE replaces. */
static zend_never_inline void fastjson_unescape_invalid(unsigned char *out, const unsigned char *p,
		const unsigned char *end, int options)
{
	while (p < end) {
		if (*p == '\\') {
			out = fastjson_unescape_one(out, &p);
		} else if (*p >= 0x80) {
			uint32_t cp;
			size_t n = fastjson_utf8_decode_valid(p, end, &cp);
			if (n) {
				memcpy(out, p, n);
				out += n;
				p += n;
			} else {
				if (options & PHP_JSON_INVALID_UTF8_SUBSTITUTE) {
					*out++ = 0xef;
					*out++ = 0xbf;
					*out++ = 0xbd;
				}
				p++;
			}
		} else {
			*out++ = *p++;
		}
	}
}

#ifdef FASTJSON_HAVE_AVX2
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_copy_to_backslash32_avx2(
		unsigned char *out, const unsigned char *p, fastjson_simd_path simd)
{
	__m256i v = _mm256_loadu_si256((const __m256i *) p);
	(void) simd;
	_mm256_storeu_si256((__m256i *) out, v);
	return fastjson_ctz64(UINT64_C(0x100000000)
		| (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))));
}
#endif

/* Decoding without invalid UTF-8: runs up to the next escape by whole stores, widest
 * first while there is room for them at out and in the input (up to limit, past the
 * string's end), then byte by byte. The string's closing quote stops a run of escapes. */
#define FASTJSON_UNESCAPE_RUNS(copy_to_backslash, width) do { \
		while (p < end) { \
			ptrdiff_t room = MIN(out_end - out, limit - p); \
			unsigned n, step; \
			if (room >= (width)) { \
				step = (width); \
				n = copy_to_backslash(out, p, simd); \
			} else if (room >= 16) { \
				step = 16; \
				n = fastjson_copy_to_backslash16(out, p, simd); \
			} else { \
				step = 1; \
				n = *p != '\\'; \
				*out = *p; \
			} \
			out += n; \
			p += n; \
			if (n < step) { \
				/* Escapes come in runs: non-Latin text escaped as \\uXXXX. */ \
				do { \
					out = fastjson_unescape_one(out, &p); \
				} while (*p == '\\'); \
			} \
		} \
	} while (0)

static zend_never_inline void fastjson_unescape_runs(unsigned char *out, unsigned char *out_end,
		const unsigned char *p, const unsigned char *end, const unsigned char *limit, fastjson_simd_path simd)
{
	FASTJSON_UNESCAPE_RUNS(fastjson_copy_to_backslash16, 16);
}

#ifdef FASTJSON_HAVE_AVX2
/* Room the window loop needs at out and in the input: a window's escapes reach at most 12
 * bytes past it (a pair, "\uXXXX\uXXXX", from its last byte) or past where a run of \u
 * escapes is stopped, and each run after one is one 32-byte store from there. */
#define FASTJSON_UNESCAPE_WINDOW_ROOM (2 * 32 + 16)

/* 32 bytes of the string at a time: one compare finds all their backslashes, and each
 * escape among them is decoded at a place known from that mask, its following run copied
 * by one store. Where each escape was found by a load at the end of the previous one,
 * text with an escape every few bytes waited for a load, a compare and a movemask per
 * escape. The window's backslashes past the string's end are left alone: they belong to
 * later strings. */
static zend_never_inline FASTJSON_CALL_PATH FASTJSON_TARGET_AVX2 void fastjson_unescape_runs_avx2(unsigned char *out,
		unsigned char *out_end, const unsigned char *p, const unsigned char *end, const unsigned char *limit,
		fastjson_simd_path simd)
{
	ptrdiff_t room;

	while (p < end && (room = MIN(out_end - out, limit - p)) >= FASTJSON_UNESCAPE_WINDOW_ROOM) {
		/* Where a run of \u escapes stops, so that the store after it stays in the room. */
		const unsigned char *runs_end = p + room - 32 - 12;
		__m256i v = _mm256_loadu_si256((const __m256i *) p);
		uint64_t backslash = (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')));
		unsigned done = 0; /* the window's bytes decoded so far; those up to its next backslash are at out */

		_mm256_storeu_si256((__m256i *) out, v);
		if (end - p < 32) {
			backslash &= (UINT64_C(1) << (end - p)) - 1;
		}
		while (backslash) {
			unsigned at = fastjson_ctz64(backslash);
			out += at - done;
			if (p[at + 1] != 'u') {
				*out++ = fastjson_escaped_byte[p[at + 1]];
				done = at + 2;
			} else {
				/* \u escapes come in runs (non-Latin text): one store after the run,
				 * which may go on past the window. */
				const unsigned char *escape = p + at;
				do {
					unsigned written;
					/* Four at once where a fourth escape is there (an emoji pair between words
					 * is not worth the try), and where the 24 bytes they take end no further
					 * past runs_end than a pair's 12: the store after the run stays in the
					 * room. (escape[18] is inside it: escape is below runs_end, or in the
					 * window at first.) */
					if (escape[18] == '\\' && escape + 12 < runs_end
							&& (written = fastjson_unescape_u4_avx2(out, escape))) {
						out += written;
						escape += 24;
						continue;
					}
					out = fastjson_unescape_one(out, &escape);
				} while (escape < runs_end && *escape == '\\');
				done = (unsigned) (escape - p);
			}
			backslash = done < 32 ? backslash & (~UINT64_C(0) << done) : 0;
			_mm256_storeu_si256((__m256i *) out, _mm256_loadu_si256((const __m256i *) (p + done)));
		}
		/* An escape across the window's end takes the next window's first bytes. */
		out += MAX(done, 32) - done;
		p += MAX(done, 32);
	}
	FASTJSON_UNESCAPE_RUNS(fastjson_copy_to_backslash32_avx2, 32);
}
#endif

#ifdef FASTJSON_HAVE_AVX512
/* Whether the 64 bytes at p (before limit) are text the block decoder takes faster than
 * the window loop: ASCII with at least six escapes, the first \u escape among its first 52
 * bytes below U+1000 or a surrogate half and not starting a run of eight (CJK). */
static zend_always_inline FASTJSON_TARGET_AVX2 bool fastjson_escape_dense64_avx2(const unsigned char *p)
{
	const __m256i lo = _mm256_loadu_si256((const __m256i *) p), hi = _mm256_loadu_si256((const __m256i *) (p + 32));
	const __m256i backslash = _mm256_set1_epi8('\\');
	const uint64_t escapes = (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, backslash))
		| (uint64_t) (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, backslash)) << 32;
	uint64_t starts = escapes & ((UINT64_C(1) << 52) - 1);

	if (_mm256_movemask_epi8(_mm256_or_si256(lo, hi)) != 0 || fastjson_popcount64(escapes) < 6) {
		return false;
	}
	while (starts && p[fastjson_ctz64(starts) + 1] != 'u') {
		starts &= starts - 1;
	}
	return starts && (p[fastjson_ctz64(starts) + 2] == '0' || (p[fastjson_ctz64(starts) + 2] | 0x20) == 'd')
		&& !fastjson_u_escape_run8_ahead(p + fastjson_ctz64(starts));
}

/* fastjson_unescape_runs_avx2(), with text that mixes ASCII and escapes (words of
 * Cyrillic, emoji between words) decoded 64 bytes at a time by the scanner's block
 * decoder; runs of eight \u escapes and more, raw UTF-8 and the string's last bytes go
 * as there. */
static zend_never_inline FASTJSON_TARGET_AVX2 void fastjson_unescape_runs_avx512(unsigned char *out,
		unsigned char *out_end, const unsigned char *p, const unsigned char *end, const unsigned char *limit,
		fastjson_simd_path simd)
{
	/* Only for long strings, whose text is mostly as it starts. */
	if (end - p < 256 || !fastjson_escape_dense64_avx2(p)) {
		fastjson_unescape_runs_avx2(out, out_end, p, end, limit, simd);
		return;
	}
	while (p < end && out_end - out >= 64 && limit - p > 64) {
		fastjson_decoded_run run = fastjson_decode_escapes_avx512(p, limit, out, out_end);
		unsigned n;

		if (run.in != p) {
			p = run.in;
			out = run.out;
		} else if (*p != '\\') {
			n = fastjson_copy_to_backslash32_avx2(out, p, simd);
			out += n;
			p += n;
		} else if (p[1] == 'u' && p + 48 <= end && fastjson_u_escape_run8_ahead(p)) {
			run = fastjson_decode_u_escapes_avx2(p, limit, out, out_end);
			if (run.in == p) {
				out = fastjson_unescape_one(out, &p);
			} else {
				p = run.in;
				out = run.out;
			}
		} else {
			out = fastjson_unescape_one(out, &p);
		}
	}
	fastjson_unescape_runs_avx2(out, out_end, p, end, limit, simd);
}
#endif

#endif
