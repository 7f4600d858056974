/* String escaping, byte-identical to ext/json's php_json_escape_string().
 *
 * Clean bytes (copied verbatim under the flags in force) are found 16 or 32 at a time
 * and copied as one run. Before any vector attempt the front byte is checked in the
 * scalar table, so escape-dense and non-ASCII text never pays for a vector scan that
 * cannot skip anything (the fix that PR #23675 needed for non-Latin text). */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/standard/html.h"
#include "fastjson_encoder.h"
#include "fastjson_escape.h"
#include "fastjson_tables.h"
#include "../utf8/fastjson_utf8.h"

fastjson_escape_set fastjson_escape_sets[32];

static void fastjson_escape_set_dirty(fastjson_escape_set *set, unsigned char c, const char *escape)
{
	size_t len = strlen(escape);

	ZEND_ASSERT(c < 0x80 && len <= 6);
	set->clean[c] = 0;
	memset(set->escape[c], 0, sizeof(set->escape[c]));
	memcpy(set->escape[c], escape, len);
	set->escape_len[c] = (uint8_t) len;
}

static void fastjson_escape_set_build(fastjson_escape_set *set, int options)
{
	static const char short_escapes[][3] = {"\\b", "\\t", "\\n", "", "\\f", "\\r"};
	unsigned c;
	int n_hex = 0;

	memset(set->clean, 1, 0x80);
	memset(set->clean + 0x80, 0, 0x80);
	memset(set->escape, 0, sizeof(set->escape));
	for (c = 0; c < 0x80; c++) {
		set->escape[c][0] = (char) c;
		set->escape_len[c] = 1;
	}
	for (c = 0; c < 0x20; c++) {
		char u[7] = {'\\', 'u', '0', '0', fastjson_hex_pairs[c * 2], fastjson_hex_pairs[c * 2 + 1], 0};
		bool has_short = c >= '\b' && c <= '\r' && c != '\v';

		fastjson_escape_set_dirty(set, (unsigned char) c, has_short ? short_escapes[c - '\b'] : u);
	}
	fastjson_escape_set_dirty(set, '"', (options & PHP_JSON_HEX_QUOT) ? "\\u0022" : "\\\"");
	fastjson_escape_set_dirty(set, '\\', "\\\\");
	char extra_dirty[5] = {'"', '"', '"', '"', '"'};

	if (!(options & PHP_JSON_UNESCAPED_SLASHES)) {
		fastjson_escape_set_dirty(set, '/', "\\/");
		extra_dirty[0] = '/';
	}
	/* Upper-case hex here, unlike every other \u escape ext/json writes. */
	if (options & PHP_JSON_HEX_TAG) {
		fastjson_escape_set_dirty(set, '<', "\\u003C");
		fastjson_escape_set_dirty(set, '>', "\\u003E");
		extra_dirty[++n_hex] = '<';
		extra_dirty[++n_hex] = '>';
	}
	if (options & PHP_JSON_HEX_AMP) {
		fastjson_escape_set_dirty(set, '&', "\\u0026");
		extra_dirty[++n_hex] = '&';
	}
	if (options & PHP_JSON_HEX_APOS) {
		fastjson_escape_set_dirty(set, '\'', "\\u0027");
		extra_dirty[++n_hex] = '\'';
	}
	for (c = 0; c < 5; c++) {
		memset(set->extra_dirty_vec[c], extra_dirty[c], sizeof(set->extra_dirty_vec[c]));
	}
	memset(set->kernel_vec[FASTJSON_VEC_SPACE], ' ', 16);
	memset(set->kernel_vec[FASTJSON_VEC_QUOTE], '"', 16);
	memset(set->kernel_vec[FASTJSON_VEC_BACKSLASH], '\\', 16);
	memset(set->kernel_vec[FASTJSON_VEC_HIGH_NIBBLE], 0xf0, 16);
	memcpy(set->kernel_vec[FASTJSON_VEC_LETTERS], "\0\0\0\0\0\0\0\0btn\0fr\0\0", 16);
	memset(set->kernel_vec[FASTJSON_VEC_TWO_BYTE_QUOTE], set->escape_len['"'] == 2 ? '"' : '\\', 16);
	memset(set->kernel_vec[FASTJSON_VEC_TWO_BYTE_SLASH], set->escape_len['/'] == 2 ? '/' : '\\', 16);
	set->has_hex_dirty = n_hex > 0;
}

#ifdef FASTJSON_HAVE_AVX2
/* For each mask of the 8 bytes of a half block that take a two-byte escape: the
 * pshufb control that spreads the half into its output, byte i of the input at lane
 * i, lane 8 holding the backslash, each escaped byte after one. Built at startup. */
static ZEND_SET_ALIGNED(16, uint8_t fastjson_expand_backslash8[256][16]);

static void fastjson_expand_backslash8_build(void)
{
	unsigned mask, i;

	for (mask = 0; mask < 256; mask++) {
		unsigned at = 0;

		memset(fastjson_expand_backslash8[mask], 8, 16);
		for (i = 0; i < 8; i++) {
			if (mask & (1u << i)) {
				fastjson_expand_backslash8[mask][at++] = 8;
			}
			fastjson_expand_backslash8[mask][at++] = (uint8_t) i;
		}
	}
}

#endif

void fastjson_escape_startup(void)
{
	int options;

	for (options = 0; options < 32; options++) {
		int flags = (options & 15) | ((options & 16) ? PHP_JSON_UNESCAPED_SLASHES : 0);
		fastjson_escape_set_build(&fastjson_escape_sets[options], flags);
	}
#ifdef FASTJSON_HAVE_AVX2
	fastjson_expand_backslash8_build();
#endif
}

/* ---- clean-run kernels ---------------------------------------------------------
 * fastjson_scan_*() return the first byte in [p, end) that is not clean, or end.
 * fastjson_copy_clean_*() also copy those clean bytes to out (the caller advances out
 * by as many bytes as the input): vector kernels store each vector as they test it, so
 * scanning and copying are one pass, and may write up to 31 bytes past the copied ones
 * (FASTJSON_ESCAPE_SLACK covers them).
 * begin is the start of the string: a tail shorter than a vector is loaded as the last
 * vector of the string (overlapping bytes already scanned), never past its end. */

static zend_always_inline const unsigned char *fastjson_scan_scalar(const unsigned char *p,
		const unsigned char *end, const fastjson_escape_set *set)
{
	while (p < end && set->clean[*p]) {
		p++;
	}
	return p;
}

static zend_always_inline const unsigned char *fastjson_copy_clean_scalar(const unsigned char *p,
		const unsigned char *end, const unsigned char *begin, const fastjson_escape_set *set, char *out)
{
	const unsigned char *stop = fastjson_scan_scalar(p, end, set);

	(void) begin;
	fastjson_copy_run(out, p, (size_t)(stop - p));
	return stop;
}

#ifdef FASTJSON_HAVE_SSE2
static zend_always_inline unsigned fastjson_dirty16_sse2(const unsigned char *p, const fastjson_escape_set *set)
{
	return fastjson_dirty_mask_sse2(_mm_loadu_si128((const __m128i *) p), set);
}

static zend_always_inline const unsigned char *fastjson_scan_tail_sse2(const unsigned char *p,
		const unsigned char *end, const unsigned char *begin, const fastjson_escape_set *set)
{
	size_t left = (size_t)(end - p);
	unsigned mask;

	if (left == 0 || end - begin < 16) {
		return fastjson_scan_scalar(p, end, set);
	}
	mask = fastjson_dirty16_sse2(end - 16, set) >> (16 - left);
	return mask ? p + fastjson_ctz32(mask) : end;
}

/* Copies the 16 bytes at p to out and returns the mask of the dirty ones. */
static zend_always_inline unsigned fastjson_copy16_sse2(const unsigned char *p, const fastjson_escape_set *set,
		char *out)
{
	__m128i v = _mm_loadu_si128((const __m128i *) p);

	_mm_storeu_si128((__m128i *) out, v);
	return fastjson_dirty_mask_sse2(v, set);
}

static zend_always_inline const unsigned char *fastjson_copy_clean_sse2(const unsigned char *p,
		const unsigned char *end, const unsigned char *begin, const fastjson_escape_set *set, char *out)
{
	const unsigned char *stop;

	while (end - p >= 16) {
		unsigned mask = fastjson_copy16_sse2(p, set, out);

		if (mask) {
			return p + fastjson_ctz32(mask);
		}
		p += 16;
		out += 16;
	}
	stop = fastjson_scan_tail_sse2(p, end, begin, set);
	fastjson_copy_run(out, p, (size_t)(stop - p));
	return stop;
}

#endif

#ifdef FASTJSON_HAVE_AVX2
static zend_always_inline FASTJSON_TARGET_AVX2 uint32_t fastjson_dirty_mask_avx2(
		__m256i v, const fastjson_escape_set *set)
{
	__m256i dirty = _mm256_or_si256(
		_mm256_or_si256(_mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'))),
		_mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')),
			_mm256_cmpeq_epi8(v, _mm256_load_si256((const __m256i *) set->extra_dirty_vec[0]))));
	if (set->has_hex_dirty) {
		dirty = _mm256_or_si256(dirty, _mm256_or_si256(
			_mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_load_si256((const __m256i *) set->extra_dirty_vec[1])),
				_mm256_cmpeq_epi8(v, _mm256_load_si256((const __m256i *) set->extra_dirty_vec[2]))),
			_mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_load_si256((const __m256i *) set->extra_dirty_vec[3])),
				_mm256_cmpeq_epi8(v, _mm256_load_si256((const __m256i *) set->extra_dirty_vec[4])))));
	}
	return (uint32_t) _mm256_movemask_epi8(dirty);
}

/* Out of line so the string writer itself never touches YMM registers: short strings,
 * the common case, stay in SSE2 and pay no AVX2 setup. Stops at the first dirty byte or
 * when fewer than 32 bytes are left. */
FASTJSON_LINE_ALIGNED
static zend_never_inline FASTJSON_TARGET_AVX2 const unsigned char *fastjson_copy_clean_long_avx2(
		const unsigned char *p, const unsigned char *end, const fastjson_escape_set *set, char *out)
{
	do {
		__m256i v = _mm256_loadu_si256((const __m256i *) p);
		uint32_t mask;

		_mm256_storeu_si256((__m256i *) out, v);
		mask = fastjson_dirty_mask_avx2(v, set);
		if (mask) {
			return p + fastjson_ctz32(mask);
		}
		p += 32;
		out += 32;
	} while (end - p >= 32);
	return p;
}

/* Long runs go to the AVX2 kernel, everything else is SSE2. */
#define FASTJSON_AVX2_MIN_RUN 64

static zend_always_inline const unsigned char *fastjson_copy_clean_avx2(const unsigned char *p,
		const unsigned char *end, const unsigned char *begin, const fastjson_escape_set *set, char *out)
{
	if (end - p >= FASTJSON_AVX2_MIN_RUN) {
		/* Runs between escapes are short: most end in the first 16 bytes, found without
		 * the call. */
		unsigned mask = fastjson_copy16_sse2(p, set, out);
		const unsigned char *stop;

		if (mask) {
			return p + fastjson_ctz32(mask);
		}
		stop = fastjson_copy_clean_long_avx2(p + 16, end, set, out + 16);
		if (end - stop >= 32) {
			return stop;
		}
		out += stop - p;
		p = stop;
	}
	return fastjson_copy_clean_sse2(p, end, begin, set, out);
}
#endif

#ifdef FASTJSON_HAVE_NEON
static zend_always_inline const unsigned char *fastjson_copy_clean_neon(const unsigned char *p,
		const unsigned char *end, const unsigned char *begin, const fastjson_escape_set *set, char *out)
{
	const uint8x16_t extra0 = vld1q_u8(set->extra_dirty_vec[0]);
	const uint8x16_t hex0 = vld1q_u8(set->extra_dirty_vec[1]);
	const uint8x16_t hex1 = vld1q_u8(set->extra_dirty_vec[2]);
	const uint8x16_t hex2 = vld1q_u8(set->extra_dirty_vec[3]);
	const uint8x16_t hex3 = vld1q_u8(set->extra_dirty_vec[4]);

	while (end - p >= 16) {
		uint8x16_t v = vld1q_u8(p);
		uint8x16_t dirty = vorrq_u8(vorrq_u8(vcltq_u8(v, vdupq_n_u8(0x20)), vcgtq_u8(v, vdupq_n_u8(0x7f))),
			vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8('"')), vceqq_u8(v, vdupq_n_u8('\\'))), vceqq_u8(v, extra0)));
		dirty = vorrq_u8(dirty, vorrq_u8(vorrq_u8(vceqq_u8(v, hex0), vceqq_u8(v, hex1)),
			vorrq_u8(vceqq_u8(v, hex2), vceqq_u8(v, hex3))));
		vst1q_u8((uint8_t *) out, v);
		/* UMAXV answers "anything dirty?" in one instruction; only then find where. */
		if (vmaxvq_u8(dirty)) {
			return fastjson_scan_scalar(p, p + 16, set);
		}
		p += 16;
		out += 16;
	}
	return fastjson_copy_clean_scalar(p, end, begin, set, out);
}
#endif

/* ---- the string writer -------------------------------------------------------- */

/* Input bytes per output reservation. An input byte writes at most 6 output bytes
 * (\u00XX, or \ufffd for an invalid byte); the slack covers both quotes, a sequence
 * that starts before the end of a chunk and runs 3 bytes past it, a 32-byte block of raw
 * UTF-8 that does, the 8-byte stores of short escapes and the whole-vector stores of the
 * clean-run kernels. The 48- and 96-byte stores of the \u block kernels need none: they
 * only run with at least 8 (48) bytes of the chunk's input left, which reserved 48 (288). */
#define FASTJSON_ESCAPE_CHUNK 4096
#define FASTJSON_ESCAPE_MAX_GROWTH 6
#define FASTJSON_ESCAPE_SLACK 64

/* Output bytes to reserve for the next chunk of the remaining input. */
static zend_always_inline size_t fastjson_escape_budget(size_t remaining)
{
	return MIN(remaining, FASTJSON_ESCAPE_CHUNK) * FASTJSON_ESCAPE_MAX_GROWTH + FASTJSON_ESCAPE_SLACK;
}

/* Where a multibyte character or a run (of UTF-8, or of escape-dense ASCII) ended, in the
 * input and in the output. */
typedef struct {
	const unsigned char *s;
	char *out;
} fastjson_utf8_run_end;

