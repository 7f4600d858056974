/* JSON Pointer (RFC 6901) over text already validated: the walk skips every value off the
 * path by its brackets and quotes alone, building nothing, so that reading one field of a
 * large document costs its validation and a skim, not its decode. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "fastjson_pointer.h"
#include "fastjson_parser.h"
#include "fastjson_stage1.h"

/* ---- skipping values of valid JSON ---------------------------------------------------- */

static zend_always_inline const unsigned char *fastjson_pointer_skip_ws(const unsigned char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') {
		p++;
	}
	return p;
}

/* Bytes that matter to skipping: quotes, backslashes and brackets ('[' | 0x20 is '{'). */
static zend_always_inline bool fastjson_pointer_is_mark(unsigned char c)
{
	return c == '"' || c == '\\' || (c | 0x20) == '{' || (c | 0x20) == '}';
}

/* The first mark (or the terminating NUL) from p: 16 bytes at a time where the SIMD path
 * allows, whole vectors only before limit. */
static zend_always_inline const unsigned char *fastjson_pointer_next_mark(const unsigned char *p,
		const unsigned char *limit, fastjson_simd_path simd)
{
#ifdef FASTJSON_HAVE_SSE2
	if (simd != FASTJSON_SIMD_SCALAR) {
		while (limit - p >= 16) {
			__m128i v = _mm_loadu_si128((const __m128i *) p);
			__m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
			unsigned mask = (unsigned) _mm_movemask_epi8(_mm_or_si128(
				_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
				_mm_or_si128(_mm_cmpeq_epi8(lower, _mm_set1_epi8('{')), _mm_cmpeq_epi8(lower, _mm_set1_epi8('}')))));
			if (mask) {
				return p + fastjson_ctz32(mask);
			}
			p += 16;
		}
	}
#else
	(void) limit, (void) simd;
#endif
	while (*p && !fastjson_pointer_is_mark(*p)) {
		p++;
	}
	return p;
}

/* p at an opening quote; returns past the closing one. Valid JSON: every '\\' escapes the
 * byte after it, and the closing quote comes before the terminating NUL. */
static zend_always_inline const unsigned char *fastjson_pointer_skip_string(const unsigned char *p,
		const unsigned char *limit, fastjson_simd_path simd)
{
	for (p++;;) {
		p = fastjson_pointer_next_mark(p, limit, simd);
		if (*p == '"' || !*p) {
			return p + (*p == '"');
		}
		p += *p == '\\' ? 2 : 1;
	}
}

/* From p, inside open containers and outside strings, to past the bracket that closes the
 * outermost of them (or the terminating NUL): one mark at a time. */
static const unsigned char *fastjson_pointer_close_by_marks(const unsigned char *p, const unsigned char *limit,
		fastjson_simd_path simd, size_t open)
{
	for (;;) {
		p = fastjson_pointer_next_mark(p, limit, simd);
		if (*p == '"') {
			p = fastjson_pointer_skip_string(p, limit, simd);
		} else if (!*p) {
			return p;
		} else if ((*p | 0x20) == '{') {
			open++;
			p++;
		} else {
			/* '\\' only appears inside strings, which are skipped whole. */
			p++;
			if (--open == 0) {
				return p;
			}
		}
	}
}

/* The bytes of a 64-byte block that matter to skipping, bit i for byte i. */
typedef struct {
	uint64_t quote;
	uint64_t backslash;
	uint64_t open;  /* '[' '{' */
	uint64_t close; /* ']' '}' */
} fastjson_pointer_block;

#ifdef FASTJSON_HAVE_SSE2
static zend_always_inline uint64_t fastjson_pointer_eq64_sse2(const __m128i v[4], char c)
{
	__m128i k = _mm_set1_epi8(c);
	return fastjson_movemask64_sse2(_mm_cmpeq_epi8(v[0], k), _mm_cmpeq_epi8(v[1], k), _mm_cmpeq_epi8(v[2], k),
		_mm_cmpeq_epi8(v[3], k));
}

static zend_always_inline void fastjson_pointer_classify_sse2(const unsigned char *p, fastjson_pointer_block *b)
{
	__m128i v[4], lower[4];
	int i;

	for (i = 0; i < 4; i++) {
		v[i] = _mm_loadu_si128((const __m128i *) (p + 16 * i));
		lower[i] = _mm_or_si128(v[i], _mm_set1_epi8(0x20));
	}
	b->quote = fastjson_pointer_eq64_sse2(v, '"');
	b->backslash = fastjson_pointer_eq64_sse2(v, '\\');
	b->open = fastjson_pointer_eq64_sse2(lower, '{');
	b->close = fastjson_pointer_eq64_sse2(lower, '}');
}
#endif

