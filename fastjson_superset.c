/* The API of the other PHP extension named fastjson, on fastjson's decoder and encoder:
 * fastjson_version(), FASTJSON_ERROR_*, fastjson_last_error_pos(), JSON Pointer (RFC 6901),
 * JSON Merge Patch (RFC 7386) and the file helpers. Where that extension departs from
 * ext/json, these keep ext/json's behaviour: every decode here is json_decode()'s, with its
 * errors, error state and JsonException. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "zend_exceptions.h"
#include "ext/standard/file.h"
#include "php_fastjson.h"
#include "fastjson_functions.h"
#include "encoder/fastjson_encoder.h"
#include "scanner/fastjson_parser.h"
#include "scanner/fastjson_structural.h"
#include "scanner/fastjson_pointer.h"
#include "scanner/fastjson_relaxed.h"

extern PHPAPI zend_class_entry *php_json_exception_ce;

/* ---- constants, version, error position ------------------------------------------------ */

/* FASTJSON_ERROR_X for every JSON_ERROR_X this PHP defines (ext/json starts first). */
void fastjson_superset_startup(int module_number)
{
	static const char prefix[] = "JSON_ERROR_";
	zend_string *names[64];
	zend_long values[64];
	zend_constant *c;
	int n = 0, i;

	ZEND_HASH_FOREACH_PTR(EG(zend_constants), c) {
		if (c->name && ZSTR_LEN(c->name) > sizeof(prefix) - 1 && n < 64 && Z_TYPE(c->value) == IS_LONG
				&& memcmp(ZSTR_VAL(c->name), prefix, sizeof(prefix) - 1) == 0) {
			names[n] = c->name;
			values[n++] = Z_LVAL(c->value);
		}
	} ZEND_HASH_FOREACH_END();
	/* Registered after the walk: adding to the table could move its entries. */
	for (i = 0; i < n; i++) {
		char name[96];
		int len = snprintf(name, sizeof(name), "FASTJSON_%s", ZSTR_VAL(names[i]) + sizeof("JSON_") - 1);
		zend_register_long_constant(name, (size_t) len, values[i], CONST_PERSISTENT, module_number);
	}
	zend_register_long_constant("FASTJSON_DECODE_RELAXED", sizeof("FASTJSON_DECODE_RELAXED") - 1,
		FASTJSON_DECODE_RELAXED, CONST_PERSISTENT, module_number);
}

zend_long fastjson_last_error_pos(void)
{
	const fastjson_error_info *info = &FASTJSON_G(last_error);

	/* line 0: ext/json answered or a file failed, so there is no place to give. */
	return info->code == PHP_JSON_ERROR_NONE || info->line == 0 ? -1 : (zend_long) info->offset;
}

PHP_FUNCTION(fastjson_version)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STRING(PHP_FASTJSON_VERSION);
}

PHP_FUNCTION(fastjson_last_error_pos)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(fastjson_last_error_pos());
}

/* ---- JSON Pointer ------------------------------------------------------------------------ */

/* Whether some member name may start with U+0000 ("\u0000" right after a quote), which
 * json_decode() refuses as a property name; a quote that is itself escaped only costs a
 * full decode. */
static bool fastjson_may_have_nul_name(const zend_string *text)
{
	const char *p = ZSTR_VAL(text), *end = p + ZSTR_LEN(text);

	while ((p = memchr(p, '\\', end - p)) != NULL) {
		if (p > ZSTR_VAL(text) && p[-1] == '"' && end - p >= 6 && memcmp(p, "\\u0000", 6) == 0) {
			return true;
		}
		p += 2;
		if (p >= end) {
			break;
		}
	}
	return false;
}

/* Checks text (json, or its relaxed blanking) as json_decode(json, ..., depth, options)
 * would decode it, without building it: the structural stage (doing track's look-up on the
 * way, when given) or the exact scanner, then a full decode only when that fails (for
 * json_decode()'s own error, offset and order) or when a property name may be refused.
 * Records and reports the outcome as json_decode(). */