static zend_always_inline char *fastjson_write_u_escape(char *out, uint32_t unit)
{
	out[0] = '\\';
	out[1] = 'u';
	memcpy(out + 2, fastjson_hex_pairs + (unit >> 8) * 2, 2);
	memcpy(out + 4, fastjson_hex_pairs + (unit & 0xff) * 2, 2);
	return out + 6;
}

static zend_always_inline char *fastjson_write_code_point(char *out, const unsigned char *seq,
		size_t seq_len, uint32_t cp, int options, bool raw)
{
	if (raw && ((cp != 0x2028 && cp != 0x2029) || (options & PHP_JSON_UNESCAPED_LINE_TERMINATORS))) {
		out[0] = (char) seq[0];
		out[1] = (char) seq[1];
		if (seq_len > 2) {
			out[2] = (char) seq[2];
			if (seq_len > 3) {
				out[3] = (char) seq[3];
			}
		}
		return out + seq_len;
	}
	if (cp >= 0x10000) {
		cp -= 0x10000;
		out = fastjson_write_u_escape(out, 0xd800 | (cp >> 10));
		cp = 0xdc00 | (cp & 0x3ff);
	}
	return fastjson_write_u_escape(out, cp);
}

/* How many bytes the invalid sequence at s spans: ext/json's own decoder decides, and
 * so decides how many U+FFFD are written. */
static ZEND_COLD size_t fastjson_invalid_utf8_length(const unsigned char *s, const unsigned char *end)
{
	size_t advance = 0;
	zend_result status;

	php_next_utf8_char(s, (size_t)(end - s), &advance, &status);
	ZEND_ASSERT(status == FAILURE);
	return advance;
}

/* What replaces one invalid sequence under the flags; NULL when it is an error. */
static ZEND_COLD char *fastjson_write_invalid_utf8(char *out, int options)
{
	if (options & PHP_JSON_INVALID_UTF8_IGNORE) {
		return out;
	}
	if (options & PHP_JSON_INVALID_UTF8_SUBSTITUTE) {
		if (options & PHP_JSON_UNESCAPED_UNICODE) {
			memcpy(out, "\xef\xbf\xbd", 3);
			return out + 3;
		}
		memcpy(out, "\\ufffd", 6);
		return out + 6;
	}
	return NULL;
}

static ZEND_COLD zend_result fastjson_escape_utf8_error(fastjson_encoder *encoder, size_t checkpoint)
{
	encoder->buf.pos = encoder->buf.base + checkpoint;
	encoder->error_code = PHP_JSON_ERROR_UTF8;
	if (encoder->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
		fastjson_buf_appendl(&encoder->buf, "null", 4);
	}
	return FAILURE;
}

#ifdef FASTJSON_HAVE_SSE2
/* The utf8/ kernel with the flags' escape set deciding which ASCII bytes stop. */
static zend_always_inline unsigned fastjson_utf8_prefix16_sse2(__m128i v, const fastjson_escape_set *set,
		bool escape_lt, unsigned skip)
{
	return fastjson_utf8_valid_prefix16_sse2(v, fastjson_dirty_mask_sse2(v, set), escape_lt, skip);
}

/* Escape-dense ASCII at s (a dirty byte), 16 bytes at a time while each block has a dirty
 * byte and starts 16 bytes before chunk_end and the end: every dirty byte of a block
 * comes from one mask and is escaped in place, the clean bytes before it copied by a
 * whole-vector store from where they start. Those copies read the input when 32 bytes
 * are left, else a copy of the block on the stack: never past the string. Stops at the
 * first non-ASCII byte, after a block without a dirty byte (clean text: the clean-run
 * kernel's) or at the edges. */
static zend_always_inline fastjson_utf8_run_end fastjson_escape_ascii_sse2(const unsigned char *s,
		const unsigned char *end, const unsigned char *chunk_end, const fastjson_escape_set *set, char *out)
{
	ZEND_SET_ALIGNED(16, unsigned char copy[32]);
	fastjson_utf8_run_end r;
	unsigned ascii, from;

	do {
		__m128i v = _mm_loadu_si128((const __m128i *) s);
		const unsigned char *src = s;
		unsigned dirty;

		if (end - s < 32) {
			_mm_store_si128((__m128i *) copy, v);
			_mm_store_si128((__m128i *) (copy + 16), _mm_setzero_si128());
			src = copy;
		}
		ascii = fastjson_ctz32((unsigned) _mm_movemask_epi8(v) | 0x10000);
		dirty = fastjson_dirty_mask_sse2(v, set) & ((1u << ascii) - 1);
		from = 0;
		while (dirty) {
			unsigned at = fastjson_ctz32(dirty);
			unsigned c = s[at];

			_mm_storeu_si128((__m128i *) out, _mm_loadu_si128((const __m128i *) (src + from)));
			out += at - from;
			memcpy(out, set->escape[c], 8);
			out += set->escape_len[c];
			from = at + 1;
			dirty &= dirty - 1;
		}
		_mm_storeu_si128((__m128i *) out, _mm_loadu_si128((const __m128i *) (src + from)));
		out += ascii - from;
		s += ascii;
	} while (from != 0 && ascii == 16 && chunk_end - s >= 16 && end - s >= 16);
	r.s = s;
	r.out = out;
	return r;
}

/* Copies the run at s (a 2- or 3-byte lead) of clean ASCII and well-formed 2- and 3-byte
 * sequences, raw (JSON_UNESCAPED_UNICODE): the bytes are the output, each 16-byte block
 * stored whole while it starts before chunk_end; s itself is where it ends when the first
 * sequence does not qualify. Fewer than 16 bytes before the end of the string are checked
 * as the 16 bytes that end there, as in fastjson_scan_short_zstr(), the bytes before s
 * shifted out of the mask: a lead cannot be completed by them. */
static zend_always_inline fastjson_utf8_run_end fastjson_utf8_copy_run_sse2(const unsigned char *s,
		const unsigned char *end, const unsigned char *chunk_end, const fastjson_escape_set *set, char *out,
		bool escape_lt)
{
	fastjson_utf8_run_end r;
	unsigned n;
	size_t left;

	while ((left = (size_t)(end - s)) >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *) s);

		n = fastjson_utf8_prefix16_sse2(v, set, escape_lt, 0);
		_mm_storeu_si128((__m128i *) out, v);
		out += n;
		s += n;
		/* Only the end of the block can have cut a run of 14 bytes or more. */
		if (n < 14 || s >= chunk_end) {
			goto done;
		}
	}
	if (left) {
		n = fastjson_utf8_prefix16_sse2(_mm_loadu_si128((const __m128i *) (end - 16)), set, escape_lt,
			16 - (unsigned) left);
		out = fastjson_copy_run(out, s, n);
		s += n;
	}
done:
	r.s = s;
	r.out = out;
	return r;
}

#endif

#ifdef FASTJSON_HAVE_AVX2
/* Constants of repeated 16- and 32-bit lanes for the \u block kernels. Made by a
 * broadcast, GCC 12 loads them from memory, where from _mm_set1_*() it builds each one
 * with three instructions through a general register, again in every iteration of the
 * run's loop. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m128i fastjson_splat16_avx2(uint16_t lane)
{
	return _mm_broadcastw_epi16(_mm_cvtsi32_si128(lane));
}

static zend_always_inline FASTJSON_TARGET_AVX2 __m128i fastjson_splat32_avx2(uint32_t lane)
{
	return _mm_broadcastd_epi32(_mm_cvtsi32_si128((int) lane));
}

/* Writes the 8 UTF-16 units of u as 8 \u escapes, 48 bytes. Each unit's nibbles are
 * turned into hex digits by one table lookup, then shuffled into place between the
 * "\u" of each escape, 16 output bytes per shuffle. */
