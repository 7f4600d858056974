--TEST--
Decode strings: every byte 0x00-0xFF at every position of an ASCII string of length 73-100 (across the 16/32/64-byte SIMD block boundaries), flags 0, IGNORE, SUBSTITUTE, IGNORE|SUBSTITUTE, and validate; every SIMD path (FASTJSON_POSITIONS_MAXLEN=N for longer strings, FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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

// No '"' or '\\' in the filler; after a '\\' put at some position, the next filler byte makes a
// valid escape (b f n r t), \u with non-hex digits, or an invalid escape.
$filler = str_repeat('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', 8);
$flag_sets = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE];
$report = new FjReport;
fj_dec_byte_positions($report, new FjSample, 'ASCII filler', $filler, 73, 100, $flag_sets);
$extra = new FjReport;
fj_dec_byte_positions($extra, new FjSample, 'ASCII filler', $filler, 101, min(fj_env_int('FASTJSON_POSITIONS_MAXLEN', 100), strlen($filler)), $flag_sets);
// 256 documents per position of each length 73..100, under the 4 flag sets and validated under
// 2 of them (0, IGNORE), on every SIMD path.
$docs = 256 * array_sum(range(73, 100));
fj_dec_finish_scaled($report, $extra, 'decode/validate outcomes compared', fj_scaled($docs) * 6 * count(fj_simd_paths()));
?>
--EXPECT--
decode/validate outcomes compared: cases as expected, 0 mismatches
