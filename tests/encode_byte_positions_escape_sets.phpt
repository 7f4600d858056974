--TEST--
Every byte 0x00-0xFF at every position of strings of length 0-100, escape tables with and without HEX_*, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$hex = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
$report = new FjReport;
fj_byte_positions($report, [
    JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_PARTIAL_OUTPUT_ON_ERROR | $hex | JSON_UNESCAPED_SLASHES,
    JSON_INVALID_UTF8_SUBSTITUTE | JSON_HEX_AMP,
]);
// 256 * (0 + 1 + ... + 100) + 1 strings per flag set and path.
$report->finish('strings compared', 3 * 1292801 * count(fj_simd_paths()));
?>
--EXPECT--
strings compared: OK
