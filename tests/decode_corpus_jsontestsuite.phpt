--TEST--
Decode corpus JSONTestSuite: every test_parsing and test_transform file under assoc null/true/false x each decode flag (and depth 1, 2), and validate, every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
// (no fastjson_test.inc here: the SKIPIF runs without this test's --INI-- settings)
$corpus = fn(string $p) => file_exists(__DIR__ . "/../bench/data/$p") || file_exists(__DIR__ . "/../../shared/corpus/$p");
foreach (['jsontestsuite/test_parsing', 'jsontestsuite/test_transform'] as $p) {
    if (!$corpus($p)) die("skip corpus $p not found (bench/data or ../shared/corpus)");
}
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$files = [];
foreach (['test_parsing', 'test_transform'] as $sub) {
    $dir = fj_corpus_path("jsontestsuite/$sub");
    foreach (glob("$dir/*.json") as $f) {
        $files["$sub/" . basename($f)] = $f;
    }
}
ksort($files);
$modes = [];
foreach ([null, true, false] as $assoc) {
    foreach (fj_decode_flag_sets() as $flags) {
        $modes[] = [$assoc, $flags];
    }
}
$modes[] = [null, 0, 1];
$modes[] = [true, JSON_THROW_ON_ERROR, 2];
$val_modes = [[0], [JSON_INVALID_UTF8_IGNORE], [0, 1]];

$report = new FjReport;
$accepted = 0;
foreach ($files as $name => $file) {
    $json = file_get_contents($file);
    fj_dec_check($report, $name, $json, $modes, $val_modes);
    json_decode($json);
    $accepted += json_last_error() === 0;
}
echo count($files), " files, $accepted accepted by json_decode() in object mode\n";

// The reference agrees with the PHP 8.2 outcome table shipped with the corpus (the one known
// later change: unterminated strings are SYNTAX from PHP 8.6 on).
$table = fj_corpus_path('jsontestsuite') . '/php82_test_parsing_outcomes.tsv';
if (is_file($table)) {
    $rows = 0;
    $differ = [];
    foreach (array_slice(file($table, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES), 1) as $line) {
        $c = explode("\t", $line);
        $json = file_get_contents(fj_corpus_path('jsontestsuite/test_parsing') . '/' . $c[0]);
        foreach ([[false, $c[3]], [true, $c[5]]] as [$assoc, $want]) {
            json_decode($json, $assoc);
            $got = json_last_error();
            $rows++;
            if ($got !== constant($want) && !(PHP_VERSION_ID >= 80600 && $got === JSON_ERROR_SYNTAX && $want === 'JSON_ERROR_CTRL_CHAR')) {
                $differ[] = "$c[0] assoc " . fj_assoc_name($assoc) . ": $want expected, json_decode() gave $got";
            }
        }
    }
    echo $rows >= 600 && !$differ ? "json_decode() agrees with php82_test_parsing_outcomes.tsv\n"
        : "json_decode() vs php82_test_parsing_outcomes.tsv ($rows rows):\n" . implode("\n", $differ) . "\n";
} else {
    echo "json_decode() agrees with php82_test_parsing_outcomes.tsv\n";   // (no table in this copy of the corpus)
}
fj_dec_finish($report, 'decode/validate outcomes compared', count($files) * (count($modes) + count($val_modes)) * count(fj_simd_paths()));
?>
--EXPECT--
340 files, 122 accepted by json_decode() in object mode
json_decode() agrees with php82_test_parsing_outcomes.tsv
decode/validate outcomes compared: cases as expected, 0 mismatches
