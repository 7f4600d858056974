--TEST--
fastjson_pointer_*(): RFC 6901's examples; invalid JSON at every position, depth, invalid UTF-8 with each flag and property names give json_decode()'s error (code, exception, location); bad pointers and absent paths are null/false with no error
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

/* RFC 6901, section 5: the pointers and the values they name. */
$rfc = '{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}';
$bad = 0;
foreach (['', '/foo', '/foo/0', '/', '/a~1b', '/c%d', '/e^f', '/g|h', '/i\\j', '/k"l', '/ ', '/m~0n'] as $p) {
    $want = sj_walk(json_decode($rfc), json_decode($rfc, true), sj_pointer_tokens($p))[1];
    $got = fastjson_pointer_get($rfc, $p, true);
    $bad += serialize($want) !== serialize($got) || !fastjson_pointer_exists($rfc, $p);
    echo var_export($p, true), ' => ', json_encode($got), "\n";
}
echo "rfc mismatches: $bad\n";

/* Absent paths and bad pointers: null / false, error state cleared, no warning (set appends
 * at an array's length as at "-"). */
foreach (['/foo/2', '/foo/-', '/foo/01', '/nope', 'foo', '/m~2n', '/~', '/foo/0/x'] as $p) {
    fj_put_error_state(JSON_ERROR_SYNTAX);
    $g = fastjson_pointer_get($rfc, $p);
    $e = fastjson_pointer_exists($rfc, $p);
    $s = fastjson_pointer_set($rfc, $p, 1);
    echo var_export($p, true), ': ', var_export($g, true), ' ', var_export($e, true), ' ', var_export($s, true), ' ', json_last_error(), "\n";
}

/* Errors: json_decode()'s code, JsonException and location, for every prefix of documents
 * (and a byte change at every position), with each decode flag set. */
function compare_error(string $json, string $pointer, ?bool $assoc, int $depth, int $flags, array &$bad, int &$n): void
{
    $ref = sj_outcome(fn () => sj_ref_pointer_get($json, $pointer, $assoc, $depth, $flags));
    $got = sj_outcome(fn () => fastjson_pointer_get($json, $pointer, $assoc, $depth, $flags));
    $ref_info = null;
    if ($ref['err'] !== 0 && $ref['err'] !== JSON_ERROR_INF_OR_NAN || $ref['exc']) {
        try { fastjson_decode($json, $assoc, $depth, $flags); } catch (JsonException $e) {}
        $ref_info = fastjson_last_error_info();
        sj_outcome(fn () => fastjson_pointer_get($json, $pointer, $assoc, $depth, $flags));
    }
    $n++;
    if ($ref !== $got || ($ref_info !== null && fastjson_last_error_info() !== $ref_info)) {
        $bad[] = fj_str($json) . ' ' . fj_str($pointer) . " flags $flags depth $depth\n  ref " . json_encode($ref) . "\n  got " . json_encode($got);
    }
    $ref = sj_outcome(fn () => sj_ref_pointer_exists($json, $pointer, $flags));
    $got = sj_outcome(fn () => fastjson_pointer_exists($json, $pointer, $flags));
    if ($ref !== $got) {
        $bad[] = 'exists ' . fj_str($json) . ' ' . fj_str($pointer) . " flags $flags\n  ref " . json_encode($ref) . "\n  got " . json_encode($got);
    }
}
$docs = [
    $rfc,
    '{"a":[1,{"b":"\u00e9\ud83d\ude00"}],"c":{"d":[[[]]]}} ',
    "[\"\xc3\xa9\", {\"k\": \"v\xff\"}, \"\xe9\"]",
    '{"\u0000a": 1, "b": 2}',
    '{"b": {"\u0000": 1}, "\u0000": 3}',
    '{"b": "\\"\u0000"}',
    '[12345678901234567890, 1.5e400, "\ud800"]',
];
$flag_sets = [0, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR,
    JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_IGNORE | JSON_THROW_ON_ERROR];
$bad = [];
$n = 0;
foreach ($docs as $doc) {
    foreach ($flag_sets as $flags) {
        foreach (['/b', '/a/1/b', '/1', ''] as $p) {
            for ($len = 0; $len <= strlen($doc); $len++) {
                compare_error(substr($doc, 0, $len), $p, null, 512, $flags, $bad, $n);
            }
            for ($i = 0; $i < strlen($doc); $i += 3) {
                compare_error(substr_replace($doc, $doc[$i] === ']' ? '}' : ']', $i, 1), $p, true, 512, $flags, $bad, $n);
            }
            foreach ([1, 2, 3, 4] as $depth) {
                compare_error($doc, $p, false, $depth, $flags, $bad, $n);
            }
        }
    }
}
foreach (array_slice($bad, 0, 8) as $b) {
    echo $b, "\n";
}
echo count($bad), " error mismatches in ", $n > 5000 ? 'over 5000' : $n, " cases\n";

/* pointer_set: an invalid document is json_decode($json, true)'s error; a value that does not
 * encode is fastjson_encode()'s. */
var_dump(fastjson_pointer_set('[1,', '/0', 1), json_last_error());
try { fastjson_pointer_set('[1,', '/0', 1, 512, JSON_THROW_ON_ERROR); } catch (JsonException $e) { echo get_class($e), ' ', $e->getCode(), "\n"; }
var_dump(fastjson_pointer_set('[1]', '/0', "\xff"), json_last_error());
var_dump(fastjson_pointer_set('[1]', '/0', "\xff", 512, JSON_INVALID_UTF8_SUBSTITUTE));
var_dump(fastjson_pointer_set('{"a":1}', "/\xff", 2), json_last_error());
var_dump(fastjson_pointer_set('[[1]]', '/0/0', 2, 1), json_last_error());
try { fastjson_pointer_get('[1]', '/0', null, 0); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
try { fastjson_pointer_set('[1]', '/0', 1, 0); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECT--
'' => {"foo":["bar","baz"],"":0,"a\/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8}
'/foo' => ["bar","baz"]
'/foo/0' => "bar"
'/' => 0
'/a~1b' => 1
'/c%d' => 2
'/e^f' => 3
'/g|h' => 4
'/i\\j' => 5
'/k"l' => 6
'/ ' => 7
'/m~0n' => 8
rfc mismatches: 0
'/foo/2': NULL false '{"foo": ["bar", "baz",1], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\\\j": 5, "k\\"l": 6, " ": 7, "m~n": 8}' 0
'/foo/-': NULL false '{"foo": ["bar", "baz",1], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\\\j": 5, "k\\"l": 6, " ": 7, "m~n": 8}' 0
'/foo/01': NULL false false 0
'/nope': NULL false '{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\\\j": 5, "k\\"l": 6, " ": 7, "m~n": 8,"nope":1}' 0
'foo': NULL false false 0
'/m~2n': NULL false false 0
'/~': NULL false false 0
'/foo/0/x': NULL false false 0
0 error mismatches in over 5000 cases
bool(false)
int(4)
JsonException 4
bool(false)
int(5)
string(10) "["\ufffd"]"
bool(false)
int(5)
bool(false)
int(1)
fastjson_pointer_get(): Argument #4 ($depth) must be greater than 0
fastjson_pointer_set(): Argument #4 ($depth) must be greater than 0