static zend_always_inline FASTJSON_TARGET_AVX2 void fastjson_write_u_escapes8_avx2(char *out, __m128i u)
{
	const __m128i digits = _mm_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7',
		'8', '9', 'a', 'b', 'c', 'd', 'e', 'f');
	const __m128i nibbles = fastjson_splat16_avx2(0x0f0f);
	/* Bytes n0 n2 and n1 n3 of each unit (n3 its top nibble), interleaved: units 0-3
	 * in lo, 4-7 in hi, each as n0 n1 n2 n3. */
	const __m128i even = _mm_and_si128(u, nibbles);
	const __m128i odd = _mm_and_si128(_mm_srli_epi16(u, 4), nibbles);
	const __m128i lo = _mm_shuffle_epi8(digits, _mm_unpacklo_epi8(even, odd));
	const __m128i hi = _mm_shuffle_epi8(digits, _mm_unpackhi_epi8(even, odd));
	/* Escape k takes output bytes 6k..6k+5: "\u" (a zeroed lane, then or-ed in) and its
	 * digits n3 n2 n1 n0, bytes 4k+3 .. 4k of lo (k < 4) or hi. */
	const __m128i out0 = _mm_or_si128(_mm_shuffle_epi8(lo,
			_mm_setr_epi8(-1, -1, 3, 2, 1, 0, -1, -1, 7, 6, 5, 4, -1, -1, 11, 10)),
		_mm_setr_epi8('\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0));
	const __m128i out1 = _mm_or_si128(_mm_or_si128(
			_mm_shuffle_epi8(lo, _mm_setr_epi8(9, 8, -1, -1, 15, 14, 13, 12, -1, -1, -1, -1, -1, -1, -1, -1)),
			_mm_shuffle_epi8(hi, _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 2, 1, 0, -1, -1))),
		_mm_setr_epi8(0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u'));
	const __m128i out2 = _mm_or_si128(_mm_shuffle_epi8(hi,
			_mm_setr_epi8(7, 6, 5, 4, -1, -1, 11, 10, 9, 8, -1, -1, 15, 14, 13, 12)),
		_mm_setr_epi8(0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0));

	_mm_storeu_si128((__m128i *) out, out0);
	_mm_storeu_si128((__m128i *) (out + 16), out1);
	_mm_storeu_si128((__m128i *) (out + 32), out2);
}

/* How many of the 8 lanes of good, from the first, are all ones. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_leading_lanes16_avx2(__m128i good)
{
	return fastjson_ctz32(~(uint32_t) _mm_movemask_epi8(good) | 0x10000) / 2;
}

static const signed char fastjson_shift_down16[32] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

/* The lanes of v from lane n on (0-16) moved to the first ones, zeros after them. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m128i fastjson_shift_down16_avx2(__m128i v, size_t n)
{
	return _mm_shuffle_epi8(v, _mm_loadu_si128((const __m128i *) (fastjson_shift_down16 + n)));
}

/* The 1-15 bytes from s to end (the end of the string) in the first lanes, the others
 * zero: loaded as the 16 bytes that end at end, which for a string shorter than 16 bytes
 * include the end of its zend_string header, as in fastjson_scan_short_zstr(). */
static zend_always_inline FASTJSON_TARGET_AVX2 __m128i fastjson_load_tail16_avx2(const unsigned char *s,
		const unsigned char *end)
{
	return fastjson_shift_down16_avx2(_mm_loadu_si128((const __m128i *) (end - 16)), 16 - (size_t)(end - s));
}

/* The well-formed 2-byte sequences at s, up to 8 when whole (s has 16 bytes to read),
 * else up to 4 (8 bytes) or, fewer than 16 bytes before end, all that are there, written
 * as \u escapes; returns how many. Writes 48 bytes whatever the count: the slack of a
 * chunk covers them. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_utf8_escape2_avx2(const unsigned char *s,
		const unsigned char *end, char *out, bool whole)
{
	/* Each 16-bit lane as lead << 8 | trail; the lanes past what was read are zero, which
	 * no sequence is. */
	const __m128i pair = _mm_shuffle_epi8(
		whole ? _mm_loadu_si128((const __m128i *) s)
			: end - s >= 16 ? _mm_loadl_epi64((const __m128i *) s) : fastjson_load_tail16_avx2(s, end),
		_mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
	const __m128i u = _mm_or_si128(_mm_and_si128(_mm_srli_epi16(pair, 2), fastjson_splat16_avx2(0x07c0)),
		_mm_and_si128(pair, fastjson_splat16_avx2(0x3f)));
	/* 110xxxxx 10xxxxxx, and no overlong form (C0, C1: a unit below 0x80). */
	const __m128i good = _mm_andnot_si128(_mm_cmpeq_epi16(_mm_and_si128(u, fastjson_splat16_avx2(0x0780)), _mm_setzero_si128()),
		_mm_cmpeq_epi16(_mm_and_si128(pair, fastjson_splat16_avx2(0xe0c0)), fastjson_splat16_avx2(0xc080)));

	fastjson_write_u_escapes8_avx2(out, u);
	return fastjson_leading_lanes16_avx2(good);
}

/* The unit of each 32-bit lane that holds lead << 16 | trail << 8 | trail; all ones in
 * *good where the lane is a 3-byte sequence's bytes (E0-EF, two 10xxxxxx). */
static zend_always_inline FASTJSON_TARGET_AVX2 __m128i fastjson_utf8_units3_avx2(__m128i seq, __m128i *good)
{
	*good = _mm_cmpeq_epi32(_mm_and_si128(seq, fastjson_splat32_avx2(0xf0c0c0)), fastjson_splat32_avx2(0xe08080));
	return _mm_or_si128(_mm_or_si128(_mm_and_si128(_mm_srli_epi32(seq, 4), fastjson_splat32_avx2(0xf000)),
		_mm_and_si128(_mm_srli_epi32(seq, 2), fastjson_splat32_avx2(0x0fc0))), _mm_and_si128(seq, fastjson_splat32_avx2(0x3f)));
}

/* The well-formed 3-byte sequences at s, up to 8 when whole (s has 24 bytes to read),
 * else up to 5 (16 bytes, or all that are there fewer than 16 bytes before end), written
 * as \u escapes; returns how many. Writes 48 bytes whatever the count. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_utf8_escape3_avx2(const unsigned char *s,
		const unsigned char *end, char *out, bool whole)
{
	const __m128i head = whole || end - s >= 16 ? _mm_loadu_si128((const __m128i *) s)
		: fastjson_load_tail16_avx2(s, end);
	/* Sequences 0-3 are bytes 0-11, sequences 4-7 bytes 12-23, read from s + 8 when whole;
	 * else only sequence 4 is there, the lanes after it zero, which no sequence is. */
	const __m128i seq0 = _mm_shuffle_epi8(head, _mm_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1));
	const __m128i seq1 = whole
		? _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) (s + 8)),
			_mm_setr_epi8(6, 5, 4, -1, 9, 8, 7, -1, 12, 11, 10, -1, 15, 14, 13, -1))
		: _mm_shuffle_epi8(head, _mm_setr_epi8(14, 13, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
	__m128i good0, good1;
	const __m128i u0 = fastjson_utf8_units3_avx2(seq0, &good0);
	const __m128i u1 = fastjson_utf8_units3_avx2(seq1, &good1);
	const __m128i u = _mm_packus_epi32(u0, u1);
	/* Bits 11-15 of the unit: 00000 is an overlong form, 11011 a surrogate. */
	const __m128i top = _mm_and_si128(u, fastjson_splat16_avx2(0xf800));
	const __m128i good = _mm_andnot_si128(
		_mm_or_si128(_mm_cmpeq_epi16(top, _mm_setzero_si128()), _mm_cmpeq_epi16(top, fastjson_splat16_avx2(0xd800))),
		_mm_packs_epi32(good0, good1));

	fastjson_write_u_escapes8_avx2(out, u);
	return fastjson_leading_lanes16_avx2(good);
}

/* fastjson_utf8_units3_avx2() on both lanes. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m256i fastjson_utf8_units3x2_avx2(__m256i seq, __m256i *good)
{
	*good = _mm256_cmpeq_epi32(_mm256_and_si256(seq, _mm256_set1_epi32(0xf0c0c0)), _mm256_set1_epi32(0xe08080));
	return _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(seq, 4), _mm256_set1_epi32(0xf000)),
		_mm256_and_si256(_mm256_srli_epi32(seq, 2), _mm256_set1_epi32(0x0fc0))), _mm256_and_si256(seq, _mm256_set1_epi32(0x3f)));
}

/* The 4 sequences of each lane of two 16-byte loads, the first at byte 0 of the lower
 * lane, the second at byte 4 of the upper, each as lead << 16 | trail << 8 | trail. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m256i fastjson_utf8_seq3x2_avx2(const unsigned char *lower,
		const unsigned char *upper)
{
	return _mm256_shuffle_epi8(
		_mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) lower)),
			_mm_loadu_si128((const __m128i *) upper), 1),
		_mm256_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1,
			6, 5, 4, -1, 9, 8, 7, -1, 12, 11, 10, -1, 15, 14, 13, -1));
}

/* fastjson_utf8_escape3_avx2() for 16 sequences at once: the well-formed 3-byte
 * sequences among the 48 bytes at s (all readable), written as \u escapes; returns how
 * many. Writes 96 bytes whatever the count. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_utf8_escape3_wide_avx2(const unsigned char *s,
		char *out)
{
	__m256i good0, good1;
	/* Sequences 0-3 and 4-7 (bytes 0-11 and 12-23), then 8-11 and 12-15. */
	const __m256i u0 = fastjson_utf8_units3x2_avx2(fastjson_utf8_seq3x2_avx2(s, s + 8), &good0);
	const __m256i u1 = fastjson_utf8_units3x2_avx2(fastjson_utf8_seq3x2_avx2(s + 24, s + 32), &good1);
	/* Packed per lane as 0-3 8-11 | 4-7 12-15, put in order. */
	const __m256i u = _mm256_permute4x64_epi64(_mm256_packus_epi32(u0, u1), 0xd8);
	const __m256i top = _mm256_and_si256(u, _mm256_set1_epi16((short) 0xf800));
	const __m256i good = _mm256_andnot_si256(
		_mm256_or_si256(_mm256_cmpeq_epi16(top, _mm256_setzero_si256()),
			_mm256_cmpeq_epi16(top, _mm256_set1_epi16((short) 0xd800))),
		_mm256_permute4x64_epi64(_mm256_packs_epi32(good0, good1), 0xd8));
	const __m256i digits = _mm256_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f',
		'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f');
	const __m256i nibbles = _mm256_set1_epi16(0x0f0f);
	const __m256i even = _mm256_and_si256(u, nibbles);
	const __m256i odd = _mm256_and_si256(_mm256_srli_epi16(u, 4), nibbles);
	/* As in fastjson_write_u_escapes8_avx2(), each lane for its own 8 units: 48 bytes. */
	const __m256i lo = _mm256_shuffle_epi8(digits, _mm256_unpacklo_epi8(even, odd));
	const __m256i hi = _mm256_shuffle_epi8(digits, _mm256_unpackhi_epi8(even, odd));
	const __m256i out0 = _mm256_or_si256(_mm256_shuffle_epi8(lo,
			_mm256_setr_epi8(-1, -1, 3, 2, 1, 0, -1, -1, 7, 6, 5, 4, -1, -1, 11, 10,
				-1, -1, 3, 2, 1, 0, -1, -1, 7, 6, 5, 4, -1, -1, 11, 10)),
		_mm256_setr_epi8('\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0,
			'\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0));
	const __m256i out1 = _mm256_or_si256(_mm256_or_si256(
			_mm256_shuffle_epi8(lo, _mm256_setr_epi8(9, 8, -1, -1, 15, 14, 13, 12, -1, -1, -1, -1, -1, -1, -1, -1,
				9, 8, -1, -1, 15, 14, 13, 12, -1, -1, -1, -1, -1, -1, -1, -1)),
			_mm256_shuffle_epi8(hi, _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 2, 1, 0, -1, -1,
				-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 2, 1, 0, -1, -1))),
		_mm256_setr_epi8(0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u',
			0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u'));
	const __m256i out2 = _mm256_or_si256(_mm256_shuffle_epi8(hi,
			_mm256_setr_epi8(7, 6, 5, 4, -1, -1, 11, 10, 9, 8, -1, -1, 15, 14, 13, 12,
				7, 6, 5, 4, -1, -1, 11, 10, 9, 8, -1, -1, 15, 14, 13, 12)),
		_mm256_setr_epi8(0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0,
			0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0));

	_mm256_storeu_si256((__m256i *) out, _mm256_permute2x128_si256(out0, out1, 0x20));
	_mm256_storeu_si256((__m256i *) (out + 32), _mm256_permute2x128_si256(out2, out0, 0x30));
	_mm256_storeu_si256((__m256i *) (out + 64), _mm256_permute2x128_si256(out1, out2, 0x31));
	/* All 16 good: the bit above the mask's 32 stops the count. */
	return fastjson_ctz64((uint64_t) ~(uint32_t) _mm256_movemask_epi8(good) | (UINT64_C(1) << 32)) / 2;
}

/* The well-formed 4-byte sequences at s, up to 4 (16 bytes, or all that are there fewer
 * than 16 bytes before end), written as surrogate pairs of \u escapes; returns how many.
 * Writes 48 bytes whatever the count. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_utf8_escape4_avx2(const unsigned char *s,
		const unsigned char *end, char *out)
{
	const __m128i bytes = end - s >= 16 ? _mm_loadu_si128((const __m128i *) s) : fastjson_load_tail16_avx2(s, end);
	/* Each 32-bit lane as lead << 24 | trail << 16 | trail << 8 | trail. */
	const __m128i seq = _mm_shuffle_epi8(bytes, _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
	const __m128i cp = _mm_or_si128(
		_mm_or_si128(_mm_and_si128(_mm_srli_epi32(seq, 6), fastjson_splat32_avx2(0x1c0000)),
			_mm_and_si128(_mm_srli_epi32(seq, 4), fastjson_splat32_avx2(0x3f000))),
		_mm_or_si128(_mm_and_si128(_mm_srli_epi32(seq, 2), fastjson_splat32_avx2(0xfc0)),
			_mm_and_si128(seq, fastjson_splat32_avx2(0x3f))));
	/* F0-F7 and three 10xxxxxx, within U+10000..U+10FFFF (no overlong form, nothing
	 * above: F5-F7 and F4 90+ are). */
	const __m128i good = _mm_andnot_si128(
		_mm_or_si128(_mm_cmpgt_epi32(fastjson_splat32_avx2(0x10000), cp), _mm_cmpgt_epi32(cp, fastjson_splat32_avx2(0x10ffff))),
		_mm_cmpeq_epi32(_mm_and_si128(seq, fastjson_splat32_avx2(0xf8c0c0c0)), fastjson_splat32_avx2(0xf0808080)));
	/* High surrogate in the low 16 bits of the lane (written first), low one above. */
	const __m128i offset = _mm_sub_epi32(cp, fastjson_splat32_avx2(0x10000));
	const __m128i u = _mm_or_si128(_mm_or_si128(_mm_srli_epi32(offset, 10),
			_mm_and_si128(_mm_slli_epi32(offset, 16), fastjson_splat32_avx2(0x03ff0000))),
		fastjson_splat32_avx2(0xdc00d800));

	fastjson_write_u_escapes8_avx2(out, u);
	return fastjson_ctz32(~(uint32_t) _mm_movemask_epi8(good) | 0x10000) / 4;
}

/* fastjson_dirty_mask_sse2()'s compares, all ones at each dirty byte (every byte from
 * 0x80 is), with the constants of the set: GCC 12 makes each _mm_set1_*() with three
 * instructions at every call (a constant array too), and a call of the kernel often
 * escapes only a block or two. */
static zend_always_inline FASTJSON_TARGET_AVX2 __m128i fastjson_dirty_bytes_avx2(__m128i v,
		const fastjson_escape_set *set)
{
	__m128i dirty = _mm_or_si128(
		_mm_or_si128(_mm_cmplt_epi8(v, _mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_SPACE])),
			_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_QUOTE]))),
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_BACKSLASH])),
			_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[0]))));
	if (set->has_hex_dirty) {
		dirty = _mm_or_si128(dirty, _mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[1])),
				_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[2]))),
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[3])),
				_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[4])))));
	}
	return dirty;
}

/* fastjson_dirty_mask_sse2() with the constants of the set. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_dirty_mask_mem_avx2(__m128i v,
		const fastjson_escape_set *set)
{
	return (unsigned) _mm_movemask_epi8(fastjson_dirty_bytes_avx2(v, set));
}

/* The lanes of v (ASCII) whose escape takes two bytes (\" \\ \/ \b \f \n \r \t), and in
 * *escaped v with each of them replaced by the byte after its backslash. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_two_byte_escapes_avx2(__m128i v,
		const fastjson_escape_set *set, __m128i *escaped)
{
	const __m128i control = _mm_cmpeq_epi8(_mm_and_si128(v,
		_mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_HIGH_NIBBLE])), _mm_setzero_si128());
	const __m128i letter = _mm_and_si128(control,
		_mm_shuffle_epi8(_mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_LETTERS]), v));

	*escaped = _mm_or_si128(_mm_andnot_si128(control, v), letter);
	return (unsigned) _mm_movemask_epi8(_mm_or_si128(
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_BACKSLASH])),
			_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_TWO_BYTE_QUOTE]))),
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_TWO_BYTE_SLASH])),
			_mm_cmpgt_epi8(letter, _mm_setzero_si128()))));
}

/* The escape-dense ASCII kernel of the SSE2 path, plus: a block whose dirty bytes all
 * take a two-byte escape is written by two shuffles, with no per-byte work; and after a
 * dense block the last one of the string may be short (loaded as the bytes that end the
 * string, see fastjson_load_tail16_avx2()), so that the tail of a dense string does not
 * go back to the byte loop. Entered, as that kernel, with 16 bytes before chunk_end and
 * end; a later block starts fewer than 16 bytes before chunk_end only in the last chunk. */
static zend_always_inline FASTJSON_TARGET_AVX2 fastjson_utf8_run_end fastjson_escape_ascii_avx2(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out)
{
	const __m128i backslash = _mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_BACKSLASH]);
	fastjson_utf8_run_end r;
	unsigned ascii, dirty;

	do {
		const size_t left = (size_t)(end - s);
		const unsigned n = left < 16 ? (unsigned) left : 16;
		const __m128i v = n == 16 ? _mm_loadu_si128((const __m128i *) s) : fastjson_load_tail16_avx2(s, end);
		__m128i escaped;

		ascii = fastjson_ctz32(((unsigned) _mm_movemask_epi8(v) & 0xffff) | (1u << n));
		dirty = fastjson_dirty_mask_mem_avx2(v, set) & ((1u << ascii) - 1);
		if (dirty == 0) {
			/* Clean text (the clean-run kernel's) or the end of the ASCII. */
			_mm_storeu_si128((__m128i *) out, v);
			out += ascii;
			s += ascii;
			break;
		}
		/* A lone escape costs less written on its own. */
		if ((dirty & (dirty - 1)) != 0 && (dirty & ~fastjson_two_byte_escapes_avx2(v, set, &escaped)) == 0) {
			/* The backslashes come from lane 8. */
			const unsigned lo = dirty & 0xff;

			_mm_storeu_si128((__m128i *) out, _mm_shuffle_epi8(_mm_unpacklo_epi64(escaped, backslash),
				_mm_load_si128((const __m128i *) fastjson_expand_backslash8[lo])));
			_mm_storeu_si128((__m128i *) (out + 8 + _mm_popcnt_u32(lo)),
				_mm_shuffle_epi8(_mm_unpackhi_epi64(escaped, backslash),
					_mm_load_si128((const __m128i *) fastjson_expand_backslash8[dirty >> 8])));
			out += ascii + _mm_popcnt_u32(dirty);
		} else {
			/* The clean bytes before each escape come from v itself: never a read past the
			 * string, nor a load from a copy of v that its store cannot forward. */
			unsigned rest = dirty, from = 0;

			while (rest) {
				unsigned at = fastjson_ctz32(rest);
				unsigned c = s[at];

				_mm_storeu_si128((__m128i *) out, fastjson_shift_down16_avx2(v, from));
				out += at - from;
				memcpy(out, set->escape[c], 8);
				out += set->escape_len[c];
				from = at + 1;
				rest &= rest - 1;
			}
			_mm_storeu_si128((__m128i *) out, fastjson_shift_down16_avx2(v, from));
			out += ascii - from;
		}
		s += ascii;
	} while (ascii == 16 && s < end && (chunk_end - s >= 16 || chunk_end == end));
	r.s = s;
	r.out = out;
	return r;
}
#endif

