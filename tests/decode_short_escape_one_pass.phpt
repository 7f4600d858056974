--TEST--
Decode strings with short escapes in one pass (on AVX-512 64 bytes at a time; the other paths as before): each short escape, a backslash run, \u escapes, raw and invalid UTF-8, a control byte, bad escapes and the closing quote placed at every offset 0-150 of strings of dense, sparse and single short escapes (so across the 64-byte blocks, a backslash at a block's last byte included); each as one document of its own too (the input's last 65 bytes are not taken by blocks); flags 0 and SUBSTITUTE; values and keys; every SIMD path
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

// Text the units are put into, repeated: its first escape starts the string.
$backgrounds = [
    'dense' => '\\/a',
    'sparse' => '\\"abcdefgh',
    'one escape' => '\\n' . str_repeat('plain text ', 20),
];
$units = ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\\\\\\\', '\\\\\\"', '\\u00e9', '\\ud83d\\ude00',
    "\u{e9}", "\u{4e2d}", "\xff", "\x01", '\\x', "\\'", '\\', '"', ''];
$docs = [];
foreach ($backgrounds as $bname => $unit_text) {
    $text = str_repeat($unit_text, intdiv(300, strlen($unit_text)) + 1);
    for ($at = 0; $at <= 150; $at++) {
        foreach ($units as $i => $u) {
            $docs["$bname at $at unit $i"] = '"' . substr($text, 0, $at) . $u . substr($text, 0, 70) . '"';
        }
    }
}

$report = new FjReport;
foreach ([0, JSON_INVALID_UTF8_SUBSTITUTE] as $flags) {
    fj_dec_docs($report, 'strings, flags ' . fj_dflags_name($flags), $docs, true, $flags);
    $keys = [];
    foreach ($docs as $k => $d) {
        $keys[$k] = '{' . $d . ':0}';
    }
    fj_dec_docs($report, 'keys, flags ' . fj_dflags_name($flags), $keys, false, $flags);
}
// Each alone: its end is the input's, which the blocks leave to the byte-wise paths.
$alone = 0;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($docs as $k => $d) {
        $m = fj_dec_compare($d, true);
        $report->add($m === null ? null : "alone [$k]: $m");
        $alone++;
    }
}
fj_dec_finish($report, 'decode outcomes compared', count($docs) * 2 * 2 * count(fj_simd_paths()) + $alone);
echo count($docs), " documents\n";
?>
--EXPECT--
decode outcomes compared: cases as expected, 0 mismatches
9513 documents
