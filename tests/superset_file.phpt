--TEST--
fastjson_file_decode/encode(): through PHP streams (plain files, file://, php://memory, data:, open_basedir), results equal json_decode(file_get_contents()) / json_encode(); an encode error writes nothing, a failed write leaves the old file and no temporary file
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

$dir = sys_get_temp_dir() . '/fastjson_file_' . getmypid();
@mkdir($dir);
$file = "$dir/doc.json";
$value = ['a' => [1, 2.5, "\u{e9}"], 'b' => null, 'c' => ['d' => true]];
foreach ([0, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE] as $flags) {
    var_dump(fastjson_file_encode($file, $value, $flags), file_get_contents($file) === json_encode($value, $flags));
    var_dump(fastjson_file_decode($file, true) === json_decode(file_get_contents($file), true));
    var_dump(serialize(fastjson_file_decode("file://$file")) === serialize(json_decode(file_get_contents($file))));
}
/* An encode error: false, the error of fastjson_encode(), the old file untouched. */
var_dump(fastjson_file_encode($file, ['x' => NAN]), json_last_error(), file_get_contents($file) === json_encode($value, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE));
try { fastjson_file_encode($file, NAN, JSON_THROW_ON_ERROR); } catch (JsonException $e) { echo $e->getMessage(), "\n"; }
/* A decode error: json_decode()'s, with its place. */
file_put_contents($file, "[1,\n x]");
var_dump(fastjson_file_decode($file), json_last_error(), fastjson_last_error_pos(), fastjson_last_error_info()['line']);
file_put_contents($file, '');
var_dump(fastjson_file_decode($file), json_last_error());
/* I/O errors: false / null, JSON_ERROR_SYNTAX, the reason in the info, no position. */
var_dump(@fastjson_file_decode("$dir/missing.json"), json_last_error(), fastjson_last_error_info()['msg'], fastjson_last_error_pos());
var_dump(@fastjson_file_encode("$dir/no/such/dir.json", [1]), json_last_error(), fastjson_last_error_info()['msg']);
var_dump(@fastjson_file_encode($dir, [1]), is_dir($dir));   // a directory is not replaced
var_dump(glob("$dir/*tmp*"));
/* The replaced file keeps its permissions; a symbolic link stays and its file is replaced. */
chmod($file, 0640);
symlink($file, "$dir/link.json");
var_dump(fastjson_file_encode("$dir/link.json", [7]), is_link("$dir/link.json"), file_get_contents($file), sprintf('%o', fileperms($file) & 0777));
unlink("$dir/link.json");
/* Other wrappers are read and written directly. */
var_dump(fastjson_file_decode('data://text/plain;base64,' . base64_encode('{"k":[1]}'), true));
var_dump(fastjson_file_encode('php://memory', [1, 2]), fastjson_file_encode('php://temp', [1]));
/* open_basedir applies. */
ini_set('open_basedir', $dir);
var_dump(fastjson_file_encode("$dir/inside.json", [3]), fastjson_file_decode("$dir/inside.json"));
var_dump(@fastjson_file_decode('/etc/hostname'), @fastjson_file_encode(dirname($dir) . '/outside.json', 1), @file_exists(dirname($dir) . '/outside.json'));
try { fastjson_file_decode("a\0b"); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
foreach (glob("$dir/*") as $f) {
    unlink($f);
}
rmdir($dir);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(7)
bool(true)
Inf and NaN cannot be JSON encoded
NULL
int(4)
int(5)
int(2)
NULL
int(4)
NULL
int(4)
string(31) "Failed to open file for reading"
int(-1)
bool(false)
int(4)
string(20) "Failed to write file"
bool(false)
bool(true)
array(0) {
}
bool(true)
bool(true)
string(3) "[7]"
string(3) "640"
array(1) {
  ["k"]=>
  array(1) {
    [0]=>
    int(1)
  }
}
bool(true)
bool(true)
bool(true)
array(1) {
  [0]=>
  int(3)
}
NULL
bool(false)
bool(false)
fastjson_file_decode(): Argument #1 ($filename) must not contain any null bytes
