--TEST--
Scalar runs (lists of null, false, true and integers written with the output position in a register) against json_encode(): runs of every length up to 40 and of 2,000-60,000 elements across the local buffer's end and the buffer's growth, broken by strings, doubles, arrays, objects, references, holes and errors at every position, nested lists, integers of every digit count and sign, depth limits, every flag set that touches lists, pretty printing at several depths
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$r = new FjRandom(20261206);
$scalars = [null, false, true, 0, -1, 7, 10, -10, 99, 100, 12345678, 99999999, 100000000, -123456789,
    999999999, 1000000000, 9999999999, 10000000000000000, PHP_INT_MAX, PHP_INT_MIN, PHP_INT_MIN + 1];
$breakers = ['s', '', "\u{e9}", 1.5, 0.0, -0.0, 1e300, [], [1, null], ['k' => true], new stdClass, "\xff", NAN, INF];

$lists = [];
/* every run length, alone and between breakers */
for ($n = 1; $n <= 40; $n++) {
    $run = [];
    for ($i = 0; $i < $n; $i++) {
        $run[] = $r->pick($scalars);
    }
    $lists[] = $run;
    $lists[] = array_merge([$r->pick($breakers)], $run, [$r->pick($breakers)]);
    /* a breaker at every position */
    for ($at = 0; $at < $n; $at++) {
        $broken = $run;
        $broken[$at] = $r->pick($breakers);
        $lists[] = $broken;
    }
    /* a hole (UNDEF slot) in a list: packed, not a list any more */
    $holed = $run;
    unset($holed[$r->below($n)]);
    $lists[] = $holed;
    /* a reference to a scalar is no run scalar */
    $ref = $run;
    $target = $r->pick($scalars);
    $ref[$r->below($n)] = &$target;
    $lists[] = $ref;
    unset($ref, $target);
}
/* long runs: past the 8 KB local buffer and through several growths */
foreach ([2000, 1700, 8200, 60000] as $n) {
    $run = [];
    for ($i = 0; $i < $n; $i++) {
        $run[] = $r->pick($scalars);
    }
    $lists[] = $run;
    $lists[] = array_fill(0, $n, null);
    $lists[] = array_fill(0, $n, PHP_INT_MIN);
    $mixed = $run;
    for ($i = 0; $i < 20; $i++) {
        $mixed[$r->below($n)] = $r->pick($breakers);
    }
    $lists[] = $mixed;
}
/* nested lists of runs, and runs after a nested list */
$lists[] = [[1, 2, 3], [null, [true, false, [4, 5]], 6], 7, [[], [8]]];
$lists[] = ['x', [null, null], 'y', [1, [2, [3, [4, [5]]]]]];

$flag_sets = [0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_NUMERIC_CHECK,
    JSON_PRESERVE_ZERO_FRACTION, JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_PRETTY_PRINT | JSON_FORCE_OBJECT, JSON_PRETTY_PRINT | JSON_PRESERVE_ZERO_FRACTION];
$report = new FjReport;
foreach ($flag_sets as $flags) {
    foreach ($lists as $list) {
        $report->add(fj_compare_encode($list, $flags));
        /* the same list deeper (pretty indents), and at the depth limit */
        $report->add(fj_compare_encode(['a' => [[$list]]], $flags));
        $report->add(fj_compare_encode([$list], $flags, 1));
        $report->add(fj_compare_encode([[$list]], $flags, 2));
    }
}
$report->finish('scalar-run lists compared', count($flag_sets) * count($lists) * 4);
?>
--EXPECT--
scalar-run lists compared: OK
