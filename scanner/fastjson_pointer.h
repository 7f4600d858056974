/* JSON Pointer (RFC 6901) over JSON text: finds the bytes of the value a pointer names
 * without building anything on the way. */

#ifndef FASTJSON_POINTER_H
#define FASTJSON_POINTER_H

#include "php.h"
#include "../fastjson_simd.h"

typedef enum {
	FASTJSON_POINTER_FOUND,
	/* A well-formed pointer that names no value of this document. */
	FASTJSON_POINTER_ABSENT,
	/* Not an RFC 6901 pointer: not empty and not starting with '/', or a '~' not
	 * followed by '0' or '1'. */
	FASTJSON_POINTER_INVALID,
} fastjson_pointer_status;

typedef struct {
	/* FOUND: the value's bytes, [start, end) of the document. */
	size_t start;
	size_t end;
	/* ABSENT, when only the last token is missing and the value can be added there: a
	 * missing member of an object, or "-" or the length as the index of an array. The
	 * new entry goes at byte 'insert' (after the container's last entry, or after its
	 * opening bracket when 'first'); 'key' is the member's name (the caller releases it). */
	bool addable;
	bool first;
	size_t insert;
	zend_string *key;
} fastjson_pointer_target;

/* Looks pointer up in json, which must be JSON that fastjson_validate_ex() accepts with the
 * same options. Object members are matched by their decoded names (with the
 * JSON_INVALID_UTF8_* options of the document's decode); of duplicate members the last
 * one counts, as json_decode() keeps it. Array indices are decimal without leading zeros. */
fastjson_pointer_status fastjson_pointer_find(const zend_string *json, const zend_string *pointer, int options,
		fastjson_simd_path simd, fastjson_pointer_target *target);

#endif
