--TEST--
fastjson.verify_dump_dir: one file per mismatch (injected by fastjson.test_fault), mode 0600, never through a symlink or over a file, holding function, flags, depth, input and both outcomes; tools/verify_replay.php reproduces the difference; at most 10 files a minute
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
fastjson.verify_dump_dir={PWD}/verify_dump.dir
--FILE--
<?php
require __DIR__ . '/override_opcache.inc';

$dir = __DIR__ . '/verify_dump.dir';
@mkdir($dir, 0700);
$t0 = time();
// Names this process would try first, taken by symlinks to a file that must stay intact.
$victim = "$dir/victim";
file_put_contents($victim, "untouched\n");
for ($t = $t0; $t <= $t0 + 2; $t++) {
    for ($seq = 0; $seq < 2; $seq++) {
        symlink($victim, sprintf('%s/fastjson-verify-%s-%d-%d-json_encode.txt', $dir, gmdate('Ymd\THis\Z', $t), getmypid(), $seq));
    }
}

$warnings = [];
set_error_handler(function (int $no, string $msg) use (&$warnings) {
    $warnings[] = $msg;
    return true;
});
var_dump(json_encode(['a' => "x\u{e9}", 'n' => [1.5, null]], JSON_UNESCAPED_UNICODE, 7));
var_dump(json_decode('{"b":[1,2]}', true, 512, JSON_BIGINT_AS_STRING));
var_dump(json_validate("[\"\x01\"]", 64));
var_dump(json_encode(['f' => fn() => 1]));
restore_error_handler();
foreach ($warnings as $w) {
    echo preg_replace('~ \(written to ' . preg_quote($dir, '~') . '/(fastjson-verify-\d{8}T\d{6}Z-\d+-)(\d+)(-json_\w+\.txt)\)$~', ' (written to DIR/$1N$3)', $w, -1, $n), $n ? '' : ' [no file named]', "\n";
}

$files = [];
foreach (glob("$dir/fastjson-verify-*") as $f) {
    if (!is_link($f)) {
        $files[] = $f;
    }
}
sort($files, SORT_NATURAL);
echo count($files), " files, modes: ", implode(' ', array_unique(array_map(fn($f) => sprintf('%o', fileperms($f) & 0777), $files))), "\n";
var_dump(file_get_contents($victim), count(array_filter(glob("$dir/fastjson-verify-*"), 'is_link')));
foreach ($files as $f) {
    $text = file_get_contents($f);
    preg_match_all('/^(function|flags|depth|associative|input|fastjson\.error|ext_json\.error): (.*)$/m', $text, $m);
    echo basename(preg_replace('/-\d+-\d+-/', '-', $f)), ': ', implode(', ', array_map(fn($k, $v) => "$k=$v", $m[1], $m[2])), "\n";
}
$info = fastjson_info();
var_dump($info['verify_dump'], $info['shared']['verify_dump'] ?? $info['verify_dump']);

// Replay, in a PHP with the same fault (the difference reproduces) and without (it does not).
$php = escapeshellarg(fj_child_php()) . ' -n -d extension=' . escapeshellarg(fj_loaded_fastjson_so());
$replay = escapeshellarg(__DIR__ . '/../tools/verify_replay.php');
foreach ([7, 0] as $fault) {
    foreach ($files as $f) {
        exec("$php -d fastjson.test_fault=$fault $replay " . escapeshellarg($f), $out, $status);
        echo "fault $fault: ", basename(preg_replace('/-\d+-\d+-/', '-', $f)), ": exit $status, ", end($out), "\n";
        $out = [];
    }
}

