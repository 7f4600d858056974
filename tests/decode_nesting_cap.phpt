--TEST--
Decode nesting cap: ext/json's bison parser stack (YYMAXDEPTH 10000) limits nesting even at $depth = 2147483647; json_decode()'s threshold is found for pure arrays, pure objects, [1,[1,...]], [{"a":[{"a":...}]}] and random level patterns, and fastjson is compared at threshold -2..+2 with different innermost contents (scalar, [], {}, {"k":1}, invalid token, control character, mismatched closer, invalid UTF-8, lone surrogate, NUL key, nothing), truncated, and with $depth limits around it; decode and validate, every SIMD path
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

/* ---- the parser-stack cap ---- */
// A nesting shape is a sequence of levels, each an opener and its closer (the closers are
// written in reverse after the innermost content).
function shape_doc(array $levels, int $n, string $inner, bool $close = true): string
{
    $open = '';
    $shut = '';
    for ($i = 0; $i < $n; $i++) {
        [$o, $c] = $levels[$i % count($levels)];
        $open .= $o;
        $shut = $c . $shut;
    }
    return $open . $inner . ($close ? $shut : '');
}
// The largest nesting json_decode() accepts (its error above it checked to be SYNTAX).
function cap_threshold(array $levels, string $inner): int
{
    $lo = 1;
    $hi = 20000;
    while ($lo < $hi) {
        $mid = intdiv($lo + $hi + 1, 2);
        json_decode(shape_doc($levels, $mid, $inner), true, BIG);
        if (json_last_error() === JSON_ERROR_NONE) {
            $lo = $mid;
        } else {
            $hi = $mid - 1;
        }
    }
    json_decode(shape_doc($levels, $lo + 1, $inner), true, BIG);
    if (json_last_error() !== JSON_ERROR_SYNTAX) {
        echo "unexpected error above the threshold: ", json_last_error(), "\n";
    }
    return $lo;
}
$kinds = [['[', ']'], ['[1,', ']'], ['[1,2,3,', ']'], ['{"a":', '}'], ['{"a":1,"b":', '}'], ['[{"a":', '}]'], ['[', ',1]'],
    ['{"a":', ',"b":2}'], ['[[],{},', ']'], ['{"":[', ']}']];
$cap_shapes = [
    'pure arrays' => [['[', ']']],
    'pure objects' => [['{"a":', '}']],
    'arrays after an element' => [['[1,', ']']],
    'arrays of objects' => [['[{"a":', '}]']],
];
$r = new FjRandom(20240612);
for ($p = 1; $p <= 4; $p++) {
    $levels = [];
    for ($i = 0, $m = $r->range(1, 7); $i < $m; $i++) {
        $levels[] = $kinds[$r->below(count($kinds))];
    }
    $cap_shapes["random pattern $p"] = $levels;
}
$inners = ['1', '[]', '{}', '{"k":1}', '"s"', '[1,2]', 'x', "\"a\x01\"", '[1}', '{"a":1]', "\"\xff\"", '"\ud800"', '{"\u0000":1}', ''];
$thresholds = [];
foreach ($cap_shapes as $name => $levels) {
    $t = cap_threshold($levels, '1');
    $thresholds[] = "$name $t";
    foreach ($inners as $inner) {
        $ti = in_array($inner, ['[]', '{}', '{"k":1}', '"s"', '[1,2]'], true) ? cap_threshold($levels, $inner) : $t;
        for ($n = $ti - 2; $n <= $ti + 2; $n++) {
            $json = shape_doc($levels, $n, $inner);
            $m = in_array($inner, ['1', '{}', '{"k":1}', '{"\u0000":1}'], true) ? [[true, 0, BIG], [false, JSON_THROW_ON_ERROR, BIG]] : [[true, 0, BIG]];
            fj_dec_check($report, "cap $name n $n", $json, $m, [[0, BIG]]);
        }
        if ($inner === '1') {
            // truncated: no closers, half of them; and $depth limits around the threshold
            foreach ([shape_doc($levels, $t, $inner, false), substr(shape_doc($levels, $t, $inner), 0, -intdiv($t, 2))] as $json) {
                fj_dec_check($report, "cap $name truncated", $json, [[true, 0, BIG]], [[0, BIG]]);
            }
            // containers open at the threshold: a $depth around it makes DEPTH and the cap meet
            $open = shape_doc($levels, $t, '', false);
            for ($d = $max = 0, $i = 0; $i < strlen($open); $i++) {
                $d += ['[' => 1, '{' => 1, ']' => -1, '}' => -1][$open[$i]] ?? 0;
                $max = max($max, $d);
            }
            $json = shape_doc($levels, $t + 2, $inner);
            foreach ([$max - 1, $max, $max + 1, $max + 2, $max + 3] as $depth) {
                fj_dec_check($report, "cap $name depth $depth", $json, [[true, 0, $depth]], [[0, $depth]]);
            }
        }
    }
}
echo "parser-stack thresholds: ", implode(', ', $thresholds), "\n";

// Per SIMD path and shape (8): 5 nestings x (4 contents x 3 modes + 10 x 2 modes), 2 truncated x 2,
// 5 depths x 2 (174 cases).
fj_dec_finish($report, 'decode/validate outcomes compared', 1392 * count(fj_simd_paths()));
?>
--EXPECT--
parser-stack thresholds: pure arrays 4998, pure objects 2499, arrays after an element 2499, arrays of objects 1666, random pattern 1 2499, random pattern 2 2499, random pattern 3 2498, random pattern 4 2726
decode/validate outcomes compared: cases as expected, 0 mismatches
