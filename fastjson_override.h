/* Taking over json_encode(), json_decode() and json_validate() (fastjson.override), the
 * per-request switch back to ext/json (fastjson.enabled), and shadow verification
 * against ext/json (fastjson.verify). */

#ifndef FASTJSON_OVERRIDE_H
#define FASTJSON_OVERRIDE_H

#include "php.h"
#include "ext/json/php_json.h"

typedef enum {
	FASTJSON_FN_ENCODE,
	FASTJSON_FN_DECODE,
	FASTJSON_FN_VALIDATE,
	FASTJSON_FN_COUNT,
} fastjson_fn;

/* Per function, for this process (per thread under ZTS); summed over processes in
 * fastjson_pool.c, which needs every field a uint64_t. */
typedef struct {
	/* Every call of the json_* function. */
	uint64_t calls;
	/* Calls left to ext/json because fastjson.enabled was off. */
	uint64_t ext_json_calls;
	/* JSON text read (decode, validate) and written (encode). */
	uint64_t bytes_in;
	uint64_t bytes_out;
	uint64_t verify_runs;
	uint64_t verify_mismatches;
} fastjson_fn_counters;

/* What one implementation produced for a verified call: its return value, error state
 * and exception. */
typedef struct {
	zval value;
	php_json_error_code error;
#if PHP_VERSION_ID >= 80600
	size_t line;
	size_t column;
#endif
	zend_string *exception_class;
	zend_string *exception_message;
	zend_long exception_code;
} fastjson_outcome;

/* The json_* name of a function. */
const char *fastjson_fn_name(fastjson_fn fn);

/* Swaps the handlers in the function table; on PHP < 8.3 registers json_validate()
 * from validate_entry. Returns whether the override is in place. */
bool fastjson_override_startup(const zend_function_entry *validate_entry);
void fastjson_override_shutdown(void);
bool fastjson_override_active(void);

ZEND_NAMED_FUNCTION(fastjson_override_json_validate);

/* The implementations behind fastjson_* and the override (fastjson.c). */
ZEND_FUNCTION(fastjson_encode);
ZEND_FUNCTION(fastjson_decode);
ZEND_FUNCTION(fastjson_validate);

/* fastjson_last_error_info() after ext/json answered a decode or validate: ext/json's
 * error code, without a location (only fastjson's parser knows one). */
void fastjson_record_ext_json_error(void);

#if PHP_VERSION_ID < 80300
/* json_validate() computed by ext/json's own decoder, where ext/json has none. */
void fastjson_validate_by_ext_json(INTERNAL_FUNCTION_PARAMETERS);
#endif

#endif
