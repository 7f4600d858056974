--TEST--
Decode strings: every byte 0x00-0xFF at every position of a multibyte (UTF-8 text) string of length 0-72 (across the 16/32/64-byte SIMD block boundaries), flags 0, IGNORE, SUBSTITUTE, IGNORE|SUBSTITUTE, and validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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

// 2-, 3- and 4-byte characters and ASCII mixed (12-byte cycle, so a character straddles each
// 16/32/64-byte boundary at some length); a replaced byte breaks the character it lands in.
$filler = str_repeat("\u{e9}\u{20ac}\u{1f600}\u{436}x", 40);
$report = new FjReport;
fj_dec_byte_positions($report, new FjSample, 'multibyte filler', $filler, 0, 72,
    [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE]);
// "" and 256 documents per position of each length 1..72, under the 4 flag sets and validated
// under 2 of them (0, IGNORE), on every SIMD path.
$docs = 1 + 256 * array_sum(range(1, 72));
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled($docs) * 6 * count(fj_simd_paths()));
?>
--EXPECT--
decode/validate outcomes compared: cases as expected, 0 mismatches
