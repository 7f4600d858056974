/* Counters shared by every process under one master (see fastjson_pool.h).
 *
 * The mapping is anonymous and shared, made in MINIT: php-fpm's master, Apache's parent
 * or a CLI process makes it before forking, so all their children see the same one (and
 * no one else). A child finds out that it is one through a private page the kernel zeroes
 * in children (MADV_WIPEONFORK, Linux 4.14), checked on each call with one load; it then
 * takes a slot of its own. Where that is missing (other systems, Windows) there is no
 * shared memory and fastjson_info() says so. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_fastjson.h"
#include "fastjson_pool.h"

#if !defined(PHP_WIN32)
# include <errno.h>
# include <pthread.h>
# include <signal.h>
# include <sys/mman.h>
# include <unistd.h>
#endif

#if !defined(PHP_WIN32) && defined(MADV_WIPEONFORK) && defined(MAP_ANONYMOUS) \
	&& defined(__GCC_ATOMIC_LLONG_LOCK_FREE) && __GCC_ATOMIC_LLONG_LOCK_FREE == 2
# define FASTJSON_POOL_SHARED 1
#endif

static const uint64_t fastjson_pool_not_forked = 1;
const uint64_t *fastjson_pool_fork_word = &fastjson_pool_not_forked;

/* Without shared memory the dump tokens are this process's. */
typedef struct {
	uint64_t taken;
	uint64_t minute;
	uint64_t minute_taken;
} fastjson_dump_tokens;

#ifdef FASTJSON_POOL_SHARED

typedef struct {
	uint64_t slots;
	uint64_t unslotted;
	fastjson_dump_tokens dumps;
	/* The counts of slots taken over after their process ended. */
	fastjson_counters retired;
} fastjson_pool_header;

/* A slot per cache line boundary, so that writers do not share lines. */
typedef struct {
	/* The pid of the process whose thread writes the slot; 0: free. */
	uint64_t owner;
	fastjson_counters counters;
} __attribute__((aligned(64))) fastjson_pool_slot;

static fastjson_pool_header *fastjson_pool_region = NULL;
static fastjson_pool_slot *fastjson_pool_slots = NULL;
static size_t fastjson_pool_size = 0;
static uint64_t *fastjson_pool_fork_page = NULL;
static size_t fastjson_pool_page_size = 0;

#define FASTJSON_POOL_HEADER_SIZE ((sizeof(fastjson_pool_header) + 63) & ~(size_t) 63)

/* Moves a taken-over slot's counts into the retired totals, counter by counter: a reader
 * meanwhile may see one count in both places or in neither, never a lasting error; a
 * process killed here loses at most the one count it held. */
static fastjson_pool_slot *fastjson_pool_take_over(fastjson_pool_slot *slot)
{
	uint64_t *from = (uint64_t *) &slot->counters;
	uint64_t *to = (uint64_t *) &fastjson_pool_region->retired;
	size_t i;

	for (i = 0; i < FASTJSON_COUNTERS_WORDS; i++) {
		uint64_t v = __atomic_exchange_n(&from[i], 0, __ATOMIC_RELAXED);
		if (v) {
			__atomic_fetch_add(&to[i], v, __ATOMIC_RELAXED);
		}
	}
	return slot;
}

/* Whether the process that took a slot has ended (it did not release it: killed). A pid
 * reused since by another process keeps the slot taken, which costs a slot, not counts. */
static bool fastjson_pool_owner_gone(uint64_t owner)
{
	return kill((pid_t) owner, 0) == -1 && errno == ESRCH;
}

