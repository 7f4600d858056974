/* libFuzzer harness: PHP (the embed SAPI) with fastjson linked in statically, so that
 * libFuzzer sees fastjson's coverage. Each input goes through ext/json and fastjson in the
 * same process; the comparison itself is fuzz/fastjson_fuzz.php, which reuses the test
 * suite's differential helpers (tests/fastjson_decode.inc). FASTJSON_FUZZ_TARGET (decode,
 * validate or encode, set at compile time) names the PHP function fastjson_fuzz_<target>()
 * that gets the raw input and returns null when both sides agree, else a description.
 *
 * A difference, an uncaught exception, a fatal PHP error or anything printed by PHP is a
 * crash (abort()); ASan/UBSan/LSan reports are crashes as usual. The harness sets
 * USE_ZEND_ALLOC=0 so that emalloc() is malloc(): ASan then sees overflows of fastjson's
 * buffers and LSan sees zend_strings that are never released. */

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sanitizer/lsan_interface.h>

#include "sapi/embed/php_embed.h"
#include "php_fastjson.h"

#ifndef FASTJSON_FUZZ_TARGET
# error "compile with -DFASTJSON_FUZZ_TARGET=\"decode\" (or validate, encode)"
#endif

/* Inputs per PHP request: the request is then shut down and started again, so that nothing a
 * request accumulates (the object store, interned strings, ...) grows without bound. */
#define FASTJSON_FUZZ_INPUTS_PER_REQUEST 20000

static char fastjson_fuzz_script[PATH_MAX];
static unsigned long fastjson_fuzz_inputs_in_request = 0;

/* INI settings applied before anything else (the embed SAPI reads no php.ini: see below). */
static void fastjson_fuzz_ini_defaults(HashTable *configuration_hash)
{
	static const char *const settings[][2] = {
		/* json_*() must stay ext/json's: they are the reference. */
		{"fastjson.override", "0"},
		{"memory_limit", "-1"},
		{"error_reporting", "32767"},
		{"display_errors", "stderr"},
		{"log_errors", "0"},
	};
	size_t i;

	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		zval value;
		ZVAL_NEW_STR(&value, zend_string_init(settings[i][1], strlen(settings[i][1]), 1));
		zend_hash_str_update(configuration_hash, settings[i][0], strlen(settings[i][0]), &value);
	}
}

/* The embed SAPI's startup, plus fastjson as a built-in module. */
static int fastjson_fuzz_startup(sapi_module_struct *sapi)
{
	return php_module_startup(sapi, &fastjson_module_entry) == SUCCESS ? SUCCESS : FAILURE;
}

/* Anything PHP prints is unexpected (the harness returns its findings instead). */
static size_t fastjson_fuzz_ub_write(const char *str, size_t len)
{
	fprintf(stderr, "fastjson fuzz: PHP printed: %.*s\n", (int) len, str);
	abort();
}

static ZEND_COLD void fastjson_fuzz_die(const char *what)
{
	fprintf(stderr, "fastjson fuzz: %s\n", what);
	abort();
}

/* Calls a PHP function of the harness script with at most one string argument; aborts on an
 * exception or a bailout (fatal error, exit()). */