static bool fastjson_check_document(const zend_string *json, const zend_string *text, zend_long depth, zend_long options,
		fastjson_pointer_track *track)
{
	fastjson_simd_path simd = FASTJSON_G(simd_path);
	fastjson_parse_error error = {PHP_JSON_ERROR_NONE, 0};
	bool valid = fastjson_structural_active() && (track ? fastjson_structural_find(text, (int) depth, simd, track)
		: fastjson_structural_validate(text, (int) depth, simd));

	if (!valid) {
		valid = fastjson_validate_ex(text, (int) options, (int) depth, simd, &error) == PHP_JSON_ERROR_NONE;
	}
	if (!valid || (!(options & PHP_JSON_OBJECT_AS_ARRAY)
			&& (track && track->done ? track->nul_name : fastjson_may_have_nul_name(text)))) {
		zval value;
		if (fastjson_decode_ex(&value, text, (int) options, (int) depth, simd, &error) == PHP_JSON_ERROR_NONE) {
			zval_ptr_dtor(&value);
		}
	}
	fastjson_decode_end(json, &error, options);
	return error.code == PHP_JSON_ERROR_NONE;
}

/* Decodes the value at [start, end) of text into return_value (null on error). */
static void fastjson_decode_slice(zval *return_value, const zend_string *json, const zend_string *text, size_t start,
		size_t end, zend_long depth, zend_long options)
{
	zend_string *slice = zend_string_init(ZSTR_VAL(text) + start, end - start, 0);
	fastjson_parse_error error;

	fastjson_decode_ex(return_value, slice, (int) options, (int) depth, FASTJSON_G(simd_path), &error);
	zend_string_release(slice);
	if (error.code != PHP_JSON_ERROR_NONE) {
		ZVAL_NULL(return_value);
		error.offset += start;
		fastjson_decode_end(json, &error, options);
	}
}

/* The document and pointer of a pointer function after json_decode()'s checks: the text
 * to walk (a relaxed blanking of json, or json itself) in *blanked, its pointer target in
 * *target; returns the lookup's status, or -1 when the document failed (reported). The
 * look-up is done during the document's check when the structural stage accepts it, else
 * by a walk after the exact scanner's. */
static int fastjson_pointer_lookup(const zend_string *json, const zend_string *pointer, zend_long depth,
		zend_long options, zend_string **blanked, fastjson_pointer_target *target)
{
	fastjson_simd_path simd = FASTJSON_G(simd_path);
	const zend_string *text;
	fastjson_pointer_track track;
	bool valid_pointer;
	int status;

	*blanked = options & FASTJSON_DECODE_RELAXED ? fastjson_relaxed_blank(json, simd) : NULL;
	text = *blanked ? *blanked : json;
	memset(target, 0, sizeof(*target));
	valid_pointer = fastjson_pointer_track_init(&track, text, pointer, (int) options, simd);
	if (!fastjson_check_document(json, text, depth, options & ~FASTJSON_DECODE_RELAXED,
			valid_pointer ? &track : NULL)) {
		status = -1;
	} else if (!valid_pointer) {
		status = FASTJSON_POINTER_INVALID;
	} else if (track.done) {
		status = (int) fastjson_pointer_track_result(&track, target);
	} else {
		status = (int) fastjson_pointer_find(text, pointer, (int) options, simd, target);
	}
	if (valid_pointer) {
		fastjson_pointer_track_release(&track);
	}
	return status;
}

