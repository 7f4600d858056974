--TEST--
Floats with serialize_precision=10: powers of ten 1e-330..1e310 and neighbours, 1e15-1e17, 1e-4-1e-5, subnormals, DBL_MAX, -0.0, 2^53, random bit patterns
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
serialize_precision=10
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

var_dump(ini_get('serialize_precision'));
$report = new FjReport;
fj_float_fixed($report);
// FASTJSON_TEST_CASES=N scales the random sample (split over the six precisions in CI).
$n = fj_env_int('FASTJSON_TEST_CASES', 20000);
fj_float_random($report, $n, 1010);
$report->finish('float cases compared', 2 * $n);
?>
--EXPECT--
string(2) "10"
float cases compared: OK
