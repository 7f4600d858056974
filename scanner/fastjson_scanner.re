/* The JSON token scanner: re2c source of fastjson_scanner_gen.h.
 *
 * The grammar is ext/json's (json_scanner.re), with the same rule order where two
 * rules match the same bytes, so that every input gets the same token or error. Unlike
 * ext/json it builds no values: strings are validated and measured here, and those with
 * escapes, when decoding, decoded into a buffer on the way (the parser makes the string);
 * numbers are delimited here, with their significant digits read on the way (not for
 * validate), and converted by the parser.
 *
 * Regenerate (the build does it when re2c is installed and this file is newer):
 *   re2c --no-generation-date --no-debug-info -W -o scanner/fastjson_scanner_gen.h scanner/fastjson_scanner.re
 */

/*!re2c
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = cursor;
	re2c:define:YYMARKER = marker;
	re2c:yyfill:enable = 0;
	re2c:indent:top = 1;

	DIGIT   = [0-9];
	HEX     = DIGIT | [a-fA-F];
	HEX7    = [0-7];
	HEXC    = DIGIT | [a-cA-C];
	WS      = [ \t\r\n]+;
	EOI     = "\x00";
	CTRL    = [\x00-\x1F];
	UTF8T   = [\x80-\xBF];
	UTF8_1  = [\x00-\x7F];
	UTF8_2  = [\xC2-\xDF] UTF8T;
	UTF8_3A = "\xE0" [\xA0-\xBF] UTF8T;
	UTF8_3B = [\xE1-\xEC] UTF8T{2};
	UTF8_3C = "\xED" [\x80-\x9F] UTF8T;
	UTF8_3D = [\xEE-\xEF] UTF8T{2};
	UTF8_3  = UTF8_3A | UTF8_3B | UTF8_3C | UTF8_3D;
	UTF8_4A = "\xF0" [\x90-\xBF] UTF8T{2};
	UTF8_4B = [\xF1-\xF3] UTF8T{3};
	UTF8_4C = "\xF4" [\x80-\x8F] UTF8T{2};
	UTF8_4  = UTF8_4A | UTF8_4B | UTF8_4C;
	UTF8_MB = UTF8_2 | UTF8_3 | UTF8_4;
	UTF8    = UTF8_1 | UTF8_MB;
	ANY     = [^];
	PLAIN   = [\x20-\x21\x23-\x5B\x5D-\x7F];
	ESC     = "\\" ["\\/bfnrt];
	UTF16_1 = "\\u" "00" HEX7 HEX;
	UTF16_2 = "\\u" "0" HEX7 HEX{2};
	UTF16_3 = "\\u" (((HEXC | [efEF]) HEX) | ([dD] HEX7)) HEX{2};
	UTF16_4 = "\\u" [dD] [89abAB] HEX{2} "\\u" [dD] [c-fC-F] HEX{2};
	UCS2    = "\\u" HEX{4};
*/

/* The number of digits of a zend_long that may overflow: 19 on 64-bit platforms. */
#define FASTJSON_INT_MAX_DIGITS (MAX_LENGTH_OF_LONG - 1)

static zend_always_inline fastjson_token fastjson_scan_error(
		fastjson_scanner *s, const unsigned char *cursor, php_json_error_code code)
{
	s->cursor = cursor;
	s->errcode = code;
	return FASTJSON_T_ERROR;
}

/* The \u escape at p as the automaton takes it (UTF16_1 to UTF16_4): its code point, with
 * *len 6, or 12 for a surrogate pair; -1 for one it rejects (digits missing or cut by the
 * input's end, or half of a pair alone). The digits are read at once only where they are
 * inside the input. */
static zend_always_inline int32_t fastjson_u_escape_checked(const unsigned char *p, const unsigned char *limit,
		unsigned *len)
{
	int32_t cp, low;

	if (limit - p < 6 || (cp = fastjson_hex4_checked(p + 2)) < 0) {
		return -1;
	}
	if ((cp & 0xf800) != 0xd800) {
		*len = 6;
		return cp;
	}
	if (cp >= 0xdc00 || limit - p < 12 || p[6] != '\\' || p[7] != 'u'
			|| (low = fastjson_hex4_checked(p + 8)) < 0xdc00 || low > 0xdfff) {
		return -1;
	}
	*len = 12;
	return 0x10000 + ((cp & 0x3ff) << 10) + (low & 0x3ff);
}

/* The rest of a string that holds more than plain bytes, from cursor on (a character
 * boundary, the escapes before it saving escapes_saved bytes): validated by the
 * automaton, one character at a time. */
static zend_never_inline FASTJSON_CALL_PATH fastjson_token fastjson_scan_string_rest(fastjson_scanner *s, const unsigned char *cursor,
		size_t escapes_saved)
{
	const unsigned char *marker;
	/* What invalid UTF-8 adds (SUBSTITUTE) or removes (IGNORE). */
	ptrdiff_t invalid_delta = 0;

	s->str_has_invalid = false;
	s->str_buffered = false;

string_next:
	/*!local:re2c
	EOI {
#if PHP_VERSION_ID >= 80600
		if (cursor > s->limit) {
			return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_SYNTAX);
		}
#endif
		return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_CTRL_CHAR);
	}
	CTRL    { return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_CTRL_CHAR); }
	UTF16_1 { escapes_saved += 5; goto string_skip; }
	UTF16_2 { escapes_saved += 4; goto string_skip; }
	UTF16_3 { escapes_saved += 3; goto string_skip; }
	UTF16_4 { escapes_saved += 8; goto string_skip; }
	UCS2    { return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_UTF16); }
	ESC     { escapes_saved += 1; goto string_skip; }
	"\\"    { return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_SYNTAX); }
	["] {
		cursor--;
		goto string_end;
	}
	PLAIN   { goto string_skip; }
	UTF8_MB {
		cursor = fastjson_skip_utf8_text(cursor, s->limit, s->simd, &escapes_saved);
		goto string_next;
	}
	ANY {
		if (s->options & PHP_JSON_INVALID_UTF8_SUBSTITUTE) {
			/* ext/json keeps the decoded length in an int. */
			if (invalid_delta > INT_MAX - 2) {
				return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_UTF8);
			}
			invalid_delta += 2;
		} else if (s->options & PHP_JSON_INVALID_UTF8_IGNORE) {
			invalid_delta--;
		} else {
			return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_UTF8);
		}
		s->str_has_invalid = true;
		goto string_next;
	}
	*/

string_end:
	/* At the closing quote. */
	s->str_end = cursor;
	s->str_len = (size_t) ((ptrdiff_t) (s->str_end - s->str_start - escapes_saved) + invalid_delta);
	s->str_verbatim = escapes_saved == 0 && !s->str_has_invalid;
	s->cursor = cursor + 1;
	return FASTJSON_T_STRING;

string_skip:
	/* After an ASCII byte only: runs of multibyte characters stay in the loop above. */
	cursor = fastjson_skip_plain(cursor, s->limit, s->simd);
	/* Well-formed escapes and surrogate pairs, counted as the rules above count them,
	 * without the automaton; anything else (a lone surrogate, errors) is left to it. */
	while (*cursor == '\\') {
		unsigned char c;
		if (cursor[1] != 'u') {
			cursor = fastjson_skip_short_escapes(cursor, s->limit, s->simd, &escapes_saved);
		}
		if (*cursor != '\\') {
			if (!fastjson_is_plain_string_byte(*cursor)) {
				break;
			}
			/* After a block without escapes: the plain skip is faster there. */
			cursor = fastjson_skip_plain(cursor, s->limit, s->simd);
			continue;
		}
		c = cursor[1];
		if (c == 'u') {
			int32_t cp;
			unsigned len;
			const unsigned char *run_end = fastjson_skip_escaped_text(cursor, s->limit, s->simd, &escapes_saved);
			if (run_end != cursor) {
				cursor = run_end;
				continue;
			}
			if ((cp = fastjson_u_escape_checked(cursor, s->limit, &len)) < 0) {
				break;
			}
			/* A pair: 12 bytes for 4. */
			escapes_saved += len == 12 ? 8 : (cp < 0x80 ? 5 : (cp < 0x800 ? 4 : 3));
			cursor += len;
		} else if (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't') {
			escapes_saved += 1;
			cursor += 2;
		} else {
			break;
		}
		cursor = fastjson_skip_plain(cursor, s->limit, s->simd);
	}
	goto string_next;
}

