/* The value walker: the same decisions, in the same order, as ext/json's encoder
 * (json_encoder.c), so that output bytes, error codes and side effects (jsonSerialize
 * calls, property tables built) are identical. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_enum.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "fastjson_encoder.h"
#include "fastjson_double.h"
#include "fastjson_tables.h"
#include "../fastjson_stack.h"

/* ---- output buffer ---------------------------------------------------------- */

void fastjson_buf_init(fastjson_buf *buf)
{
	buf->str = zend_string_alloc(FASTJSON_BUF_INITIAL_SIZE, 0);
	buf->pos = ZSTR_VAL(buf->str);
	buf->end = buf->pos + FASTJSON_BUF_INITIAL_SIZE;
}

void fastjson_buf_free(fastjson_buf *buf)
{
	zend_string_efree(buf->str);
	buf->str = NULL;
}

ZEND_COLD char *fastjson_buf_grow(fastjson_buf *buf, size_t needed)
{
	size_t used = fastjson_buf_len(buf);
	size_t capacity = (size_t)(buf->end - ZSTR_VAL(buf->str));
	size_t wanted = capacity * 2;

	if (wanted < used + needed) {
		wanted = used + needed;
	}
	buf->str = zend_string_realloc(buf->str, wanted, 0);
	buf->pos = ZSTR_VAL(buf->str) + used;
	buf->end = ZSTR_VAL(buf->str) + wanted;
	return buf->pos;
}

zend_string *fastjson_buf_extract(fastjson_buf *buf)
{
	zend_string *result = zend_string_truncate(buf->str, fastjson_buf_len(buf), 0);

	ZSTR_VAL(result)[ZSTR_LEN(result)] = '\0';
	buf->str = NULL;
	return result;
}

/* ---- scalars ------------------------------------------------------------------ */

static zend_always_inline unsigned fastjson_count_digits(zend_ulong u)
{
	/* bits * log10(2) estimates the count; one comparison corrects it; clz is undefined for 0. */
	unsigned bits = 64 - fastjson_clz64((uint64_t) u | 1);
	unsigned estimate = (bits * 1233) >> 12;

	return estimate + (u >= fastjson_powers_of_ten[estimate]) + (u == 0);
}

/* Digits are written in place, from the last pair backwards. */
static zend_always_inline void fastjson_append_long(fastjson_buf *buf, zend_long value)
{
	zend_ulong u = value < 0 ? (zend_ulong) 0 - (zend_ulong) value : (zend_ulong) value;
	unsigned digits = fastjson_count_digits(u);
	char *out = fastjson_buf_reserve(buf, digits + 1);
	char *pos;

	if (value < 0) {
		*out++ = '-';
	}
	pos = out + digits;
	buf->pos = pos;
	while (u >= 100) {
		pos -= 2;
		memcpy(pos, fastjson_digit_pairs + (u % 100) * 2, 2);
		u /= 100;
	}
	if (u >= 10) {
		memcpy(pos - 2, fastjson_digit_pairs + u * 2, 2);
	} else {
		pos[-1] = (char) ('0' + u);
	}
}