#ifdef FASTJSON_HAVE_AVX2
static zend_always_inline FASTJSON_TARGET_AVX2 uint64_t fastjson_pointer_eq64_avx2(__m256i lo, __m256i hi, char c)
{
	__m256i k = _mm256_set1_epi8(c);
	return fastjson_movemask64_avx2(_mm256_cmpeq_epi8(lo, k), _mm256_cmpeq_epi8(hi, k));
}

static zend_always_inline FASTJSON_TARGET_AVX2 void fastjson_pointer_classify_avx2(const unsigned char *p,
		fastjson_pointer_block *b)
{
	__m256i lo = _mm256_loadu_si256((const __m256i *) p), hi = _mm256_loadu_si256((const __m256i *) (p + 32));
	__m256i lo_lower = _mm256_or_si256(lo, _mm256_set1_epi8(0x20)), hi_lower = _mm256_or_si256(hi, _mm256_set1_epi8(0x20));

	b->quote = fastjson_pointer_eq64_avx2(lo, hi, '"');
	b->backslash = fastjson_pointer_eq64_avx2(lo, hi, '\\');
	b->open = fastjson_pointer_eq64_avx2(lo_lower, hi_lower, '{');
	b->close = fastjson_pointer_eq64_avx2(lo_lower, hi_lower, '}');
}
#endif

/* fastjson_pointer_close_by_marks() 64 bytes at a time, with the structural stage's string
 * masks (escaped quotes, prefix XOR): a block whose closing brackets cannot close them all
 * is counted, not walked. One copy per SIMD path, each with its classifier inlined. */
#define FASTJSON_POINTER_CLOSE_BY_BLOCKS(suffix, target, prefix_xor) \
static target const unsigned char *fastjson_pointer_close_by_blocks_##suffix(const unsigned char *p, \
		const unsigned char *limit, fastjson_simd_path simd, size_t open) \
{ \
	uint64_t in_string = 0, escaped_carry = 0; \
	while (limit - p >= FASTJSON_BLOCK) { \
		fastjson_pointer_block b; \
		uint64_t escaped, inside, opens, closes; \
		unsigned n_closes; \
		fastjson_pointer_classify_##suffix(p, &b); \
		escaped = (b.backslash | escaped_carry) ? fastjson_escaped_bytes(b.backslash, &escaped_carry) : 0; \
		inside = prefix_xor(b.quote & ~escaped) ^ in_string; \
		in_string = (uint64_t) ((int64_t) inside >> 63); \
		opens = b.open & ~inside; \
		closes = b.close & ~inside; \
		n_closes = fastjson_popcount64(closes); \
		if (n_closes < open) { \
			open += fastjson_popcount64(opens); \
			open -= n_closes; \
		} else { \
			uint64_t brackets = opens | closes; \
			while (brackets) { \
				unsigned at = fastjson_ctz64(brackets); \
				if ((opens >> at) & 1) { \
					open++; \
				} else if (--open == 0) { \
					return p + at + 1; \
				} \
				brackets &= brackets - 1; \
			} \
		} \
		p += FASTJSON_BLOCK; \
	} \
	/* The last bytes mark by mark, from inside a string if the blocks ended there. */ \
	if (in_string) { \
		p = fastjson_pointer_skip_string(p - 1 + escaped_carry, limit, simd); \
	} \
	return fastjson_pointer_close_by_marks(p, limit, simd, open); \
}

#ifdef FASTJSON_HAVE_SSE2
FASTJSON_POINTER_CLOSE_BY_BLOCKS(sse2, , fastjson_prefix_xor)
#endif
#ifdef FASTJSON_HAVE_AVX2
FASTJSON_POINTER_CLOSE_BY_BLOCKS(avx2, FASTJSON_TARGET_AVX2, fastjson_prefix_xor_clmul)
#endif

