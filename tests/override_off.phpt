--TEST--
fastjson.override=0: json_* stay ext/json's (no counter moves), fastjson_* still work, and PHP 8.2 gets no json_validate()
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
var_dump(fastjson_info()['override']);
json_encode([1]);
json_decode('[1]');
var_dump(array_sum(array_map(fn($c) => $c['calls'], fastjson_info()['functions'])));
var_dump(function_exists('json_validate') === (PHP_VERSION_ID >= 80300));
var_dump(fastjson_decode('[1]'), fastjson_validate('[1'), fastjson_encode([2]));
var_dump(ini_set('fastjson.override', '1'));
?>
--EXPECT--
bool(false)
int(0)
bool(true)
array(1) {
  [0]=>
  int(1)
}
bool(false)
string(3) "[2]"
bool(false)
