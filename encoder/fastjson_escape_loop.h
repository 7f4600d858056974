/* The string writer, instantiated once per SIMD path by fastjson_escape.c so that each
 * path's kernels are inlined into it. Expects FASTJSON_ESCAPE_SUFFIX (appended to the
 * names of the functions defined here), FASTJSON_ESCAPE_COPY_CLEAN (the clean-run kernel),
 * FASTJSON_ESCAPE_PATH (the SIMD path) and optionally FASTJSON_ESCAPE_UTF8_RUN (the
 * kernel that copies runs of well-formed 2- and 3-byte sequences under
 * JSON_UNESCAPED_UNICODE, vector paths only; with FASTJSON_ESCAPE_RAW_RUN_WIDE 1, any
 * well-formed text), FASTJSON_ESCAPE_U_BLOCK2 and
 * FASTJSON_ESCAPE_U_BLOCK3 (kernels that write up to 8 such sequences of one length as \u
 * escapes at once, fewer when they may not read a whole block), FASTJSON_ESCAPE_U_BLOCK3_WIDE
 * (up to 16 3-byte ones, from 48 readable bytes), FASTJSON_ESCAPE_U_BLOCK4
 * (the same for up to 4 four-byte sequences, as surrogate pairs),
 * FASTJSON_ESCAPE_UTF8_TARGET (the instruction set of those kernels) and
 * FASTJSON_ESCAPE_ASCII_BLOCK (the kernel that escapes ASCII 16 bytes at a time). */

#ifndef FASTJSON_ESCAPE_UTF8_TARGET
# define FASTJSON_ESCAPE_UTF8_TARGET
#endif

/* 1 when FASTJSON_ESCAPE_UTF8_RUN copies 4-byte sequences and ASCII text too, 32 bytes at
 * a time: every lead with 32 bytes left starts a raw run. */
#ifndef FASTJSON_ESCAPE_RAW_RUN_WIDE
# define FASTJSON_ESCAPE_RAW_RUN_WIDE 0
#endif

#ifndef FASTJSON_ESCAPE_NAME
# define FASTJSON_ESCAPE_NAME(name) FASTJSON_ESCAPE_PASTE(name, FASTJSON_ESCAPE_SUFFIX)
# define FASTJSON_ESCAPE_PASTE(name, suffix) FASTJSON_ESCAPE_PASTE2(name, suffix)
# define FASTJSON_ESCAPE_PASTE2(name, suffix) name##_##suffix
#endif

/* The multibyte character at s, checked and written on its own. out is NULL when it is
 * invalid and that is an error. */
static zend_always_inline fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_char)(
		const unsigned char *s, const unsigned char *end, char *out, int options, const bool raw)
{
	fastjson_utf8_run_end r;
	uint32_t cp;
	size_t seq_len = fastjson_utf8_decode_valid(s, end, &cp);

	if (EXPECTED(seq_len != 0)) {
		r.out = fastjson_write_code_point(out, s, seq_len, cp, options, raw);
		r.s = s + seq_len;
	} else {
		r.s = s + fastjson_invalid_utf8_length(s, end);
		r.out = fastjson_write_invalid_utf8(out, options);
	}
	return r;
}

#ifdef FASTJSON_ESCAPE_UTF8_RUN
/* The leads below which a character followed by more non-ASCII starts an escape run:
 * 4-byte ones only where the run has a kernel for them. */
# undef FASTJSON_ESCAPE_RUN_LEADS
# ifdef FASTJSON_ESCAPE_U_BLOCK4
#  define FASTJSON_ESCAPE_RUN_LEADS 0xf5
# else
#  define FASTJSON_ESCAPE_RUN_LEADS 0xf0
# endif

/* Writes the run at s of clean ASCII and well-formed 2- and 3-byte sequences, each
 * sequence as a \u escape, checking each character as it goes: with six output bytes
 * per character, a check of its own costs less than a vector's. A lone ASCII byte, a
 * line end too, is written from the escape set without leaving the run. Where the block
 * kernels exist, a lead with 8 (2-byte) or 16 (3-byte) bytes of input left, or near the
 * end of the string, goes to them, and they write every sequence of its length that
 * follows, up to 8 (past stop when near the end). Stops at anything else
 * (left to the caller) or at the first character that starts at or after chunk_end; the
 * last 2 bytes of the string are the caller's too. */
