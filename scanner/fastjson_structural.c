/* validate over the structural stage: the grammar checked token by token, with constant
 * memory. Whatever it does not vouch for goes to the exact scanner (fastjson_parser.c). */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "fastjson_structural.h"
#include "fastjson_stage1.h"
#include "fastjson_pointer.h"

/* Blocks a batch of token positions spans (see fastjson_token_batch): on Zen 5, 4 were
 * 5-7% slower than 8, 16 and 32, which were within the noise of each other. */
#define FASTJSON_POSITION_BATCH_BLOCKS 32

/* Deeper documents go to the exact scanner, which knows bison's stack limit: 1024 open
 * containers hold at most 6 parser states each, far below its 10,000. */
#define FASTJSON_GRAMMAR_MAX_OPEN 1024

typedef enum {
	FASTJSON_EXPECT_VALUE,
	FASTJSON_EXPECT_VALUE_OR_CLOSE, /* after '[' */
	FASTJSON_EXPECT_KEY_OR_CLOSE,   /* after '{' */
	FASTJSON_EXPECT_KEY,            /* after ',' in an object */
	FASTJSON_EXPECT_COLON,
	FASTJSON_EXPECT_NEXT,           /* after a value in a container: ',' or its closing bracket */
	FASTJSON_EXPECT_END,            /* after the document's value */
} fastjson_expect;

typedef struct {
	fastjson_expect expect;
	int max_depth;
	uint32_t open;
	/* The closing bracket of each open container. */
	unsigned char closer[FASTJSON_GRAMMAR_MAX_OPEN];
} fastjson_grammar;

static zend_always_inline void fastjson_grammar_init(fastjson_grammar *g, int depth)
{
	g->expect = FASTJSON_EXPECT_VALUE;
	g->max_depth = depth;
	g->open = 0;
}

static zend_always_inline bool fastjson_grammar_complete(const fastjson_grammar *g)
{
	return g->expect == FASTJSON_EXPECT_END;
}

/* The tokens the grammar walks next: a block's token mask, or on AVX-512 the positions
 * of up to 32 blocks' tokens, gathered by one byte compress a block. A walk over
 * positions resumes its state once a batch, not once a block, and the blocks' vector
 * work runs on without the walk's mispredictions between them: on Zen 5, validate
 * 6-28% faster on the real documents. Gathering positions on the AVX2 path (a loop per
 * token, tzcnt/blsr eight at a time, or a table row per byte of the mask) cost more
 * than it saved: 10-38% slower. */
typedef struct {
	const unsigned char *base;  /* the first byte of the batch (of the block) */
	uint64_t tokens;            /* the block's token mask */
	uint32_t count;             /* positions */
	/* Room for a block's 32-position store past the last position. */
	uint16_t offset[FASTJSON_POSITION_BATCH_BLOCKS * FASTJSON_BLOCK + 32];
} fastjson_token_batch;

static zend_always_inline bool fastjson_batch_empty(const fastjson_token_batch *b, bool positions)
{
	return positions ? !b->count : !b->tokens;
}

#ifdef FASTJSON_HAVE_AVX512
/* The places 0-63 compressed by the mask, widened to offsets from the batch's base. */
static zend_always_inline FASTJSON_TARGET_AVX512 void fastjson_batch_add_avx512(fastjson_token_batch *b,
		uint64_t tokens, uint32_t block_offset)
{
	const __m512i places = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48,
		47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24,
		23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	__m512i compressed = _mm512_maskz_compress_epi8(tokens, places);
	__m512i offset = _mm512_set1_epi16((short) block_offset);
	uint16_t *out = b->offset + b->count;
	unsigned n = (unsigned) __builtin_popcountll(tokens);

	_mm512_storeu_si512((void *) out, _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(compressed)), offset));
	/* More than 32 tokens in 64 bytes: only where most bytes are tokens (one-digit
	 * numbers, empty containers). */
	if (UNEXPECTED(n > 32)) {
		_mm512_storeu_si512((void *) (out + 32),
			_mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(compressed, 1)), offset));
	}
	b->count += n;
}
#endif

/* The next token into t and ch; at the batch's end, the state to resume in. */
#define FASTJSON_GRAMMAR_FETCH(resume_in) do { \
		if (positions ? next_token == last_token : !tokens) { \
			expect = (resume_in); \
			goto suspend; \
		} \
		if (positions) { \
			t = base + *next_token++; \
		} else { \
			t = base + fastjson_ctz64(tokens); \
			tokens &= tokens - 1; \
		} \
		ch = *t; \
	} while (0)

/* Checks the batch's tokens against the grammar (positions: a constant, whether it
 * holds positions or a mask). Each state is a place in the code, so a token costs a
 * fetch and a compare or two; the state is named only where a batch ends. It lives in
 * locals: the input is read through unsigned char pointers, which may alias the
 * grammar's fields. With track (a constant NULL for validate, where the hooks compile
 * away), the tokens at the depth it watches go to a JSON Pointer look-up. */
