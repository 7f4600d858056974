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

/* The look-up done while the structural stage validates the document (see
 * fastjson_structural_find()), so that a field costs one pass over the text, not a pass
 * and a walk. The stage calls the fastjson_pointer_on_*() hooks only for tokens at depth
 * 'watch' (the deepest open container on the pointer's path), and on_value only when
 * 'armed' is that depth (the next value is the one the pointer names there). */
typedef struct {
	/* The pointer's reference tokens, unescaped, and each one as an array index (-1 when
	 * it is none). */
	zend_string **tokens;
	zend_long *indices;
	uint32_t count;
	int options;
	fastjson_simd_path simd;
	const unsigned char *base;
	const unsigned char *limit;
	uint32_t watch;
	uint32_t armed;           /* UINT32_MAX when no value is named next */
	zend_long commas_left;    /* in the array at 'watch': commas before the named element */
	/* The last candidates (of duplicate members the last one counts): the target's first
	 * byte and, for a container, the byte past it; the brackets of the target's parent (a
	 * container) and the commas between its entries, for pointer_set's additions. NULL
	 * when absent. */
	const unsigned char *found;
	const unsigned char *found_end;
	const unsigned char *parent;
	const unsigned char *parent_close;
	zend_long parent_commas;
	/* Some member name starts with U+0000 (json_decode() refuses it as a property name). */
	bool nul_name;
	/* The stage accepted the whole document: the results above are final. */
	bool done;
} fastjson_pointer_track;

/* Prepares track for pointer over json; false (nothing to release) when pointer is not an
 * RFC 6901 pointer. */
bool fastjson_pointer_track_init(fastjson_pointer_track *track, const zend_string *json, const zend_string *pointer,
		int options, fastjson_simd_path simd);
void fastjson_pointer_track_release(fastjson_pointer_track *track);
/* The outcome of a look-up the stage completed (track->done), as fastjson_pointer_find(). */
fastjson_pointer_status fastjson_pointer_track_result(fastjson_pointer_track *track, fastjson_pointer_target *target);

/* The stage's hooks; t is the token's first byte, open the number of open containers. */
void fastjson_pointer_on_value(fastjson_pointer_track *track, const unsigned char *t, uint32_t open);
void fastjson_pointer_on_key(fastjson_pointer_track *track, const unsigned char *t);
void fastjson_pointer_on_comma(fastjson_pointer_track *track);
void fastjson_pointer_on_close(fastjson_pointer_track *track, const unsigned char *t);

/* Looks pointer up in json, which must be JSON that fastjson_validate_ex() accepts with the
 * same options: the walk, for documents the structural stage did not check. Object members are matched by their decoded names (with the
 * JSON_INVALID_UTF8_* options of the document's decode); of duplicate members the last
 * one counts, as json_decode() keeps it. Array indices are decimal without leading zeros. */
fastjson_pointer_status fastjson_pointer_find(const zend_string *json, const zend_string *pointer, int options,
		fastjson_simd_path simd, fastjson_pointer_target *target);

#endif
