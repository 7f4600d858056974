/* The parser: drives the scanner with an explicit stack (no C recursion) and builds the
 * value, or for validate only checks the grammar.
 *
 * ext/json parses with a bison LALR grammar (json_parser.y). Three of its properties are
 * observable and reproduced here:
 * - when objects are created: an object when its first member's value is complete, an
 *   empty one when its '}' is read, so nested objects get their handles inner-first;
 * - which error wins: errors come in input order, and the member, depth and mismatch
 *   checks run at the points where bison reduces the matching rule;
 * - bison's stack limit (YYMAXDEPTH, 10000 states): deep nesting past it is a syntax
 *   error. The parser counts the states bison would hold (see fastjson_bison_push()). */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "fastjson_parser.h"
#include "fastjson_scanner.h"
#include "fastjson_unescape.h"
#include "fastjson_scanner_gen.h"
#include "fastjson_number.h"

/* ---- ext/json's parser stack limit ------------------------------------------------------ */

/* bison fails ("memory exhausted", reported as a syntax error) when a push would make its
 * stack hold YYMAXDEPTH states. The states it holds, with h the height below a value:
 *   start                         1
 *   '[' and its mid-rule action   h+1, h+2; elements then sit at h+3, ',' at h+4
 *   '{' and its mid-rule action   h+1, h+2; key h+3, ':' h+4; later members: member h+3,
 *                                 ',' h+4, key h+5, ':' h+6
 *   a scalar                      h+1
 *   a closing bracket             h+4 (after the elements or members state at h+3)
 * So "[[[...]]]" fails past 4998 levels and {"a":{"a":...}} past 2499, as measured. */
#define FASTJSON_BISON_MAX_STATES 10000

static zend_always_inline bool fastjson_bison_push(uint32_t height)
{
	return height < FASTJSON_BISON_MAX_STATES;
}

/* ---- stacks ------------------------------------------------------------------------------ */

typedef enum {
	FASTJSON_FRAME_ARRAY,
	/* An object decoded to an array: members wait on the value stack as key, value. */
	FASTJSON_FRAME_ASSOC,
	/* A stdClass object: filled in place as each member completes, as ext/json does, so
	 * that replaced duplicates are freed (and their handles reused) at the same moment. */
	FASTJSON_FRAME_OBJECT,
} fastjson_frame_kind;

typedef struct {
	zend_object *object;
	/* A long list or assoc object, filled in place from then on (see FASTJSON_IN_PLACE_AFTER). */
	HashTable *table;
	/* The object's first key and its cache slot: the slot keeps the object's member
	 * count, to size the next object that starts with the same key (while the slot
	 * still holds that key). */
	zend_string *first_key;
	fastjson_key_slot *first_slot;
	/* While the object's keys so far are its first key's shape (a reference), else NULL;
	 * and how many of the shape's keys it has had. */
	fastjson_shape *shape;
	uint32_t shape_pos;
	/* Whether the object differs from its first key's shape: it had none, or a key that
	 * is not the shape's next. */
	bool shape_missed;
	/* Index of the container's first pending entry on the value stack. */
	uint32_t first;
	/* bison's stack height below the container's opening bracket. */
	uint32_t height;
	fastjson_frame_kind kind;
} fastjson_frame;

#define FASTJSON_KEY_CACHE_MAX_LEN 48
/* Frames and pending values live on the C stack up to here (outside the memory PHP
 * counts), then on the heap. Small, so that a small document's stacks share the pages of
 * decode_ex's frame (see fastjson_parser). */
#define FASTJSON_LOCAL_FRAMES 8
#define FASTJSON_LOCAL_VALUES 64
/* Pending entries after which a container is built and then filled in place: long
 * arrays then grow as ext/json's do, instead of also occupying the value stack (which
 * cost time and memory on documents of long number arrays). At 64 the table built is
 * the size ext/json's has reached by then, so the peak memory stays at most ext/json's. */
#define FASTJSON_IN_PLACE_AFTER 64

/* Keys of objects: an object's first key keeps, in its cache slot, the keys of the last
 * object that started with it (once a second such object has completed), since records
 * repeat their keys in the same order. The
 * next such object checks its keys against them byte for byte in the input: a match costs
 * one compare instead of a string scan and a cache look-up, and the member is appended
 * without the duplicate and numeric-key checks (a shape's keys are distinct and none is
 * numeric). The first key that differs ends it for that object. */
#define FASTJSON_SHAPE_MAX 64

typedef struct {
	/* Compared with the input where the key is expected: the same line the member's
	 * bucket needs for the key's hash and reference anyway. */
	zend_string *key;
	/* ZSTR_LEN(key): the input's cursor moves by it, and on a cold call reading it from
	 * the key would make each shape key wait for a line of memory in turn. */
	size_t len;
} fastjson_shape_key;

struct fastjson_shape {
	uint32_t refcount;
	uint32_t count;
	fastjson_shape_key keys[];
};

static zend_never_inline void fastjson_shape_free(fastjson_shape *shape)
{
	uint32_t i;

	for (i = 0; i < shape->count; i++) {
		zend_string_release_ex(shape->keys[i].key, 0);
	}
	efree(shape);
}

static zend_always_inline void fastjson_shape_release(fastjson_shape *shape)
{
	if (--shape->refcount == 0) {
		fastjson_shape_free(shape);
	}
}

/* Up to 8 bytes that end at end, as an integer whose other bytes are zero. Reads the 8
 * bytes before end: for a key in the input or one decoded from it, those are inside
 * the zend_string (its header precedes short values). */
static zend_always_inline uint64_t fastjson_tail8(const unsigned char *end, size_t len)
{
	uint64_t v;

	memcpy(&v, end - 8, 8);
	if (len >= 8) {
		return v;
	}
#ifdef WORDS_BIGENDIAN
	return v & ((UINT64_C(1) << (8 * len)) - 1);
#else
	return v >> (8 * (8 - len));
#endif
}

