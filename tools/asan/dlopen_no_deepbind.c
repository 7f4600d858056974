/* LD_PRELOAD shim for running an ASan-instrumented fastjson.so inside a PHP that was not
 * built with ASan (tools/ci_sanitizers.sh). PHP loads extensions with dlopen(...,
 * RTLD_DEEPBIND), which makes the library prefer its own dependencies' symbols over the
 * preloaded sanitizer runtime's, so ASan refuses it and exits. This dlopen() drops
 * RTLD_DEEPBIND and hands the call on to the next dlopen() in the lookup order: ASan's
 * interceptor, then libc's. It must come before the ASan runtime in LD_PRELOAD (with
 * ASAN_OPTIONS=verify_asan_link_order=0), or ASan's dlopen() would see the flag first. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

typedef void *(*fastjson_dlopen_fn)(const char *filename, int flags);

void *dlopen(const char *filename, int flags)
{
	static fastjson_dlopen_fn next_dlopen;

	if (next_dlopen == NULL) {
		next_dlopen = (fastjson_dlopen_fn) dlsym(RTLD_NEXT, "dlopen");
		if (next_dlopen == NULL) {
			return NULL;
		}
	}
	return next_dlopen(filename, flags & ~RTLD_DEEPBIND);
}