PHP_FUNCTION(fastjson_pointer_get)
{
	zend_string *json, *pointer, *blanked;
	bool assoc = false, assoc_null = true;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH, options = 0;
	fastjson_pointer_target target;

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_STR(json)
		Z_PARAM_STR(pointer)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	options = fastjson_decode_options(assoc, assoc_null, options);
	if (!fastjson_decode_begin(json, depth, options, 4)) {
		return;
	}
	/* The whole document: one decode. */
	if (ZSTR_LEN(pointer) == 0) {
		fastjson_decode_text(return_value, json, depth, options);
		return;
	}
	if (fastjson_pointer_lookup(json, pointer, depth, options, &blanked, &target) == FASTJSON_POINTER_FOUND) {
		fastjson_decode_slice(return_value, json, blanked ? blanked : json, target.start, target.end, depth,
			options & ~FASTJSON_DECODE_RELAXED);
	}
	if (target.key) {
		zend_string_release(target.key);
	}
	if (blanked) {
		zend_string_release(blanked);
	}
}

PHP_FUNCTION(fastjson_pointer_exists)
{
	zend_string *json, *pointer, *blanked;
	zend_long options = 0;
	fastjson_pointer_target target;
	int status;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_STR(json)
		Z_PARAM_STR(pointer)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	/* json_decode()'s default depth: there is no $depth. */
	if (!fastjson_decode_begin(json, PHP_JSON_PARSER_DEFAULT_DEPTH, options, 0)) {
		RETURN_FALSE;
	}
	status = fastjson_pointer_lookup(json, pointer, PHP_JSON_PARSER_DEFAULT_DEPTH, options, &blanked, &target);
	if (target.key) {
		zend_string_release(target.key);
	}
	if (blanked) {
		zend_string_release(blanked);
	}
	RETURN_BOOL(status == FASTJSON_POINTER_FOUND);
}

/* json with [from, to) replaced by sep, then key and ':' (when key is given), then value. */
static zend_string *fastjson_splice(const zend_string *json, size_t from, size_t to, const char *sep,
		const zend_string *key, const zend_string *value)
{
	size_t sep_len = strlen(sep), key_len = key ? ZSTR_LEN(key) + 1 : 0;
	zend_string *out = zend_string_alloc(ZSTR_LEN(json) - (to - from) + sep_len + key_len + ZSTR_LEN(value), 0);
	char *o = ZSTR_VAL(out);

	memcpy(o, ZSTR_VAL(json), from);
	o += from;
	memcpy(o, sep, sep_len);
	o += sep_len;
	if (key) {
		memcpy(o, ZSTR_VAL(key), ZSTR_LEN(key));
		o += ZSTR_LEN(key);
		*o++ = ':';
	}
	memcpy(o, ZSTR_VAL(value), ZSTR_LEN(value));
	o += ZSTR_LEN(value);
	memcpy(o, ZSTR_VAL(json) + to, ZSTR_LEN(json) - to);
	o += ZSTR_LEN(json) - to;
	*o = '\0';
	return out;
}

/* fastjson_encode_reported(), and NULL when jsonSerialize() threw: nothing is written then. */
static zend_string *fastjson_encode_for_write(zval *value, zend_long options, zend_long depth)
{
	zend_string *encoded = fastjson_encode_reported(value, options, depth);

	if (encoded && EG(exception)) {
		zend_string_release_ex(encoded, 0);
		return NULL;
	}
	return encoded;
}

