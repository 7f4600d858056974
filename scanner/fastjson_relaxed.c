/* FASTJSON_DECODE_RELAXED's pre-pass: one string-aware walk over the text that blanks what
 * the flag allows, so that the exact scanner needs no relaxed mode of its own. Only quotes,
 * slashes and commas matter to it: on the SIMD paths it reads 64-byte blocks of masks and
 * looks at them one by one only where a comment or a trailing comma may be; the scalar
 * path goes from mark to mark. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "fastjson_relaxed.h"
#include "../fastjson_simd.h"
#include "fastjson_stage1.h"

/* The copy is made at the first byte to blank: most relaxed inputs are plain JSON. Blanked
 * bytes are spaces in the copy, so looking back over whitespace there skips comments. */
typedef struct {
	const unsigned char *json;
	const unsigned char *end;
	zend_string *copy;
	fastjson_simd_path simd;
} fastjson_blanker;

static void fastjson_blank(fastjson_blanker *b, const unsigned char *from, const unsigned char *to)
{
	if (!b->copy) {
		b->copy = zend_string_init((const char *) b->json, b->end - b->json, 0);
	}
	memset(ZSTR_VAL(b->copy) + (from - b->json), ' ', to - from);
}

static zend_always_inline bool fastjson_relaxed_is_space(unsigned char c)
{
	return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* The first of a, b or c from p, or end: whole vectors only before end (the input may
 * hold NUL bytes, so end is the only stop). */
static zend_always_inline const unsigned char *fastjson_relaxed_find3(const unsigned char *p, const unsigned char *end,
		fastjson_simd_path simd, unsigned char a, unsigned char b, unsigned char c)
{
#ifdef FASTJSON_HAVE_SSE2
	while (simd != FASTJSON_SIMD_SCALAR && end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *) p);
		unsigned mask = (unsigned) _mm_movemask_epi8(_mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char) a)), _mm_cmpeq_epi8(v, _mm_set1_epi8((char) b))),
			_mm_cmpeq_epi8(v, _mm_set1_epi8((char) c))));
		if (mask) {
			return p + fastjson_ctz32(mask);
		}
		p += 16;
	}
#else
	(void) simd;
#endif
	while (p < end && *p != a && *p != b && *p != c) {
		p++;
	}
	return p;
}

/* Past the string whose opening quote is at p (or end). */
static const unsigned char *fastjson_relaxed_skip_string(const unsigned char *p, const unsigned char *end,
		fastjson_simd_path simd)
{
	for (p++;;) {
		p = fastjson_relaxed_find3(p, end, simd, '"', '\\', '"');
		if (p == end || *p == '"') {
			return p + (p < end);
		}
		p += 2; /* the backslash and the byte it escapes */
		if (p > end) {
			return end;
		}
	}
}

/* The comment at p ('/' with p + 1 < end) blanked; returns past it, or NULL when p does not
 * start a comment or the comment is unterminated (the scanner then stops at its '/'). */
static const unsigned char *fastjson_relaxed_comment(fastjson_blanker *b, const unsigned char *p)
{
	const unsigned char *q;

	if (p[1] == '/') {
		q = memchr(p + 2, '\n', b->end - (p + 2));
		q = q ? q : b->end;
	} else if (p[1] == '*') {
		for (q = p + 2;; q++) {
			q = memchr(q, '*', b->end - q);
			if (!q || q + 1 >= b->end) {
				return NULL;
			}
			if (q[1] == '/') {
				break;
			}
		}
		q += 2;
	} else {
		return NULL;
	}
	fastjson_blank(b, p, q);
	return q;
}

/* The comma at comma (outside strings): blanked when a closing bracket follows it (past
 * blanks and comments, which are blanked) and a value precedes it. Returns where the pass
 * goes on, or NULL when an unterminated comment stops it. */
static const unsigned char *fastjson_relaxed_comma(fastjson_blanker *b, const unsigned char *comma)
{
	const unsigned char *next = comma + 1, *end = b->end, *text, *before;

	for (;;) {
		while (next < end && fastjson_relaxed_is_space(*next)) {
			next++;
		}
		if (next + 1 < end && *next == '/' && (next[1] == '/' || next[1] == '*')) {
			next = fastjson_relaxed_comment(b, next);
			if (!next) {
				return NULL;
			}
			continue;
		}
		break;
	}
	if (next < end && (*next == ']' || *next == '}')) {
		text = b->copy ? (const unsigned char *) ZSTR_VAL(b->copy) : b->json;
		before = text + (comma - b->json);
		while (before > text && fastjson_relaxed_is_space(before[-1])) {
			before--;
		}
		if (before > text && before[-1] != '[' && before[-1] != '{' && before[-1] != ',' && before[-1] != ':') {
			fastjson_blank(b, comma, comma + 1);
		}
	}
	return next;
}

/* The quote, slash or comma at p (outside strings); returns past what it starts, or NULL
 * when the pass stops (a lone '/' or an unterminated comment: the scanner stops there). */
