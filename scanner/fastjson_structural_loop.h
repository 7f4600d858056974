/* validate over the structural stage, instantiated once per SIMD path by
 * fastjson_structural.c with:
 *   FASTJSON_STRUCTURAL_SUFFIX    name suffix (scalar, sse2, ...)
 *   FASTJSON_STRUCTURAL_CLASSIFY  the block classifier of that path
 *   FASTJSON_STRUCTURAL_UTF8      its UTF-8 check of a block's bytes from 0x80
 *   FASTJSON_STRUCTURAL_ESCAPES   its check of a block's escapes
 *   FASTJSON_STRUCTURAL_PREFIX_XOR  its prefix XOR
 *   FASTJSON_STRUCTURAL_PAD       copies the last bytes into a block padded with spaces
 *   FASTJSON_STRUCTURAL_TARGET    the function attribute that enables the path's instructions */

#define FASTJSON_STRUCTURAL_CAT2(a, b) a##_##b
#define FASTJSON_STRUCTURAL_CAT(a, b) FASTJSON_STRUCTURAL_CAT2(a, b)
#define FASTJSON_STRUCTURAL_FN(name) FASTJSON_STRUCTURAL_CAT(name, FASTJSON_STRUCTURAL_SUFFIX)

static FASTJSON_STRUCTURAL_TARGET bool FASTJSON_STRUCTURAL_FN(fastjson_structural_validate)(
		const zend_string *json, int depth)
{
	const unsigned char *at = (const unsigned char *) ZSTR_VAL(json);
	const unsigned char *end = at + ZSTR_LEN(json);
	fastjson_stage1 s;
	fastjson_stage1_carry carry = {0, 0, 0};
	fastjson_grammar g;
	fastjson_block_classes c;
	uint64_t tokens, escapes;

	fastjson_stage1_init(&s, json);
	fastjson_grammar_init(&g, depth);
	for (; end - at >= FASTJSON_BLOCK; at += FASTJSON_BLOCK) {
		FASTJSON_STRUCTURAL_CLASSIFY(at, &c);
		if (!fastjson_stage1_block(&carry, &c, FASTJSON_STRUCTURAL_PREFIX_XOR, &tokens, &escapes)
				|| (UNEXPECTED(escapes) && !FASTJSON_STRUCTURAL_ESCAPES(&s, escapes, at, at))
				|| (UNEXPECTED(c.high | s.utf8_trails) && !FASTJSON_STRUCTURAL_UTF8(&s, c.high, at, at))
				|| (tokens && !fastjson_grammar_tokens(&g, tokens, at, end))) {
			return false;
		}
	}
	if (at < end) {
		/* The last bytes, padded with spaces: whitespace adds no token. */
		unsigned char last[FASTJSON_BLOCK];
		FASTJSON_STRUCTURAL_PAD(last, at, (size_t) (end - at));
		FASTJSON_STRUCTURAL_CLASSIFY(last, &c);
		if (!fastjson_stage1_block(&carry, &c, FASTJSON_STRUCTURAL_PREFIX_XOR, &tokens, &escapes)
				|| (UNEXPECTED(escapes) && !FASTJSON_STRUCTURAL_ESCAPES(&s, escapes, last, at))
				|| (UNEXPECTED(c.high | s.utf8_trails) && !FASTJSON_STRUCTURAL_UTF8(&s, c.high, last, at))
				|| (tokens && !fastjson_grammar_tokens(&g, tokens, at, end))) {
			return false;
		}
	}
	return carry.in_string == 0 && s.utf8_trails == 0 && fastjson_grammar_complete(&g);
}

#undef FASTJSON_STRUCTURAL_FN
#undef FASTJSON_STRUCTURAL_CAT
#undef FASTJSON_STRUCTURAL_CAT2
#undef FASTJSON_STRUCTURAL_SUFFIX
#undef FASTJSON_STRUCTURAL_CLASSIFY
#undef FASTJSON_STRUCTURAL_UTF8
#undef FASTJSON_STRUCTURAL_ESCAPES
#undef FASTJSON_STRUCTURAL_PREFIX_XOR
#undef FASTJSON_STRUCTURAL_PAD
#undef FASTJSON_STRUCTURAL_TARGET
