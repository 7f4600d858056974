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

/* Object keys kept from one decode to the next for the rest of the request: records
 * repeat their keys, within a document and from call to call (a log record, an API
 * response), and a cached key saves the allocation, the copy and the hash of each one.
 * A slot also keeps the member count of the last object that started with its key, to
 * size the next one. */
#define FASTJSON_KEY_CACHE_BITS 10
#define FASTJSON_KEY_CACHE_SIZE (1 << FASTJSON_KEY_CACHE_BITS)

/* An object's keys in order (see fastjson_shape_* in fastjson_parser.c): objects that
 * start with the same key mostly go on with the same keys. */
typedef struct fastjson_shape fastjson_shape;

typedef struct {
	zend_string *key;
	/* The keys of an object that started with key, or NULL; replaced when two objects
	 * in a row differ from it (records alternating with another kind keep it). */
	fastjson_shape *shape;
	uint32_t object_size;
	uint8_t shape_misses;
} fastjson_key_slot;

typedef struct {
	/* Between the request's start and its end: decodes outside a request cache nothing. */
	bool active;
	/* Which slots hold a key (the slots themselves are never cleared). */
	uint64_t used[FASTJSON_KEY_CACHE_SIZE / 64];
	fastjson_key_slot slots[FASTJSON_KEY_CACHE_SIZE];
} fastjson_key_cache;

/* At the request's start, and at its end (releases the keys). */
void fastjson_key_cache_start(fastjson_key_cache *cache);
void fastjson_key_cache_end(fastjson_key_cache *cache);

/* Decodes json into return_value (left undefined on error) as json_decode() does with
 * these options (JSON_OBJECT_AS_ARRAY already resolved from $associative) and depth.
 * json must be a zend_string: the scanner stops at its terminating NUL. */
php_json_error_code fastjson_decode_ex(zval *return_value, const zend_string *json, int options, int depth,
		fastjson_simd_path simd, fastjson_parse_error *error);

/* The request's key cache (in the module globals). */
fastjson_key_cache *fastjson_request_key_cache(void);

/* Whether json_decode() would succeed, without building anything. */
php_json_error_code fastjson_validate_ex(const zend_string *json, int options, int depth,
		fastjson_simd_path simd, fastjson_parse_error *error);

#endif