static zend_always_inline FASTJSON_ESCAPE_UTF8_TARGET fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_escape_run)(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out)
{
	/* Each step reads the two bytes after s. */
	const unsigned char *stop = MIN(chunk_end, end - 2);
	fastjson_utf8_run_end r;

	while (s < stop) {
		unsigned c = s[0];

		if (c < 0x80) {
			/* Spaces, punctuation and line ends between words stay in the run; three ASCII
			 * bytes in a row are likely more, left to the clean-run kernel. */
			if ((s[1] | s[2]) < 0x80) {
				break;
			}
			memcpy(out, set->escape[c], 8);
			out += set->escape_len[c];
			s++;
		} else if (c < 0xe0) {
#ifdef FASTJSON_ESCAPE_U_BLOCK2
			if (stop - s >= 8 || stop == end - 2) {
				unsigned n = FASTJSON_ESCAPE_U_BLOCK2(s, end, out, stop - s >= 16);

				if (n == 0) {
					break;
				}
				s += n * 2;
				out += n * 6;
				continue;
			}
#endif
			if (c < 0xc2 || !fastjson_utf8_is_trail(s[1])) {
				break;
			}
			out = fastjson_write_u_escape(out, ((c & 0x1f) << 6) | (s[1] & 0x3f));
			s += 2;
#ifdef FASTJSON_ESCAPE_U_BLOCK4
		} else if (c >= 0xf0) {
			unsigned n;

			if (stop - s < 16 && stop != end - 2) {
				break;
			}
			n = FASTJSON_ESCAPE_U_BLOCK4(s, end, out);
			if (n == 0) {
				break;
			}
			s += n * 4;
			out += n * 12;
#endif
		} else {
			uint32_t cp;

#ifdef FASTJSON_ESCAPE_U_BLOCK3_WIDE
			if (stop - s >= 48) {
				unsigned n = FASTJSON_ESCAPE_U_BLOCK3_WIDE(s, out);

				if (n == 0) {
					break;
				}
				s += n * 3;
				out += n * 6;
				continue;
			}
#endif
#ifdef FASTJSON_ESCAPE_U_BLOCK3
			if (stop - s >= 16 || stop == end - 2) {
				unsigned n = FASTJSON_ESCAPE_U_BLOCK3(s, end, out, stop - s >= 24);

				if (n == 0) {
					break;
				}
				s += n * 3;
				out += n * 6;
				continue;
			}
#endif
			cp = ((c & 0x0f) << 12) | ((uint32_t)(s[1] & 0x3f) << 6) | (s[2] & 0x3f);
			/* Above EF, a missing trail, an overlong form or a surrogate (bits 11-15 11011). */
			if (c >= 0xf0 || !fastjson_utf8_are_trails2(s + 1) || cp < 0x800 || (cp >> 11) == 0x1b) {
				break;
			}
			out = fastjson_write_u_escape(out, cp);
			s += 3;
		}
	}
	r.s = s;
	r.out = out;
	return r;
}

/* Where the run r that started at s ended, or the first character alone when the run
 * refused it. */
static zend_always_inline fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_run_or_char)(
		fastjson_utf8_run_end r, const unsigned char *s, const unsigned char *end, char *out, int options,
		const bool raw)
{
	if (EXPECTED(r.s != s)) {
		return r;
	}
	return FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_char)(s, end, out, options, raw);
}

static zend_never_inline FASTJSON_ESCAPE_UTF8_TARGET fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_run)(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out, int options)
{
	return FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_run_or_char)(
		FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_escape_run)(s, end, chunk_end, set, out), s, end, out, options, false);
}

static zend_never_inline FASTJSON_ESCAPE_UTF8_TARGET fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_run_raw)(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out, int options)
{
	return FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_run_or_char)(
		FASTJSON_ESCAPE_UTF8_RUN(s, end, chunk_end, set, out, !(options & PHP_JSON_UNESCAPED_LINE_TERMINATORS)),
		s, end, out, options, true);
}

/* A 2- or 3-byte lead followed by more non-ASCII: the text is likely more of the same,
 * written by a run (a raw one may end up to 31 bytes past chunk_end: the slack). A
 * lone character or a short tail is not worth a vector, but for a wide raw run, which
 * takes the ASCII text after it too. Out of line, as is the run, so
 * that the loop over ASCII escapes keeps its registers and the run its constants. */
static zend_always_inline fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_body)(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out, int options, const bool raw)
{
	unsigned c = *s;

	if (raw && FASTJSON_ESCAPE_RAW_RUN_WIDE ? c - 0xc2 < 0xf5 - 0xc2 && end - s >= 32
			: c - 0xc2 < (raw ? 0xf0 : FASTJSON_ESCAPE_RUN_LEADS) - 0xc2 && end - s >= 8
				&& s[c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4] >= 0x80) {
		return raw ? FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_run_raw)(s, end, chunk_end, set, out, options)
			: FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_run)(s, end, chunk_end, set, out, options);
	}
	return FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_char)(s, end, out, options, raw);
}