#define FASTJSON_DECODE_SHORT_ESCAPES 16
/* Bytes from a string's first escape that fastjson_decode_short_escaped() takes at most. */
#define FASTJSON_SHORT_ESCAPED 128

/* Decode only: the escape at p (the string's input ends at limit) if the automaton
 * accepts it, decoded to *out (4 bytes of room); returns the byte after it, or NULL
 * for an escape the automaton rejects (or cut by the input's end). */
static zend_always_inline const unsigned char *fastjson_decode_escape(unsigned char **out, const unsigned char *p,
		const unsigned char *limit)
{
	int32_t cp;
	unsigned len;

	if (p[1] != 'u') {
		unsigned char byte = fastjson_escaped_byte[p[1]];
		if (!byte) {
			return NULL;
		}
		*(*out)++ = byte;
		return p + 2;
	}
	if ((cp = fastjson_u_escape_checked(p, limit, &len)) < 0) {
		return NULL;
	}
	*out = len == 12 ? fastjson_put_utf8_4(*out, (uint32_t) cp) : fastjson_put_utf8(*out, (uint32_t) cp);
	return p + len;
}

/* Decode only: the string ends at the quote at p, all of it decoded into s->buf up to out. */
static zend_always_inline void fastjson_end_decoded_string(fastjson_scanner *s, const unsigned char *p,
		const unsigned char *out)
{
	s->str_end = p;
	s->str_len = (size_t) (out - s->buf);
	s->str_verbatim = false;
	s->str_has_invalid = false;
	s->str_buffered = true;
	s->str_resume = NULL;
	s->cursor = p + 1;
}

#ifdef FASTJSON_HAVE_AVX512
/* Escaped text this far past a \u escape is looked at for the string's end. */
#define FASTJSON_U_BLOCKS_REACH 192

/* Whether the block decoder pays for the escaped text from the \u escape at p (its next 70
 * bytes readable): not for a string that ends within a block, nor for one whose last block
 * it would fill too little. One block costs about as much as 50 bytes of Cyrillic taken
 * one escape at a time (Zen 4, warm): names of 12-14 letters, 74-86 bytes, 79 -> 62-74 ns
 * one escape at a time; strings past the reach always take blocks. */
static zend_always_inline bool fastjson_u_blocks_pay(const unsigned char *p, const unsigned char *limit)
{
	size_t reach = MIN((size_t) (limit - p - 6), FASTJSON_U_BLOCKS_REACH) & ~(size_t) 15;
	size_t found = fastjson_quote_offset_sse2(p + 6, reach);
	size_t text = 6 + found;

	/* blocks of 64 bytes */
	return found == reach || (found >= 64 && text > 50 * ((text + 63) / 64));
}
#endif

/* Decode only: the rest of a string from an escape or a multibyte character at cursor
 * (the bytes before it checked, their escapes saving saved bytes), checked and decoded in
 * one pass into s->buf: plain runs and UTF-8 text by the scanner's skips, escapes one at a
 * time, long runs of \u escapes four at a time. It takes what the automaton accepts and
 * decodes it as the parser would; at anything else (an error, a lone surrogate, invalid
 * UTF-8, the input's end) or when buf is full it hands over to fastjson_scan_string_rest()
 * there, and the parser decodes the string's rest. */
