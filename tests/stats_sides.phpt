--TEST--
fastjson.stats: runs, bytes and time per function and side (fastjson, ext/json); nothing while off; sampling estimates; the same results either way
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=1
--FILE--
<?php
function side(string $fn, string $side): array
{
    return fastjson_info()['stats']['functions'][$fn][$side];
}
function sides(): array
{
    return fastjson_info()['stats']['functions'];
}
$doc = json_encode(array_fill(0, 2000, ['id' => 1, 'name' => "caf\u{e9}", 'tags' => ['a', 'b'], 'x' => 1.5]));
$value = json_decode($doc, true);

// Off (the default): calls are counted as always, the stats not at all.
var_dump(fastjson_info()['stats']['enabled'], fastjson_info()['stats']['sample']);
$before = sides();
json_encode($value);
json_decode($doc);
json_validate($doc);
var_dump(sides() === $before);
var_dump(array_sum(array_map(fn($f) => $f['fastjson']['runs'] + $f['ext_json']['runs'], $before)));

// On, every call timed: exact runs and bytes per side.
var_dump(ini_set('fastjson.stats', '1'), ini_set('fastjson.stats_sample', '1'));
$out = [];
for ($i = 0; $i < 3; $i++) {
    $out[] = json_encode($value);
    $out[] = json_decode($doc);
}
json_validate($doc);
ini_set('fastjson.enabled', '0');
for ($i = 0; $i < 2; $i++) {
    $ext[] = json_encode($value);
    $ext[] = json_decode($doc);
}
json_validate('[1');
ini_set('fastjson.enabled', '1');
var_dump($out[0] === $ext[0], $out[1] == $ext[1], $out[0] === $out[4]);
$s = sides();
foreach ($s as $fn => $bySide) {
    foreach ($bySide as $name => $c) {
        $bytes = $c['bytes'] % strlen($doc) === 0 ? ($c['bytes'] / strlen($doc)) . ' documents' : $c['bytes'];
        printf("%s %s: runs %d, bytes %s, timed %d, time %s\n", $fn, $name, $c['runs'], $bytes, $c['timed_runs'],
            $c['runs'] === 0 ? ($c['time_ns'] === 0 ? 'none' : 'WRONG') : ($c['time_ns'] > 0 && $c['time_ns'] === $c['timed_ns'] ? 'measured' : 'WRONG'));
    }
}
var_dump($s['json_encode']['fastjson']['bytes'] === 3 * strlen($doc), $s['json_decode']['ext_json']['bytes'] === 2 * strlen($doc));

// Times only grow, with each run.
$t0 = side('json_decode', 'fastjson')['time_ns'];
json_decode($doc);
$t1 = side('json_decode', 'fastjson')['time_ns'];
json_decode($doc);
$t2 = side('json_decode', 'fastjson')['time_ns'];
var_dump($t0 < $t1 && $t1 < $t2);

// A verified call is one run on each side.
ini_set('fastjson.verify', '1');
$e = side('json_decode', 'ext_json');
$f = side('json_decode', 'fastjson');
json_decode($doc);
var_dump(side('json_decode', 'ext_json')['runs'] - $e['runs'], side('json_decode', 'fastjson')['runs'] - $f['runs']);
ini_set('fastjson.verify', '0');

// A sample of 1 in 4: about a quarter timed, each standing for 4 runs.
var_dump(ini_set('fastjson.stats_sample', '4'), fastjson_info()['stats']['sample']);
$before = side('json_encode', 'fastjson');
for ($i = 0; $i < 4000; $i++) {
    json_encode([$i]);
}
$after = side('json_encode', 'fastjson');
$timed = $after['timed_runs'] - $before['timed_runs'];
var_dump($timed > 700 && $timed < 1300, $after['runs'] - $before['runs'] === 4 * $timed);

// Refused sample sizes leave the setting as it was.
var_dump(ini_set('fastjson.stats_sample', '0'), ini_set('fastjson.stats_sample', 'x'), ini_set('fastjson.stats_sample', '2000000'));
var_dump(ini_get('fastjson.stats_sample'));

// Off again: frozen.
ini_set('fastjson.stats', '0');
$before = sides();
json_decode($doc);
json_encode($value);
var_dump(sides() === $before);
?>
--EXPECT--
bool(false)
int(64)
bool(true)
int(0)
string(1) "0"
string(2) "64"
bool(true)
bool(true)
bool(true)
json_encode fastjson: runs 3, bytes 3 documents, timed 3, time measured
json_encode ext_json: runs 2, bytes 2 documents, timed 2, time measured
json_decode fastjson: runs 3, bytes 3 documents, timed 3, time measured
json_decode ext_json: runs 2, bytes 2 documents, timed 2, time measured
json_validate fastjson: runs 1, bytes 1 documents, timed 1, time measured
json_validate ext_json: runs 1, bytes 2, timed 1, time measured
bool(true)
bool(true)
bool(true)
int(1)
int(1)
string(1) "1"
int(4)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
string(1) "4"
bool(true)
