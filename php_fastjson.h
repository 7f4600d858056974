/* fastjson: a faster, byte-identical replacement for ext/json. */

#ifndef PHP_FASTJSON_H
#define PHP_FASTJSON_H

extern zend_module_entry fastjson_module_entry;
#define phpext_fastjson_ptr &fastjson_module_entry

#define PHP_FASTJSON_VERSION "0.2.0"

#include "ext/json/php_json.h"
#include "fastjson_simd.h"
#include "fastjson_override.h"
#include "scanner/fastjson_parser.h"
#include "fastjson_pool.h"

/* fastjson.structural: auto runs the structural stage on the SIMD paths only (on the
 * scalar path it is slower than the exact scanner); on forces it on every path. */
typedef enum {
	FASTJSON_STRUCTURAL_OFF,
	FASTJSON_STRUCTURAL_AUTO,
	FASTJSON_STRUCTURAL_ON,
} fastjson_structural_mode;

/* Where the last decode or validate run by fastjson failed. */
typedef struct {
	php_json_error_code code;
	size_t offset;
	size_t line;
	size_t column;
	/* A file helper's failure to read or write (fastjson_file_*()), else NULL. */
	const char *io_error;
} fastjson_error_info;

ZEND_BEGIN_MODULE_GLOBALS(fastjson)
	/* What every json_* call reads or writes comes first, together, so that a call on cold
	 * caches finds it in two or three lines (the rest follows after the key cache's 16 KB
	 * of slots). */
	/* The SIMD path chosen by the fastjson.simd ini setting, already checked against the CPU. */
	fastjson_simd_path simd_path;
	/* fastjson.override (read at startup), fastjson.enabled and fastjson.verify. */
	bool override;
	bool enabled;
	double verify;
	/* The lengths of the last two outputs of fastjson_encode_reported(), the newest first:
	 * the shorter one is the next output's expected length (fastjson_encoder_init()). */
	size_t encoded_lengths[2];
	/* fastjson.structural: whether validate runs the structural stage first; how often it
	 * vouched for the input, and how often it passed the input on to the exact scanner. */
	fastjson_structural_mode structural;
	uint64_t structural_accepted;
	uint64_t structural_passed_on;
	/* This thread's counters: its slot of the shared mapping, or local_counters
	 * (fastjson_pool.c). */
	fastjson_counters *counters;
	/* fastjson.stats: calls left until the next timed one (fastjson_stats.c). */
	zend_long stats_countdown;
	fastjson_error_info last_error;
	fastjson_key_cache key_cache;
	/* See fastjson_stack.c; found on first use in each thread. */
	const char *stack_limit;
	uint64_t verify_rng;
	fastjson_counters local_counters;
	/* fastjson.shm_slots, read at startup. */
	zend_long shm_slots;
	/* fastjson.stats and fastjson.stats_sample, and the generator that draws the gaps
	 * between timed calls (fastjson_stats.c). */
	bool stats;
	zend_long stats_sample;
	uint64_t stats_rng;
	/* fastjson.verify_dump_dir and its caps (fastjson_dump.c). */
	char *verify_dump_dir;
	zend_long verify_dump_max_files;
	zend_long verify_dump_max_bytes;
#ifdef FASTJSON_TESTING
	/* fastjson.test_fault: bit (1 << fastjson_fn) makes that function's result differ. */
	zend_long test_fault;
#endif
ZEND_END_MODULE_GLOBALS(fastjson)

ZEND_EXTERN_MODULE_GLOBALS(fastjson)
#define FASTJSON_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(fastjson, v)

/* ext/json's error state: a code on PHP 8.2-8.5; from 8.6 a code and the location of a
 * decode error, which json_last_error_msg() appends whenever both line and column are set. */
#if PHP_VERSION_ID >= 80600
# define FASTJSON_JSON_ERROR_CODE (JSON_G(error_details).code)
#else
# define FASTJSON_JSON_ERROR_CODE (JSON_G(error_code))
#endif

/* Sets ext/json's error code at a location (8.6; line and column 0 for none). */
static zend_always_inline void fastjson_json_error_set_at(php_json_error_code code, size_t line, size_t column)
{
	FASTJSON_JSON_ERROR_CODE = code;
#if PHP_VERSION_ID >= 80600
	JSON_G(error_details).line = line;
	JSON_G(error_details).column = column;
#else
	(void) line, (void) column;
#endif
}

/* Sets ext/json's error code with no location, as ext/json does outside a parse. */
static zend_always_inline void fastjson_json_error_set(php_json_error_code code)
{
	fastjson_json_error_set_at(code, 0, 0);
}

#if defined(ZTS) && defined(COMPILE_DL_FASTJSON)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif
