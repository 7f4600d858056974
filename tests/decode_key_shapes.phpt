--TEST--
Decode objects against their first key's shape (the keys of an earlier object with the same first key, matched byte for byte in the input): records with the same keys, then with one key changed at each of its bytes (around the 8- and 16-byte compares), dropped, added, moved, duplicated, escaped, numeric, with NUL, quote, backslash or control bytes (escaped, and raw: errors), invalid UTF-8 under IGNORE/SUBSTITUTE, BIGINT_AS_STRING keys; whitespace around keys; nested objects with the same first key; more keys than a shape holds; more first keys than the cache has slots; truncated documents; objects and arrays, one shape used by the other mode; every SIMD path; results kept and compared again after all later calls
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

mt_srand(20261202);
$report = new FjReport;
$expected = 0;
$kept = [];
$paths = fj_simd_paths();

// Keys of every length around the 8- and 16-byte compares, and ones a shape must not hold.
$plain = ['id', 'a', '', 'name', 'created_at', 'abcdefg', 'abcdefgh', 'abcdefghi', 'abcdefghijklmno', 'abcdefghijklmnop', 'abcdefghijklmnopq',
    'a_key_of_thirty_two_bytes_long__', 'ключ', '日本語のキー', 'emoji😀'];
$unusual = ['12', '0', '-3', '01', '1.5', "\0lead", "quo\"te", "back\\slash", "line\nend", "tab\t"];

// One object as JSON text, its keys in order, each member's value from $value.
$object = function (array $keys, callable $value, string $ws = ''): string {
    $members = [];
    foreach ($keys as $i => $k) {
        $members[] = $ws . json_encode((string) $k) . $ws . ':' . $ws . $value($i);
    }
    return '{' . implode(',', $members) . $ws . '}';
};
$scalar = fn(int $i): string => [(string) $i, '"v' . $i . '"', 'true', 'null', '1.5', '[]', '{}'][$i % 7];

// Variants of a key list: each one differs from the shape at one place.
$variants = function (array $keys) use ($unusual): array {
    $out = [$keys, $keys, array_slice($keys, 0, -1), array_merge($keys, ['extra']), array_reverse($keys)];
    $n = count($keys);
    for ($pos = 1; $pos < $n; $pos++) {
        $k = (string) $keys[$pos];
        // One byte changed at every offset, one byte more, one less.
        for ($b = 0; $b < strlen($k); $b++) {
            $v = $keys;
            $v[$pos] = substr_replace($k, chr(ord($k[$b]) ^ 1), $b, 1);
            $out[] = $v;
        }
        $v = $keys; $v[$pos] = $k . 'x'; $out[] = $v;
        $v = $keys; $v[$pos] = substr($k, 0, -1); $out[] = $v;
        $v = $keys; $v[$pos] = $keys[0]; $out[] = $v;              // a duplicate of the first
        $v = $keys; array_splice($v, $pos, 1); $out[] = $v;       // dropped
        $v = $keys; $v[$pos] = $unusual[$pos % count($unusual)]; $out[] = $v;
    }
    $out[] = array_merge($keys, [$keys[$n - 1]]);                 // duplicate after the shape
    return $out;
};

$compare = function (string $json, int $flags = 0) use (&$report, &$expected, &$kept, $paths): void {
    foreach ($paths as $path) {
        fj_set_simd($path);
        foreach ([true, false] as $assoc) {
            $report->add(fj_dec_compare($json, $assoc, 512, $flags));
            $expected++;
        }
    }
    ini_restore('fastjson.simd');
    if (mt_rand(0, 9) === 0) {
        $kept[] = [$json, $flags, fastjson_decode($json, true, 512, $flags), fastjson_decode($json, false, 512, $flags)];
    }
};

// Records: a shape is made, then each variant follows it, alone and between records.
$lists = [];
foreach ([2, 3, 5, 8] as $n) {
    for ($t = 0; $t < 3; $t++) {
        $keys = ['first' . $n];
        while (count($keys) < $n) {
            $keys[] = $plain[mt_rand(0, count($plain) - 1)] . (mt_rand(0, 3) ? '' : mt_rand(0, 9));
        }
        $lists[] = array_values(array_unique($keys));
    }
}
$lists[] = array_merge(['u0'], $unusual);
foreach ($lists as $keys) {
    foreach ($variants($keys) as $variant) {
        $ws = ['', ' ', "\n  "][mt_rand(0, 2)];
        $records = [$object($keys, $scalar, $ws), $object($variant, $scalar, $ws), $object($keys, $scalar, $ws),
            $object($variant, $scalar), $object($variant, $scalar)];
        $compare('[' . implode(',', $records) . ']');
        // The variant alone: the shape is the cache's from the earlier calls.
        $compare($object($variant, $scalar, $ws));
    }
}

