/* The value walker: the same decisions, in the same order, as ext/json's encoder
 * (json_encoder.c), so that output bytes, error codes and side effects (jsonSerialize
 * calls, property tables built) are identical.
 *
 * Compiled once per instruction set, each copy static to its file and entered through
 * FASTJSON_WALK_ENTRY: fastjson_encoder.c's for every CPU, fastjson_walk_avx512.c's
 * (FASTJSON_WALK_AVX512) for AVX-512 ones, where a short string is checked and copied
 * from one masked load. No include guard: a file includes it once. */

#include "zend_enum.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "fastjson_encoder.h"
#include "fastjson_double.h"
#include "fastjson_tables.h"
#include "fastjson_compat.h"
#include "../fastjson_stack.h"
#include "../fastjson_umul128.h"

/* ---- scalars ------------------------------------------------------------------ */

/* Bytes the integer writer may touch: a sign and up to three 8-byte stores. */
#define FASTJSON_LONG_MAX_LENGTH 24

/* The eight decimal digits of v < 10^8, zero-padded, one per byte in ASCII order (the
 * first digit in the lowest byte): v is split into halves, hundreds and tens inside one
 * 64-bit word, each step a multiply and shift by a reciprocal, exact for these ranges. */
static zend_always_inline uint64_t fastjson_8_digits(uint32_t v)
{
	uint64_t halves = (uint64_t) (v / 10000) | ((uint64_t) (v % 10000) << 32);
	uint64_t hundreds = ((halves * 10486) >> 20) & UINT64_C(0x0000007F0000007F);
	uint64_t pairs = hundreds | ((halves - hundreds * 100) << 16);
	uint64_t tens = ((pairs * 103) >> 10) & UINT64_C(0x000F000F000F000F);

	return tens | ((pairs - tens * 10) << 8);
}

/* Stores the word's lowest byte first, whatever the byte order. */
static zend_always_inline void fastjson_store_digits(char *out, uint64_t digits)
{
#ifdef WORDS_BIGENDIAN
	digits = __builtin_bswap64(digits);
#endif
	memcpy(out, &digits, 8);
}

/* v < 10^8 without its leading zeros (one digit for 0); stores 8 bytes at out. */
static zend_always_inline char *fastjson_write_leading_digits(char *out, uint32_t v)
{
	uint64_t digits;

	/* The lead of 9- and 10-digit values (ids, keys of id maps) and small counts. */
	if (v < 100) {
		memcpy(out, fastjson_digit_pairs + v * 2 + (v < 10), 2);
		return out + 1 + (v >= 10);
	}
	digits = fastjson_8_digits(v);
	/* A zero digit is a zero byte; the bit stops the count at the last digit. */
	unsigned zeros = fastjson_ctz64(digits | (UINT64_C(1) << 56)) / 8;

	fastjson_store_digits(out, (digits + UINT64_C(0x3030303030303030)) >> (zeros * 8));
	return out + 8 - zeros;
}

static zend_always_inline char *fastjson_write_8_digits(char *out, uint32_t v)
{
	fastjson_store_digits(out, fastjson_8_digits(v) + UINT64_C(0x3030303030303030));
	return out + 8;
}

/* Nine digits, zero-padded, without a division: v / 10^8 as a fixed-point number with a
 * 64-bit fraction, whose integer part (the product's high half) is the first digit and
 * whose fraction times 100 gives each next pair, one multiply per pair. The rounded-up
 * reciprocal's error, carried to the last pair, stays below 1% of its unit for every
 * v < 10^9 (checked for all of them). */
static zend_always_inline uint64_t fastjson_next_pair(char *out, uint64_t fraction)
{
	uint64_t rest;

	memcpy(out, fastjson_digit_pairs + fastjson_umul128(fraction, 100, &rest) * 2, 2);
	return rest;
}

static zend_always_inline char *fastjson_write_9_digits(char *out, uint32_t v)
{
	uint64_t x;

	out[0] = (char) ('0' + fastjson_umul128(v, UINT64_MAX / 100000000 + 1, &x));
	x = fastjson_next_pair(out + 1, x);
	x = fastjson_next_pair(out + 3, x);
	x = fastjson_next_pair(out + 5, x);
	fastjson_next_pair(out + 7, x);
	return out + 9;
}

/* Ten digits and more: rarer, and out of line so that the walks, which inline the writer
 * at every value site, stay small; cold, so that it sits apart from the hot code (placed
 * between the walks it cost small warm records 5-10% at the same instruction count). */
static ZEND_COLD zend_never_inline char *fastjson_write_wide_digits(char *out, zend_ulong u)
{
	if (u < UINT64_C(10000000000)) {
		/* Unix times: the first digit, then nine more as above. */
		*out = (char) ('0' + u / 1000000000);
		return fastjson_write_9_digits(out + 1, (uint32_t) (u % 1000000000));
	}
	if (u < UINT64_C(10000000000000000)) {
		out = fastjson_write_leading_digits(out, (uint32_t) (u / 100000000));
		return fastjson_write_8_digits(out, (uint32_t) (u % 100000000));
	}
	out = fastjson_write_leading_digits(out, (uint32_t) (u / UINT64_C(10000000000000000)));
	u %= UINT64_C(10000000000000000);
	out = fastjson_write_8_digits(out, (uint32_t) (u / 100000000));
	return fastjson_write_8_digits(out, (uint32_t) (u % 100000000));
}

/* Eight digits at a time, each block one store. out must have room for
 * FASTJSON_LONG_MAX_LENGTH bytes. */
static zend_always_inline char *fastjson_write_long(char *out, zend_long value)
{
	zend_ulong u = value < 0 ? (zend_ulong) 0 - (zend_ulong) value : (zend_ulong) value;

	if (value < 0) {
		*out++ = '-';
	}
	if (u < UINT64_C(100000000)) {
		return fastjson_write_leading_digits(out, (uint32_t) u);
	}
	if (u < UINT64_C(1000000000)) {
		return fastjson_write_9_digits(out, (uint32_t) u);
	}
	return fastjson_write_wide_digits(out, u);
}

static zend_always_inline void fastjson_append_long(fastjson_buf *buf, zend_long value)
{
	buf->pos = fastjson_write_long(fastjson_buf_reserve(buf, FASTJSON_LONG_MAX_LENGTH), value);
}

static FASTJSON_CALL_PATH void fastjson_append_double(fastjson_buf *buf, double d, int options)
{
	char *out;
	size_t len;
	int precision = (int) PG(serialize_precision);

	/* The shortest form and its ".0" fit a small reservation: one of ZEND_DOUBLE_MAX_LENGTH
	 * (1080) would move a small output out of the local buffer. */
	if (precision == -1) {
		out = fastjson_buf_reserve(buf, FASTJSON_DOUBLE_MAX_LENGTH + 2);
		len = fastjson_double_format_shortest(d, out);
	} else {
		out = fastjson_buf_reserve(buf, ZEND_DOUBLE_MAX_LENGTH);
		zend_gcvt(d, precision, '.', 'e', out);
		len = strlen(out);
	}
	/* ext/json's rule: ".0" only when there is no '.', which the E form always has. */
	if ((options & PHP_JSON_PRESERVE_ZERO_FRACTION) && memchr(out, '.', len) == NULL
			&& len < ZEND_DOUBLE_MAX_LENGTH - 2) {
		out[len++] = '.';
		out[len++] = '0';
	}
	buf->pos = out + len;
}

