/* fastjson.verify_dump_dir (see fastjson_dump.h).
 *
 * A dump is a text file: "key: value" lines (values printable, other bytes as \xNN),
 * then sections "== NAME LENGTH\n" followed by exactly LENGTH raw bytes and "\n": the
 * input (the JSON text, or for json_encode() the value as serialize() writes it) and each
 * side's return value as serialize() writes it. tools/verify_replay.php reads it back.
 *
 * Files are created with O_CREAT|O_EXCL|O_NOFOLLOW and mode 0600 (never an existing file,
 * never through a symlink), at most FASTJSON_DUMP_PER_MINUTE a minute and
 * fastjson.verify_dump_max_files in all for every process sharing the counters
 * (fastjson_pool.h); the input and results together are cut at
 * fastjson.verify_dump_max_bytes, which the file says. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "ext/standard/php_var.h"
#include "php_fastjson.h"
#include "fastjson_pool.h"
#include "fastjson_dump.h"

#include <errno.h>
#ifndef PHP_WIN32
# include <fcntl.h>
# include <sys/stat.h>
# include <time.h>
# include <unistd.h>
#endif

#define FASTJSON_DUMP_PER_MINUTE 10

/* value, as one header line's value: printable ASCII, anything else as \xNN. */
static void fastjson_dump_escaped(smart_str *out, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char) s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\') {
			smart_str_appendc(out, (char) c);
		} else {
			smart_str_append_printf(out, "\\x%02x", c);
		}
	}
}

/* An integer argument as the function read it, or its default when not given. */
static zend_long fastjson_dump_long_arg(zend_execute_data *execute_data, uint32_t position, zend_long absent)
{
	if (ZEND_CALL_NUM_ARGS(execute_data) < position) {
		return absent;
	}
	return zval_get_long(ZEND_CALL_ARG(execute_data, position));
}

/* serialize() of value; NULL with *why set when it cannot be (a closure, an object whose
 * __serialize() throws, ...). Runs with no exception pending, restores the one there was. */
static zend_string *fastjson_dump_serialize(zval *value, zend_string **why)
{
	zend_object *pending = EG(exception);
	php_serialize_data_t var_hash;
	smart_str buf = {0};

	EG(exception) = NULL;
	PHP_VAR_SERIALIZE_INIT(var_hash);
	php_var_serialize(&buf, value, &var_hash);
	PHP_VAR_SERIALIZE_DESTROY(var_hash);
	if (EG(exception)) {
		zval rv, *message = zend_read_property_ex(EG(exception)->ce, EG(exception), ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
		*why = zval_get_string(message);
		zend_clear_exception();
		smart_str_free(&buf);
		EG(exception) = pending;
		return NULL;
	}
	EG(exception) = pending;
	smart_str_0(&buf);
	return buf.s ? buf.s : ZSTR_EMPTY_ALLOC();
}

/* "name.error", "name.exception" header lines of one side. */
static void fastjson_dump_outcome_header(smart_str *out, const char *name, const fastjson_outcome *o)
{
	smart_str_append_printf(out, "%s.error: %d\n%s.exception: ", name, (int) o->error, name);
	if (o->exception_class) {
		fastjson_dump_escaped(out, ZSTR_VAL(o->exception_class), ZSTR_LEN(o->exception_class));
		smart_str_append_printf(out, " " ZEND_LONG_FMT " ", o->exception_code);
		fastjson_dump_escaped(out, ZSTR_VAL(o->exception_message), ZSTR_LEN(o->exception_message));
	} else {
		smart_str_appends(out, "none");
	}
	smart_str_appendc(out, '\n');
}

/* A section of at most *budget bytes of data; says in the header whether it was cut. */
static void fastjson_dump_section(smart_str *head, smart_str *body, const char *name, const char *data, size_t len,
	size_t *budget)
{
	size_t kept = len < *budget ? len : *budget;

	*budget -= kept;
	smart_str_append_printf(head, "%s.bytes: %zu\n%s.truncated: %s\n", name, len, name, kept < len ? "yes" : "no");
	smart_str_append_printf(body, "== %s %zu\n", name, kept);
	smart_str_appendl(body, data, kept);
	smart_str_appendc(body, '\n');
}

/* serialize() of one side's result as a section, or a note when it cannot be. */
static void fastjson_dump_result(smart_str *head, smart_str *body, const char *name, const fastjson_outcome *o,
	size_t *budget)
{
	zval copy;
	zend_string *why = NULL, *data;

	ZVAL_COPY_VALUE(&copy, &o->value);
	data = fastjson_dump_serialize(&copy, &why);
	if (data) {
		fastjson_dump_section(head, body, name, ZSTR_VAL(data), ZSTR_LEN(data), budget);
		zend_string_release(data);
	} else {
		smart_str_append_printf(head, "%s.unserializable: ", name);
		fastjson_dump_escaped(head, ZSTR_VAL(why), ZSTR_LEN(why));
		smart_str_appendc(head, '\n');
		zend_string_release(why);
	}
}

#ifndef PHP_WIN32
/* Creates a new file in dir (never an existing one, never through a symlink) and writes
 * content; returns its path, or NULL with *error set. */
static zend_string *fastjson_dump_write(const char *dir, fastjson_fn fn, const smart_str *content, int *error)
{
	static uint32_t sequence = 0;
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	int attempt, fd = -1;
	zend_string *path = NULL;
	size_t done = 0;

	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	for (attempt = 0; attempt < 16 && fd < 0; attempt++) {
		if (path) {
			zend_string_release(path);
		}
		path = zend_strpprintf(0, "%s/fastjson-verify-%s-%ld-%u-%s.txt", dir, stamp, (long) getpid(),
			(unsigned) __atomic_fetch_add(&sequence, 1, __ATOMIC_RELAXED), fastjson_fn_name(fn));
		fd = open(ZSTR_VAL(path), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST) {
			break;
		}
	}
	if (fd < 0) {
		*error = errno;
		zend_string_release(path);
		return NULL;
	}
	/* The umask may have taken bits off, never added any; make it exactly 0600. */
	if (fchmod(fd, 0600) != 0) {
		*error = errno;
	}
	while (done < ZSTR_LEN(content->s)) {
		ssize_t n = write(fd, ZSTR_VAL(content->s) + done, ZSTR_LEN(content->s) - done);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			*error = n < 0 ? errno : EIO;
			break;
		}
		done += (size_t) n;
	}
	if (close(fd) != 0 && done == ZSTR_LEN(content->s)) {
		*error = errno;
	}
	return path;
}
#endif

