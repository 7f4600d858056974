/* fastjson.stats and the reports of the counters (see fastjson_stats.h).
 *
 * Reading the clock costs about as much as a small json_encode() (27 ns a read against
 * 57-78 ns per json_encode([1,2,3]) through the override on the 2-core CI machine), so
 * only a sample of the calls is timed: one in fastjson.stats_sample (N) on average, at
 * random gaps of 1 to 2N-1 calls, so that each call is timed with probability 1/N and
 * calls recurring with a fixed period are not always, or never, the timed ones. The other
 * calls pay one decrement and branch. A timed run adds its time, bytes and one run, each
 * weighted by N, to its function and side: unbiased estimates of all runs while stats was
 * on, whose relative error is about 1/sqrt(timed runs) for runs of similar cost (1% after
 * 10,000 timed runs), exact at N = 1. Each timed interval has the clock's own cost,
 * measured at startup, taken off. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "zend_smart_str.h"
#if PHP_VERSION_ID >= 80300
# include "zend_hrtime.h"
#else
# include "ext/standard/hrtime.h"
#endif
#include "php_fastjson.h"
#include "fastjson_pool.h"
#include "fastjson_stats.h"

/* The shortest interval between two clock reads, taken off every timed run. */
static uint64_t fastjson_stats_clock_cost = 0;

static const char *const fastjson_side_names[FASTJSON_SIDE_COUNT] = {"fastjson", "ext_json"};

uint64_t fastjson_stats_now(void)
{
#if PHP_VERSION_ID >= 80300
	return (uint64_t) zend_hrtime();
#else
	return (uint64_t) php_hrtime_current();
#endif
}

/* The calls until the next timed one: a gap drawn at random around fastjson.stats_sample,
 * so that calls recurring with a fixed period are not always, or never, the timed ones;
 * with stats off, more calls than a process makes. */
static zend_long fastjson_stats_next_gap(void)
{
	uint64_t x = FASTJSON_G(stats_rng);
	zend_long n = FASTJSON_G(stats_sample);

	if (!FASTJSON_G(stats)) {
		return ZEND_LONG_MAX;
	}
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	FASTJSON_G(stats_rng) = x;
	/* Uniform in [1, 2n - 1]: n on average. */
	return 1 + (zend_long) (x % (uint64_t) (2 * n - 1));
}

bool fastjson_stats_sample_due(void)
{
	FASTJSON_G(stats_countdown) = fastjson_stats_next_gap();
	return FASTJSON_G(stats);
}

void fastjson_stats_add_sample(fastjson_fn fn, fastjson_side side, uint64_t elapsed_ns, uint64_t bytes)
{
	fastjson_side_stats *s = &fastjson_pool_counters()->stats[fn][side];
	uint64_t weight = (uint64_t) FASTJSON_G(stats_sample);
	uint64_t ns = elapsed_ns > fastjson_stats_clock_cost ? elapsed_ns - fastjson_stats_clock_cost : 0;

	fastjson_count(&s->timed_runs, 1);
	fastjson_count(&s->timed_ns, ns);
	fastjson_count(&s->weighted_runs, weight);
	fastjson_count(&s->weighted_bytes, bytes * weight);
	fastjson_count(&s->weighted_ns, ns * weight);
}

/* ---- ini ---------------------------------------------------------------------------- */

/* fastjson.stats_sample: time one call in N, 1 to 2^20. */
static ZEND_INI_MH(fastjson_update_stats_sample)
{
	zend_long n = ZEND_STRTOL(ZSTR_VAL(new_value), NULL, 10);

	(void) entry, (void) mh_arg1, (void) mh_arg2, (void) mh_arg3, (void) stage;
	if (n < 1 || n > (1 << 20)) {
		return FAILURE;
	}
	FASTJSON_G(stats_sample) = n;
	FASTJSON_G(stats_countdown) = fastjson_stats_next_gap();
	return SUCCESS;
}

/* fastjson.stats: on or off, and the countdown to the next timed call restarted. */
static ZEND_INI_MH(fastjson_update_stats)
{
	(void) entry, (void) mh_arg1, (void) mh_arg2, (void) mh_arg3, (void) stage;
	FASTJSON_G(stats) = zend_ini_parse_bool(new_value);
	FASTJSON_G(stats_countdown) = fastjson_stats_next_gap();
	return SUCCESS;
}