#ifdef FASTJSON_HAVE_AVX2
/* ASCII whose escapes are few and far between (text with line breaks, quoted words), 32
 * bytes at a time: a block is stored as it is, and each dirty byte in it written from
 * the escape set, the rest of the block stored again after it, without going back to
 * the byte loop and the clean-run kernel for each. Runs while 64 bytes are left before
 * chunk_end (the store after an escape reads up to 32 bytes past the block); stops at a
 * byte from 0x80 and at a block of escape-dense text (the dense kernel's: a block stored
 * per escape costs it more), at its first dirty byte. Writes up to 32 bytes past what
 * it returns as written. Dense: more than FASTJSON_ESCAPE_SPARSE_MAX dirty bytes. */
#define FASTJSON_ESCAPE_SPARSE_MAX 3

static zend_never_inline FASTJSON_TARGET_AVX2 fastjson_utf8_run_end fastjson_escape_sparse_avx2(
		const unsigned char *s, const unsigned char *chunk_end, const fastjson_escape_set *set, char *out)
{
	fastjson_utf8_run_end r;

	while (chunk_end - s >= 64) {
		const unsigned char *block = s;
		const __m256i v = _mm256_loadu_si256((const __m256i *) s);
		uint32_t dirty = fastjson_dirty_mask_avx2(v, set);

		_mm256_storeu_si256((__m256i *) out, v);
		if (_mm_popcnt_u32(dirty) > FASTJSON_ESCAPE_SPARSE_MAX) {
			const unsigned at = fastjson_ctz32(dirty);

			s += at;
			out += at;
			break;
		}
		while (dirty) {
			const unsigned char *at = block + fastjson_ctz32(dirty);
			const unsigned c = *at;

			out += at - s;
			s = at;
			if (c >= 0x80) {
				goto done;
			}
			memcpy(out, set->escape[c], 8);
			out += set->escape_len[c];
			s++;
			_mm256_storeu_si256((__m256i *) out, _mm256_loadu_si256((const __m256i *) s));
			dirty &= dirty - 1;
		}
		out += block + 32 - s;
		s = block + 32;
	}
done:
	r.s = s;
	r.out = out;
	return r;
}
#endif

#ifdef FASTJSON_HAVE_AVX2
/* The n < 32 bytes at s, copied by 16-byte vectors; the 16 bytes before s + n must be
 * readable (the string's, or its zend_string header's). Writes up to 32 bytes. */
static zend_always_inline FASTJSON_TARGET_AVX2 char *fastjson_copy_short_avx2(char *out, const unsigned char *s,
		size_t n)
{
	if (n >= 16) {
		_mm_storeu_si128((__m128i *) out, _mm_loadu_si128((const __m128i *) s));
		_mm_storeu_si128((__m128i *) (out + n - 16), _mm_loadu_si128((const __m128i *) (s + n - 16)));
	} else {
		_mm_storeu_si128((__m128i *) out, fastjson_load_tail16_avx2(s, s + n));
	}
	return out + n;
}

/* 32 zero bytes, then 32 of all ones: from byte 32 - k on, a mask without the first k. */
static ZEND_SET_ALIGNED(32, const uint8_t fastjson_from_byte32[64]) = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

/* The bytes of v (well-formed UTF-8) a raw run stops at: dirty ASCII, and the leads of
 * U+2028 and U+2029 when escape_lt. */
static zend_always_inline FASTJSON_TARGET_AVX2 uint32_t fastjson_raw_stops32_avx2(__m256i v,
		const fastjson_escape_set *set, bool escape_lt)
{
	uint32_t stop = fastjson_dirty_mask_avx2(v, set) & ~(uint32_t) _mm256_movemask_epi8(v);

	if (escape_lt) {
		/* E2 80 A8 and E2 80 A9; E2 alone is rare in most scripts */
		const uint32_t e2 = (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8((char) 0xe2)));

		if (e2) {
			const uint32_t x80 = (uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8((char) 0x80)));
			const uint32_t a8 = (uint32_t) _mm256_movemask_epi8(
				_mm256_cmpeq_epi8(_mm256_or_si256(v, _mm256_set1_epi8(1)), _mm256_set1_epi8((char) 0xa9)));

			stop |= e2 & (x80 >> 1) & (a8 >> 2);
		}
	}
	return stop;
}

/* The raw run (JSON_UNESCAPED_UNICODE) of fastjson_utf8_copy_run_sse2(), 32 bytes at a
 * time and 4-byte sequences included: a block well-formed from its first byte (s stays at
 * a character) is stored whole, and the run moves to its first dirty ASCII byte or
 * U+2028/2029, else to the character its end cuts. A dirty ASCII byte is escaped in the
 * run, which goes on after it: a line end does not end a line of text's run. The last
 * bytes of the string are checked as the 32 that end there, those before s zeroed
 * (ASCII, after which a character may start), and must end with a whole character.
 * Entered with 32 bytes left. An ill-formed block and U+2028/2029 are left to the
 * 16-byte kernel, which finds exactly where the run ends. Runs while a block starts
 * before chunk_end: the slack covers the 31 bytes a block may go past it. The tail has a
 * loop of its own: one loop for both, choosing the load, cost long strings 5-10%. */
static zend_always_inline FASTJSON_TARGET_AVX2 fastjson_utf8_run_end fastjson_utf8_copy_run_avx2(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out, bool escape_lt)
{
	fastjson_utf8_run_end r;

	while (end - s >= 32) {
		const __m256i v = _mm256_loadu_si256((const __m256i *) s);
		uint32_t stop;

		if (!fastjson_utf8_valid32_avx2(v)) {
			goto exact;
		}
		stop = fastjson_raw_stops32_avx2(v, set, escape_lt);
		_mm256_storeu_si256((__m256i *) out, v);
		if (stop == 0) {
			const unsigned n = 32 - fastjson_utf8_cut32_avx2(v);

			s += n;
			out += n;
		} else {
			const unsigned at = fastjson_ctz32(stop);
			const unsigned c = s[at];

			s += at;
			out += at;
			if (c >= 0x80) {
				goto exact;
			}
			memcpy(out, set->escape[c], 8);
			out += set->escape_len[c];
			s++;
		}
		if (s >= chunk_end) {
			goto done;
		}
	}
	while (s < end) {
		const size_t left = (size_t) (end - s);
		const unsigned skip = 32 - (unsigned) left;
		const __m256i v = _mm256_and_si256(_mm256_loadu_si256((const __m256i *) (end - 32)),
			_mm256_loadu_si256((const __m256i *) (fastjson_from_byte32 + 32 - skip)));
		uint32_t stop;
		unsigned at, c;

		if (!fastjson_utf8_valid32_avx2(v) || fastjson_utf8_cut32_avx2(v) != 0) {
			goto exact;
		}
		/* The zeroed bytes are controls. */
		stop = fastjson_raw_stops32_avx2(v, set, escape_lt) >> skip;
		if (stop == 0) {
			out = fastjson_copy_short_avx2(out, s, left);
			s = end;
			break;
		}
		at = fastjson_ctz32(stop);
		c = s[at];
		out = fastjson_copy_short_avx2(out, s, at);
		s += at;
		if (c >= 0x80) {
			goto exact;
		}
		memcpy(out, set->escape[c], 8);
		out += set->escape_len[c];
		s++;
		if (s >= chunk_end) {
			break;
		}
	}
done:
	r.s = s;
	r.out = out;
	return r;
exact:
	return fastjson_utf8_copy_run_sse2(s, end, chunk_end, set, out, escape_lt);
}
#endif

#ifdef FASTJSON_HAVE_AVX2
/* The 4-byte sequence at s (s[0] >= 0xf0) as its surrogate pair of \u escapes when it is
 * well-formed: the next output position, else NULL. Decoded in one general register,
 * written by one shuffle and one 16-byte store (12 bytes of it the escapes). */
