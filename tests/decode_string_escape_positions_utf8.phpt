--TEST--
Decode strings: every escape class (simple escapes, \u of each UTF-8 length, surrogate pairs, lone / misordered surrogates, high surrogate + non-low escape, truncated \u, \U, \x, ...) at every position of multibyte strings and of strings with invalid UTF-8, length 0-100, flags 0, IGNORE, SUBSTITUTE, IGNORE|SUBSTITUTE; validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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
$sample = new FjSample;
fj_dec_escape_positions($report, $sample, 'multibyte filler', str_repeat("\u{e9}\u{20ac}\u{1f600}\u{436}x", 12), 0, 100, $flag_sets);
// Invalid UTF-8 between the characters (a lone continuation byte, 0xFF, truncated 2- and
// 3-byte sequences, an encoded surrogate, an overlong '/'): with IGNORE / SUBSTITUTE the
// escapes are decoded by the other (binary) second pass of the scanner.
fj_dec_escape_positions($report, $sample, 'invalid UTF-8 filler',
    str_repeat("ab\x80cd\xffe\u{e9}f\xc3gh\xe2\x82ij\xed\xa0\x80k\xc0\xafl\u{20ac}", 8), 0, 100, $flag_sets);
echo count(fj_escape_list()), " escapes\n";
// For both fillers: each escape at offsets 0..len of each length 0..100, under the 4 flag sets,
// validated under 2 of them (0, IGNORE), on every SIMD path.
$docs = 2 * count(fj_escape_list()) * array_sum(range(1, 101));
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled($docs) * 6 * count(fj_simd_paths()));
?>
--EXPECT--
80 escapes
decode/validate outcomes compared: cases as expected, 0 mismatches
