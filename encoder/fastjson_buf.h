/* The encoder's output buffer: bytes inside the buffer itself (on the caller's stack) until
 * they outgrow it, then one zend_string that grows in place by small steps (fastjson_buf_grow).
 * Writers reserve the worst case of a whole step once, then write without checks. */

#ifndef FASTJSON_BUF_H
#define FASTJSON_BUF_H

#include "php.h"

/* Outputs up to 8 KB (most responses and records) never grow: growing meant up to three
 * allocations, copies and frees per call, cold code on a request's one call. */
#define FASTJSON_BUF_LOCAL_SIZE 8192
/* An output expected to be longer than the small blocks (the caller's guess,
 * fastjson_encoder_init()) is written straight into a heap block of about that size:
 * written on the stack and copied out, each of its cache lines was touched twice, which a
 * call on cold caches pays for. Up to FASTJSON_BUF_EXPECTED_MAX, whose block is 64 KB: a
 * wrong guess holds at most that much more than json_encode() would (whose buffer is whole
 * pages from the first byte). */
#define FASTJSON_BUF_EXPECTED_MIN (ZEND_MM_MAX_SMALL_SIZE + 1)
#define FASTJSON_BUF_EXPECTED_MAX (56 * 1024)
/* Past this much output a value is likely larger than the caches (see
 * fastjson_worth_prefetching()); checked as the buffer grows. */
#define FASTJSON_BUF_LARGE (48 * 1024)

typedef struct {
	/* NULL while the output is in local. */
	zend_string *str;
	char *base;
	char *pos;
	char *end;
	/* Past a delayed memory_limit error: the output is thrown away (fastjson_buf_grow()). */
	bool discarding;
	/* Whether the output had passed FASTJSON_BUF_LARGE bytes at the buffer's last growth
	 * (fastjson_buf_grow()): a cheap, slightly late test of it, made once per growth. */
	bool large;
	/* Small outputs are allocated once, at their exact size, when they are extracted. */
	char local[FASTJSON_BUF_LOCAL_SIZE];
} fastjson_buf;

void fastjson_buf_init(fastjson_buf *buf);
/* Moves an empty buffer to a heap block for an output expected to be about expected_len
 * bytes long (see FASTJSON_BUF_EXPECTED_MIN). */
void fastjson_buf_start_on_heap(fastjson_buf *buf, size_t expected_len);
void fastjson_buf_free(fastjson_buf *buf);
/* Hands the bytes written so far over as an exact-size string; the buffer is empty afterwards. */
zend_string *fastjson_buf_extract(fastjson_buf *buf);
ZEND_COLD char *fastjson_buf_grow(fastjson_buf *buf, size_t needed);

/* Returns where to write; at least `needed` bytes are free there. */
static zend_always_inline char *fastjson_buf_reserve(fastjson_buf *buf, size_t needed)
{
	if (UNEXPECTED((size_t)(buf->end - buf->pos) < needed)) {
		return fastjson_buf_grow(buf, needed);
	}
	return buf->pos;
}

static zend_always_inline size_t fastjson_buf_len(const fastjson_buf *buf)
{
	return (size_t)(buf->pos - buf->base);
}

static zend_always_inline void fastjson_buf_appendl(fastjson_buf *buf, const char *s, size_t len)
{
	char *out = fastjson_buf_reserve(buf, len);
	memcpy(out, s, len);
	buf->pos = out + len;
}

static zend_always_inline void fastjson_buf_appendc(fastjson_buf *buf, char c)
{
	char *out = fastjson_buf_reserve(buf, 1);
	*out = c;
	buf->pos = out + 1;
}

/* Copies n bytes and returns the end of the copy; short copies use overlapping
 * fixed-size moves, which beat a memcpy call on the short keys and values that
 * dominate real documents. */
static zend_always_inline char *fastjson_copy_run(char *out, const unsigned char *src, size_t n)
{
	if (n > 16) {
		/* n is a distance between two pointers into one string; saying so keeps newer
		 * gcc from warning about sizes above PTRDIFF_MAX. */
		ZEND_ASSUME(n <= PTRDIFF_MAX);
		memcpy(out, src, n);
	} else if (n >= 8) {
		uint64_t head, tail;
		memcpy(&head, src, 8);
		memcpy(&tail, src + n - 8, 8);
		memcpy(out, &head, 8);
		memcpy(out + n - 8, &tail, 8);
	} else if (n >= 4) {
		uint32_t head, tail;
		memcpy(&head, src, 4);
		memcpy(&tail, src + n - 4, 4);
		memcpy(out, &head, 4);
		memcpy(out + n - 4, &tail, 4);
	} else if (n > 0) {
		out[0] = (char) src[0];
		out[n / 2] = (char) src[n / 2];
		out[n - 1] = (char) src[n - 1];
	}
	return out + n;
}

#endif
