--TEST--
Decode whitespace after a run that set the skip's guess (the last run's length at that nesting depth): a run of every length 1-34 twice, then one of every length 1-34 (equal, shorter, longer, across the 16-byte load), plain or with a tab, LF, CR, \f, x, ',' or a quote put at the guessed token's place or one byte either side; in arrays, objects (before keys, colons, values and closing brackets), nested, and 40 deep; assoc and object mode, validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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

// A newline and the indentation: the run the guess is taken from is all but its first byte.
$run = static fn(int $len) => "\n" . str_repeat(' ', $len);
$placements = [
    'array' => fn($a, $b) => '[' . $a . '1,' . $a . '"s",' . $b . 'true' . $b . ']',
    'object' => fn($a, $b) => '{' . $a . '"k":' . $a . '1,' . $b . '"l"' . $b . ':' . $b . '[]' . $b . '}',
    'nested' => fn($a, $b) => '[' . $a . '{' . $a . '"k":' . $b . '[' . $b . '1' . $a . ']' . $b . '}' . $a . ']',
    // past the depths with a guess of their own (32): deeper ones share them
    'deep' => fn($a, $b) => str_repeat('[' . $a, 40) . '1' . str_repeat($b . ']' . $a, 39) . ']',
];
$breakers = ["\t", "\n", "\r", "\f", 'x', ',', '"'];
$report = new FjReport;
$sample = new FjSample;
$n = 0;
for ($guess = 1; $guess <= 34; $guess++) {
    $docs = [];
    for ($len = 1; $len <= 34; $len++) {
        $b = $run($len);
        foreach ($placements as $pname => $make) {
            $docs["$pname $len"] = $make($run($guess), $b);
            // The guessed token's place in the second run is byte $guess + 1 (after the newline).
            for ($at = $guess; $at <= $guess + 2; $at++) {
                if ($at >= strlen($b)) {
                    continue;
                }
                foreach ($breakers as $i => $byte) {
                    $docs["$pname $len byte $i at $at"] = $make($run($guess), substr_replace($b, $byte, $at, 1));
                }
            }
        }
    }
    $n += count($docs);
    $docs = $sample->take($docs);
    fj_dec_docs($report, "runs after $guess", $docs, true, 0, [0]);
    fj_dec_docs($report, "runs after $guess", $docs, false, 0);
}
echo "$n documents\n";
// Each document in assoc mode and validated, and in object mode, on every SIMD path.
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled($n) * 3 * count(fj_simd_paths()));
?>
--EXPECT--
51776 documents
decode/validate outcomes compared: cases as expected, 0 mismatches
