--TEST--
Decode corpus real/*.json and real/small/*.json, part 3 of 3: assoc/object/bigint/UTF-8-flag modes, exact depth limit and one below, validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the modes)
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
// (no fastjson_test.inc here: the SKIPIF runs without this test's --INI-- settings)
$corpus = fn(string $p) => file_exists(__DIR__ . "/../bench/data/$p") || file_exists(__DIR__ . "/../../shared/corpus/$p");
foreach (['real/small'] as $p) {
    if (!$corpus($p)) die("skip corpus $p not found (bench/data or ../shared/corpus)");
}
?>
--INI--
fastjson.override=0
memory_limit=2G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$report = new FjReport;
$sample = new FjSample;
$files = fj_corpus_real_part(2, 3);
foreach ($files as $file) {
    fj_dec_corpus_document($report, $sample, basename($file), file_get_contents($file));
}
echo count($files), " documents\n";
// fj_dec_corpus_document(): 7 decode and 4 validate modes per document and SIMD path.
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled(count($files) * 11) * count(fj_simd_paths()));
?>
--EXPECT--
8 documents
decode/validate outcomes compared: cases as expected, 0 mismatches
