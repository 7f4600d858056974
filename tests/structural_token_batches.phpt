--TEST--
Structural stage: token batches (AVX-512 gathers the positions of 32 blocks' tokens before the grammar walks them): dense tokens (up to 64 a block), errors, long strings and trailing bytes at every offset around the 2048- and 4096-byte batch edges; validate with and without the stage on every SIMD path, and the stage vouches for every valid document
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_validate')) die('skip fastjson_validate() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$docs = [];
$add = static function (string $json) use (&$docs): void {
    $docs[$json] = true;
};
// Replaces the byte at $at (or inserts before it) in a valid document.
$mutations = ['x', ']', '}', ',', ':', '"', '[', '{', ' '];
$mutate = static function (string $json, int $at) use ($add, $mutations): void {
    foreach ($mutations as $m) {
        $add(substr_replace($json, $m, $at, 1));
    }
    $add(substr_replace($json, ',', $at, 0));
};

$edges = [2048, 4096];
foreach ($edges as $edge) {
    for ($shift = -70; $shift <= 70; $shift++) {
        $n = $edge + $shift;
        // One-digit members: every byte a token, 64 in a block.
        $digits = '[' . str_repeat('1,', intdiv($n - 2, 2)) . '1]';
        $add($digits);
        $add('[' . str_repeat('1,', intdiv($n - 3, 2)) . '1] ');
        // Members of an object, keys and values across the edge.
        $pairs = '{' . substr(str_repeat('"a":1,', intdiv($n, 6) + 1), 0, intdiv($n - 2, 6) * 6 - 1) . '}';
        $add($pairs);
        // Brackets only, nested below the stage's limit of 1024.
        $depth = min(1000, intdiv($n, 2));
        $add(str_repeat('[', $depth) . str_repeat(']', $depth));
        // A string long enough to end the batch early, then tokens and an error after it.
        $add('["' . str_repeat('s', $n) . '",1,{"k":[2]}]');
        $add('["' . str_repeat('s', $n) . '",1,{"k":[2}]');
        $add('["' . str_repeat('s', $n) . '"' . str_repeat(' ', 70) . ',1]');
        // The document's value, then whitespace, then a byte where the edge falls.
        foreach (['', 'x', '1', '[', ']', '"s"'] as $after) {
            $add('[1]' . str_repeat(' ', $n - 3) . $after);
        }
    }
    // Each mutation at every offset around the edge.
    $digits = '[' . str_repeat('1,', $edge) . '1]';
    $pairs = '{' . str_repeat('"ab":[1,{}],', intdiv($edge, 12) + 8) . '"z":0}';
    for ($at = $edge - 70; $at <= $edge + 70; $at++) {
        $mutate($digits, $at);
        $mutate($pairs, $at);
    }
}

$docs = array_keys($docs);
$report = new FjReport;
$depths = [512, 3];
$should_accept = 0;
$accepted = [];
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    $accepted[$path] = 0;
    foreach ($docs as $json) {
        $json = (string) $json;
        foreach ($depths as $depth) {
            $ref = fj_val_outcome('fj_ref_validate', $json, $depth);
            $report->add(fj_val_compare($json, $depth, 0, $ref));
            if ($ref['val'] === 'true') {
                $should_accept += $path === fj_simd_paths()[0] ? 1 : 0;
                fj_set_structural('on');
                $before = fastjson_info()['structural']['accepted'];
                fastjson_validate($json, $depth);
                $accepted[$path] += fastjson_info()['structural']['accepted'] - $before;
                ini_restore('fastjson.structural');
            }
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'validate outcomes compared', count($docs) * count($depths) * count(fj_simd_paths()));
$short = array_filter($accepted, static fn(int $n) => $n !== $should_accept);
echo !$short && $should_accept > 1000 ? "every SIMD path: the stage vouched for every valid document\n"
    : "the stage vouched for fewer than the $should_accept valid documents: " . json_encode($short) . "\n";
$invalid = count($docs) * count($depths) - $should_accept;
echo count($docs) > 5000 && $invalid > 3000 ? "documents: enough, valid and invalid\n"
    : 'documents: ' . count($docs) . ", $invalid invalid\n";
?>
--EXPECT--
validate outcomes compared: cases as expected, 0 mismatches
every SIMD path: the stage vouched for every valid document
documents: enough, valid and invalid