static zend_never_inline fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8)(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out, int options)
{
	return FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_body)(s, end, chunk_end, set, out, options, false);
}

static zend_never_inline fastjson_utf8_run_end FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_raw)(
		const unsigned char *s, const unsigned char *end, const unsigned char *chunk_end,
		const fastjson_escape_set *set, char *out, int options)
{
	return FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_body)(s, end, chunk_end, set, out, options, true);
}
#endif

/* Everything from the first byte that is not copied verbatim: escapes, UTF-8, errors.
 * The opening quote and the clean prefix are already written; checkpoint is where the
 * string's output began. raw is whether JSON_UNESCAPED_UNICODE is set: a constant in
 * each of the two instantiations below. */
static zend_always_inline FASTJSON_ESCAPE_UTF8_TARGET zend_result FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_body)(fastjson_encoder *encoder,
		const unsigned char *begin, const unsigned char *end, const unsigned char *s, size_t checkpoint,
		const bool raw)
{
	const fastjson_escape_set *set = encoder->escape_set;
	const int options = encoder->options;

	for (;;) {
		const unsigned char *chunk_end = s + MIN((size_t)(end - s), FASTJSON_ESCAPE_CHUNK);
		char *out = fastjson_buf_reserve(&encoder->buf, fastjson_escape_budget((size_t)(end - s)));

		/* A chunk may start inside a clean run; otherwise s is at a dirty byte. */
		if (set->clean[*s]) {
			const unsigned char *run = s;
			s = FASTJSON_ESCAPE_COPY_CLEAN(s, chunk_end, begin, set, out);
			out += s - run;
		}
		while (s < chunk_end) {
			/* Escape the whole stretch of dirty bytes without going back to the kernel. */
			do {
				unsigned c = *s;

				if (c < 0x80) {
#ifdef FASTJSON_ESCAPE_ASCII_BLOCK
					/* Escape-dense text: punctuation, not the controls that end lines, and not
					 * before a multibyte character (a line of non-Latin text). */
					if (c >= 0x20 && chunk_end - s >= 16 && end - s >= 16 && s[1] < 0x80) {
						fastjson_utf8_run_end r = FASTJSON_ESCAPE_ASCII_BLOCK(s, end, chunk_end, set, out);

						s = r.s;
						out = r.out;
						continue;
					}
#endif
					memcpy(out, set->escape[c], 8);
					out += set->escape_len[c];
					s++;
				} else {
#ifdef FASTJSON_ESCAPE_UTF8_RUN
					uint32_t cp;

#ifdef FASTJSON_ESCAPE_U_BLOCKS
					if (!raw && c < 0xe0 && (chunk_end - s >= 16 || chunk_end == end)) {
						fastjson_utf8_run_end r = FASTJSON_ESCAPE_U_BLOCKS(s, end, chunk_end, set, out);

						if (r.s != s) {
							s = r.s;
							out = r.out;
							continue;
						}
					}
#endif
#ifdef FASTJSON_ESCAPE_U_LONE4
					if (!raw && c >= 0xf0 && (end - s < 8 || s[4] < 0x80)) {
						char *next = FASTJSON_ESCAPE_U_LONE4(s, end, out);

						if (EXPECTED(next != NULL)) {
							out = next;
							s += 4;
							continue;
						}
					}
#endif
					/* Emoji and the like come alone, between ASCII words: not worth a call. */
					if (c >= 0xf0 && (raw ? !FASTJSON_ESCAPE_RAW_RUN_WIDE || end - s < 32
								: FASTJSON_ESCAPE_RUN_LEADS == 0xf0 || end - s < 8 || s[4] < 0x80)
							&& fastjson_utf8_decode_valid(s, end, &cp) == 4) {
						out = fastjson_write_code_point(out, s, 4, cp, options, raw);
						s += 4;
						continue;
					}
					fastjson_utf8_run_end r = raw
						? FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_raw)(s, end, chunk_end, set, out, options)
						: FASTJSON_ESCAPE_NAME(fastjson_escape_utf8)(s, end, chunk_end, set, out, options);
#else
					fastjson_utf8_run_end r = FASTJSON_ESCAPE_NAME(fastjson_escape_utf8_char)(s, end, out, options, raw);
#endif
					/* The position itself never has its address taken: it stays in a register. */
					s = r.s;
					out = r.out;
					if (UNEXPECTED(out == NULL)) {
						return fastjson_escape_utf8_error(encoder, checkpoint);
					}
				}
			} while (s < chunk_end && !set->clean[*s]);
			if (s >= chunk_end) {
				break;
			}
			/* Only a clean byte is worth a vector attempt; the kernel stops at a dirty one. */
#ifdef FASTJSON_ESCAPE_SPARSE
			/* Most runs between non-ASCII characters end in the first 16 bytes, found
			 * without a call; a longer one is likely text with a line break or a quote
			 * now and then. */
			if (chunk_end - s >= 80) {
				unsigned dirty = fastjson_copy16_sse2(s, set, out);

				if (dirty == 0) {
					fastjson_utf8_run_end r = FASTJSON_ESCAPE_SPARSE(s + 16, chunk_end, set, out + 16);

					s = r.s;
					out = r.out;
				} else {
					s += fastjson_ctz32(dirty);
					out += fastjson_ctz32(dirty);
				}
				continue;
			}
#endif
			{
				const unsigned char *run = s;
				s = FASTJSON_ESCAPE_COPY_CLEAN(s, chunk_end, begin, set, out);
				out += s - run;
			}
		}

		encoder->buf.pos = out;
		if (s >= end) {
			break;
		}
	}

	fastjson_buf_appendc(&encoder->buf, '"');
	return SUCCESS;
}

