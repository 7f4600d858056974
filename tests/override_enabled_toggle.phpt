--TEST--
fastjson.enabled switched off and on mid-script with ini_set(): ext/json answers while off (counted), fastjson again once on, with the same results
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=1
--FILE--
<?php
$inputs = ['{"a":[1,2,{"b":null}],"c":"\u00e9"}', '[1,2', "\"\xff\"", '{"\u0000x":1}', '12345678901234567890', ''];
function run(array $inputs): array
{
    $out = [];
    foreach ($inputs as $json) {
        $v = json_decode($json, false, 512, JSON_BIGINT_AS_STRING);
        $out[] = [serialize($v), json_last_error(), json_last_error_msg(), json_validate($json), json_last_error(),
            json_encode($v, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE), json_last_error()];
    }
    return $out;
}
function ext_json_calls(): array
{
    return array_map(fn($c) => $c['ext_json_calls'], fastjson_info()['functions']);
}

$fast = run($inputs);
var_dump(ext_json_calls());

var_dump(ini_set('fastjson.enabled', '0'), fastjson_info()['enabled']);
$ext = run($inputs);
var_dump(ext_json_calls());

ini_set('fastjson.enabled', '1');
$again = run($inputs);
var_dump(ext_json_calls());

var_dump($fast === $ext, $again === $ext);
var_dump(fastjson_info()['functions']['json_decode']['calls']);
?>
--EXPECT--
array(3) {
  ["json_encode"]=>
  int(0)
  ["json_decode"]=>
  int(0)
  ["json_validate"]=>
  int(0)
}
string(1) "1"
bool(false)
array(3) {
  ["json_encode"]=>
  int(6)
  ["json_decode"]=>
  int(6)
  ["json_validate"]=>
  int(6)
}
array(3) {
  ["json_encode"]=>
  int(6)
  ["json_decode"]=>
  int(6)
  ["json_validate"]=>
  int(6)
}
bool(true)
bool(true)
int(18)