/* p at a value; returns past it. */
static const unsigned char *fastjson_pointer_skip_value(const unsigned char *p, const unsigned char *limit,
		fastjson_simd_path simd)
{
	if (*p == '"') {
		return fastjson_pointer_skip_string(p, limit, simd);
	}
	if (*p != '{' && *p != '[') {
		/* A number or a literal: up to the next delimiter. */
		while (*p && *p != ',' && *p != ']' && *p != '}' && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t') {
			p++;
		}
		return p;
	}
	/* Blocks while 64 bytes can be read (near the input's end the marks cost less);
	 * the NEON and scalar paths go mark by mark. */
	if (limit - p > 4 * FASTJSON_BLOCK) {
#ifdef FASTJSON_HAVE_AVX2
		if (fastjson_simd_has_avx2(simd)) {
			return fastjson_pointer_close_by_blocks_avx2(p + 1, limit, simd, 1);
		}
#endif
#ifdef FASTJSON_HAVE_SSE2
		if (simd != FASTJSON_SIMD_SCALAR) {
			return fastjson_pointer_close_by_blocks_sse2(p + 1, limit, simd, 1);
		}
#endif
	}
	return fastjson_pointer_close_by_marks(p + 1, limit, simd, 1);
}

/* ---- pointer tokens -------------------------------------------------------------------- */

/* The next reference token of the pointer from *at (just past its '/'), unescaped into a
 * new string; NULL when a '~' is not followed by '0' or '1'. */
static zend_string *fastjson_pointer_token(const char **at, const char *end)
{
	const char *from = *at, *to = memchr(from, '/', end - from);
	zend_string *token;
	char *out;

	to = to ? to : end;
	*at = to;
	token = zend_string_alloc(to - from, 0);
	for (out = ZSTR_VAL(token); from < to; from++) {
		if (*from != '~') {
			*out++ = *from;
		} else if (from + 1 < to && (from[1] == '0' || from[1] == '1')) {
			*out++ = from[1] == '0' ? '~' : '/';
			from++;
		} else {
			zend_string_efree(token);
			return NULL;
		}
	}
	*out = '\0';
	ZSTR_LEN(token) = out - ZSTR_VAL(token);
	return token;
}

/* An array index: "0", or digits without a leading zero; -1 when token is none or too big
 * to index anything. */
static zend_long fastjson_pointer_index(const zend_string *token)
{
	zend_ulong index = 0;
	size_t i;

	if (ZSTR_LEN(token) == 0 || ZSTR_LEN(token) > 18 || (ZSTR_VAL(token)[0] == '0' && ZSTR_LEN(token) > 1)) {
		return -1;
	}
	for (i = 0; i < ZSTR_LEN(token); i++) {
		unsigned char d = (unsigned char) ZSTR_VAL(token)[i] - '0';
		if (d > 9) {
			return -1;
		}
		index = index * 10 + d;
	}
	return (zend_long) index;
}

/* Whether the member name between the quotes at key (a string of valid JSON) decodes to
 * token. Names with escapes, and with other than ASCII bytes when invalid UTF-8 is ignored
 * or substituted, are decoded as json_decode() would decode them. */
static bool fastjson_pointer_key_is(const unsigned char *key, const unsigned char *key_end, const zend_string *token,
		int options, fastjson_simd_path simd)
{
	const unsigned char *raw = key + 1, *raw_end = key_end - 1, *c;
	bool decode = false;
	zend_string *text;
	zval name;
	bool same;

	for (c = raw; c < raw_end; c++) {
		if (*c == '\\' || (*c >= 0x80 && (options & (PHP_JSON_INVALID_UTF8_IGNORE | PHP_JSON_INVALID_UTF8_SUBSTITUTE)))) {
			decode = true;
			break;
		}
	}
	if (!decode) {
		return (size_t) (raw_end - raw) == ZSTR_LEN(token) && memcmp(raw, ZSTR_VAL(token), ZSTR_LEN(token)) == 0;
	}
	text = zend_string_init((const char *) key, key_end - key, 0);
	if (fastjson_decode_ex(&name, text, options & (PHP_JSON_INVALID_UTF8_IGNORE | PHP_JSON_INVALID_UTF8_SUBSTITUTE),
			PHP_JSON_PARSER_DEFAULT_DEPTH, simd, NULL) != PHP_JSON_ERROR_NONE) {
		zend_string_efree(text);
		return false;
	}
	zend_string_efree(text);
	same = zend_string_equals(Z_STR(name), token);
	zval_ptr_dtor_str(&name);
	return same;
}

/* ---- the walk -------------------------------------------------------------------------- */

/* In the object at p, the last member named token: its value's start in *found (NULL when
 * absent); *last_end is where the last member ends (after '{' when none). */
