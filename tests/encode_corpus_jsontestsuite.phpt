--TEST--
Corpus JSONTestSuite test_parsing/y_*.json: raw text and decoded (assoc and object) documents under several flag sets, every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
define('FJ_SKIPIF', true);
require __DIR__ . '/fastjson_test.inc';
if (fj_corpus_path('jsontestsuite/test_parsing') === null) die('skip corpus not found (bench/data or ../shared/corpus)');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$dir = fj_corpus_path('jsontestsuite/test_parsing');
$report = new FjReport;
$files = glob("$dir/y_*.json");
foreach ($files as $file) {
    fj_compare_document($report, basename($file), file_get_contents($file), fj_corpus_flag_sets());
}
// The i_ (implementation-defined) files as well: several are invalid UTF-8 or huge numbers.
foreach (glob("$dir/i_*.json") as $file) {
    fj_compare_document($report, basename($file), file_get_contents($file), fj_corpus_flag_sets());
}
echo count($files) >= 90 ? "at least 90 y_ documents\n" : 'only ' . count($files) . " y_ documents\n";
$report->finish('document encodings compared', 90 * 5 * 3);
?>
--EXPECT--
at least 90 y_ documents
document encodings compared: OK
