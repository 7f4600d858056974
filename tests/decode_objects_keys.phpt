--TEST--
Decode objects and keys: stdClass creation order (nested, siblings, arrays of objects, empty objects), duplicate keys (last wins at the first position; also equal after unescaping or UTF-8 IGNORE), numeric-string keys in assoc mode, empty key, keys with NUL (INVALID_PROPERTY_NAME only in object mode), repeated record keys, error precedence (property name vs later errors, STATE_MISMATCH, depth vs syntax); assoc null/true/false x flags, validate, every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$report = new FjReport;
$modes = [];
foreach ([null, true, false] as $assoc) {
    foreach ([0, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR] as $flags) {
        $modes[] = [$assoc, $flags];
    }
}
$modes[] = [false, 0, 1];
$modes[] = [false, JSON_THROW_ON_ERROR, 2];
$modes[] = [null, 0, 3];
$val_modes = [[0], [JSON_INVALID_UTF8_IGNORE], [0, 2]];

$docs = [
    // creation order
    '{}', '[{}]', '[{},{}]', '{"a":{}}', '{"a":{"b":1}}', '{"a":{},"b":{}}', '{"a":1,"b":{}}', '{"a":{"b":{"c":{}}}}',
    '{"a":{"b":{}},"c":{"d":{}}}', '[{"a":1},{"b":{}},{}]', '{"x":[{},{"y":{}}],"z":{}}', '[[{}],[{"a":[{}]}]]',
    '{"a":[],"b":{},"c":[{}],"d":{"e":[]}}', '{"k":1,"l":{"m":{"n":{}}},"o":[]}', '[{"a":{"b":{}},"c":{}},{"d":{}}]',
    '{"a":[{"b":[{"c":{}}]}],"d":[{}]}', '{"1":{},"0":{},"":{}}', '[{"a":{}},{"a":{}},{"a":{}}]',
    // duplicate keys
    '{"a":1,"a":2}', '{"a":1,"b":2,"a":3}', '{"a":{},"a":{}}', '{"a":{},"a":{},"b":{}}', '{"a":{"x":1},"b":2,"a":[1]}',
    '{"a":1,"a":{"b":2},"c":{}}', '{"a":{"b":{}},"a":1,"c":{}}', '{"":1,"":2}', '{"a":1,"\u0061":2}', '{"\u00e9":1,"é":2}',
    '{"1":1,"01":2,"1":3}', '{"1":"a","1.0":"b","1":"c"}', '{"0":1,"-0":2,"0":3}', '{"a":1,"A":2,"a":3}',
    '{"a":[1],"b":[2],"a":[3],"b":{"c":4}}', '[{"a":1,"a":2},{"a":3,"a":4}]', '{"a":{"a":{"a":1,"a":2},"a":3}}',
    // numeric-looking keys
    '{"0":0,"1":1,"-1":2,"-2":3,"01":4,"1.5":5,"-0":6," 1":7,"1 ":8,"1e3":9,"0x1":10,"+1":11,"00":12,"-01":13}',
    '{"9223372036854775807":1,"9223372036854775808":2,"-9223372036854775808":3,"-9223372036854775809":4}',
    '{"2147483647":1,"2147483648":2,"4294967296":3,"18446744073709551616":4,"-2147483649":5}',
    '{"1\u0000":1,"\u00001":2}', '{"123":{"456":{"789":0}}}', '[{"0":"a"},{"1":"b"},{"-1":"c"}]', '{"1":1,"2":2,"0":0}',
    '{"5":5,"3":3,"5":6}', '{"":0}', '{"":{"":{"":[]}}}', '{"":[],"a":""}',
    // NUL in keys
    '{"\u0000":1}', '{"\u0000a":1}', '{"a\u0000":1}', '{"a\u0000b":1}', '[{"\u0000":1}]', '{"a":{"\u0000":1}}',
    '{"\u0000":{"a":{}}}', '{"a":{},"\u0000":1}', '{"\u0000\u0000":1}', "{\"\x00\":1}", "{\"a\x00\":1}", '{"\\u0000":1}',
    // invalid UTF-8 in keys (IGNORE / SUBSTITUTE change them, even into duplicates or numbers)
    "{\"a\xffb\":1}", "{\"a\xff\":1,\"a\":2}", "{\"1\xff\":1}", "{\"\xff1\":1,\"1\":2}", "{\"\xff\":1,\"\":2}", "{\"\xc3\":{\"\xe2\x82\":{}}}",
    "{\"\xff\xfe\":1,\"\u{fffd}\u{fffd}\":2}", "{\"-\xff0\":1}", "{\"\xed\xa0\x80\":1}",
    // error precedence
    '{"\u0000":1 x', '{"\u0000":1,', '{"\u0000":1]', '{"\u0000":1', '{"\u0000":1,"\u0000":2}', "{\"\\u0000\":\"\x01\"}",
    '{"\u0000":1}x', '{"a":{"\u0000":1}]', '[{"\u0000":1}}', '{"\u0000":[1}', '{"\u0000":{"a":1}}', '{"\u0000":{"a":{}}}',
    '{"a":1,"\u0000":2 x', '{"\u0000":"\ud800"}', "{\"\\u0000\":\"\xff\"}", '{"a":{"b":1},"\u0000":{"c":[1}', '{"\u0000":1}}',
    '[1}', '{"a":1]', '[}', '{]', '[{]}', '{"a":[}]', '[[1}]', '{"a":1}]', '[1]}', '{"a":1}}', '[{"a":1]', '{"a":[1}}', '{"a"]',
    '{"a":}', '{:1}', '{"a" 1}', '{"a":1,}', '{,"a":1}', '{"a":1 "b":2}', '{1:1}', '{a:1}', "{'a':1}", '{"a":1,"b"}', '{"a"::1}',
    '[[1] x', 'x [[1]]', '{"a":{"b":1} x', '{"a":[1] x}', '[{"a":[1]}] ]',
];
foreach ($docs as $i => $json) {
    fj_dec_check($report, "doc $i", $json, $modes, $val_modes);
}
echo count($docs), " fixed documents\n";