PHP_FUNCTION(fastjson_pointer_set)
{
	zend_string *json, *pointer, *blanked, *encoded = NULL, *key = NULL;
	zval *value;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH, flags = 0, doc_options;
	fastjson_pointer_target target;
	int status;

	ZEND_PARSE_PARAMETERS_START(3, 5)
		Z_PARAM_STR(json)
		Z_PARAM_STR(pointer)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(flags)
	ZEND_PARSE_PARAMETERS_END();

	/* The document is checked as json_decode($json, true, $depth, $flags) reads it; the
	 * flags that only encode apply to $value. */
	doc_options = PHP_JSON_OBJECT_AS_ARRAY | (flags & (PHP_JSON_INVALID_UTF8_IGNORE | PHP_JSON_INVALID_UTF8_SUBSTITUTE
		| PHP_JSON_THROW_ON_ERROR | FASTJSON_DECODE_RELAXED));
	if (!fastjson_decode_begin(json, depth, doc_options, 4)) {
		RETURN_FALSE;
	}
	status = fastjson_pointer_lookup(json, pointer, depth, doc_options, &blanked, &target);
	if (status == FASTJSON_POINTER_FOUND || (status == FASTJSON_POINTER_ABSENT && target.addable)) {
		encoded = fastjson_encode_for_write(value, flags & ~FASTJSON_DECODE_RELAXED, depth);
	}
	if (encoded && target.key) {
		zval name;
		/* A name stays a string and is never partial output. */
		ZVAL_STR(&name, target.key);
		key = fastjson_encode_for_write(&name, flags & ~(FASTJSON_DECODE_RELAXED | PHP_JSON_NUMERIC_CHECK
			| PHP_JSON_PARTIAL_OUTPUT_ON_ERROR), depth);
	}
	if (encoded && status == FASTJSON_POINTER_FOUND) {
		RETVAL_STR(fastjson_splice(json, target.start, target.end, "", NULL, encoded));
	} else if (encoded && (key || !target.key)) {
		RETVAL_STR(fastjson_splice(json, target.insert, target.insert, target.first ? "" : ",", key, encoded));
	} else {
		RETVAL_FALSE;
	}
	if (encoded) {
		zend_string_release(encoded);
	}
	if (key) {
		zend_string_release(key);
	}
	if (target.key) {
		zend_string_release(target.key);
	}
	if (blanked) {
		zend_string_release(blanked);
	}
}

/* ---- JSON Merge Patch -------------------------------------------------------------------- */

/* RFC 7386's MergePatch(target, patch), target changed in place. Only objects built here
 * are changed: a patch's values are shared into the result, never modified. Recursion
 * follows the patch's objects, which the decoder limits to 2,499 levels. */
static void fastjson_merge(zval *target, zval *patch)
{
	HashTable *into;
	zend_string *name;
	zend_ulong index;
	zval *member;

	if (Z_TYPE_P(patch) != IS_OBJECT) {
		zval_ptr_dtor(target);
		ZVAL_COPY(target, patch);
		return;
	}
	if (Z_TYPE_P(target) != IS_OBJECT) {
		zval_ptr_dtor(target);
		object_init(target);
	}
	into = Z_OBJPROP_P(target);
	ZEND_HASH_FOREACH_KEY_VAL(Z_OBJPROP_P(patch), index, name, member) {
		zval *current = name ? zend_hash_find(into, name) : zend_hash_index_find(into, index);
		if (Z_TYPE_P(member) == IS_NULL) {
			if (current) {
				name ? zend_hash_del(into, name) : zend_hash_index_del(into, index);
			}
		} else if (current) {
			fastjson_merge(current, member);
		} else {
			zval added;
			ZVAL_NULL(&added);
			fastjson_merge(&added, member);
			name ? zend_hash_add_new(into, name, &added) : zend_hash_index_add_new(into, index, &added);
		}
	} ZEND_HASH_FOREACH_END();
}

/* value with every object turned into an array, as json_decode(..., true) builds them
 * (numeric names become integer keys). */
static void fastjson_objects_to_arrays(zval *out, zval *value)
{
	zend_string *name;
	zend_ulong index;
	zval *member;
	bool object = Z_TYPE_P(value) == IS_OBJECT;
	HashTable *from;

	if (!object && Z_TYPE_P(value) != IS_ARRAY) {
		ZVAL_COPY(out, value);
		return;
	}
	from = object ? Z_OBJPROP_P(value) : Z_ARRVAL_P(value);
	array_init_size(out, zend_hash_num_elements(from));
	ZEND_HASH_FOREACH_KEY_VAL(from, index, name, member) {
		zval converted;
		fastjson_objects_to_arrays(&converted, member);
		if (!name) {
			zend_hash_index_update(Z_ARRVAL_P(out), index, &converted);
		} else if (object) {
			zend_symtable_update(Z_ARRVAL_P(out), name, &converted);
		} else {
			zend_hash_update(Z_ARRVAL_P(out), name, &converted);
		}
	} ZEND_HASH_FOREACH_END();
}

