/* fastjson.override, fastjson.enabled and fastjson.verify (see fastjson_override.h).
 *
 * Only the handler of ext/json's function entries is swapped: names, argument info,
 * Reflection and the owning extension stay ext/json's, and errors raised while parsing
 * arguments name json_encode() etc. because they come from the entry being called. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "php_fastjson.h"
#include "fastjson_override.h"
#include "fastjson_pool.h"
#include "fastjson_stats.h"
#include "fastjson_dump.h"

static const char *const fastjson_fn_names[FASTJSON_FN_COUNT] = {"json_encode", "json_decode", "json_validate"};

/* ext/json's handlers, and the fastjson implementation standing in for each. */
static zif_handler fastjson_ext_json_handler[FASTJSON_FN_COUNT];
static const zif_handler fastjson_impl_handler[FASTJSON_FN_COUNT] = {
	zif_fastjson_encode, zif_fastjson_decode, zif_fastjson_validate,
};
static bool fastjson_override_on = false;
#if PHP_VERSION_ID < 80300
static const zend_function_entry *fastjson_registered_validate = NULL;
#endif

const char *fastjson_fn_name(fastjson_fn fn)
{
	return fastjson_fn_names[fn];
}

bool fastjson_override_active(void)
{
	return fastjson_override_on;
}

/* ---- verification --------------------------------------------------------------- */

/* A draw in [0, 1) from a per-thread xorshift generator: mt_rand()'s state belongs to
 * the application and must not move. */
static double fastjson_verify_draw(void)
{
	uint64_t x = FASTJSON_G(verify_rng);

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	FASTJSON_G(verify_rng) = x;
	return (double) (x >> 11) * (1.0 / 9007199254740992.0);
}

/* Inline: every call asks, and fastjson.verify is almost always 0. */
static zend_always_inline bool fastjson_verify_this_call(void)
{
	double rate = FASTJSON_G(verify);
	return UNEXPECTED(rate > 0) && (rate >= 1 || fastjson_verify_draw() < rate);
}

static bool fastjson_same_value_tables(HashTable *a, HashTable *b);

/* Decoded values compare by type, key and value, in order; doubles by their bits;
 * objects by their properties (their handles necessarily differ). */
static bool fastjson_same_value(zval *a, zval *b)
{
	ZVAL_DEREF(a);
	ZVAL_DEREF(b);
	if (Z_TYPE_P(a) != Z_TYPE_P(b)) {
		return false;
	}
	switch (Z_TYPE_P(a)) {
		case IS_LONG:
			return Z_LVAL_P(a) == Z_LVAL_P(b);
		case IS_DOUBLE:
			return memcmp(&Z_DVAL_P(a), &Z_DVAL_P(b), sizeof(double)) == 0;
		case IS_STRING:
			return zend_string_equals(Z_STR_P(a), Z_STR_P(b));
		case IS_OBJECT:
			if (Z_OBJCE_P(a) != Z_OBJCE_P(b)) {
				return false;
			}
			return fastjson_same_value_tables(Z_OBJ_HT_P(a)->get_properties(Z_OBJ_P(a)),
				Z_OBJ_HT_P(b)->get_properties(Z_OBJ_P(b)));
		case IS_ARRAY:
			return fastjson_same_value_tables(Z_ARRVAL_P(a), Z_ARRVAL_P(b));
		default:
			return true; /* null, false, true */
	}
}