static zend_always_inline uint64_t fastjson_head8(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* Whether a byte of x is one JSON writes escaped: a quote, a backslash, or below 0x20. */
static zend_always_inline bool fastjson_has_escaped_byte(uint64_t x)
{
	return (fastjson_swar_below_space(x) | fastjson_swar_eq(x, '"') | fastjson_swar_eq(x, '\\')) != 0;
}

/* Whether the input can hold key as its bytes between two quotes (no byte that JSON
 * writes escaped; its bytes are valid UTF-8, as every decoded key's are), key is not
 * empty (fastjson_shape_key_at() compares at least one byte), and it means the same in
 * both decode modes: not numeric (an integer key of an array), no leading NUL (an error
 * in an object). */
static bool fastjson_shape_can_hold(const zend_string *key)
{
	const unsigned char *val = (const unsigned char *) ZSTR_VAL(key);
	size_t len = ZSTR_LEN(key), i;
	zend_ulong index;
	uint64_t x;

	if (len == 0 || ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(key), len, index)) {
		return false;
	}
	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&x, val + i, 8);
		if (fastjson_has_escaped_byte(x)) {
			return false;
		}
	}
	if (i == len) {
		return true;
	}
	/* The rest, with 'A' for the bytes it lacks. */
	x = fastjson_tail8(val + len, len - i) | ((~UINT64_C(0) << (8 * (len - i))) & UINT64_C(0x4141414141414141));
	return !fastjson_has_escaped_byte(x);
}

/* The keys of a completed object, up to the first that a shape cannot hold; NULL when
 * fewer than two. */
static zend_never_inline fastjson_shape *fastjson_shape_of(const HashTable *members)
{
	uint32_t count = 0, limit = MIN(members->nNumUsed, FASTJSON_SHAPE_MAX), i;
	const Bucket *b = members->arData;
	fastjson_shape *shape;

	while (count < limit && !Z_ISUNDEF(b[count].val) && b[count].key && fastjson_shape_can_hold(b[count].key)) {
		count++;
	}
	if (count < 2) {
		return NULL;
	}
	shape = emalloc(sizeof(fastjson_shape) + count * sizeof(fastjson_shape_key));
	shape->refcount = 1;
	shape->count = count;
	for (i = 0; i < count; i++) {
		shape->keys[i].key = zend_string_copy(b[i].key);
		shape->keys[i].len = ZSTR_LEN(b[i].key);
	}
	return shape;
}

/* Whether the string at p (its opening quote) is key k: its bytes, then '"'. Reads up to
 * limit, where the zend_string's NUL is, and the 8 bytes before each side's end (see
 * fastjson_tail8()). */
static zend_always_inline bool fastjson_shape_key_at(const fastjson_shape_key *k, const unsigned char *p,
		const unsigned char *limit)
{
	size_t len = k->len;
	const unsigned char *text = p + 1;
	const unsigned char *key = (const unsigned char *) ZSTR_VAL(k->key);

	return (size_t) (limit - text) >= len && text[len] == '"'
		&& fastjson_tail8(text + len, len) == fastjson_tail8(key + len, len)
		&& (len <= 8 || (len <= 16 ? fastjson_head8(text) == fastjson_head8(key) : memcmp(text, key, len - 8) == 0));
}

/* On the C stack, at decode_ex's frame. What every call touches lies nearest the caller's
 * frame, on fewer pages for a call whose TLB holds other work: the string buffer, which
 * only strings with escapes use, comes first (lowest: cold 351 B - 10 KB decodes 5-15%
 * faster than with it last), then the local stacks, whose first entries are used first,
 * then the scanner (a 351 B record touches 2 pages of stack instead of 3). */
typedef struct {
	unsigned char str_buf[FASTJSON_STR_BUF];
	zval values_local[FASTJSON_LOCAL_VALUES];
	fastjson_frame frames_local[FASTJSON_LOCAL_FRAMES];
	fastjson_scanner scanner;
	int max_depth;
	fastjson_frame *frames;
	fastjson_frame *frames_end;
	zval *values;
	zval *values_end;
	/* Where the stacks ended when an error stopped the parse. */
	fastjson_frame *top;
	zval *sp;
	/* The request's key cache, or NULL. */
	fastjson_key_cache *keys;
} fastjson_parser;

static void fastjson_parser_init(fastjson_parser *p, const zend_string *json, int options, int depth,
		fastjson_simd_path simd, bool build)
{
	fastjson_scanner *s = &p->scanner;

	s->cursor = (const unsigned char *) ZSTR_VAL(json);
	s->limit = s->cursor + ZSTR_LEN(json);
	s->token = s->cursor;
	s->options = options;
	s->errcode = PHP_JSON_ERROR_NONE;
	s->simd = simd;
	s->ws_depth = 0;
	memset(s->ws_guess, 0, sizeof(s->ws_guess));
	s->buf = build ? p->str_buf : NULL;
	p->max_depth = depth;
	p->frames = p->frames_local;
	p->frames_end = p->frames_local + FASTJSON_LOCAL_FRAMES;
	p->values = p->values_local;
	p->values_end = p->values_local + FASTJSON_LOCAL_VALUES;
	p->keys = NULL;
	if (build) {
		fastjson_key_cache *keys = fastjson_request_key_cache();
		p->keys = keys->active ? keys : NULL;
	}
}

void fastjson_key_cache_start(fastjson_key_cache *cache)
{
	memset(cache->used, 0, sizeof(cache->used));
	cache->active = true;
}

