/* zval -> JSON, byte-identical to ext/json's php_json_encode_zval(). */

#ifndef FASTJSON_ENCODER_H
#define FASTJSON_ENCODER_H

#include "php.h"
#include "ext/json/php_json.h"
#include "fastjson_buf.h"
#include "fastjson_escape.h"

/* Failed small-map attempts a walk pays for before it stops trying (fastjson_walk.h). */
#define FASTJSON_SMALL_MAP_CREDIT 16

typedef struct _fastjson_encoder {
	fastjson_buf buf;
	int options;
	int depth;
	int max_depth;
	php_json_error_code error_code;
	const fastjson_escape_set *escape_set;
	/* The SIMD path in force and its string writer. */
	fastjson_simd_path simd_path;
	fastjson_escape_fn escape;
	/* Below this address the C stack is too close to its end to nest deeper. */
	const char *stack_limit;
	/* The last class seen that is neither JsonSerializable nor an enum (at first stdClass,
	 * which is neither): documents of such objects skip both checks. */
	const zend_class_entry *plain_class;
	/* Small maps are tried while this is positive (fastjson_write_small_map()). */
	int small_map_credit;
} fastjson_encoder;

/* Prepares an encoder for one call; expected_len: the caller's guess of the output's
 * length (FASTJSON_BUF_EXPECTED_MIN), 0 for none. */
void fastjson_encoder_init(fastjson_encoder *encoder, int options, int max_depth, fastjson_simd_path path, size_t expected_len);

/* Encodes like php_json_encode_zval(): on FAILURE the error is in encoder->error_code
 * (or an exception is pending) and the buffer holds what ext/json's would. */
zend_result fastjson_encode_zval(fastjson_encoder *encoder, zval *val);

/* The value walker's copies (fastjson_walk.h), of which fastjson_encode_zval() picks the
 * one for the encoder's SIMD path. */
zend_result fastjson_walk(fastjson_encoder *encoder, zval *val);
#ifdef FASTJSON_HAVE_AVX512
zend_result fastjson_walk_avx512(fastjson_encoder *encoder, zval *val);
#endif


#endif
