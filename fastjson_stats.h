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

/* A gap drawn at random around fastjson.stats_sample, so that calls recurring with a fixed
 * period are not always, or never, the timed ones. */
zend_long fastjson_stats_next_gap(void);

/* Whether this call is one of the timed sample: one call in fastjson.stats_sample on
 * average (every call at 1). */
static zend_always_inline bool fastjson_stats_take_sample(void)
{
	if (--FASTJSON_G(stats_countdown) > 0) {
		return false;
	}
	FASTJSON_G(stats_countdown) = fastjson_stats_next_gap();
	return true;
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