// Rate: 10 files a minute, counting the 4 above; the others are counted as skipped.
$notes = [];
set_error_handler(function (int $no, string $msg) use (&$notes) {
    $notes[preg_replace('/.*returning ext\/json\'s result; input: \S+ /', '', $msg)] = true;
    return true;
});
for ($i = 0; $i < 10; $i++) {
    json_decode("[$i]");
}
$d = fastjson_info()['verify_dump'];
if (intdiv($t0, 60) === intdiv(time(), 60)) {
    var_dump($d['written'], $d['skipped']);
} else {
    // A new minute began during the test (slow runs: emulation): its files count anew,
    // so 11 more mismatches inside one minute must meet the limit.
    var_dump(10, $d['written'] + $d['skipped'] - 10);
    do {
        $minute = intdiv(time(), 60);
        $notes = [];
        for ($i = 0; $i < 11; $i++) {
            json_decode("[$i]");
        }
    } while (intdiv(time(), 60) !== $minute);
}
restore_error_handler();
echo implode("\n", array_keys(array_filter($notes, fn($k) => str_contains($k, 'not written'), ARRAY_FILTER_USE_KEY))), "\n";
?>
--CLEAN--
<?php
$dir = __DIR__ . '/verify_dump.dir';
foreach (glob("$dir/*") as $f) {
    unlink($f);
}
@rmdir($dir);
?>
--EXPECTF--
string(26) "{"a":"xé","n":[1.5,null]}"
array(1) {
  ["b"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
bool(false)
string(8) "{"f":{}}"
json_encode(): fastjson.verify: the result differs from ext/json's (json_encode() flags 256, fastjson error 0, ext/json error 0), returning ext/json's result; input: {"a":"x\xc3\xa9","n":[1.5,null]} (written to DIR/fastjson-verify-%sZ-%d-N-json_encode.txt)
json_decode(): fastjson.verify: the result differs from ext/json's (json_decode() flags 2, fastjson error 0, ext/json error 0), returning ext/json's result; input: {"b":[1,2]} (written to DIR/fastjson-verify-%sZ-%d-N-json_decode.txt)
json_validate(): fastjson.verify: the result differs from ext/json's (json_validate() flags 0, fastjson error 3, ext/json error 3), returning ext/json's result; input: ["\x01"] (written to DIR/fastjson-verify-%sZ-%d-N-json_validate.txt)
json_encode(): fastjson.verify: the result differs from ext/json's (json_encode() flags 0, fastjson error 0, ext/json error 0), returning ext/json's result; input: {"f":{}} (written to DIR/fastjson-verify-%sZ-%d-N-json_encode.txt)
4 files, modes: 600
string(10) "untouched
"
int(6)
fastjson-verify-%sZ-json_encode.txt: function=json_encode, flags=256, depth=7, fastjson.error=0, ext_json.error=0, input=serialize
fastjson-verify-%sZ-json_decode.txt: function=json_decode, flags=2, depth=512, associative=true, fastjson.error=0, ext_json.error=0, input=json
fastjson-verify-%sZ-json_validate.txt: function=json_validate, flags=0, depth=64, fastjson.error=3, ext_json.error=3, input=json
fastjson-verify-%sZ-json_encode.txt: function=json_encode, flags=0, depth=512, fastjson.error=0, ext_json.error=0, input=none (the value cannot be serialized: Serialization of 'Closure' is not allowed)
array(3) {
  ["written"]=>
  int(4)
  ["skipped"]=>
  int(0)
  ["dir"]=>
  string(%d) "%s/verify_dump.dir"
}
array(2) {
  ["written"]=>
  int(4)
  ["skipped"]=>
  int(0)
}
fault 7: fastjson-verify-%sZ-json_encode.txt: exit 1, %s verdict: the difference reproduces: result (serialize() differs from byte 3)
fault 7: fastjson-verify-%sZ-json_decode.txt: exit 1, %s verdict: the difference reproduces: result (serialize() differs from byte 0)
fault 7: fastjson-verify-%sZ-json_validate.txt: exit 1, %s verdict: the difference reproduces: result (serialize() differs from byte 2)
fault 7: fastjson-verify-%sZ-json_encode.txt: exit 2, %s cannot replay: the dump holds no input (none (the value cannot be serialized: Serialization of 'Closure' is not allowed))
fault 0: fastjson-verify-%sZ-json_encode.txt: exit 0, %s verdict: both sides agree now: the difference does not reproduce here
fault 0: fastjson-verify-%sZ-json_decode.txt: exit 0, %s verdict: both sides agree now: the difference does not reproduce here
fault 0: fastjson-verify-%sZ-json_validate.txt: exit 0, %s verdict: both sides agree now: the difference does not reproduce here
fault 0: fastjson-verify-%sZ-json_encode.txt: exit 2, %s cannot replay: the dump holds no input (none (the value cannot be serialized: Serialization of 'Closure' is not allowed))
int(10)
int(4)
(not written to fastjson.verify_dump_dir: over 10 a minute or fastjson.verify_dump_max_files)