static zend_always_inline FASTJSON_TARGET_AVX2 char *fastjson_utf8_escape_lone4_avx2(const unsigned char *s,
		const unsigned char *end, char *out)
{
	uint32_t w, cp;
	__m128i u, nibbles;

	if (end - s < 4) {
		return NULL;
	}
	memcpy(&w, s, 4);
	cp = ((w & 0x07) << 18) | ((w & 0x3f00) << 4) | ((w & 0x3f0000) >> 10) | ((w >> 24) & 0x3f);
	/* F0-F7 and three 10xxxxxx, within U+10000..U+10FFFF (F5-F7 and F4 90+ are not) */
	if ((w & 0xc0c0c0f8) != 0x808080f0 || cp - 0x10000 > 0xfffff) {
		return NULL;
	}
	cp -= 0x10000;
	u = _mm_cvtsi32_si128((int) ((0xd800 | (cp >> 10)) | ((0xdc00 | (cp & 0x3ff)) << 16)));
	/* The 8 nibbles of the two units, each unit's from the lowest. */
	nibbles = _mm_unpacklo_epi8(_mm_and_si128(u, fastjson_splat16_avx2(0x0f0f)),
		_mm_and_si128(_mm_srli_epi16(u, 4), fastjson_splat16_avx2(0x0f0f)));
	_mm_storeu_si128((__m128i *) out, _mm_or_si128(
		_mm_shuffle_epi8(
			_mm_shuffle_epi8(_mm_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'),
				nibbles),
			_mm_setr_epi8(-1, -1, 3, 2, 1, 0, -1, -1, 7, 6, 5, 4, -1, -1, -1, -1)),
		_mm_setr_epi8('\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, 0, 0, 0, 0)));
	return out + 12;
}
#endif

#ifdef FASTJSON_HAVE_AVX2
/* ---- AVX2: \u blocks of mixed text -----------------------------------------------
 * Text whose characters change length every few bytes (Cyrillic or Greek words between
 * spaces, emoji between ASCII words) is written 16 input bytes at a time, without a
 * branch per character: every byte gets an 8-byte slot of what it writes (an ASCII byte;
 * a backslash and an escape's letter; the "\uXXXX" of the character it starts, or at a
 * 4-byte character's first trail, of its low surrogate) and a length (1, 2, 6 or 0), and
 * the slots are stored at the running sums of the lengths, each over the rest of the one
 * before it. */

/* The constants of the block writer, each in both 16-byte lanes; read from memory through
 * a pointer the compiler cannot see into: as vector constants, GCC 12 rebuilt a dozen of
 * them with three instructions each in every block. */
enum {
	FASTJSON_UK_TRAIL_BITS,      /* 0x003f words */
	FASTJSON_UK_UNIT2_BITS,      /* 0x07ff */
	FASTJSON_UK_ABOVE_TRAILS,    /* 0x00bf: a 2-byte lead or more above */
	FASTJSON_UK_ABOVE_LEADS2,    /* 0x00df: a 3-byte lead or more above */
	FASTJSON_UK_PLANE_BITS,      /* 0x0700 */
	FASTJSON_UK_HIGH_SURROGATE,  /* 0xd800 - 0x40 */
	FASTJSON_UK_LOW10,           /* 0x03ff */
	FASTJSON_UK_LOW_SURROGATE,   /* 0xdc00 */
	FASTJSON_UK_NIBBLES,         /* 0x0f0f */
	FASTJSON_UK_HIGH_BYTE,       /* 0xff00 */
	FASTJSON_UK_LOW_BYTE,        /* 0x00ff */
	FASTJSON_UK_HEX,             /* the hex digits */
	FASTJSON_UK_BACKSLASH,       /* bytes */
	FASTJSON_UK_U,
	FASTJSON_UK_LOW_NIBBLE,
	FASTJSON_UK_LENGTHS,         /* output bytes of a byte by its high nibble: ASCII 1, trail 0, lead 6 */
	FASTJSON_UK_SIX,
	FASTJSON_UK_F0,
	FASTJSON_UK_COUNT
};

#define FASTJSON_W16(w) {w, w, w, w, w, w, w, w, w, w, w, w, w, w, w, w}
#define FASTJSON_B16(b) {(b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, \
	(b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, \
	(b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8, (b) | (b) << 8}
static ZEND_SET_ALIGNED(32, const uint16_t fastjson_u_block_constants[FASTJSON_UK_COUNT][16]) = {
	FASTJSON_W16(0x3f), FASTJSON_W16(0x7ff), FASTJSON_W16(0xbf), FASTJSON_W16(0xdf), FASTJSON_W16(0x700),
	FASTJSON_W16(0xd800 - 0x40), FASTJSON_W16(0x3ff), FASTJSON_W16(0xdc00), FASTJSON_W16(0x0f0f),
	FASTJSON_W16(0xff00), FASTJSON_W16(0x00ff),
	{'0' | '1' << 8, '2' | '3' << 8, '4' | '5' << 8, '6' | '7' << 8, '8' | '9' << 8, 'a' | 'b' << 8, 'c' | 'd' << 8,
	 'e' | 'f' << 8, '0' | '1' << 8, '2' | '3' << 8, '4' | '5' << 8, '6' | '7' << 8, '8' | '9' << 8,
	 'a' | 'b' << 8, 'c' | 'd' << 8, 'e' | 'f' << 8},
	FASTJSON_B16('\\'), FASTJSON_B16('u'), FASTJSON_B16(0x0f),
	{0x0101, 0x0101, 0x0101, 0x0101, 0x0000, 0x0000, 0x0606, 0x0606},
	FASTJSON_B16(6), FASTJSON_B16(0xf0)};
#undef FASTJSON_W16
#undef FASTJSON_B16

#define FASTJSON_UK256(k, name) _mm256_load_si256((const __m256i *) (k)[FASTJSON_UK_##name])
#define FASTJSON_UK128(k, name) _mm_load_si128((const __m128i *) (k)[FASTJSON_UK_##name])

/* Where the slot of byte i lies among the four 32-byte vectors of slots: vector
 * (i % 8) / 2, its upper lane for i >= 8, the second half of the lane for odd i. */
#define FASTJSON_U_SLOT16(i) (32 * (((i) & 7) >> 1) + 16 * ((i) >> 3) + 8 * ((i) & 1))

/* Writes the characters that start in the n <= 16 bytes of v (zeros past them, a
 * character's first byte first) and end within the 16 at *out, as escaped JSON with every
 * non-ASCII character a \u escape, when they are all well-formed UTF-8 or ASCII whose
 * escapes take two bytes; returns how many bytes they take (0: nothing written). Writes
 * up to 8 bytes past what it returns as written. k: fastjson_u_block_constants. */
static zend_always_inline FASTJSON_TARGET_AVX2 unsigned fastjson_escape_u_block16_avx2(const fastjson_escape_set *set,
		const uint16_t (*k)[16], __m128i bytes, unsigned n, char **out)
{
	const __m128i ge_f0 = _mm_cmpeq_epi8(_mm_max_epu8(bytes, FASTJSON_UK128(k, F0)), bytes);
	const bool lead4 = _mm_movemask_epi8(ge_f0) != 0;
	/* the character the block's end cuts is the next block's */
	const unsigned taken = MIN(n, 16 - fastjson_utf8_cut16_avx2(bytes));
	const __m128i past_taken = _mm_loadu_si128((const __m128i *) (fastjson_from_byte32 + 32 - taken));
	const __m128i errors = fastjson_utf8_errors16_avx2(bytes);
	__m128i dirty_bytes, escaped = bytes, lengths;
	__m256i w0, w1, low12, units, even, odd, first_pair, digits_hi, digits_lo, x0, x1, y0, y1;
	ZEND_SET_ALIGNED(32, char slots[128]);
	uint8_t ends[17];
	uint32_t dirty;
	char *o;

	/* A cut character's trail bytes in the block must be right too: an error anywhere is
	 * the slow path's to find. */
	if (!_mm_testz_si128(errors, errors)) {
		return 0;
	}
	dirty_bytes = fastjson_dirty_bytes_avx2(bytes, set);
	dirty = (uint32_t) _mm_movemask_epi8(_mm_andnot_si128(bytes, _mm_andnot_si128(past_taken, dirty_bytes)));
	if (dirty && (dirty & ~fastjson_two_byte_escapes_avx2(bytes, set, &escaped)) != 0) {
		return 0;
	}

	/* Each byte's unit as a lead (2-, 3-byte; 4-byte: the high surrogate) or as the first
	 * trail of a 4-byte character (the low surrogate), from its 16-bit lane and the next
	 * two; 10yyyyyy 10zzzzzz of the next two bytes as yyyyyyzzzzzz in low12. */
	w0 = _mm256_cvtepu8_epi16(bytes);
	w1 = _mm256_and_si256(_mm256_cvtepu8_epi16(_mm_srli_si128(bytes, 1)), FASTJSON_UK256(k, TRAIL_BITS));
	low12 = _mm256_or_si256(_mm256_slli_epi16(w1, 6),
		_mm256_and_si256(_mm256_cvtepu8_epi16(_mm_srli_si128(bytes, 2)), FASTJSON_UK256(k, TRAIL_BITS)));
	/* 110xxxxx 10yyyyyy: xxxxxyyyyyy */
	units = _mm256_blendv_epi8(w0,
		_mm256_and_si256(_mm256_or_si256(_mm256_slli_epi16(w0, 6), w1), FASTJSON_UK256(k, UNIT2_BITS)),
		_mm256_cmpgt_epi16(w0, FASTJSON_UK256(k, ABOVE_TRAILS)));
	/* 1110xxxx and low12 */
	units = _mm256_blendv_epi8(units, _mm256_or_si256(_mm256_slli_epi16(w0, 12), low12),
		_mm256_cmpgt_epi16(w0, FASTJSON_UK256(k, ABOVE_LEADS2)));
	if (lead4) {
		/* 11110www 10xxxxxx 10yyyyyy 10zzzzzz: D800 + www xxxxxx yyyy - 0x40, then at the
		 * first trail DC00 + yyyyzzzzzz */
		units = _mm256_blendv_epi8(units, _mm256_add_epi16(_mm256_or_si256(
				_mm256_and_si256(_mm256_slli_epi16(w0, 8), FASTJSON_UK256(k, PLANE_BITS)), _mm256_srli_epi16(low12, 4)),
				FASTJSON_UK256(k, HIGH_SURROGATE)),
			_mm256_cvtepi8_epi16(ge_f0));
		units = _mm256_blendv_epi8(units,
			_mm256_or_si256(_mm256_and_si256(low12, FASTJSON_UK256(k, LOW10)), FASTJSON_UK256(k, LOW_SURROGATE)),
			_mm256_cvtepi8_epi16(_mm_slli_si128(ge_f0, 1)));
	}

	/* The slots: bytes 0-1 a clean ASCII byte, a backslash and an escape's letter or "\u";
	 * bytes 2-5 the unit's digits. Digits of nibbles 0 and 2 in even, 1 and 3 in odd. */
	{
		const __m128i first = _mm_blendv_epi8(bytes, FASTJSON_UK128(k, BACKSLASH), dirty_bytes);
		const __m128i second = _mm_blendv_epi8(escaped, FASTJSON_UK128(k, U), bytes);

		even = _mm256_shuffle_epi8(FASTJSON_UK256(k, HEX), _mm256_and_si256(units, FASTJSON_UK256(k, NIBBLES)));
		odd = _mm256_shuffle_epi8(FASTJSON_UK256(k, HEX),
			_mm256_and_si256(_mm256_srli_epi16(units, 4), FASTJSON_UK256(k, NIBBLES)));
		digits_hi = _mm256_or_si256(_mm256_srli_epi16(odd, 8), _mm256_and_si256(even, FASTJSON_UK256(k, HIGH_BYTE)));
		digits_lo = _mm256_or_si256(_mm256_and_si256(odd, FASTJSON_UK256(k, LOW_BYTE)), _mm256_slli_epi16(even, 8));
		first_pair = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_unpacklo_epi8(first, second)),
			_mm_unpackhi_epi8(first, second), 1);
	}
	x0 = _mm256_unpacklo_epi16(first_pair, digits_hi);
	x1 = _mm256_unpackhi_epi16(first_pair, digits_hi);
	y0 = _mm256_unpacklo_epi16(digits_lo, _mm256_setzero_si256());
	y1 = _mm256_unpackhi_epi16(digits_lo, _mm256_setzero_si256());
	_mm256_store_si256((__m256i *) slots, _mm256_unpacklo_epi32(x0, y0));
	_mm256_store_si256((__m256i *) (slots + 32), _mm256_unpackhi_epi32(x0, y0));
	_mm256_store_si256((__m256i *) (slots + 64), _mm256_unpacklo_epi32(x1, y1));
	_mm256_store_si256((__m256i *) (slots + 96), _mm256_unpackhi_epi32(x1, y1));

	/* The lengths, 0 past the characters taken, and their running sums: byte i's output
	 * starts at ends[i] and ends at ends[i + 1]. */
	lengths = _mm_shuffle_epi8(FASTJSON_UK128(k, LENGTHS), _mm_and_si128(_mm_srli_epi16(bytes, 4),
		FASTJSON_UK128(k, LOW_NIBBLE)));
	if (dirty) {
		lengths = _mm_sub_epi8(lengths, _mm_andnot_si128(_mm_cmplt_epi8(bytes, _mm_setzero_si128()), dirty_bytes));
	}
	if (lead4) {
		lengths = _mm_add_epi8(lengths, _mm_and_si128(_mm_slli_si128(ge_f0, 1), FASTJSON_UK128(k, SIX)));
	}
	lengths = _mm_andnot_si128(past_taken, lengths);
	lengths = _mm_add_epi8(lengths, _mm_slli_si128(lengths, 1));
	lengths = _mm_add_epi8(lengths, _mm_slli_si128(lengths, 2));
	lengths = _mm_add_epi8(lengths, _mm_slli_si128(lengths, 4));
	lengths = _mm_add_epi8(lengths, _mm_slli_si128(lengths, 8));
	ends[0] = 0;
	_mm_storeu_si128((__m128i *) (ends + 1), lengths);
	__asm__("" : "+m"(slots), "+m"(ends));

	o = *out;
#define FASTJSON_U_STORE16(i) memcpy(o + ends[i], slots + FASTJSON_U_SLOT16(i), 8)
	FASTJSON_U_STORE16(0); FASTJSON_U_STORE16(1); FASTJSON_U_STORE16(2); FASTJSON_U_STORE16(3);
	FASTJSON_U_STORE16(4); FASTJSON_U_STORE16(5); FASTJSON_U_STORE16(6); FASTJSON_U_STORE16(7);
	FASTJSON_U_STORE16(8); FASTJSON_U_STORE16(9); FASTJSON_U_STORE16(10); FASTJSON_U_STORE16(11);
	FASTJSON_U_STORE16(12); FASTJSON_U_STORE16(13); FASTJSON_U_STORE16(14); FASTJSON_U_STORE16(15);
#undef FASTJSON_U_STORE16
	*out = o + ends[16];
	return taken;
}

/* Strings shorter than this go to the blocks from their first 2- or 4-byte character on;
 * in longer ones, a 4-byte character between ASCII words costs the byte loop less. */
#define FASTJSON_ESCAPE_U_SHORT_MAX 64

/* The blocks of fastjson_escape_u_block16_avx2() from s (a character's first byte), while
 * they have non-ASCII and take it, each starting 16 bytes before chunk_end or in the
 * string's last chunk (16 input bytes write at most 96 output bytes and 8 past them). */
static zend_never_inline FASTJSON_TARGET_AVX2 fastjson_utf8_run_end fastjson_escape_u_blocks_avx2(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out)
{
	const uint16_t (*k)[16] = fastjson_u_block_constants;
	fastjson_utf8_run_end r;

	__asm__("" : "+r"(k));
	do {
		const size_t left = (size_t) (end - s);
		const unsigned n = left < 16 ? (unsigned) left : 16;
		const __m128i v = n == 16 ? _mm_loadu_si128((const __m128i *) s) : fastjson_load_tail16_avx2(s, end);
		unsigned taken;

		if (_mm_movemask_epi8(v) == 0) {
			break;
		}
		taken = fastjson_escape_u_block16_avx2(set, k, v, n, &out);
		if (taken == 0) {
			break;
		}
		s += taken;
	} while (s < end && (chunk_end - s >= 16 || chunk_end == end));
	r.s = s;
	r.out = out;
	return r;
}
#endif

#define FASTJSON_ESCAPE_SUFFIX scalar
#define FASTJSON_ESCAPE_COPY_CLEAN fastjson_copy_clean_scalar
#define FASTJSON_ESCAPE_PATH FASTJSON_SIMD_SCALAR
#include "fastjson_escape_loop.h"

#ifdef FASTJSON_HAVE_SSE2
# define FASTJSON_ESCAPE_SUFFIX sse2
# define FASTJSON_ESCAPE_COPY_CLEAN fastjson_copy_clean_sse2
# define FASTJSON_ESCAPE_PATH FASTJSON_SIMD_SSE2
# define FASTJSON_ESCAPE_UTF8_RUN fastjson_utf8_copy_run_sse2
# define FASTJSON_ESCAPE_ASCII_BLOCK fastjson_escape_ascii_sse2
# include "fastjson_escape_loop.h"
#endif

#ifdef FASTJSON_HAVE_AVX512
/* ---- AVX-512: strings by 64-byte blocks ----------------------------------------------
 * A block of at most 64 bytes, all ASCII (or, with JSON_UNESCAPED_UNICODE, well-formed
 * UTF-8, written as it is), whose escapes all take two bytes (a URL or a path and its
 * slashes, a quoted word, a line break), is read by one load (masked: nothing past the
 * string's end) and written by byte compresses: each 32-byte half spread over every other
 * byte of a vector whose other bytes are backslashes, and the backslashes before the bytes
 * that need none dropped. A string of one block is written in one pass; a longer one block
 * by block. From the first block that needs more, the AVX2 writer takes the string. */
#define FASTJSON_ESCAPE_ONE_PASS_MAX 64

/* Lanes 2i and 2i + 1 take byte i of the half. */
static ZEND_SET_ALIGNED(64, const uint8_t fastjson_spread_half[2][64]) = {
	{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15,
	 16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 31},
	{32, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37, 38, 38, 39, 39, 40, 40, 41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47, 47,
	 48, 48, 49, 49, 50, 50, 51, 51, 52, 52, 53, 53, 54, 54, 55, 55, 56, 56, 57, 57, 58, 58, 59, 59, 60, 60, 61, 61, 62, 62, 63, 63}};

#define FASTJSON_EVEN_LANES UINT64_C(0x5555555555555555)

/* Writes the n <= 32 bytes of one half (escaped: each byte as written after a backslash,
 * or as it is) at out, with a backslash before each dirty one; returns the end. */
static zend_always_inline FASTJSON_TARGET_AVX512 char *fastjson_escape_half_avx512(char *out, __m512i escaped,
		__m512i dirty_bytes, __m512i backslashes, int half, unsigned n)
{
	const __m512i spread = _mm512_load_si512((const void *) fastjson_spread_half[half]);
	/* Odd lanes: the bytes; even lanes: backslashes, kept where the byte is dirty. */
	const __m512i bytes = _mm512_mask_permutexvar_epi8(backslashes, ~FASTJSON_EVEN_LANES, spread, escaped);
	const __mmask64 keep = _mm512_movepi8_mask(_mm512_mask_permutexvar_epi8(_mm512_set1_epi8(-1), FASTJSON_EVEN_LANES,
		spread, dirty_bytes)) & (n == 32 ? ~(__mmask64) 0 : ((__mmask64) 1 << (2 * n)) - 1);

	_mm512_storeu_si512((void *) out, _mm512_maskz_compress_epi8(keep, bytes));
	return out + _mm_popcnt_u64(keep);
}

/* Register operands for FASTJSON_UTF8_CLASSES: the mask of the bytes of v for which
 * op(byte, c), as signed bytes. */
#define FASTJSON_BYTES64_REG_AVX512(v, op, c) op(v, _mm512_set1_epi8((char) (c)))
#define FASTJSON_GT_REG_AVX512(v, c) _mm512_cmpgt_epi8_mask(v, c)
#define FASTJSON_LT_REG_AVX512(v, c) _mm512_cmplt_epi8_mask(v, c)
#define FASTJSON_EQ_REG_AVX512(v, c) _mm512_cmpeq_epi8_mask(v, c)

/* Where a run of UTF-8 written as it is stands at the end of a block: the next block's
 * first bytes that must be trail bytes, whether its last lead was E0, ED, F0 or F4 (bits
 * 0-3, as in the structural stage), and whether it ended in E2 80 (bit 0) or E2 (bit 1),
 * the start of a line terminator. */
typedef struct {
	uint64_t trails;
	unsigned after;
	unsigned terminator;
} fastjson_raw_utf8_state;

/* Whether the non-ASCII bytes of a block (zeros past the string's end) are written as
 * they are under JSON_UNESCAPED_UNICODE: well-formed UTF-8 that goes on from the blocks
 * before, without U+2028 or U+2029 when escape_lt. Then the state is the block's end;
 * otherwise it is left as it was. */
static zend_always_inline FASTJSON_TARGET_AVX512 bool fastjson_raw_utf8_block_avx512(__m512i bytes, uint64_t high,
		bool escape_lt, fastjson_raw_utf8_state *state)
{
	const bool carried = state->after != 0;
	fastjson_utf8_classes classes, *u = &classes;
	unsigned terminator = 0;

	if ((high | state->trails) == 0) {
		state->terminator = 0;
		return true;
	}
	FASTJSON_UTF8_CLASSES(FASTJSON_BYTES64_REG_AVX512, FASTJSON_GT_REG_AVX512, FASTJSON_LT_REG_AVX512,
		FASTJSON_EQ_REG_AVX512);
	if (fastjson_utf8_bad_bytes(high, u, fastjson_utf8_required(u) | state->trails, state->after)) {
		return false;
	}
	if (escape_lt && (u->lead3 | state->terminator)) {
		/* E2 80 A8 and E2 80 A9, here or begun in the block before */
		uint64_t e2 = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8((char) 0xe2));
		uint64_t x80 = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8((char) 0x80));
		uint64_t a8 = _mm512_cmpeq_epi8_mask(_mm512_or_si512(bytes, _mm512_set1_epi8(1)),
			_mm512_set1_epi8((char) 0xa9));

		if ((e2 & (x80 >> 1) & (a8 >> 2)) | (state->terminator & 1 & a8)
				| ((state->terminator >> 1) & x80 & (a8 >> 1) & 1)) {
			return false;
		}
		terminator = (unsigned) (((e2 >> 62) & (x80 >> 63) & 1) | ((e2 >> 63) << 1));
	}
	state->trails = fastjson_utf8_trails_after(u);
	state->after = fastjson_utf8_lead_after(u);
	state->terminator = terminator;
	return true;
}