static zend_always_inline bool fastjson_is_finite(double d)
{
	return !zend_isinf(d) && !zend_isnan(d);
}

/* ---- containers --------------------------------------------------------------- */

/* Strings up to this long that need no escaping are written inline: keys and short
 * values, most of every real document, skip the string writer's call and set-up. */
#define FASTJSON_SHORT_CLEAN_MAX 31

/* A member's prefix reserves this much more for its value: null, booleans, integers and
 * short clean strings are then written without a check of their own. */
#define FASTJSON_VALUE_ROOM MAX(FASTJSON_LONG_MAX_LENGTH, FASTJSON_SHORT_CLEAN_MAX + 2)

/* Pretty-print indents are written 32 spaces at once, then 16 at a time: every
 * reservation that may hold an indent adds this much slack. */
#define FASTJSON_INDENT_SLACK 32

static const char fastjson_spaces[16] = {
	' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '};

static zend_always_inline bool fastjson_is_pretty(const fastjson_encoder *encoder)
{
	return (encoder->options & PHP_JSON_PRETTY_PRINT) != 0;
}

/* The helpers below take `pretty` as a parameter: the member loops are compiled once for
 * each value, so none of them tests the flag per member. */
static zend_always_inline size_t fastjson_indent_width(const fastjson_encoder *encoder, bool pretty)
{
	return pretty ? (size_t) encoder->depth * 4 : 0;
}

/* The pretty-print newline and indent; nothing in compact mode. */
static zend_always_inline char *fastjson_write_newline(char *out, size_t indent, bool pretty)
{
	size_t i;

	if (!pretty) {
		return out;
	}
	*out++ = '\n';
	/* Eight levels without a loop: documents rarely nest deeper. */
	memcpy(out, fastjson_spaces, 16);
	memcpy(out + 16, fastjson_spaces, 16);
	for (i = 32; i < indent; i += 16) {
		memcpy(out + i, fastjson_spaces, 16);
	}
	return out + indent;
}

/* Bytes a member's prefix (the comma, the newline and indent) and `extra` more may take. */
static zend_always_inline size_t fastjson_member_room(size_t indent, size_t extra)
{
	return 2 + indent + FASTJSON_INDENT_SLACK + extra;
}

/* A member's prefix at out, which has fastjson_member_room() bytes: the comma unless it
 * is the first, then the newline and indent. Returns where the member goes. */
static zend_always_inline char *fastjson_write_member_prefix(char *out, bool *need_comma, size_t indent, bool pretty)
{
	*out = ',';
	out += *need_comma;
	*need_comma = true;
	return fastjson_write_newline(out, indent, pretty);
}

/* Starts a member: the comma, then the newline and indent. Reserves `extra` more bytes
 * after them, and returns where to write. */
static zend_always_inline char *fastjson_begin_member(fastjson_encoder *encoder, bool *need_comma, size_t extra,
		bool pretty)
{
	size_t indent = fastjson_indent_width(encoder, pretty);

	return fastjson_write_member_prefix(fastjson_buf_reserve(&encoder->buf, fastjson_member_room(indent, extra)),
		need_comma, indent, pretty);
}

static zend_always_inline char *fastjson_write_key_separator(char *out, bool pretty)
{
	*out++ = ':';
	if (pretty) {
		*out++ = ' ';
	}
	return out;
}

/* A list member's prefix; returns where its value goes. */
static zend_always_inline char *fastjson_begin_element(fastjson_encoder *encoder, bool *need_comma, bool pretty)
{
	return fastjson_begin_member(encoder, need_comma, FASTJSON_VALUE_ROOM, pretty);
}

/* Whether the string is at most FASTJSON_SHORT_CLEAN_MAX bytes and needs no escaping. */
static zend_always_inline bool fastjson_is_short_clean(const fastjson_encoder *encoder, const zend_string *str)
{
	const unsigned char *val = (const unsigned char *) ZSTR_VAL(str);
	size_t len = ZSTR_LEN(str);

	if (len < 16) {
		return fastjson_scan_short_zstr(encoder->escape_set, encoder->simd_path, val, len) == val + len;
	}
	return len <= FASTJSON_SHORT_CLEAN_MAX && fastjson_is_clean_16_to_31(encoder->escape_set, encoder->simd_path, val, len);
}

/* Writes such a string, quoted; out has room for FASTJSON_SHORT_CLEAN_MAX + 2 bytes. */
static zend_always_inline char *fastjson_write_short_clean(char *out, const zend_string *str)
{
	const char *val = ZSTR_VAL(str);
	size_t len = ZSTR_LEN(str);

	*out++ = '"';
	if (len >= 16) {
		/* two overlapping 16-byte moves */
		char head[16], tail[16];

		memcpy(head, val, 16);
		memcpy(tail, val + len - 16, 16);
		memcpy(out, head, 16);
		memcpy(out + len - 16, tail, 16);
		out += len;
	} else {
		out = fastjson_copy_run(out, (const unsigned char *) val, len);
	}
	*out++ = '"';
	return out;
}

#ifdef FASTJSON_WALK_AVX512
/* fastjson_write_short_clean() for a string that may be anything: one masked load (it
 * reads nothing past the string), the escape check on it, and one store of all its
 * bytes (the zeros past them are overwritten by what follows). NULL: longer, or a byte
 * needs escaping, nothing written. Sets with JSON_HEX_* take the generic check. */
static zend_always_inline char *fastjson_write_if_short_clean_avx512(char *out, const zend_string *str,
		const fastjson_escape_set *set)
{
	size_t len = ZSTR_LEN(str);
	__mmask32 present;
	__m256i v;

	if (len > FASTJSON_SHORT_CLEAN_MAX) {
		return NULL;
	}
	present = (__mmask32) ((UINT32_C(1) << len) - 1);
	v = _mm256_maskz_loadu_epi8(present, ZSTR_VAL(str));
	/* Below 0x20 as a signed byte is also from 0x80 on: non-ASCII goes to the escaper. */
	if ((_mm256_cmplt_epi8_mask(v, _mm256_set1_epi8(0x20)) | _mm256_cmpeq_epi8_mask(v, _mm256_set1_epi8('"'))
			| _mm256_cmpeq_epi8_mask(v, _mm256_set1_epi8('\\'))
			| _mm256_cmpeq_epi8_mask(v, _mm256_load_si256((const __m256i *) set->extra_dirty_vec[0]))) & present) {
		return NULL;
	}
	*out = '"';
	_mm256_storeu_si256((__m256i *) (out + 1), v);
	out[1 + len] = '"';
	return out + 2 + len;
}
#endif

/* Where a value of at most `needed` bytes goes: after a member's prefix, its `room`. */
static zend_always_inline char *fastjson_value_out(fastjson_encoder *encoder, size_t needed, char *room)
{
	return room ? room : fastjson_buf_reserve(&encoder->buf, needed);
}

