/* What differs between the PHP versions fastjson builds against (8.2 ... 8.6), so that
 * the encoder mirrors the ext/json of the PHP it is loaded into.
 *
 * Compile-time differences are PHP_VERSION_ID guards; behaviour that changed in a patch
 * release without a marker in the headers is probed from ext/json itself (see
 * fastjson_compat_startup() and fastjson_compat_depth_must_fit_int()). */

#ifndef FASTJSON_COMPAT_H
#define FASTJSON_COMPAT_H

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "ext/json/php_json.h"
#include "../php_fastjson.h"

#if PHP_VERSION_ID >= 80400
# include "zend_property_hooks.h"
# include "zend_lazy_objects.h"
/* Properties with hooks: IS_PTR entries in the JSON property table (8.4+). */
# define FASTJSON_HAVE_PROPERTY_HOOKS 1
#endif

/* ---- behaviour probed from ext/json ---------------------------------------------- */

/* An invalid UTF-8 object key without PARTIAL_OUTPUT_ON_ERROR aborts the encode at once
 * (error UTF8; later members are not visited) instead of going on with the error code
 * set. Seen in 8.4.28; not in 8.2.36 nor 8.5.7. Set by fastjson_compat_startup(). */
extern bool fastjson_compat_key_error_stops;

/* 1 when json_encode() throws a ValueError for a $depth outside int, 0 when it truncates,
 * -1 until probed. Seen throwing in 8.4.28; 8.2.36 and 8.5.7 truncate. */
extern int fastjson_compat_depth_range_error;

/* json_encode() as ext/json registered it, copied at MINIT so that the probe calls the
 * original even if the function table entry is later replaced. */
extern zend_function fastjson_compat_json_encode_fn;
extern bool fastjson_compat_have_json_encode_fn;

/* MINIT: probes what needs no user code. php_json_encode_ex() encodes ["\xff" => 1] with
 * depth 0: an encoder that stops at the key reports UTF8, one that goes on reports the
 * later DEPTH error. No user code runs, and FASTJSON_JSON_ERROR_CODE is restored. */
static inline void fastjson_compat_startup(void)
{
	smart_str buf = {0};
	zval arr, one;
	php_json_error_code saved = FASTJSON_JSON_ERROR_CODE;
	zend_function *fn;

	array_init(&arr);
	ZVAL_LONG(&one, 1);
	zend_hash_str_add_new(Z_ARRVAL(arr), "\xff", 1, &one);
	php_json_encode_ex(&buf, &arr, 0, 0);
	fastjson_compat_key_error_stops = FASTJSON_JSON_ERROR_CODE == PHP_JSON_ERROR_UTF8;
	smart_str_free(&buf);
	zval_ptr_dtor(&arr);
	FASTJSON_JSON_ERROR_CODE = saved;

	fn = zend_hash_str_find_ptr(CG(function_table), "json_encode", sizeof("json_encode") - 1);
	if (fn && fn->type == ZEND_INTERNAL_FUNCTION) {
		fastjson_compat_json_encode_fn.internal_function = fn->internal_function;
		fastjson_compat_have_json_encode_fn = true;
	}
}

/* Whether a $depth outside int must throw. Probed on first need, inside a request (the
 * ValueError needs a running executor): calls ext/json's json_encode(null, 0, INT_MAX + 1)
 * once and keeps the answer for the process. FASTJSON_JSON_ERROR_CODE is restored. */
static inline bool fastjson_compat_depth_must_fit_int(void)
{
	if (UNEXPECTED(fastjson_compat_depth_range_error < 0)) {
		zval args[3], retval;
		php_json_error_code saved = FASTJSON_JSON_ERROR_CODE;
		zend_object *pending = EG(exception);
		int throws = 0;

		if (pending || !fastjson_compat_have_json_encode_fn) {
			return false;
		}
		ZVAL_NULL(&args[0]);
		ZVAL_LONG(&args[1], 0);
		ZVAL_LONG(&args[2], (zend_long) INT_MAX + 1);
		ZVAL_UNDEF(&retval);
		zend_call_known_function(&fastjson_compat_json_encode_fn, NULL, NULL,
			&retval, 3, args, NULL);
		if (EG(exception)) {
			throws = instanceof_function(EG(exception)->ce, zend_ce_value_error);
			zend_clear_exception();
		}
		zval_ptr_dtor(&retval);
		FASTJSON_JSON_ERROR_CODE = saved;
		fastjson_compat_depth_range_error = throws;
	}
	return fastjson_compat_depth_range_error == 1;
}

/* ---- objects ------------------------------------------------------------------------ */

/* The extra conditions of ext/json's declared-properties fast path: 8.4 leaves classes
 * with hooked properties and lazy objects (which must be initialized) to the table path. */
static zend_always_inline bool fastjson_compat_fast_path_allowed(zend_object *obj)
{
#if PHP_VERSION_ID >= 80400
	return obj->ce->num_hooked_props == 0 && !zend_object_is_lazy(obj);
#else
	(void) obj;
	return true;
#endif
}

