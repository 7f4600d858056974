--TEST--
Decode corpus seeds: the adapik string-array documents (all modes, depth limit, validate) and the artukrainskiy texts (UTF-8, and cp1251/sjis/big5, i.e. invalid UTF-8) as one JSON string value and key under each UTF-8 flag set; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the JSON documents' modes)
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
// (no fastjson_test.inc here: the SKIPIF runs without this test's --INI-- settings)
$corpus = fn(string $p) => file_exists(__DIR__ . "/../bench/data/$p") || file_exists(__DIR__ . "/../../shared/corpus/$p");
foreach (['seeds/adapik-pr23675', 'seeds/artukrainskiy-php-src-bench'] as $p) {
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
$files = glob(fj_corpus_path('seeds/adapik-pr23675') . '/*.json');
foreach ($files as $file) {
    fj_dec_corpus_document($report, $sample, basename($file), file_get_contents($file));
}
echo count($files), " JSON documents\n";

// Raw text between quotes: '"', '\' and control characters escaped (\uXXXX), other bytes as they are.
$texts = glob(fj_corpus_path('seeds/artukrainskiy-php-src-bench') . '/*.txt');
foreach ($texts as $file) {
    $s = preg_replace_callback('/["\\\\\x00-\x1f]/', fn($m) => sprintf('\\u%04x', ord($m[0])), file_get_contents($file));
    foreach ([0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE] as $flags) {
        $val = $flags === JSON_INVALID_UTF8_SUBSTITUTE ? [] : [[$flags & JSON_INVALID_UTF8_IGNORE]];
        fj_dec_check($report, basename($file), '"' . $s . '"', [[true, $flags]], $val);
        fj_dec_check($report, basename($file) . ' as key', '{"' . $s . '":"' . $s . '"}', [[false, $flags]], $val);
    }
}
echo count($texts), " texts\n";
// Per SIMD path: 7 decode and 4 validate modes per document; per text, as a value and as a key,
// 4 flag sets and 3 validate modes.
fj_dec_finish($report, 'decode/validate outcomes compared', (fj_scaled(count($files) * 11) + count($texts) * 14) * count(fj_simd_paths()));
?>
--EXPECT--
15 JSON documents
10 texts
decode/validate outcomes compared: cases as expected, 0 mismatches
