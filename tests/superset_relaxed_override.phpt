--TEST--
FASTJSON_DECODE_RELAXED through the overridden json_decode()/json_validate(): ignored by json_decode() and refused by json_validate() exactly as ext/json does, honoured by fastjson_decode()/fastjson_validate() in the same process
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=1
--FILE--
<?php
var_dump(fastjson_info()['override']);
$relaxed = "[1, /* c */ 2,]";
var_dump(json_decode($relaxed, true, 512, FASTJSON_DECODE_RELAXED), json_last_error());
var_dump(json_decode('[1]', true, 512, FASTJSON_DECODE_RELAXED));
try {
    json_validate($relaxed, 512, FASTJSON_DECODE_RELAXED);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
var_dump(fastjson_decode($relaxed, true, 512, FASTJSON_DECODE_RELAXED), fastjson_validate($relaxed, 512, FASTJSON_DECODE_RELAXED));
var_dump(fastjson_decode($relaxed, true), json_last_error());
?>
--EXPECT--
bool(true)
NULL
int(4)
array(1) {
  [0]=>
  int(1)
}
json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
bool(true)
NULL
int(4)
