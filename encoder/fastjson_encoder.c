/* The encoder: its output buffer, its set-up, and the choice of the value walker's copy
 * (fastjson_walk.h) for this CPU. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#ifdef HAVE_SYS_MMAN_H
# include <sys/mman.h>
#endif
#include "fastjson_encoder.h"
#include "../fastjson_stack.h"

/* ---- output buffer ---------------------------------------------------------- */

void fastjson_buf_init(fastjson_buf *buf)
{
	buf->str = NULL;
	buf->base = buf->local;
	buf->pos = buf->local;
	buf->end = buf->local + FASTJSON_BUF_LOCAL_SIZE;
	buf->discarding = false;
	buf->large = false;
}

void fastjson_buf_free(fastjson_buf *buf)
{
	if (buf->str) {
		zend_string_efree(buf->str);
		buf->str = NULL;
	}
}

/* How the buffer grows, and why.
 *
 * Memory may not exceed ext/json's: json_encode() grows its smart_str a page at a time, so
 * its peak is the output rounded up to a page, and memory_get_peak_usage() and
 * memory_limit both count the capacity this buffer holds. So the capacity runs ahead of
 * the output by a small share only: doubling up to 32 KB, then steps of 1/32 of the
 * capacity, at least 32 KB (at most 3% and 32 KB plus one write's reservation above the
 * output). Every block is sized to fill its pages.
 *
 * Speed comes from growing in place: ZendMM extends a block inside its 2 MB chunk when the
 * pages after it are free, and a block past the chunk size ("huge", mapped on its own)
 * with mremap() when the addresses after it are free. Otherwise erealloc() maps a new
 * block, copies and unmaps the old one. memory_get_peak_usage() leaves that moment out,
 * memory_limit does not; and as mappings are placed top-down, the new block lands right
 * below the lowest one and can only grow into the old block's addresses, about as far
 * again before the next move. json_encode()'s moves go that way, each one holding two
 * copies of its output for a moment. So before a move fastjson holds a wide range of free
 * addresses (no access, no memory), which the new block then lands right below, and
 * releases it: the block has room to grow without moving again.
 *
 * Huge blocks start on a 2 MB boundary. Once the buffer is one, it asks for transparent
 * huge pages: a 2 MB range gets one only if the block covers all of it before anything is
 * written there, which takes steps of 2 MB ending on a 2 MB boundary. From 40 MB on such a
 * step is at most 5% of the output, so the steps are made so; smaller buffers fault in
 * 4 KB pages as json_encode()'s do (or in the kernel's smaller multi-size THP, where
 * enabled). */
#define FASTJSON_BUF_DOUBLING_LIMIT (32 * 1024)
#define FASTJSON_BUF_MIN_STEP (32 * 1024)
#define FASTJSON_BUF_STEP_SHIFT 5
#define FASTJSON_BUF_HUGE_PAGE ((size_t) 2 * 1024 * 1024)
#define FASTJSON_BUF_HUGE_STEPS_FROM ((size_t) 40 * 1024 * 1024)
/* Addresses held above a moved block: a multiple of its size, at least 1 GB (of address
 * space only; where that much is not to be had, the block moves as json_encode()'s do). */
#define FASTJSON_BUF_ROOM_FACTOR 32
#define FASTJSON_BUF_ROOM_MIN ((size_t) 1024 * 1024 * 1024)

#if defined(HAVE_SYS_MMAN_H) && defined(MAP_ANONYMOUS) && defined(MAP_NORESERVE) && !defined(ZEND_WIN32)
# define FASTJSON_BUF_STEERS_PLACEMENT 1
#endif

/* ZendMM rounds a huge block to the system's page size (4 KB on x86-64, 16 or 64 KB on
 * some arm64 systems); a block of another size would not end where fastjson looks. */
static size_t fastjson_buf_system_page_size(void)
{
	static size_t page_size;

	if (page_size == 0) {
#ifdef _SC_PAGESIZE
		long system = sysconf(_SC_PAGESIZE);

		page_size = system > 0 && ((size_t) system & ((size_t) system - 1)) == 0 ? (size_t) system : ZEND_MM_PAGE_SIZE;
#else
		page_size = ZEND_MM_PAGE_SIZE;
#endif
	}
	return page_size;
}

/* Bytes of the block that holds a buffer of this capacity: past the small sizes ZendMM
 * hands out whole pages, its own 4 KB ones in a chunk, the system's for a huge block. */
