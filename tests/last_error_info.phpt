--TEST--
fastjson_last_error_info(): code, message, line, column and byte offset of the last decode/validate error (hand-worked positions); fastjson_last_error*() equal json_last_error*()
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
// [json, depth]: the error is at the token where ext/json's parser stops.
$cases = [
    ["[1,\n  2,\n  x]", 512],         // 'x': line 3, column 3, offset 11
    ["[\"\u{e9}t\u{e9}\", x]", 512],  // 'x' after 2 two-byte characters: column 9, offset 10
    ["{\"a\":1]", 512],               // ']' closes an object: state mismatch at offset 6
    ["  \"abc", 512],                 // unterminated string, at its quote (CTRL_CHAR before 8.6, SYNTAX from 8.6)
    ["\r\n[[1]]", 1],                 // depth: at the first '[', line 2 (a "\r\n" ends a line once)
    ["{\"k\": \"\u{e9}\xff\"}", 512], // invalid UTF-8 inside a string: at the string
    ['{"ok": true}', 512],            // no error: all zero
];
foreach ($cases as [$json, $depth]) {
    json_decode($json, false, $depth);
    $ext = [json_last_error(), json_last_error_msg()];
    fastjson_decode($json, false, $depth);
    $same = [fastjson_last_error(), fastjson_last_error_msg()] === $ext;
    $info = fastjson_last_error_info();
    fastjson_validate($json, $depth);
    $validate_same = fastjson_last_error_info() === $info;
    echo addcslashes($json, "\0..\37\177..\377"), ' => ', implode(' | ', array_slice($info, 0, 5)), "\n";
    // From PHP 8.6 json_last_error_msg() also carries " near location L:C".
    var_dump($same && $info['code'] === $ext[0] && str_starts_with($ext[1], $info['msg']), $validate_same);
}
?>
--EXPECTF--
[1,\n  2,\n  x] => 4 | Syntax error | 3 | 3 | 11
bool(true)
bool(true)
["\303\251t\303\251", x] => 4 | Syntax error | 1 | 9 | 10
bool(true)
bool(true)
{"a":1] => 2 | State mismatch (invalid or malformed JSON) | 1 | 7 | 6
bool(true)
bool(true)
  "abc => %d | %s | 1 | 3 | 2
bool(true)
bool(true)
\r\n[[1]] => 1 | Maximum stack depth exceeded | 2 | 1 | 2
bool(true)
bool(true)
{"k": "\303\251\377"} => 5 | Malformed UTF-8 characters, possibly incorrectly encoded | 1 | 7 | 6
bool(true)
bool(true)
{"ok": true} => 0 | No error | 0 | 0 | 0
bool(true)
bool(true)
