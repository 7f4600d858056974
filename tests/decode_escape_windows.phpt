--TEST--
Decode strings by 32-byte windows of escapes: runs of 1-12 escapes of each kind (short, \u of each UTF-8 length, surrogate pairs, mixed) at every offset of the first 40 bytes (runs across the window's end), strings whose window reaches into a later string with backslashes, and decoded lengths around the window loop's room (64-100 bytes) and the stack buffer (500-530 bytes); as values and keys, stdClass and arrays; every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
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

$units = ['\\n', '\\\\', '\\"', '\\/', 'a\\t', '\\u00e9', '\\u4e2d', '\\u0041', '\\uFFFF', '\\ud83d\\ude00',
    '\\u00e9\\n', '\\\\\\u4e2d', 'ab\\u00e9'];
foreach ($units as $unit) {
    for ($offset = 0; $offset <= 40; $offset++) {
        $pad = str_repeat('p', $offset);
        for ($count = 1; $count <= 12; $count++) {
            $run = str_repeat($unit, $count);
            $add('["' . $pad . $run . 'z","\\n\\u00e9\\\\"]');
            $add('["' . $pad . $run . '"]');
            $add('{"' . $pad . $run . '":"' . $run . $pad . '","\\\\k":"\\/"}');
        }
    }
    // Decoded lengths around the window loop's room and the stack buffer, and long ones.
    foreach ([[60, 100], [495, 535]] as [$from, $to]) {
        for ($len = $from; $len <= $to; $len++) {
            $text = str_repeat('x', $len % strlen($unit)) . str_repeat($unit, intdiv($len, strlen($unit)));
            $add('["' . $text . '","\\\\"]');
        }
    }
    $add('["' . str_repeat($unit, 3000) . '"]');
}

$docs = array_keys($docs);
$report = new FjReport;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($docs as $json) {
        $json = (string) $json;
        foreach ([false, true] as $assoc) {
            $report->add(fj_dec_compare($json, $assoc));
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'decode outcomes compared', count($docs) * 2 * count(fj_simd_paths()));
echo count($docs) > 15000 ? "documents: enough\n" : 'documents: only ' . count($docs) . "\n";
?>
--EXPECT--
decode outcomes compared: cases as expected, 0 mismatches
documents: enough