/* Writes the string quoted, when it is at most FASTJSON_SHORT_CLEAN_MAX bytes and needs
 * no escaping, after a member's prefix at `room` or else at the buffer's end, and
 * returns the end; NULL otherwise, and nothing written. */
static zend_always_inline char *fastjson_write_if_short_clean(fastjson_encoder *encoder, char *room,
		const zend_string *str)
{
#ifdef FASTJSON_WALK_AVX512
	if (!encoder->escape_set->has_hex_dirty) {
		return fastjson_write_if_short_clean_avx512(
			fastjson_value_out(encoder, FASTJSON_SHORT_CLEAN_MAX + 2, room), str, encoder->escape_set);
	}
#endif
	if (!fastjson_is_short_clean(encoder, str)) {
		return NULL;
	}
	return fastjson_write_short_clean(fastjson_value_out(encoder, FASTJSON_SHORT_CLEAN_MAX + 2, room), str);
}

/* A string key; an invalid one becomes "" under PARTIAL_OUTPUT_ON_ERROR, as in ext/json.
 * NUMERIC_CHECK never applies: the escape functions only escape. */
static zend_always_inline zend_result fastjson_begin_string_member(fastjson_encoder *encoder, bool *need_comma,
		zend_string *key, bool pretty)
{
	/* room for a short key, its quotes and ": ", then the value's */
	char *out = fastjson_begin_member(encoder, need_comma, FASTJSON_SHORT_CLEAN_MAX + 4 + FASTJSON_VALUE_ROOM, pretty);

	char *key_end = fastjson_write_if_short_clean(encoder, out, key);

	if (EXPECTED(key_end != NULL)) {
		encoder->buf.pos = fastjson_write_key_separator(key_end, pretty);
		return SUCCESS;
	}
	encoder->buf.pos = out;
	if (UNEXPECTED(encoder->escape(encoder, ZSTR_VAL(key), ZSTR_LEN(key)) == FAILURE)) {
		if (encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
			encoder->buf.pos -= 4;
			fastjson_buf_appendl(&encoder->buf, "\"\"", 2);
		} else if (fastjson_compat_key_error_stops) {
			/* some versions abort at the key (encoder/fastjson_compat.h) */
			return FAILURE;
		}
	}
	encoder->buf.pos = fastjson_write_key_separator(fastjson_buf_reserve(&encoder->buf, 2 + FASTJSON_VALUE_ROOM), pretty);
	return SUCCESS;
}

/* An integer key, written as a string. */
static zend_always_inline void fastjson_begin_index_member(fastjson_encoder *encoder, bool *need_comma,
		zend_ulong index, bool pretty)
{
	/* the quotes, the digits and ": ", then the value's room */
	char *out = fastjson_begin_member(encoder, need_comma, FASTJSON_LONG_MAX_LENGTH + 4 + FASTJSON_VALUE_ROOM, pretty);

	*out++ = '"';
	out = fastjson_write_long(out, (zend_long) index);
	*out++ = '"';
	encoder->buf.pos = fastjson_write_key_separator(out, pretty);
}

/* The depth check comes after the children, as in ext/json: deeper errors win. */
static zend_always_inline zend_result fastjson_close_container(
		fastjson_encoder *encoder, bool need_comma, char closer)
{
	if (encoder->depth > encoder->max_depth) {
		encoder->error_code = PHP_JSON_ERROR_DEPTH;
		if (!(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
			return FAILURE;
		}
	}
	--encoder->depth;
	/* An empty container keeps its closer on the same line. */
	if (need_comma) {
		bool pretty = fastjson_is_pretty(encoder);
		size_t indent = fastjson_indent_width(encoder, pretty);
		char *out = fastjson_buf_reserve(&encoder->buf, fastjson_member_room(indent, 0));

		out = fastjson_write_newline(out, indent, pretty);
		*out++ = closer;
		encoder->buf.pos = out;
	} else {
		fastjson_buf_appendc(&encoder->buf, closer);
	}
	return SUCCESS;
}

static ZEND_COLD zend_result fastjson_stack_exhausted(fastjson_encoder *encoder)
{
	encoder->error_code = PHP_JSON_ERROR_DEPTH;
	if (encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
		fastjson_buf_appendl(&encoder->buf, "null", 4);
	}
	return FAILURE;
}

static ZEND_COLD zend_result fastjson_recursion_detected(fastjson_encoder *encoder)
{
	encoder->error_code = PHP_JSON_ERROR_RECURSION;
	fastjson_buf_appendl(&encoder->buf, "null", 4);
	return FAILURE;
}

static zend_result fastjson_encode_array(fastjson_encoder *encoder, zval *val);

/* Arrays, and objects encoded as their properties. */
static zend_always_inline zend_result fastjson_encode_container(fastjson_encoder *encoder, zval *val)
{
	/* Hold a reference so a jsonSerialize() call cannot free the container. */
	zval copy;
	zend_result result;

	ZVAL_COPY(&copy, val);
	result = fastjson_encode_array(encoder, &copy);
	zval_ptr_dtor_nogc(&copy);
	return result;
}

static zend_result fastjson_encode_other(fastjson_encoder *encoder, zval *val);

/* Before a writer that appends at encoder->buf.pos. */
static zend_always_inline void fastjson_enter_room(fastjson_encoder *encoder, char *room)
{
	if (room) {
		encoder->buf.pos = room;
	}
}

/* null, false and true as one 8-byte store each, their length in the last byte: the bytes
 * past the value are overwritten by the next write or left past the output's end. */
static const char fastjson_literals[IS_TRUE + 1][8] = {
	[IS_NULL] = {'n', 'u', 'l', 'l', 0, 0, 0, 4},
	[IS_FALSE] = {'f', 'a', 'l', 's', 'e', 0, 0, 5},
	[IS_TRUE] = {'t', 'r', 'u', 'e', 0, 0, 0, 4}};

/* null, false or true at out, which has 8 bytes; returns the literal's end. */
static zend_always_inline char *fastjson_write_literal(char *out, zend_uchar type)
{
	const char *literal = fastjson_literals[type];

	memcpy(out, literal, 8);
	return out + literal[7];
}

/* Whether objects of the class are encoded as their properties: neither JsonSerializable
 * nor an enum. A class without interfaces is neither (a linked class lists its inherited
 * interfaces too, and every enum implements UnitEnum), so entities of several classes
 * skip fastjson_encode_other(), where the one-class memo alone sent each object of a
 * record whose classes alternate (order, customer, item). */
static zend_always_inline bool fastjson_is_plain_class(const fastjson_encoder *encoder, const zend_class_entry *ce)
{
	return ce == encoder->plain_class || ce->num_interfaces == 0;
}

/* Maps up to this many members are tried by fastjson_write_small_map(), once the output
 * has this many bytes: a small encode (a log record, a request's response) that has not
 * run the path's code does not wait for it on a cold call (351 B log record, cold:
 * 2.10-2.18x -> 1.76-1.87x of json_encode()'s speed when it took the path). */
#define FASTJSON_SMALL_MAP_MAX 6
#define FASTJSON_SMALL_MAP_AFTER 2048

/* An empty array: "[]", or "{}" under FORCE_OBJECT. */
static zend_always_inline char *fastjson_write_empty_array(const fastjson_encoder *encoder, char *out)
{
	memcpy(out, (encoder->options & PHP_JSON_FORCE_OBJECT) ? "{}" : "[]", 2);
	return out + 2;
}

/* Whether every member has a string key and a value fastjson_write_small_members() takes
 * (a hole, IS_UNDEF, is none of them). */
static zend_always_inline bool fastjson_small_map_members(const fastjson_encoder *encoder, const HashTable *ht)
{
	const uint32_t scalars = (1u << IS_NULL) | (1u << IS_FALSE) | (1u << IS_TRUE) | (1u << IS_LONG);
	const Bucket *p = ht->arData, *end = p + ht->nNumUsed;
	uint32_t types = scalars | (encoder->options & PHP_JSON_NUMERIC_CHECK ? 0 : 1u << IS_STRING) | (1u << IS_ARRAY);

	for (; p != end; p++) {
		if (p->key == NULL || !((types >> Z_TYPE(p->val)) & 1)
				|| (Z_TYPE(p->val) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL(p->val)) != 0)) {
			return false;
		}
	}
	return true;
}

