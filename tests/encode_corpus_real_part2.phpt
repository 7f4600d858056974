--TEST--
Corpus real/*.json and real/small/*.json, part 2 of 3: raw text and decoded (assoc and object) documents under several flag sets, every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
define('FJ_SKIPIF', true);
require __DIR__ . '/fastjson_test.inc';
if (fj_corpus_path('real') === null) die('skip corpus not found (bench/data or ../shared/corpus)');
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$files = fj_corpus_real_part(1, 3);
$report = new FjReport;
foreach ($files as $file) {
    fj_compare_document($report, basename($file), file_get_contents($file), fj_corpus_flag_sets());
}
echo count($files) >= 3 ? "at least 3 documents\n" : 'only ' . count($files) . " documents\n";
$report->finish('document encodings compared', 3 * 5 * 3);
?>
--EXPECT--
at least 3 documents
document encodings compared: OK
