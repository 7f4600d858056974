--TEST--
fastjson.verify=1: every call also runs ext/json; identical results raise nothing, are counted, and leave ext/json's error state and exceptions
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=1
fastjson.verify=1
--FILE--
<?php
class Point implements JsonSerializable {
    public function __construct(public int $x, protected int $y = 2) {}
    public function jsonSerialize(): mixed { return ['x' => $this->x]; }
}
$values = [null, true, 1.5, -0.0, "\u{1F600}</a>", [1, 'a' => [2]], new Point(3), "\xff", NAN, ['k' => INF]];
$docs = ['{"a":{"b":[1,2.5e3,"x\u00e9"]},"c":{}}', '[1}', '{"\u0000":1}', '"\ud800"', '[[1]]', '-0.0', '1e400', " [true] "];
$n = 0;
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR, JSON_PRETTY_PRINT | JSON_INVALID_UTF8_SUBSTITUTE] as $flags) {
    foreach ($values as $v) {
        try {
            json_encode($v, $flags);
        } catch (JsonException $e) {
        }
        $n++;
    }
}
foreach ([0, JSON_OBJECT_AS_ARRAY, JSON_THROW_ON_ERROR, JSON_INVALID_UTF8_IGNORE] as $flags) {
    foreach ($docs as $json) {
        try {
            json_decode($json, null, 2, $flags);
        } catch (JsonException $e) {
        }
        json_validate($json, 2);
    }
}
try {
    json_decode('[', flags: JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    // PHP 8.6 appends " near location L:C"; PEAR's test runner has no %S to allow for it.
    echo get_class($e), ' ', $e->getCode(), ' ', preg_replace('/ near location \d+:\d+$/', '', $e->getMessage()), "\n";
}
var_dump(json_decode('{"a":1', true), json_last_error());
foreach (fastjson_info()['functions'] as $fn => $c) {
    printf("%s: %d calls, %d verified, %d mismatches\n", $fn, $c['calls'], $c['verify_runs'], $c['verify_mismatches']);
}

// A share: 0.5 verifies some calls, not all, and none at 0.
ini_set('fastjson.verify', '0.5');
for ($i = 0; $i < 1000; $i++) {
    json_decode('[1]');
}
$runs = fastjson_info()['functions']['json_decode']['verify_runs'] - 34;
var_dump($runs > 300 && $runs < 700);
ini_set('fastjson.verify', '0');
json_decode('[1]');
var_dump(fastjson_info()['functions']['json_decode']['verify_runs'] - 34 === $runs);
var_dump(ini_set('fastjson.verify', '1.5'), ini_set('fastjson.verify', 'x'), ini_get('fastjson.verify'));
?>
--EXPECTF--
JsonException 4 Syntax error
NULL
int(4)
json_encode: 40 calls, 40 verified, 0 mismatches
json_decode: 34 calls, 34 verified, 0 mismatches
json_validate: 32 calls, 32 verified, 0 mismatches
bool(true)
bool(true)
bool(false)
bool(false)
string(1) "0"