/* Room for a small map's members after its '{' (or after a string the escaper wrote). */
#define FASTJSON_SMALL_MAP_ROOM (2 + FASTJSON_SMALL_MAP_MAX * (1 + FASTJSON_SHORT_CLEAN_MAX + 3 + FASTJSON_VALUE_ROOM))

/* The same for a map whose indent is `indent`: pretty printed, each member's newline,
 * deeper indent and ": " and the closer's newline and indent come on top. */
static zend_always_inline size_t fastjson_small_map_room(size_t indent, bool pretty)
{
	if (!pretty) {
		return FASTJSON_SMALL_MAP_ROOM;
	}
	return FASTJSON_SMALL_MAP_ROOM + (FASTJSON_SMALL_MAP_MAX + 1) * fastjson_member_room(indent + 4, 1);
}

/* The members, once fastjson_small_map_members() has said yes; NULL when a key is not
 * short and clean, or a string failed without PARTIAL_OUTPUT_ON_ERROR (the walk then
 * meets the same failure). Other strings go through the escaper as the walk's do.
 * Pretty printed as ext/json does: each member on its own line one level deeper than
 * `indent`, the map's, "key": value, and the closer on a line of its own. */
static zend_always_inline char *fastjson_write_small_members(fastjson_encoder *encoder, const HashTable *ht,
		bool pretty)
{
	const Bucket *p = ht->arData, *end = p + ht->nNumUsed;
	size_t indent = fastjson_indent_width(encoder, pretty), room = fastjson_small_map_room(indent, pretty);
	bool comma = false;
	char *out = fastjson_buf_reserve(&encoder->buf, room);

	*out++ = '{';
	for (; p != end; p++) {
		const zval *val = &p->val;
		out = fastjson_write_member_prefix(out, &comma, indent + 4, pretty);
		if ((out = fastjson_write_if_short_clean(encoder, out, p->key)) == NULL) {
			return NULL;
		}
		out = fastjson_write_key_separator(out, pretty);
		switch (Z_TYPE_P(val)) {
			case IS_NULL:
			case IS_FALSE:
			case IS_TRUE:
				out = fastjson_write_literal(out, Z_TYPE_P(val));
				break;
			case IS_LONG:
				out = fastjson_write_long(out, Z_LVAL_P(val));
				break;
			case IS_STRING: {
				char *str_end = fastjson_write_if_short_clean(encoder, out, Z_STR_P(val));
				if (str_end) {
					out = str_end;
					break;
				}
				encoder->buf.pos = out;
				if (encoder->escape(encoder, Z_STRVAL_P(val), Z_STRLEN_P(val)) == FAILURE
						&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
					return NULL;
				}
				out = fastjson_buf_reserve(&encoder->buf, room);
				break;
			}
			default: /* an empty array */
				out = fastjson_write_empty_array(encoder, out);
				break;
		}
	}
	if (comma) {
		out = fastjson_write_newline(out, indent, pretty);
	}
	*out++ = '}';
	return out;
}

/* Whether the walk should try the map whole. */
static zend_always_inline bool fastjson_small_map_candidate(const fastjson_encoder *encoder, const HashTable *ht)
{
	return encoder->small_map_credit > 0 && fastjson_buf_len(&encoder->buf) >= FASTJSON_SMALL_MAP_AFTER
		&& !HT_IS_PACKED(ht) && ht->nNumUsed <= FASTJSON_SMALL_MAP_MAX && encoder->depth + 1 < encoder->max_depth
		&& fastjson_small_map_members(encoder, ht);
}

/* The writer's run on a candidate: NULL, with encoder->buf.pos where it was, when it gave
 * up. A key to escape is found only while writing: documents whose small maps have them
 * stop trying after a few. */
static zend_always_inline char *fastjson_write_small_map_as(fastjson_encoder *encoder, const HashTable *ht,
		bool pretty)
{
	size_t start = fastjson_buf_len(&encoder->buf);
	char *out = fastjson_write_small_members(encoder, ht, pretty);
	if (out == NULL) {
		/* the escaper may have moved the buffer */
		encoder->buf.pos = encoder->buf.base + start;
		encoder->small_map_credit -= 4;
	} else {
		encoder->small_map_credit += encoder->small_map_credit < FASTJSON_SMALL_MAP_CREDIT;
	}
	return out;
}

/* Out of line: the value writer is inlined at each of its callers (the pretty member loop,
 * plain objects' properties, the top level), and each would carry a copy. */
static zend_never_inline char *fastjson_write_small_map_pretty(fastjson_encoder *encoder, const HashTable *ht)
{
	return fastjson_write_small_map_as(encoder, ht, true);
}

/* A map (an array with string keys, or a stdClass object's property table) of at most
 * FASTJSON_SMALL_MAP_MAX members, each a short clean string key with null, a boolean,
 * an integer, a string or an empty array: written whole at the buffer's end (its
 * encoder->buf.pos), without the container walk's call, recursion mark and member loop
 * set-up; returns the end, or NULL with encoder->buf.pos where it was (the walk then takes
 * the map). Such a map holds no container it could be inside of, and runs no PHP code;
 * its empty arrays are within the depth limit as checked here. */
static zend_always_inline char *fastjson_write_small_map(fastjson_encoder *encoder, const HashTable *ht, bool pretty)
{
	if (!fastjson_small_map_candidate(encoder, ht)) {
		return NULL;
	}
	if (pretty) {
		return fastjson_write_small_map_pretty(encoder, ht);
	}
	return fastjson_write_small_map_as(encoder, ht, false);
}

static zend_always_inline bool fastjson_object_has_std_properties(zend_object *obj);

/* Every value goes through here: the common cases inline, the rest in
 * fastjson_encode_other(). After a member's prefix `room` is where the value goes, with
 * FASTJSON_VALUE_ROOM bytes reserved, and encoder->buf.pos is not set yet: the writers
 * inline here store it once for both (a second store of it per member cost a third of a
 * list of literals' time). NULL elsewhere. `pretty`: JSON_PRETTY_PRINT, a constant in the
 * member loops. */