static bool fastjson_same_value_tables(HashTable *a, HashTable *b)
{
	uint32_t pos_a = 0, pos_b = 0;

	if (zend_hash_num_elements(a) != zend_hash_num_elements(b)) {
		return false;
	}
	for (;;) {
		zend_string *key_a, *key_b;
		zend_ulong index_a, index_b;
		zval *va = zend_hash_get_current_data_ex(a, &pos_a);
		zval *vb = zend_hash_get_current_data_ex(b, &pos_b);
		int type_a, type_b;

		if (!va || !vb) {
			return va == vb;
		}
		type_a = zend_hash_get_current_key_ex(a, &key_a, &index_a, &pos_a);
		type_b = zend_hash_get_current_key_ex(b, &key_b, &index_b, &pos_b);
		if (type_a != type_b || (type_a == HASH_KEY_IS_LONG ? index_a != index_b : !zend_string_equals(key_a, key_b))) {
			return false;
		}
		if (!fastjson_same_value(va, vb)) {
			return false;
		}
		zend_hash_move_forward_ex(a, &pos_a);
		zend_hash_move_forward_ex(b, &pos_b);
	}
}

static void fastjson_capture_outcome(fastjson_outcome *o, zval *value)
{
	ZVAL_COPY_VALUE(&o->value, value);
	o->error = FASTJSON_JSON_ERROR_CODE;
#if PHP_VERSION_ID >= 80600
	o->line = (size_t) JSON_G(error_details).line;
	o->column = (size_t) JSON_G(error_details).column;
#endif
	o->exception_class = NULL;
	o->exception_message = NULL;
	o->exception_code = 0;
	if (EG(exception)) {
		zval rv, *prop;
		zend_object *ex = EG(exception);
		o->exception_class = zend_string_copy(ex->ce->name);
		prop = zend_read_property_ex(zend_ce_exception, ex, ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
		o->exception_message = zval_get_string(prop);
		prop = zend_read_property_ex(zend_ce_exception, ex, ZSTR_KNOWN(ZEND_STR_CODE), true, &rv);
		o->exception_code = zval_get_long(prop);
	}
}

static void fastjson_outcome_free(fastjson_outcome *o)
{
	if (o->exception_class) {
		zend_string_release(o->exception_class);
		zend_string_release(o->exception_message);
	}
}

static bool fastjson_same_outcome(fastjson_outcome *a, fastjson_outcome *b)
{
	if (a->error != b->error || (a->exception_class == NULL) != (b->exception_class == NULL)) {
		return false;
	}
#if PHP_VERSION_ID >= 80600
	if (a->line != b->line || a->column != b->column) {
		return false;
	}
#endif
	if (a->exception_class && (!zend_string_equals(a->exception_class, b->exception_class)
			|| !zend_string_equals(a->exception_message, b->exception_message)
			|| a->exception_code != b->exception_code)) {
		return false;
	}
	return fastjson_same_value(&a->value, &b->value);
}

/* At most 60 bytes of s, non-printable bytes as \xNN. */
static zend_string *fastjson_excerpt(const char *s, size_t len)
{
	smart_str out = {0};
	size_t i, n = len < 60 ? len : 60;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char) s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\') {
			smart_str_appendc(&out, (char) c);
		} else {
			smart_str_append_printf(&out, "\\x%02x", c);
		}
	}
	if (len > n) {
		smart_str_appendl(&out, "...", 3);
	}
	smart_str_0(&out);
	return out.s ? out.s : ZSTR_EMPTY_ALLOC();
}

/* The flags argument (position 2 for encode, 4 for decode, 3 for validate), if given. */
static zend_long fastjson_call_flags(zend_execute_data *execute_data, fastjson_fn fn)
{
	uint32_t position = fn == FASTJSON_FN_ENCODE ? 2 : (fn == FASTJSON_FN_DECODE ? 4 : 3);

	if (ZEND_CALL_NUM_ARGS(execute_data) >= position && Z_TYPE_P(ZEND_CALL_ARG(execute_data, position)) == IS_LONG) {
		return Z_LVAL_P(ZEND_CALL_ARG(execute_data, position));
	}
	return 0;
}

