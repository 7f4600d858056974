--TEST--
Superset functions at ext/json's deepest nesting (4,998 arrays, 2,498 objects) and past it: pointer walk, splice and merge patch give the PHP route's results without exhausting the C stack
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

$depth = 100000;
$arrays = str_repeat('[', 4998) . str_repeat(']', 4998);
$objects = str_repeat('{"a":', 2498) . '1' . str_repeat('}', 2498);
$pointer = str_repeat('/0', 4997);
var_dump(fastjson_pointer_get($arrays, $pointer, true, $depth) === sj_ref_pointer_get($arrays, $pointer, true, $depth, 0));
var_dump(fastjson_pointer_exists($arrays, "$pointer/0"), fastjson_pointer_get($objects, str_repeat('/a', 2498), null, $depth));
$set = fastjson_pointer_set($arrays, "$pointer/-", [1], $depth);
/* The innermost array gets json_encode([1]); every other byte stays. */
var_dump($set === str_repeat('[', 4998) . json_encode([1]) . str_repeat(']', 4998));
foreach ([null, true] as $assoc) {
    $got = fastjson_merge_patch($objects, str_replace('1', '{"b":[2]}', $objects), $assoc, $depth);
    $want = sj_merge_patch(json_decode($objects, false, $depth), json_decode(str_replace('1', '{"b":[2]}', $objects), false, $depth));
    var_dump(serialize($got) === serialize($assoc ? sj_to_arrays($want) : $want));
}
/* One level more than ext/json's parser takes: its syntax error, at its place. */
$too_deep = '[' . $arrays . ']';
var_dump(fastjson_pointer_get($too_deep, '/0', null, $depth), json_last_error());
$pos = fastjson_last_error_pos();
fastjson_decode($too_deep, null, $depth);
var_dump($pos === fastjson_last_error_pos(), $pos > 4990);
json_decode($too_deep, null, $depth);
var_dump(json_last_error());
var_dump(fastjson_merge_patch('{}', $too_deep, null, $depth), json_last_error());
?>
--EXPECT--
bool(true)
bool(false)
int(1)
bool(true)
bool(true)
bool(true)
NULL
int(4)
bool(true)
bool(true)
int(4)
NULL
int(4)