static zend_always_inline zend_result fastjson_encode_value_ex(fastjson_encoder *encoder, zval *val, char *room,
		bool pretty)
{
	char *out;

	switch (Z_TYPE_P(val)) {
		/* One target for the three: with one each, the switch's indirect jump mispredicted
		 * on every member of a list alternating true and null (small/truenull). */
		case IS_NULL:
		case IS_FALSE:
		case IS_TRUE:
			encoder->buf.pos = fastjson_write_literal(fastjson_value_out(encoder, 8, room), Z_TYPE_P(val));
			return SUCCESS;
		case IS_LONG:
			encoder->buf.pos = fastjson_write_long(fastjson_value_out(encoder, FASTJSON_LONG_MAX_LENGTH, room),
				Z_LVAL_P(val));
			return SUCCESS;
		case IS_DOUBLE:
			if (EXPECTED(fastjson_is_finite(Z_DVAL_P(val)))) {
				fastjson_enter_room(encoder, room);
				fastjson_append_double(&encoder->buf, Z_DVAL_P(val), encoder->options);
				return SUCCESS;
			}
			break;
		case IS_STRING:
			if (!(encoder->options & PHP_JSON_NUMERIC_CHECK)) {
				out = fastjson_write_if_short_clean(encoder, room, Z_STR_P(val));
				if (out) {
					encoder->buf.pos = out;
					return SUCCESS;
				}
				fastjson_enter_room(encoder, room);
				return encoder->escape(encoder, Z_STRVAL_P(val), Z_STRLEN_P(val));
			}
			break;
		case IS_ARRAY:
			/* An empty array within the depth limit is all ext/json's walk would write. */
			if (zend_hash_num_elements(Z_ARRVAL_P(val)) == 0 && encoder->depth < encoder->max_depth) {
				encoder->buf.pos = fastjson_write_empty_array(encoder, fastjson_value_out(encoder, 2, room));
				return SUCCESS;
			}
			fastjson_enter_room(encoder, room);
			out = fastjson_write_small_map(encoder, Z_ARRVAL_P(val), pretty);
			if (out) {
				encoder->buf.pos = out;
				return SUCCESS;
			}
			return fastjson_encode_container(encoder, val);
		case IS_OBJECT:
			if (fastjson_is_plain_class(encoder, Z_OBJCE_P(val))) {
				zend_object *obj = Z_OBJ_P(val);
				fastjson_enter_room(encoder, room);
				/* stdClass: no declared properties, all in the table */
				if (encoder->small_map_credit > 0 && obj->ce == zend_standard_class_def && obj->properties
						&& fastjson_object_has_std_properties(obj)) {
					out = fastjson_write_small_map(encoder, obj->properties, pretty);
					if (out) {
						encoder->buf.pos = out;
						return SUCCESS;
					}
				}
				return fastjson_encode_container(encoder, val);
			}
			break;
		default:
			break;
	}
	fastjson_enter_room(encoder, room);
	return fastjson_encode_other(encoder, val);
}

static zend_always_inline zend_result fastjson_encode_value(fastjson_encoder *encoder, zval *val)
{
	return fastjson_encode_value_ex(encoder, val, NULL, fastjson_is_pretty(encoder));
}

/* A value after a member's prefix, which returned `room`. */
static zend_always_inline zend_result fastjson_encode_value_in_room(fastjson_encoder *encoder, zval *val, char *room,
		bool pretty)
{
	ZEND_ASSUME(room != NULL);
	return fastjson_encode_value_ex(encoder, val, room, pretty);
}

/* A member's string, array or object is a separate allocation, cold in a request's one
 * encode: its load is started this many members ahead, so that a few members' loads wait
 * side by side instead of one after another (ext/json's walk). Values that are not
 * refcounted (scalars, interned strings, immutable arrays) are skipped. Cold encode to JSON
 * (bench/cold.php, arrays, 2 runs): request-body 1.71x -> 2.00-2.06x, twitter_api 1.52-1.62x
 * -> 1.67-1.72x; objects of declared classes (an order of 4 items, 864 B) 1.35-1.42x ->
 * 1.50-1.53x; warm: 2-2.4% more instructions, time within noise. */
#define FASTJSON_MEMBER_LOOKAHEAD 2

static zend_always_inline void fastjson_prefetch_member(const zval *member)
{
	if (Z_REFCOUNTED_P(member)) {
		fastjson_prefetch(Z_COUNTED_P(member));
	}
}

/* An array member's buckets, one member before the walk enters it: its header was
 * fetched one member earlier (fastjson_prefetch_member()). Objects' property tables
 * too gained nothing measurable (twitter_api to stdClass, cold). */
static zend_always_inline void fastjson_prefetch_buckets(const zval *member)
{
	if (Z_TYPE_P(member) == IS_ARRAY) {
		fastjson_prefetch(Z_ARR_P(member)->arData);
	}
}

/* ext/json's fast path: declared properties in declaration order, without building
 * the property table. */
static zend_result fastjson_encode_plain_object(fastjson_encoder *encoder, zend_object *obj)
{
	zend_class_entry *ce = obj->ce;
	bool need_comma = false, pretty = fastjson_is_pretty(encoder);
	int i;

	if (GC_IS_RECURSIVE(obj)) {
		return fastjson_recursion_detected(encoder);
	}
	GC_TRY_PROTECT_RECURSION(obj);

	fastjson_buf_appendc(&encoder->buf, '{');
	++encoder->depth;

	for (i = 0; i < ce->default_properties_count; i++) {
		zend_property_info *prop_info = ce->properties_info_table[i];
		zval *prop;

		if (i + FASTJSON_MEMBER_LOOKAHEAD < ce->default_properties_count) {
			fastjson_prefetch_member(OBJ_PROP_NUM(obj, i + FASTJSON_MEMBER_LOOKAHEAD));
		}
		if (!prop_info) {
			continue;
		}
		if (ZSTR_VAL(prop_info->name)[0] == '\0' && ZSTR_LEN(prop_info->name) > 0) {
			/* private and protected */
			continue;
		}
		prop = OBJ_PROP(obj, prop_info->offset);
		if (Z_TYPE_P(prop) == IS_UNDEF) {
			continue;
		}

		if (fastjson_begin_string_member(encoder, &need_comma, prop_info->name, pretty) == FAILURE) {
			GC_TRY_UNPROTECT_RECURSION(obj);
			return FAILURE;
		}
		if (fastjson_encode_value_in_room(encoder, prop, encoder->buf.pos, pretty) == FAILURE
				&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
			GC_TRY_UNPROTECT_RECURSION(obj);
			return FAILURE;
		}
	}

	GC_TRY_UNPROTECT_RECURSION(obj);
	return fastjson_close_container(encoder, need_comma, '}');
}

/* Whether the object's properties are what the standard handlers make of them: then
 * ext/json walks the declared ones directly while there is no property table, and
 * zend_get_properties_for() would return the table as it stands. */
static zend_always_inline bool fastjson_object_has_std_properties(zend_object *obj)
{
	return obj->handlers->get_properties_for == NULL
		&& obj->handlers->get_properties == zend_std_get_properties
		&& fastjson_compat_fast_path_allowed(obj);
}

