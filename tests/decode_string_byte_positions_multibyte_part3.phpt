--TEST--
Decode strings: every byte 0x00-0xFF at every position of a multibyte (UTF-8 text) string of length 0-66 followed by 70 bytes of whitespace, so that the input goes on past the string's 64-byte block (the AVX-512 one-step skip of a short non-Latin string, whose quote and UTF-8 are checked in one load, is taken only then); flags 0, IGNORE, SUBSTITUTE, and validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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

// The filler of part 1: 2-, 3- and 4-byte characters and ASCII in a 12-byte cycle.
$filler = str_repeat("\u{e9}\u{20ac}\u{1f600}\u{436}x", 40);
$report = new FjReport;
fj_dec_byte_positions($report, new FjSample, 'multibyte filler, padded', $filler, 0, 66,
    [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE], str_repeat(' ', 70));
// "" and 256 documents per position of each length 1..66, under the 3 flag sets and validated
// under 2 of them (0, IGNORE), on every SIMD path.
$docs = 1 + 256 * array_sum(range(1, 66));
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled($docs) * 5 * count(fj_simd_paths()));
?>
--EXPECT--
decode/validate outcomes compared: cases as expected, 0 mismatches
