/* FASTJSON_DECODE_RELAXED: the few extensions to JSON that the fastjson_*() functions
 * accept with that flag, removed before the exact scanner reads the text. */

#ifndef FASTJSON_RELAXED_H
#define FASTJSON_RELAXED_H

#include "php.h"
#include "../fastjson_simd.h"

/* A bit ext/json does not use; json_*() ignore it (or refuse it, as json_validate()
 * refuses every unknown flag), only the fastjson_*() functions honour it. */
#define FASTJSON_DECODE_RELAXED (1 << 23)

/* A copy of json in which "//" and "/ * * /" comments, trailing commas in arrays and
 * objects and a leading UTF-8 byte order mark are blanked with spaces, or NULL when json
 * has none of them. The copy has json's length and every other byte in place, so the
 * scanner's error offsets are json's. Anything else stays for the scanner to reject: an
 * unterminated comment, a comma after '[', '{', ':' or another comma, a mark elsewhere. */
zend_string *fastjson_relaxed_blank(const zend_string *json, fastjson_simd_path simd);

#endif
