--TEST--
fastjson.verify_dump_dir caps: fastjson.verify_dump_max_files stops writing, fastjson.verify_dump_max_bytes cuts the input (the file says so and the replay refuses it), a missing directory is reported in the warning
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (ini_get('fastjson.test_fault') === false) die('skip fastjson.test_fault needs a --enable-fastjson-dev build');
if (PHP_OS_FAMILY === 'Windows') die('skip POSIX files');
if (!is_file(__DIR__ . '/../tools/verify_replay.php')) die('skip tools/verify_replay.php is not beside the tests (installed package)');
?>
--INI--
fastjson.override=1
fastjson.test_fault=7
fastjson.verify=1
fastjson.verify_dump_dir={PWD}/verify_dump_caps.dir
fastjson.verify_dump_max_files=2
fastjson.verify_dump_max_bytes=40
--FILE--
<?php
require __DIR__ . '/override_opcache.inc';

$dir = __DIR__ . '/verify_dump_caps.dir';
@mkdir($dir, 0700);
set_error_handler(function (int $no, string $msg) {
    echo preg_replace(['/^.*returning ext\/json\'s result; input: \S+ /', '~' . preg_quote(__DIR__ . '/verify_dump_caps.dir', '~') . '/[^)\s]+~'], ['', 'FILE'], $msg), "\n";
    return true;
});
// Not json_encode(): every json_* call here is verified and differs.
$long = '[' . implode(',', range(1000, 1030)) . ']';
json_decode($long);
json_validate("[\"\x01\"]");
json_encode([1]);
restore_error_handler();
var_dump(fastjson_info()['verify_dump']['written'], fastjson_info()['verify_dump']['skipped']);

$files = glob("$dir/fastjson-verify-*");
sort($files, SORT_NATURAL);
foreach ($files as $f) {
    $text = file_get_contents($f);
    preg_match_all('/^([a-z_.]+\.(?:bytes|truncated)): (.*)$/m', $text, $m);
    echo implode(', ', array_map(fn($k, $v) => "$k=$v", $m[1], $m[2])), "\n";
    preg_match_all('/^== (\S+) (\d+)$/m', $text, $m);
    echo '  sections: ', implode(', ', array_map(fn($k, $v) => "$k $v", $m[1], $m[2])), "\n";
}
$php = escapeshellarg(fj_child_php()) . ' -n -d extension=' . escapeshellarg(fj_loaded_fastjson_so());
exec("$php -d fastjson.test_fault=7 " . escapeshellarg(__DIR__ . '/../tools/verify_replay.php') . ' ' . escapeshellarg($files[0]), $out, $status);
echo "replay of the cut file: exit $status, ", end($out), "\n";

// A directory that does not exist: the call goes on, the warning says why nothing was written.
$code = 'set_error_handler(function ($n, $m) { echo substr($m, strpos($m, " (not written")), "\n"; return true; });'
    . ' json_decode("[1]"); var_dump(fastjson_info()["verify_dump"]["skipped"]);';
passthru("$php -d fastjson.override=1 -d fastjson.test_fault=7 -d fastjson.verify=1 -d fastjson.verify_dump_dir="
    . escapeshellarg("$dir/missing") . ' -r ' . escapeshellarg($code));
?>
--CLEAN--
<?php
$dir = __DIR__ . '/verify_dump_caps.dir';
foreach (glob("$dir/*") as $f) {
    unlink($f);
}
@rmdir($dir);
?>
--EXPECT--
(written to FILE)
(written to FILE)
(not written to fastjson.verify_dump_dir: over 10 a minute or fastjson.verify_dump_max_files)
int(2)
int(1)
input.bytes=156, input.truncated=yes, fastjson.result.bytes=5, fastjson.result.truncated=yes, ext_json.result.bytes=369, ext_json.result.truncated=yes
  sections: input 40, fastjson.result 0, ext_json.result 0
input.bytes=5, input.truncated=no, fastjson.result.bytes=4, fastjson.result.truncated=no, ext_json.result.bytes=4, ext_json.result.truncated=no
  sections: input 5, fastjson.result 4, ext_json.result 4
replay of the cut file: exit 2,   cannot replay: the input was cut at fastjson.verify_dump_max_bytes (40 of 156 bytes)
 (not written to fastjson.verify_dump_dir: No such file or directory)
int(1)
