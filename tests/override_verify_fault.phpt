--TEST--
fastjson.verify catches a difference (injected by the test-only fastjson.test_fault): a warning names the function, flags and input, ext/json's result is returned and the mismatch counted
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (ini_get('fastjson.test_fault') === false) die('skip fastjson.test_fault needs a --enable-fastjson-dev build');
?>
--INI--
fastjson.override=1
fastjson.test_fault=7
--FILE--
<?php
// Without verify the injected difference reaches the caller: the fault is real.
var_dump(json_encode([1]), json_decode('[1]'), json_validate('[]'));

ini_set('fastjson.verify', '1');
var_dump(json_encode(['a' => "x\u{e9}"], JSON_UNESCAPED_UNICODE));
var_dump(json_decode('{"b":[1,2]}', true, 512, JSON_BIGINT_AS_STRING));
var_dump(json_validate("[\"\x01\"]"), json_last_error());
// ext/json's outcome was kept, so the error info is ext/json's too: no location.
echo implode(' | ', array_slice(fastjson_last_error_info(), 0, 5)), "\n";
foreach (fastjson_info()['functions'] as $fn => $c) {
    printf("%s: %d verified, %d mismatches\n", $fn, $c['verify_runs'], $c['verify_mismatches']);
}
?>
--EXPECTF--
string(4) "[1] "
int(42)
bool(false)

Warning: json_encode(): fastjson.verify: the result differs from ext/json's (json_encode() flags 256, fastjson error 0, ext/json error 0), returning ext/json's result; input: {"a":"x\xc3\xa9"} in %s on line %d
string(11) "{"a":"xé"}"

Warning: json_decode(): fastjson.verify: the result differs from ext/json's (json_decode() flags 2, fastjson error 0, ext/json error 0), returning ext/json's result; input: {"b":[1,2]} in %s on line %d
array(1) {
  ["b"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}

Warning: json_validate(): fastjson.verify: the result differs from ext/json's (json_validate() flags 0, fastjson error 3, ext/json error 3), returning ext/json's result; input: ["\x01"] in %s on line %d
bool(false)
int(3)
3 | Control character error, possibly incorrectly encoded | 0 | 0 | 0
json_encode: 1 verified, 1 mismatches
json_decode: 1 verified, 1 mismatches
json_validate: 1 verified, 1 mismatches