// Arrays of records with the same keys (a key cache must not confuse similar keys).
$r = new FjRandom(20240613);
$keysets = [['id', 'name', 'value'], ['a', 'ab', 'abc', 'b'], ['n\u0061me', 'name', 'nam', 'names'], ['1', '01', '2', '-1'],
    ['k', 'k', 'l'], ['', ' ', '  '], ["\u00e9", '\u00e9', "e\u0301"], ['x\ud83d\ude00', "x\u{1f600}", 'x'],
    [str_repeat('long_key_', 8), str_repeat('long_key_', 8) . 'x', str_repeat('long_key_', 7)]];
$recs = [];
foreach ($keysets as $ks) {
    foreach ([3, 40, 300] as $rows) {
        $parts = [];
        for ($i = 0; $i < $rows; $i++) {
            $m = [];
            foreach ($ks as $k) {
                if ($r->chance(85)) {
                    $m[] = '"' . $k . '":' . $r->pick(['1', '"v"', '{}', '[]', '{"' . $k . '":2}', 'null', '-0.0', '12345678901234567890']);
                }
            }
            $parts[] = '{' . implode(',', $m) . '}';
        }
        $recs[] = '[' . implode(',', $parts) . ']';
    }
}
foreach ($recs as $i => $json) {
    fj_dec_check($report, "records $i", $json, [[null, 0], [true, 0], [false, JSON_BIGINT_AS_STRING], [false, JSON_THROW_ON_ERROR]], [[0]]);
}
echo count($recs), " record arrays\n";

// Random small object trees, batched (object mode compares the creation order across a batch too).
function tree(FjRandom $r, int $level): string
{
    if ($level > 5 || $r->chance(40)) {
        return $r->pick(['1', '"s"', 'null', '[]', '{}', '2.5', 'true']);
    }
    $k = $r->below(3);      // 1: object, else array
    $n = $r->range(0, 4);
    $items = [];
    for ($i = 0; $i < $n; $i++) {
        $items[] = ($k % 2 ? '"' . $r->pick(['a', 'b', 'c', '1', '', '\u0000', 'a']) . '":' : '') . tree($r, $level + 1);
    }
    return $k % 2 ? '{' . implode(',', $items) . '}' : '[' . implode(',', $items) . ']';
}
$trees = [];
for ($i = 0; $i < 10000; $i++) {
    $trees[] = tree($r, 0);
}
foreach ([null, true, false] as $assoc) {
    fj_dec_docs($report, 'tree', $trees, $assoc, 0, $assoc === true ? [0] : []);
}
fj_dec_docs($report, 'tree', $trees, false, JSON_OBJECT_AS_ARRAY);
echo count($trees), " random trees\n";
// Per SIMD path: each fixed document in every mode; record arrays in 4 modes and validated; trees in
// 4 modes and validated once.
fj_dec_finish($report, 'decode/validate outcomes compared', (count($docs) * (count($modes) + count($val_modes)) + count($recs) * 5 + count($trees) * 5) * count(fj_simd_paths()));
?>
--EXPECT--
113 fixed documents
27 record arrays
10000 random trees
decode/validate outcomes compared: cases as expected, 0 mismatches
