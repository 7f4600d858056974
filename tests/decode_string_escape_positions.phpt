--TEST--
Decode strings: every escape class (simple escapes, \u of each UTF-8 length, surrogate pairs, lone / misordered surrogates, high surrogate + non-low escape, truncated \u, \U, \x, ...) at every position of an ASCII string of length 0-100, flags 0, IGNORE, SUBSTITUTE, IGNORE|SUBSTITUTE; as values, as keys; validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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
fj_dec_escape_positions($report, new FjSample, 'ASCII filler', str_repeat('ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ_-+*', 3), 0, 100, $flag_sets, true);
echo count(fj_escape_list()), " escapes\n";
// Each escape at offsets 0..len of each length 0..100, under the 4 flag sets as a value, validated
// under 2 of them (0, IGNORE), and as a key under the 4 flag sets, on every SIMD path.
$docs = count(fj_escape_list()) * array_sum(range(1, 101));
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled($docs) * 10 * count(fj_simd_paths()));
?>
--EXPECT--
80 escapes
decode/validate outcomes compared: cases as expected, 0 mismatches
