/* The string writer, instantiated once per SIMD path by fastjson_escape.c so that each
 * path's kernels are inlined into it. Expects FASTJSON_ESCAPE_FN and
 * FASTJSON_ESCAPE_DIRTY_FN (the names of the two functions), FASTJSON_ESCAPE_COPY_CLEAN
 * (the clean-run kernel) and FASTJSON_ESCAPE_PATH (the SIMD path). */

/* Everything from the first byte that is not copied verbatim: escapes, UTF-8, errors.
 * The opening quote and the clean prefix are already written; checkpoint is where the
 * string's output began. */
static zend_never_inline zend_result FASTJSON_ESCAPE_DIRTY_FN(fastjson_encoder *encoder,
		const unsigned char *begin, const unsigned char *end, const unsigned char *s, size_t checkpoint)
{
	const fastjson_escape_set *set = encoder->escape_set;
	const int options = encoder->options;

	for (;;) {
		const unsigned char *chunk_end = s + MIN((size_t)(end - s), FASTJSON_ESCAPE_CHUNK);
		char *out = fastjson_buf_reserve(&encoder->buf, fastjson_escape_budget((size_t)(end - s)));

		while (s < chunk_end) {
			/* The front byte decides: only a clean one is worth a vector attempt. */
			if (set->clean[*s]) {
				const unsigned char *run = s;
				s = FASTJSON_ESCAPE_COPY_CLEAN(s, chunk_end, begin, set, out);
				out += s - run;
				if (s >= chunk_end) {
					break;
				}
			}
			/* Escape the whole stretch of dirty bytes without going back to the kernel. */
			do {
				unsigned c = *s;

				if (c < 0x80) {
					memcpy(out, set->escape[c], 8);
					out += set->escape_len[c];
					s++;
				} else {
					uint32_t cp;
					size_t seq_len = fastjson_utf8_decode_valid(s, end, &cp);

					if (EXPECTED(seq_len != 0)) {
						out = fastjson_write_code_point(out, s, seq_len, cp, options);
						s += seq_len;
					} else {
						/* The position itself never goes to a function: it stays in a register. */
						s += fastjson_invalid_utf8_length(s, end);
						out = fastjson_write_invalid_utf8(out, options);
						if (out == NULL) {
							return fastjson_escape_utf8_error(encoder, checkpoint);
						}
					}
				}
			} while (s < chunk_end && !set->clean[*s]);
		}

		encoder->buf.pos = out;
		if (s >= end) {
			break;
		}
	}

	fastjson_buf_appendc(&encoder->buf, '"');
	return SUCCESS;
}

static zend_result FASTJSON_ESCAPE_FN(fastjson_encoder *encoder, const char *str, size_t len)
{
	const fastjson_escape_set *set = encoder->escape_set;
	const unsigned char *begin = (const unsigned char *) str;
	const unsigned char *end = begin + len;
	const unsigned char *s;
	size_t checkpoint;
	char *out;

	/* Most strings need no escaping at all: written with one check and one copy. */
	if (len < 16) {
		s = fastjson_scan_short_zstr(set, FASTJSON_ESCAPE_PATH, begin, len);
		if (EXPECTED(s == end)) {
			out = fastjson_buf_reserve(&encoder->buf, len + 2);
			*out++ = '"';
			out = fastjson_copy_run(out, begin, len);
			*out++ = '"';
			encoder->buf.pos = out;
			return SUCCESS;
		}
		checkpoint = fastjson_buf_len(&encoder->buf);
		out = fastjson_buf_reserve(&encoder->buf, len + 2);
		*out++ = '"';
		encoder->buf.pos = fastjson_copy_run(out, begin, (size_t)(s - begin));
		return FASTJSON_ESCAPE_DIRTY_FN(encoder, begin, end, s, checkpoint);
	}

	checkpoint = fastjson_buf_len(&encoder->buf);
	out = fastjson_buf_reserve(&encoder->buf, len + 2 + FASTJSON_ESCAPE_SLACK);
	*out++ = '"';
	s = set->clean[*begin] ? FASTJSON_ESCAPE_COPY_CLEAN(begin, end, begin, set, out) : begin;
	out += s - begin;
	if (EXPECTED(s == end)) {
		*out++ = '"';
		encoder->buf.pos = out;
		return SUCCESS;
	}
	encoder->buf.pos = out;
	return FASTJSON_ESCAPE_DIRTY_FN(encoder, begin, end, s, checkpoint);
}

#undef FASTJSON_ESCAPE_DIRTY_FN
#undef FASTJSON_ESCAPE_FN
#undef FASTJSON_ESCAPE_COPY_CLEAN
#undef FASTJSON_ESCAPE_PATH