/* What the table path guards against recursion: the table, or on 8.4+ the object itself
 * when its class has hooked properties (its table is then built afresh on every call). */
static zend_always_inline zend_refcounted *fastjson_compat_recursion_guard(zval *val, HashTable *ht)
{
#if PHP_VERSION_ID >= 80400
	if (Z_TYPE_P(val) == IS_OBJECT && Z_OBJCE_P(val)->num_hooked_props > 0) {
		return (zend_refcounted *) Z_OBJ_P(val);
	}
#else
	(void) val;
#endif
	return (zend_refcounted *) ht;
}

#ifdef FASTJSON_HAVE_PROPERTY_HOOKS
/* A hooked property's value, read through its get hook, or NULL for a virtual property
 * without one (skipped). rv must be UNDEF on entry and destroyed by the caller. On an
 * exception the result is to be ignored: ext/json then fails with no error code. */
static zend_always_inline zval *fastjson_compat_read_hooked(zend_object *obj, zend_property_info *prop_info, zval *rv)
{
	if ((prop_info->flags & ZEND_ACC_VIRTUAL) && !prop_info->hooks[ZEND_PROPERTY_HOOK_GET]) {
		return NULL;
	}
	return zend_read_property_ex(prop_info->ce, obj, prop_info->name, /* silent */ true, rv);
}
#endif

/* ---- JsonSerializable ------------------------------------------------------------------ */

/* The recursion guard around jsonSerialize(): 8.2 marks the property table (building it
 * as a side effect); 8.3+ uses the object's JSON recursion guard bit. */
#if PHP_VERSION_ID >= 80300
typedef uint32_t *fastjson_serialize_guard;

static zend_always_inline fastjson_serialize_guard fastjson_compat_serialize_guard(zend_object *obj)
{
	uint32_t *guard = zend_get_recursion_guard(obj);

	ZEND_ASSERT(guard != NULL);
	return guard;
}

static zend_always_inline bool fastjson_compat_serialize_is_recursive(fastjson_serialize_guard guard)
{
	return ZEND_GUARD_IS_RECURSIVE(guard, JSON);
}

static zend_always_inline void fastjson_compat_serialize_protect(fastjson_serialize_guard guard)
{
	ZEND_GUARD_PROTECT_RECURSION(guard, JSON);
}

static zend_always_inline void fastjson_compat_serialize_unprotect(fastjson_serialize_guard guard)
{
	ZEND_GUARD_UNPROTECT_RECURSION(guard, JSON);
}
#else
typedef HashTable *fastjson_serialize_guard;

static zend_always_inline fastjson_serialize_guard fastjson_compat_serialize_guard(zend_object *obj)
{
	return obj->handlers->get_properties(obj);
}

static zend_always_inline bool fastjson_compat_serialize_is_recursive(fastjson_serialize_guard guard)
{
	return guard && GC_IS_RECURSIVE(guard);
}

static zend_always_inline void fastjson_compat_serialize_protect(fastjson_serialize_guard guard)
{
	if (guard) {
		GC_TRY_PROTECT_RECURSION(guard);
	}
}

static zend_always_inline void fastjson_compat_serialize_unprotect(fastjson_serialize_guard guard)
{
	if (guard) {
		GC_TRY_UNPROTECT_RECURSION(guard);
	}
}
#endif

/* Calls jsonSerialize() as the version's ext/json does. Returns false when encoding must
 * fail (an exception is pending); retval is then UNDEF.
 * - up to 8.4: call_user_function() by name; a failed call without an exception throws
 *   "Failed calling C::jsonSerialize()"; a pending exception fails even with a value.
 * - 8.5+: zend_call_known_function() on the method; only an UNDEF result fails. */
static zend_always_inline bool fastjson_compat_call_json_serialize(zend_object *obj, zval *retval)
{
#if PHP_VERSION_ID >= 80500
	zend_function *method = zend_hash_str_find_ptr(&obj->ce->function_table, ZEND_STRL("jsonserialize"));

	ZEND_ASSERT(method != NULL);
	zend_call_known_function(method, obj, obj->ce, retval, 0, NULL, NULL);
	return Z_TYPE_P(retval) != IS_UNDEF;
#else
	zval fname, object;

	ZVAL_OBJ(&object, obj);
	ZVAL_STRING(&fname, "jsonSerialize");
	if (call_user_function(NULL, &object, &fname, retval, 0, NULL) == FAILURE || Z_TYPE_P(retval) == IS_UNDEF) {
		if (!EG(exception)) {
			zend_throw_exception_ex(NULL, 0, "Failed calling %s::jsonSerialize()", ZSTR_VAL(obj->ce->name));
		}
		zval_ptr_dtor(&fname);
		ZVAL_UNDEF(retval);
		return false;
	}
	zval_ptr_dtor(&fname);
	if (EG(exception)) {
		zval_ptr_dtor(retval);
		ZVAL_UNDEF(retval);
		return false;
	}
	return true;
#endif
}

#endif
