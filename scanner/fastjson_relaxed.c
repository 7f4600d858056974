/* FASTJSON_DECODE_RELAXED's pre-pass: one string-aware walk over the text that blanks what
 * the flag allows, so that the exact scanner needs no relaxed mode of its own. Only quotes,
 * slashes and commas matter to it, and it finds them 16 bytes at a time. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "fastjson_relaxed.h"
#include "../fastjson_simd.h"

/* The copy is made at the first byte to blank: most relaxed inputs are plain JSON. Blanked
 * bytes are spaces in the copy, so looking back over whitespace there skips comments. */
typedef struct {
	const unsigned char *json;
	const unsigned char *end;
	zend_string *copy;
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
		unsigned char a, unsigned char b, unsigned char c)
{
#ifdef FASTJSON_HAVE_SSE2
	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *) p);
		unsigned mask = (unsigned) _mm_movemask_epi8(_mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char) a)), _mm_cmpeq_epi8(v, _mm_set1_epi8((char) b))),
			_mm_cmpeq_epi8(v, _mm_set1_epi8((char) c))));
		if (mask) {
			return p + fastjson_ctz32(mask);
		}
		p += 16;
	}
#endif
	while (p < end && *p != a && *p != b && *p != c) {
		p++;
	}
	return p;
}

/* Past the string whose opening quote is at p (or end). */
static const unsigned char *fastjson_relaxed_skip_string(const unsigned char *p, const unsigned char *end)
{
	for (p++;;) {
		p = fastjson_relaxed_find3(p, end, '"', '\\', '"');
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

zend_string *fastjson_relaxed_blank(const zend_string *json)
{
	const unsigned char *p = (const unsigned char *) ZSTR_VAL(json), *end = p + ZSTR_LEN(json);
	fastjson_blanker b = {p, end, NULL};

	if (end - p >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) {
		fastjson_blank(&b, p, p + 3);
		p += 3;
	}
	while ((p = fastjson_relaxed_find3(p, end, '"', '/', ',')) < end) {
		if (*p == '"') {
			p = fastjson_relaxed_skip_string(p, end);
		} else if (*p == '/') {
			if (p + 1 >= end || !(p = fastjson_relaxed_comment(&b, p))) {
				return b.copy; /* a lone '/': the scanner stops there */
			}
		} else {
			/* A comma: trailing when a closing bracket follows (past blanks and comments)
			 * and a value precedes it. */
			const unsigned char *comma = p, *next = p + 1, *text, *before;
			for (;;) {
				while (next < end && fastjson_relaxed_is_space(*next)) {
					next++;
				}
				if (next + 1 < end && *next == '/' && (next[1] == '/' || next[1] == '*')) {
					const unsigned char *after = fastjson_relaxed_comment(&b, next);
					if (!after) {
						return b.copy;
					}
					next = after;
					continue;
				}
				break;
			}
			if (next < end && (*next == ']' || *next == '}')) {
				text = b.copy ? (const unsigned char *) ZSTR_VAL(b.copy) : b.json;
				before = text + (comma - b.json);
				while (before > text && fastjson_relaxed_is_space(before[-1])) {
					before--;
				}
				if (before > text && before[-1] != '[' && before[-1] != '{' && before[-1] != ',' && before[-1] != ':') {
					fastjson_blank(&b, comma, comma + 1);
				}
			}
			p = next;
		}
	}
	return b.copy;
}
