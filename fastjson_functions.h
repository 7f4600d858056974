/* What the PHP functions of fastjson.c share with the superset's (fastjson_superset.c):
 * ext/json's argument checks, error state and error messages around a decode. */

#ifndef FASTJSON_FUNCTIONS_H
#define FASTJSON_FUNCTIONS_H

#include "php.h"
#include "php_fastjson.h"
#include "scanner/fastjson_parser.h"

/* Encodes value as json_encode() does; NULL on failure, reported as json_encode() reports
 * it: the error state (THROW_ON_ERROR without PARTIAL leaves it alone) or a JsonException.
 * Like json_encode(), it returns the output even when jsonSerialize() threw. */
zend_string *fastjson_encode_reported(zval *value, zend_long options, zend_long depth);

/* ext/json's message for an error code. */
const char *fastjson_error_msg(php_json_error_code code);

/* Whether the structural stage runs on the SIMD path in use (fastjson.structural). */
bool fastjson_structural_active(void);

/* json_decode()'s steps before decoding: reset the error state (unless
 * JSON_THROW_ON_ERROR), answer an empty input with a syntax error, check the depth
 * (argument number depth_arg). false when the call is over: the result stays null, or a
 * ValueError or JsonException is pending. */
bool fastjson_decode_begin(const zend_string *json, zend_long depth, zend_long options, uint32_t depth_arg);

/* The options with $associative applied to JSON_OBJECT_AS_ARRAY, as json_decode() does. */
zend_long fastjson_decode_options(bool assoc, bool assoc_null, zend_long options);

/* Records how a decode of json ended; an error goes to ext/json's error state, or is
 * thrown with JSON_THROW_ON_ERROR, as json_decode() does. */
void fastjson_decode_end(const zend_string *json, const fastjson_parse_error *error, zend_long options);

/* The decode after fastjson_decode_begin(): FASTJSON_DECODE_RELAXED in options is honoured
 * (callers strip it where it must be ignored); return_value is null on error. */
void fastjson_decode_text(zval *return_value, const zend_string *json, zend_long depth, zend_long options);

/* fastjson_last_error_pos(): the byte offset of the last decode or validate error, -1
 * when there was none or its place is unknown (ext/json answered, a file error). */
zend_long fastjson_last_error_pos(void);

/* Registers the superset's constants (fastjson_superset.c). */
void fastjson_superset_startup(int module_number);

#endif
