--TEST--
fastjson_version() = phpversion('fastjson'); FASTJSON_ERROR_* equal every JSON_ERROR_* this PHP defines; fastjson_last_error_pos() and the 'pos'/'col' keys agree with fastjson_last_error_info()'s offset and column (-1 when there is no error or no place)
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

var_dump(fastjson_version() === phpversion('fastjson'), fastjson_version() === fastjson_info()['version']);
$json_errors = array_filter(get_defined_constants(), fn ($k) => str_starts_with($k, 'JSON_ERROR_'), ARRAY_FILTER_USE_KEY);
$missing = 0;
foreach ($json_errors as $name => $value) {
    $mine = 'FASTJSON_' . substr($name, 5);
    $missing += !defined($mine) || constant($mine) !== $value;
}
$extra = array_filter(get_defined_constants(), fn ($k) => str_starts_with($k, 'FASTJSON_ERROR_'), ARRAY_FILTER_USE_KEY);
echo count($json_errors) >= 12 ? 'at least 12' : count($json_errors), " JSON_ERROR_* constants, $missing without an equal FASTJSON_ERROR_*, ",
    count($extra) - count($json_errors), " extra\n";
var_dump(FASTJSON_ERROR_NONE, FASTJSON_ERROR_NON_BACKED_ENUM === JSON_ERROR_NON_BACKED_ENUM, FASTJSON_DECODE_RELAXED);

foreach (['[1,x]', "[\"\u{e9}\",\n x]", '{"a":1]', '', '[1]', '[[1]]'] as $json) {
    fastjson_decode($json, false, $json === '[[1]]' ? 1 : 512);
    $info = fastjson_last_error_info();
    $pos = fastjson_last_error_pos();
    $ok = $info['pos'] === $pos && $info['col'] === $info['column']
        && ($info['code'] === 0 ? $pos === -1 : $pos === $info['offset']);
    echo json_encode($json), " => pos $pos, col {$info['col']}", $ok ? '' : ' MISMATCH', "\n";
}
fastjson_validate('[1');
var_dump(fastjson_last_error_pos());
fastjson_encode(NAN);    // encode leaves the last decode error in place
var_dump(fastjson_last_error_pos());
ini_set('fastjson.enabled', '0');
?>
--EXPECT--
bool(true)
bool(true)
at least 12 JSON_ERROR_* constants, 0 without an equal FASTJSON_ERROR_*, 0 extra
int(0)
bool(true)
int(8388608)
"[1,x]" => pos 3, col 4
"[\"\u00e9\",\n x]" => pos 8, col 2
"{\"a\":1]" => pos 6, col 7
"" => pos 0, col 1
"[1]" => pos -1, col 0
"[[1]]" => pos 0, col 1
int(2)
int(2)