void fastjson_key_cache_end(fastjson_key_cache *cache)
{
	size_t word;

	for (word = 0; word < FASTJSON_KEY_CACHE_SIZE / 64; word++) {
		uint64_t used;
		for (used = cache->used[word]; used; used &= used - 1) {
			fastjson_key_slot *slot = &cache->slots[word * 64 + fastjson_ctz64(used)];
			zend_string_release_ex(slot->key, 0);
			if (slot->shape) {
				fastjson_shape_release(slot->shape);
				slot->shape = NULL;
			}
		}
		cache->used[word] = 0;
	}
	cache->active = false;
}

/* Doubles a stack that starts in a buffer inside the parser (local) and moves to the heap;
 * returns its new base. */
static void *fastjson_grow_stack(void *base, const void *local, size_t used, size_t size, size_t elem)
{
	if (base == local) {
		void *heap = safe_emalloc(size, elem, 0);
		memcpy(heap, local, used * elem);
		return heap;
	}
	return safe_erealloc(base, size, elem, 0);
}

static zend_never_inline fastjson_frame *fastjson_grow_frames(fastjson_parser *p, fastjson_frame *top)
{
	size_t used = (size_t) (top - p->frames);
	size_t size = (size_t) (p->frames_end - p->frames) * 2;

	p->frames = fastjson_grow_stack(p->frames, p->frames_local, used, size, sizeof(fastjson_frame));
	p->frames_end = p->frames + size;
	return p->frames + used;
}

/* Pending values stay far below UINT32_MAX (frame indexes are 32-bit): at most
 * FASTJSON_IN_PLACE_AFTER per open container, and bison's limit keeps fewer than 5,000 open. */
static zend_never_inline zval *fastjson_grow_values(fastjson_parser *p, zval *sp)
{
	size_t used = (size_t) (sp - p->values);
	size_t size = (size_t) (p->values_end - p->values) * 2;

	p->values = fastjson_grow_stack(p->values, p->values_local, used, size, sizeof(zval));
	p->values_end = p->values + size;
	return p->values + used;
}

/* Releases the stacks; after an error, also what the open containers held. */
static FASTJSON_CALL_PATH void fastjson_parser_free(fastjson_parser *p, bool failed, bool build)
{
	if (build) {
		if (failed) {
			fastjson_frame *f;
			zval *v;
			for (v = p->values; v < p->sp; v++) {
				zval_ptr_dtor_nogc(v);
			}
			for (f = p->frames; f < p->top; f++) {
				if (f->shape) {
					fastjson_shape_release(f->shape);
				}
				if (f->object) {
					OBJ_RELEASE(f->object);
				}
				if (f->table) {
					zend_array_destroy(f->table);
				}
			}
		}
	}
	if (p->frames != p->frames_local) {
		efree(p->frames);
	}
	if (p->values != p->values_local) {
		efree(p->values);
	}
}

/* ---- strings ------------------------------------------------------------------------------ */

/* Strings with escapes up to this long are decoded on the stack, where the runs'
 * stores need no room check, and then copied: short strings would otherwise be
 * decoded byte by byte near their end. */
#define FASTJSON_UNESCAPE_STACK 512

/* A string decoded into a scratch buffer. One byte is PHP's interned string for it, as
 * the engine's own one-character strings are: no allocation (json_decode() allocates
 * one; only debug_zval_dump() tells them apart, as for "", which both intern). */
static zend_always_inline zend_string *fastjson_stack_string(const unsigned char *val, size_t len)
{
	return len == 1 ? ZSTR_CHAR(val[0]) : zend_string_init((const char *) val, len, 0);
}

/* A string with escapes or invalid UTF-8 the scanner has validated: every escape is
 * well-formed, and bytes >= 0x80 that start no valid sequence are there only under
 * IGNORE or SUBSTITUTE, which drop each such byte or write U+FFFD for it (SUBSTITUTE
 * wins, as in ext/json). The scanner's decoder may have decoded all of it, or the bytes
 * before str_resume. */
static zend_never_inline FASTJSON_CALL_PATH zend_string *fastjson_new_decoded_string(const fastjson_scanner *s)
{
	unsigned char stack[FASTJSON_UNESCAPE_STACK + 32];
	unsigned char *out = stack, *out_end = stack + sizeof(stack);
	const unsigned char *from = s->str_start;
	zend_string *str = NULL;

	if (s->str_buffered && !s->str_resume) {
		return fastjson_stack_string(s->buf, s->str_len);
	}
	if (UNEXPECTED(s->str_has_invalid) || s->str_len > FASTJSON_UNESCAPE_STACK) {
		str = zend_string_alloc(s->str_len, 0);
		out = (unsigned char *) ZSTR_VAL(str);
		out_end = out + s->str_len;
		ZSTR_VAL(str)[s->str_len] = '\0';
	}
	if (s->str_buffered) {
		memcpy(out, s->buf, s->str_prefix_len);
		out += s->str_prefix_len;
		from = s->str_resume;
	}
	if (UNEXPECTED(s->str_has_invalid)) {
		fastjson_unescape_invalid(out, from, s->str_end, s->options);
#ifdef FASTJSON_HAVE_AVX512
	} else if (s->simd == FASTJSON_SIMD_AVX512) {
		fastjson_unescape_runs_avx512(out, out_end, from, s->str_end, s->limit, s->simd);
#endif
#ifdef FASTJSON_HAVE_AVX2
	} else if (fastjson_simd_has_avx2(s->simd)) {
		fastjson_unescape_runs_avx2(out, out_end, from, s->str_end, s->limit, s->simd);
#endif
	} else {
		fastjson_unescape_runs(out, out_end, from, s->str_end, s->limit, s->simd);
	}
	return str ? str : fastjson_stack_string(stack, s->str_len);
}

/* ---- the result's memory ----------------------------------------------------------
 * emalloc(size), and a hint to fetch the block the next allocation of its size will get.
 * The allocator hands out the head of a list of free blocks, each holding the next one's
 * address in its first word (PHP 8.2 to 8.6; whatever else is there, as under
 * USE_ZEND_ALLOC=0, only wastes the hint: a prefetch never faults). On a cold call each
 * new string, object or table would otherwise wait for the line of the one before it of
 * its size. */
