/* fastjson module glue: ini settings, the PHP functions, phpinfo. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "ext/json/php_json.h"
#include "zend_exceptions.h"
#include "php_fastjson.h"
#include "encoder/fastjson_encoder.h"
#include "encoder/fastjson_compat.h"
#include "scanner/fastjson_parser.h"
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
		for (path = FASTJSON_SIMD_SCALAR; path <= FASTJSON_SIMD_NEON; path++) {
			const char *name = fastjson_simd_path_name(path);
			if (zend_binary_strcasecmp(ZSTR_VAL(new_value), ZSTR_LEN(new_value), name, strlen(name)) == 0) {
				break;
			}
		}
		if (path > FASTJSON_SIMD_NEON || !fastjson_simd_path_available(path)) {
			return FAILURE;
		}
	}
	FASTJSON_G(simd_path) = path;
	return SUCCESS;
}

PHP_INI_BEGIN()
	PHP_INI_ENTRY("fastjson.simd", "auto", PHP_INI_ALL, fastjson_update_simd)
PHP_INI_END()

/* ---- errors --------------------------------------------------------------------- */

/* ext/json's messages (json.c php_json_get_error_msg(), which is not exported). */
static const char *fastjson_error_msg(php_json_error_code code)
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

/* ---- PHP functions ---------------------------------------------------------------- */

PHP_FUNCTION(fastjson_encode)
{
	zval *value;
	zend_long options = 0;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	fastjson_encoder encoder;

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
	fastjson_encoder_init(&encoder, (int) options, (int) depth, FASTJSON_G(simd_path));
	fastjson_encode_zval(&encoder, value);

	/* THROW_ON_ERROR without PARTIAL leaves the global error state alone. */
	if (!(options & PHP_JSON_THROW_ON_ERROR) || (options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		JSON_G(error_code) = encoder.error_code;
		if (encoder.error_code != PHP_JSON_ERROR_NONE && !(options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
			fastjson_buf_free(&encoder.buf);
			RETURN_FALSE;
		}
	} else if (encoder.error_code != PHP_JSON_ERROR_NONE) {
		fastjson_buf_free(&encoder.buf);
		zend_throw_exception(php_json_exception_ce, fastjson_error_msg(encoder.error_code), encoder.error_code);
		RETURN_THROWS();
	}

	RETURN_STR(fastjson_buf_extract(&encoder.buf));
}

PHP_FUNCTION(fastjson_decode)
{
	zend_string *json;
	bool assoc = false, assoc_null = true;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	php_json_error_code code;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(json)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	/* ext/json's order: reset, empty input, then the depth range. */
	if (!(options & PHP_JSON_THROW_ON_ERROR)) {
		JSON_G(error_code) = PHP_JSON_ERROR_NONE;
	}
	if (ZSTR_LEN(json) == 0) {
		if (!(options & PHP_JSON_THROW_ON_ERROR)) {
			JSON_G(error_code) = PHP_JSON_ERROR_SYNTAX;
		} else {
			zend_throw_exception(php_json_exception_ce, fastjson_error_msg(PHP_JSON_ERROR_SYNTAX), PHP_JSON_ERROR_SYNTAX);
		}
		RETURN_NULL();
	}
	if (depth <= 0) {
		zend_argument_value_error(3, "must be greater than 0");
		RETURN_THROWS();
	}
	if (depth > INT_MAX) {
		zend_argument_value_error(3, "must be less than %d", INT_MAX);
		RETURN_THROWS();
	}
	/* $associative, when given, overrides JSON_OBJECT_AS_ARRAY. */
	if (!assoc_null) {
		if (assoc) {
			options |= PHP_JSON_OBJECT_AS_ARRAY;
		} else {
			options &= ~PHP_JSON_OBJECT_AS_ARRAY;
		}
	}

	code = fastjson_decode_ex(return_value, json, (int) options, (int) depth, FASTJSON_G(simd_path), NULL);
	if (code != PHP_JSON_ERROR_NONE) {
		if (!(options & PHP_JSON_THROW_ON_ERROR)) {
			JSON_G(error_code) = code;
		} else {
			zend_throw_exception(php_json_exception_ce, fastjson_error_msg(code), code);
		}
		RETURN_NULL();
	}
}

/* json_validate() of PHP 8.3, also on 8.2. */
PHP_FUNCTION(fastjson_validate)
{
	zend_string *json;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long flags = 0;
	php_json_error_code code;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(json)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(flags)
	ZEND_PARSE_PARAMETERS_END();

	if (flags != 0 && flags != PHP_JSON_INVALID_UTF8_IGNORE) {
		zend_argument_value_error(3, "must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)");
		RETURN_THROWS();
	}
	if (ZSTR_LEN(json) == 0) {
		JSON_G(error_code) = PHP_JSON_ERROR_SYNTAX;
		RETURN_FALSE;
	}
	JSON_G(error_code) = PHP_JSON_ERROR_NONE;
	if (depth <= 0) {
		zend_argument_value_error(2, "must be greater than 0");
		RETURN_THROWS();
	}
	if (depth > INT_MAX) {
		zend_argument_value_error(2, "must be less than %d", INT_MAX);
		RETURN_THROWS();
	}

	code = fastjson_validate_ex(json, (int) flags, (int) depth, FASTJSON_G(simd_path), NULL);
	JSON_G(error_code) = code;
	RETURN_BOOL(code == PHP_JSON_ERROR_NONE);
}

/* ---- module ------------------------------------------------------------------------- */

static PHP_GINIT_FUNCTION(fastjson)
{
#if defined(COMPILE_DL_FASTJSON) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	fastjson_globals->simd_path = FASTJSON_SIMD_SCALAR;
	fastjson_globals->stack_limit = NULL;
}

static PHP_MINIT_FUNCTION(fastjson)
{
	(void) type;
	REGISTER_INI_ENTRIES();
	fastjson_escape_startup();
	fastjson_compat_startup();
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(fastjson)
{
	(void) type;
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(fastjson)
{
	(void) type, (void) module_number;
#if defined(COMPILE_DL_FASTJSON) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(fastjson)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "fastjson support", "enabled");
	php_info_print_table_row(2, "Version", PHP_FASTJSON_VERSION);
	php_info_print_table_row(2, "SIMD path of this CPU", fastjson_simd_path_name(fastjson_simd_best_path()));
	php_info_print_table_end();
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
	NULL,
	PHP_MINFO(fastjson),
	PHP_FASTJSON_VERSION,
	PHP_MODULE_GLOBALS(fastjson),
	PHP_GINIT(fastjson),
	NULL,
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_FASTJSON
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(fastjson)
#endif
