--TEST--
Override with opcache preloading and the file cache: preloaded code and file-cached scripts reach fastjson
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
require __DIR__ . '/override_opcache.inc';
if (($p = fj_opcache_child_problem()) !== null) die("skip $p");
?>
--FILE--
<?php
require __DIR__ . '/override_opcache.inc';
$cache = sys_get_temp_dir() . '/fastjson-opcache-' . getmypid();
@mkdir($cache);
echo fj_run_with_opcache(<<<'PHP'
<?php
var_dump(function_exists('fj_preloaded_roundtrip'));
$v = ['a' => [1, 2.5, "x\u{e9}"], 'b' => null, 'c' => ['d' => true]];
var_dump(fj_preloaded_roundtrip($v) === $v);
$c = fastjson_info()['functions'];
echo $c['json_encode']['calls'], ' ', $c['json_decode']['calls'], "\n";
PHP, ['fastjson.override' => '1', 'opcache.preload' => __DIR__ . '/override_opcache_preload.inc',
      'opcache.preload_user' => 'root', 'opcache.file_cache' => $cache]);
exec('rm -rf ' . escapeshellarg($cache));
?>
--EXPECT--
bool(true)
bool(true)
1 1
