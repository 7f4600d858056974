/* fastjson module glue: ini settings, the PHP functions, phpinfo. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "ext/json/php_json.h"
#include "zend_exceptions.h"
#include "zend_strtod.h"
#include "php_fastjson.h"
#include "fastjson_override.h"
#include "fastjson_pool.h"
#include "fastjson_stats.h"
#include "encoder/fastjson_encoder.h"
#include "encoder/fastjson_compat.h"
#include "scanner/fastjson_parser.h"
#include "scanner/fastjson_structural.h"
#include "scanner/fastjson_relaxed.h"
#include "fastjson_functions.h"
#include "fastjson_arginfo.h"

/* Exported by ext/json but declared in none of its installed headers. */
extern PHPAPI zend_class_entry *php_json_exception_ce;

ZEND_DECLARE_MODULE_GLOBALS(fastjson)

/* ext/json's behaviour where it changed within a minor version (encoder/fastjson_compat.h). */
bool fastjson_compat_key_error_stops = false;
int fastjson_compat_depth_range_error = -1;
zend_function fastjson_compat_json_encode_fn;
bool fastjson_compat_have_json_encode_fn = false;

/* fastjson.simd: "auto", or a path this CPU can run; anything else is refused. */
static ZEND_INI_MH(fastjson_update_simd)
{
	fastjson_simd_path path;

	(void) entry, (void) mh_arg1, (void) mh_arg2, (void) mh_arg3, (void) stage;
	if (zend_string_equals_literal_ci(new_value, "auto") || ZSTR_LEN(new_value) == 0) {
		path = fastjson_simd_best_path();
	} else {
		for (path = FASTJSON_SIMD_SCALAR; path <= FASTJSON_SIMD_LAST; path++) {
			const char *name = fastjson_simd_path_name(path);
			if (zend_binary_strcasecmp(ZSTR_VAL(new_value), ZSTR_LEN(new_value), name, strlen(name)) == 0) {
				break;
			}
		}
		if (path > FASTJSON_SIMD_LAST || !fastjson_simd_path_available(path)) {
			return FAILURE;
		}
	}
	FASTJSON_G(simd_path) = path;
	return SUCCESS;
}

/* fastjson.structural: auto, on or off (1 and 0 too); anything else is refused. */
static ZEND_INI_MH(fastjson_update_structural)
{
	(void) entry, (void) mh_arg1, (void) mh_arg2, (void) mh_arg3, (void) stage;
	if (zend_string_equals_literal_ci(new_value, "auto") || ZSTR_LEN(new_value) == 0) {
		FASTJSON_G(structural) = FASTJSON_STRUCTURAL_AUTO;
	} else if (zend_string_equals_literal_ci(new_value, "on") || zend_string_equals_literal(new_value, "1")) {
		FASTJSON_G(structural) = FASTJSON_STRUCTURAL_ON;
	} else if (zend_string_equals_literal_ci(new_value, "off") || zend_string_equals_literal(new_value, "0")) {
		FASTJSON_G(structural) = FASTJSON_STRUCTURAL_OFF;
	} else {
		return FAILURE;
	}
	return SUCCESS;
}

static const char *const fastjson_structural_mode_names[] = {"off", "auto", "on"};

/* Whether validate runs the structural stage on the SIMD path in use. */
bool fastjson_structural_active(void)
{
	return FASTJSON_G(structural) == FASTJSON_STRUCTURAL_ON
		|| (FASTJSON_G(structural) == FASTJSON_STRUCTURAL_AUTO && FASTJSON_G(simd_path) != FASTJSON_SIMD_SCALAR);
}

/* fastjson.verify: a share of calls, from 0 to 1. */
static ZEND_INI_MH(fastjson_update_verify)
{
	const char *end = ZSTR_VAL(new_value);
	double rate = ZSTR_LEN(new_value) ? zend_strtod(ZSTR_VAL(new_value), &end) : 0;

	(void) entry, (void) mh_arg1, (void) mh_arg2, (void) mh_arg3, (void) stage;
	if (end != ZSTR_VAL(new_value) + ZSTR_LEN(new_value) || !(rate >= 0 && rate <= 1)) {
		return FAILURE;
	}
	FASTJSON_G(verify) = rate;
	return SUCCESS;
}