static zend_always_inline void *fastjson_emalloc_hinted(size_t size)
{
	void *block = emalloc(size);

	fastjson_prefetch(*(void *const *) block);
	return block;
}

/* object_init() */
static zend_always_inline void fastjson_object_init(zval *zv)
{
	zend_class_entry *ce = zend_standard_class_def;
	zend_object *obj = fastjson_emalloc_hinted(sizeof(zend_object) + zend_object_properties_size(ce));

	zend_object_std_init(obj, ce);
	obj->handlers = &std_object_handlers;
	ZVAL_OBJ(zv, obj);
}

/* zend_new_array(size), then zend_hash_real_init_packed() / _mixed(): the smallest size,
 * the common one, with constant sizes (as those functions have it). */
static zend_always_inline HashTable *fastjson_new_table(uint32_t size, bool packed)
{
	HashTable *ht = fastjson_emalloc_hinted(sizeof(HashTable));

	_zend_hash_init(ht, size, ZVAL_PTR_DTOR, 0);
	size = ht->nTableSize;
	if (packed) {
		HT_SET_DATA_ADDR(ht, size == HT_MIN_SIZE ? fastjson_emalloc_hinted(HT_PACKED_SIZE_EX(HT_MIN_SIZE, HT_MIN_MASK))
			: fastjson_emalloc_hinted(HT_PACKED_SIZE_EX(size, HT_MIN_MASK)));
		HT_FLAGS(ht) = HASH_FLAG_PACKED | HASH_FLAG_STATIC_KEYS;
		HT_HASH_RESET_PACKED(ht);
	} else if (size == HT_MIN_SIZE) {
		ht->nTableMask = HT_SIZE_TO_MASK(HT_MIN_SIZE);
		HT_SET_DATA_ADDR(ht, fastjson_emalloc_hinted(HT_SIZE_EX(HT_MIN_SIZE, HT_SIZE_TO_MASK(HT_MIN_SIZE))));
		HT_FLAGS(ht) = HASH_FLAG_STATIC_KEYS;
		memset(&HT_HASH(ht, HT_SIZE_TO_MASK(HT_MIN_SIZE)), 0xff, HT_HASH_SIZE(HT_SIZE_TO_MASK(HT_MIN_SIZE)));
	} else {
		ht->nTableMask = HT_SIZE_TO_MASK(size);
		HT_SET_DATA_ADDR(ht, fastjson_emalloc_hinted(HT_SIZE_EX(size, HT_SIZE_TO_MASK(size))));
		HT_FLAGS(ht) = HASH_FLAG_STATIC_KEYS;
		HT_HASH_RESET(ht);
	}
	return ht;
}

/* A string without escapes: zend_string_init(val, len, 0), its block hinted. Only here:
 * the same hint for keys and escaped strings too made small documents slower. */
static zend_always_inline zend_string *fastjson_verbatim_string(const char *val, size_t len)
{
	zend_string *str = fastjson_emalloc_hinted(ZEND_MM_ALIGNED_SIZE(_ZSTR_STRUCT_SIZE(len)));

	/* as zend_string_alloc() */
	GC_SET_REFCOUNT(str, 1);
	GC_TYPE_INFO(str) = GC_STRING;
	ZSTR_H(str) = 0;
	ZSTR_LEN(str) = len;
	memcpy(ZSTR_VAL(str), val, len);
	ZSTR_VAL(str)[len] = '\0';
	return str;
}

static zend_always_inline zend_string *fastjson_new_string(const fastjson_scanner *s)
{
	if (EXPECTED(s->str_verbatim)) {
		return fastjson_verbatim_string((const char *) s->str_start, s->str_len);
	}
	return fastjson_new_decoded_string(s);
}

static zend_always_inline void fastjson_string_value(zval *zv, const fastjson_scanner *s)
{
	if (s->str_len > 1) {
		ZVAL_NEW_STR(zv, fastjson_new_string(s));
	} else if (s->str_len == 0) {
		ZVAL_EMPTY_STRING(zv);
	} else {
		/* interned, as in fastjson_stack_string() */
		ZVAL_STR(zv, s->str_verbatim ? ZSTR_CHAR(*s->str_start) : fastjson_new_decoded_string(s));
	}
}

/* A new reference to the key just scanned, and its cache slot (or NULL). The cache is
 * looked up by length and at most 16 bytes, without hashing the whole key: a key found
 * there keeps the hash zend_hash_update() computed for it the first time. */
static zend_always_inline zend_string *fastjson_key(fastjson_parser *p, fastjson_key_slot **slot)
{
	const fastjson_scanner *s = &p->scanner;
	size_t len = s->str_len;
	zend_string *key;

	*slot = NULL;
	if (len == 0) {
		return ZSTR_EMPTY_ALLOC();
	}
	if (EXPECTED(p->keys && s->str_verbatim && len <= FASTJSON_KEY_CACHE_MAX_LEN)) {
		uint64_t tail = fastjson_tail8(s->str_end, len);
		uint64_t head = len > 8 ? fastjson_tail8(s->str_start + 8, 8) : 0;
		size_t index = (size_t) (((tail ^ (head >> 7)) * UINT64_C(0x9e3779b97f4a7c15) + len)
			>> (64 - FASTJSON_KEY_CACHE_BITS));
		fastjson_key_slot *entry = &p->keys->slots[index];
		uint64_t *used = &p->keys->used[index / 64];
		uint64_t bit = UINT64_C(1) << (index % 64);

		key = (*used & bit) ? entry->key : NULL;
		*slot = entry;
		if (key && ZSTR_LEN(key) == len
				&& fastjson_tail8((const unsigned char *) ZSTR_VAL(key) + len, len) == tail
				&& (len <= 8 || (len <= 16 ? fastjson_head8((const unsigned char *) ZSTR_VAL(key)) == fastjson_head8(s->str_start)
					: memcmp(ZSTR_VAL(key), s->str_start, len - 8) == 0))) {
			return zend_string_copy(key);
		}
		if (key) {
			zend_string_release_ex(key, 0);
			if (entry->shape) {
				fastjson_shape_release(entry->shape);
			}
		}
		key = zend_string_init((const char *) s->str_start, len, 0);
		*used |= bit;
		entry->key = zend_string_copy(key);
		entry->shape = NULL;
		entry->shape_misses = 0;
		entry->object_size = 0;
		return key;
	}
	return fastjson_new_string(s);
}