/* Decodes one operand of a merge patch with objects as stdClass (the patch rules tell
 * objects from arrays); false when it failed (reported as json_decode() reports it). */
static bool fastjson_merge_operand(zval *out, const zend_string *json, zend_long depth, zend_long options)
{
	ZVAL_NULL(out);
	if (!fastjson_decode_begin(json, depth, options, 4)) {
		return false;
	}
	fastjson_decode_text(out, json, depth, options & ~PHP_JSON_OBJECT_AS_ARRAY);
	if (FASTJSON_G(last_error).code != PHP_JSON_ERROR_NONE || EG(exception)) {
		zval_ptr_dtor(out);
		return false;
	}
	return true;
}

PHP_FUNCTION(fastjson_merge_patch)
{
	zend_string *target_json, *patch_json;
	bool assoc = false, assoc_null = true;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH, options = 0;
	zval target, patch;

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_STR(target_json)
		Z_PARAM_STR(patch_json)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	options = fastjson_decode_options(assoc, assoc_null, options);
	if (!fastjson_merge_operand(&target, target_json, depth, options)) {
		return;
	}
	if (!fastjson_merge_operand(&patch, patch_json, depth, options)) {
		zval_ptr_dtor(&target);
		return;
	}
	fastjson_merge(&target, &patch);
	zval_ptr_dtor(&patch);
	if (options & PHP_JSON_OBJECT_AS_ARRAY) {
		fastjson_objects_to_arrays(return_value, &target);
		zval_ptr_dtor(&target);
	} else {
		ZVAL_COPY_VALUE(return_value, &target);
	}
}

/* ---- files ------------------------------------------------------------------------------- */

/* A file helper's I/O failure: JSON_ERROR_SYNTAX in the error state, as the other
 * extension reports it, and the reason in fastjson_last_error_info()['msg']. */
static void fastjson_file_failed(const char *reason)
{
	fastjson_error_info *info = &FASTJSON_G(last_error);

	fastjson_json_error_set(PHP_JSON_ERROR_SYNTAX);
	info->code = PHP_JSON_ERROR_SYNTAX;
	info->offset = info->line = info->column = 0;
	info->io_error = reason;
}

PHP_FUNCTION(fastjson_file_decode)
{
	zend_string *filename, *contents;
	bool assoc = false, assoc_null = true;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH, options = 0;
	php_stream *stream;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_PATH_STR(filename)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	/* The stream layer reports why it could not open, as for file_get_contents(). */
	stream = php_stream_open_wrapper_ex(ZSTR_VAL(filename), "rb", REPORT_ERRORS, NULL,
		php_stream_context_from_zval(NULL, 0));
	if (!stream) {
		fastjson_file_failed("Failed to open file for reading");
		return;
	}
	contents = php_stream_copy_to_mem(stream, PHP_STREAM_COPY_ALL, 0);
	php_stream_close(stream);
	if (!contents) {
		contents = ZSTR_EMPTY_ALLOC();
	}
	options = fastjson_decode_options(assoc, assoc_null, options);
	if (fastjson_decode_begin(contents, depth, options, 3)) {
		fastjson_decode_text(return_value, contents, depth, options);
	}
	zend_string_release(contents);
}