zend_string *fastjson_dump_mismatch(zend_execute_data *execute_data, fastjson_fn fn, const fastjson_outcome *ours,
	const fastjson_outcome *theirs)
{
	const char *dir = FASTJSON_G(verify_dump_dir);
	fastjson_counters *counters;
	smart_str head = {0}, body = {0};
	zval *arg = ZEND_CALL_NUM_ARGS(execute_data) >= 1 ? ZEND_CALL_ARG(execute_data, 1) : NULL;
	size_t budget;
	zend_string *path = NULL, *note;
	int error = 0;

	if (!dir || !*dir) {
		return NULL;
	}
	counters = fastjson_pool_counters();
	if (!fastjson_pool_take_dump_token(FASTJSON_G(verify_dump_max_files), FASTJSON_DUMP_PER_MINUTE)) {
		fastjson_count(&counters->dumps_skipped, 1);
		return zend_strpprintf(0, " (not written to fastjson.verify_dump_dir: over %d a minute or "
			"fastjson.verify_dump_max_files)", FASTJSON_DUMP_PER_MINUTE);
	}

	budget = FASTJSON_G(verify_dump_max_bytes) > 0 ? (size_t) FASTJSON_G(verify_dump_max_bytes) : 0;
	smart_str_appends(&head, "fastjson verify mismatch\n");
	smart_str_append_printf(&head, "function: %s\n", fastjson_fn_name(fn));
	smart_str_append_printf(&head, "flags: " ZEND_LONG_FMT "\n",
		fastjson_dump_long_arg(execute_data, fn == FASTJSON_FN_ENCODE ? 2 : (fn == FASTJSON_FN_DECODE ? 4 : 3), 0));
	smart_str_append_printf(&head, "depth: " ZEND_LONG_FMT "\n",
		fastjson_dump_long_arg(execute_data, fn == FASTJSON_FN_VALIDATE ? 2 : 3, PHP_JSON_PARSER_DEFAULT_DEPTH));
	if (fn == FASTJSON_FN_DECODE) {
		zval *assoc = ZEND_CALL_NUM_ARGS(execute_data) >= 2 ? ZEND_CALL_ARG(execute_data, 2) : NULL;
		smart_str_append_printf(&head, "associative: %s\n",
			!assoc || Z_TYPE_P(assoc) == IS_NULL ? "null" : (zend_is_true(assoc) ? "true" : "false"));
	}
	smart_str_append_printf(&head, "php: %s\nfastjson: %s\nsimd: %s\npid: %ld\ntime: %ld\n", PHP_VERSION,
		PHP_FASTJSON_VERSION, fastjson_simd_path_name(FASTJSON_G(simd_path)), (long) getpid(), (long) time(NULL));
	fastjson_dump_outcome_header(&head, "fastjson", ours);
	fastjson_dump_outcome_header(&head, "ext_json", theirs);

	if (fn == FASTJSON_FN_ENCODE) {
		zend_string *why = NULL, *value = arg ? fastjson_dump_serialize(arg, &why) : NULL;
		if (value) {
			smart_str_appends(&head, "input: serialize\n");
			fastjson_dump_section(&head, &body, "input", ZSTR_VAL(value), ZSTR_LEN(value), &budget);
			zend_string_release(value);
		} else {
			smart_str_appends(&head, "input: none (the value cannot be serialized: ");
			if (why) {
				fastjson_dump_escaped(&head, ZSTR_VAL(why), ZSTR_LEN(why));
				zend_string_release(why);
			}
			smart_str_appends(&head, ")\n");
		}
	} else if (arg && Z_TYPE_P(arg) == IS_STRING) {
		smart_str_appends(&head, "input: json\n");
		fastjson_dump_section(&head, &body, "input", Z_STRVAL_P(arg), Z_STRLEN_P(arg), &budget);
	} else {
		smart_str_appends(&head, "input: none (not a string)\n");
	}
	fastjson_dump_result(&head, &body, "fastjson.result", ours, &budget);
	fastjson_dump_result(&head, &body, "ext_json.result", theirs, &budget);
	smart_str_append(&head, body.s ? body.s : ZSTR_EMPTY_ALLOC());
	smart_str_0(&head);
	smart_str_free(&body);

#ifndef PHP_WIN32
	path = fastjson_dump_write(dir, fn, &head, &error);
#else
	error = ENOSYS;
#endif
	smart_str_free(&head);
	if (path && !error) {
		fastjson_count(&counters->dumps_written, 1);
		note = zend_strpprintf(0, " (written to %s)", ZSTR_VAL(path));
	} else {
		fastjson_count(&counters->dumps_skipped, 1);
		note = zend_strpprintf(0, " (not written to fastjson.verify_dump_dir: %s)", strerror(error));
	}
	if (path) {
		zend_string_release(path);
	}
	return note;
}
