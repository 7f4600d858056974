/* fastjson.stats: time spent in each json_* function per side (fastjson, ext/json),
 * sampled; the A/B settings' ini entries; what fastjson_info() and fastjson_metrics()
 * report of the counters (fastjson_pool.h). */

#ifndef FASTJSON_STATS_H
#define FASTJSON_STATS_H

#include "php.h"
#include "php_fastjson.h"
#include "fastjson_pool.h"

/* A monotonic clock in nanoseconds. */
uint64_t fastjson_stats_now(void);

/* The countdown ran out: starts the next one; whether this call is to be timed (it is
 * not when fastjson.stats is off). */
bool fastjson_stats_sample_due(void);

/* Whether this call is one of the timed sample: one call in fastjson.stats_sample on
 * average (every call at 1). With fastjson.stats off the countdown starts at ZEND_LONG_MAX
 * and never runs out, so that on or off a call pays the same one decrement and branch. */
static zend_always_inline bool fastjson_stats_take_sample(void)
{
	return UNEXPECTED(--FASTJSON_G(stats_countdown) <= 0) && fastjson_stats_sample_due();
}

/* Adds a timed run of a side. */
void fastjson_stats_add_sample(fastjson_fn fn, fastjson_side side, uint64_t elapsed_ns, uint64_t bytes);

/* MINIT: the ini entries of fastjson.stats, fastjson.shm_slots and fastjson.verify_dump_*,
 * the clock's own cost, the shared mapping. */
void fastjson_stats_startup(int type, int module_number);
void fastjson_stats_shutdown(void);

/* fastjson_info()'s "functions" array of a set of counters. */
void fastjson_stats_functions(zval *functions, const fastjson_counters *all);

/* Adds "stats", "verify_dump" and "shared" to fastjson_info()'s array. */
void fastjson_stats_info(zval *info);

/* phpinfo(): whether the shared counters and fastjson.stats are in use. */
void fastjson_stats_minfo(void);

ZEND_FUNCTION(fastjson_metrics);

#endif