#ifdef FASTJSON_HAVE_PROPERTY_HOOKS
/* 8.4+: a property with hooks (IS_PTR in the table), read through its get hook; virtual
 * ones without a get hook are left out. Returns FAILURE when the container must stop: a
 * hook threw (no error code, whatever the options), or the member failed without PARTIAL. */
static ZEND_COLD zend_result fastjson_encode_hooked_property(fastjson_encoder *encoder, zend_object *obj,
		zend_string *key, zend_property_info *prop_info, bool *need_comma)
{
	zval tmp, *data;
	zend_result result = SUCCESS;

	ZVAL_UNDEF(&tmp);
	data = fastjson_compat_read_hooked(obj, prop_info, &tmp);
	if (data == NULL) {
		return SUCCESS;
	}
	if (EG(exception)) {
		zval_ptr_dtor(&tmp);
		return FAILURE;
	}
	if (fastjson_begin_string_member(encoder, need_comma, key, fastjson_is_pretty(encoder)) == FAILURE
			|| (fastjson_encode_value(encoder, data) == FAILURE
				&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR))) {
		result = FAILURE;
	}
	zval_ptr_dtor(&tmp);
	return result;
}
#endif

static zend_result fastjson_abort_container(zend_refcounted *guard, HashTable *prop_ht)
{
	GC_TRY_UNPROTECT_RECURSION(guard);
	zend_release_properties(prop_ht);
	return FAILURE;
}

/* A list member; FAILURE means the container is abandoned. */
static zend_always_inline zend_result fastjson_encode_element(fastjson_encoder *encoder, bool *need_comma,
		zval *data, bool pretty)
{
	char *room = fastjson_begin_element(encoder, need_comma, pretty);

	if (fastjson_encode_value_in_room(encoder, data, room, pretty) == FAILURE
			&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		return FAILURE;
	}
	return SUCCESS;
}

/* An object member; FAILURE means the container is abandoned. */
static zend_always_inline zend_result fastjson_encode_member(fastjson_encoder *encoder, zval *val,
		zend_string *key, zend_ulong index, zval *data, bool *need_comma, bool pretty)
{
	if (key) {
		if (ZSTR_VAL(key)[0] == '\0' && ZSTR_LEN(key) > 0 && Z_TYPE_P(val) == IS_OBJECT) {
			/* private and protected */
			return SUCCESS;
		}
#ifdef FASTJSON_HAVE_PROPERTY_HOOKS
		if (UNEXPECTED(Z_TYPE_P(data) == IS_PTR)) {
			return fastjson_encode_hooked_property(encoder, Z_OBJ_P(val), key, Z_PTR_P(data), need_comma);
		}
#endif
		if (fastjson_begin_string_member(encoder, need_comma, key, pretty) == FAILURE) {
			return FAILURE;
		}
	} else {
		fastjson_begin_index_member(encoder, need_comma, index, pretty);
	}
	if (fastjson_encode_value_in_room(encoder, data, encoder->buf.pos, pretty) == FAILURE
			&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		return FAILURE;
	}
	return SUCCESS;
}

/* ---- prefetching ---------------------------------------------------------------
 * A value larger than the caches is a chain of loads per container: an object's header,
 * its property table, then the table's buckets; an array's header, then its buckets.
 * ext/json waits for each link in turn. When a member is a container its siblings likely
 * are too, so the walk starts the next links of the two that follow while it writes this
 * one: the next sibling's buckets (its table was started one member before) and the
 * property table of the one after. Only the live table is read, and every pointer followed
 * is held by it at that moment. */
static zend_always_inline bool fastjson_is_container(const zval *v)
{
	return (unsigned) (Z_TYPE_P(v) - IS_ARRAY) <= IS_OBJECT - IS_ARRAY;
}

/* next and after: the member's two siblings, or the last member where there are fewer. */
static zend_always_inline void fastjson_prefetch_siblings(const zval *next, const zval *after)
{
	if (Z_TYPE_P(next) == IS_ARRAY) {
		fastjson_prefetch(Z_ARR_P(next)->arData);
	} else if (Z_TYPE_P(next) == IS_OBJECT && Z_OBJ_P(next)->properties) {
		fastjson_prefetch(Z_OBJ_P(next)->properties->arData);
	}
	if (Z_TYPE_P(after) == IS_OBJECT) {
		fastjson_prefetch(Z_OBJ_P(after)->properties);
	} else if (Z_TYPE_P(after) == IS_ARRAY) {
		fastjson_prefetch(Z_ARR_P(after));
	}
}

/* Whether to walk the table with the prefetches: when its first slot holds an object or
 * an array, once the output has passed FASTJSON_BUF_LARGE bytes (as of the buffer's last
 * growth: comparing the length here, in every container, cost small documents 15-25%).
 * Lists and maps of containers gain only once the value has outgrown the caches: before
 * that the extra loads cost more than they save (arrays: citm_catalog's performances,
 * 110 KB: 2.74x -> 2.55x; all 453 KB, whose value takes 5 MB: 1.87x -> 2.23x; objects,
 * cold: twitter_api, 10 KB, 1.62x -> 1.65x and github_events 2.08x -> 2.26x without them
 * before 48 KB), and the output written so far is the cheap measure of how much of the
 * value the walk has been through. */
static zend_always_inline bool fastjson_worth_prefetching(const fastjson_encoder *encoder, const HashTable *ht)
{
	const zval *first;

	if (!encoder->buf.large) {
		return false;
	}
	first = HT_IS_PACKED(ht) ? ht->arPacked : &ht->arData[0].val;
	if (Z_TYPE_P(first) == IS_INDIRECT) {
		first = Z_INDIRECT_P(first);
	}
	return fastjson_is_container(first);
}

/* null, false, true or an integer: what a scalar run writes. */
static zend_always_inline bool fastjson_is_run_scalar(const zval *zv)
{
	return (unsigned) (Z_TYPE_P(zv) - IS_NULL) <= IS_LONG - IS_NULL;
}

/* Writes the list's elements from zv on while they are run scalars, and returns the first
 * that is not (or zv_end). The output position and the comma flag stay in registers, and
 * no jump table is taken per element. Through the value writer (the position stored and
 * reloaded, a switch per element) a list of 2,000 nulls took 3.5-35 us on this AMD EPYC
 * depending on where the stack and the list lay (json_encode: 8.7 us), 30 us or more in
 * a quarter of 40 placements; here 2.3-4.2 us. */
static zend_always_inline zval *fastjson_encode_scalar_run(fastjson_encoder *encoder, zval *zv, zval *zv_end,
		bool *need_comma, bool pretty)
{
	size_t indent = fastjson_indent_width(encoder, pretty);
	size_t needed = fastjson_member_room(indent, FASTJSON_LONG_MAX_LENGTH);
	char *out = encoder->buf.pos;
	bool comma = *need_comma;

	do {
		if (UNEXPECTED((size_t) (encoder->buf.end - out) < needed)) {
			encoder->buf.pos = out;
			out = fastjson_buf_grow(&encoder->buf, needed);
		}
		out = fastjson_write_member_prefix(out, &comma, indent, pretty);
		out = Z_TYPE_P(zv) == IS_LONG ? fastjson_write_long(out, Z_LVAL_P(zv)) : fastjson_write_literal(out, Z_TYPE_P(zv));
		zv++;
	} while (zv != zv_end && fastjson_is_run_scalar(zv));
	encoder->buf.pos = out;
	*need_comma = comma;
	return zv;
}

