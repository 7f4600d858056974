--TEST--
Override with opcache on in the CLI: calls compiled by opcache reach fastjson
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
require __DIR__ . '/override_opcache.inc';
if (($p = fj_opcache_child_problem()) !== null) die("skip $p");
?>
--FILE--
<?php
require __DIR__ . '/override_opcache.inc';
echo fj_run_with_opcache(<<<'PHP'
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
var_dump($r === $v, json_validate(json_encode($v)), opcache_is_script_cached(__FILE__));
foreach (fastjson_info()['functions'] as $fn => $c) {
    echo "$fn: {$c['calls']}\n";
}
PHP, ['fastjson.override' => '1', 'opcache.optimization_level' => '-1', 'opcache.file_update_protection' => '0']);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
json_encode: 101
json_decode: 100
json_validate: 1