/* The writers of long strings each on a 64-byte line: code added elsewhere moved them and
 * ASCII text under JSON_UNESCAPED_UNICODE ran up to 9% slower, at the same instructions. */
FASTJSON_LINE_ALIGNED
static zend_never_inline FASTJSON_ESCAPE_UTF8_TARGET zend_result FASTJSON_ESCAPE_NAME(fastjson_escape_dirty)(fastjson_encoder *encoder,
		const unsigned char *begin, const unsigned char *end, const unsigned char *s, size_t checkpoint)
{
#ifdef FASTJSON_ESCAPE_U_BLOCKS
	/* A short string from a 2- or 4-byte character on: by \u blocks while they take it (text
	 * mixed of ASCII words and such characters pays the loop at every change). */
	if (end - begin < FASTJSON_ESCAPE_U_SHORT_MAX && (*s - 0xc2u < 0xe0 - 0xc2 || *s >= 0xf0)) {
		fastjson_utf8_run_end r = FASTJSON_ESCAPE_U_BLOCKS(s, end, end, encoder->escape_set,
			fastjson_buf_reserve(&encoder->buf, 6 * (size_t) (end - s) + 8));

		encoder->buf.pos = r.out;
		if (r.s == end) {
			fastjson_buf_appendc(&encoder->buf, '"');
			return SUCCESS;
		}
		s = r.s;
	}
#endif
	return FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_body)(encoder, begin, end, s, checkpoint, false);
}

FASTJSON_LINE_ALIGNED
static zend_never_inline FASTJSON_ESCAPE_UTF8_TARGET zend_result FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_raw)(fastjson_encoder *encoder,
		const unsigned char *begin, const unsigned char *end, const unsigned char *s, size_t checkpoint)
{
	return FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_body)(encoder, begin, end, s, checkpoint, true);
}

static zend_always_inline zend_result FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_any)(fastjson_encoder *encoder,
		const unsigned char *begin, const unsigned char *end, const unsigned char *s, size_t checkpoint)
{
	if (encoder->options & PHP_JSON_UNESCAPED_UNICODE) {
		return FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_raw)(encoder, begin, end, s, checkpoint);
	}
	return FASTJSON_ESCAPE_NAME(fastjson_escape_dirty)(encoder, begin, end, s, checkpoint);
}

/* Never inlined: called through encoder->escape, and by the AVX-512 writer after its one
 * pass, which must not compile it again for its own target. */
FASTJSON_LINE_ALIGNED
static zend_never_inline zend_result FASTJSON_ESCAPE_NAME(fastjson_escape_string)(fastjson_encoder *encoder,
		const char *str, size_t len)
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
		return FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_any)(encoder, begin, end, s, checkpoint);
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
	return FASTJSON_ESCAPE_NAME(fastjson_escape_dirty_any)(encoder, begin, end, s, checkpoint);
}

#undef FASTJSON_ESCAPE_SUFFIX
#undef FASTJSON_ESCAPE_COPY_CLEAN
#undef FASTJSON_ESCAPE_PATH
#undef FASTJSON_ESCAPE_UTF8_RUN
#undef FASTJSON_ESCAPE_UTF8_TARGET
#undef FASTJSON_ESCAPE_U_BLOCK2
#undef FASTJSON_ESCAPE_U_BLOCK3
#undef FASTJSON_ESCAPE_U_BLOCK3_WIDE
#undef FASTJSON_ESCAPE_U_BLOCK4
#undef FASTJSON_ESCAPE_ASCII_BLOCK
#undef FASTJSON_ESCAPE_U_LONE4
#undef FASTJSON_ESCAPE_U_BLOCKS
#undef FASTJSON_ESCAPE_SPARSE
#undef FASTJSON_ESCAPE_RAW_RUN_WIDE
