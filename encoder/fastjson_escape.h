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
	/* ASCII bytes other than controls, '"' and '\\' that the vector scan must stop at;
	 * unused slots repeat '"' so the kernels need not count them. */
	char extra_dirty[5];
	/* Whether any of extra_dirty[1..4] (the HEX_TAG/AMP/APOS bytes) is in use. */
	bool has_hex_dirty;
} fastjson_escape_set;

/* Returns the first byte in [p, end) that is not clean, or end. */
typedef const unsigned char *(*fastjson_scan_fn)(
		const unsigned char *p, const unsigned char *end, const fastjson_escape_set *set);

void fastjson_escape_startup(void);

const fastjson_escape_set *fastjson_escape_set_for(int options);
fastjson_scan_fn fastjson_escape_scan_for(fastjson_simd_path path);

#endif