static void fastjson_append_double(fastjson_buf *buf, double d, int options)
{
	char *out = fastjson_buf_reserve(buf, ZEND_DOUBLE_MAX_LENGTH);
	size_t len;
	int precision = (int) PG(serialize_precision);

	if (precision == -1) {
		len = fastjson_double_format_shortest(d, out);
	} else {
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

static zend_always_inline void fastjson_pretty_newline(fastjson_encoder *encoder)
{
	if (encoder->options & PHP_JSON_PRETTY_PRINT) {
		size_t indent = (size_t) encoder->depth * 4;
		char *out = fastjson_buf_reserve(&encoder->buf, indent + 1);

		*out = '\n';
		memset(out + 1, ' ', indent);
		encoder->buf.pos = out + 1 + indent;
	}
}

static zend_always_inline void fastjson_key_separator(fastjson_encoder *encoder)
{
	if (encoder->options & PHP_JSON_PRETTY_PRINT) {
		fastjson_buf_appendl(&encoder->buf, ": ", 2);
	} else {
		fastjson_buf_appendc(&encoder->buf, ':');
	}
}

/* Starts a member: the comma, then the pretty-print newline and indent. */
static zend_always_inline void fastjson_begin_member(fastjson_encoder *encoder, bool *need_comma)
{
	if (*need_comma) {
		fastjson_buf_appendc(&encoder->buf, ',');
	} else {
		*need_comma = true;
	}
	fastjson_pretty_newline(encoder);
}

/* A string key; an invalid one becomes "" under PARTIAL_OUTPUT_ON_ERROR, as in ext/json.
 * NUMERIC_CHECK never applies: fastjson_escape_string() only escapes. */
static zend_always_inline void fastjson_encode_key(fastjson_encoder *encoder, const char *key, size_t len)
{
	if (encoder->escape(encoder, key, len) == FAILURE
			&& (encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		encoder->buf.pos -= 4;
		fastjson_buf_appendl(&encoder->buf, "\"\"", 2);
	}
	fastjson_key_separator(encoder);
}

static void fastjson_encode_index_key(fastjson_encoder *encoder, zend_ulong index)
{
	fastjson_buf_appendc(&encoder->buf, '"');
	fastjson_append_long(&encoder->buf, (zend_long) index);
	fastjson_buf_appendc(&encoder->buf, '"');
	fastjson_key_separator(encoder);
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
	if (need_comma) {
		fastjson_pretty_newline(encoder);
	}
	fastjson_buf_appendc(&encoder->buf, closer);
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

/* The common scalars inline; everything else through fastjson_encode_zval(). */
static zend_always_inline zend_result fastjson_encode_value(fastjson_encoder *encoder, zval *val)
{
	switch (Z_TYPE_P(val)) {
		case IS_LONG:
			fastjson_append_long(&encoder->buf, Z_LVAL_P(val));
			return SUCCESS;
		case IS_STRING:
			if (!(encoder->options & PHP_JSON_NUMERIC_CHECK)) {
				return encoder->escape(encoder, Z_STRVAL_P(val), Z_STRLEN_P(val));
			}
			break;
		default:
			break;
	}
	return fastjson_encode_zval(encoder, val);
}

/* ext/json's fast path: declared properties in declaration order, without building
 * the property table. */
static zend_result fastjson_encode_plain_object(fastjson_encoder *encoder, zend_object *obj)
{
	zend_class_entry *ce = obj->ce;
	bool need_comma = false;
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

		fastjson_begin_member(encoder, &need_comma);
		fastjson_encode_key(encoder, ZSTR_VAL(prop_info->name), ZSTR_LEN(prop_info->name));
		if (fastjson_encode_value(encoder, prop) == FAILURE
				&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
			GC_TRY_UNPROTECT_RECURSION(obj);
			return FAILURE;
		}
	}

	GC_TRY_UNPROTECT_RECURSION(obj);
	return fastjson_close_container(encoder, need_comma, '}');
}

static zend_always_inline bool fastjson_object_has_plain_properties(zend_object *obj)
{
	return obj->properties == NULL
		&& obj->handlers->get_properties_for == NULL
		&& obj->handlers->get_properties == zend_std_get_properties;
}

static zend_result fastjson_abort_container(HashTable *ht, HashTable *prop_ht)
{
	GC_TRY_UNPROTECT_RECURSION(ht);
	zend_release_properties(prop_ht);
	return FAILURE;
}

/* Arrays, and objects whose properties come from a table (dynamic properties,
 * get_properties_for: DateTime, ArrayObject, ...). */
static zend_result fastjson_encode_array(fastjson_encoder *encoder, zval *val)
{
	HashTable *ht, *prop_ht = NULL;
	bool as_object, need_comma = false;

	if (fastjson_stack_overflowed(encoder->stack_limit)) {
		return fastjson_stack_exhausted(encoder);
	}

	if (Z_TYPE_P(val) == IS_ARRAY) {
		ht = Z_ARRVAL_P(val);
		as_object = (encoder->options & PHP_JSON_FORCE_OBJECT) || !zend_array_is_list(ht);
	} else if (fastjson_object_has_plain_properties(Z_OBJ_P(val))) {
		return fastjson_encode_plain_object(encoder, Z_OBJ_P(val));
	} else {
		prop_ht = ht = zend_get_properties_for(val, ZEND_PROP_PURPOSE_JSON);
		as_object = true;
	}

	if (ht && GC_IS_RECURSIVE(ht)) {
		zend_release_properties(prop_ht);
		return fastjson_recursion_detected(encoder);
	}
	if (ht) {
		GC_TRY_PROTECT_RECURSION(ht);
	}

	fastjson_buf_appendc(&encoder->buf, as_object ? '{' : '[');
	++encoder->depth;

	if (ht && zend_hash_num_elements(ht) > 0) {
		zend_string *key;
		zend_ulong index;
		zval *data;

		if (!as_object) {
			ZEND_HASH_FOREACH_VAL_IND(ht, data) {
				fastjson_begin_member(encoder, &need_comma);
				if (fastjson_encode_value(encoder, data) == FAILURE
						&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
					return fastjson_abort_container(ht, prop_ht);
				}
			} ZEND_HASH_FOREACH_END();
		} else {
			ZEND_HASH_FOREACH_KEY_VAL_IND(ht, index, key, data) {
				if (key) {
					if (ZSTR_VAL(key)[0] == '\0' && ZSTR_LEN(key) > 0 && Z_TYPE_P(val) == IS_OBJECT) {
						/* private and protected */
						continue;
					}
					fastjson_begin_member(encoder, &need_comma);
					fastjson_encode_key(encoder, ZSTR_VAL(key), ZSTR_LEN(key));
				} else {
					fastjson_begin_member(encoder, &need_comma);
					fastjson_encode_index_key(encoder, index);
				}
				if (fastjson_encode_value(encoder, data) == FAILURE
						&& !(encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
					return fastjson_abort_container(ht, prop_ht);
				}
			} ZEND_HASH_FOREACH_END();
		}
	}

	if (ht) {
		GC_TRY_UNPROTECT_RECURSION(ht);
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
	zend_class_entry *ce = Z_OBJCE_P(val);
	/* 8.2 guards recursion on the property table, which builds it as a side effect. */
	HashTable *guard = Z_OBJPROP_P(val);
	zval retval, fname;
	zend_result result;

	if (guard && GC_IS_RECURSIVE(guard)) {
		encoder->error_code = PHP_JSON_ERROR_RECURSION;
		return fastjson_serialize_failed(encoder);
	}
	if (guard) {
		GC_TRY_PROTECT_RECURSION(guard);
	}

	ZVAL_STRING(&fname, "jsonSerialize");
	if (call_user_function(NULL, val, &fname, &retval, 0, NULL) == FAILURE || Z_TYPE(retval) == IS_UNDEF) {
		if (!EG(exception)) {
			zend_throw_exception_ex(NULL, 0, "Failed calling %s::jsonSerialize()", ZSTR_VAL(ce->name));
		}
		zval_ptr_dtor(&fname);
		if (guard) {
			GC_TRY_UNPROTECT_RECURSION(guard);
		}
		return fastjson_serialize_failed(encoder);
	}
	zval_ptr_dtor(&fname);

	if (EG(exception)) {
		zval_ptr_dtor(&retval);
		if (guard) {
			GC_TRY_UNPROTECT_RECURSION(guard);
		}
		return fastjson_serialize_failed(encoder);
	}

	if (Z_TYPE(retval) == IS_OBJECT && Z_OBJ(retval) == Z_OBJ_P(val)) {
		/* return $this: encode the object's properties */
		if (guard) {
			GC_TRY_UNPROTECT_RECURSION(guard);
		}
		result = fastjson_encode_array(encoder, &retval);
	} else {
		result = fastjson_encode_zval(encoder, &retval);
		if (guard) {
			GC_TRY_UNPROTECT_RECURSION(guard);
		}
	}
	zval_ptr_dtor(&retval);
	return result;
}

static zend_result fastjson_encode_enum(fastjson_encoder *encoder, zend_object *obj)
{
	if (obj->ce->enum_backing_type == IS_UNDEF) {
		encoder->error_code = PHP_JSON_ERROR_NON_BACKED_ENUM;
		fastjson_buf_appendc(&encoder->buf, '0');
		return FAILURE;
	}
	return fastjson_encode_zval(encoder, zend_enum_fetch_case_value(obj));
}

/* ---- dispatch ------------------------------------------------------------------- */

void fastjson_encoder_init(fastjson_encoder *encoder, int options, int max_depth, fastjson_simd_path path)
{
	fastjson_buf_init(&encoder->buf);
	encoder->options = options;
	encoder->depth = 0;
	encoder->max_depth = max_depth;
	encoder->error_code = PHP_JSON_ERROR_NONE;
	encoder->escape_set = fastjson_escape_set_for(options);
	encoder->escape = fastjson_escape_fn_for(path);
	encoder->stack_limit = fastjson_stack_limit();
}

zend_result fastjson_encode_zval(fastjson_encoder *encoder, zval *val)
{
again:
	switch (Z_TYPE_P(val)) {
		case IS_NULL:
			fastjson_buf_appendl(&encoder->buf, "null", 4);
			return SUCCESS;
		case IS_TRUE:
			fastjson_buf_appendl(&encoder->buf, "true", 4);
			return SUCCESS;
		case IS_FALSE:
			fastjson_buf_appendl(&encoder->buf, "false", 5);
			return SUCCESS;
		case IS_LONG:
			fastjson_append_long(&encoder->buf, Z_LVAL_P(val));
			return SUCCESS;
		case IS_DOUBLE:
			if (fastjson_is_finite(Z_DVAL_P(val))) {
				fastjson_append_double(&encoder->buf, Z_DVAL_P(val), encoder->options);
			} else {
				/* Not a failure: encoding goes on and a later error wins. */
				encoder->error_code = PHP_JSON_ERROR_INF_OR_NAN;
				fastjson_buf_appendc(&encoder->buf, '0');
			}
			return SUCCESS;
		case IS_STRING:
			if (UNEXPECTED(encoder->options & PHP_JSON_NUMERIC_CHECK) && Z_STRLEN_P(val) > 0) {
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
			ZEND_FALLTHROUGH;
		case IS_ARRAY: {
			/* Hold a reference so a jsonSerialize() call cannot free the container. */
			zval copy;
			zend_result result;

			ZVAL_COPY(&copy, val);
			result = fastjson_encode_array(encoder, &copy);
			zval_ptr_dtor_nogc(&copy);
			return result;
		}
		case IS_REFERENCE:
			val = Z_REFVAL_P(val);
			goto again;
		default:
			encoder->error_code = PHP_JSON_ERROR_UNSUPPORTED_TYPE;
			if (encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
				fastjson_buf_appendl(&encoder->buf, "null", 4);
			}
			return FAILURE;
	}
}
