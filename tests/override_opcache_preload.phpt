--TEST--
Override with opcache preloading and the file cache: preloaded code and file-cached scripts reach fastjson
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!file_exists(ini_get('extension_dir') . '/opcache.so')) die('skip opcache.so not installed');
if (PHP_OS_FAMILY === 'Windows') die('skip preloading is not supported on Windows');
?>
--INI--
zend_extension=opcache
fastjson.override=1
opcache.enable=1
opcache.enable_cli=1
opcache.preload={PWD}/override_opcache_preload.inc
opcache.preload_user=root
opcache.file_cache={TMP}
--FILE--
<?php
var_dump(function_exists('fj_preloaded_roundtrip'));
$v = ['a' => [1, 2.5, "x\u{e9}"], 'b' => null, 'c' => ['d' => true]];
var_dump(fj_preloaded_roundtrip($v) === $v);
$c = fastjson_info()['functions'];
echo $c['json_encode']['calls'], ' ', $c['json_decode']['calls'], "\n";
?>
--EXPECT--
bool(true)
bool(true)
1 1