/* The members of an array or property table; FAILURE means the container is abandoned. */
static zend_always_inline zend_result fastjson_encode_members(fastjson_encoder *encoder, zval *val, HashTable *ht,
		bool as_object, bool *need_comma, bool pretty)
{
	zend_string *key;
	zend_ulong index;
	zval *data;

	if (!as_object) {
		/* Lists are nearly always packed: a plain walk over the zvals. */
		if (HT_IS_PACKED(ht)) {
			zval *zv = ht->arPacked, *zv_end = zv + ht->nNumUsed;

			for (; zv != zv_end; zv++) {
				/* A refcounted element starts the load of the one two ahead; null, booleans
				 * and integers are written as runs. */
				if (Z_REFCOUNTED_P(zv)) {
					if (zv_end - zv > FASTJSON_MEMBER_LOOKAHEAD) {
						fastjson_prefetch_member(&zv[FASTJSON_MEMBER_LOOKAHEAD]);
					}
					if (zv_end - zv > 1) {
						fastjson_prefetch_buckets(&zv[1]);
					}
				} else if (fastjson_is_run_scalar(zv)) {
					zv = fastjson_encode_scalar_run(encoder, zv, zv_end, need_comma, pretty);
					if (zv == zv_end) {
						break;
					}
				}
				if (Z_TYPE_P(zv) == IS_UNDEF) {
					continue;
				}
				if (fastjson_encode_element(encoder, need_comma, zv, pretty) == FAILURE) {
					return FAILURE;
				}
			}
		} else {
			ZEND_HASH_MAP_FOREACH_VAL_IND(ht, data) {
				if (fastjson_encode_element(encoder, need_comma, data, pretty) == FAILURE) {
					return FAILURE;
				}
			} ZEND_HASH_FOREACH_END();
		}
		return SUCCESS;
	}
	/* Keyed output of a packed array (FORCE_OBJECT, or a list with holes) is rare. */
	if (HT_IS_PACKED(ht)) {
		ZEND_HASH_FOREACH_KEY_VAL(ht, index, key, data) {
			if (fastjson_encode_member(encoder, val, key, index, data, need_comma, pretty) == FAILURE) {
				return FAILURE;
			}
		} ZEND_HASH_FOREACH_END();
	} else {
		Bucket *p = ht->arData, *end = p + ht->nNumUsed;

		for (; p != end; p++) {
			if (end - p > FASTJSON_MEMBER_LOOKAHEAD) {
				fastjson_prefetch_member(&p[FASTJSON_MEMBER_LOOKAHEAD].val);
			}
			if (end - p > 1) {
				fastjson_prefetch_buckets(&p[1].val);
			}
			data = &p->val;
			if (Z_TYPE_P(data) == IS_INDIRECT) {
				data = Z_INDIRECT_P(data);
			}
			if (Z_TYPE_P(data) == IS_UNDEF) {
				continue;
			}
			if (fastjson_encode_member(encoder, val, p->key, p->h, data, need_comma, pretty) == FAILURE) {
				return FAILURE;
			}
		}
	}
	return SUCCESS;
}

/* fastjson_encode_members() for large tables whose first member is a container, with the
 * prefetches. */
static zend_always_inline zend_result fastjson_encode_members_prefetching(fastjson_encoder *encoder, zval *val,
		HashTable *ht, bool as_object, bool *need_comma, bool pretty)
{
	zval *data;
	Bucket *p, *end, *last;

	if (HT_IS_PACKED(ht)) {
		zval *zv = ht->arPacked, *zv_end = zv + ht->nNumUsed, *zv_last = zv_end - 1;

		for (; zv != zv_end; zv++) {
			if (fastjson_is_container(zv)) {
				fastjson_prefetch_siblings(zv < zv_last ? zv + 1 : zv_last, zv_last - zv >= 2 ? zv + 2 : zv_last);
			}
			if (Z_TYPE_P(zv) == IS_UNDEF) {
				continue;
			}
			if (!as_object) {
				if (fastjson_encode_element(encoder, need_comma, zv, pretty) == FAILURE) {
					return FAILURE;
				}
			} else if (fastjson_encode_member(encoder, val, NULL, (zend_ulong) (zv - ht->arPacked), zv, need_comma,
					pretty) == FAILURE) {
				return FAILURE;
			}
		}
		return SUCCESS;
	}

	p = ht->arData;
	end = p + ht->nNumUsed;
	last = end - 1;
	for (; p != end; p++) {
		data = &p->val;
		if (Z_TYPE_P(data) == IS_INDIRECT) {
			data = Z_INDIRECT_P(data);
		}
		if (fastjson_is_container(data)) {
			fastjson_prefetch_siblings(p < last ? &p[1].val : &last->val, last - p >= 2 ? &p[2].val : &last->val);
		}
		if (Z_TYPE_P(data) == IS_UNDEF) {
			continue;
		}
		if (!as_object) {
			if (fastjson_encode_element(encoder, need_comma, data, pretty) == FAILURE) {
				return FAILURE;
			}
		} else if (fastjson_encode_member(encoder, val, p->key, p->h, data, need_comma, pretty) == FAILURE) {
			return FAILURE;
		}
	}
	return SUCCESS;
}

/* The member walks other than the compact one, each with its own copy of the value
 * writer, out of line: fastjson_encode_array() shrinks from about 42 to 16 KB, and a call whose
 * code is not cached (a request's one encode) waits for fewer lines of it. */
static zend_never_inline zend_result fastjson_encode_members_pretty(fastjson_encoder *encoder, zval *val,
		HashTable *ht, bool as_object, bool *need_comma)
{
	return fastjson_worth_prefetching(encoder, ht)
		? fastjson_encode_members_prefetching(encoder, val, ht, as_object, need_comma, true)
		: fastjson_encode_members(encoder, val, ht, as_object, need_comma, true);
}

static zend_never_inline zend_result fastjson_encode_members_prefetching_compact(fastjson_encoder *encoder,
		zval *val, HashTable *ht, bool as_object, bool *need_comma)
{
	return fastjson_encode_members_prefetching(encoder, val, ht, as_object, need_comma, false);
}

/* zend_array_is_list(), which walks a map's keys until one is not the next index: a map
 * whose first bucket holds a string key, a record's, is answered without the loop. */
static zend_always_inline bool fastjson_array_is_list(zend_array *ht)
{
	if (!HT_IS_PACKED(ht) && ht->nNumUsed > 0 && ht->arData[0].key != NULL
			&& Z_TYPE(ht->arData[0].val) != IS_UNDEF) {
		return false;
	}
	return zend_array_is_list(ht);
}

/* Arrays, and objects whose properties come from a table (dynamic properties,
 * get_properties_for: DateTime, ArrayObject, ...). */