/* The object's next key when it is its shape's next (a new reference; the scanner is then
 * past it), else NULL (the scanner is at the next token). */
static zend_always_inline zend_string *fastjson_shape_next_key(fastjson_scanner *s, fastjson_frame *f)
{
	const unsigned char *p = s->cursor;
	const fastjson_shape_key *k;

	if (f->shape_pos == f->shape->count) {
		return NULL;
	}
	k = &f->shape->keys[f->shape_pos];
	if (fastjson_is_whitespace(*p)) {
		p = fastjson_skip_whitespace(p, s);
		s->cursor = p;
	}
	if (*p != '"' || !fastjson_shape_key_at(k, p, s->limit)) {
		return NULL;
	}
	s->token = p;
	s->cursor = p + k->len + 2;
	f->shape_pos++;
	return zend_string_copy(k->key);
}

/* ---- building containers ------------------------------------------------------------------- */

/* Appends a string key that is not in ht, which has room: _zend_hash_append() without
 * its zend_string_addref(), the caller's reference moving into the bucket. */
static zend_always_inline void fastjson_table_append(HashTable *ht, zend_string *key, zend_ulong h, zval *value)
{
	uint32_t slot = (uint32_t) h | ht->nTableMask;
	uint32_t idx = ht->nNumUsed++;
	Bucket *b = ht->arData + idx;

	ZVAL_COPY_VALUE(&b->val, value);
	if (!ZSTR_IS_INTERNED(key)) {
		HT_FLAGS(ht) &= ~HASH_FLAG_STATIC_KEYS;
	}
	b->key = key;
	b->h = h;
	Z_NEXT(b->val) = HT_HASH(ht, slot);
	HT_HASH(ht, slot) = HT_IDX_TO_HASH(idx);
	ht->nNumOfElements++;
}

/* A member whose key is its object's shape's next: not in the (initialized, unpacked)
 * table yet and not numeric. Takes over the caller's reference to key. */
static zend_always_inline void fastjson_table_put_new(HashTable *ht, zend_string *key, zval *value)
{
	if (UNEXPECTED(ht->nNumUsed >= ht->nTableSize)) {
		zend_hash_add_new(ht, key, value);
		zend_string_release_ex(key, 0);
		return;
	}
	fastjson_table_append(ht, key, zend_string_hash_val(key), value);
}

/* zend_hash_update() (or with symtable, zend_symtable_update()) of a member, which takes
 * over the caller's reference to key, with the common case inline: a string key new to a
 * hash table that has room, appended as zend_hash_update() would append it, the
 * reference moving into the bucket (no add and release of one more). Numeric-string keys
 * of arrays, keys already present (the duplicate rule: the last value in the first one's
 * place), a table not yet initialized or full: zend_hash_update() itself. */
static zend_always_inline void fastjson_table_put(HashTable *ht, zend_string *key, zval *value, bool symtable)
{
	zend_ulong h;
	uint32_t idx, slot;
	Bucket *b;

	if ((HT_FLAGS(ht) & (HASH_FLAG_UNINITIALIZED | HASH_FLAG_PACKED)) || ht->nNumUsed >= ht->nTableSize) {
		goto generic;
	}
	if (symtable) {
		zend_ulong index;
		if (UNEXPECTED(ZEND_HANDLE_NUMERIC(key, index))) {
			goto generic;
		}
	}
	h = zend_string_hash_val(key);
	slot = (uint32_t) h | ht->nTableMask;
	for (idx = HT_HASH(ht, slot); idx != HT_INVALID_IDX; ) {
		b = HT_HASH_TO_BUCKET(ht, idx);
		if (b->key == key || (b->h == h && b->key && zend_string_equal_content(b->key, key))) {
			goto generic;
		}
		idx = Z_NEXT(b->val);
	}
	fastjson_table_append(ht, key, h, value);
	return;
generic:
	if (symtable) {
		zend_symtable_update(ht, key, value);
	} else {
		zend_hash_update(ht, key, value);
	}
	zend_string_release_ex(key, 0);
}

/* zend_hash_next_index_insert_new() of a list's next element, inline while the packed
 * table it fills from 0 has room (as that function stores it); growing it is left to it. */
static zend_always_inline void fastjson_table_push(HashTable *ht, zval *value)
{
	uint32_t idx = ht->nNumUsed;

	if (EXPECTED(HT_IS_PACKED(ht) && idx < ht->nTableSize && ht->nNextFreeElement == (zend_long) idx)) {
		ZVAL_COPY_VALUE(ht->arPacked + idx, value);
		ht->nNumUsed = idx + 1;
		ht->nNextFreeElement = (zend_long) idx + 1;
		ht->nNumOfElements++;
		return;
	}
	zend_hash_next_index_insert_new(ht, value);
}

