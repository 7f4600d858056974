--TEST--
fastjson_last_error_info() when ext/json answers (fastjson.enabled=0): ext/json's error code (from its JsonException with THROW_ON_ERROR) without a location; argument errors and encode leave it; an empty input is a syntax error at offset 0
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=1
--FILE--
<?php
function show(string $label): void
{
    echo str_pad($label, 34), implode(' | ', array_slice(fastjson_last_error_info(), 0, 5)), ' / json_last_error ', json_last_error(), "\n";
}

var_dump(fastjson_info()['override']);
json_decode('[1,x]');
show('fastjson: [1,x]');

ini_set('fastjson.enabled', '0');
json_decode('{"a":1]');
show('ext/json: {"a":1]');
try {
    json_decode('[', flags: JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo 'JsonException code ', $e->getCode(), "\n";
}
show('ext/json: [ with THROW');
json_validate('');
show('ext/json: validate empty');
json_decode('[1,x]');
show('ext/json: [1,x]');
try {
    json_decode('[]', false, 0);
} catch (ValueError $e) {
    echo get_class($e), "\n";
}
show('ext/json: depth 0 (ValueError)');
json_encode(NAN);
show('ext/json: encode NAN');
json_decode('[1]');
show('ext/json: [1]');

ini_set('fastjson.enabled', '1');
json_decode('');
show('fastjson: empty');
json_decode('[1]');
show('fastjson: [1]');
fastjson_validate('');
show('fastjson_validate: empty');
?>
--EXPECT--
bool(true)
fastjson: [1,x]                   4 | Syntax error | 1 | 4 | 3 / json_last_error 4
ext/json: {"a":1]                 2 | State mismatch (invalid or malformed JSON) | 0 | 0 | 0 / json_last_error 2
JsonException code 4
ext/json: [ with THROW            4 | Syntax error | 0 | 0 | 0 / json_last_error 2
ext/json: validate empty          4 | Syntax error | 0 | 0 | 0 / json_last_error 4
ext/json: [1,x]                   4 | Syntax error | 0 | 0 | 0 / json_last_error 4
ValueError
ext/json: depth 0 (ValueError)    4 | Syntax error | 0 | 0 | 0 / json_last_error 0
ext/json: encode NAN              4 | Syntax error | 0 | 0 | 0 / json_last_error 7
ext/json: [1]                     0 | No error | 0 | 0 | 0 / json_last_error 0
fastjson: empty                   4 | Syntax error | 1 | 1 | 0 / json_last_error 4
fastjson: [1]                     0 | No error | 0 | 0 | 0 / json_last_error 0
fastjson_validate: empty          4 | Syntax error | 1 | 1 | 0 / json_last_error 4
