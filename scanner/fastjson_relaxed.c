/* FASTJSON_DECODE_RELAXED's pre-pass: one string-aware walk over the text that blanks what
 * the flag allows, so that the exact scanner needs no relaxed mode of its own. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "fastjson_relaxed.h"

/* The copy is made at the first byte to blank: most relaxed inputs are plain JSON. */
typedef struct {
	const zend_string *json;
	zend_string *copy;
} fastjson_blanker;

static void fastjson_blank(fastjson_blanker *b, size_t from, size_t to)
{
	if (!b->copy) {
		b->copy = zend_string_init(ZSTR_VAL(b->json), ZSTR_LEN(b->json), 0);
	}
	memset(ZSTR_VAL(b->copy) + from, ' ', to - from);
}

/* Past the closing quote of the string whose opening quote is at i (or the end). */
static zend_always_inline size_t fastjson_relaxed_skip_string(const unsigned char *s, size_t i, size_t n)
{
	for (i++; i < n; i++) {
		if (s[i] == '"') {
			return i + 1;
		}
		if (s[i] == '\\') {
			i++;
		}
	}
	return n;
}

zend_string *fastjson_relaxed_blank(const zend_string *json)
{
	const unsigned char *s = (const unsigned char *) ZSTR_VAL(json);
	size_t n = ZSTR_LEN(json), i = 0, end;
	/* A comma right after a value, blanked when a closing bracket comes next. */
	size_t comma = SIZE_MAX;
	bool after_value = false;
	fastjson_blanker b = {json, NULL};

	if (n >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf) {
		fastjson_blank(&b, 0, 3);
		i = 3;
	}
	while (i < n) {
		unsigned char c = s[i];
		switch (c) {
			case ' ': case '\t': case '\n': case '\r':
				i++;
				break;
			case '"':
				i = fastjson_relaxed_skip_string(s, i, n);
				comma = SIZE_MAX;
				after_value = true;
				break;
			case '/':
				if (i + 1 < n && s[i + 1] == '/') {
					for (end = i + 2; end < n && s[end] != '\n'; end++);
				} else if (i + 1 < n && s[i + 1] == '*') {
					for (end = i + 2; end + 1 < n && !(s[end] == '*' && s[end + 1] == '/'); end++);
					if (end + 1 >= n) {
						return b.copy; /* unterminated: the scanner stops at its '/' */
					}
					end += 2;
				} else {
					return b.copy; /* a lone '/': the scanner stops there */
				}
				/* A comment keeps a pending comma pending and a value a value. */
				fastjson_blank(&b, i, end);
				i = end;
				break;
			case ',':
				comma = after_value ? i : SIZE_MAX;
				after_value = false;
				i++;
				break;
			case ']': case '}':
				if (comma != SIZE_MAX) {
					fastjson_blank(&b, comma, comma + 1);
				}
				comma = SIZE_MAX;
				after_value = true;
				i++;
				break;
			default:
				/* '[', '{', ':' start something; anything else is (part of) a literal or a
				 * number, or an error the scanner reports. */
				comma = SIZE_MAX;
				after_value = !(c == '[' || c == '{' || c == ':');
				i++;
				break;
		}
	}
	return b.copy;
}
