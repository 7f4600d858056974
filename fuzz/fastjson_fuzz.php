<?php
/*
 * The comparisons run by the libFuzzer harness (fuzz/fastjson_fuzz.c), one function per
 * target. Each takes the raw fuzz input, reads the call's parameters from its first bytes,
 * runs ext/json and fastjson through the test suite's differential helpers (every observable
 * outcome: value type-exactly with object creation order, error code and message,
 * exceptions) and returns null when they agree, else the suite's description of the
 * difference. fuzz/build.sh copies this file and the two test includes next to the binaries.
 *
 * Input layouts (missing header bytes read as 0, which means the defaults):
 *   decode:   [mode] [depth] [simd] json...   mode bits 0-1: assoc (0, 3 null; 1 true; 2 false),
 *             bits 2-6: OBJECT_AS_ARRAY, BIGINT_AS_STRING, INVALID_UTF8_IGNORE,
 *             INVALID_UTF8_SUBSTITUTE, THROW_ON_ERROR; bit 7: a flag bit ext/json ignores
 *   validate: [mode] [depth] [simd] json...   mode bit 0: INVALID_UTF8_IGNORE; bits 1-3 all set:
 *             bits 4-7 add SUBSTITUTE, THROW_ON_ERROR, OBJECT_AS_ARRAY, BIGINT (a ValueError)
 *   encode:   [flags lo] [flags hi] [depth] [mode] json...   flag bits 0-11: the 12 encode
 *             flags in bit order (fj_encode_flags()), 12-14: INVALID_UTF8_IGNORE, _SUBSTITUTE,
 *             THROW_ON_ERROR; mode bits 0-1: simd, bit 2: encode the text itself as a string
 *             (also when ext/json cannot decode it), bit 3: decode to objects, bit 4: decode
 *             with BIGINT_AS_STRING, bits 5-7: serialize_precision.
 *   depth byte: 0-127 the default 512; 128-239: 1-112; 240-247: 0, -1, 2147483647,
 *             2147483648, PHP_INT_MAX, PHP_INT_MIN, 513, 100000; 248-255: 2-9 (ext/json's
 *             small depths are where the depth errors are).
 *   simd byte: 0 auto, else one of the paths this build and CPU accept.
 */

require_once __DIR__ . '/fastjson_decode.inc';

/* null when json_*() are ext/json's, fastjson_*() are fastjson's and the override is off
 * (the suite's own checks; including the helpers already exits on a problem). */
function fastjson_fuzz_reference_problem(): ?string
{
    $problem = fj_reference_problem() ?? fj_decode_reference_problem();
    if ($problem === null && (ini_get('fastjson.override') !== '0' || fastjson_info()['override'] !== false)) {
        $problem = 'fastjson.override is on';
    }
    return $problem;
}

function fastjson_fuzz_depth(int $b): int
{
    if ($b < 128) {
        return 512;
    }
    if ($b < 240) {
        return $b - 127;
    }
    if ($b < 248) {
        return [0, -1, 2147483647, 2147483648, PHP_INT_MAX, PHP_INT_MIN, 513, 100000][$b - 240];
    }
    return $b - 246;
}

/* Selects the SIMD path for the next calls; ini_set() only when it changes. */
function fastjson_fuzz_simd(int $b): void
{
    static $current = null;
    $paths = fj_simd_paths();
    $want = $b === 0 ? null : $paths[($b - 1) % count($paths)];
    if ($want === $current) {
        return;
    }
    if ($want === null) {
        ini_restore('fastjson.simd');
    } else {
        fj_set_simd($want);
    }
    $current = $want;
}

/* The first $n bytes as integers (0 when the input is shorter) and the rest. */
function fastjson_fuzz_split(string $data, int $n): array
{
    $head = array_values(unpack('C*', str_pad(substr($data, 0, $n), $n, "\0")));
    return [$head, (string) substr($data, $n)];
}

function fastjson_fuzz_decode(string $data): ?string
{
    [[$mode, $depth, $simd], $json] = fastjson_fuzz_split($data, 3);
    $assoc = [null, true, false, null][$mode & 3];
    $flags = 0;
    foreach ([JSON_OBJECT_AS_ARRAY, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE,
            JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR, 1 << 30] as $i => $bit) {
        if ($mode & (4 << $i)) {
            $flags |= $bit;
        }
    }
    fastjson_fuzz_simd($simd);
    return fj_dec_compare($json, $assoc, fastjson_fuzz_depth($depth), $flags);
}

function fastjson_fuzz_validate(string $data): ?string
{
    [[$mode, $depth, $simd], $json] = fastjson_fuzz_split($data, 3);
    $flags = ($mode & 1) ? JSON_INVALID_UTF8_IGNORE : 0;
    if (($mode & 0x0e) === 0x0e) {
        foreach ([JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR, JSON_OBJECT_AS_ARRAY,
                JSON_BIGINT_AS_STRING] as $i => $bit) {
            if ($mode & (0x10 << $i)) {
                $flags |= $bit;
            }
        }
    }
    fastjson_fuzz_simd($simd);
    return fj_val_compare($json, fastjson_fuzz_depth($depth), $flags);
}

function fastjson_fuzz_encode(string $data): ?string
{
    [[$lo, $hi, $depth, $mode], $json] = fastjson_fuzz_split($data, 4);
    $bits = $lo | ($hi << 8);
    $flags = 0;
    foreach (array_merge(array_values(fj_encode_flags()),
            [JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR]) as $i => $bit) {
        if ($bits & (1 << $i)) {
            $flags |= $bit;
        }
    }
    $value = $json;
    if (!($mode & 4)) {
        $decoded = json_decode($json, !($mode & 8), 100000, ($mode & 16) ? JSON_BIGINT_AS_STRING : 0);
        if (json_last_error() === JSON_ERROR_NONE) {
            $value = $decoded;
        }
        unset($decoded);
    }
    $precision = [-1, -1, -1, -1, 17, 5, 1, 0][$mode >> 5];
    if ($precision !== -1) {
        ini_set('serialize_precision', (string) $precision);
    }
    fastjson_fuzz_simd($mode & 3);
    $diff = fj_compare_encode($value, $flags, fastjson_fuzz_depth($depth));
    if ($precision !== -1) {
        ini_set('serialize_precision', '-1');
        $diff = $diff === null ? null : "serialize_precision $precision\n$diff";
    }
    return $diff;
}
