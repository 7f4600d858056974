/* How deep the recursive encoder may go before the C stack runs out.
 * PHP >= 8.3 tracks this itself (EG(stack_limit)); on 8.2 fastjson finds the
 * thread's stack bounds once per thread. */

#ifndef FASTJSON_STACK_H
#define FASTJSON_STACK_H

#include "php.h"
#include "php_fastjson.h"

#if defined(ZEND_CHECK_STACK_LIMIT)
/* The lowest frame address at which nesting one level deeper is still safe. */
static zend_always_inline const char *fastjson_stack_limit(void)
{
	return (const char *) EG(stack_limit);
}
#else
/* Finds this thread's limit and keeps it. */
const char *fastjson_stack_limit_find(void);

/* The lowest frame address at which nesting one level deeper is still safe: inline, as
 * every call asks. */
static zend_always_inline const char *fastjson_stack_limit(void)
{
	const char *limit = FASTJSON_G(stack_limit);

	return EXPECTED(limit != NULL) ? limit : fastjson_stack_limit_find();
}
#endif

static zend_always_inline bool fastjson_stack_overflowed(const char *limit)
{
	/* A local's address stands for the current frame's; every platform PHP supports
	 * grows the stack downwards. */
	char here;
	return (const char *) &here < limit;
}

#endif
