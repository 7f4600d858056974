--TEST--
fastjson_merge_patch(): RFC 7386's examples and seeded random targets/patches (duplicate members included) against RFC 7386 written in PHP on json_decode()'d values, as stdClass and as arrays; decode errors are json_decode()'s
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

/* RFC 7386, Appendix A: target, patch, result. */
$rfc = [
    ['{"a":"b"}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"b"}', '{"b":"c"}', '{"a":"b","b":"c"}'],
    ['{"a":"b"}', '{"a":null}', '{}'],
    ['{"a":"b","b":"c"}', '{"a":null}', '{"b":"c"}'],
    ['{"a":["b"]}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"c"}', '{"a":["b"]}', '{"a":["b"]}'],
    ['{"a":{"b":"c"}}', '{"a":{"b":"d","c":null}}', '{"a":{"b":"d"}}'],
    ['{"a":[{"b":"c"}]}', '{"a":[1]}', '{"a":[1]}'],
    ['["a","b"]', '["c","d"]', '["c","d"]'],
    ['{"a":"b"}', '["c"]', '["c"]'],
    ['{"a":"foo"}', 'null', 'null'],
    ['{"a":"foo"}', '"bar"', '"bar"'],
    ['{"e":null}', '{"a":1}', '{"e":null,"a":1}'],
    ['[1,2]', '{"a":"b","c":null}', '{"a":"b"}'],
    ['{}', '{"a":{"bb":{"ccc":null}}}', '{"a":{"bb":{}}}'],
];
function ref_merge(string $t, string $p, ?bool $assoc, int $depth = 512, int $flags = 0)
{
    $target = json_decode($t, false, $depth, $flags);
    if (!($flags & JSON_THROW_ON_ERROR) && json_last_error()) {
        return null;
    }
    $patch = json_decode($p, false, $depth, $flags);
    if (!($flags & JSON_THROW_ON_ERROR) && json_last_error()) {
        return null;
    }
    $r = sj_merge_patch($target, $patch);
    return ($assoc ?? ($flags & JSON_OBJECT_AS_ARRAY)) ? sj_to_arrays($r) : $r;
}
$bad = 0;
foreach ($rfc as [$t, $p, $want]) {
    $got = fastjson_merge_patch($t, $p);
    $bad += json_encode($got) !== json_encode(json_decode($want))
        || serialize($got) !== serialize(ref_merge($t, $p, null))
        || serialize(fastjson_merge_patch($t, $p, true)) !== serialize(ref_merge($t, $p, true));
    echo "$t + $p => ", json_encode($got), "\n";
}
echo "rfc mismatches: $bad\n";

/* Random documents and patches, with duplicate members and escapes; every flag set. */
$r = new FjRandom(fj_env_int('FASTJSON_FUZZ_SEED', 7386));
$n = fj_scaled(fj_env_int('FASTJSON_TEST_CASES', 3000));
$bad = [];
for ($i = 0; $i < $n; $i++) {
    $paths = [];
    $t = sj_random_json($r, $r->range(0, 4), $paths);
    $p = sj_random_json($r, $r->range(0, 3), $paths);
    if ($r->chance(20)) {
        $p = substr($p, 0, $r->below(strlen($p) + 1));   // truncated: json_decode's error
    }
    if ($r->chance(10) && ($q = strpos($t, '"')) !== false) {
        $t = substr_replace($t, "\xff", $q + 1, 0);       // invalid UTF-8 in a string or a name
    }
    $assoc = $r->pick([null, true, false]);
    $flags = $r->pick([0, JSON_BIGINT_AS_STRING, JSON_THROW_ON_ERROR, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_IGNORE,
        JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR]);
    $ref = sj_outcome(fn () => ref_merge($t, $p, $assoc, 512, $flags));
    $got = sj_outcome(fn () => fastjson_merge_patch($t, $p, $assoc, 512, $flags));
    if ($ref !== $got) {
        $bad[] = fj_str($t) . ' + ' . fj_str($p) . "\n  ref " . json_encode($ref) . "\n  got " . json_encode($got);
    }
}
foreach (array_slice($bad, 0, 5) as $b) {
    echo $b, "\n";
}
echo count($bad), " random mismatches\n";
var_dump(fastjson_merge_patch('{"a":1}', '{"a":[[2]]}', true, 2), json_last_error());
try { json_decode('{', null, 512, JSON_THROW_ON_ERROR); } catch (JsonException $e) { $ext_msg = $e->getMessage(); }
try {
    fastjson_merge_patch('{', '{}', null, 512, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo $e->getMessage() === $ext_msg ? "JsonException: ext/json's message\n" : 'JsonException: ' . $e->getMessage() . ", ext/json: $ext_msg\n";
}
?>
--EXPECT--
{"a":"b"} + {"a":"c"} => {"a":"c"}
{"a":"b"} + {"b":"c"} => {"a":"b","b":"c"}
{"a":"b"} + {"a":null} => {}
{"a":"b","b":"c"} + {"a":null} => {"b":"c"}
{"a":["b"]} + {"a":"c"} => {"a":"c"}
{"a":"c"} + {"a":["b"]} => {"a":["b"]}
{"a":{"b":"c"}} + {"a":{"b":"d","c":null}} => {"a":{"b":"d"}}
{"a":[{"b":"c"}]} + {"a":[1]} => {"a":[1]}
["a","b"] + ["c","d"] => ["c","d"]
{"a":"b"} + ["c"] => ["c"]
{"a":"foo"} + null => null
{"a":"foo"} + "bar" => "bar"
{"e":null} + {"a":1} => {"e":null,"a":1}
[1,2] + {"a":"b","c":null} => {"a":"b"}
{} + {"a":{"bb":{"ccc":null}}} => {"a":{"bb":{}}}
rfc mismatches: 0
0 random mismatches
NULL
int(1)
JsonException: ext/json's message