static const unsigned char *fastjson_relaxed_mark(fastjson_blanker *b, const unsigned char *p)
{
	if (*p == '"') {
		return fastjson_relaxed_skip_string(p, b->end, b->simd);
	}
	if (*p == '/') {
		return p + 1 < b->end ? fastjson_relaxed_comment(b, p) : NULL;
	}
	return fastjson_relaxed_comma(b, p);
}

/* From p (outside strings) to stop: mark by mark; NULL when the pass stops. */
static const unsigned char *fastjson_relaxed_by_marks(fastjson_blanker *b, const unsigned char *p,
		const unsigned char *stop)
{
	while (p < stop && (p = fastjson_relaxed_find3(p, b->end, b->simd, '"', '/', ',')) < b->end) {
		if (p >= stop) {
			return p;
		}
		p = fastjson_relaxed_mark(b, p);
		if (!p) {
			return NULL;
		}
	}
	return p;
}

#ifdef FASTJSON_HAVE_SSE2
static zend_always_inline uint64_t fastjson_relaxed_eq64_sse2(const __m128i v[4], char c)
{
	__m128i k = _mm_set1_epi8(c);
	return fastjson_movemask64_sse2(_mm_cmpeq_epi8(v[0], k), _mm_cmpeq_epi8(v[1], k), _mm_cmpeq_epi8(v[2], k),
		_mm_cmpeq_epi8(v[3], k));
}

/* 64 bytes at a time with the structural stage's string masks: a block needs the marks
 * only when, outside strings, it holds a slash, or a comma whose next byte past blanks is
 * a closing bracket or a slash. A comma whose blanks run past the block waits for the
 * next one (pending). From the first comma or slash concerned the marks take over, up to
 * the block's end. Plain and pretty-printed JSON are all blocks. */
static const unsigned char *fastjson_relaxed_by_blocks_sse2(fastjson_blanker *b, const unsigned char *p)
{
	uint64_t in_string = 0, escaped_carry = 0;
	const unsigned char *pending = NULL;

	while (b->end - p >= FASTJSON_BLOCK) {
		__m128i v[4], lower[4];
		uint64_t quote, backslash, slash, comma, close, space, escaped, inside, commas, after, sum, events;
		int i;
		for (i = 0; i < 4; i++) {
			v[i] = _mm_loadu_si128((const __m128i *) (p + 16 * i));
			lower[i] = _mm_or_si128(v[i], _mm_set1_epi8(0x20));
		}
		quote = fastjson_relaxed_eq64_sse2(v, '"');
		backslash = fastjson_relaxed_eq64_sse2(v, '\\');
		slash = fastjson_relaxed_eq64_sse2(v, '/');
		comma = fastjson_relaxed_eq64_sse2(v, ',');
		close = fastjson_relaxed_eq64_sse2(lower, '}');
		space = fastjson_relaxed_eq64_sse2(v, ' ') | fastjson_relaxed_eq64_sse2(v, '\n')
			| fastjson_relaxed_eq64_sse2(v, '\r') | fastjson_relaxed_eq64_sse2(v, '\t');
		escaped = (backslash | escaped_carry) ? fastjson_escaped_bytes(backslash, &escaped_carry) : 0;
		inside = fastjson_prefix_xor(quote & ~escaped) ^ in_string;
		in_string = (uint64_t) ((int64_t) inside >> 63);
		commas = comma & ~inside;
		/* The byte after each comma (the first byte, after a pending one), carried past a
		 * run of blanks to its first non-blank; a carry out of the block is a run that
		 * goes on in the next one. */
		after = (commas << 1) | (pending != NULL);
		sum = after + space;
		events = (slash & ~inside) | (sum & ~space & (close | slash));
		if (events) {
			const unsigned char *from = pending ? pending : p + fastjson_ctz64((slash & ~inside) | commas);
			p = fastjson_relaxed_by_marks(b, from, p + FASTJSON_BLOCK);
			if (!p) {
				return NULL;
			}
			in_string = escaped_carry = 0; /* the marks stop outside strings */
			pending = NULL;
			continue;
		}
		if (commas >> 63 || (sum < after && commas)) {
			pending = p + 63 - fastjson_clz64(commas);
		} else if (sum >= after) {
			pending = NULL;
		}
		p += FASTJSON_BLOCK;
	}
	/* The last bytes mark by mark: from a pending comma, or from inside a string if the
	 * blocks ended there. */
	if (pending) {
		return pending;
	}
	if (in_string) {
		p = fastjson_relaxed_skip_string(p - 1 + escaped_carry, b->end, b->simd);
	}
	return p;
}
#endif

zend_string *fastjson_relaxed_blank(const zend_string *json, fastjson_simd_path simd)
{
	const unsigned char *p = (const unsigned char *) ZSTR_VAL(json), *end = p + ZSTR_LEN(json);
	fastjson_blanker b = {p, end, NULL, simd};

	if (end - p >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) {
		fastjson_blank(&b, p, p + 3);
		p += 3;
	}
#ifdef FASTJSON_HAVE_SSE2
	if (simd != FASTJSON_SIMD_SCALAR) {
		p = fastjson_relaxed_by_blocks_sse2(&b, p);
	}
#endif
	if (p) {
		fastjson_relaxed_by_marks(&b, p, end);
	}
	return b.copy;
}
