--TEST--
Decode keys kept from call to call (the request's key cache): sequences of documents whose keys share their length, their first and their last 8 bytes and differ in between (more such keys than the cache has slots), numeric-string keys, keys up to and past the cache's 48 bytes, objects and arrays; every result compared with ext/json when it is made and again after all later calls
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

mt_srand(20261201);
// Keys alike where the cache looks first (length, head, tail), different in the middle.
$key = function (): string {
    $len = [1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 47, 48, 49, 64][mt_rand(0, 13)];
    if (mt_rand(0, 9) === 0) {
        return (string) mt_rand(0, 20); // numeric: an integer key in arrays
    }
    $k = str_repeat('k', $len);
    if ($len > 16) {
        $k[mt_rand(8, $len - 9)] = chr(ord('a') + mt_rand(0, 3));
    } elseif ($len > 1) {
        $k[mt_rand(0, $len - 1)] = chr(ord('a') + mt_rand(0, 3));
    }
    return $k;
};
$value = function (int $depth) use (&$value, $key) {
    $r = mt_rand(0, 9);
    if ($depth > 2 || $r < 5) {
        return [mt_rand(), 'v' . mt_rand(0, 99), 1.5, null, true][$r % 5];
    }
    $n = mt_rand(0, 5);
    $out = [];
    for ($i = 0; $i < $n; $i++) {
        if ($r < 8) {
            $out[$key()] = $value($depth + 1);
        } else {
            $out[] = $value($depth + 1);
        }
    }
    return $r < 8 ? (object) $out : $out;
};

$report = new FjReport;
$kept = [];
$expected = 0;
for ($doc = 0; $doc < 3000; $doc++) {
    $json = json_encode($value(0));
    $assoc = (bool) mt_rand(0, 1);
    $report->add(fj_dec_compare($json, $assoc));
    $expected++;
    // Results stay alive (holding their keys) while later calls reuse the keys.
    if ($doc % 7 === 0) {
        $kept[] = [$json, $assoc, fastjson_decode($json, $assoc)];
    }
    // Keys past the cache's length and duplicate keys (the last value wins) in between.
    if ($doc % 50 === 0) {
        $long = str_repeat('L', 40 + $doc % 20);
        $report->add(fj_dec_compare("{\"$long\":1,\"a\":2,\"$long\":3,\"a\":{\"$long\":4}}", $assoc));
        $expected++;
    }
}
// Many keys alike but for bytes inside them, more than the cache has slots: slots are
// shared, so a comparison that looks at too few bytes returns the wrong key.
foreach ([9, 12, 15, 16, 24, 40, 48] as $len) {
    $pool = [];
    for ($i = 0; $i < 3000; $i++) {
        $middle = str_pad(base_convert((string) $i, 10, 36), min(6, $len - 1), '0', STR_PAD_LEFT);
        $pool[] = 'a' . $middle . str_repeat('t', $len - 1 - strlen($middle));
    }
    for ($doc = 0; $doc < 60; $doc++) {
        $members = [];
        for ($i = 0; $i < 50; $i++) {
            $members[] = json_encode($pool[($doc * 50 + $i * 7) % 3000]) . ':' . $i;
        }
        $json = '{' . implode(',', $members) . '}';
        $report->add(fj_dec_compare($json, (bool) ($doc & 1)));
        $expected++;
    }
}
$changed = 0;
foreach ($kept as [$json, $assoc, $result]) {
    if (serialize($result) !== serialize(json_decode($json, $assoc))) {
        $changed++;
        echo "changed after later calls: $json\n";
    }
}
echo count($kept) > 400 ? "kept results checked: $changed changed\n" : "too few kept results\n";
fj_dec_finish($report, 'decode outcomes compared', $expected);
?>
--EXPECT--
kept results checked: 0 changed
decode outcomes compared: cases as expected, 0 mismatches
