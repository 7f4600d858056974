/* String escaping: the clean-run scan kernels and the per-flag escape tables. */

#ifndef FASTJSON_ESCAPE_H
#define FASTJSON_ESCAPE_H

#include "php.h"
#include "ext/json/php_json.h"
#include "../fastjson_simd.h"

/* The rows of fastjson_escape_set.kernel_vec, each a byte repeated unless said. */
enum {
	FASTJSON_VEC_SPACE,
	FASTJSON_VEC_QUOTE,
	FASTJSON_VEC_BACKSLASH,
	FASTJSON_VEC_HIGH_NIBBLE,
	/* The letter after the backslash of each control that has one, by low nibble. */
	FASTJSON_VEC_LETTERS,
	/* '"' and '/' where their escape takes two bytes, else '\\', which always does. */
	FASTJSON_VEC_TWO_BYTE_QUOTE,
	FASTJSON_VEC_TWO_BYTE_SLASH,
	FASTJSON_VEC_COUNT
};

/* What the flags in force make of each byte. One set per combination of the five
 * flags that change ASCII escaping, built once at startup, picked once per call. */
typedef struct {
	/* 1 when the byte is copied verbatim; never for bytes >= 0x80. */
	uint8_t clean[256];
	/* What each ASCII byte becomes, padded to 8 bytes so it is written in one store: its
	 * escape when dirty, itself (length 1) when clean. */
	char escape[128][8];
	uint8_t escape_len[128];
	/* ASCII bytes other than controls, '"' and '\\' that the vector scan must stop at,
	 * each repeated across a vector; unused slots hold '"' so the kernels need not
	 * count them. Slot 0 is '/', slots 1-4 the HEX_TAG/AMP/APOS bytes. */
	ZEND_SET_ALIGNED(32, uint8_t extra_dirty_vec[5][32]);
	/* Constants of the AVX2 escape-dense kernel, see FASTJSON_VEC_*. */
	ZEND_SET_ALIGNED(16, uint8_t kernel_vec[FASTJSON_VEC_COUNT][16]);
	/* Whether any of slots 1-4 is in use. */
	bool has_hex_dirty;
} fastjson_escape_set;

struct _fastjson_encoder;

/* Writes a string value or key, escaped per the encoder's options. str must be the value
 * of a zend_string: strings shorter than a vector are loaded together with the end of
 * their header. */
typedef zend_result (*fastjson_escape_fn)(struct _fastjson_encoder *encoder, const char *str, size_t len);

void fastjson_escape_startup(void);

/* Indexed by HEX_TAG, HEX_AMP, HEX_APOS, HEX_QUOT (bits 0-3) and UNESCAPED_SLASHES (bit 4). */
extern fastjson_escape_set fastjson_escape_sets[32];

static zend_always_inline int fastjson_escape_set_index(int options)
{
	return (options & (PHP_JSON_HEX_TAG | PHP_JSON_HEX_AMP | PHP_JSON_HEX_APOS | PHP_JSON_HEX_QUOT))
		| ((options & PHP_JSON_UNESCAPED_SLASHES) ? 16 : 0);
}

static zend_always_inline const fastjson_escape_set *fastjson_escape_set_for(int options)
{
	return &fastjson_escape_sets[fastjson_escape_set_index(options)];
}
fastjson_escape_fn fastjson_escape_fn_for(fastjson_simd_path path, int options);

#ifdef FASTJSON_HAVE_SSE2
/* A byte is dirty when, as a signed byte, it is below 0x20 (controls and every byte
 * >= 0x80 at once), or equal to '"', '\\' or one of set->extra_dirty_vec. */
static zend_always_inline unsigned fastjson_dirty_mask_sse2(__m128i v, const fastjson_escape_set *set)
{
	__m128i dirty = _mm_or_si128(
		_mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(v, _mm_set1_epi8('"'))),
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')),
			_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[0]))));
	if (set->has_hex_dirty) {
		dirty = _mm_or_si128(dirty, _mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[1])),
				_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[2]))),
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[3])),
				_mm_cmpeq_epi8(v, _mm_load_si128((const __m128i *) set->extra_dirty_vec[4])))));
	}
	return (unsigned) _mm_movemask_epi8(dirty);
}
#endif

/* The first byte of a string shorter than 16 bytes that is not written verbatim, or
 * its end. str must be a zend_string's value: with a vector path this loads the 16
 * bytes that end where the string ends, the rest being its header, always allocated
 * and initialised. */
static zend_always_inline const unsigned char *fastjson_scan_short_zstr(const fastjson_escape_set *set,
		fastjson_simd_path path, const unsigned char *str, size_t len)
{
	size_t i;

	ZEND_ASSERT(len < 16);
#ifdef FASTJSON_HAVE_SSE2
	if (path != FASTJSON_SIMD_SCALAR) {
		unsigned mask = fastjson_dirty_mask_sse2(_mm_loadu_si128((const __m128i *) (str + len - 16)), set)
			>> (16 - len);
		return mask ? str + fastjson_ctz32(mask) : str + len;
	}
#else
	(void) path;
#endif
	for (i = 0; i < len && set->clean[str[i]]; i++) {
	}
	return str + i;
}

/* Whether every byte of a string of 16 to 31 bytes is written verbatim: two vectors that
 * overlap in the middle, or the table on the scalar path. */
static zend_always_inline bool fastjson_is_clean_16_to_31(const fastjson_escape_set *set, fastjson_simd_path path,
		const unsigned char *str, size_t len)
{
	size_t i;

	ZEND_ASSERT(len >= 16 && len < 32);
#ifdef FASTJSON_HAVE_SSE2
	if (path != FASTJSON_SIMD_SCALAR) {
		return (fastjson_dirty_mask_sse2(_mm_loadu_si128((const __m128i *) str), set)
			| fastjson_dirty_mask_sse2(_mm_loadu_si128((const __m128i *) (str + len - 16)), set)) == 0;
	}
#else
	(void) path;
#endif
	for (i = 0; i < len; i++) {
		if (!set->clean[str[i]]) {
			return false;
		}
	}
	return true;
}

#endif