/* The room a block needs: every byte escaped, and the slack of the 64-byte stores. */
#define FASTJSON_ESCAPE_BLOCK_ROOM (2 * 64 + 64)

/* The ASCII bytes of v among present that are escaped (*dirty), and v with each control
 * byte among them replaced by the letter of its escape (*escaped); false when one of
 * them takes a six-byte escape. */
static zend_always_inline FASTJSON_TARGET_AVX512 bool fastjson_two_byte_escapes_avx512(const fastjson_escape_set *set,
		__m512i v, __mmask64 present, __mmask64 *dirty, __m512i *escaped)
{
	const __m512i backslashes = _mm512_set1_epi8('\\');
	__mmask64 control, two_byte;
	__m512i letters;

	*dirty = (_mm512_cmplt_epu8_mask(v, _mm512_set1_epi8(' ')) & present)
		| _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"')) | _mm512_cmpeq_epi8_mask(v, backslashes)
		| _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char) set->extra_dirty_vec[0][0]));
	if (*dirty == 0) {
		*escaped = v;
		return true;
	}
	/* \b \t \n \f \r: a letter for a byte below 0x10; the other controls take six. */
	control = _mm512_cmplt_epu8_mask(v, _mm512_set1_epi8(0x10));
	letters = _mm512_maskz_shuffle_epi8(control,
		_mm512_broadcast_i32x4(_mm_load_si128((const __m128i *) set->kernel_vec[FASTJSON_VEC_LETTERS])), v);
	two_byte = _mm512_test_epi8_mask(letters, letters) | _mm512_cmpeq_epi8_mask(v, backslashes)
		| _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char) set->kernel_vec[FASTJSON_VEC_TWO_BYTE_QUOTE][0]))
		| _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char) set->kernel_vec[FASTJSON_VEC_TWO_BYTE_SLASH][0]));
	*escaped = _mm512_mask_mov_epi8(v, control, letters);
	return (*dirty & ~two_byte) == 0;
}

/* Writes the n <= 64 bytes in v (zeros past them) at out when all are ASCII (or, with
 * utf8, UTF-8 written as it is, going on from *utf8) whose escapes take two bytes; returns
 * the end, or NULL (nothing written). */
static zend_always_inline FASTJSON_TARGET_AVX512 char *fastjson_escape_block_avx512(const fastjson_escape_set *set,
		__m512i v, unsigned n, char *out, fastjson_raw_utf8_state *utf8, bool escape_lt)
{
	const __mmask64 present = n == 64 ? ~(__mmask64) 0 : ((__mmask64) 1 << n) - 1;
	const __m512i backslashes = _mm512_set1_epi8('\\');
	const uint64_t high = _mm512_movepi8_mask(v);
	__mmask64 dirty;
	__m512i escaped;

	/* Without utf8 non-ASCII is declined first: escaped non-Latin text pays no more. */
	if (!utf8 && high != 0) {
		return NULL;
	}
	if (!fastjson_two_byte_escapes_avx512(set, v, present, &dirty, &escaped)) {
		return NULL;
	}
	/* Last, as it moves the state on. */
	if (utf8 && !fastjson_raw_utf8_block_avx512(v, high, escape_lt, utf8)) {
		return NULL;
	}
	if (dirty == 0) {
		/* Whole: the bytes past n are zeros, in the room's slack. */
		_mm512_storeu_si512((void *) out, v);
		return out + n;
	}
	if (n == 64 && (dirty & (dirty - 1)) == 0) {
		/* One escape in a block of a long string (a line break in text): the block as it
		 * is, then from the escape on, moved up a byte behind its backslash. (In short
		 * strings, one escape or more is a coin toss for the branch.) */
		const unsigned at = (unsigned) fastjson_ctz64(dirty);

		_mm512_storeu_si512((void *) out, v);
		out[at] = '\\';
		_mm512_storeu_si512((void *) (out + at + 1), _mm512_maskz_compress_epi8(~(uint64_t) 0 << at, escaped));
		return out + n + 1;
	}
	out = fastjson_escape_half_avx512(out, escaped, _mm512_movm_epi8(dirty), backslashes, 0, n < 32 ? n : 32);
	if (n > 32) {
		out = fastjson_escape_half_avx512(out, escaped, _mm512_movm_epi8(dirty), backslashes, 1, n - 32);
	}
	return out;
}

/* ---- AVX-512: non-ASCII text as \u escapes ----------------------------------------------
 * A block of 64 bytes that starts with a character, well-formed, whose ASCII escapes take
 * two bytes: each byte writes at most a fixed number of bytes of the output (two for
 * ASCII and 3-byte characters, three for 2- and 4-byte ones), worked out for all bytes at
 * once from the byte and its neighbours; the bytes that write less are compressed out.
 * A character the block cuts is the next block's. CJK text, 3-byte characters at every
 * third byte, needs no compress. */

/* The room a block needs: six bytes for each byte, and the slack of the 64-byte stores. */
#define FASTJSON_ESCAPE_U_BLOCK_ROOM (6 * 64 + 64)
/* ... and a string of one block, with its quotes */
#define FASTJSON_ESCAPE_U_ONE_PASS_ROOM(len) (6 * (len) + 2 + 64)

/* Hex digits by the low 4 of the 6 bits vpermb looks at. */
#define FASTJSON_HEX_DIGITS16 '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'
static ZEND_SET_ALIGNED(64, const char fastjson_hex_digits64[64]) = {
	FASTJSON_HEX_DIGITS16, FASTJSON_HEX_DIGITS16, FASTJSON_HEX_DIGITS16, FASTJSON_HEX_DIGITS16};

/* A block of 3-byte characters only (CJK text), at fixed places: character k is bytes
 * 3k to 3k + 2 and writes bytes 6k to 6k + 5. */
#define FASTJSON_EVERY_THIRD_BYTE UINT64_C(0x9249249249249249)

/* 16-bit lane k of the first: bytes 3k and 3k + 1 (the lead, then the first trail); of
 * the second: byte 3k + 2 (the last trail), for the 21 characters a block holds. */
static ZEND_SET_ALIGNED(64, const uint8_t fastjson_u3_gather[2][64]) = {
	{0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22, 24, 25, 27, 28, 30, 31, 33, 34, 36, 37, 39, 40, 42, 43, 45, 46,
	 48, 49, 51, 52, 54, 55, 57, 58, 60, 61, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	{2, 2, 5, 5, 8, 8, 11, 11, 14, 14, 17, 17, 20, 20, 23, 23, 26, 26, 29, 29, 32, 32, 35, 35, 38, 38, 41, 41, 44, 44, 47, 47,
	 50, 50, 53, 53, 56, 56, 59, 59, 62, 62, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};

/* For output byte o = 64 * part + i, character k = o / 6: bytes 2 and 3 of its "\uXXXX"
 * take the unit's high byte (byte 2k + 1 of the units), bytes 4 and 5 its low byte, and
 * bytes 2 and 4 of them the high nibble. Bytes 0 and 1 are the "\u". */
static ZEND_SET_ALIGNED(64, const uint8_t fastjson_u3_digit_bytes[2][64]) = {
	{0, 0, 1, 1, 0, 0, 0, 0, 3, 3, 2, 2, 0, 0, 5, 5, 4, 4, 0, 0, 7, 7, 6, 6, 0, 0, 9, 9, 8, 8, 0, 0,
	 11, 11, 10, 10, 0, 0, 13, 13, 12, 12, 0, 0, 15, 15, 14, 14, 0, 0, 17, 17, 16, 16, 0, 0, 19, 19, 18, 18, 0, 0, 21, 21},
	{20, 20, 0, 0, 23, 23, 22, 22, 0, 0, 25, 25, 24, 24, 0, 0, 27, 27, 26, 26, 0, 0, 29, 29, 28, 28, 0, 0, 31, 31, 30, 30,
	 0, 0, 33, 33, 32, 32, 0, 0, 35, 35, 34, 34, 0, 0, 37, 37, 36, 36, 0, 0, 39, 39, 38, 38, 0, 0, 41, 41, 40, 40, 0, 0}};
static const uint64_t fastjson_u3_high_nibbles[2] = {UINT64_C(0x4514514514514514), UINT64_C(0x1451451451451451)};
static const uint64_t fastjson_u3_backslash_u[2] = {UINT64_C(0x30c30c30c30c30c3), UINT64_C(0xc30c30c30c30c30c)};

/* Writes the block's n bytes (3-byte characters only, well-formed) at out as \u escapes;
 * returns the end. */
static zend_always_inline FASTJSON_TARGET_AVX512 char *fastjson_escape_u3_block_avx512(__m512i bytes, unsigned n,
		char *out)
{
	const __m512i b01 = _mm512_permutexvar_epi8(_mm512_load_si512((const void *) fastjson_u3_gather[0]), bytes);
	const __m512i b2 = _mm512_permutexvar_epi8(_mm512_load_si512((const void *) fastjson_u3_gather[1]), bytes);
	/* 1110xxxx 10yyyyyy 10zzzzzz: xxxxyyyyyyzzzzzz */
	const __m512i xy = _mm512_ternarylogic_epi32(_mm512_slli_epi16(b01, 12), _mm512_srli_epi16(b01, 2),
		_mm512_set1_epi16(0x0fc0), 0xf8);
	const __m512i units = _mm512_ternarylogic_epi32(_mm512_set1_epi16(0x003f), b2, xy, 0xca);
	const __m512i hex = _mm512_load_si512((const void *) fastjson_hex_digits64);

	for (unsigned part = 0; part < 2 && 64 * part < 2 * n; part++) {
		const __m512i unit_bytes = _mm512_permutexvar_epi8(
			_mm512_load_si512((const void *) fastjson_u3_digit_bytes[part]), units);
		/* vpermb looks at the low 6 bits, and the digits repeat every 16: the low nibble
		 * needs no mask, and the high one only its shift within 16-bit lanes. */
		const __m512i nibbles = _mm512_mask_mov_epi8(unit_bytes, fastjson_u3_high_nibbles[part],
			_mm512_srli_epi16(unit_bytes, 4));
		const __m512i digits = _mm512_mask_mov_epi8(_mm512_permutexvar_epi8(nibbles, hex),
			fastjson_u3_backslash_u[part], _mm512_set1_epi16('\\' | 'u' << 8));

		_mm512_storeu_si512((void *) (out + 64 * part), digits);
	}
	return out + 2 * n;
}

/* A block of ASCII and 3-byte characters (CJK text with spaces, digits, line breaks),
 * every ASCII escape two bytes: each byte writes at most two, its pair of a first and a
 * second byte. ASCII: the byte and nothing, or a backslash and the escape's letter; a
 * lead: "\u"; its first trail: the unit's top two digits, xxxx of the lead 1110xxxx and
 * the top four of the trail's yyyyyy; the last trail: the bottom two. Pairs are
 * interleaved, and the seconds that write nothing compressed away, per 32-byte half.
 * vpermb looks at the low 6 bits and the hex digits repeat every 16: a digit's nibble
 * needs no mask above it. */

/* The nibble made of bits 2-3 of a << 2 and bits 0-1 of b >> 4 (16-bit shifts: what
 * crosses into a neighbour byte lands outside those bits). */
#define FASTJSON_NIBBLE_22(a, b) _mm512_ternarylogic_epi32(_mm512_slli_epi16(a, 2), _mm512_srli_epi16(b, 4), \
	_mm512_set1_epi8(0x0c), 0xe4)

/* Byte 2i of half h takes first byte 32h + i, byte 2i + 1 second byte 32h + i (64 on). */
static ZEND_SET_ALIGNED(64, const uint8_t fastjson_pair_interleave[2][64]) = {
	{0, 64, 1, 65, 2, 66, 3, 67, 4, 68, 5, 69, 6, 70, 7, 71, 8, 72, 9, 73, 10, 74, 11, 75, 12, 76, 13, 77, 14, 78, 15, 79,
	 16, 80, 17, 81, 18, 82, 19, 83, 20, 84, 21, 85, 22, 86, 23, 87, 24, 88, 25, 89, 26, 90, 27, 91, 28, 92, 29, 93, 30, 94, 31, 95},
	{32, 96, 33, 97, 34, 98, 35, 99, 36, 100, 37, 101, 38, 102, 39, 103, 40, 104, 41, 105, 42, 106, 43, 107, 44, 108, 45, 109,
	 46, 110, 47, 111, 48, 112, 49, 113, 50, 114, 51, 115, 52, 116, 53, 117, 54, 118, 55, 119, 56, 120, 57, 121, 58, 122,
	 59, 123, 60, 124, 61, 125, 62, 126, 63, 127}};

/* Byte i takes byte i - 1 (byte 0 any: a block starts with a character). */
static ZEND_SET_ALIGNED(64, const uint8_t fastjson_previous_byte[64]) = {
	0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
	31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62};

/* Writes the first taken bytes of the block (ASCII and well-formed 3-byte characters;
 * escaped: ASCII with control bytes as their letters; dirty: the ASCII bytes escaped, in
 * two bytes) at out; returns the end. */
static zend_always_inline FASTJSON_TARGET_AVX512 char *fastjson_escape_u13_block_avx512(__m512i bytes, __m512i escaped,
		uint64_t lead3, uint64_t ascii, uint64_t dirty, uint64_t whole, unsigned taken, char *out)
{
	const uint64_t trail1 = lead3 << 1, trail2 = lead3 << 2;
	const __m512i hex = _mm512_load_si512((const void *) fastjson_hex_digits64);
	const __m512i previous = _mm512_permutexvar_epi8(_mm512_load_si512((const void *) fastjson_previous_byte), bytes);
	/* the last trail's first digit: yy of the first trail 10yyyyyy, then zz of 10zzzzzz */
	const __m512i yyzz = FASTJSON_NIBBLE_22(previous, bytes);
	const __m512i first_digits = _mm512_permutexvar_epi8(_mm512_mask_mov_epi8(previous, trail2, yyzz), hex);
	const __m512i second_digits = _mm512_permutexvar_epi8(
		_mm512_mask_mov_epi8(_mm512_srli_epi16(bytes, 2), trail2, bytes), hex);
	__m512i firsts = _mm512_mask_mov_epi8(bytes, dirty | lead3, _mm512_set1_epi8('\\'));
	__m512i seconds = _mm512_mask_mov_epi8(escaped, lead3, _mm512_set1_epi8('u'));
	/* a second byte is written unless its byte is ASCII without an escape */
	const __m512i present = _mm512_movm_epi8(whole);
	const __m512i second_written = _mm512_movm_epi8(whole & ~(ascii & ~dirty));

	firsts = _mm512_mask_mov_epi8(firsts, trail1 | trail2, first_digits);
	seconds = _mm512_mask_mov_epi8(seconds, trail1 | trail2, second_digits);
	for (int half = 0; half < 2 && 32 * half < (int) taken; half++) {
		const __m512i interleave = _mm512_load_si512((const void *) fastjson_pair_interleave[half]);
		const __mmask64 keep = _mm512_movepi8_mask(_mm512_permutex2var_epi8(present, interleave, second_written));

		_mm512_storeu_si512((void *) out,
			_mm512_maskz_compress_epi8(keep, _mm512_permutex2var_epi8(firsts, interleave, seconds)));
		out += _mm_popcnt_u64(keep);
	}
	return out;
}

/* Any block of well-formed text whose ASCII escapes all take two bytes: each byte writes
 * at most three, its triple, read off the byte and its neighbours by nibble:
 *   ASCII              the byte, or a backslash and the escape's letter
 *   110xxxxx 10yyyyyy  "\u0", then the unit's three digits (0xxx, xxyy, yyyy)
 *   3-byte             "\u", two digits, two digits (as the pairs above)
 *   4-byte             "\ud", the high surrogate's last three digits, "\ud", the low one's
 * Bytes that write nothing are zero (no written byte is: a zero byte takes a six-byte
 * escape), so the three vectors are interleaved and each 64 bytes compressed to the
 * bytes that are not zero. */

/* Byte j of output part c is byte (64c + j) % 3 of the triple of byte (64c + j) / 3: of
 * the firsts, the seconds (64 on) or, where fastjson_triple_thirds[c] has bit j, the
 * thirds. */
static ZEND_SET_ALIGNED(64, const uint8_t fastjson_triple_interleave[3][64]) = {
	{0, 64, 0, 1, 65, 1, 2, 66, 2, 3, 67, 3, 4, 68, 4, 5, 69, 5, 6, 70, 6, 7, 71, 7, 8, 72, 8, 9, 73, 9, 10, 74,
	 10, 11, 75, 11, 12, 76, 12, 13, 77, 13, 14, 78, 14, 15, 79, 15, 16, 80, 16, 17, 81, 17, 18, 82, 18, 19, 83, 19,
	 20, 84, 20, 21},
	{85, 21, 22, 86, 22, 23, 87, 23, 24, 88, 24, 25, 89, 25, 26, 90, 26, 27, 91, 27, 28, 92, 28, 29, 93, 29, 30, 94,
	 30, 31, 95, 31, 32, 96, 32, 33, 97, 33, 34, 98, 34, 35, 99, 35, 36, 100, 36, 37, 101, 37, 38, 102, 38, 39, 103,
	 39, 40, 104, 40, 41, 105, 41, 42, 106},
	{42, 43, 107, 43, 44, 108, 44, 45, 109, 45, 46, 110, 46, 47, 111, 47, 48, 112, 48, 49, 113, 49, 50, 114, 50, 51,
	 115, 51, 52, 116, 52, 53, 117, 53, 54, 118, 54, 55, 119, 55, 56, 120, 56, 57, 121, 57, 58, 122, 58, 59, 123, 59,
	 60, 124, 60, 61, 125, 61, 62, 126, 62, 63, 127, 63}};
static const uint64_t fastjson_triple_thirds[3] = {
	UINT64_C(0x4924924924924924), UINT64_C(0x2492492492492492), UINT64_C(0x9249249249249249)};

/* Byte i takes byte i + 1 (byte 63 any: a character the block cuts is not written). */
static ZEND_SET_ALIGNED(64, const uint8_t fastjson_next_byte[64]) = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
	32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60,
	61, 62, 63, 63};