static zend_always_inline void fastjson_close_array(zval *result, zval *first, zval *sp)
{
	uint32_t count = (uint32_t) (sp - first);
	HashTable *ht;

	if (count == 0) {
		ZVAL_EMPTY_ARRAY(result);
		return;
	}
	ht = fastjson_new_table(count, true);
	ZVAL_ARR(result, ht);
	ZEND_HASH_FILL_PACKED(ht) {
		for (; first < sp; first++) {
			ZEND_HASH_FILL_ADD(first);
		}
	} ZEND_HASH_FILL_END();
}

static zend_always_inline void fastjson_close_assoc(zval *result, zval *first, zval *sp)
{
	uint32_t count = (uint32_t) (sp - first) / 2;
	HashTable *ht;

	if (count == 0) {
		ZVAL_EMPTY_ARRAY(result);
		return;
	}
	/* Initialized now, so that the first member is appended inline too. */
	ht = fastjson_new_table(count, false);
	ZVAL_ARR(result, ht);
	for (; first < sp; first += 2) {
		fastjson_table_put(ht, Z_STR(first[0]), &first[1], true);
	}
}

/* A container with many entries: build it from what is pending, fill it in place from now. */
static zend_never_inline zval *fastjson_to_table(fastjson_parser *p, fastjson_frame *f, zval *sp)
{
	zval *first = p->values + f->first;
	zval table;

	if (f->kind == FASTJSON_FRAME_ARRAY) {
		fastjson_close_array(&table, first, sp);
	} else {
		fastjson_close_assoc(&table, first, sp);
	}
	f->table = Z_ARR(table);
	return first;
}

/* A completed object: the slot of its first key keeps its member count and, when the slot
 * has no shape (from the second object with that key on) or this is the second object in
 * a row that differs from it, its keys (two or more: a shape is for the keys after the
 * first); while the slot holds that key. */
static zend_always_inline void fastjson_keep_object_keys(fastjson_frame *f, const HashTable *members)
{
	fastjson_key_slot *slot = f->first_slot;

	if (slot && slot->key == f->first_key) {
		bool missed = f->shape ? f->shape_pos != f->shape->count : f->shape_missed;
		/* Whether an object started with this key before: a request's only document (a
		 * log record, a request body) would pay for shapes it never uses (a 351-byte
		 * record 11,958 -> 9,249 instructions on an empty cache). */
		bool seen = slot->object_size != 0;
		slot->object_size = zend_hash_num_elements(members);
		if (!missed) {
			slot->shape_misses = 0;
		} else if (seen && slot->object_size >= 2 && (!slot->shape || slot->shape_misses++)) {
			if (slot->shape) {
				fastjson_shape_release(slot->shape);
			}
			slot->shape = fastjson_shape_of(members);
			slot->shape_misses = 0;
		}
	}
	if (f->shape) {
		fastjson_shape_release(f->shape);
	}
}

static zend_always_inline uint32_t fastjson_object_size_hint(fastjson_frame *f)
{
	if (f->first_slot && f->first_slot->key != f->first_key) {
		f->first_slot = NULL;
	}
	return f->first_slot ? f->first_slot->object_size : 0;
}

/* An object decoded to an array: its table, when its first member is complete. */
static zend_always_inline HashTable *fastjson_new_assoc_table(fastjson_frame *f)
{
	return fastjson_new_table(fastjson_object_size_hint(f), false);
}

/* An object's first member is complete: ext/json creates the object now. */
static zend_always_inline zend_object *fastjson_create_object(fastjson_frame *top)
{
	zval zv;
	zend_object *obj;

	fastjson_object_init(&zv);
	obj = Z_OBJ(zv);
	/* Initialized now (the buckets zend_hash_update() would allocate for the first
	 * member), so that the first member is appended inline too. */
	obj->properties = fastjson_new_table(fastjson_object_size_hint(top), false);
	top->object = obj;
	return obj;
}

/* The value of a scalar token. */
static zend_always_inline void fastjson_scalar_value(zval *value, const fastjson_scanner *s, fastjson_token tok)
{
	switch (tok) {
		case FASTJSON_T_STRING:
			fastjson_string_value(value, s);
			break;
		case FASTJSON_T_INT:
			ZVAL_LONG(value, fastjson_scanned_long(s));
			break;
		case FASTJSON_T_BIGINT:
			if (s->options & PHP_JSON_BIGINT_AS_STRING) {
				ZVAL_STRINGL(value, (const char *) s->token, s->cursor - s->token);
				break;
			}
			ZEND_FALLTHROUGH;
		case FASTJSON_T_DOUBLE:
			ZVAL_DOUBLE(value, fastjson_scanned_double(s));
			break;
		case FASTJSON_T_NUL:
			ZVAL_NULL(value);
			break;
		default:
			ZVAL_BOOL(value, tok == FASTJSON_T_TRUE);
			break;
	}
}

/* A string, or with JSON_BIGINT_AS_STRING an integer too long for zend_long: ext/json's
 * scanner makes the latter a string token, which its grammar takes as a key too. */
static zend_always_inline bool fastjson_is_key_token(const fastjson_scanner *s, fastjson_token tok)
{
	return tok == FASTJSON_T_STRING || (tok == FASTJSON_T_BIGINT && (s->options & PHP_JSON_BIGINT_AS_STRING));
}

/* ---- the parser ---------------------------------------------------------------------------- */

#define FASTJSON_SCAN() (tok = fastjson_scan(s, build))

/* Parses the document; with build, into result. The loop is one state machine whose states
 * are the labels below; "height" is bison's stack height below the value being parsed. */