static zend_never_inline FASTJSON_CALL_PATH fastjson_token fastjson_scan_decode_string(fastjson_scanner *s, const unsigned char *cursor,
		size_t saved)
{
	/* In locals: the stores through out may alias *s. */
	const unsigned char *p = cursor, *limit = s->limit;
	const fastjson_simd_path simd = s->simd;
	unsigned char *out = s->buf, *out_end = s->buf + FASTJSON_STR_BUF;
	/* Text dense with short escapes: after this many, the decoder hands over. */
	unsigned short_escapes_left = FASTJSON_DECODE_SHORT_ESCAPES;
#ifdef FASTJSON_HAVE_AVX512
	/* The string has runs of \u escapes (CJK text): the run decoder and single escapes
	 * take the rest of them faster than the block decoder. */
	bool in_runs = false;
#endif
	fastjson_token tok;

	if ((size_t) (cursor - s->str_start) - saved > FASTJSON_STR_BUF) {
		return fastjson_scan_string_rest(s, cursor, saved);
	}
	if (cursor != s->str_start) {
		out = fastjson_unescape_short(out, s->str_start, cursor);
	}
	for (;;) {
		unsigned char c;

		p = fastjson_copy_plain(&out, out_end, p, limit, simd);
		c = *p;
		if (c == '\\') {
#ifdef FASTJSON_HAVE_AVX2
			/* Tested once per run of escapes: a word's worth takes them one at a time (or, on
			 * AVX-512, in the block below). */
			if (p[1] == 'u' && fastjson_simd_has_avx2(simd) && limit - p >= 48 && fastjson_u_escape_run8_ahead(p)) {
				fastjson_decoded_run run = fastjson_decode_u_escapes_avx2(p, limit, out, out_end);
				p = run.in;
				out = run.out;
#ifdef FASTJSON_HAVE_AVX512
				in_runs = true;
#endif
			}
#endif
#ifdef FASTJSON_HAVE_AVX512
			/* Escapes 64 bytes at a time, up to the first stop: from a \u escape, text with
			 * \u escapes (unless the string has runs of them, which the run decoder takes);
			 * from a short one, text with short escapes, one at a time when the string ends
			 * within 16 bytes after the escape (a block costs more there). */
			if (simd == FASTJSON_SIMD_AVX512 && *p == '\\') {
				fastjson_decoded_run run = {p, out};
				if (p[1] != 'u') {
					if (!fastjson_quote_in_16(p + 2, limit, simd)) {
						run = fastjson_decode_short_escapes_avx512(p, limit, out, out_end);
					}
				} else if (!in_runs && limit - p > 6 + 64 && p[2] == '0' && fastjson_u_escape_dense(p)
						&& fastjson_u_blocks_pay(p, limit)) {
					/* Words of two-byte characters (Cyrillic, Greek...), over more than a block:
					 * where the string ends sooner (a line, a name) or early in its last block,
					 * and for emoji in short strings, escapes one at a time cost less. */
					run = fastjson_decode_escapes_avx512(p, limit, out, out_end);
				}
				if (run.in != p) {
					p = run.in;
					out = run.out;
					continue;
				}
			}
#endif
			while (*p == '\\') {
				const unsigned char *next;
				if (p[1] != 'u' && --short_escapes_left == 0) {
					goto hand_over;
				}
				if (out_end - out < 4 || (next = fastjson_decode_escape(&out, p, limit)) == NULL) {
					goto hand_over;
				}
				p = next;
			}
		} else if (c >= 0x80) {
			size_t run_saved = 0;
			const unsigned char *run_end = fastjson_skip_utf8_text(p, limit, simd, &run_saved);
			/* Nothing skipped: ill-formed UTF-8, or the input's last block, which the
			 * automaton takes. */
			if (run_end == p || (size_t) (out_end - out) < (size_t) (run_end - p) - run_saved) {
				break;
			}
			if (run_saved) {
				out = fastjson_unescape_short(out, p, run_end);
			} else {
				memcpy(out, p, (size_t) (run_end - p));
				out += run_end - p;
			}
			p = run_end;
		} else if (c == '"') {
			fastjson_end_decoded_string(s, p, out);
			return FASTJSON_T_STRING;
		} else {
			break; /* a control byte, the input's end, or plain bytes past out_end */
		}
	}
hand_over:
	tok = fastjson_scan_string_rest(s, p, (size_t) (p - s->str_start) - (size_t) (out - s->buf));
	if (tok == FASTJSON_T_STRING) {
		s->str_buffered = true;
		s->str_resume = p;
		s->str_prefix_len = (size_t) (out - s->buf);
	}
	return tok;
}

