/* The counters behind fastjson_info() and fastjson_metrics(): one set per thread, and
 * their sum over every process that shares a master (a php-fpm pool, a CLI process and
 * its forks) in an anonymous shared mapping made at startup (fastjson.shm_slots).
 *
 * Each thread writes only its own slot of the mapping, with plain adds: no lock and no
 * bus-locked instruction on the call path, and nothing a process killed mid-update could
 * leave held. Readers add up every slot, in use or not:
 * a slot keeps its counts after its process is gone, until a new process takes the slot
 * over and first moves them into the shared "retired" totals. */

#ifndef FASTJSON_POOL_H
#define FASTJSON_POOL_H

#include <stdint.h>
#include <stdbool.h>
#include "fastjson_override.h"

/* Which implementation answered a run. */
typedef enum {
	FASTJSON_SIDE_FASTJSON,
	FASTJSON_SIDE_EXT_JSON,
	FASTJSON_SIDE_COUNT,
} fastjson_side;

/* fastjson.stats, per function and side, from the timed sample of the calls: each timed
 * run stands for fastjson.stats_sample runs (its weight), so the weighted sums estimate
 * all runs while fastjson.stats was on. A verified call is one run on each side. */
typedef struct {
	uint64_t timed_runs;
	uint64_t timed_ns;
	uint64_t weighted_runs;
	uint64_t weighted_bytes;
	uint64_t weighted_ns;
} fastjson_side_stats;

/* Every field is a uint64_t: sums and moves treat the struct as an array of them. */
typedef struct {
	fastjson_fn_counters fn[FASTJSON_FN_COUNT];
	fastjson_side_stats stats[FASTJSON_FN_COUNT][FASTJSON_SIDE_COUNT];
	/* Verify mismatches written to fastjson.verify_dump_dir, and those not written (rate,
	 * file cap, or an error). */
	uint64_t dumps_written;
	uint64_t dumps_skipped;
} fastjson_counters;

#define FASTJSON_COUNTERS_WORDS (sizeof(fastjson_counters) / sizeof(uint64_t))

/* Adds to a counter of this thread's own slot, which no one else writes: a plain add (an
 * atomic load and store would cost 1.6 ns a call on json_encode([1,2,3])). Shared memory
 * is only used where 64-bit atomics are native, so the aligned 64-bit store is a single
 * instruction and readers, who load with __atomic_load_n(), never see half of it. */
static zend_always_inline void fastjson_count(uint64_t *counter, uint64_t n)
{
	*counter += n;
}

/* Zeroed in a child process by the kernel (MADV_WIPEONFORK): a child takes a slot of its
 * own before counting. Points to a constant 1 when there is no shared memory. */
extern const uint64_t *fastjson_pool_fork_word;

/* Gives this thread of a new child process its own counters and returns them. */
fastjson_counters *fastjson_pool_after_fork(void);

/* This thread's counters (its slot, or per-thread memory without shared memory), for
 * readers; the call path inlines the same (fastjson_override.c). */
fastjson_counters *fastjson_pool_counters(void);

/* Creates the mapping (before any fork) and gives the calling thread a slot; without
 * shared memory, counting stays per thread. */
void fastjson_pool_startup(zend_long slots);
void fastjson_pool_shutdown(void);

/* A thread's start and end (GINIT, GSHUTDOWN): its slot is taken or released. */
struct _zend_fastjson_globals;
void fastjson_pool_thread_start(struct _zend_fastjson_globals *g);
void fastjson_pool_thread_end(struct _zend_fastjson_globals *g);

/* The shared totals, if shared memory is in use. */
typedef struct {
	fastjson_counters sum;
	zend_long slots;
	/* Slots taken by a running (or not yet reclaimed) process or thread. */
	zend_long slots_in_use;
	/* Threads that found no free slot and count only for themselves. */
	zend_long unslotted;
} fastjson_pool_totals;

bool fastjson_pool_available(void);
bool fastjson_pool_read(fastjson_pool_totals *totals);

/* Takes one of the shared dump tokens (fastjson.verify_dump_dir): at most max_total over
 * the mapping's life and per_minute per wall-clock minute, over all processes (or for
 * this process alone without shared memory). */
bool fastjson_pool_take_dump_token(zend_long max_total, zend_long per_minute);

#endif
