--TEST--
Decode strings: every escape class (simple escapes, \u of each UTF-8 length, surrogate pairs, lone / misordered surrogates, high surrogate + non-low escape, truncated \u, \U, \x, ...) at every position of an ASCII string of length 0-100, flags 0, IGNORE, SUBSTITUTE, IGNORE|SUBSTITUTE; as values, as keys; validate; every SIMD path
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

$flag_sets = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE];
$report = new FjReport;
// No hex digits in the fillers, so a truncated \u stays truncated.
fj_dec_escape_positions($report, 'ASCII filler', str_repeat('ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ_-+*', 3), 0, 100, $flag_sets, true);
echo count(fj_escape_list()), " escapes\n";
fj_dec_finish($report, 'decode/validate outcomes compared');
?>
--EXPECT--
80 escapes
decode/validate outcomes compared: 12362400 cases, 0 mismatches