#ifndef WORDS_BIGENDIAN
/* Decode only: from a two-character escape at cursor (the bytes before it plain), a string
 * of ASCII text and such escapes that ends within FASTJSON_SHORT_ESCAPED bytes (a path, a
 * URL with "\/"), decoded into s->buf 8 bytes at a time: a few lines of code, where the
 * vector paths take dozens that a cold call fetches one after another. Anything else
 * (a \u escape, a byte >= 0x80 or < 0x20, an error, a longer string, the input's last 8
 * bytes): false, with nothing stored, and the other paths take the string from its start. */
static zend_never_inline FASTJSON_CALL_PATH bool fastjson_decode_short_escaped(fastjson_scanner *s,
		const unsigned char *cursor)
{
	const unsigned char *p = cursor;
	unsigned char *out = s->buf + (cursor - s->str_start);
	/* AVX-512 decodes a 64-byte block of escapes faster than words do: one block's reach. */
	const ptrdiff_t reach = s->simd == FASTJSON_SIMD_AVX512 ? 64 : FASTJSON_SHORT_ESCAPED;

	if (cursor - s->str_start > FASTJSON_STR_BUF - FASTJSON_SHORT_ESCAPED - 8) {
		return false;
	}
#ifdef FASTJSON_HAVE_SSE2
	/* No quote at all within reach: a long string, for the vector paths. */
	if (s->limit - cursor >= reach && !fastjson_quote_within_sse2(cursor, (size_t) reach)) {
		return false;
	}
#endif
	memcpy(s->buf, s->str_start, (size_t) (cursor - s->str_start));
	while (p - cursor < reach && s->limit - p >= 8) {
		uint64_t word, stops;
		memcpy(&word, p, 8);
		memcpy(out, &word, 8);
		stops = fastjson_swar_eq(word, '"') | fastjson_swar_eq(word, '\\') | fastjson_swar_below_space(word)
			| (word & UINT64_C(0x8080808080808080));
		if (!stops) {
			p += 8;
			out += 8;
			continue;
		}
		p += fastjson_ctz64(stops) >> 3;
		out += fastjson_ctz64(stops) >> 3;
		if (*p == '\\') {
			/* Zero for u and for what is no escape. */
			unsigned char byte = fastjson_escaped_byte[p[1]];
			if (!byte) {
				return false;
			}
			*out++ = byte;
			p += 2;
		} else if (*p == '"') {
			fastjson_end_decoded_string(s, p, out);
			return true;
		} else {
			return false;
		}
	}
	return false;
}
#endif

/* The rest of a string from its first byte of text (at cursor) on: the vector skip, then,
 * if the string does not end there, the automaton (or the decoder). Small, so that a
 * short string of text costs a call with little to save. */
static zend_never_inline FASTJSON_CALL_PATH fastjson_token fastjson_scan_string_text(fastjson_scanner *s, const unsigned char *cursor,
		const bool build)
{
	size_t escapes_saved = 0;

	cursor = fastjson_skip_utf8_text(cursor, s->limit, s->simd, &escapes_saved);
	if (*cursor != '"') {
		if (build && *cursor == '\\' && cursor[1] == 'u') {
			return fastjson_scan_decode_string(s, cursor, escapes_saved);
		}
		return fastjson_scan_string_rest(s, cursor, escapes_saved);
	}
	s->str_end = cursor;
	s->str_len = (size_t) (cursor - s->str_start) - escapes_saved;
	s->str_verbatim = escapes_saved == 0;
	s->str_has_invalid = false;
	s->str_buffered = false;
	s->cursor = cursor + 1;
	return FASTJSON_T_STRING;
}