static size_t fastjson_buf_block_bytes(size_t capacity)
{
	size_t bytes = ZEND_MM_ALIGNED_SIZE(_ZSTR_STRUCT_SIZE(capacity));

	if (bytes <= ZEND_MM_MAX_SMALL_SIZE) {
		return bytes;
	}
	bytes = ZEND_MM_ALIGNED_SIZE_EX(bytes, ZEND_MM_PAGE_SIZE);
	return bytes > ZEND_MM_MAX_LARGE_SIZE ? ZEND_MM_ALIGNED_SIZE_EX(bytes, fastjson_buf_system_page_size()) : bytes;
}

/* An eighth more than expected, so that an output a little longer than the last ones still
 * fits: growing copies, shrinking at the end frees pages in place. */
ZEND_COLD void fastjson_buf_start_on_heap(fastjson_buf *buf, size_t expected_len)
{
	size_t bytes = fastjson_buf_block_bytes(expected_len + expected_len / 8);

	buf->str = zend_string_alloc(bytes - _ZSTR_HEADER_SIZE - 1, 0);
	buf->base = ZSTR_VAL(buf->str);
	buf->pos = buf->base;
	buf->end = buf->base + ZSTR_LEN(buf->str);
}

/* The size of the next block: one step up, and at least room for `least` bytes. */
static size_t fastjson_buf_next_block_bytes(size_t capacity, size_t least)
{
	size_t step = capacity < FASTJSON_BUF_DOUBLING_LIMIT
		? capacity
		: MAX(capacity >> FASTJSON_BUF_STEP_SHIFT, FASTJSON_BUF_MIN_STEP);
	size_t bytes;

	if (capacity >= FASTJSON_BUF_HUGE_STEPS_FROM) {
		/* A huge block starts on a 2 MB boundary, so this ends it on one: at least up to the
		 * next boundary, and 2 MB further once its end is aligned. */
		bytes = fastjson_buf_block_bytes(capacity + MAX(step, FASTJSON_BUF_HUGE_PAGE)) & ~(FASTJSON_BUF_HUGE_PAGE - 1);
	} else {
		bytes = fastjson_buf_block_bytes(capacity + step);
		if (bytes > ZEND_MM_MAX_LARGE_SIZE && fastjson_buf_block_bytes(capacity) < ZEND_MM_MAX_LARGE_SIZE) {
			/* The largest block a chunk holds comes first, as for json_encode(): an output
			 * that fits it never pays for a huge block (a move, and 2 MB more of memory_limit). */
			bytes = ZEND_MM_MAX_LARGE_SIZE;
		}
	}
	return MAX(bytes, fastjson_buf_block_bytes(least));
}

/* Called for a huge block at a new address (the first one, or after a move): later
 * in-place extensions (mremap) keep the hint. Best effort. */
static void fastjson_buf_advise_huge_pages(zend_string *block, size_t bytes)
{
#if defined(MADV_HUGEPAGE)
	(void) madvise((void *) block, bytes, MADV_HUGEPAGE);
#else
	(void) block;
	(void) bytes;
#endif
}

/* Faults in the pages a huge block gained in one call before they are written: a page
 * faulted on first write costs ~10 us on this kind of virtual machine, batched ~5 us. The
 * bytes up to `from` are written already (or copied by erealloc(), where the faults
 * happen inside it). Linux 5.14+; elsewhere the call fails and nothing changes. */
static void fastjson_buf_populate(zend_string *block, size_t from, size_t bytes)
{
#if defined(HAVE_SYS_MMAN_H) && defined(__linux__)
# ifndef MADV_POPULATE_WRITE
#  define MADV_POPULATE_WRITE 23
# endif
	size_t page_size = fastjson_buf_system_page_size();
	size_t start = (from + page_size - 1) & ~(page_size - 1);

	if (start < bytes) {
		(void) madvise((char *) block + start, bytes - start, MADV_POPULATE_WRITE);
	}
#else
	(void) block;
	(void) from;
	(void) bytes;
#endif
}

/* A huge block at a new address: huge pages asked for, its pages from `from` faulted in. */
static void fastjson_buf_fault_in_moved(zend_string *block, size_t from, size_t bytes)
{
	fastjson_buf_advise_huge_pages(block, bytes);
	fastjson_buf_populate(block, from, bytes);
}

#ifdef FASTJSON_BUF_STEERS_PLACEMENT
/* Address space only: no access, no memory, nothing charged. NULL if refused. */
static void *fastjson_buf_map_addresses(void *at, size_t len)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
# ifdef MAP_FIXED_NOREPLACE
	if (at != NULL) {
		flags |= MAP_FIXED_NOREPLACE;
	}