static zend_always_inline php_json_error_code fastjson_parse(fastjson_parser *p, zval *result, const bool build)
{
	fastjson_scanner *s = &p->scanner;
	const bool assoc = (s->options & PHP_JSON_OBJECT_AS_ARRAY) != 0;
	fastjson_frame *top = p->frames; /* one past the innermost open container */
	zval *sp = p->values;            /* one past the last pending value */
	uint32_t height = 1;
	fastjson_token tok;
	zend_string *member = NULL;
	zval value;

	ZVAL_UNDEF(&value);

parse_value:
	FASTJSON_SCAN();
value_token:
	switch (tok) {
		case FASTJSON_T_LBRACKET:
		case FASTJSON_T_LBRACE: {
			bool is_object = tok == FASTJSON_T_LBRACE;
			if (!fastjson_bison_push(height + 1)) {
				goto syntax_error;
			}
			if ((int) (top - p->frames) + 1 >= p->max_depth) {
				s->errcode = PHP_JSON_ERROR_DEPTH;
				goto error;
			}
			if (!fastjson_bison_push(height + 2)) {
				goto syntax_error;
			}
			if (UNEXPECTED(top == p->frames_end)) {
				top = fastjson_grow_frames(p, top);
			}
			top->height = height;
			top->first = (uint32_t) (sp - p->values);
			top->object = NULL;
			top->table = NULL;
			top->first_key = NULL;
			top->first_slot = NULL;
			top->shape = NULL;
			top->shape_missed = true;
			top->kind = !is_object ? FASTJSON_FRAME_ARRAY : (assoc ? FASTJSON_FRAME_ASSOC : FASTJSON_FRAME_OBJECT);
			top++;
			s->ws_depth++;
			FASTJSON_SCAN();
			if (tok == FASTJSON_T_RBRACKET || tok == FASTJSON_T_RBRACE) {
				/* Empty: the elements/members state, then the closing bracket. */
				if (build && is_object && !assoc) {
					fastjson_object_init(&value);
					top[-1].object = Z_OBJ(value);
				}
				if (!fastjson_bison_push(height + 3) || !fastjson_bison_push(height + 4)) {
					goto syntax_error;
				}
				if ((tok == FASTJSON_T_RBRACE) != is_object) {
					s->errcode = PHP_JSON_ERROR_STATE_MISMATCH;
					goto error;
				}
				top--;
				s->ws_depth--;
				if (build && !(is_object && !assoc)) {
					ZVAL_EMPTY_ARRAY(&value);
				}
				goto value_done;
			}
			if (!is_object) {
				height += 2;
				goto value_token;
			}
			if (!fastjson_is_key_token(s, tok)) {
				goto unexpected;
			}
			if (!fastjson_bison_push(height + 3)) {
				goto syntax_error;
			}
			height += 4;
			goto member_key;
		}
		case FASTJSON_T_STRING:
		case FASTJSON_T_INT:
		case FASTJSON_T_DOUBLE:
		case FASTJSON_T_BIGINT:
		case FASTJSON_T_NUL:
		case FASTJSON_T_TRUE:
		case FASTJSON_T_FALSE:
			if (!fastjson_bison_push(height + 1)) {
				goto syntax_error;
			}
			if (build) {
				fastjson_scalar_value(&value, s, tok);
			}
			goto value_done;
		default:
			goto unexpected;
	}

member_key:
	/* A key was scanned (its state pushed at height - 1). */
	if (build) {
		fastjson_key_slot *slot;
		zend_string *key;
		if (EXPECTED(tok == FASTJSON_T_STRING)) {
			key = fastjson_key(p, &slot);
		} else {
			slot = NULL;
			key = zend_string_init((const char *) s->token, s->cursor - s->token, 0);
		}
		if (top[-1].kind == FASTJSON_FRAME_OBJECT ? top[-1].object == NULL
				: top[-1].kind == FASTJSON_FRAME_ASSOC && top[-1].table == NULL) {
			top[-1].first_key = key;
			top[-1].first_slot = slot;
			if (slot && slot->shape) {
				const char *lines = (const char *) slot->shape;
				/* On a cold call the keys would arrive a line at a time, each as it is matched. */
				fastjson_prefetch(lines + 64);
				fastjson_prefetch(lines + 128);
				fastjson_prefetch(lines + 192);
				fastjson_prefetch(lines + 256);
				top[-1].shape = slot->shape;
				top[-1].shape->refcount++;
				top[-1].shape_pos = 1;
			}
		}
		member = key;
	}

member_colon:
	/* The member's key is kept (with build, in member) and its state pushed at height - 1:
	 * it waits on the value stack, then ':' is expected. */
	if (build) {
		if (UNEXPECTED(sp == p->values_end)) {
			sp = fastjson_grow_values(p, sp);
		}
		ZVAL_STR(sp, member);
		sp++;
	}
	tok = fastjson_scan_expecting(s, ':', FASTJSON_T_COLON, build);
	if (tok != FASTJSON_T_COLON) {
		goto unexpected;
	}
	if (!fastjson_bison_push(height)) {
		goto syntax_error;
	}
	goto parse_value;

value_done:
	/* A complete value; "height" is still the height below it. */
	if (top == p->frames) {
		/* The value waits on the value stack, to be freed if the end is not there. */
		if (build) {
			ZVAL_COPY_VALUE(sp, &value);
			sp++;
		}
		FASTJSON_SCAN();
		if (tok != FASTJSON_T_EOI) {
			goto unexpected;
		}
		if (build) {
			ZVAL_COPY_VALUE(result, p->values);
		}
		return PHP_JSON_ERROR_NONE;
	}
	if (build) {
		fastjson_frame *f = top - 1;
		if (f->kind == FASTJSON_FRAME_OBJECT) {
			/* The member rule's reduction: create the object, check the name, store. */
			zend_string *key;
			zend_object *obj = f->object;
			sp--;
			key = Z_STR_P(sp);
			if (!obj) {
				obj = fastjson_create_object(f);
			}
			if (f->shape) {
				fastjson_table_put_new(obj->properties, key, &value);
			} else if (UNEXPECTED(ZSTR_LEN(key) > 0 && ZSTR_VAL(key)[0] == '\0')) {
				zend_string_release_ex(key, 0);
				zval_ptr_dtor_nogc(&value);
				s->errcode = PHP_JSON_ERROR_INVALID_PROPERTY_NAME;
				goto error;
			} else {
				fastjson_table_put(obj->properties, key, &value, false);
			}
		} else if (f->kind == FASTJSON_FRAME_ASSOC && !f->table) {
			/* Filled in place from its first member, as ext/json fills it (and sized like
			 * the last object that started with the same key). */
			f->table = fastjson_new_assoc_table(f);
			sp--;
			if (f->shape) {
				fastjson_table_put_new(f->table, Z_STR_P(sp), &value);
			} else {
				fastjson_table_put(f->table, Z_STR_P(sp), &value, true);
			}
		} else if (EXPECTED(!f->table)) {
			if (UNEXPECTED(sp == p->values_end)) {
				sp = fastjson_grow_values(p, sp);
			}
			ZVAL_COPY_VALUE(sp, &value);
			sp++;
			if (UNEXPECTED(sp - (p->values + f->first) >= FASTJSON_IN_PLACE_AFTER)) {
				sp = fastjson_to_table(p, f, sp);
			}
		} else if (f->kind == FASTJSON_FRAME_ARRAY) {
			fastjson_table_push(f->table, &value);
		} else if (f->shape) {
			sp--;
			fastjson_table_put_new(f->table, Z_STR_P(sp), &value);
		} else {
			sp--;
			fastjson_table_put(f->table, Z_STR_P(sp), &value, true);
		}
	}
	height = top[-1].height;
	tok = fastjson_scan_expecting(s, ',', FASTJSON_T_COMMA, build);
	if (tok == FASTJSON_T_COMMA) {
		if (!fastjson_bison_push(height + 4)) {
			goto syntax_error;
		}
		if (top[-1].kind == FASTJSON_FRAME_ARRAY) {
			height += 4;
			goto parse_value;
		}
		if (build && top[-1].shape) {
			member = fastjson_shape_next_key(s, top - 1);
			if (member) {
				if (!fastjson_bison_push(height + 5)) {
					zend_string_release_ex(member, 0);
					goto syntax_error;
				}
				height += 6;
				goto member_colon;
			}
			/* More keys than a shape holds is no difference. */
			top[-1].shape_missed = top[-1].shape_pos < top[-1].shape->count
				|| top[-1].shape->count < FASTJSON_SHAPE_MAX;
			fastjson_shape_release(top[-1].shape);
			top[-1].shape = NULL;
		}
		tok = fastjson_scan_expecting_key(s, build);
		if (!fastjson_is_key_token(s, tok)) {
			goto unexpected;
		}
		if (!fastjson_bison_push(height + 5)) {
			goto syntax_error;
		}
		height += 6;
		goto member_key;
	}
	if (tok == FASTJSON_T_RBRACKET || tok == FASTJSON_T_RBRACE) {
		fastjson_frame *f = top - 1;
		if (!fastjson_bison_push(height + 4)) {
			goto syntax_error;
		}
		if ((tok == FASTJSON_T_RBRACE) != (f->kind != FASTJSON_FRAME_ARRAY)) {
			s->errcode = PHP_JSON_ERROR_STATE_MISMATCH;
			goto error;
		}
		if (build) {
			zval *first = p->values + f->first;
			if (f->table) {
				if (f->kind == FASTJSON_FRAME_ASSOC) {
					fastjson_keep_object_keys(f, f->table);
				}
				ZVAL_ARR(&value, f->table);
			} else switch (f->kind) {
				case FASTJSON_FRAME_ARRAY:
					fastjson_close_array(&value, first, sp);
					sp = first;
					break;
				case FASTJSON_FRAME_ASSOC:
					fastjson_close_assoc(&value, first, sp);
					sp = first;
					break;
				case FASTJSON_FRAME_OBJECT:
					fastjson_keep_object_keys(f, f->object->properties);
					ZVAL_OBJ(&value, f->object);
					break;
			}
		}
		top--;
		s->ws_depth--;
		goto value_done;
	}

unexpected:
	/* A token the grammar does not allow here: the scanner's error if it was one. */
	if (tok == FASTJSON_T_ERROR) {
		goto error;
	}
syntax_error:
	if (s->errcode == PHP_JSON_ERROR_NONE) {
		s->errcode = PHP_JSON_ERROR_SYNTAX;
	}
error:
	p->top = top;
	p->sp = sp;
	return s->errcode;
}

