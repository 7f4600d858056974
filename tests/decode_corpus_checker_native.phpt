--TEST--
Decode corpus JSON_checker, nativejson-benchmark (round trips, double and string parsing cases), naughty strings (file, each string encoded several ways, as values and keys), UTF-8-test.txt lines: decode and validate, every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
// (no fastjson_test.inc here: the SKIPIF runs without this test's --INI-- settings)
$corpus = fn(string $p) => file_exists(__DIR__ . "/../bench/data/$p") || file_exists(__DIR__ . "/../../shared/corpus/$p");
foreach (['jsonchecker/jsonorg', 'jsonchecker/simdjson-extra', 'nativejson/roundtrip', 'nativejson/parse_double.json', 'nativejson/parse_string.json', 'naughty/blns.json', 'naughty/blns.base64.json', 'utf8/UTF-8-test.txt'] as $p) {
    if (!$corpus($p)) die("skip corpus $p not found (bench/data or ../shared/corpus)");
}
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$modes = [];
foreach ([null, true, false] as $assoc) {
    foreach (fj_decode_flag_sets() as $flags) {
        $modes[] = [$assoc, $flags];
    }
}
$val_modes = [[0], [JSON_INVALID_UTF8_IGNORE]];
$utf8_flag_sets = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE];
$report = new FjReport;

// 1. Whole files.
$files = [];
foreach (['jsonchecker/jsonorg', 'jsonchecker/simdjson-extra', 'nativejson/roundtrip'] as $sub) {
    foreach (glob(fj_corpus_path($sub) . '/*.json') as $f) {
        $files["$sub/" . basename($f)] = $f;
    }
}
foreach (['nativejson/parse_double.json', 'nativejson/parse_string.json', 'naughty/blns.json', 'naughty/blns.base64.json'] as $f) {
    $files[$f] = fj_corpus_file(dirname($f), basename($f));
}
ksort($files);
foreach ($files as $name => $f) {
    fj_dec_check($report, $name, file_get_contents($f), $modes, $val_modes);
}
echo count($files), " whole files\n";

// 2. nativejson's double and string parsing cases, each a document (and with BIGINT_AS_STRING).
$docs = [];
foreach (['parse_double', 'parse_string'] as $set) {
    foreach (json_decode(file_get_contents(fj_corpus_file('nativejson', "$set.json")), true) as $i => $case) {
        $docs["$set #$i"] = $case['json'];
        $docs["$set #$i bare"] = substr($case['json'], 1, -1);
    }
}
foreach ([0, JSON_BIGINT_AS_STRING] as $flags) {
    fj_dec_docs($report, 'nativejson case', $docs, null, $flags, [0]);
}
echo count($docs), " nativejson parsing documents\n";

// 3. The naughty strings, each encoded with several flag sets, as a value and as a key
//    (assoc and object mode); the base64 list gives the same strings as raw bytes, which are
//    also embedded unescaped (control characters and all) between quotes.
$blns = json_decode(file_get_contents(fj_corpus_file('naughty', 'blns.json')));
$raw = array_map('base64_decode', json_decode(file_get_contents(fj_corpus_file('naughty', 'blns.base64.json'))));
$docs = [];
$keys = [];
foreach ([0, JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_LINE_TERMINATORS,
        JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT] as $ef) {
    foreach (array_merge($blns, $raw) as $i => $s) {
        $e = json_encode($s, $ef | JSON_INVALID_UTF8_SUBSTITUTE);
        $docs[] = $e;
        $keys[] = '{' . $e . ':' . $i . ',"k":' . $e . '}';
    }
}
foreach ($raw as $s) {
    $docs[] = '"' . strtr($s, ['"' => '\\"', '\\' => '\\\\']) . '"';
    $docs[] = '"' . $s . '"';
    $keys[] = '{"' . strtr($s, ['"' => '\\"', '\\' => '\\\\']) . '":1}';
}
foreach ($utf8_flag_sets as $flags) {
    fj_dec_docs($report, 'naughty string', $docs, true, $flags, $flags === JSON_INVALID_UTF8_SUBSTITUTE ? [] : [$flags & JSON_INVALID_UTF8_IGNORE]);
}
foreach ([true, false] as $assoc) {
    fj_dec_docs($report, 'naughty key', $keys, $assoc, 0, $assoc ? [0] : []);
    fj_dec_docs($report, 'naughty key', $keys, $assoc, JSON_INVALID_UTF8_SUBSTITUTE);
}
echo count($docs), ' naughty string documents, ', count($keys), " naughty key documents\n";

// 4. Markus Kuhn's UTF-8 test file: each line raw between quotes, and the whole file as one string.
$lines = file(fj_corpus_file('utf8', 'UTF-8-test.txt'), FILE_IGNORE_NEW_LINES);
$docs = [];
foreach ($lines as $i => $line) {
    $docs[$i + 1] = '"' . strtr($line, ['"' => '\\"', '\\' => '\\\\']) . '"';
}
$whole = '"' . strtr(file_get_contents(fj_corpus_file('utf8', 'UTF-8-test.txt')), ['"' => '\\"', '\\' => '\\\\', "\n" => '\\n', "\t" => '\\t']) . '"';
foreach ($utf8_flag_sets as $flags) {
    fj_dec_docs($report, 'UTF-8-test.txt line', $docs, true, $flags, $flags === JSON_INVALID_UTF8_SUBSTITUTE ? [] : [$flags & JSON_INVALID_UTF8_IGNORE]);
    fj_dec_check($report, 'UTF-8-test.txt as one string', $whole, [[true, $flags]], $flags & JSON_INVALID_UTF8_SUBSTITUTE ? [] : [[$flags]]);
}
echo count($docs), " UTF-8-test.txt lines\n";

// Per SIMD path: 139 files x 23 modes, 150 nativejson documents x 4, 6116 naughty strings x 7,
// 5440 naughty keys x 5, 300 lines x 7, the whole UTF-8 file 6 (the counts printed above).
fj_dec_finish($report, 'decode/validate outcomes compared', 75915 * count(fj_simd_paths()));
?>
--EXPECT--
139 whole files
150 nativejson parsing documents
6116 naughty string documents, 5440 naughty key documents
300 UTF-8-test.txt lines
decode/validate outcomes compared: cases as expected, 0 mismatches