#ifdef FASTJSON_TESTING
/* fastjson.test_fault (test builds only): make fastjson's result differ on purpose. */
static void fastjson_inject_fault(fastjson_fn fn, zval *value)
{
	if (!(FASTJSON_G(test_fault) & (1 << fn))) {
		return;
	}
	if (Z_TYPE_P(value) == IS_STRING) {
		zend_string *changed = zend_string_concat2(Z_STRVAL_P(value), Z_STRLEN_P(value), " ", 1);
		zval_ptr_dtor(value);
		ZVAL_STR(value, changed);
	} else if (Z_TYPE_P(value) == IS_TRUE || Z_TYPE_P(value) == IS_FALSE) {
		ZVAL_BOOL(value, Z_TYPE_P(value) == IS_FALSE);
	} else {
		zval_ptr_dtor(value);
		ZVAL_LONG(value, 42);
	}
}
#endif

/* The JSON bytes of a finished call: the text read (decode, validate) or produced (encode). */
static zend_always_inline uint64_t fastjson_call_bytes(zend_execute_data *execute_data, zval *return_value,
	fastjson_fn fn)
{
	zval *arg;

	if (fn == FASTJSON_FN_ENCODE) {
		return Z_TYPE_P(return_value) == IS_STRING ? Z_STRLEN_P(return_value) : 0;
	}
	if (ZEND_CALL_NUM_ARGS(execute_data) < 1) {
		return 0;
	}
	arg = ZEND_CALL_ARG(execute_data, 1);
	return Z_TYPE_P(arg) == IS_STRING ? Z_STRLEN_P(arg) : 0;
}

/* This thread's counters; a new child process first takes its own. */
static zend_always_inline fastjson_counters *fastjson_counters_mine(void)
{
	if (UNEXPECTED(*fastjson_pool_fork_word == 0)) {
		return fastjson_pool_after_fork();
	}
	return FASTJSON_G(counters);
}

/* Runs one implementation; a call of fastjson.stats's sample (timed) is timed and counted
 * for its side. */