# endif
	void *p = mmap(at, len, PROT_NONE, flags, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void fastjson_buf_unmap(void *at, size_t len)
{
	if (at != NULL) {
		munmap(at, len);
	}
}

/* Whether nothing is mapped at [from, from + len): then ZendMM extends the huge block that
 * ends at `from` in place. Without MAP_FIXED_NOREPLACE the address is a hint, which the
 * kernel takes exactly when the range is free. */
static bool fastjson_buf_addresses_free(char *from, size_t len)
{
	void *p = fastjson_buf_map_addresses(from, len);

	if (p == NULL) {
		return false;
	}
	munmap(p, len);
	return p == (void *) from;
}

/* Memory outside ZendMM that holds a block's bytes while it moves: len bytes (a multiple
 * of 2 MB) on a 2 MB boundary, with transparent huge pages asked for, faulted in at once.
 * NULL if refused. */
static void *fastjson_buf_map_stash(size_t len)
{
	char *span = mmap(NULL, len + FASTJSON_BUF_HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *start;
	size_t head;

	if (span == MAP_FAILED) {
		return NULL;
	}
	start = (char *) (((uintptr_t) span + FASTJSON_BUF_HUGE_PAGE - 1) & ~(uintptr_t) (FASTJSON_BUF_HUGE_PAGE - 1));
	head = (size_t) (start - span);
	if (head) {
		munmap(span, head);
	}
	munmap(start + len, FASTJSON_BUF_HUGE_PAGE - head);
	fastjson_buf_advise_huge_pages((zend_string *) start, len);
	fastjson_buf_populate((zend_string *) start, 0, len);
	return start;
}

/* A move by way of the stash: the old block is freed before the new one is allocated, so
 * memory_get_peak_usage() counts one of them, as for erealloc(), and the new block's pages
 * are faulted in at once before the copy. erealloc() would copy into pages faulted one by
 * one: 2 MB of them when the largest in-chunk block becomes huge, ~6 ms of gsoc-2018's
 * 7-8 ms on this kind of virtual machine. */
static zend_string *fastjson_buf_move_through(zend_string *old, void *stash, size_t bytes, size_t copy)
{
	zend_string *moved;

	memcpy(stash, old, copy);
	efree(old);
	moved = (zend_string *) emalloc(bytes);
	fastjson_buf_fault_in_moved(moved, 0, bytes);
	memcpy(moved, stash, copy);
	return moved;
}

/* Moves a block that is to become or stay huge. Free addresses are held so that the new
 * block lands below them; they and the stash are released whatever happens (memory_limit
 * bails out of the allocation). Only a block leaving its chunk (at most 2 MB) goes through
 * the stash: for a huge one, faulting in both cost more than erealloc()'s faults where
 * there are no transparent huge pages (marine_ik pretty 41 -> 48 ms). */
static zend_string *fastjson_buf_move(zend_string *old, size_t bytes, size_t copy)
{
	/* volatile: read again after zend_catch's longjmp (gcc 15's -Wclobbered). */
	size_t volatile room = bytes <= SIZE_MAX / FASTJSON_BUF_ROOM_FACTOR
		? MAX(bytes * FASTJSON_BUF_ROOM_FACTOR, FASTJSON_BUF_ROOM_MIN) : 0;
	void *volatile held = room ? fastjson_buf_map_addresses(NULL, room) : NULL;
	size_t stash_len = ZEND_MM_ALIGNED_SIZE_EX(copy, FASTJSON_BUF_HUGE_PAGE);
	void *volatile stash = copy <= FASTJSON_BUF_HUGE_PAGE ? fastjson_buf_map_stash(stash_len) : NULL;
	zend_string *moved = NULL;

	zend_try {
		if (stash) {
			moved = fastjson_buf_move_through(old, stash, bytes, copy);
		} else {
			moved = (zend_string *) erealloc2(old, bytes, copy);
			fastjson_buf_fault_in_moved(moved, copy, bytes);
		}
	} zend_catch {
		fastjson_buf_unmap(held, room);
		fastjson_buf_unmap(stash, stash_len);
		zend_bailout();
	} zend_end_try();
	fastjson_buf_unmap(held, room);
	fastjson_buf_unmap(stash, stash_len);
	return moved;
}
#endif

ZEND_COLD char *fastjson_buf_grow(fastjson_buf *buf, size_t needed)
{
	zend_string *old = buf->str;
	size_t used = fastjson_buf_len(buf);
	size_t capacity = (size_t)(buf->end - buf->base);
	size_t old_bytes = fastjson_buf_block_bytes(capacity);
	/* Without ZendMM (USE_ZEND_ALLOC=0: valgrind, sanitizers) there is no peak to match,
	 * and realloc() may copy every time (valgrind's does): the buffer doubles. */
	bool zend_mm = is_zend_mm();
	size_t bytes = zend_mm
		? fastjson_buf_next_block_bytes(capacity, used + needed)
		: fastjson_buf_block_bytes(MAX(capacity * 2, used + needed));
	/* Only the bytes written so far are copied if the block moves. */
	size_t copy = _ZSTR_HEADER_SIZE + used;
	/* A block past the chunk size is mapped on its own only by ZendMM. */
	bool huge = bytes > ZEND_MM_MAX_LARGE_SIZE && zend_mm;
	/* fastjson_buf_move() faults its block in itself, before the copy. */
	bool faulted_in = false;
	zend_string *grown;

#ifdef ZEND_HAS_OOM
	/* PHP with delayed memory_limit errors (Debian's 8.2.36 and 8.4.28): past the limit,
	 * allocations go on until the VM raises the error after the call, and a process that
	 * reaches twice the limit is ended outright ("Hard memory limit", exit 137). The output
	 * is lost then anyway: it stops growing, and what follows overwrites the block. */
	if (UNEXPECTED(EG(delayed_oom).state == ZEND_OOM_STATE_PENDING) && old && needed <= capacity) {
		buf->discarding = true;
		buf->pos = buf->base;
		return buf->pos;
	}
#endif
	if (!old) {
		/* The output leaves the stack for its first block. */
		grown = zend_string_alloc(bytes - _ZSTR_HEADER_SIZE - 1, 0);
		memcpy(ZSTR_VAL(grown), buf->local, used);
	} else
#ifdef FASTJSON_BUF_STEERS_PLACEMENT
	/* A large block becoming huge always moves; a huge one when its next addresses are taken. */
	if (huge && (old_bytes <= ZEND_MM_MAX_LARGE_SIZE
			|| !fastjson_buf_addresses_free((char *) old + old_bytes, bytes - old_bytes))) {
		grown = fastjson_buf_move(old, bytes, copy);
		faulted_in = true;
	} else
#endif
	{
		grown = (zend_string *) erealloc2(old, bytes, copy);
	}
	buf->str = grown;
	/* The capacity, as zend_string_truncate() expects on extraction. */
	ZSTR_LEN(grown) = bytes - _ZSTR_HEADER_SIZE - 1;
	if (huge && !faulted_in) {
		if (grown != old) {
			fastjson_buf_fault_in_moved(grown, copy, bytes);
		} else {
			fastjson_buf_populate(grown, old_bytes, bytes);
		}
	}
	buf->large = used >= FASTJSON_BUF_LARGE;
	buf->base = ZSTR_VAL(grown);
	buf->pos = ZSTR_VAL(grown) + used;
	buf->end = ZSTR_VAL(grown) + ZSTR_LEN(grown);
	return buf->pos;
}

/* The block shrinks to the output in place (a huge one unmaps its tail, a large one frees
 * its last pages): no copy unless it drops to a smaller size class. */
FASTJSON_CALL_PATH zend_string *fastjson_buf_extract(fastjson_buf *buf)
{
	zend_string *result;

	if (!buf->str) {
		return zend_string_init(buf->local, fastjson_buf_len(buf), 0);
	}
	result = zend_string_truncate(buf->str, fastjson_buf_len(buf), 0);
	ZSTR_VAL(result)[ZSTR_LEN(result)] = '\0';
	buf->str = NULL;
	return result;
}

/* ---- the walk ------------------------------------------------------------------- */

#define FASTJSON_WALK_ENTRY fastjson_walk
#include "fastjson_walk.h"

FASTJSON_CALL_PATH void fastjson_encoder_init(fastjson_encoder *encoder, int options, int max_depth, fastjson_simd_path path, size_t expected_len)
{
	fastjson_buf_init(&encoder->buf);
	if (UNEXPECTED(expected_len >= FASTJSON_BUF_EXPECTED_MIN && expected_len <= FASTJSON_BUF_EXPECTED_MAX)) {
		fastjson_buf_start_on_heap(&encoder->buf, expected_len);
	}
	encoder->options = options;
	encoder->depth = 0;
	encoder->max_depth = max_depth;
	encoder->error_code = PHP_JSON_ERROR_NONE;
	encoder->escape_set = fastjson_escape_set_for(options);
	encoder->simd_path = path;
	encoder->escape = fastjson_escape_fn_for(path, options);
	encoder->stack_limit = fastjson_stack_limit();
	encoder->plain_class = zend_standard_class_def;
	encoder->small_map_credit = FASTJSON_SMALL_MAP_CREDIT;
}

FASTJSON_CALL_PATH zend_result fastjson_encode_zval(fastjson_encoder *encoder, zval *val)
{
#ifdef FASTJSON_HAVE_AVX512
	if (encoder->simd_path == FASTJSON_SIMD_AVX512) {
		return fastjson_walk_avx512(encoder, val);
	}
#endif
	return fastjson_walk(encoder, val);
}