static void fastjson_pointer_member(const unsigned char *p, const unsigned char *limit, const zend_string *token,
		int options, fastjson_simd_path simd, const unsigned char **found, const unsigned char **last_end)
{
	*found = NULL;
	*last_end = p + 1;
	p = fastjson_pointer_skip_ws(p + 1);
	if (*p == '}') {
		return;
	}
	for (;;) {
		const unsigned char *key = p, *value;
		bool match;
		p = fastjson_pointer_skip_string(p, limit, simd);
		match = fastjson_pointer_key_is(key, p, token, options, simd);
		p = fastjson_pointer_skip_ws(fastjson_pointer_skip_ws(p) + 1); /* past ':' */
		value = p;
		p = fastjson_pointer_skip_value(p, limit, simd);
		if (match) {
			*found = value;
		}
		*last_end = p;
		p = fastjson_pointer_skip_ws(p);
		if (*p == '}') {
			return;
		}
		p = fastjson_pointer_skip_ws(p + 1); /* past ',' */
	}
}

/* In the array at p, the element at index (-1: none, as for "-"): its start in *found (NULL
 * when absent); otherwise the element count in *count and the last element's end in
 * *last_end (after '[' when none). */
static void fastjson_pointer_element(const unsigned char *p, const unsigned char *limit, fastjson_simd_path simd,
		zend_long index, const unsigned char **found, zend_long *count, const unsigned char **last_end)
{
	*found = NULL;
	*count = 0;
	*last_end = p + 1;
	p = fastjson_pointer_skip_ws(p + 1);
	if (*p == ']') {
		return;
	}
	for (;;) {
		if (*count == index) {
			*found = p;
			return;
		}
		p = fastjson_pointer_skip_value(p, limit, simd);
		++*count;
		*last_end = p;
		p = fastjson_pointer_skip_ws(p);
		if (*p == ']') {
			return;
		}
		p = fastjson_pointer_skip_ws(p + 1);
	}
}

fastjson_pointer_status fastjson_pointer_find(const zend_string *json, const zend_string *pointer, int options,
		fastjson_simd_path simd, fastjson_pointer_target *target)
{
	const unsigned char *base = (const unsigned char *) ZSTR_VAL(json), *limit = base + ZSTR_LEN(json);
	const unsigned char *p = fastjson_pointer_skip_ws(base);
	const char *at = ZSTR_VAL(pointer), *end = at + ZSTR_LEN(pointer);

	memset(target, 0, sizeof(*target));
	if (at < end && *at != '/') {
		return FASTJSON_POINTER_INVALID;
	}
	while (at < end) {
		const unsigned char *found, *last_end;
		zend_string *token;
		bool last;

		at++; /* the '/' */
		token = fastjson_pointer_token(&at, end);
		if (!token) {
			return FASTJSON_POINTER_INVALID;
		}
		last = at == end;
		if (*p == '{') {
			fastjson_pointer_member(p, limit, token, options, simd, &found, &last_end);
			if (!found && last) {
				target->addable = true;
				target->first = last_end == p + 1;
				target->insert = last_end - base;
				target->key = token;
				token = NULL;
			}
		} else if (*p == '[') {
			zend_long index = zend_string_equals_literal(token, "-") ? -1 : fastjson_pointer_index(token);
			zend_long count;
			if (index < 0 && !zend_string_equals_literal(token, "-")) {
				found = NULL;
			} else {
				fastjson_pointer_element(p, limit, simd, index, &found, &count, &last_end);
				if (!found && last && (index < 0 || index == count)) {
					target->addable = true;
					target->first = count == 0;
					target->insert = last_end - base;
				}
			}
		} else {
			found = NULL;
		}
		if (token) {
			zend_string_efree(token);
		}
		if (!found) {
			/* An invalid token further on still makes the pointer invalid. */
			while (at < end) {
				at++;
				token = fastjson_pointer_token(&at, end);
				if (!token) {
					if (target->key) {
						zend_string_efree(target->key);
					}
					memset(target, 0, sizeof(*target));
					return FASTJSON_POINTER_INVALID;
				}
				zend_string_efree(token);
			}
			return FASTJSON_POINTER_ABSENT;
		}
		p = found;
	}
	target->start = p - base;
	target->end = fastjson_pointer_skip_value(p, limit, simd) - base;
	return FASTJSON_POINTER_FOUND;
}