static zend_always_inline void fastjson_run(zif_handler handler, INTERNAL_FUNCTION_PARAMETERS, fastjson_fn fn,
	fastjson_side side, bool timed)
{
	uint64_t start;

	if (!timed) {
		handler(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	start = fastjson_stats_now();
	handler(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	fastjson_stats_add_sample(fn, side, fastjson_stats_now() - start, fastjson_call_bytes(execute_data, return_value, fn));
}

/* Runs fastjson, then ext/json, on the same call; ext/json's result, error state and
 * exception are the ones left behind. A difference raises a warning, is counted, and is
 * written to fastjson.verify_dump_dir when one is set. */
static void fastjson_verify_call(INTERNAL_FUNCTION_PARAMETERS, fastjson_fn fn, bool timed)
{
	fastjson_outcome ours, theirs;
	fastjson_fn_counters *counters;
	zval our_value;

	/* As the engine prepares the return value of every internal call. */
	ZVAL_NULL(&our_value);
	fastjson_run(fastjson_impl_handler[fn], execute_data, &our_value, fn, FASTJSON_SIDE_FASTJSON, timed);
#ifdef FASTJSON_TESTING
	if (!EG(exception)) {
		fastjson_inject_fault(fn, &our_value);
	}
#endif
	fastjson_capture_outcome(&ours, &our_value);
	if (EG(exception)) {
		zend_clear_exception();
	}

	fastjson_run(fastjson_ext_json_handler[fn], INTERNAL_FUNCTION_PARAM_PASSTHRU, fn, FASTJSON_SIDE_EXT_JSON, timed);
	fastjson_capture_outcome(&theirs, return_value);

	counters = &fastjson_counters_mine()->fn[fn];
	fastjson_count(&counters->verify_runs, 1);
	if (!fastjson_same_outcome(&ours, &theirs)) {
		zend_string *input, *dump;
		zval *arg = ZEND_CALL_NUM_ARGS(execute_data) >= 1 ? ZEND_CALL_ARG(execute_data, 1) : NULL;

		fastjson_count(&counters->verify_mismatches, 1);
		if (fn != FASTJSON_FN_ENCODE) {
			fastjson_record_ext_json_error();
		}
		if (fn == FASTJSON_FN_ENCODE) {
			/* The input is a PHP value: show what ext/json made of it. */
			input = Z_TYPE_P(return_value) == IS_STRING
				? fastjson_excerpt(Z_STRVAL_P(return_value), Z_STRLEN_P(return_value))
				: zend_string_init("(no output)", sizeof("(no output)") - 1, 0);
		} else {
			input = arg && Z_TYPE_P(arg) == IS_STRING ? fastjson_excerpt(Z_STRVAL_P(arg), Z_STRLEN_P(arg))
				: zend_string_init("(not a string)", sizeof("(not a string)") - 1, 0);
		}
		dump = fastjson_dump_mismatch(execute_data, fn, &ours, &theirs);
		php_error_docref(NULL, E_WARNING,
			"fastjson.verify: the result differs from ext/json's (%s() flags " ZEND_LONG_FMT ", fastjson error %d, ext/json error %d), "
			"returning ext/json's result; input: %s%s",
			fastjson_fn_names[fn], fastjson_call_flags(execute_data, fn), (int) ours.error, (int) theirs.error,
			ZSTR_VAL(input), dump ? ZSTR_VAL(dump) : "");
		zend_string_release(input);
		if (dump) {
			zend_string_release(dump);
		}
	}
	zval_ptr_dtor(&our_value);
	fastjson_outcome_free(&ours);
	fastjson_outcome_free(&theirs);
}

/* ---- the handlers ------------------------------------------------------------------- */

/* Every json_* call: answered by the side fastjson.enabled picks, then counted (a call
 * cut short, by a fatal error or the death of its process, goes uncounted). timed: the
 * call is one of fastjson.stats's sample. */
static zend_always_inline void fastjson_override_dispatch(INTERNAL_FUNCTION_PARAMETERS, fastjson_fn fn, bool timed)
{
	fastjson_counters *counters;
	uint64_t bytes;
	bool to_ext_json = !FASTJSON_G(enabled);

	if (to_ext_json) {
		fastjson_run(fastjson_ext_json_handler[fn], INTERNAL_FUNCTION_PARAM_PASSTHRU, fn, FASTJSON_SIDE_EXT_JSON, timed);
		if (fn != FASTJSON_FN_ENCODE) {
			fastjson_record_ext_json_error();
		}
	} else if (UNEXPECTED(fastjson_verify_this_call())) {
		fastjson_verify_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, fn, timed);
	} else {
		fastjson_run(fastjson_impl_handler[fn], INTERNAL_FUNCTION_PARAM_PASSTHRU, fn, FASTJSON_SIDE_FASTJSON, timed);
#ifdef FASTJSON_TESTING
		if (!EG(exception)) {
			fastjson_inject_fault(fn, return_value);
		}
#endif
	}
	counters = fastjson_counters_mine();
	bytes = fastjson_call_bytes(execute_data, return_value, fn);
	fastjson_count(&counters->fn[fn].calls, 1);
	if (to_ext_json) {
		fastjson_count(&counters->fn[fn].ext_json_calls, 1);
	}
	fastjson_count(fn == FASTJSON_FN_ENCODE ? &counters->fn[fn].bytes_out : &counters->fn[fn].bytes_in, bytes);
}

/* A call of fastjson.stats's sample, out of line (one function per json_* function, so
 * that fn stays a constant): the call path keeps its registers. */
static zend_never_inline void fastjson_override_json_encode_timed(INTERNAL_FUNCTION_PARAMETERS)
{
	fastjson_override_dispatch(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTJSON_FN_ENCODE, true);
}

static zend_never_inline void fastjson_override_json_decode_timed(INTERNAL_FUNCTION_PARAMETERS)
{
	fastjson_override_dispatch(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTJSON_FN_DECODE, true);
}

static zend_never_inline void fastjson_override_json_validate_timed(INTERNAL_FUNCTION_PARAMETERS)
{
	fastjson_override_dispatch(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTJSON_FN_VALIDATE, true);
}

static const zif_handler fastjson_override_timed_handler[FASTJSON_FN_COUNT] = {
	fastjson_override_json_encode_timed, fastjson_override_json_decode_timed, fastjson_override_json_validate_timed,
};

/* fastjson.stats costs every call one decrement and branch, on or off; only the calls of
 * the sample pay for more. */
static zend_always_inline void fastjson_override_call(INTERNAL_FUNCTION_PARAMETERS, fastjson_fn fn)
{
	if (fastjson_stats_take_sample()) {
		fastjson_override_timed_handler[fn](INTERNAL_FUNCTION_PARAM_PASSTHRU);
	} else {
		fastjson_override_dispatch(INTERNAL_FUNCTION_PARAM_PASSTHRU, fn, false);
	}
}

static FASTJSON_CALL_PATH ZEND_NAMED_FUNCTION(fastjson_override_json_encode)
{
	fastjson_override_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTJSON_FN_ENCODE);
}

static FASTJSON_CALL_PATH ZEND_NAMED_FUNCTION(fastjson_override_json_decode)
{
	fastjson_override_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTJSON_FN_DECODE);
}

