--TEST--
All 2^12 subsets of the encode flags (plus IGNORE/SUBSTITUTE/THROW where they matter) on tricky values
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$holes_mid = [1, 2, 3];
unset($holes_mid[1]);
$holes_last = [1, 2, 3];
unset($holes_last[2]);
/* maps that are lists again once their first, string, key is deleted */
$list_after_key = ['k' => 0, 0 => 'a', 1 => 'b'];
unset($list_after_key['k']);
$map_after_key = ['k' => 0, 1 => 'a', 0 => 'b'];
unset($map_after_key['k']);
$obj = new stdClass;
$obj->p = "/";
$obj->q = [1, 2];
$obj->r = 1.0;
$obj->{'12'} = 'int-like property';
$obj->{''} = 'empty name';

$values = [
    'escapes' => "\"\\/\x08\x0c\n\r\t\x00\x01\x0b\x1f\x7f<>&' end",
    'line_terminators' => "a\u{2028}b\u{2029}c",
    'unicode' => "é€𝄞日本\u{FFFD}\u{10FFFF}",
    'invalid_utf8' => "ok\xffbad\xc3",
    'invalid_in_long' => str_repeat('a', 20) . "\xe2\x82" . str_repeat('b', 20),
    'numeric_strings' => ['12', ' 12', '12 ', '1e3', '.5', '5.', '00012', '0x1A', '-0', '1e1000', '9223372036854775808', '12abc', '', '0.10', '1.0', '-1.5e-7', '1e22'],
    'floats' => [0.1, 1.0, -0.0, 1e25, 1e15, 1e16, 1e17, 1e-7, 0.0001, 123456789.0, -2.5, 5e-324, PHP_FLOAT_MAX],
    'inf' => [1, INF, 2],
    'nan' => NAN,
    'nested' => ['a' => [1, [2, ['x' => null, 'y' => []]]], 'b' => new stdClass, 'c' => [[]], 'd' => [new stdClass]],
    'empty_array' => [],
    'empty_object' => new stdClass,
    'list_hole_middle' => $holes_mid,
    'list_hole_last' => $holes_last,
    'list_after_deleted_key' => $list_after_key,
    'map_after_deleted_key' => $map_after_key,
    'int_keys' => [3 => 'a', -1 => 'b', 0 => 'c', PHP_INT_MAX => 'd'],
    'string_keys' => ['a/b' => 1, '<tag>' => 2, 'é' => 3, "\u{2028}" => 4, '12' => 5, '1.5' => 6, ' 7' => 7, "q\"'&" => 8, '' => 9, "\0x" => 10],
    'invalid_key' => ["a\xff" => 1, 'b' => 2],
    'scalars' => [true, false, null, 0, -1, PHP_INT_MAX, PHP_INT_MIN],
    'object' => $obj,
    'long_string' => str_repeat("abc/<&'\"é\u{2028}xyz0123456789", 6),
    'long_clean' => str_repeat('The quick brown fox jumps over the lazy dog. ', 5),
    'long_dirty_at_boundaries' => str_repeat('a', 15) . '"' . str_repeat('b', 15) . '<' . str_repeat('c', 31) . '/'
        . str_repeat('d', 32) . "&\u{2028}" . str_repeat('e', 60) . "'\xff" . str_repeat('f', 63) . '>',
];
$values['all'] = $values;

// Values for which IGNORE/SUBSTITUTE/THROW change the outcome.
$error_values = ['invalid_utf8', 'invalid_in_long', 'long_dirty_at_boundaries', 'inf', 'nan', 'invalid_key', 'all'];
// Values long enough to reach the vector kernels.
$long_values = ['long_string', 'long_clean', 'long_dirty_at_boundaries', 'invalid_in_long', 'all'];

$subsets = fj_flag_subsets(fj_encode_flags());
$report = new FjReport;
foreach ($subsets as $flags) {
    foreach ($values as $name => $v) {
        $report->add(fj_compare_encode($v, $flags));
    }
    foreach ([JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE,
              JSON_THROW_ON_ERROR, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_IGNORE] as $extra) {
        foreach ($error_values as $name) {
            $report->add(fj_compare_encode($values[$name], $flags | $extra));
        }
    }
}
// Every SIMD path, for the strings that reach the vector kernels.
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($subsets as $flags) {
        foreach ($long_values as $name) {
            $report->add(fj_compare_encode($values[$name], $flags | JSON_INVALID_UTF8_SUBSTITUTE));
        }
    }
}
ini_restore('fastjson.simd');
$report->finish('compared ' . count($subsets) . ' flag subsets', 4096 * (count($values) + 36));
?>
--EXPECT--
compared 4096 flag subsets: OK