/* Writes the block's bytes in whole at out (escaped: the block with control bytes as
 * their escapes' letters; dirty: its escaped ASCII bytes; leads, leads3, leads4: its bytes
 * from C2, E0 and F0); returns the end. */
static zend_always_inline FASTJSON_TARGET_AVX512 char *fastjson_escape_u_triples_avx512(__m512i bytes,
		__m512i escaped, uint64_t leads, uint64_t leads3, uint64_t leads4, uint64_t whole, uint64_t ascii,
		uint64_t dirty, char *out)
{
	const uint64_t lead2 = (leads ^ leads3) & whole, lead3 = (leads3 ^ leads4) & whole;
	const uint64_t lead4 = leads4 & whole;
	const uint64_t trail21 = lead2 << 1, trail31 = lead3 << 1, trail32 = lead3 << 2;
	const uint64_t trail41 = lead4 << 1, trail42 = lead4 << 2, trail43 = lead4 << 3;
	const uint64_t digits = trail21 | trail31 | trail32 | trail41 | trail43;
	const __m512i hex = _mm512_load_si512((const void *) fastjson_hex_digits64);
	const __m512i previous = _mm512_permutexvar_epi8(_mm512_load_si512((const void *) fastjson_previous_byte), bytes);
	const __m512i next = _mm512_permutexvar_epi8(_mm512_load_si512((const void *) fastjson_next_byte), bytes);
	/* The high surrogate's digits 8 | k >> 2, k & 3 then x3 x2, x1 x0 y5 y4 at the first
	 * trail of 11110www 10xxxxxx 10yyyyyy, k = www x5 x4 - 1 (0 to 15: the code point
	 * less 0x10000, bits 16-19) */
	const __m512i k = _mm512_sub_epi8(_mm512_ternarylogic_epi32(_mm512_slli_epi16(previous, 2),
		_mm512_srli_epi16(bytes, 4), _mm512_set1_epi8(0x1c), 0xe4), _mm512_set1_epi8(1));
	const __m512i previous_shr2 = _mm512_srli_epi16(previous, 2);
	const __m512i nibble22 = FASTJSON_NIBBLE_22(previous, bytes);
	__m512i firsts, seconds, thirds, n0, n1, n2;

	/* first digits: 0xxx (2-byte), xxxx (3-byte lead), yyzz (3-byte), 8 | k >> 2, 11yy (low) */
	n0 = _mm512_mask_mov_epi8(nibble22, trail21 | trail43,
		_mm512_or_si512(previous_shr2, _mm512_maskz_mov_epi8(trail43, _mm512_set1_epi8(0x0c))));
	n0 = _mm512_mask_mov_epi8(n0, trail31, previous);
	n0 = _mm512_mask_mov_epi8(n0, trail41, _mm512_or_si512(_mm512_srli_epi16(k, 2), _mm512_set1_epi8(8)));
	/* second digits: the 2-byte unit's xxyy, then yyyy and zzzz (3-byte), k & 3 then x3 x2 */
	n1 = _mm512_mask_mov_epi8(nibble22, trail31, _mm512_srli_epi16(bytes, 2));
	n1 = _mm512_mask_mov_epi8(n1, trail32, bytes);
	n1 = _mm512_mask_mov_epi8(n1, trail41, _mm512_ternarylogic_epi32(_mm512_slli_epi16(k, 2),
		_mm512_srli_epi16(bytes, 2), _mm512_set1_epi8(0x0c), 0xe4));
	/* third digits: the byte's own low nibble, x1 x0 y5 y4 */
	n2 = _mm512_mask_mov_epi8(bytes, trail41, FASTJSON_NIBBLE_22(bytes, next));

	firsts = _mm512_mask_mov_epi8(bytes, dirty | lead2 | lead3 | lead4 | trail42, _mm512_set1_epi8('\\'));
	firsts = _mm512_maskz_mov_epi8(whole, _mm512_mask_permutexvar_epi8(firsts, digits, n0, hex));
	seconds = _mm512_mask_mov_epi8(escaped, lead2 | lead3 | lead4 | trail42, _mm512_set1_epi8('u'));
	seconds = _mm512_maskz_mov_epi8(whole & ~(ascii & ~dirty), _mm512_mask_permutexvar_epi8(seconds, digits, n1, hex));
	thirds = _mm512_mask_mov_epi8(_mm512_set1_epi8('0'), lead4 | trail42, _mm512_set1_epi8('d'));
	thirds = _mm512_maskz_mov_epi8(lead2 | lead4 | trail42 | trail21 | trail41 | trail43,
		_mm512_mask_permutexvar_epi8(thirds, trail21 | trail41 | trail43, n2, hex));
	/* all three parts, also for a short block: a test on its length mispredicts more than
	 * a part of zeros costs */
	for (int part = 0; part < 3; part++) {
		const __m512i interleave = _mm512_load_si512((const void *) fastjson_triple_interleave[part]);
		const __m512i triples = _mm512_mask_permutexvar_epi8(_mm512_permutex2var_epi8(firsts, interleave, seconds),
			fastjson_triple_thirds[part], interleave, thirds);
		const __mmask64 written = _mm512_test_epi8_mask(triples, triples);

		_mm512_storeu_si512((void *) out, _mm512_maskz_compress_epi8(written, triples));
		out += _mm_popcnt_u64(written);
	}
	return out;
}

/* Writes the characters that start in the n <= 64 bytes of v (zeros past them, a
 * character's first byte first) and end within 64 at *out, as escaped JSON with every
 * non-ASCII character a \u escape, when they are all well-formed UTF-8 or ASCII whose
 * escapes take two bytes; returns how many bytes they take (0: nothing written). Fewer
 * compares than FASTJSON_UTF8_CLASSES: E0 and ED are looked at only when there, and a
 * 4-byte character's range on the bits the triples' writer decodes. */
static zend_always_inline FASTJSON_TARGET_AVX512 unsigned fastjson_escape_u_block_avx512(const fastjson_escape_set *set,
		__m512i bytes, unsigned n, char **out)
{
	const uint64_t high = _mm512_movepi8_mask(bytes);
	/* signed compares: 80-BF, C2-FF, E0-FF, F0-FF */
	const uint64_t trail = _mm512_cmplt_epi8_mask(bytes, _mm512_set1_epi8((char) 0xc0));
	const uint64_t lead2 = _mm512_cmpgt_epi8_mask(bytes, _mm512_set1_epi8((char) 0xc1)) & high;
	const uint64_t lead3 = _mm512_cmpgt_epi8_mask(bytes, _mm512_set1_epi8((char) 0xdf)) & high;
	const uint64_t lead4 = lead3 ? _mm512_cmpgt_epi8_mask(bytes, _mm512_set1_epi8((char) 0xef)) & high : 0;
	/* the leads of the characters the block cuts off: they are the next block's */
	const uint64_t cut = fastjson_utf8_cut_leads_of(lead2, lead3, lead4);
	const unsigned taken = cut ? fastjson_ctz64(cut) : n;
	const uint64_t whole = taken == 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << taken) - 1;
	/* C0, C1, a trail byte no lead asks for or a lead without its trail bytes (past the
	 * string's end too) */
	uint64_t bad = (high & ~trail & ~lead2) | (trail ^ fastjson_utf8_required_by(lead2, lead3, lead4));
	uint64_t ascii;
	__mmask64 dirty;
	__m512i escaped;
	char *o = *out;

	if (lead3) {
		const uint64_t e0 = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8((char) 0xe0));
		const uint64_t ed = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8((char) 0xed));

		if (e0 | ed) {
			/* no overlong form, no surrogate: E0 A0-BF, ED 80-9F (signed: A0-BF and ASCII) */
			const uint64_t ge_a0 = _mm512_cmpgt_epi8_mask(bytes, _mm512_set1_epi8((char) 0x9f));

			bad |= ((e0 << 1) & ~ge_a0) | ((ed << 1) & ge_a0);
		}
		if (lead4) {
			/* F0 90 to F4 8F: wwww x5 x4 - 1 of 1111wwww 10xxxxxx from 0 to 15, so bits 4-5
			 * clear (above them, the next byte's bits) */
			const __m512i previous = _mm512_permutexvar_epi8(
				_mm512_load_si512((const void *) fastjson_previous_byte), bytes);
			const __m512i plane = _mm512_sub_epi8(_mm512_ternarylogic_epi32(_mm512_slli_epi16(previous, 2),
				_mm512_srli_epi16(bytes, 4), _mm512_set1_epi8(0x3c), 0xe4), _mm512_set1_epi8(1));

			bad |= _mm512_mask_test_epi8_mask(lead4 << 1, plane, _mm512_set1_epi8(0x30));
		}
	}
	/* A cut character is the next block's, but a character before it that asks for its
	 * lead as a trail is bad. */
	if ((bad & (cut ? (whole << 1) | 1 : ~(uint64_t) 0)) != 0) {
		return 0;
	}
	/* Well-formed, with a lead of 3 bytes or more at every third byte: 3-byte characters
	 * only (a 4-byte one would need a trail where the next lead is). */
	if (((lead3 ^ FASTJSON_EVERY_THIRD_BYTE) & whole) == 0) {
		*out = fastjson_escape_u3_block_avx512(bytes, taken, o);
		return taken;
	}
	if (!fastjson_two_byte_escapes_avx512(set, bytes, whole, &dirty, &escaped)) {
		return 0;
	}
	dirty &= whole;
	ascii = ~high & whole;
	/* lead2 holds every lead, lead3 the 3- and 4-byte ones */
	if ((((lead2 ^ lead3) | lead4) & whole) == 0) {
		*out = fastjson_escape_u13_block_avx512(bytes, escaped, lead3 & whole, ascii, dirty, whole, taken, o);
	} else if (lead3 == 0) {
		/* 2-byte characters only (Cyrillic, Greek, accented Latin): a writer of its own,
		 * without the masks the others need (Russian text: a quarter less time) */
		*out = fastjson_escape_u_triples_avx512(bytes, escaped, lead2, 0, 0, whole, ascii, dirty, o);
	} else if (((lead2 ^ lead3) & whole) == 0) {
		/* no 2-byte characters: emoji and symbols between ASCII words */
		*out = fastjson_escape_u_triples_avx512(bytes, escaped, lead3, lead3, lead4, whole, ascii, dirty, o);
	} else {
		*out = fastjson_escape_u_triples_avx512(bytes, escaped, lead2, lead3, lead4, whole, ascii, dirty, o);
	}
	return taken;
}

