/* fastjson: a faster, byte-identical replacement for ext/json. */

#ifndef PHP_FASTJSON_H
#define PHP_FASTJSON_H

extern zend_module_entry fastjson_module_entry;
#define phpext_fastjson_ptr &fastjson_module_entry

#define PHP_FASTJSON_VERSION "0.1.0"

#include "fastjson_simd.h"

ZEND_BEGIN_MODULE_GLOBALS(fastjson)
	/* The SIMD path chosen by the fastjson.simd ini setting, already checked against the CPU. */
	fastjson_simd_path simd_path;
	/* See fastjson_stack.c; found on first use in each thread. */
	const char *stack_limit;
ZEND_END_MODULE_GLOBALS(fastjson)

ZEND_EXTERN_MODULE_GLOBALS(fastjson)
#define FASTJSON_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(fastjson, v)

#if defined(ZTS) && defined(COMPILE_DL_FASTJSON)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif
