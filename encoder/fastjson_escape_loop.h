/* The string writer, instantiated once per SIMD path by fastjson_escape.c so that each
 * path's scan kernel is inlined into it. Expects FASTJSON_ESCAPE_FN and
 * FASTJSON_ESCAPE_DIRTY_FN (the names of the two functions), FASTJSON_ESCAPE_SCAN (the
 * kernel) and FASTJSON_ESCAPE_SCAN_SHORT (the kernel for strings shorter than 16 bytes). */

/* Everything from the first byte that is not copied verbatim: escapes, UTF-8, errors. */
static zend_never_inline zend_result FASTJSON_ESCAPE_DIRTY_FN(fastjson_encoder *encoder,
		const unsigned char *begin, const unsigned char *end, const unsigned char *s)
{
	const fastjson_escape_set *set = encoder->escape_set;
	const int options = encoder->options;
	size_t checkpoint = fastjson_buf_len(&encoder->buf);
	size_t prefix = (size_t)(s - begin);
	const unsigned char *chunk_end;
	char *out;

	/* The clean prefix, then the first chunk at its worst-case growth. */
	out = fastjson_buf_reserve(&encoder->buf, prefix + fastjson_escape_budget((size_t)(end - s)));
	*out++ = '"';
	out = fastjson_copy_run(out, begin, prefix);

	for (;;) {
		chunk_end = s + MIN((size_t)(end - s), FASTJSON_ESCAPE_CHUNK);

		while (s < chunk_end) {
			if (set->clean[*s]) {
				/* The front byte is clean: only now is a vector scan worth it. */
				const unsigned char *run = s;
				s = FASTJSON_ESCAPE_SCAN(s + 1, chunk_end, begin, set);
				out = fastjson_copy_run(out, run, (size_t)(s - run));
				if (s >= chunk_end) {
					break;
				}
			}
			/* Escape the whole stretch of dirty bytes without going back to the scan. */
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
						out = fastjson_write_invalid_utf8(out, &s, end, options);
						if (out == NULL) {
							return fastjson_escape_utf8_error(encoder, checkpoint);
						}
					}
				}
			} while (s < chunk_end && !set->clean[*s]);
		}

		if (s >= end) {
			break;
		}
		encoder->buf.pos = out;
		out = fastjson_buf_reserve(&encoder->buf, fastjson_escape_budget((size_t)(end - s)));
	}

	*out++ = '"';
	encoder->buf.pos = out;
	return SUCCESS;
}

static zend_result FASTJSON_ESCAPE_FN(fastjson_encoder *encoder, const char *str, size_t len)
{
	const unsigned char *begin = (const unsigned char *) str;
	const unsigned char *end = begin + len;
	const unsigned char *first_dirty;
	char *out;

	/* Most strings need no escaping at all: one scan, one copy. */
	if (len < 16) {
		first_dirty = FASTJSON_ESCAPE_SCAN_SHORT(begin, len, encoder->escape_set);
	} else {
		first_dirty = FASTJSON_ESCAPE_SCAN(begin, end, begin, encoder->escape_set);
	}
	if (EXPECTED(first_dirty == end)) {
		out = fastjson_buf_reserve(&encoder->buf, len + 2);
		*out++ = '"';
		out = fastjson_copy_run(out, begin, len);
		*out++ = '"';
		encoder->buf.pos = out;
		return SUCCESS;
	}
	return FASTJSON_ESCAPE_DIRTY_FN(encoder, begin, end, first_dirty);
}

#undef FASTJSON_ESCAPE_DIRTY_FN
#undef FASTJSON_ESCAPE_FN
#undef FASTJSON_ESCAPE_SCAN
#undef FASTJSON_ESCAPE_SCAN_SHORT
