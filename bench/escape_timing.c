/* The string escaper alone, timed natively: what callgrind cannot count (valgrind runs
 * no AVX-512) and bench.php cannot separate from PHP's own work. Built by
 * escape_timing.sh against a configured source tree, whose encoder/fastjson_escape.c it
 * compiles in, so that the writer of each SIMD path is called as the encoder calls it.
 *
 *   escape_timing FILE PATH SHAPE FLAGS REPS
 *
 * PATH: avx512, avx2, sse2 or scalar; SHAPE: lines (each line a string, as bench.php's
 * "+lines" cases) or one (the whole file one string); FLAGS: json_encode() flags. Prints
 * the best of REPS passes over the strings, in ns a string, and the output's length. */

#include "config.h"
#include "encoder/fastjson_escape.c"

#include <stdio.h>
#include <time.h>

/* The output buffer is made large enough up front. */
char *fastjson_buf_grow(fastjson_buf *buf, size_t needed)
{
	(void) buf;
	(void) needed;
	fprintf(stderr, "escape_timing: output buffer too small\n");
	exit(2);
}

/* Only ill-formed UTF-8 reaches it, which the texts timed here do not have. */
unsigned int php_next_utf8_char(const unsigned char *str, size_t str_len, size_t *cursor, zend_result *status)
{
	(void) str;
	(void) str_len;
	(void) cursor;
	(void) status;
	fprintf(stderr, "escape_timing: the input is not well-formed UTF-8\n");
	exit(2);
}

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

static bool path_from_name(const char *name, fastjson_simd_path *path)
{
	__builtin_cpu_init();
	if (strcmp(name, "scalar") == 0) {
		*path = FASTJSON_SIMD_SCALAR;
		return true;
	}
#ifdef FASTJSON_HAVE_SSE2
	if (strcmp(name, "sse2") == 0) {
		*path = FASTJSON_SIMD_SSE2;
		return true;
	}
#endif
#ifdef FASTJSON_HAVE_AVX2
	if (strcmp(name, "avx2") == 0 && __builtin_cpu_supports("avx2")) {
		*path = FASTJSON_SIMD_AVX2;
		return true;
	}
#endif
#ifdef FASTJSON_HAVE_AVX512
	if (strcmp(name, "avx512") == 0 && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi2")) {
		*path = FASTJSON_SIMD_AVX512;
		return true;
	}
#endif
	return false;
}

int main(int argc, char **argv)
{
	fastjson_simd_path path;
	fastjson_encoder encoder;
	size_t size, count = 0, room, i;
	char *text, **strings;
	size_t *lengths;
	double best = 1e30;
	FILE *file;
	int reps;

	if (argc != 6 || !path_from_name(argv[2], &path) || (strcmp(argv[3], "lines") && strcmp(argv[3], "one"))) {
		fprintf(stderr, "usage: escape_timing FILE avx512|avx2|sse2|scalar lines|one FLAGS REPS (a path this CPU runs)\n");
		return 1;
	}
	file = fopen(argv[1], "rb");
	if (file == NULL || fseek(file, 0, SEEK_END) != 0 || ftell(file) <= 0) {
		fprintf(stderr, "escape_timing: cannot read %s\n", argv[1]);
		return 1;
	}
	size = (size_t) ftell(file);
	rewind(file);
	text = malloc(size + 1);
	if (fread(text, 1, size, file) != size) {
		fprintf(stderr, "escape_timing: cannot read %s\n", argv[1]);
		return 1;
	}
	fclose(file);
	reps = atoi(argv[5]);

	/* Each string as a zend_string's value would be: a header before it (the short-string
	 * kernels load the 16 bytes that end where it ends) and a terminating zero. */
	strings = malloc((size + 1) * sizeof *strings);
	lengths = malloc((size + 1) * sizeof *lengths);
	for (char *p = text, *end = text + size; p < end;) {
		char *newline = strcmp(argv[3], "lines") == 0 ? memchr(p, '\n', (size_t) (end - p)) : NULL;
		size_t len = newline ? (size_t) (newline - p) : (size_t) (end - p);
		char *z = calloc(1, sizeof(zend_string) + len + 1);

		memcpy(z + sizeof(zend_string), p, len);
		strings[count] = z + sizeof(zend_string);
		lengths[count++] = len;
		p += len + 1;
	}

	memset(&encoder, 0, sizeof encoder);
	encoder.options = atoi(argv[4]);
	encoder.escape_set = fastjson_escape_set_for(encoder.options);
	encoder.simd_path = path;
	encoder.escape = fastjson_escape_fn_for(path, encoder.options);
	fastjson_escape_startup();
	room = 6 * size + 64 * count + 4096;
	encoder.buf.base = malloc(room);
	encoder.buf.end = encoder.buf.base + room;

	for (int r = 0; r < reps; r++) {
		double start;

		encoder.buf.pos = encoder.buf.base;
		start = seconds();
		for (i = 0; i < count; i++) {
			if (encoder.escape(&encoder, strings[i], lengths[i]) != SUCCESS) {
				fprintf(stderr, "escape_timing: string %zu failed\n", i);
				return 2;
			}
		}
		start = seconds() - start;
		if (start < best) {
			best = start;
		}
	}
	printf("%.2f ns a string, %zu strings, %zu bytes out\n", best * 1e9 / (double) count, count,
		(size_t) (encoder.buf.pos - encoder.buf.base));
	return 0;
}
