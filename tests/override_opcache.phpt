--TEST--
Override with opcache on in the CLI: calls compiled by opcache reach fastjson
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!file_exists(ini_get('extension_dir') . '/opcache.so')) die('skip opcache.so not installed');
?>
--INI--
zend_extension=opcache
fastjson.override=1
opcache.enable=1
opcache.enable_cli=1
opcache.optimization_level=-1
--FILE--
<?php
var_dump(opcache_get_status(false)['opcache_enabled'] ?? false);
function roundtrip(array $v): array
{
    return json_decode(json_encode($v), true);
}
$v = ['a' => [1, 2.5, "x\u{e9}"], 'b' => null];
for ($i = 0; $i < 100; $i++) {
    $r = roundtrip($v);
}
var_dump($r === $v, json_validate(json_encode($v)));
foreach (fastjson_info()['functions'] as $fn => $c) {
    echo "$fn: {$c['calls']}\n";
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
json_encode: 101
json_decode: 100
json_validate: 1