/* fastjson.shm_slots: 0 (no shared memory) to 65536. */
static ZEND_INI_MH(fastjson_update_shm_slots)
{
	zend_long n = ZEND_STRTOL(ZSTR_VAL(new_value), NULL, 10);

	(void) entry, (void) mh_arg1, (void) mh_arg2, (void) mh_arg3, (void) stage;
	if (n < 0 || n > 65536) {
		return FAILURE;
	}
	FASTJSON_G(shm_slots) = n;
	return SUCCESS;
}

PHP_INI_BEGIN()
	PHP_INI_ENTRY_EX("fastjson.stats", "0", PHP_INI_ALL, fastjson_update_stats, zend_ini_boolean_displayer_cb)
	PHP_INI_ENTRY("fastjson.stats_sample", "64", PHP_INI_ALL, fastjson_update_stats_sample)
	PHP_INI_ENTRY("fastjson.shm_slots", "512", PHP_INI_SYSTEM, fastjson_update_shm_slots)
	STD_PHP_INI_ENTRY("fastjson.verify_dump_dir", "", PHP_INI_SYSTEM, OnUpdateString, verify_dump_dir,
		zend_fastjson_globals, fastjson_globals)
	STD_PHP_INI_ENTRY("fastjson.verify_dump_max_files", "100", PHP_INI_SYSTEM, OnUpdateLong, verify_dump_max_files,
		zend_fastjson_globals, fastjson_globals)
	STD_PHP_INI_ENTRY("fastjson.verify_dump_max_bytes", "1048576", PHP_INI_SYSTEM, OnUpdateLong,
		verify_dump_max_bytes, zend_fastjson_globals, fastjson_globals)
PHP_INI_END()

void fastjson_stats_startup(int type, int module_number)
{
	uint64_t least = UINT64_MAX;
	int i;

	zend_register_ini_entries_ex(ini_entries, module_number, type);
	for (i = 0; i < 64; i++) {
		uint64_t t = fastjson_stats_now(), d = fastjson_stats_now() - t;
		least = d < least ? d : least;
	}
	fastjson_stats_clock_cost = least;
	fastjson_pool_startup(FASTJSON_G(shm_slots));
}

void fastjson_stats_shutdown(void)
{
	fastjson_pool_shutdown();
}

/* ---- fastjson_info() ---------------------------------------------------------------- */

void fastjson_stats_functions(zval *functions, const fastjson_counters *all)
{
	int fn;

	array_init_size(functions, FASTJSON_FN_COUNT);
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		const fastjson_fn_counters *c = &all->fn[fn];
		zval counters;
		array_init_size(&counters, 6);
		add_assoc_long(&counters, "calls", (zend_long) c->calls);
		add_assoc_long(&counters, "ext_json_calls", (zend_long) c->ext_json_calls);
		add_assoc_long(&counters, "bytes_in", (zend_long) c->bytes_in);
		add_assoc_long(&counters, "bytes_out", (zend_long) c->bytes_out);
		add_assoc_long(&counters, "verify_runs", (zend_long) c->verify_runs);
		add_assoc_long(&counters, "verify_mismatches", (zend_long) c->verify_mismatches);
		add_assoc_zval(functions, fastjson_fn_name((fastjson_fn) fn), &counters);
	}
}

/* ['json_encode' => ['fastjson' => [...], 'ext_json' => [...]], ...] */
static void fastjson_stats_sides(zval *functions, const fastjson_counters *all)
{
	int fn, side;

	array_init_size(functions, FASTJSON_FN_COUNT);
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		zval sides;
		array_init_size(&sides, FASTJSON_SIDE_COUNT);
		for (side = 0; side < FASTJSON_SIDE_COUNT; side++) {
			const fastjson_side_stats *s = &all->stats[fn][side];
			zval one;
			array_init_size(&one, 5);
			add_assoc_long(&one, "runs", (zend_long) s->weighted_runs);
			add_assoc_long(&one, "bytes", (zend_long) s->weighted_bytes);
			add_assoc_long(&one, "time_ns", (zend_long) s->weighted_ns);
			add_assoc_long(&one, "timed_runs", (zend_long) s->timed_runs);
			add_assoc_long(&one, "timed_ns", (zend_long) s->timed_ns);
			add_assoc_zval(&sides, fastjson_side_names[side], &one);
		}
		add_assoc_zval(functions, fastjson_fn_name((fastjson_fn) fn), &sides);
	}
}

static void fastjson_stats_dumps(zval *dumps, const fastjson_counters *all)
{
	array_init_size(dumps, 2);
	add_assoc_long(dumps, "written", (zend_long) all->dumps_written);
	add_assoc_long(dumps, "skipped", (zend_long) all->dumps_skipped);
}