/* A string token; cursor is just past its opening quote. */
static zend_always_inline fastjson_token fastjson_scan_string(fastjson_scanner *s, const unsigned char *cursor,
		const bool build)
{
	s->str_start = cursor;
	cursor = fastjson_skip_plain(cursor, s->limit, s->simd);
	if (EXPECTED(*cursor == '"')) {
		/* The common case: nothing but plain bytes. */
		s->str_end = cursor;
		s->str_len = (size_t) (cursor - s->str_start);
		s->str_verbatim = true;
		s->str_has_invalid = false;
		s->cursor = cursor + 1;
		return FASTJSON_T_STRING;
	}
	if (*cursor >= 0x80) {
		return fastjson_scan_string_text(s, cursor, build);
	}
#ifndef WORDS_BIGENDIAN
	/* A short string of ASCII text and two-character escapes (a path, a URL). */
	if (build && *cursor == '\\' && cursor[1] != 'u' && fastjson_decode_short_escaped(s, cursor)) {
		return FASTJSON_T_STRING;
	}
#endif
	/* One pass for \u escapes and short strings, and on AVX-512 (short escapes decoded 64
	 * bytes at a time) for all; elsewhere text dense with short escapes (HTML, paths) is
	 * faster in the scan's 64-byte skip and the parser's 32-byte windows. From the start:
	 * copying the plain bytes again costs less than a call to copy them. */
	if (build && *cursor == '\\' && (cursor[1] == 'u' || s->simd == FASTJSON_SIMD_AVX512
			|| fastjson_quote_in_16(cursor + 2, s->limit, s->simd))) {
		return fastjson_scan_decode_string(s, s->str_start, 0);
	}
	return fastjson_scan_string_rest(s, cursor, 0);
}

/* The next token. Without build (validate) numbers are only delimited, not read. */
static zend_always_inline fastjson_token fastjson_scan(fastjson_scanner *s, const bool build)
{
	const unsigned char *cursor = s->cursor;
	const unsigned char *marker;

std:
	if (fastjson_is_whitespace(*cursor)) {
		cursor = fastjson_skip_whitespace(cursor, s);
	}
	s->token = cursor;
	/*!local:re2c
	"{"     { s->cursor = cursor; return FASTJSON_T_LBRACE; }
	"}"     { s->cursor = cursor; return FASTJSON_T_RBRACE; }
	"["     { s->cursor = cursor; return FASTJSON_T_LBRACKET; }
	"]"     { s->cursor = cursor; return FASTJSON_T_RBRACKET; }
	":"     { s->cursor = cursor; return FASTJSON_T_COLON; }
	","     { s->cursor = cursor; return FASTJSON_T_COMMA; }
	"null"  { s->cursor = cursor; return FASTJSON_T_NUL; }
	"true"  { s->cursor = cursor; return FASTJSON_T_TRUE; }
	"false" { s->cursor = cursor; return FASTJSON_T_FALSE; }
	[-0-9] { goto number; }
	WS      { goto std; }
	EOI {
		if (cursor > s->limit) {
			s->cursor = cursor;
			return FASTJSON_T_EOI;
		}
		return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_CTRL_CHAR);
	}
	["]     { return fastjson_scan_string(s, cursor, build); }
	CTRL    { return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_CTRL_CHAR); }
	UTF8    { return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_SYNTAX); }
	ANY     { return fastjson_scan_error(s, cursor, PHP_JSON_ERROR_UTF8); }
	*/

number:
	/* By hand rather than by re2c, so that the digits are read once: the longest prefix
	 * of  INT = "-"? ("0" | [1-9][0-9]*),  FLOAT = INT "." [0-9]+,
	 *      EXP = (INT | FLOAT) [eE] [+-]? [0-9]+
	 * is the token, exactly as ext/json's rules match it; what follows is scanned next. */
	{
		const unsigned char *p = s->token, *digits;
		uint64_t digits_value = 0;
		size_t int_digits, significant;
		int exp10 = 0;
		bool negative = *p == '-', is_float = false;

		p += negative;
		digits = p;
		if (*p == '0') {
			p++;
		} else if ((unsigned) (*p - '1') < 9) {
			p = fastjson_scan_digits(p, s->limit, &digits_value, build);
		} else {
			/* A lone '-' is a character no rule of the grammar starts with. */
			return fastjson_scan_error(s, p, PHP_JSON_ERROR_SYNTAX);
		}
		int_digits = (size_t) (p - digits);
		/* An integer part of "0" has no significant digit (a long one may wrap to 0). */
		significant = *digits != '0' ? int_digits : 0;
		if (*p == '.' && (unsigned) (p[1] - '0') < 10) {
			const unsigned char *fraction = ++p;
			is_float = true;
			if (significant == 0) {
				while (*p == '0') {
					p++; /* leading zeros only scale */
				}
			}
			digits = p;
			p = fastjson_scan_digits(p, s->limit, &digits_value, build);
			significant += (size_t) (p - digits);
			exp10 = -(int) (p - fraction);
		}
		if ((*p | 0x20) == 'e') {
			const unsigned char *e = p + 1 + (p[1] == '+' || p[1] == '-');
			if ((unsigned) (*e - '0') < 10) {
				int exp_value = 0;
				const unsigned char *exp_digits = e;
				is_float = true;
				for (; (unsigned) (*e - '0') < 10; e++) {
					if (build && e - exp_digits < 6) {
						exp_value = exp_value * 10 + (*e - '0');
					}
				}
				if (e - exp_digits >= 6) {
					significant = 20; /* too large for the exact paths */
				}
				exp10 += p[1] == '-' ? -exp_value : exp_value;
				p = e;
			}
		}
		s->cursor = p;
		s->num_value = digits_value;
		s->num_exp10 = exp10;
		s->num_negative = negative;
		/* Past 19 significant digits only zend_strtod() is exact. */
		s->num_exact = significant <= 19;
		if (is_float) {
			return FASTJSON_T_DOUBLE;
		}
		if (EXPECTED(int_digits < FASTJSON_INT_MAX_DIGITS)) {
			return FASTJSON_T_INT;
		}
		if (int_digits == FASTJSON_INT_MAX_DIGITS) {
			int cmp = memcmp(s->token + negative, LONG_MIN_DIGITS, FASTJSON_INT_MAX_DIGITS);
			if (cmp < 0 || (cmp == 0 && negative)) {
				return FASTJSON_T_INT;
			}
		}
		return FASTJSON_T_BIGINT;
	}
}