static zend_always_inline bool fastjson_grammar_tokens(fastjson_grammar *g, const fastjson_token_batch *batch,
		bool positions, const unsigned char *end, fastjson_pointer_track *track)
{
	const unsigned char *base = batch->base;
	const uint16_t *next_token = batch->offset, *last_token = batch->offset + (positions ? batch->count : 0);
	uint64_t tokens = batch->tokens;
	fastjson_expect expect;
	uint32_t open = g->open;
	uint32_t watch = track ? track->watch : 0, armed = track ? track->armed : 0;
	unsigned char closer = open ? g->closer[open - 1] : 0;
	const unsigned char *t;
	unsigned char ch;

	switch (g->expect) {
		case FASTJSON_EXPECT_VALUE: goto value;
		case FASTJSON_EXPECT_VALUE_OR_CLOSE: goto value_or_close;
		case FASTJSON_EXPECT_KEY_OR_CLOSE: goto key_or_close;
		case FASTJSON_EXPECT_KEY: goto key;
		case FASTJSON_EXPECT_COLON: goto colon;
		case FASTJSON_EXPECT_NEXT: goto next;
		default: goto end_of_document;
	}

value:
	FASTJSON_GRAMMAR_FETCH(FASTJSON_EXPECT_VALUE);
value_token:
	if (track && open == armed) {
		fastjson_pointer_on_value(track, t, open);
		watch = track->watch;
		armed = track->armed;
	}
	if (ch == '"') {
		goto value_done;
	}
	if ((ch | 0x20) == '{') {
		/* ext/json's depth rule, as the exact parser checks it. */
		if ((int) open + 1 >= g->max_depth || open == FASTJSON_GRAMMAR_MAX_OPEN) {
			return false;
		}
		if (open) {
			g->closer[open - 1] = closer;
		}
		open++;
		closer = ch + 2;
		if (ch == '{') {
			goto key_or_close;
		}
		goto value_or_close;
	}
	if (!fastjson_stage1_scalar(t, end)) {
		return false;
	}
value_done:
	if (!open) {
		goto end_of_document;
	}
next:
	FASTJSON_GRAMMAR_FETCH(FASTJSON_EXPECT_NEXT);
	if (ch == ',') {
		if (closer == '}') {
			goto key;
		}
		if (track && open == watch) {
			fastjson_pointer_on_comma(track);
			armed = track->armed;
		}
		goto value;
	}
	if (ch != closer) {
		return false;
	}
close:
	if (track && open == watch) {
		fastjson_pointer_on_close(track, t);
		watch = track->watch;
		armed = track->armed;
	}
	open--;
	closer = open ? g->closer[open - 1] : 0;
	goto value_done;

value_or_close:
	FASTJSON_GRAMMAR_FETCH(FASTJSON_EXPECT_VALUE_OR_CLOSE);
	if (ch == ']') {
		goto close;
	}
	goto value_token;

key_or_close:
	FASTJSON_GRAMMAR_FETCH(FASTJSON_EXPECT_KEY_OR_CLOSE);
	if (ch == '}') {
		goto close;
	}
	goto key_token;

key:
	FASTJSON_GRAMMAR_FETCH(FASTJSON_EXPECT_KEY);
key_token:
	if (ch != '"') {
		return false;
	}
	if (track) {
		/* Byte by byte: the NUL ends a cut input before any read past it. */
		if (UNEXPECTED(t[1] == '\\') && t[2] == 'u' && t[3] == '0' && t[4] == '0' && t[5] == '0' && t[6] == '0') {
			track->nul_name = true;
		}
		if (open == watch) {
			fastjson_pointer_on_key(track, t);
			armed = track->armed;
		}
	}
colon:
	FASTJSON_GRAMMAR_FETCH(FASTJSON_EXPECT_COLON);
	if (ch != ':') {
		return false;
	}
	goto value;

end_of_document:
	/* Nothing may follow the document's value. */
	if (positions ? next_token != last_token : tokens != 0) {
		return false;
	}
	expect = FASTJSON_EXPECT_END;
suspend:
	if (open) {
		g->closer[open - 1] = closer;
	}
	g->open = open;
	g->expect = expect;
	return true;
}

#undef FASTJSON_GRAMMAR_FETCH

#define FASTJSON_STRUCTURAL_SUFFIX scalar
#define FASTJSON_STRUCTURAL_CLASSIFY fastjson_classify_scalar
#define FASTJSON_STRUCTURAL_UTF8 fastjson_stage1_utf8_scalar
#define FASTJSON_STRUCTURAL_ESCAPES(s, escaped, bytes, at, classes) fastjson_stage1_escapes_scalar(s, escaped, bytes, at)
#define FASTJSON_STRUCTURAL_PREFIX_XOR fastjson_prefix_xor
#define FASTJSON_STRUCTURAL_PAD fastjson_pad
#define FASTJSON_STRUCTURAL_TARGET
#include "fastjson_structural_loop.h"