void fastjson_stats_info(zval *info)
{
	const fastjson_counters *mine = fastjson_pool_counters();
	fastjson_pool_totals totals;
	zval stats, functions, dumps, shared;

	array_init_size(&stats, 3);
	add_assoc_bool(&stats, "enabled", FASTJSON_G(stats));
	add_assoc_long(&stats, "sample", FASTJSON_G(stats_sample));
	fastjson_stats_sides(&functions, mine);
	add_assoc_zval(&stats, "functions", &functions);
	add_assoc_zval(info, "stats", &stats);

	fastjson_stats_dumps(&dumps, mine);
	add_assoc_string(&dumps, "dir", FASTJSON_G(verify_dump_dir) ? FASTJSON_G(verify_dump_dir) : "");
	add_assoc_zval(info, "verify_dump", &dumps);

	array_init_size(&shared, 8);
	add_assoc_bool(&shared, "available", fastjson_pool_read(&totals));
	if (fastjson_pool_available()) {
		zval stats_functions;
		add_assoc_long(&shared, "slots", totals.slots);
		add_assoc_long(&shared, "slots_in_use", totals.slots_in_use);
		add_assoc_long(&shared, "unslotted", totals.unslotted);
		fastjson_stats_functions(&functions, &totals.sum);
		add_assoc_zval(&shared, "functions", &functions);
		fastjson_stats_sides(&stats_functions, &totals.sum);
		add_assoc_zval(&shared, "stats", &stats_functions);
		fastjson_stats_dumps(&dumps, &totals.sum);
		add_assoc_zval(&shared, "verify_dump", &dumps);
	}
	add_assoc_zval(info, "shared", &shared);
}

void fastjson_stats_minfo(void)
{
	fastjson_pool_totals totals;
	char shared[96];

	php_info_print_table_start();
	if (fastjson_pool_read(&totals)) {
		snprintf(shared, sizeof(shared), ZEND_LONG_FMT " slots, " ZEND_LONG_FMT " in use, " ZEND_LONG_FMT " unslotted",
			totals.slots, totals.slots_in_use, totals.unslotted);
	} else {
		snprintf(shared, sizeof(shared), "not available (fastjson.shm_slots=" ZEND_LONG_FMT ")", FASTJSON_G(shm_slots));
	}
	php_info_print_table_row(2, "Pool-wide counters (shared memory)", shared);
	php_info_print_table_row(2, "Time per side (fastjson.stats)", FASTJSON_G(stats) ? "on" : "off");
	php_info_print_table_end();
}

/* ---- fastjson_metrics(): Prometheus text exposition format ---------------------------- */