static zend_result fastjson_encode_array(fastjson_encoder *encoder, zval *val)
{
	HashTable *ht, *prop_ht = NULL;
	zend_refcounted *guard;
	bool as_object, need_comma = false;

	if (fastjson_stack_overflowed(encoder->stack_limit)) {
		return fastjson_stack_exhausted(encoder);
	}

	if (Z_TYPE_P(val) == IS_ARRAY) {
		ht = Z_ARRVAL_P(val);
		as_object = (encoder->options & PHP_JSON_FORCE_OBJECT) || !fastjson_array_is_list(ht);
	} else if (fastjson_object_has_std_properties(Z_OBJ_P(val))) {
		if (Z_OBJ_P(val)->properties == NULL) {
			return fastjson_encode_plain_object(encoder, Z_OBJ_P(val));
		}
		/* zend_get_properties_for(val, ZEND_PROP_PURPOSE_JSON) without its two calls
		 * (stdClass and objects with dynamic properties) */
		prop_ht = ht = Z_OBJ_P(val)->properties;
		GC_TRY_ADDREF(ht);
		as_object = true;
	} else {
		prop_ht = ht = zend_get_properties_for(val, ZEND_PROP_PURPOSE_JSON);
		as_object = true;
	}

	guard = fastjson_compat_recursion_guard(val, ht);
	if (guard && GC_IS_RECURSIVE(guard)) {
		zend_release_properties(prop_ht);
		return fastjson_recursion_detected(encoder);
	}
	if (guard) {
		GC_TRY_PROTECT_RECURSION(guard);
	}

	fastjson_buf_appendc(&encoder->buf, as_object ? '{' : '[');
	++encoder->depth;

	if (ht && zend_hash_num_elements(ht) > 0) {
		zend_result result;

		if (fastjson_is_pretty(encoder)) {
			result = fastjson_encode_members_pretty(encoder, val, ht, as_object, &need_comma);
		} else if (fastjson_worth_prefetching(encoder, ht)) {
			result = fastjson_encode_members_prefetching_compact(encoder, val, ht, as_object, &need_comma);
		} else {
			result = fastjson_encode_members(encoder, val, ht, as_object, &need_comma, false);
		}
		if (result == FAILURE) {
			return fastjson_abort_container(guard, prop_ht);
		}
	}

	if (guard) {
		GC_TRY_UNPROTECT_RECURSION(guard);
	}
	if (fastjson_close_container(encoder, need_comma, as_object ? '}' : ']') == FAILURE) {
		zend_release_properties(prop_ht);
		return FAILURE;
	}
	zend_release_properties(prop_ht);
	return SUCCESS;
}

/* ---- JsonSerializable and enums ------------------------------------------------- */

static ZEND_COLD zend_result fastjson_serialize_failed(fastjson_encoder *encoder)
{
	if (encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
		fastjson_buf_appendl(&encoder->buf, "null", 4);
	}
	return FAILURE;
}

static zend_result fastjson_encode_serializable_object(fastjson_encoder *encoder, zval *val)
{
	zend_object *obj = Z_OBJ_P(val);
	/* 8.2: the property table, built as a side effect; 8.3+: the object's guard bits. */
	fastjson_serialize_guard guard = fastjson_compat_serialize_guard(obj);
	zval retval;
	zend_result result;

	/* jsonSerialize() may return the next such object directly, never passing through
	 * fastjson_encode_array(), and each call re-enters the VM. */
	if (fastjson_stack_overflowed(encoder->stack_limit)) {
		return fastjson_stack_exhausted(encoder);
	}
	if (fastjson_compat_serialize_is_recursive(guard)) {
		encoder->error_code = PHP_JSON_ERROR_RECURSION;
		return fastjson_serialize_failed(encoder);
	}
	fastjson_compat_serialize_protect(guard);

	/* Pinned across the call (php-src GH-21024): jsonSerialize() may drop the last
	 * reference to the object, and its guard is cleared afterwards. */
	GC_ADDREF(obj);
	if (!fastjson_compat_call_json_serialize(obj, &retval)) {
		fastjson_compat_serialize_unprotect(guard);
		OBJ_RELEASE(obj);
		return fastjson_serialize_failed(encoder);
	}

	if (Z_TYPE(retval) == IS_OBJECT && Z_OBJ(retval) == obj) {
		/* return $this: encode the object's properties */
		fastjson_compat_serialize_unprotect(guard);
		result = fastjson_encode_array(encoder, &retval);
	} else {
		result = fastjson_encode_value(encoder, &retval);
		fastjson_compat_serialize_unprotect(guard);
	}
	zval_ptr_dtor(&retval);
	OBJ_RELEASE(obj);
	return result;
}

static zend_result fastjson_encode_enum(fastjson_encoder *encoder, zend_object *obj)
{
	if (obj->ce->enum_backing_type == IS_UNDEF) {
		encoder->error_code = PHP_JSON_ERROR_NON_BACKED_ENUM;
		fastjson_buf_appendc(&encoder->buf, '0');
		return FAILURE;
	}
	return fastjson_encode_value(encoder, zend_enum_fetch_case_value(obj));
}

/* ---- dispatch ------------------------------------------------------------------- */

/* What fastjson_encode_value() leaves: non-finite doubles, NUMERIC_CHECK strings,
 * objects of a class not yet known to be plain, references and unsupported types. */
static zend_result fastjson_encode_other(fastjson_encoder *encoder, zval *val)
{
	switch (Z_TYPE_P(val)) {
		case IS_DOUBLE:
			/* INF or NAN. Not a failure: encoding goes on and a later error wins. */
			encoder->error_code = PHP_JSON_ERROR_INF_OR_NAN;
			fastjson_buf_appendc(&encoder->buf, '0');
			return SUCCESS;
		case IS_STRING:
			if (Z_STRLEN_P(val) > 0) {
				zend_long lval;
				double dval;
				zend_uchar type = is_numeric_string(Z_STRVAL_P(val), Z_STRLEN_P(val), &lval, &dval, 0);

				if (type == IS_LONG) {
					fastjson_append_long(&encoder->buf, lval);
					return SUCCESS;
				}
				if (type == IS_DOUBLE && fastjson_is_finite(dval)) {
					fastjson_append_double(&encoder->buf, dval, encoder->options);
					return SUCCESS;
				}
			}
			return encoder->escape(encoder, Z_STRVAL_P(val), Z_STRLEN_P(val));
		case IS_OBJECT:
			if (instanceof_function(Z_OBJCE_P(val), php_json_serializable_ce)) {
				return fastjson_encode_serializable_object(encoder, val);
			}
			if (Z_OBJCE_P(val)->ce_flags & ZEND_ACC_ENUM) {
				return fastjson_encode_enum(encoder, Z_OBJ_P(val));
			}
			encoder->plain_class = Z_OBJCE_P(val);
			return fastjson_encode_container(encoder, val);
		case IS_REFERENCE:
			return fastjson_encode_value(encoder, Z_REFVAL_P(val));
		default:
			encoder->error_code = PHP_JSON_ERROR_UNSUPPORTED_TYPE;
			if (encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
				fastjson_buf_appendl(&encoder->buf, "null", 4);
			}
			return FAILURE;
	}
}

FASTJSON_CALL_PATH zend_result FASTJSON_WALK_ENTRY(fastjson_encoder *encoder, zval *val)
{
	return fastjson_encode_value(encoder, val);
}
