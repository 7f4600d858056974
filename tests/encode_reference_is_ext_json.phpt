--TEST--
The reference is ext/json's json_encode() (not an override), and the differential harness can tell outcomes apart
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

// The include already exits when this fails; checked again explicitly here.
var_dump(fj_reference_problem());
var_dump((new ReflectionFunction('json_encode'))->getExtensionName());
var_dump((new ReflectionFunction('fastjson_encode'))->getExtensionName());
// The suite runs with fastjson.override off: the handlers are ext/json's own, so calling
// them moves none of fastjson's counters.
var_dump(in_array(ini_get('fastjson.override'), [false, '', '0'], true));
var_dump(fastjson_info()['override']);
$calls = fastjson_info()['functions']['json_encode']['calls'];
json_encode([1, 2]);
var_dump(fastjson_info()['functions']['json_encode']['calls'] === $calls && $calls === 0);

// fastjson.simd: scalar always exists, nonsense is refused.
$paths = fj_simd_paths();
var_dump(in_array('scalar', $paths, true));
var_dump(ini_set('fastjson.simd', 'bogus'));
var_dump(ini_set('fastjson.simd', 'auto') !== false);

// The harness itself: different outcomes must be reported, identical ones not.
var_dump(fj_diff_outcomes(fj_outcome('json_encode', 1, 0), fj_outcome('json_encode', 2, 0)) !== null);
var_dump(fj_diff_outcomes(fj_outcome('json_encode', "\xff", 0), fj_outcome('json_encode', "\xfe", 0)) === null);
var_dump(fj_diff_outcomes(fj_outcome('json_encode', NAN, 0), fj_outcome('json_encode', "\xff", 0)) !== null);
var_dump(fj_diff_outcomes(fj_outcome('json_encode', NAN, JSON_THROW_ON_ERROR), fj_outcome('json_encode', INF, JSON_THROW_ON_ERROR)) === null);
var_dump(fj_diff_outcomes(fj_outcome('json_encode', NAN, JSON_THROW_ON_ERROR), fj_outcome('json_encode', "\xff", JSON_THROW_ON_ERROR)) !== null);
// The sentinel error state distinguishes "untouched" from "reset".
$o = fj_outcome('json_encode', 1, JSON_THROW_ON_ERROR);
var_dump($o['err']);
$o = fj_outcome('json_encode', 1, 0);
var_dump($o['err']);

// And a first differential comparison.
var_dump(fj_compare_encode(['a' => 1, 'b' => [1.5, "x/y"]], 0));
?>
--EXPECT--
NULL
string(4) "json"
string(8) "fastjson"
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(4)
int(0)
NULL
