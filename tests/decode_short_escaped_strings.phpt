--TEST--
Decode strings of ASCII text whose first stop is a two-character escape (paths, URLs with \/, markup with \"), which a short string takes 8 bytes at a time: the closing quote at every offset 0-140 after the first escape (across the 8-byte words and the 128-byte reach); each stop (every short escape, \u, raw and invalid UTF-8, DEL, control bytes, a bad escape, a lone backslash) at every offset; escaped quotes that look like the end; plain text of 0-4100 bytes before the first escape (the string buffer's edge); each as the input's last bytes too; values and keys; flags 0, SUBSTITUTE and IGNORE; every SIMD path
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

$text = str_repeat('ab\\/cdefgh\\"ij-', 30);   // ASCII with short escapes, the first at 2
$docs = [];
for ($len = 0; $len <= 140; $len++) {
    // The closing quote $len bytes after a first escape, inside text with more escapes.
    $docs["quote at $len"] = '"x\\/' . substr($text, 0, $len) . '"';
    $docs["quote at $len, escape last"] = '"x' . substr($text, 0, $len) . '\\n"';
    // One stop at $len, with the quote soon or far after it.
    foreach (['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u00e9', '\\ud83d\\ude00', '\\ud83d', "\u{e9}",
            "\xff", "\xc3", "\x7f", "\x1f", "\x00", '\\x', '\\', '\\U0041'] as $i => $stop) {
        $docs["stop $i at $len"] = '"\\/' . substr($text, 0, $len) . $stop . 'tail"';
        $docs["stop $i at $len, long"] = '"\\/' . substr($text, 0, $len) . $stop . substr($text, 0, 150) . '"';
    }
}
// Escaped quotes in reach but the string longer than the reach.
foreach ([1, 7, 8, 9, 60, 127, 128, 129, 200] as $n) {
    $docs["escaped quotes, $n"] = '"\\"' . str_repeat('a\\"', $n) . '"';
}
// Plain text before the first escape, around the string buffer's size (4096 bytes).
foreach ([0, 1, 7, 8, 9, 100, 3950, 3959, 3960, 3961, 3968, 4000, 4088, 4095, 4096, 4097, 4100] as $n) {
    $docs["plain $n before"] = '"' . str_repeat('p', $n) . '\\/path\\/to\\/file"';
    $docs["plain $n before, long"] = '"' . str_repeat('p', $n) . '\\/' . substr($text, 0, 130) . '"';
}

$report = new FjReport;
foreach ([0, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE] as $flags) {
    fj_dec_docs($report, 'strings, flags ' . fj_dflags_name($flags), $docs, true, $flags);
    $keys = [];
    foreach ($docs as $k => $d) {
        $keys[$k] = '{' . $d . ':0,"k":' . $d . '}';
    }
    fj_dec_docs($report, 'keys, flags ' . fj_dflags_name($flags), $keys, false, $flags);
}
// Each alone, and followed by 0-9 bytes: the input's end within the last 8-byte words.
$alone = 0;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($docs as $k => $d) {
        foreach (['', ' ', str_repeat(' ', 7), str_repeat(' ', 9)] as $after) {
            $m = fj_dec_compare($d . $after, true);
            $report->add($m === null ? null : "alone [$k] + " . strlen($after) . ": $m");
            $m = fj_dec_compare('[' . $d . $after . ']', false);
            $report->add($m === null ? null : "in a list [$k] + " . strlen($after) . ": $m");
            $alone += 2;
        }
    }
}
fj_dec_finish($report, 'decode outcomes compared', count($docs) * 2 * 3 * count(fj_simd_paths()) + $alone);
echo count($docs), " documents\n";
?>
--EXPECT--
decode outcomes compared: cases as expected, 0 mismatches
5965 documents