static void fastjson_metric_head(smart_str *out, const char *name, const char *type, const char *help)
{
	smart_str_append_printf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void fastjson_metric_fn(smart_str *out, const char *name, fastjson_fn fn, uint64_t value)
{
	smart_str_append_printf(out, "%s{function=\"%s\"} %" PRIu64 "\n", name, fastjson_fn_name(fn), value);
}

static void fastjson_metric_side(smart_str *out, const char *name, fastjson_fn fn, int side, uint64_t value)
{
	smart_str_append_printf(out, "%s{function=\"%s\",side=\"%s\"} %" PRIu64 "\n", name, fastjson_fn_name(fn),
		fastjson_side_names[side], value);
}

static void fastjson_metric_seconds(smart_str *out, const char *name, fastjson_fn fn, int side, uint64_t ns)
{
	smart_str_append_printf(out, "%s{function=\"%s\",side=\"%s\"} %" PRIu64 ".%09" PRIu64 "\n", name, fastjson_fn_name(fn),
		fastjson_side_names[side], ns / 1000000000u, ns % 1000000000u);
}

/* The fastjson.stats families, per function and side: a field of fastjson_side_stats each. */
typedef struct {
	const char *name;
	const char *help;
	size_t field;
	bool seconds; /* the field holds nanoseconds */
} fastjson_stats_family;

static const fastjson_stats_family fastjson_stats_families[] = {
	{"fastjson_stats_runs_total",
		"Runs of each side while fastjson.stats was on, estimated from the timed sample (a verified call runs both sides).",
		offsetof(fastjson_side_stats, weighted_runs), false},
	{"fastjson_stats_bytes_total", "JSON bytes of those runs, estimated.",
		offsetof(fastjson_side_stats, weighted_bytes), false},
	{"fastjson_stats_seconds_total", "Time inside those runs, estimated.",
		offsetof(fastjson_side_stats, weighted_ns), true},
	{"fastjson_stats_timed_runs_total", "Runs in the timed sample (fastjson.stats_sample).",
		offsetof(fastjson_side_stats, timed_runs), false},
	{"fastjson_stats_timed_seconds_total", "Time inside the timed runs, measured.",
		offsetof(fastjson_side_stats, timed_ns), true},
};

PHP_FUNCTION(fastjson_metrics)
{
	fastjson_pool_totals totals;
	const fastjson_counters *c;
	smart_str out = {0};
	int fn, side;
	size_t family;

	ZEND_PARSE_PARAMETERS_NONE();
	c = fastjson_pool_read(&totals) ? &totals.sum : fastjson_pool_counters();

	fastjson_metric_head(&out, "fastjson_shared", "gauge",
		"1 when these counters sum every process sharing this one's master (php-fpm pool, CLI and its forks), 0 when they are this process's alone.");
	smart_str_append_printf(&out, "fastjson_shared %d\n", fastjson_pool_available() ? 1 : 0);
	if (fastjson_pool_available()) {
		fastjson_metric_head(&out, "fastjson_shared_slots", "gauge", "Counter slots in shared memory (fastjson.shm_slots).");
		smart_str_append_printf(&out, "fastjson_shared_slots " ZEND_LONG_FMT "\n", totals.slots);
		fastjson_metric_head(&out, "fastjson_shared_slots_in_use", "gauge",
			"Slots held by a process or thread (or by one that ended without releasing it).");
		smart_str_append_printf(&out, "fastjson_shared_slots_in_use " ZEND_LONG_FMT "\n", totals.slots_in_use);
		fastjson_metric_head(&out, "fastjson_shared_unslotted_total", "counter",
			"Processes or threads that found no free slot and are missing from these sums.");
		smart_str_append_printf(&out, "fastjson_shared_unslotted_total " ZEND_LONG_FMT "\n", totals.unslotted);
	}

	fastjson_metric_head(&out, "fastjson_calls_total", "counter",
		"Calls of json_encode(), json_decode() and json_validate(), by the side fastjson.enabled chose.");
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		fastjson_metric_side(&out, "fastjson_calls_total", fn, FASTJSON_SIDE_FASTJSON, c->fn[fn].calls - c->fn[fn].ext_json_calls);
		fastjson_metric_side(&out, "fastjson_calls_total", fn, FASTJSON_SIDE_EXT_JSON, c->fn[fn].ext_json_calls);
	}
	fastjson_metric_head(&out, "fastjson_input_bytes_total", "counter", "JSON text read by json_decode() and json_validate().");
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		fastjson_metric_fn(&out, "fastjson_input_bytes_total", fn, c->fn[fn].bytes_in);
	}
	fastjson_metric_head(&out, "fastjson_output_bytes_total", "counter", "JSON text produced by json_encode().");
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		fastjson_metric_fn(&out, "fastjson_output_bytes_total", fn, c->fn[fn].bytes_out);
	}
	fastjson_metric_head(&out, "fastjson_verify_runs_total", "counter", "Calls also run through ext/json by fastjson.verify.");
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		fastjson_metric_fn(&out, "fastjson_verify_runs_total", fn, c->fn[fn].verify_runs);
	}
	fastjson_metric_head(&out, "fastjson_verify_mismatches_total", "counter",
		"Verified calls whose result differed from ext/json's.");
	for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
		fastjson_metric_fn(&out, "fastjson_verify_mismatches_total", fn, c->fn[fn].verify_mismatches);
	}
	fastjson_metric_head(&out, "fastjson_verify_dumps_total", "counter",
		"Verify mismatches written to fastjson.verify_dump_dir, and those not written (rate, file cap or error).");
	smart_str_append_printf(&out, "fastjson_verify_dumps_total{result=\"written\"} %" PRIu64 "\n", c->dumps_written);
	smart_str_append_printf(&out, "fastjson_verify_dumps_total{result=\"skipped\"} %" PRIu64 "\n", c->dumps_skipped);

	for (family = 0; family < sizeof(fastjson_stats_families) / sizeof(fastjson_stats_families[0]); family++) {
		const fastjson_stats_family *m = &fastjson_stats_families[family];
		fastjson_metric_head(&out, m->name, "counter", m->help);
		for (fn = 0; fn < FASTJSON_FN_COUNT; fn++) {
			for (side = 0; side < FASTJSON_SIDE_COUNT; side++) {
				uint64_t value = *(const uint64_t *) ((const char *) &c->stats[fn][side] + m->field);
				if (m->seconds) {
					fastjson_metric_seconds(&out, m->name, fn, side, value);
				} else {
					fastjson_metric_side(&out, m->name, fn, side, value);
				}
			}
		}
	}
	smart_str_0(&out);
	RETURN_STR(out.s);
}
