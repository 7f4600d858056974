/* validate over the structural stage, instantiated once per SIMD path by
 * fastjson_structural.c with:
 *   FASTJSON_STRUCTURAL_SUFFIX    name suffix (scalar, sse2, ...)
 *   FASTJSON_STRUCTURAL_CLASSIFY  the block classifier of that path
 *   FASTJSON_STRUCTURAL_UTF8      its UTF-8 check of a block's bytes from 0x80
 *   FASTJSON_STRUCTURAL_ESCAPES   its check of a block's escapes (s, escaped, bytes, at, classes)
 *   FASTJSON_STRUCTURAL_PREFIX_XOR  its prefix XOR
 *   FASTJSON_STRUCTURAL_PAD       copies the last bytes into a block padded with spaces
 *   FASTJSON_STRUCTURAL_GATHER    (only where positions pay) appends a block's token
 *                                 positions to the batch; without it a batch is one block's mask
 *   FASTJSON_STRUCTURAL_TARGET    the function attribute that enables the path's instructions */

#define FASTJSON_STRUCTURAL_CAT2(a, b) a##_##b
#define FASTJSON_STRUCTURAL_CAT(a, b) FASTJSON_STRUCTURAL_CAT2(a, b)
#define FASTJSON_STRUCTURAL_FN(name) FASTJSON_STRUCTURAL_CAT(name, FASTJSON_STRUCTURAL_SUFFIX)
#ifdef FASTJSON_STRUCTURAL_GATHER
# define FASTJSON_STRUCTURAL_POSITIONS true
# define FASTJSON_STRUCTURAL_BATCH_BLOCKS FASTJSON_POSITION_BATCH_BLOCKS
#else
# define FASTJSON_STRUCTURAL_POSITIONS false
# define FASTJSON_STRUCTURAL_BATCH_BLOCKS 1
#endif

/* One block: bytes are its 64 bytes (a padded copy for the last one), at is where they
 * are in the input. Its tokens join the batch, as positions or (positions false) as
 * its mask. */
static zend_always_inline FASTJSON_STRUCTURAL_TARGET bool FASTJSON_STRUCTURAL_FN(fastjson_structural_block)(
		fastjson_stage1 *s, fastjson_stage1_carry *carry, fastjson_token_batch *batch, const unsigned char *bytes,
		const unsigned char *at, bool positions)
{
	fastjson_block_classes c;
	uint64_t tokens, escapes;

	FASTJSON_STRUCTURAL_CLASSIFY(bytes, &c);
	if (!fastjson_stage1_block(carry, &c, FASTJSON_STRUCTURAL_PREFIX_XOR, &tokens, &escapes)
			|| (UNEXPECTED(escapes) && !FASTJSON_STRUCTURAL_ESCAPES(s, escapes, bytes, at, &c))
			|| (UNEXPECTED(c.high | s->utf8_trails) && !FASTJSON_STRUCTURAL_UTF8(s, c.high, bytes, at))) {
		return false;
	}
#ifdef FASTJSON_STRUCTURAL_GATHER
	if (positions) {
		FASTJSON_STRUCTURAL_GATHER(batch, tokens, (uint32_t) (at - batch->base));
		return true;
	}
#else
	(void) positions;
#endif
	batch->tokens = tokens;
	return true;
}

/* The whole blocks from at on that lie inside the string the last block ended in: only
 * the checks of string bytes (control characters, escapes, UTF-8), no token masks.
 * Returns where it stopped: before the first block with a quote that is not escaped
 * (the block loop takes it) or fewer than 64 bytes before the end; NULL at an error.
 * Out of line, as long strings are rare: inline, it cost the block loop registers. */
FASTJSON_LINE_ALIGNED
static zend_never_inline FASTJSON_STRUCTURAL_TARGET const unsigned char *FASTJSON_STRUCTURAL_FN(fastjson_structural_string)(
		fastjson_stage1 *s, uint64_t *escaped_carry, const unsigned char *at, const unsigned char *end)
{
	for (; end - at >= FASTJSON_BLOCK; at += FASTJSON_BLOCK) {
		fastjson_block_classes c;
		uint64_t carry = *escaped_carry, escaped = 0;

		fastjson_prefetch(end - at > FASTJSON_PREFETCH_AHEAD ? at + FASTJSON_PREFETCH_AHEAD : at);
		/* The compiler drops the classes this loop does not read. */
		FASTJSON_STRUCTURAL_CLASSIFY(at, &c);
		if (UNEXPECTED(c.backslash | carry)) {
			escaped = fastjson_escaped_bytes(c.backslash, &carry);
		}
		if (c.quote & ~escaped) {
			break;
		}
		*escaped_carry = carry;
		if (c.control
				|| (escaped && !FASTJSON_STRUCTURAL_ESCAPES(s, escaped, at, at, &c))
				|| ((c.high | s->utf8_trails) && !FASTJSON_STRUCTURAL_UTF8(s, c.high, at, at))) {
			return NULL;
		}
	}
	return at;
}

