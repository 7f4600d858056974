/* JSON Pointer (RFC 6901) over JSON text, building nothing on the way: the look-up rides
 * on the structural stage's validation (the fastjson_pointer_on_*() hooks), so that one
 * field of a large document costs about one validation. Where the stage does not vouch for
 * the document, a walk over the text already validated skips the values off the path by
 * their brackets and quotes alone. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "fastjson_pointer.h"
#include "fastjson_parser.h"

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

/* From p, just inside a container and outside strings, to past the bracket that closes it
 * (or the terminating NUL): one mark at a time. */
static const unsigned char *fastjson_pointer_close_by_marks(const unsigned char *p, const unsigned char *limit,
		fastjson_simd_path simd)
{
	size_t open = 1;

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
	return fastjson_pointer_close_by_marks(p + 1, limit, simd);
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

/* One reference token (the pointer's last when last) in the value at p: the value it names,
 * or NULL, with what pointer_set may add there in target when it is the last. *token moves
 * into target->key (and becomes NULL) when it is the name of a member to add. */
static const unsigned char *fastjson_pointer_step(const unsigned char *base, const unsigned char *p,
		const unsigned char *limit, zend_string **token, bool last, int options, fastjson_simd_path simd,
		fastjson_pointer_target *target)
{
	const unsigned char *found = NULL, *last_end;

	if (*p == '{') {
		fastjson_pointer_member(p, limit, *token, options, simd, &found, &last_end);
		if (!found && last) {
			target->addable = true;
			target->first = last_end == p + 1;
			target->insert = last_end - base;
			target->key = *token;
			*token = NULL;
		}
	} else if (*p == '[') {
		bool dash = zend_string_equals_literal(*token, "-");
		zend_long index = dash ? -1 : fastjson_pointer_index(*token);
		zend_long count;
		if (index >= 0 || dash) {
			fastjson_pointer_element(p, limit, simd, index, &found, &count, &last_end);
			if (!found && last && (index < 0 || index == count)) {
				target->addable = true;
				target->first = count == 0;
				target->insert = last_end - base;
			}
		}
	}
	return found;
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
		const unsigned char *found;
		zend_string *token;

		at++; /* the '/' */
		token = fastjson_pointer_token(&at, end);
		if (!token) {
			return FASTJSON_POINTER_INVALID;
		}
		found = fastjson_pointer_step(base, p, limit, &token, at == end, options, simd, target);
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

/* ---- the look-up during validation ----------------------------------------------------- */

bool fastjson_pointer_track_init(fastjson_pointer_track *track, const zend_string *json, const zend_string *pointer,
		int options, fastjson_simd_path simd)
{
	const char *at = ZSTR_VAL(pointer), *end = at + ZSTR_LEN(pointer), *c;
	uint32_t count = 0;

	if (at < end && *at != '/') {
		return false;
	}
	for (c = at; c < end; c++) {
		count += *c == '/';
	}
	memset(track, 0, sizeof(*track));
	track->tokens = count ? safe_emalloc(count, sizeof(zend_string *), 0) : NULL;
	track->indices = count ? safe_emalloc(count, sizeof(zend_long), 0) : NULL;
	while (at < end) {
		zend_string *token;
		at++; /* the '/' */
		token = fastjson_pointer_token(&at, end);
		if (!token) {
			fastjson_pointer_track_release(track);
			return false;
		}
		track->indices[track->count] = fastjson_pointer_index(token);
		track->tokens[track->count++] = token;
	}
	track->options = options;
	track->simd = simd;
	track->base = (const unsigned char *) ZSTR_VAL(json);
	track->limit = track->base + ZSTR_LEN(json);
	/* The document's value is the one the empty prefix names. */
	track->watch = 0;
	track->armed = 0;
	return true;
}

void fastjson_pointer_track_release(fastjson_pointer_track *track)
{
	uint32_t i;

	for (i = 0; i < track->count; i++) {
		if (track->tokens[i]) {
			zend_string_efree(track->tokens[i]);
		}
	}
	if (track->tokens) {
		efree(track->tokens);
		efree(track->indices);
	}
	track->tokens = NULL;
	track->count = 0;
}

/* The value the path names at depth open begins at t. */
void fastjson_pointer_on_value(fastjson_pointer_track *track, const unsigned char *t, uint32_t open)
{
	bool container = (*t | 0x20) == '{';

	track->armed = UINT32_MAX;
	track->commas_left = 0;
	if (open == track->count) {
		track->found = t;
		track->found_end = NULL;
		if (container) {
			/* Watched to learn where it ends; its members name nothing. */
			track->watch = open + 1;
		}
		return;
	}
	if (!container) {
		/* A scalar on the way: nothing further down. */
		return;
	}
	track->watch = open + 1;
	if (open + 1 == track->count) {
		track->parent = t;
		track->parent_commas = 0;
	}
	if (*t == '[') {
		track->commas_left = track->indices[open];
		if (track->commas_left == 0) {
			track->armed = open + 1;
		}
	}
}

/* A member name at t in the object at depth watch. */
void fastjson_pointer_on_key(fastjson_pointer_track *track, const unsigned char *t)
{
	uint32_t level = track->watch;

	if (level > track->count) {
		return;
	}
	if (fastjson_pointer_key_is(t, fastjson_pointer_skip_string(t, track->limit, track->simd), track->tokens[level - 1],
			track->options, track->simd)) {
		/* A later duplicate: what the earlier one led to is not json_decode()'s. */
		track->armed = level;
		track->found = NULL;
		if (level < track->count) {
			track->parent = NULL;
		}
	}
}

/* A comma in the array at depth watch. */
void fastjson_pointer_on_comma(fastjson_pointer_track *track)
{
	if (track->watch == track->count) {
		track->parent_commas++;
	}
	if (track->commas_left > 0 && --track->commas_left == 0) {
		track->armed = track->watch;
	}
}

/* The closing bracket at t of the container at depth watch. */
void fastjson_pointer_on_close(fastjson_pointer_track *track, const unsigned char *t)
{
	if (track->watch == track->count + 1) {
		track->found_end = t + 1;
	} else if (track->watch == track->count) {
		track->parent_close = t;
	}
	track->watch--;
	track->armed = UINT32_MAX;
	track->commas_left = 0;
}

fastjson_pointer_status fastjson_pointer_track_result(fastjson_pointer_track *track, fastjson_pointer_target *target)
{
	const unsigned char *last;
	zend_string **token;

	memset(target, 0, sizeof(*target));
	if (track->found) {
		target->start = track->found - track->base;
		target->end = (track->found_end ? track->found_end
			: fastjson_pointer_skip_value(track->found, track->limit, track->simd)) - track->base;
		return FASTJSON_POINTER_FOUND;
	}
	if (!track->parent) {
		return FASTJSON_POINTER_ABSENT;
	}
	/* The parent's last entry ends where the whitespace before its closing bracket begins
	 * (at its opening bracket when it has none). */
	for (last = track->parent_close - 1; *last == ' ' || *last == '\n' || *last == '\r' || *last == '\t'; last--);
	target->first = last == track->parent;
	target->insert = last + 1 - track->base;
	token = &track->tokens[track->count - 1];
	if (*track->parent == '{') {
		target->addable = true;
		target->key = *token;
		*token = NULL;
	} else {
		/* An absent index is past the last element: it may name the next one. */
		zend_long index = track->indices[track->count - 1];
		target->addable = zend_string_equals_literal(*token, "-")
			|| index == (target->first ? 0 : track->parent_commas + 1);
	}
	return FASTJSON_POINTER_ABSENT;
}