FASTJSON_CALL_PATH ZEND_NAMED_FUNCTION(fastjson_override_json_validate)
{
	fastjson_override_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTJSON_FN_VALIDATE);
}

static const zif_handler fastjson_override_handler[FASTJSON_FN_COUNT] = {
	fastjson_override_json_encode, fastjson_override_json_decode, fastjson_override_json_validate,
};

/* ---- startup ------------------------------------------------------------------------- */

static zend_internal_function *fastjson_find_internal(const char *name)
{
	zend_function *fn = zend_hash_str_find_ptr(CG(function_table), name, strlen(name));
	return fn && fn->type == ZEND_INTERNAL_FUNCTION ? &fn->internal_function : NULL;
}

bool fastjson_override_startup(const zend_function_entry *validate_entry)
{
	zend_internal_function *found[FASTJSON_FN_COUNT];
	int fn;

#if PHP_VERSION_ID < 80300
	/* ext/json has no json_validate() yet: fastjson provides one, and ext/json's decoder
	 * stands in for it when fastjson.enabled is off. */
	if (fastjson_find_internal("json_validate") == NULL) {
		if (zend_register_functions(NULL, validate_entry, NULL, MODULE_PERSISTENT) != SUCCESS) {
			return false;
		}
		fastjson_registered_validate = validate_entry;
	}
	fastjson_ext_json_handler[FASTJSON_FN_VALIDATE] = fastjson_validate_by_ext_json;
#else
	(void) validate_entry;
#endif
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		found[fn] = fastjson_find_internal(fastjson_fn_names[fn]);
		if (found[fn] == NULL) {
			return false;
		}
	}
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
#if PHP_VERSION_ID < 80300
		if (fn == FASTJSON_FN_VALIDATE) {
			continue; /* already fastjson's handler */
		}
#endif
		fastjson_ext_json_handler[fn] = found[fn]->handler;
		found[fn]->handler = fastjson_override_handler[fn];
	}
	fastjson_override_on = true;
	return true;
}

void fastjson_override_shutdown(void)
{
	int fn;

	if (!fastjson_override_on) {
		return;
	}
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		zend_internal_function *f = fastjson_find_internal(fastjson_fn_names[fn]);
		if (f && f->handler == fastjson_override_handler[fn]) {
			f->handler = fastjson_ext_json_handler[fn];
		}
	}
#if PHP_VERSION_ID < 80300
	if (fastjson_registered_validate) {
		zend_unregister_functions(fastjson_registered_validate, -1, NULL);
		fastjson_registered_validate = NULL;
	}
#endif
	fastjson_override_on = false;
}
