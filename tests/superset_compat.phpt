--TEST--
Compatibility: the whole fastjson_* API used the way the other fastjson extension's README describes it (signatures by Reflection, named arguments, the usage example, error location, file helpers, pointer, merge patch, relaxed flag), each result checked against ext/json
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

/* The published signatures. */
$sigs = [
    'fastjson_version' => 'string fastjson_version()',
    'fastjson_encode' => 'string|false fastjson_encode(mixed $value, int $flags = 0, int $depth = 512)',
    'fastjson_decode' => 'mixed fastjson_decode(string $json, ?bool $associative = null, int $depth = 512, int $flags = 0)',
    'fastjson_validate' => 'bool fastjson_validate(string $json, int $depth = 512, int $flags = 0)',
    'fastjson_file_decode' => 'mixed fastjson_file_decode(string $filename, ?bool $associative = null, int $depth = 512, int $flags = 0)',
    'fastjson_file_encode' => 'bool fastjson_file_encode(string $filename, mixed $value, int $flags = 0, int $depth = 512)',
    'fastjson_pointer_get' => 'mixed fastjson_pointer_get(string $json, string $pointer, ?bool $associative = null, int $depth = 512, int $flags = 0)',
    'fastjson_pointer_exists' => 'bool fastjson_pointer_exists(string $json, string $pointer, int $flags = 0)',
    'fastjson_pointer_set' => 'string|false fastjson_pointer_set(string $json, string $pointer, mixed $value, int $depth = 512, int $flags = 0)',
    'fastjson_merge_patch' => 'mixed fastjson_merge_patch(string $target, string $patch, ?bool $associative = null, int $depth = 512, int $flags = 0)',
    'fastjson_last_error' => 'int fastjson_last_error()',
    'fastjson_last_error_msg' => 'string fastjson_last_error_msg()',
    'fastjson_last_error_pos' => 'int fastjson_last_error_pos()',
    'fastjson_last_error_info' => 'array fastjson_last_error_info()',
];
foreach ($sigs as $fn => $want) {
    $rf = new ReflectionFunction($fn);
    $params = array_map(function ($p) use ($rf) {
        $s = $p->getType() . ' $' . $p->getName();
        return $p->isOptional() ? $s . ' = ' . var_export($p->getDefaultValue(), true) : $s;
    }, $rf->getParameters());
    $got = $rf->getReturnType() . " $fn(" . str_replace(['NULL'], ['null'], implode(', ', $params)) . ')';
    if ($got !== $want) {
        echo "$fn: $got\n";
    }
}
echo "signatures checked\n";

/* The README's usage example. */
$json = fastjson_encode(['hello' => 'world']);
$data = fastjson_decode($json, associative: true);
$ok = fastjson_validate($json);
var_dump($json === json_encode(['hello' => 'world']), $data === ['hello' => 'world'], $ok);
if (fastjson_decode('{') === null && fastjson_last_error() !== 0) {
    // ext/json's message for the same input (8.6 adds its location).
    $fast_msg = fastjson_last_error_msg();
    json_decode('{');
    echo $fast_msg === json_last_error_msg() ? "error message: ext/json's\n" : "error message: $fast_msg, ext/json: " . json_last_error_msg() . "\n";
}
/* Error location: pos, line, col. */
fastjson_decode("{\n  \"a\": tru\n}");
$i = fastjson_last_error_info();
echo "pos {$i['pos']} line {$i['line']} col {$i['col']} code {$i['code']} ", $i['code'] === FASTJSON_ERROR_SYNTAX ? 'FASTJSON_ERROR_SYNTAX' : '?', "\n";
fastjson_decode('[1]');
var_dump(fastjson_last_error_pos(), fastjson_last_error() === FASTJSON_ERROR_NONE);

/* Pointer: a field, present-but-null vs absent, set. */
$doc = '{"users": [{"email": "a@example.invalid", "nick": null}]}';
var_dump(fastjson_pointer_get($doc, '/users/0/email'));
var_dump(fastjson_pointer_get($doc, '/users/0/nick'), fastjson_pointer_exists($doc, '/users/0/nick'), fastjson_pointer_exists($doc, '/users/0/age'));
$set = fastjson_pointer_set($doc, '/users/0/nick', 'al');
var_dump($set, json_decode($set, true)['users'][0]['nick']);
var_dump(fastjson_pointer_get($doc, '', true) === json_decode($doc, true));
/* Merge patch returns a PHP value. */
$m = fastjson_merge_patch('{"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},"tags":["example","sample"],"content":"This will be unchanged"}',
    '{"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},"tags":["example"]}', true);
echo fastjson_encode($m), "\n";
/* File helpers. */
$f = tempnam(sys_get_temp_dir(), 'fjcompat');
var_dump(fastjson_file_encode($f, $data), fastjson_file_decode($f, true) === $data);
unlink($f);
/* The relaxed flag (JSONC subset). */
var_dump(fastjson_decode("\xEF\xBB\xBF{ // settings\n \"a\": [1, 2,], /* end */ }", true, flags: FASTJSON_DECODE_RELAXED));
var_dump(fastjson_version() === phpversion('fastjson'));
?>
--EXPECT--
signatures checked
bool(true)
bool(true)
bool(true)
error message: ext/json's
pos 9 line 2 col 8 code 4 FASTJSON_ERROR_SYNTAX
int(-1)
bool(true)
string(17) "a@example.invalid"
NULL
bool(true)
bool(false)
string(57) "{"users": [{"email": "a@example.invalid", "nick": "al"}]}"
string(2) "al"
bool(true)
{"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}
bool(true)
bool(true)
array(1) {
  ["a"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
bool(true)
