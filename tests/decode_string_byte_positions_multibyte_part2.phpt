--TEST--
Decode strings: every byte 0x00-0xFF at every position of a multibyte (UTF-8 text) string of length 73-100 (across the 16/32/64-byte SIMD block boundaries), flags 0, IGNORE, SUBSTITUTE, IGNORE|SUBSTITUTE, and validate; every SIMD path (FASTJSON_POSITIONS_MAXLEN=N for longer strings, FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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
$flag_sets = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE];
$report = new FjReport;
fj_dec_byte_positions($report, new FjSample, 'multibyte filler', $filler, 73, 100, $flag_sets);
$extra = new FjReport;
fj_dec_byte_positions($extra, new FjSample, 'multibyte filler', $filler, 101, min(fj_env_int('FASTJSON_POSITIONS_MAXLEN', 100), strlen($filler)), $flag_sets);
// 256 documents per position of each length 73..100, under the 4 flag sets and validated under
// 2 of them (0, IGNORE), on every SIMD path.
$docs = 256 * array_sum(range(73, 100));
fj_dec_finish_scaled($report, $extra, 'decode/validate outcomes compared', fj_scaled($docs) * 6 * count(fj_simd_paths()));
?>
--EXPECT--
decode/validate outcomes compared: cases as expected, 0 mismatches
