/* JSON text -> PHP value (decode) or yes/no (validate), with ext/json's results and errors. */

#ifndef FASTJSON_PARSER_H
#define FASTJSON_PARSER_H

#include "php.h"
#include "ext/json/php_json.h"
#include "../fastjson_simd.h"

/* Where a decode or validate stopped: the error and the byte offset of the token at
 * which it was found. */
typedef struct {
	php_json_error_code code;
	size_t offset;
} fastjson_parse_error;

/* Decodes json into return_value (left undefined on error) as json_decode() does with
 * these options (JSON_OBJECT_AS_ARRAY already resolved from $associative) and depth.
 * json must be a zend_string: the scanner stops at its terminating NUL. */
php_json_error_code fastjson_decode_ex(zval *return_value, const zend_string *json, int options, int depth,
		fastjson_simd_path simd, fastjson_parse_error *error);

/* Whether json_decode() would succeed, without building anything. */
php_json_error_code fastjson_validate_ex(const zend_string *json, int options, int depth,
		fastjson_simd_path simd, fastjson_parse_error *error);

#endif