#ifdef FASTJSON_HAVE_SSE2
# define FASTJSON_STRUCTURAL_SUFFIX sse2
# define FASTJSON_STRUCTURAL_CLASSIFY fastjson_classify_sse2
# define FASTJSON_STRUCTURAL_UTF8 fastjson_stage1_utf8_two_byte_sse2
# define FASTJSON_STRUCTURAL_ESCAPES(s, escaped, bytes, at, classes) fastjson_stage1_escapes_sse2(s, escaped, bytes, at)
# define FASTJSON_STRUCTURAL_PREFIX_XOR fastjson_prefix_xor
# define FASTJSON_STRUCTURAL_PAD fastjson_pad
# define FASTJSON_STRUCTURAL_TARGET
# include "fastjson_structural_loop.h"
#endif

#ifdef FASTJSON_HAVE_AVX2
# define FASTJSON_STRUCTURAL_SUFFIX avx2
# define FASTJSON_STRUCTURAL_CLASSIFY fastjson_classify_avx2
# define FASTJSON_STRUCTURAL_UTF8 fastjson_stage1_utf8_two_byte_avx2
# define FASTJSON_STRUCTURAL_ESCAPES fastjson_stage1_escapes_avx2
# define FASTJSON_STRUCTURAL_PREFIX_XOR fastjson_prefix_xor_clmul
# define FASTJSON_STRUCTURAL_PAD fastjson_pad
# define FASTJSON_STRUCTURAL_TARGET FASTJSON_TARGET_AVX2
# include "fastjson_structural_loop.h"
#endif

#ifdef FASTJSON_HAVE_AVX512
# define FASTJSON_STRUCTURAL_SUFFIX avx512
# define FASTJSON_STRUCTURAL_GATHER fastjson_batch_add_avx512
# define FASTJSON_STRUCTURAL_CLASSIFY fastjson_classify_avx512
# define FASTJSON_STRUCTURAL_UTF8 fastjson_stage1_utf8_two_byte_avx512
# define FASTJSON_STRUCTURAL_ESCAPES(s, escaped, bytes, at, classes) fastjson_stage1_escapes_avx512(s, escaped, bytes, at)
# define FASTJSON_STRUCTURAL_PREFIX_XOR fastjson_prefix_xor_clmul
# define FASTJSON_STRUCTURAL_PAD fastjson_pad_avx512
# define FASTJSON_STRUCTURAL_TARGET FASTJSON_TARGET_AVX512
# include "fastjson_structural_loop.h"
#endif

#ifdef FASTJSON_HAVE_NEON
# define FASTJSON_STRUCTURAL_SUFFIX neon
# define FASTJSON_STRUCTURAL_CLASSIFY fastjson_classify_neon
# define FASTJSON_STRUCTURAL_UTF8 fastjson_stage1_utf8_neon
# define FASTJSON_STRUCTURAL_ESCAPES(s, escaped, bytes, at, classes) fastjson_stage1_escapes_neon(s, escaped, bytes, at)
# define FASTJSON_STRUCTURAL_PREFIX_XOR fastjson_prefix_xor
# define FASTJSON_STRUCTURAL_PAD fastjson_pad
# define FASTJSON_STRUCTURAL_TARGET
# include "fastjson_structural_loop.h"
#endif

/* The path's validate, or its look-up when track is given (a constant NULL for validate). */
#define FASTJSON_STRUCTURAL_ON_PATH(suffix) (track ? fastjson_structural_find_##suffix(json, depth, track) \
	: fastjson_structural_validate_##suffix(json, depth))

static zend_always_inline bool fastjson_structural_on_path(const zend_string *json, int depth, fastjson_simd_path simd,
		fastjson_pointer_track *track)
{
	switch (simd) {
#ifdef FASTJSON_HAVE_AVX512
		case FASTJSON_SIMD_AVX512:
			return FASTJSON_STRUCTURAL_ON_PATH(avx512);
#endif
#ifdef FASTJSON_HAVE_AVX2
		case FASTJSON_SIMD_AVX2:
			return FASTJSON_STRUCTURAL_ON_PATH(avx2);
#endif
#ifdef FASTJSON_HAVE_SSE2
		case FASTJSON_SIMD_SSE2:
			return FASTJSON_STRUCTURAL_ON_PATH(sse2);
#endif
#ifdef FASTJSON_HAVE_NEON
		case FASTJSON_SIMD_NEON:
			return FASTJSON_STRUCTURAL_ON_PATH(neon);
#endif
		default:
			return FASTJSON_STRUCTURAL_ON_PATH(scalar);
	}
}

#undef FASTJSON_STRUCTURAL_ON_PATH

FASTJSON_CALL_PATH bool fastjson_structural_validate(const zend_string *json, int depth, fastjson_simd_path simd)
{
	return fastjson_structural_on_path(json, depth, simd, NULL);
}

bool fastjson_structural_find(const zend_string *json, int depth, fastjson_simd_path simd, fastjson_pointer_track *track)
{
	return track->done = fastjson_structural_on_path(json, depth, simd, track);
}