/* track: NULL to validate, or a JSON Pointer look-up to do on the way. */
static zend_always_inline FASTJSON_STRUCTURAL_TARGET bool FASTJSON_STRUCTURAL_FN(fastjson_structural_run)(
		const zend_string *json, int depth, fastjson_pointer_track *track)
{
	const unsigned char *at = (const unsigned char *) ZSTR_VAL(json);
	const unsigned char *end = at + ZSTR_LEN(json);
	fastjson_stage1 s;
	fastjson_stage1_carry carry = {0, 0, 0, false};
	fastjson_grammar g;
	fastjson_token_batch batch;

	fastjson_stage1_init(&s, json);
	fastjson_grammar_init(&g, depth);
	while (end - at >= FASTJSON_BLOCK) {
		size_t blocks = (size_t) (end - at) / FASTJSON_BLOCK;
		const unsigned char *batch_end = at + FASTJSON_BLOCK
			* (blocks < FASTJSON_STRUCTURAL_BATCH_BLOCKS ? blocks : FASTJSON_STRUCTURAL_BATCH_BLOCKS);

		batch.base = at;
		batch.count = 0;
		do {
			/* The input ahead, from L2 or further: the grammar's mispredictions would
			 * leave the loads of the next blocks waiting. Never past the input's end. */
			fastjson_prefetch(end - at > FASTJSON_PREFETCH_AHEAD ? at + FASTJSON_PREFETCH_AHEAD : at);
			if (!FASTJSON_STRUCTURAL_FN(fastjson_structural_block)(&s, &carry, &batch, at, at,
					FASTJSON_STRUCTURAL_POSITIONS)) {
				return false;
			}
			at += FASTJSON_BLOCK;
			/* A block wholly inside a string ends the batch: long text, whose next
			 * blocks likely are too. Strings shorter than two blocks never get here, so
			 * the branch stays predictable in token-dense documents. */
		} while (at < batch_end && EXPECTED(!carry.string_only));
		if (!fastjson_batch_empty(&batch, FASTJSON_STRUCTURAL_POSITIONS)
				&& !fastjson_grammar_tokens(&g, &batch, FASTJSON_STRUCTURAL_POSITIONS, end, track)) {
			return false;
		}
		if (UNEXPECTED(carry.string_only)) {
			uint64_t escaped = carry.escaped;
			if (!(at = FASTJSON_STRUCTURAL_FN(fastjson_structural_string)(&s, &escaped, at, end))) {
				return false;
			}
			carry.escaped = escaped;
		}
	}
	if (at < end) {
		/* The last bytes, padded with spaces: whitespace adds no token. Walked by their
		 * mask on every path: a walk over positions just stored waits for the stores,
		 * which documents of one or two blocks felt (validate f/peer on Zen 5, geomean of
		 * 8 documents, 6 of them 7-400 B: 1.46 -> 1.51-1.54). */
		unsigned char last[FASTJSON_BLOCK];
		FASTJSON_STRUCTURAL_PAD(last, at, (size_t) (end - at));
		batch.base = at;
		if (!FASTJSON_STRUCTURAL_FN(fastjson_structural_block)(&s, &carry, &batch, last, at, false)
				|| (!fastjson_batch_empty(&batch, false) && !fastjson_grammar_tokens(&g, &batch, false, end, track))) {
			return false;
		}
	}
	return carry.in_string == 0 && s.utf8_trails == 0 && fastjson_grammar_complete(&g);
}

/* On 64-byte lines, as are the parser's loops: code changed before them then does not
 * move them. */
FASTJSON_LINE_ALIGNED
static FASTJSON_STRUCTURAL_TARGET bool FASTJSON_STRUCTURAL_FN(fastjson_structural_validate)(
		const zend_string *json, int depth)
{
	return FASTJSON_STRUCTURAL_FN(fastjson_structural_run)(json, depth, NULL);
}

FASTJSON_LINE_ALIGNED
static FASTJSON_STRUCTURAL_TARGET bool FASTJSON_STRUCTURAL_FN(fastjson_structural_find)(
		const zend_string *json, int depth, fastjson_pointer_track *track)
{
	return FASTJSON_STRUCTURAL_FN(fastjson_structural_run)(json, depth, track);
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
#undef FASTJSON_STRUCTURAL_GATHER
#undef FASTJSON_STRUCTURAL_POSITIONS
#undef FASTJSON_STRUCTURAL_BATCH_BLOCKS
