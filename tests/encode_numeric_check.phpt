--TEST--
NUMERIC_CHECK on numeric-looking strings as values (converted) and keys (never converted), several serialize_precision values, random numeric strings
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$strings = [' 12', '12 ', '1e3', '.5', '5.', '0x1A', '1e1000', '-1e1000', '9223372036854775807', '9223372036854775808',
    '-9223372036854775808', '-9223372036854775809', '-0', '0', '00012', '+5', '1_000', " \t\n\r\v\f12", "12\n", '1e', 'e5',
    '1.0', '1.', '.', '-', '', '0.1', '1e-400', 'INF', 'NAN', 'inf', '1e308', '1.7976931348623159e308', '0b101', "\u{663}",
    '12abc', 'abc', '1 2', "\x0012", "12\x00", ' ', '0e0', '-0.0', '4.9e-324', '123456789012345678901234567890', '0.30000000000000004',
    '1E5', '1e+5', '  -.5e-3  ', '0.0', '100', '1e15', '1e16', '1e17', '0.0001', '0.00001', "1\xff", "\xff1", '١٢', '１２',
    '2.5e-5', '-1.5', '  7', '7  ', "\t7", '0001.5000', '1e22', '1e21', '123456789012345678', '-'];

$flag_sets = [JSON_NUMERIC_CHECK, JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION, JSON_NUMERIC_CHECK | JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_NUMERIC_CHECK | JSON_FORCE_OBJECT | JSON_PRETTY_PRINT, JSON_NUMERIC_CHECK | JSON_THROW_ON_ERROR,
    JSON_NUMERIC_CHECK | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE, 0];
$report = new FjReport;
$r = new FjRandom(77);
$random = [];
$parts = ['', '', '-', '+', ' ', "\t", '0', '1', '9', '12', '.', 'e', 'E', 'e-', 'e+', '5', '00', 'x', "\n", '3e2', '99999999999'];
for ($i = 0; $i < 20000; $i++) {
    $s = '';
    for ($j = $r->range(1, 6); $j > 0; $j--) {
        $s .= $r->pick($parts);
    }
    $random[] = $s;
}
foreach ([-1, 17, 5, 0] as $precision) {
    ini_set('serialize_precision', (string) $precision);
    foreach ($flag_sets as $flags) {
        foreach ($strings as $s) {
            $report->add(fj_compare_encode($s, $flags));
            $report->add(fj_compare_encode([$s => $s], $flags));
            $report->add(fj_compare_encode((object) [$s => $s, 'k' => [$s]], $flags));
        }
        foreach (fj_simd_paths() as $path) {
            fj_set_simd($path);
            $report->addAll(fj_compare_batch($random, $flags | JSON_PARTIAL_OUTPUT_ON_ERROR), count($random));
        }
        ini_restore('fastjson.simd');
        $report->add(fj_compare_encode(array_combine($random, $random), $flags));
    }
}
$report->finish('numeric-check cases compared', 4 * count($flag_sets) * (3 * count($strings) + 20001));
?>
--EXPECT--
numeric-check cases compared: OK