/* The room the one pass needs: the quotes, every byte escaped, and the slack of the
 * 64-byte stores. */
#define FASTJSON_ESCAPE_ONE_PASS_ROOM(len) (2 * (len) + 2 + 64)

/* The string's bytes; zeros past its end, which is never read past. */
static zend_always_inline FASTJSON_TARGET_AVX512 __m512i fastjson_load_short_avx512(const char *str, size_t len)
{
	const __mmask64 present = len == 64 ? ~(__mmask64) 0 : ((__mmask64) 1 << len) - 1;

	return _mm512_maskz_loadu_epi8(present, (const void *) str);
}

/* The n <= 64 bytes of a longer string's block at s; zeros past its end, which is never
 * read past. */
static zend_always_inline FASTJSON_TARGET_AVX512 __m512i fastjson_load_block_avx512(const unsigned char *s, unsigned n)
{
	return n == 64 ? _mm512_loadu_si512((const void *) s)
		: _mm512_maskz_loadu_epi8(((__mmask64) 1 << n) - 1, (const void *) s);
}

/* Whether the string (at most 64 bytes, its room there, loaded in v) was written at
 * encoder->buf.pos, quoted (false: nothing written). Without utf8 only ASCII is taken.
 * The JSON_HEX_* sets (their escapes take six bytes) are the AVX2 writer's. */
static zend_always_inline FASTJSON_TARGET_AVX512 bool fastjson_escape_one_pass_avx512(fastjson_encoder *encoder,
		__m512i v, size_t len, const bool utf8)
{
	const fastjson_escape_set *set = encoder->escape_set;
	fastjson_raw_utf8_state state = {0, 0, 0};
	char *out = encoder->buf.pos;

	if (set->has_hex_dirty) {
		return false;
	}
	*out++ = '"';
	out = fastjson_escape_block_avx512(set, v, (unsigned) len, out, utf8 ? &state : NULL,
		!(encoder->options & PHP_JSON_UNESCAPED_LINE_TERMINATORS));
	/* A character cut off by the 64th byte asks for trail bytes past the string. */
	if (out == NULL || state.trails != 0) {
		return false;
	}
	*out++ = '"';
	encoder->buf.pos = out;
	return true;
}
#endif

#ifdef FASTJSON_HAVE_AVX2
# define FASTJSON_ESCAPE_SUFFIX avx2
# define FASTJSON_ESCAPE_COPY_CLEAN fastjson_copy_clean_avx2
# define FASTJSON_ESCAPE_PATH FASTJSON_SIMD_AVX2
# define FASTJSON_ESCAPE_UTF8_RUN fastjson_utf8_copy_run_avx2
# define FASTJSON_ESCAPE_RAW_RUN_WIDE 1
# define FASTJSON_ESCAPE_U_BLOCK2 fastjson_utf8_escape2_avx2
# define FASTJSON_ESCAPE_U_BLOCK3 fastjson_utf8_escape3_avx2
# define FASTJSON_ESCAPE_U_BLOCK3_WIDE fastjson_utf8_escape3_wide_avx2
# define FASTJSON_ESCAPE_U_BLOCK4 fastjson_utf8_escape4_avx2
# define FASTJSON_ESCAPE_UTF8_TARGET FASTJSON_TARGET_AVX2
# define FASTJSON_ESCAPE_ASCII_BLOCK fastjson_escape_ascii_avx2
# define FASTJSON_ESCAPE_U_LONE4 fastjson_utf8_escape_lone4_avx2
# define FASTJSON_ESCAPE_U_BLOCKS fastjson_escape_u_blocks_avx2
# define FASTJSON_ESCAPE_SPARSE fastjson_escape_sparse_avx2
# include "fastjson_escape_loop.h"
#endif

#ifdef FASTJSON_HAVE_AVX512
static zend_always_inline bool fastjson_escape_one_pass_fits(const fastjson_encoder *encoder, size_t len)
{
	return len <= FASTJSON_ESCAPE_ONE_PASS_MAX
		&& (size_t) (encoder->buf.end - encoder->buf.pos) >= FASTJSON_ESCAPE_ONE_PASS_ROOM(len);
}

/* A short string with non-ASCII under JSON_UNESCAPED_UNICODE (the one pass fits): its own
 * function, as the UTF-8 check's registers would give the ASCII path a frame. */
static zend_never_inline FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_utf8_avx512(
		fastjson_encoder *encoder, const char *str, size_t len)
{
	if (fastjson_escape_one_pass_avx512(encoder, fastjson_load_short_avx512(str, len), len, true)) {
		return SUCCESS;
	}
	return fastjson_escape_string_avx2(encoder, str, len);
}

/* A short string with non-ASCII, escaped: in one block when its room is there, also under
 * 16 bytes (with the block's own writer for 2-byte text, a Cyrillic word took 15 ns there
 * against the AVX2 writer's 22, an accented Latin name 15 against 18). */
static zend_never_inline FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_u_avx512(
		fastjson_encoder *encoder, const char *str, size_t len)
{
	const __m512i v = fastjson_load_short_avx512(str, len);
	char *out = encoder->buf.pos;

	if (!encoder->escape_set->has_hex_dirty
			&& (size_t) (encoder->buf.end - out) >= FASTJSON_ESCAPE_U_ONE_PASS_ROOM(len)) {
		*out++ = '"';
		if (fastjson_escape_u_block_avx512(encoder->escape_set, v, (unsigned) len, &out) == len) {
			*out++ = '"';
			encoder->buf.pos = out;
			return SUCCESS;
		}
	}
	return fastjson_escape_string_avx2(encoder, str, len);
}

/* The rest of an escaped string from s (a character's first byte), from its first block
 * with non-ASCII on: by blocks of either kind while they take it, then the AVX2 writer.
 * Its own function, so that ASCII strings never load the constants of the \u blocks. */
static zend_never_inline FASTJSON_TARGET_AVX512 zend_result fastjson_escape_dirty_u_avx512(fastjson_encoder *encoder,
		const unsigned char *begin, const unsigned char *end, const unsigned char *s, size_t checkpoint)
{
	const fastjson_escape_set *set = encoder->escape_set;
	char *out = encoder->buf.pos;

	while (s < end) {
		unsigned n = (unsigned) MIN((size_t) (end - s), 64);
		__m512i v = fastjson_load_block_avx512(s, n);

		if (UNEXPECTED((size_t) (encoder->buf.end - out) < FASTJSON_ESCAPE_U_BLOCK_ROOM)) {
			encoder->buf.pos = out;
			out = fastjson_buf_reserve(&encoder->buf, FASTJSON_ESCAPE_U_BLOCK_ROOM);
		}
		if (_mm512_movepi8_mask(v) != 0) {
			unsigned taken = fastjson_escape_u_block_avx512(set, v, n, &out);

			if (taken == 0) {
				break;
			}
			s += taken;
		} else {
			char *next = fastjson_escape_block_avx512(set, v, n, out, NULL, false);

			if (next == NULL) {
				break;
			}
			out = next;
			s += n;
		}
	}
	encoder->buf.pos = out;
	if (s == end) {
		fastjson_buf_appendc(&encoder->buf, '"');
		return SUCCESS;
	}
	return fastjson_escape_dirty_any_avx2(encoder, begin, end, s, checkpoint);
}

/* A longer string: 64-byte blocks (the last one shorter) as the one pass writes them,
 * with utf8 (JSON_UNESCAPED_UNICODE) the UTF-8 checked across their edges, while they have
 * nothing else; from the first block that does, the AVX2 writer, from the start of a
 * character. Escaped non-ASCII goes on in \u blocks. */
static zend_always_inline FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_long_avx512(
		fastjson_encoder *encoder, const char *str, size_t len, const bool utf8)
{
	const fastjson_escape_set *set = encoder->escape_set;
	const unsigned char *begin = (const unsigned char *) str, *end = begin + len, *s = begin;
	const bool escape_lt = !(encoder->options & PHP_JSON_UNESCAPED_LINE_TERMINATORS);
	const size_t checkpoint = fastjson_buf_len(&encoder->buf);
	fastjson_raw_utf8_state state = {0, 0, 0};
	char *out = fastjson_buf_reserve(&encoder->buf, 1 + FASTJSON_ESCAPE_BLOCK_ROOM);

	*out++ = '"';
	if (!set->has_hex_dirty) {
		while (s < end) {
			unsigned n = (unsigned) MIN((size_t) (end - s), 64);
			__m512i v = fastjson_load_block_avx512(s, n);
			char *next;

			if (UNEXPECTED((size_t) (encoder->buf.end - out) < FASTJSON_ESCAPE_BLOCK_ROOM)) {
				encoder->buf.pos = out;
				out = fastjson_buf_reserve(&encoder->buf, FASTJSON_ESCAPE_BLOCK_ROOM);
			}
			if (!utf8 && _mm512_movepi8_mask(v) != 0) {
				encoder->buf.pos = out;
				return fastjson_escape_dirty_u_avx512(encoder, begin, end, s, checkpoint);
			}
			next = fastjson_escape_block_avx512(set, v, n, out, utf8 ? &state : NULL, escape_lt);
			if (next == NULL) {
				break;
			}
			out = next;
			s += n;
		}
		if (state.trails != 0) {
			/* The last block written ends inside a character (well-formed so far): its
			 * bytes were copied as they are, and go back to the writer with the rest. */
			unsigned back = 1;

			while (fastjson_utf8_is_trail(s[-(ptrdiff_t) back])) {
				back++;
			}
			s -= back;
			out -= back;
		}
	}
	encoder->buf.pos = out;
	if (s == end) {
		fastjson_buf_appendc(&encoder->buf, '"');
		return SUCCESS;
	}
	return utf8 ? fastjson_escape_dirty_raw_avx2(encoder, begin, end, s, checkpoint)
		: fastjson_escape_dirty_any_avx2(encoder, begin, end, s, checkpoint);
}

static zend_never_inline FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_ascii_long_avx512(
		fastjson_encoder *encoder, const char *str, size_t len)
{
	return fastjson_escape_string_long_avx512(encoder, str, len, false);
}

static zend_never_inline FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_raw_long_avx512(
		fastjson_encoder *encoder, const char *str, size_t len)
{
	return fastjson_escape_string_long_avx512(encoder, str, len, true);
}

/* The one pass for a short string, the blocks for a longer one; a short one with
 * non-ASCII in its own function (\u blocks, or with raw, JSON_UNESCAPED_UNICODE, UTF-8 as
 * it is); else the AVX2 writer (out of line: its code stays as on the AVX2 path), which
 * also grows the buffer when the room is not there: only tail calls here, so no frame. */
static zend_always_inline FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_any_avx512(
		fastjson_encoder *encoder, const char *str, size_t len, const bool raw)
{
	if (len > FASTJSON_ESCAPE_ONE_PASS_MAX) {
		return raw ? fastjson_escape_string_raw_long_avx512(encoder, str, len)
			: fastjson_escape_string_ascii_long_avx512(encoder, str, len);
	}
	if (fastjson_escape_one_pass_fits(encoder, len)) {
		const __m512i v = fastjson_load_short_avx512(str, len);

		if (_mm512_movepi8_mask(v) != 0) {
			return raw ? fastjson_escape_string_utf8_avx512(encoder, str, len)
				: fastjson_escape_string_u_avx512(encoder, str, len);
		}
		if (fastjson_escape_one_pass_avx512(encoder, v, len, false)) {
			return SUCCESS;
		}
	}
	return fastjson_escape_string_avx2(encoder, str, len);
}

static FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_avx512(fastjson_encoder *encoder, const char *str,
		size_t len)
{
	return fastjson_escape_string_any_avx512(encoder, str, len, false);
}

static FASTJSON_TARGET_AVX512 zend_result fastjson_escape_string_raw_avx512(fastjson_encoder *encoder,
		const char *str, size_t len)
{
	return fastjson_escape_string_any_avx512(encoder, str, len, true);
}
#endif

#ifdef FASTJSON_HAVE_NEON
# define FASTJSON_ESCAPE_SUFFIX neon
# define FASTJSON_ESCAPE_COPY_CLEAN fastjson_copy_clean_neon
# define FASTJSON_ESCAPE_PATH FASTJSON_SIMD_NEON
# include "fastjson_escape_loop.h"
#endif

FASTJSON_CALL_PATH fastjson_escape_fn fastjson_escape_fn_for(fastjson_simd_path path, int options)
{
	(void) options;
	switch (path) {
#ifdef FASTJSON_HAVE_AVX2
		case FASTJSON_SIMD_AVX2:
			return fastjson_escape_string_avx2;
#endif
#ifdef FASTJSON_HAVE_AVX512
		case FASTJSON_SIMD_AVX512:
			return (options & PHP_JSON_UNESCAPED_UNICODE) ? fastjson_escape_string_raw_avx512
				: fastjson_escape_string_avx512;
#endif
#ifdef FASTJSON_HAVE_SSE2
		case FASTJSON_SIMD_SSE2:
			return fastjson_escape_string_sse2;
#endif
#ifdef FASTJSON_HAVE_NEON
		case FASTJSON_SIMD_NEON:
			return fastjson_escape_string_neon;
#endif
		default:
			return fastjson_escape_string_scalar;
	}
}
