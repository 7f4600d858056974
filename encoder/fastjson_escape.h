/* String escaping: the clean-run scan kernels and the per-flag escape tables. */

#ifndef FASTJSON_ESCAPE_H
#define FASTJSON_ESCAPE_H

#include "php.h"
#include "../fastjson_simd.h"

/* What the flags in force make of each byte. One set per combination of the five
 * flags that change ASCII escaping, built once at startup, picked once per call. */
typedef struct {
	/* 1 when the byte is copied verbatim; never for bytes >= 0x80. */
	uint8_t clean[256];
	/* The escape of each dirty ASCII byte, padded to 8 bytes so it is written in one store. */
	char escape[128][8];
	uint8_t escape_len[128];
	/* ASCII bytes other than controls, '"' and '\\' that the vector scan must stop at,
	 * each repeated across a vector; unused slots hold '"' so the kernels need not
	 * count them. Slot 0 is '/', slots 1-4 the HEX_TAG/AMP/APOS bytes. */
	ZEND_SET_ALIGNED(32, uint8_t extra_dirty_vec[5][32]);
	/* Whether any of slots 1-4 is in use. */
	bool has_hex_dirty;
} fastjson_escape_set;

struct _fastjson_encoder;

/* Writes a string value or key, escaped per the encoder's options. str must be the value
 * of a zend_string: strings shorter than a vector are loaded together with the end of
 * their header. */
typedef zend_result (*fastjson_escape_fn)(struct _fastjson_encoder *encoder, const char *str, size_t len);

void fastjson_escape_startup(void);

const fastjson_escape_set *fastjson_escape_set_for(int options);
fastjson_escape_fn fastjson_escape_fn_for(fastjson_simd_path path);

#endif