/* Writes data through another wrapper; false when it could not be opened or fully written. */
static bool fastjson_write_stream(const char *url, const zend_string *data, php_stream_context *context)
{
	php_stream *stream = php_stream_open_wrapper_ex(url, "wb", REPORT_ERRORS, NULL, context);
	bool written;

	if (!stream) {
		return false;
	}
	written = php_stream_write(stream, ZSTR_VAL(data), ZSTR_LEN(data)) == (ssize_t) ZSTR_LEN(data)
		&& php_stream_flush(stream) == 0;
	return php_stream_close(stream) == 0 && written;
}

/* A plain file is replaced whole: the text goes to a new file beside it, which then takes
 * the old file's permissions and is renamed over it, so that a failure leaves the old
 * file (or none) and never half of the new one. A symbolic link is followed: the file it
 * names is replaced and the link stays. */
static bool fastjson_replace_plain_file(php_stream_wrapper *wrapper, const char *path, const zend_string *data,
		php_stream_context *context)
{
	char real[MAXPATHLEN];
	php_stream_statbuf old;
	bool had_old;
	int attempt;

	if (VCWD_REALPATH(path, real)) {
		path = real;
	}
	had_old = wrapper->wops->url_stat(wrapper, path, PHP_STREAM_URL_STAT_QUIET, &old, context) == 0;
	for (attempt = 0; attempt < 8; attempt++) {
		/* "x": created here or not at all, so a name in use is never overwritten. */
		zend_string *temp = zend_strpprintf(0, "%s.%lx.%lx.%d.fastjson-tmp", path, (unsigned long) getpid(),
			(unsigned long) time(NULL), attempt);
		php_stream *stream = php_stream_open_wrapper_ex(ZSTR_VAL(temp), "xb", REPORT_ERRORS, NULL, context);
		bool done;

		if (!stream) {
			bool taken = errno == EEXIST;
			zend_string_release(temp);
			if (taken) {
				continue;
			}
			return false;
		}
		done = php_stream_write(stream, ZSTR_VAL(data), ZSTR_LEN(data)) == (ssize_t) ZSTR_LEN(data)
			&& php_stream_flush(stream) == 0;
		done = php_stream_close(stream) == 0 && done;
		if (done && had_old) {
			zend_long mode = (zend_long) (old.sb.st_mode & 07777);
			wrapper->wops->stream_metadata(wrapper, ZSTR_VAL(temp), PHP_STREAM_META_ACCESS, &mode, context);
		}
		done = done && wrapper->wops->rename(wrapper, ZSTR_VAL(temp), path, 0, context) != 0;
		if (!done) {
			wrapper->wops->unlink(wrapper, ZSTR_VAL(temp), 0, context);
		}
		zend_string_release(temp);
		return done;
	}
	return false;
}

/* Other wrappers (php://memory, user wrappers) are written directly. */
static bool fastjson_write_file(const zend_string *filename, const zend_string *data)
{
	php_stream_context *context = php_stream_context_from_zval(NULL, 0);
	const char *path;
	php_stream_wrapper *wrapper = php_stream_locate_url_wrapper(ZSTR_VAL(filename), &path, 0);

	if (wrapper != &php_plain_files_wrapper) {
		return fastjson_write_stream(ZSTR_VAL(filename), data, context);
	}
	return fastjson_replace_plain_file(wrapper, path, data, context);
}

PHP_FUNCTION(fastjson_file_encode)
{
	zend_string *filename, *encoded;
	zval *value;
	zend_long flags = 0, depth = PHP_JSON_PARSER_DEFAULT_DEPTH;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_PATH_STR(filename)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(flags)
		Z_PARAM_LONG(depth)
	ZEND_PARSE_PARAMETERS_END();

	/* Nothing is written unless the whole value encodes. */
	encoded = fastjson_encode_for_write(value, flags, depth);
	if (!encoded) {
		RETURN_FALSE;
	}
	if (!fastjson_write_file(filename, encoded)) {
		fastjson_file_failed("Failed to write file");
		RETVAL_FALSE;
	} else {
		RETVAL_TRUE;
	}
	zend_string_release(encoded);
}