// Nested objects with the same first key as the one they are in, alternating kinds.
$nested = function (int $depth) use (&$nested, $object, $scalar): string {
    $keys = $depth % 2 ? ['id', 'x', 'y'] : ['id', 'child', 'z', 'w'];
    return $object($keys, fn(int $i) => $depth > 0 && $i === 1 ? $nested($depth - 1) : $scalar($i));
};
for ($depth = 0; $depth < 6; $depth++) {
    $compare('[' . $nested($depth) . ',' . $nested($depth) . ',' . $nested($depth + 1) . ']');
}

// More keys than a shape holds, and the same object again with one key changed after it.
$many = [];
for ($i = 0; $i < 70; $i++) {
    $many[] = 'k' . $i;
}
foreach ([63, 64, 65, 69] as $change) {
    $v = $many;
    $v[$change] = 'changed';
    $compare('[' . $object($many, $scalar) . ',' . $object($many, $scalar) . ',' . $object($v, $scalar) . ']');
}

// Keys written with escapes (equal after decoding), invalid UTF-8 under IGNORE/SUBSTITUTE,
// and too-long integers as keys under BIGINT_AS_STRING.
$base = '{"esc":1,"ab":2,"cd":3}';
foreach (['{"esc":1,"a\\u0062":2,"cd":3}', '{"esc":1,"ab":2,"c\\u0064":3}', '{"esc":1,"\\u0061b":2,"cd":3,"ab":4}'] as $doc) {
    $compare("[$base,$base,$doc,$doc]");
}
foreach ([JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE] as $flags) {
    $compare("[{\"bad\":1,\"ab\":2},{\"bad\":1,\"a\xffb\":2},{\"bad\":1,\"ab\\xff\":3},{\"bad\":1,\"ab\":4}]", $flags);
}
$compare('[{"big":1,"12345678901234567890":2},{"big":1,"12345678901234567890":3},{"big":1,12345678901234567890:4}]',
    JSON_BIGINT_AS_STRING);

// Keys whose bytes JSON writes escaped, then the same bytes raw in the input (invalid
// JSON: a quote ends the string, a control byte or a lone backslash is an error).
foreach (["quo\"te", "back\\slash", "back\\\"", "line\nend", "\0lead", "tab\t"] as $k) {
    $shape = '{"raw":1,' . json_encode($k) . ':2,"z":3}';
    $compare("[$shape,$shape]");
    $compare('{"raw":1,"' . $k . '":2,"z":3}');
    $compare("[$shape," . '{"raw":1,"' . $k . '":2,"z":3}]');
}

// A document that ends inside, right after or just before a key the shape expects, and
// every prefix of a few records (errors with shapes held by open objects).
$records = '[' . $object(['t', 'abcdefghijklmnopqrst', 'u'], $scalar) . ',' . $object(['t', 'abcdefghijklmnopqrst', 'u'], $scalar)
    . ',' . $object(['t', 'ab', 'u'], $scalar) . ']';
for ($len = 0; $len <= strlen($records); $len++) {
    $compare(substr($records, 0, $len));
}

// More first keys than the cache has slots, each with a shape, between records that
// keep theirs: slots are replaced while objects still hold their shapes.
$docs = [];
for ($i = 0; $i < 1500; $i++) {
    $docs[] = $object(['f' . $i, 'g', 'h'], $scalar);
    if ($i % 100 === 0) {
        $docs[] = '{"keep":' . $object(['f' . ($i + 1), 'g', 'h'], $scalar) . ',"g":' . $object(['keep', 'x'], $scalar) . '}';
    }
}
foreach (array_chunk($docs, 250) as $chunk) {
    $compare('[' . implode(',', $chunk) . ']');
}

$changed = 0;
foreach ($kept as [$json, $flags, $assoc_result, $object_result]) {
    if (serialize($assoc_result) !== serialize(json_decode($json, true, 512, $flags))
            || serialize($object_result) !== serialize(json_decode($json, false, 512, $flags))) {
        $changed++;
        echo 'changed after later calls: ', fj_dstr($json), "\n";
    }
}
echo count($kept) > 50 ? "kept results checked: $changed changed\n" : 'too few kept results: ' . count($kept) . "\n";
fj_dec_finish($report, 'decode outcomes compared', $expected);
?>
--EXPECT--
kept results checked: 0 changed
decode outcomes compared: cases as expected, 0 mismatches