/* fastjson_scan() out of line, for where the parser's expected byte was not there: an
 * error or the input's end. Another inlined copy of the automaton there would only
 * spread the parser's code over more pages, which cold calls pay for. */
static zend_never_inline fastjson_token fastjson_scan_unexpected(fastjson_scanner *s, bool build)
{
	return build ? fastjson_scan(s, true) : fastjson_scan(s, false);
}

/* The next token when the parser expects the punctuation c (token t), as after a key
 * (':') or a member or element (','; or the container's end): one byte test instead of
 * the whole automaton. */
static zend_always_inline fastjson_token fastjson_scan_expecting(
		fastjson_scanner *s, unsigned char c, fastjson_token t, const bool build)
{
	const unsigned char *p = s->cursor;

	if (fastjson_is_whitespace(*p)) {
		/* Whitespace before ',' is mostly a pretty-printed closing bracket's indentation,
		 * that of the depth below. */
		p = fastjson_skip_whitespace_at(p, s, c == ',' ? s->ws_depth - 1 : s->ws_depth);
	}
	s->token = p;
	if (EXPECTED(*p == c)) {
		s->cursor = p + 1;
		return t;
	}
	if (c == ',' && (*p == ']' || *p == '}')) {
		s->cursor = p + 1;
		return *p == ']' ? FASTJSON_T_RBRACKET : FASTJSON_T_RBRACE;
	}
	s->cursor = p;
	return fastjson_scan_unexpected(s, build);
}

/* The next token when the parser expects a key: a string goes straight to the string
 * scanner. */
static zend_always_inline fastjson_token fastjson_scan_expecting_key(fastjson_scanner *s, const bool build)
{
	const unsigned char *p = s->cursor;

	if (fastjson_is_whitespace(*p)) {
		p = fastjson_skip_whitespace(p, s);
	}
	if (EXPECTED(*p == '"')) {
		s->token = p;
		return fastjson_scan_string(s, p + 1, build);
	}
	s->cursor = p;
	return fastjson_scan_unexpected(s, build);
}