static void fastjson_report(const fastjson_parser *p, const zend_string *json, php_json_error_code code,
		fastjson_parse_error *error)
{
	if (error) {
		error->code = code;
		error->offset = code == PHP_JSON_ERROR_NONE ? 0 : (size_t) ((const char *) p->scanner.token - ZSTR_VAL(json));
	}
}

/* On a 64-byte line: 80-byte documents lost 3-5% to a move. */
FASTJSON_LINE_ALIGNED
FASTJSON_CALL_PATH php_json_error_code fastjson_decode_ex(zval *return_value, const zend_string *json, int options, int depth,
		fastjson_simd_path simd, fastjson_parse_error *error)
{
	fastjson_parser parser;
	php_json_error_code code;

	fastjson_parser_init(&parser, json, options, depth, simd, true);
	code = fastjson_parse(&parser, return_value, true);
	fastjson_parser_free(&parser, code != PHP_JSON_ERROR_NONE, true);
	fastjson_report(&parser, json, code, error);
	return code;
}

php_json_error_code fastjson_validate_ex(const zend_string *json, int options, int depth,
		fastjson_simd_path simd, fastjson_parse_error *error)
{
	fastjson_parser parser;
	php_json_error_code code;

	fastjson_parser_init(&parser, json, options, depth, simd, false);
	code = fastjson_parse(&parser, NULL, false);
	fastjson_parser_free(&parser, false, false);
	fastjson_report(&parser, json, code, error);
	return code;
}