/* A free slot, else one whose process has ended; NULL when every slot is taken. */
static fastjson_pool_slot *fastjson_pool_claim(void)
{
	uint64_t pid = (uint64_t) getpid(), i, n = fastjson_pool_region->slots;

	for (i = 0; i < n; i++) {
		uint64_t expected = 0;
		if (__atomic_load_n(&fastjson_pool_slots[i].owner, __ATOMIC_RELAXED) == 0
				&& __atomic_compare_exchange_n(&fastjson_pool_slots[i].owner, &expected, pid, false,
					__ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
			return fastjson_pool_take_over(&fastjson_pool_slots[i]);
		}
	}
	for (i = 0; i < n; i++) {
		uint64_t owner = __atomic_load_n(&fastjson_pool_slots[i].owner, __ATOMIC_RELAXED);
		if (owner != 0 && owner != pid && fastjson_pool_owner_gone(owner)
				&& __atomic_compare_exchange_n(&fastjson_pool_slots[i].owner, &owner, pid, false,
					__ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
			return fastjson_pool_take_over(&fastjson_pool_slots[i]);
		}
	}
	__atomic_fetch_add(&fastjson_pool_region->unslotted, 1, __ATOMIC_RELAXED);
	return NULL;
}

/* Points g at a slot of its own, or at its own memory when none is left. */
static void fastjson_pool_assign(zend_fastjson_globals *g)
{
	fastjson_pool_slot *slot = fastjson_pool_claim();

	memset(&g->local_counters, 0, sizeof(g->local_counters));
	g->counters = slot ? &slot->counters : &g->local_counters;
}

/* The C library's fork() zeroes the word too: qemu's user-mode emulation (CI's arm64
 * runs) accepts MADV_WIPEONFORK and does not carry it out. */
static void fastjson_pool_forked_child(void)
{
	if (fastjson_pool_fork_page) {
		*fastjson_pool_fork_page = 0;
	}
}

void fastjson_pool_startup(zend_long slots)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t size;
	void *region, *fork_page;

	if (slots <= 0 || page <= 0) {
		return;
	}
	size = FASTJSON_POOL_HEADER_SIZE + (size_t) slots * sizeof(fastjson_pool_slot);
	region = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (region == MAP_FAILED) {
		return;
	}
	fork_page = mmap(NULL, (size_t) page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fork_page == MAP_FAILED) {
		munmap(region, size);
		return;
	}
	if (madvise(fork_page, (size_t) page, MADV_WIPEONFORK) != 0) {
		munmap(fork_page, (size_t) page);
		munmap(region, size);
		return;
	}
	fastjson_pool_region = region;
	fastjson_pool_region->slots = (uint64_t) slots;
	fastjson_pool_slots = (fastjson_pool_slot *) ((char *) region + FASTJSON_POOL_HEADER_SIZE);
	fastjson_pool_size = size;
	fastjson_pool_page_size = (size_t) page;
	fastjson_pool_fork_page = fork_page;
	*fastjson_pool_fork_page = 1;
	fastjson_pool_fork_word = fastjson_pool_fork_page;
	/* glibc drops the handler when the extension is unloaded. */
	pthread_atfork(NULL, NULL, fastjson_pool_forked_child);
	fastjson_pool_assign(ZEND_MODULE_GLOBALS_BULK(fastjson));
}

void fastjson_pool_shutdown(void)
{
	if (!fastjson_pool_region) {
		return;
	}
	fastjson_pool_thread_end(ZEND_MODULE_GLOBALS_BULK(fastjson));
	fastjson_pool_fork_word = &fastjson_pool_not_forked;
	munmap(fastjson_pool_fork_page, fastjson_pool_page_size);
	munmap(fastjson_pool_region, fastjson_pool_size);
	fastjson_pool_region = NULL;
	fastjson_pool_slots = NULL;
	fastjson_pool_fork_page = NULL;
}

void fastjson_pool_thread_start(zend_fastjson_globals *g)
{
	g->counters = &g->local_counters;
	if (fastjson_pool_region && *fastjson_pool_fork_word) {
		fastjson_pool_assign(g);
	}
}

void fastjson_pool_thread_end(zend_fastjson_globals *g)
{
	char *p = (char *) g->counters;

	/* Only a slot this process took: a child that never counted still points at its
	 * parent's. Its counts stay in it for the next owner to retire. */
	if (fastjson_pool_region && *fastjson_pool_fork_word && p != (char *) &g->local_counters) {
		fastjson_pool_slot *slot = (fastjson_pool_slot *) (p - offsetof(fastjson_pool_slot, counters));
		__atomic_store_n(&slot->owner, 0, __ATOMIC_RELEASE);
	}
	g->counters = &g->local_counters;
}

fastjson_counters *fastjson_pool_after_fork(void)
{
	fastjson_pool_assign(ZEND_MODULE_GLOBALS_BULK(fastjson));
	*fastjson_pool_fork_page = 1;
	return FASTJSON_G(counters);
}

bool fastjson_pool_available(void)
{
	return fastjson_pool_region != NULL;
}

bool fastjson_pool_read(fastjson_pool_totals *totals)
{
	uint64_t *sum = (uint64_t *) &totals->sum;
	uint64_t i, n;
	size_t w;

	memset(totals, 0, sizeof(*totals));
	if (!fastjson_pool_region) {
		return false;
	}
	n = fastjson_pool_region->slots;
	for (w = 0; w < FASTJSON_COUNTERS_WORDS; w++) {
		sum[w] = __atomic_load_n(&((uint64_t *) &fastjson_pool_region->retired)[w], __ATOMIC_RELAXED);
	}
	for (i = 0; i < n; i++) {
		const uint64_t *slot = (const uint64_t *) &fastjson_pool_slots[i].counters;
		for (w = 0; w < FASTJSON_COUNTERS_WORDS; w++) {
			sum[w] += __atomic_load_n(&slot[w], __ATOMIC_RELAXED);
		}
		totals->slots_in_use += __atomic_load_n(&fastjson_pool_slots[i].owner, __ATOMIC_RELAXED) != 0;
	}
	totals->slots = (zend_long) n;
	totals->unslotted = (zend_long) __atomic_load_n(&fastjson_pool_region->unslotted, __ATOMIC_RELAXED);
	return true;
}

#else /* no shared memory: every thread counts for itself */

void fastjson_pool_startup(zend_long slots)
{
	(void) slots;
}

void fastjson_pool_shutdown(void)
{
}

void fastjson_pool_thread_start(zend_fastjson_globals *g)
{
	g->counters = &g->local_counters;
}

void fastjson_pool_thread_end(zend_fastjson_globals *g)
{
	g->counters = &g->local_counters;
}

fastjson_counters *fastjson_pool_after_fork(void)
{
	return FASTJSON_G(counters);
}

bool fastjson_pool_available(void)
{
	return false;
}

bool fastjson_pool_read(fastjson_pool_totals *totals)
{
	memset(totals, 0, sizeof(*totals));
	return false;
}

#endif

fastjson_counters *fastjson_pool_counters(void)
{
	return *fastjson_pool_fork_word ? FASTJSON_G(counters) : fastjson_pool_after_fork();
}

#if defined(__GNUC__) || defined(__clang__)
bool fastjson_pool_take_dump_token(zend_long max_total, zend_long per_minute)
{
	static fastjson_dump_tokens process_tokens;
	fastjson_dump_tokens *tokens = &process_tokens;
	uint64_t minute = (uint64_t) time(NULL) / 60, seen;

# ifdef FASTJSON_POOL_SHARED
	if (fastjson_pool_region) {
		tokens = &fastjson_pool_region->dumps;
	}
# endif
	if (max_total <= 0 || per_minute <= 0
			|| __atomic_load_n(&tokens->taken, __ATOMIC_RELAXED) >= (uint64_t) max_total) {
		return false;
	}
	/* A new minute: whoever moves the minute forward restarts its count. */
	seen = __atomic_load_n(&tokens->minute, __ATOMIC_RELAXED);
	if (seen != minute && __atomic_compare_exchange_n(&tokens->minute, &seen, minute, false,
			__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		__atomic_store_n(&tokens->minute_taken, 0, __ATOMIC_RELAXED);
	}
	if (__atomic_fetch_add(&tokens->minute_taken, 1, __ATOMIC_RELAXED) >= (uint64_t) per_minute) {
		return false;
	}
	return __atomic_fetch_add(&tokens->taken, 1, __ATOMIC_RELAXED) < (uint64_t) max_total;
}
#else
/* This process's tokens, without atomics (no shared memory either). */
bool fastjson_pool_take_dump_token(zend_long max_total, zend_long per_minute)
{
	static fastjson_dump_tokens tokens;
	uint64_t minute = (uint64_t) time(NULL) / 60;

	if (max_total <= 0 || per_minute <= 0 || tokens.taken >= (uint64_t) max_total) {
		return false;
	}
	if (tokens.minute != minute) {
		tokens.minute = minute;
		tokens.minute_taken = 0;
	}
	if (tokens.minute_taken >= (uint64_t) per_minute) {
		return false;
	}
	tokens.minute_taken++;
	tokens.taken++;
	return true;
}
#endif