static void fastjson_fuzz_call(const char *name, const char *arg, size_t arg_len, zval *retval)
{
	zval fn, param;
	bool ok = false;

	ZVAL_STRING(&fn, name);
	if (arg) {
		ZVAL_STRINGL(&param, arg, arg_len);
	}
	zend_try {
		ok = call_user_function(CG(function_table), NULL, &fn, retval, arg ? 1 : 0, arg ? &param : NULL) == SUCCESS;
	} zend_catch {
		fprintf(stderr, "fastjson fuzz: %s() ended the request (fatal error or exit)\n", name);
		abort();
	} zend_end_try();
	zval_ptr_dtor(&fn);
	if (arg) {
		zval_ptr_dtor(&param);
	}
	if (!ok) {
		fprintf(stderr, "fastjson fuzz: cannot call %s()\n", name);
		abort();
	}
	if (EG(exception)) {
		zval rv, *msg = zend_read_property_ex(EG(exception)->ce, EG(exception), ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
		fprintf(stderr, "fastjson fuzz: %s() threw %s: %s\n", name, ZSTR_VAL(EG(exception)->ce->name),
			Z_TYPE_P(msg) == IS_STRING ? Z_STRVAL_P(msg) : "?");
		abort();
	}
}

/* The reference must be ext/json: json_decode()/json_encode() are ext/json's entries with
 * ext/json's handlers, and the override is off. The PHP side checks it again
 * (fj_reference_problem() when the test helpers are included). */
static void fastjson_fuzz_check_reference(void)
{
	static const char *const names[] = {"json_decode", "json_encode", "json_last_error", "json_last_error_msg"};
	size_t i;

	if (fastjson_override_active() || zend_ini_long("fastjson.override", sizeof("fastjson.override") - 1, 0) != 0) {
		fastjson_fuzz_die("fastjson.override is on: json_*() would not be ext/json's");
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		zend_function *f = zend_hash_str_find_ptr(CG(function_table), names[i], strlen(names[i]));
		if (!f || f->type != ZEND_INTERNAL_FUNCTION || !f->internal_function.module
				|| strcmp(f->internal_function.module->name, "json") != 0
				|| f->internal_function.handler == zif_fastjson_encode
				|| f->internal_function.handler == zif_fastjson_decode
				|| f->internal_function.handler == zif_fastjson_validate) {
			fprintf(stderr, "fastjson fuzz: %s() is not ext/json's\n", names[i]);
			abort();
		}
	}
	if (php_get_module_initialized() == 0 || !zend_hash_str_exists(&module_registry, "fastjson", sizeof("fastjson") - 1)) {
		fastjson_fuzz_die("fastjson is not registered");
	}
}

/* Loads the harness script into the current request and checks its own reference test. */
static void fastjson_fuzz_load_script(void)
{
	zval ret;
	zend_file_handle fh;
	bool ok = false;

	/* Compiling keeps request-long memory that LSan takes for lost (it is referenced from
	 * inside other blocks); the harness's own code, not what is being fuzzed. */
	__lsan_disable();
	zend_stream_init_filename(&fh, fastjson_fuzz_script);
	zend_try {
		ok = php_execute_script(&fh);
	} zend_catch {
		ok = false;
	} zend_end_try();
	zend_destroy_file_handle(&fh);
	__lsan_enable();
	if (!ok || EG(exit_status) != 0) {
		fprintf(stderr, "fastjson fuzz: %s did not load\n", fastjson_fuzz_script);
		abort();
	}
	fastjson_fuzz_call("fastjson_fuzz_reference_problem", NULL, 0, &ret);
	if (Z_TYPE(ret) != IS_NULL) {
		fprintf(stderr, "fastjson fuzz: reference problem: %s\n", Z_TYPE(ret) == IS_STRING ? Z_STRVAL(ret) : "?");
		abort();
	}
	zval_ptr_dtor(&ret);
}

static void fastjson_fuzz_request_start(void)
{
	if (php_request_startup() == FAILURE) {
		fastjson_fuzz_die("php_request_startup() failed");
	}
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	fastjson_fuzz_load_script();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	(void) argc, (void) argv;
	/* emalloc() = malloc(), for ASan and LSan (read once, at startup). */
	setenv("USE_ZEND_ALLOC", "0", 1);
	if (n <= 0) {
		fastjson_fuzz_die("cannot read /proc/self/exe");
	}
	exe[n] = '\0';
	/* The script sits next to the binary (fuzz/build.sh puts it there). */
	snprintf(fastjson_fuzz_script, sizeof(fastjson_fuzz_script), "%s/fastjson_fuzz.php", dirname(exe));

	/* No php.ini, no conf.d: only this module list and fastjson_fuzz_ini_defaults(). */
	php_embed_module.php_ini_ignore = 1;
	php_embed_module.ini_defaults = fastjson_fuzz_ini_defaults;
	php_embed_module.startup = fastjson_fuzz_startup;
	php_embed_module.ub_write = fastjson_fuzz_ub_write;
	/* PHP's module startup keeps memory LSan cannot see a pointer to (internal arg_info is
	 * referenced one element past its start); it lives as long as the process. */
	__lsan_disable();
	if (php_embed_init(0, NULL) == FAILURE) {
		fastjson_fuzz_die("php_embed_init() failed");
	}
	__lsan_enable();
	fastjson_fuzz_check_reference();
	/* php_embed_init() started a request without the script. */
	fastjson_fuzz_load_script();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval ret;

	if (++fastjson_fuzz_inputs_in_request > FASTJSON_FUZZ_INPUTS_PER_REQUEST) {
		php_request_shutdown(NULL);
		fastjson_fuzz_request_start();
		fastjson_fuzz_check_reference();
		fastjson_fuzz_inputs_in_request = 1;
	}
	fastjson_fuzz_call("fastjson_fuzz_" FASTJSON_FUZZ_TARGET, (const char *) data, size, &ret);
	if (Z_TYPE(ret) != IS_NULL) {
		fprintf(stderr, "\nfastjson fuzz: ext/json and fastjson differ (%s, input of %zu bytes):\n%s\n",
			FASTJSON_FUZZ_TARGET, size, Z_TYPE(ret) == IS_STRING ? Z_STRVAL(ret) : "(not a string)");
		abort();
	}
	zval_ptr_dtor(&ret);
	return 0;
}
