--TEST--
Corpus seeds (adapik-pr23675 JSON string arrays, artukrainskiy-php-src-bench texts incl. invalid UTF-8 cp1251/sjis/big5) and naughty strings, under several flag sets, every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
define('FJ_SKIPIF', true);
require __DIR__ . '/fastjson_test.inc';
if (fj_corpus_path('seeds') === null && fj_corpus_path('naughty') === null) die('skip corpus not found (bench/data or ../shared/corpus)');
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$report = new FjReport;
$docs = 0;
foreach (['seeds/adapik-pr23675/*.json', 'naughty/*.json'] as $pattern) {
    $dir = fj_corpus_path(dirname($pattern));
    foreach ($dir ? glob("$dir/" . basename($pattern)) : [] as $file) {
        fj_compare_document($report, basename($file), file_get_contents($file), fj_corpus_flag_sets());
        $docs++;
    }
}
$dir = fj_corpus_path('seeds/artukrainskiy-php-src-bench');
foreach ($dir ? glob("$dir/*.txt") : [] as $file) {
    $text = file_get_contents($file);
    // The text as one string, and split into lines (each line its own string).
    fj_compare_document($report, basename($file), $text, fj_corpus_flag_sets(), false);
    $lines = explode("\n", $text);
    foreach (fj_corpus_flag_sets() as $flags) {
        $report->addAll(fj_compare_batch($lines, $flags | JSON_PARTIAL_OUTPUT_ON_ERROR), 1);
        $report->addAll(fj_compare_batch(['lines' => $lines], $flags), 1);
    }
    $docs++;
}
echo $docs >= 26 ? "at least 26 documents\n" : "only $docs documents\n";
$report->finish('document encodings compared', 26 * 5 * 3);
?>
--EXPECT--
at least 26 documents
document encodings compared: OK