PHP_INI_BEGIN()
	PHP_INI_ENTRY("fastjson.simd", "auto", PHP_INI_ALL, fastjson_update_simd)
	STD_PHP_INI_BOOLEAN("fastjson.override", "1", PHP_INI_SYSTEM, OnUpdateBool, override,
		zend_fastjson_globals, fastjson_globals)
	STD_PHP_INI_BOOLEAN("fastjson.enabled", "1", PHP_INI_ALL, OnUpdateBool, enabled,
		zend_fastjson_globals, fastjson_globals)
	PHP_INI_ENTRY("fastjson.verify", "0", PHP_INI_ALL, fastjson_update_verify)
	PHP_INI_ENTRY("fastjson.structural", "auto", PHP_INI_ALL, fastjson_update_structural)
#ifdef FASTJSON_TESTING
	STD_PHP_INI_ENTRY("fastjson.test_fault", "0", PHP_INI_ALL, OnUpdateLong, test_fault,
		zend_fastjson_globals, fastjson_globals)
#endif
PHP_INI_END()

/* ---- errors --------------------------------------------------------------------- */

/* ext/json's messages (json.c php_json_get_error_msg(), which is not exported). */
const char *fastjson_error_msg(php_json_error_code code)
{
	switch (code) {
		case PHP_JSON_ERROR_NONE:
			return "No error";
		case PHP_JSON_ERROR_DEPTH:
			return "Maximum stack depth exceeded";
		case PHP_JSON_ERROR_STATE_MISMATCH:
			return "State mismatch (invalid or malformed JSON)";
		case PHP_JSON_ERROR_CTRL_CHAR:
			return "Control character error, possibly incorrectly encoded";
		case PHP_JSON_ERROR_SYNTAX:
			return "Syntax error";
		case PHP_JSON_ERROR_UTF8:
			return "Malformed UTF-8 characters, possibly incorrectly encoded";
		case PHP_JSON_ERROR_RECURSION:
			return "Recursion detected";
		case PHP_JSON_ERROR_INF_OR_NAN:
			return "Inf and NaN cannot be JSON encoded";
		case PHP_JSON_ERROR_UNSUPPORTED_TYPE:
			return "Type is not supported";
		case PHP_JSON_ERROR_INVALID_PROPERTY_NAME:
			return "The decoded property name is invalid";
		case PHP_JSON_ERROR_UTF16:
			return "Single unpaired UTF-16 surrogate in unicode escape";
		case PHP_JSON_ERROR_NON_BACKED_ENUM:
			return "Non-backed enums have no default serialization";
		default:
			return "Unknown error";
	}
}

/* ---- error positions ---------------------------------------------------------- */

/* Line and column of byte offset in json, both from 1: lines end at "\n"; a column is a
 * character, so UTF-8 continuation bytes do not count. */
