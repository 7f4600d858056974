--TEST--
Every byte 0x00-0xFF at every position of strings of length 0-100 under IGNORE/SUBSTITUTE/UNESCAPED_*, and every ASCII byte without error flags, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$report = new FjReport;
fj_byte_positions($report, [
    JSON_INVALID_UTF8_IGNORE | JSON_UNESCAPED_SLASHES | JSON_HEX_APOS | JSON_UNESCAPED_UNICODE,
    JSON_INVALID_UTF8_SUBSTITUTE | JSON_HEX_TAG | JSON_HEX_QUOT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS,
]);
// Without PARTIAL/IGNORE/SUBSTITUTE one invalid byte fails the whole batch, so only
// 0x00-0x7F in the batches; lone high bytes alone at a few positions below.
fj_byte_positions($report, [0, JSON_UNESCAPED_SLASHES | JSON_HEX_TAG | JSON_HEX_APOS | JSON_PRETTY_PRINT], 100, true);
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ([1, 15, 16, 17, 31, 32, 33, 47, 64, 65] as $len) {
        foreach ([0, $len >> 1, $len - 1] as $pos) {
            for ($b = 0x80; $b < 0x100; $b++) {
                $s = str_repeat('x', $len);
                $s[$pos] = chr($b);
                $report->add(fj_compare_encode($s, 0));
                $report->add(fj_compare_encode($s, JSON_THROW_ON_ERROR));
            }
        }
    }
}
ini_restore('fastjson.simd');
$report->finish('strings compared', (2 * 1292801 + 2 * 646401) * count(fj_simd_paths()));
?>
--EXPECT--
strings compared: OK
