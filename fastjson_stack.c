#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_fastjson.h"
#include "fastjson_stack.h"

#if defined(__linux__) || defined(__FreeBSD__)
# include <pthread.h>
# ifdef __FreeBSD__
#  include <pthread_np.h>
# endif
#elif defined(_WIN32)
# include <windows.h>
#endif

/* Kept free below the limit: one jsonSerialize() call re-enters the VM, which uses
 * far more stack than an encoder frame, before the next check runs. */
#define FASTJSON_STACK_RESERVE (256 * 1024)
/* When the stack bounds cannot be read: what any thread PHP runs on has at least. */
#define FASTJSON_STACK_FALLBACK_BUDGET (512 * 1024)

#if !defined(ZEND_CHECK_STACK_LIMIT)
static const char *fastjson_stack_find_limit(void)
{
	char marker;
	/* As an integer: the result must not look like a pointer into this frame. */
	uintptr_t here = (uintptr_t) &marker;
#if defined(__linux__) || defined(__FreeBSD__)
	pthread_attr_t attr;
	void *base;
	size_t size;
	int ok;

# ifdef __FreeBSD__
	pthread_attr_init(&attr);
	ok = pthread_attr_get_np(pthread_self(), &attr) == 0;
# else
	ok = pthread_getattr_np(pthread_self(), &attr) == 0;
# endif
	if (ok) {
		ok = pthread_attr_getstack(&attr, &base, &size) == 0;
		pthread_attr_destroy(&attr);
		if (ok && size > FASTJSON_STACK_RESERVE && here > (uintptr_t) base
				&& here - (uintptr_t) base <= size) {
			return (const char *) base + FASTJSON_STACK_RESERVE;
		}
	}
#elif defined(_WIN32)
	ULONG_PTR low, high;

	/* Windows 8 and later; the reserved size, not only what is committed so far. */
	GetCurrentThreadStackLimits(&low, &high);
	if (high - low > FASTJSON_STACK_RESERVE && here > low && here <= high) {
		return (const char *) low + FASTJSON_STACK_RESERVE;
	}
#endif
	return (const char *) (here - FASTJSON_STACK_FALLBACK_BUDGET);
}

const char *fastjson_stack_limit_find(void)
{
	/* Reading the bounds of the main thread parses /proc/self/maps: once per thread. */
	FASTJSON_G(stack_limit) = fastjson_stack_find_limit();
	return FASTJSON_G(stack_limit);
}
#endif