static void fastjson_locate(const char *json, size_t offset, size_t *line, size_t *column)
{
	size_t i, l = 1, c = 1;

	for (i = 0; i < offset; i++) {
		unsigned char b = (unsigned char) json[i];
		if (b == '\n') {
			l++;
			c = 1;
		} else if ((b & 0xc0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*column = c;
}

/* A decode or validate that succeeded, for fastjson_last_error_info(): inline, as every
 * successful call records it. */
static zend_always_inline void fastjson_record_success(void)
{
	fastjson_error_info *info = &FASTJSON_G(last_error);

	info->code = PHP_JSON_ERROR_NONE;
	info->io_error = NULL;
	info->offset = info->line = info->column = 0;
}

/* Keeps where a decode or validate stopped, for fastjson_last_error_info() and for ext/json's
 * own error state (the location is part of it from PHP 8.6). */
static const fastjson_error_info *fastjson_record_parse_error(const zend_string *json, const fastjson_parse_error *error)
{
	fastjson_error_info *info = &FASTJSON_G(last_error);

	if (error->code == PHP_JSON_ERROR_NONE) {
		fastjson_record_success();
		return info;
	}
	info->code = error->code;
	info->io_error = NULL;
	info->offset = error->offset;
	fastjson_locate(ZSTR_VAL(json), error->offset, &info->line, &info->column);
	return info;
}

/* An empty input is a syntax error at its start (ext/json answers it before parsing). */
static void fastjson_record_empty_input_error(const zend_string *json)
{
	const fastjson_parse_error error = {PHP_JSON_ERROR_SYNTAX, 0};

	fastjson_record_parse_error(json, &error);
}

void fastjson_record_ext_json_error(void)
{
	fastjson_error_info *info = &FASTJSON_G(last_error);

	if (EG(exception)) {
		zval rv, *code;

		/* Argument errors leave it alone, as they do when fastjson answers. */
		if (!instanceof_function(EG(exception)->ce, php_json_exception_ce)) {
			return;
		}
		code = zend_read_property_ex(zend_ce_exception, EG(exception), ZSTR_KNOWN(ZEND_STR_CODE), 1, &rv);
		info->code = (php_json_error_code) zval_get_long(code);
	} else {
		info->code = FASTJSON_JSON_ERROR_CODE;
	}
	info->offset = info->line = info->column = 0;
	info->io_error = NULL;
}

/* ext/json's message for a code, with " near location L:C" from PHP 8.6 when there is one. */
static zend_string *fastjson_error_msg_at(php_json_error_code code, size_t line, size_t column)
{
#if PHP_VERSION_ID >= 80600
	if (line > 0 && column > 0) {
		return zend_strpprintf(0, "%s near location %zu:%zu", fastjson_error_msg(code), line, column);
	}
#else
	(void) line, (void) column;
#endif
	return zend_string_init(fastjson_error_msg(code), strlen(fastjson_error_msg(code)), 0);
}

static void fastjson_throw_at(php_json_error_code code, size_t line, size_t column)
{
	zend_string *msg = fastjson_error_msg_at(code, line, column);
	zend_throw_exception(php_json_exception_ce, ZSTR_VAL(msg), code);
	zend_string_release(msg);
}

/* ---- PHP functions ---------------------------------------------------------------- */

/* Encodes value as fastjson_encode() does; NULL on failure, reported as fastjson_encode()
 * reports it (error state, or a JsonException with THROW_ON_ERROR and no PARTIAL). */
FASTJSON_CALL_PATH zend_string *fastjson_encode_reported(zval *value, zend_long options, zend_long depth)
{
	fastjson_encoder encoder;
	zend_string *json;

	fastjson_encoder_init(&encoder, (int) options, (int) depth, FASTJSON_G(simd_path),
		MIN(FASTJSON_G(encoded_lengths)[0], FASTJSON_G(encoded_lengths)[1]));
	fastjson_encode_zval(&encoder, value);
	if (!(options & PHP_JSON_THROW_ON_ERROR) || (options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		fastjson_json_error_set(encoder.error_code);
		if (encoder.error_code != PHP_JSON_ERROR_NONE && !(options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
			fastjson_buf_free(&encoder.buf);
			return NULL;
		}
	} else if (encoder.error_code != PHP_JSON_ERROR_NONE) {
		fastjson_buf_free(&encoder.buf);
		zend_throw_exception(php_json_exception_ce, fastjson_error_msg(encoder.error_code), encoder.error_code);
		return NULL;
	}
	if (UNEXPECTED(encoder.buf.discarding)) {
		/* The VM raises the memory_limit error right after the call. */
		fastjson_buf_free(&encoder.buf);
		return NULL;
	}
	/* Also after an exception thrown by jsonSerialize(), as json_encode() does. */
	json = fastjson_buf_extract(&encoder.buf);
	FASTJSON_G(encoded_lengths)[1] = FASTJSON_G(encoded_lengths)[0];
	FASTJSON_G(encoded_lengths)[0] = ZSTR_LEN(json);
	return json;
}

FASTJSON_CALL_PATH PHP_FUNCTION(fastjson_encode)
{
	zval *value;
	zend_long options = 0;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_string *json;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(options)
		Z_PARAM_LONG(depth)
	ZEND_PARSE_PARAMETERS_END();

	/* Some versions refuse a depth outside int (8.4.28), others truncate it (8.2, 8.5.7);
	 * options are always truncated. */
	if (ZEND_LONG_EXCEEDS_INT(depth) && fastjson_compat_depth_must_fit_int()) {
		zend_argument_value_error(3, "must be between %d and %d", INT_MIN, INT_MAX);
		RETURN_THROWS();
	}
	json = fastjson_encode_reported(value, options, depth);
	if (!json) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_FALSE;
	}
	RETURN_STR(json);
}

bool fastjson_decode_begin(const zend_string *json, zend_long depth, zend_long options, uint32_t depth_arg)
{
	/* ext/json's order: reset, empty input, then the depth range. */
	if (!(options & PHP_JSON_THROW_ON_ERROR)) {
		fastjson_json_error_set(PHP_JSON_ERROR_NONE);
	}
	if (ZSTR_LEN(json) == 0) {
		fastjson_record_empty_input_error(json);
		if (!(options & PHP_JSON_THROW_ON_ERROR)) {
			fastjson_json_error_set(PHP_JSON_ERROR_SYNTAX);
		} else {
			zend_throw_exception(php_json_exception_ce, fastjson_error_msg(PHP_JSON_ERROR_SYNTAX), PHP_JSON_ERROR_SYNTAX);
		}
		return false;
	}
	if (depth <= 0) {
		zend_argument_value_error(depth_arg, "must be greater than 0");
		return false;
	}
	if (depth > INT_MAX) {
		zend_argument_value_error(depth_arg, "must be less than %d", INT_MAX);
		return false;
	}
	return true;
}

zend_long fastjson_decode_options(bool assoc, bool assoc_null, zend_long options)
{
	/* $associative, when given, overrides JSON_OBJECT_AS_ARRAY. */
	if (!assoc_null) {
		if (assoc) {
			options |= PHP_JSON_OBJECT_AS_ARRAY;
		} else {
			options &= ~PHP_JSON_OBJECT_AS_ARRAY;
		}
	}
	return options;
}

void fastjson_decode_end(const zend_string *json, const fastjson_parse_error *error, zend_long options)
{
	const fastjson_error_info *info = fastjson_record_parse_error(json, error);

	if (error->code == PHP_JSON_ERROR_NONE) {
		return;
	}
	if (!(options & PHP_JSON_THROW_ON_ERROR)) {
		fastjson_json_error_set_at(error->code, info->line, info->column);
	} else {
		fastjson_throw_at(error->code, info->line, info->column);
	}
}

void fastjson_decode_text(zval *return_value, const zend_string *json, zend_long depth, zend_long options)
{
	fastjson_parse_error error;
	/* The same length as json, so that error offsets are json's. */
	zend_string *blanked = options & FASTJSON_DECODE_RELAXED ? fastjson_relaxed_blank(json, FASTJSON_G(simd_path)) : NULL;

	fastjson_decode_ex(return_value, blanked ? blanked : json, (int) (options & ~FASTJSON_DECODE_RELAXED),
		(int) depth, FASTJSON_G(simd_path), &error);
	if (blanked) {
		zend_string_release(blanked);
	}
	fastjson_decode_end(json, &error, options);
	if (error.code != PHP_JSON_ERROR_NONE) {
		ZVAL_NULL(return_value);
	}
}

/* FASTJSON_DECODE_RELAXED is fastjson's own: json_decode() and json_validate(), which the
 * override may route here, ignore or refuse that bit as ext/json does. */
static zend_always_inline bool fastjson_called_by_own_name(zend_execute_data *execute_data, zif_handler own)
{
	return EX(func)->internal_function.handler == own;
}

FASTJSON_CALL_PATH PHP_FUNCTION(fastjson_decode)
{
	zend_string *json;
	bool assoc = false, assoc_null = true;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(json)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	if (!fastjson_called_by_own_name(execute_data, ZEND_FN(fastjson_decode))) {
		options &= ~FASTJSON_DECODE_RELAXED;
	}
	options = fastjson_decode_options(assoc, assoc_null, options);
	/* The usual call, straight to the parser: what fastjson_decode_begin(),
	 * fastjson_decode_text() and fastjson_decode_end() do when nothing is wrong. */
	if (EXPECTED(ZSTR_LEN(json) > 0 && depth > 0 && depth <= INT_MAX && !(options & FASTJSON_DECODE_RELAXED))) {
		fastjson_parse_error error;

		if (!(options & PHP_JSON_THROW_ON_ERROR)) {
			fastjson_json_error_set(PHP_JSON_ERROR_NONE);
		}
		if (EXPECTED(fastjson_decode_ex(return_value, json, (int) options, (int) depth, FASTJSON_G(simd_path), &error)
				== PHP_JSON_ERROR_NONE)) {
			fastjson_record_success();
			return;
		}
		fastjson_decode_end(json, &error, options);
		ZVAL_NULL(return_value);
		return;
	}
	if (!fastjson_decode_begin(json, depth, options, 3)) {
		return;
	}
	fastjson_decode_text(return_value, json, depth, options);
}

/* json_validate()'s argument rules and error-state reset; false when the call is over
 * (a ValueError was thrown or an empty string answered). */
static zend_always_inline bool fastjson_validate_args(INTERNAL_FUNCTION_PARAMETERS, zend_string **json, int *depth, int *flags,
		zend_long allowed_flags)
{
	zend_long depth_arg = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long flags_arg = 0;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(*json)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(depth_arg)
		Z_PARAM_LONG(flags_arg)
	ZEND_PARSE_PARAMETERS_END_EX(return false);

	if (flags_arg & ~allowed_flags) {
		zend_argument_value_error(3, "must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)");
		return false;
	}
	if (ZSTR_LEN(*json) == 0) {
		fastjson_record_empty_input_error(*json);
		fastjson_json_error_set(PHP_JSON_ERROR_SYNTAX);
		RETVAL_FALSE;
		return false;
	}
	fastjson_json_error_set(PHP_JSON_ERROR_NONE);
	if (depth_arg <= 0) {
		zend_argument_value_error(2, "must be greater than 0");
		return false;
	}
	if (depth_arg > INT_MAX) {
		zend_argument_value_error(2, "must be less than %d", INT_MAX);
		return false;
	}
	*depth = (int) depth_arg;
	*flags = (int) flags_arg;
	return true;
}

/* json_validate() of PHP 8.3, also on 8.2; called as fastjson_validate() it also takes
 * FASTJSON_DECODE_RELAXED. */
FASTJSON_CALL_PATH PHP_FUNCTION(fastjson_validate)
{
	zend_string *json, *blanked;
	const zend_string *text;
	int depth, flags;
	fastjson_parse_error error;
	const fastjson_error_info *info;
	bool structural;
	zend_long allowed = PHP_JSON_INVALID_UTF8_IGNORE;

	if (fastjson_called_by_own_name(execute_data, ZEND_FN(fastjson_validate))) {
		allowed |= FASTJSON_DECODE_RELAXED;
	}
	if (!fastjson_validate_args(INTERNAL_FUNCTION_PARAM_PASSTHRU, &json, &depth, &flags, allowed)) {
		return;
	}
	blanked = flags & FASTJSON_DECODE_RELAXED ? fastjson_relaxed_blank(json, FASTJSON_G(simd_path)) : NULL;
	text = blanked ? blanked : json;
	flags &= ~FASTJSON_DECODE_RELAXED;
	structural = fastjson_structural_active();
	if (structural && fastjson_structural_validate(text, depth, FASTJSON_G(simd_path))) {
		FASTJSON_G(structural_accepted)++;
		error.code = PHP_JSON_ERROR_NONE;
		error.offset = 0;
	} else {
		FASTJSON_G(structural_passed_on) += structural;
		fastjson_validate_ex(text, flags, depth, FASTJSON_G(simd_path), &error);
	}
	if (blanked) {
		zend_string_release(blanked);
	}
	if (EXPECTED(error.code == PHP_JSON_ERROR_NONE)) {
		fastjson_record_success();
		RETURN_TRUE;
	}
	info = fastjson_record_parse_error(json, &error);
	fastjson_json_error_set_at(info->code, info->line, info->column);
	RETURN_FALSE;
}

#if PHP_VERSION_ID < 80300
void fastjson_validate_by_ext_json(INTERNAL_FUNCTION_PARAMETERS)
{
	zend_string *json;
	int depth, flags;
	zval value;

	if (!fastjson_validate_args(INTERNAL_FUNCTION_PARAM_PASSTHRU, &json, &depth, &flags, PHP_JSON_INVALID_UTF8_IGNORE)) {
		return;
	}
	/* As arrays: json_validate() never reports an invalid property name. */
	if (php_json_decode_ex(&value, ZSTR_VAL(json), ZSTR_LEN(json), flags | PHP_JSON_OBJECT_AS_ARRAY, depth) == FAILURE) {
		RETURN_FALSE;
	}
	zval_ptr_dtor(&value);
	RETURN_TRUE;
}
#endif

PHP_FUNCTION(fastjson_last_error)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(FASTJSON_JSON_ERROR_CODE);
}

PHP_FUNCTION(fastjson_last_error_msg)
{
	ZEND_PARSE_PARAMETERS_NONE();
#if PHP_VERSION_ID >= 80600
	RETURN_STR(fastjson_error_msg_at(FASTJSON_JSON_ERROR_CODE, (size_t) JSON_G(error_details).line,
		(size_t) JSON_G(error_details).column));
#else
	RETURN_STRING(fastjson_error_msg(FASTJSON_JSON_ERROR_CODE));
#endif
}

PHP_FUNCTION(fastjson_last_error_info)
{
	const fastjson_error_info *info = &FASTJSON_G(last_error);

	ZEND_PARSE_PARAMETERS_NONE();
	array_init_size(return_value, 7);
	add_assoc_long(return_value, "code", info->code);
	add_assoc_string(return_value, "msg", info->io_error ? info->io_error : fastjson_error_msg(info->code));
	add_assoc_long(return_value, "line", (zend_long) info->line);
	add_assoc_long(return_value, "column", (zend_long) info->column);
	add_assoc_long(return_value, "offset", (zend_long) info->offset);
	/* The other fastjson extension's names for the same place. */
	add_assoc_long(return_value, "pos", fastjson_last_error_pos());
	add_assoc_long(return_value, "col", (zend_long) info->column);
}

PHP_FUNCTION(fastjson_info)
{
	zval functions, structural;

	ZEND_PARSE_PARAMETERS_NONE();
	array_init_size(return_value, 11);
	add_assoc_string(return_value, "version", PHP_FASTJSON_VERSION);
	add_assoc_string(return_value, "simd", fastjson_simd_path_name(FASTJSON_G(simd_path)));
	add_assoc_string(return_value, "simd_best", fastjson_simd_path_name(fastjson_simd_best_path()));
	add_assoc_bool(return_value, "override", fastjson_override_active());
	add_assoc_bool(return_value, "enabled", FASTJSON_G(enabled));
	add_assoc_double(return_value, "verify", FASTJSON_G(verify));
	array_init_size(&structural, 4);
	add_assoc_string(&structural, "mode", fastjson_structural_mode_names[FASTJSON_G(structural)]);
	add_assoc_bool(&structural, "active", fastjson_structural_active());
	add_assoc_long(&structural, "accepted", (zend_long) FASTJSON_G(structural_accepted));
	add_assoc_long(&structural, "passed_on", (zend_long) FASTJSON_G(structural_passed_on));
	add_assoc_zval(return_value, "structural", &structural);
	fastjson_stats_functions(&functions, fastjson_pool_counters());
	add_assoc_zval(return_value, "functions", &functions);
	fastjson_stats_info(return_value);
}

/* ---- module ------------------------------------------------------------------------- */

static PHP_GINIT_FUNCTION(fastjson)
{
#if defined(COMPILE_DL_FASTJSON) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(fastjson_globals, 0, sizeof(*fastjson_globals));
	fastjson_globals->simd_path = FASTJSON_SIMD_SCALAR;
	fastjson_globals->enabled = true;
	/* Any non-zero seed: verify sampling need only be spread, not unpredictable. */
	fastjson_globals->verify_rng = ((uint64_t) time(NULL) << 20) ^ (uint64_t) (uintptr_t) fastjson_globals
		^ UINT64_C(0x9e3779b97f4a7c15);
	fastjson_globals->stats_rng = fastjson_globals->verify_rng ^ UINT64_C(0x2545f4914f6cdd1d);
	/* The ini defaults, until the ini entries are applied: stats off, 1 call in 64. */
	fastjson_globals->stats_sample = 64;
	fastjson_globals->stats_countdown = ZEND_LONG_MAX;
	fastjson_pool_thread_start(fastjson_globals);
}

static PHP_GSHUTDOWN_FUNCTION(fastjson)
{
	fastjson_pool_thread_end(fastjson_globals);
}

#if PHP_VERSION_ID < 80300
/* json_validate() where ext/json has none (PHP 8.2): json_validate()'s signature, which
 * is fastjson_validate()'s. */
static const zend_function_entry fastjson_json_validate_entry[] = {
	ZEND_RAW_FENTRY("json_validate", fastjson_override_json_validate, arginfo_fastjson_validate, 0)
	ZEND_FE_END
};
# define FASTJSON_JSON_VALIDATE_ENTRY fastjson_json_validate_entry
#else
# define FASTJSON_JSON_VALIDATE_ENTRY NULL
#endif

static PHP_MINIT_FUNCTION(fastjson)
{
	REGISTER_INI_ENTRIES();
	fastjson_superset_startup(module_number);
	fastjson_stats_startup(type, module_number);
	fastjson_escape_startup();
	fastjson_compat_startup();
	if (FASTJSON_G(override) && !fastjson_override_startup(FASTJSON_JSON_VALIDATE_ENTRY)) {
		php_error_docref(NULL, E_WARNING, "fastjson.override: ext/json's functions were not found; not overriding");
	}
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(fastjson)
{
	(void) type;
	fastjson_override_shutdown();
	fastjson_stats_shutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(fastjson)
{
	(void) type, (void) module_number;
#if defined(COMPILE_DL_FASTJSON) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	fastjson_key_cache_start(&FASTJSON_G(key_cache));
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(fastjson)
{
	(void) type, (void) module_number;
	fastjson_key_cache_end(&FASTJSON_G(key_cache));
	return SUCCESS;
}

FASTJSON_CALL_PATH fastjson_key_cache *fastjson_request_key_cache(void)
{
	return &FASTJSON_G(key_cache);
}

static PHP_MINFO_FUNCTION(fastjson)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "fastjson support", "enabled");
	php_info_print_table_row(2, "Version", PHP_FASTJSON_VERSION);
	php_info_print_table_row(2, "SIMD path of this CPU", fastjson_simd_path_name(fastjson_simd_best_path()));
	php_info_print_table_row(2, "SIMD path in use", fastjson_simd_path_name(FASTJSON_G(simd_path)));
	php_info_print_table_row(2, "json_encode/json_decode/json_validate overridden",
		fastjson_override_active() ? "yes" : "no");
	php_info_print_table_row(2, "Enabled (fastjson.enabled)", FASTJSON_G(enabled) ? "yes" : "no (ext/json answers)");
	{
		char structural[64];
		snprintf(structural, sizeof(structural), ZEND_ULONG_FMT " accepted, " ZEND_ULONG_FMT " passed on",
			(zend_ulong) FASTJSON_G(structural_accepted), (zend_ulong) FASTJSON_G(structural_passed_on));
		php_info_print_table_row(2, "validate: structural stage", fastjson_structural_active() ? structural
			: "not used on this path");
	}
	php_info_print_table_end();

	php_info_print_table_start();
	php_info_print_table_header(7, "Function", "Calls", "To ext/json", "Bytes in", "Bytes out", "Verified",
		"Mismatches");
	{
		int fn;
		for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
			const fastjson_fn_counters *c = &fastjson_pool_counters()->fn[fn];
			char cells[6][24];
			snprintf(cells[0], sizeof(cells[0]), "%" PRIu64, c->calls);
			snprintf(cells[1], sizeof(cells[1]), "%" PRIu64, c->ext_json_calls);
			snprintf(cells[2], sizeof(cells[2]), "%" PRIu64, c->bytes_in);
			snprintf(cells[3], sizeof(cells[3]), "%" PRIu64, c->bytes_out);
			snprintf(cells[4], sizeof(cells[4]), "%" PRIu64, c->verify_runs);
			snprintf(cells[5], sizeof(cells[5]), "%" PRIu64, c->verify_mismatches);
			php_info_print_table_row(7, fastjson_fn_name((fastjson_fn) fn), cells[0], cells[1], cells[2], cells[3],
				cells[4], cells[5]);
		}
	}
	php_info_print_table_end();
	fastjson_stats_minfo();
	DISPLAY_INI_ENTRIES();
}

static const zend_module_dep fastjson_deps[] = {
	ZEND_MOD_REQUIRED("json")
	ZEND_MOD_END
};

zend_module_entry fastjson_module_entry = {
	STANDARD_MODULE_HEADER_EX, NULL,
	fastjson_deps,
	"fastjson",
	ext_functions,
	PHP_MINIT(fastjson),
	PHP_MSHUTDOWN(fastjson),
	PHP_RINIT(fastjson),
	PHP_RSHUTDOWN(fastjson),
	PHP_MINFO(fastjson),
	PHP_FASTJSON_VERSION,
	PHP_MODULE_GLOBALS(fastjson),
	PHP_GINIT(fastjson),
	PHP_GSHUTDOWN(fastjson),
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_FASTJSON
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(fastjson)
#endif
