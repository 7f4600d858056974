--TEST--
Decode depth and nesting: $depth 1..20 boundaries (arrays, objects, mixed), depth vs later errors, ValueError rules for $depth (empty string first), 1,000,000 levels of several shapes at $depth 2147483647 and 512 (see decode_nesting_cap.phpt for the parser-stack cap); decode and validate, every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

const BIG = 2147483647;
$report = new FjReport;
$modes = fn(int $depth) => [[null, 0, $depth], [true, 0, $depth], [false, JSON_THROW_ON_ERROR, $depth]];

/* ---- 1. $depth 1..20 ---- */
$shapes = [
    'arrays' => fn(int $n, string $in) => str_repeat('[', $n) . $in . str_repeat(']', $n),
    'objects' => fn(int $n, string $in) => str_repeat('{"a":', $n) . $in . str_repeat('}', $n),
    'mixed' => fn(int $n, string $in) => implode('', array_map(fn($i) => $i % 2 ? '{"k":[1,' : '[', range(1, $n)))
        . $in . implode('', array_map(fn($i) => $i % 2 ? ']}' : ']', range($n, 1, -1))),
    'siblings' => fn(int $n, string $in) => str_repeat('[[],{"a":{}},', $n) . $in . str_repeat(']', $n),
];
for ($depth = 1; $depth <= 20; $depth++) {
    foreach ($shapes as $name => $make) {
        for ($n = max(0, $depth - 2); $n <= $depth + 1; $n++) {
            if ($name === 'mixed' && $n === 0) {
                continue;
            }
            foreach (['1', '[]', '{}', '[1] x', '{"a":1]', 'x'] as $in) {
                $json = $n === 0 ? $in : $make($n, $in);
                fj_dec_check($report, "depth $depth $name $n", $json, $modes($depth), [[0, $depth]]);
            }
        }
    }
}
// Errors come in input order: the depth error before a later syntax error, not after an earlier one.
foreach (['[[1] x', 'x [[1]]', '[[1]', '[1, [2', '[[[1]]] junk', '{"a":{"b":1}', '[1}', '[[1}', '[[1]}', '{"a":[1}', '[{"a":1]}',
        "[[\"\x01\"]]", "[\"\x01\", [1]]", "[[\"\xff\"]]", '[["\ud800"]]', '[{"\u0000":1}]', '{"\u0000":[1]}'] as $json) {
    foreach ([1, 2, 3] as $depth) {
        fj_dec_check($report, 'order', $json, $modes($depth), [[0, $depth]]);
    }
}
echo "depth 1..20 done\n";

/* ---- 2. ValueError rules for $depth ---- */
foreach (['', '1', '[1]', 'x', '[[1]]', "\xff"] as $json) {
    foreach ([0, -1, PHP_INT_MIN, PHP_INT_MAX, BIG, BIG + 1, 1] as $depth) {
        fj_dec_check($report, 'depth argument', $json, [[null, 0, $depth], [true, JSON_THROW_ON_ERROR, $depth],
            [false, JSON_INVALID_UTF8_SUBSTITUTE, $depth]], [[0, $depth], [JSON_INVALID_UTF8_IGNORE, $depth]]);
    }
}
echo "depth arguments done\n";

/* ---- 3. a million levels ---- */
$m = 1000000;
foreach (['[' => ']', '{"a":' => '}', '[1,' => ']', '[{"":' => '}]'] as $o => $c) {
    foreach ([str_repeat($o, $m), str_repeat($o, $m) . '1' . str_repeat($c, $m)] as $json) {
        fj_dec_check($report, "$m x $o", $json, [[true, 0, BIG], [false, JSON_THROW_ON_ERROR, BIG], [null, 0, 512]], [[0, BIG], [0, 512]]);
    }
}
echo "a million levels done\n";
// Per SIMD path: 314 nestings (depths 1..20 x 4 shapes x sizes depth-2..depth+1) x 6 contents x 4 modes,
// 17 x 3 ordered documents x 4 modes, 6 x 7 depth arguments x 5 modes, 8 x 5 a million levels.
fj_dec_finish($report, 'decode/validate outcomes compared', 7990 * count(fj_simd_paths()));
?>
--EXPECT--
depth 1..20 done
depth arguments done
a million levels done
decode/validate outcomes compared: cases as expected, 0 mismatches
