--TEST--
Decode long containers and repeated keys: lists and objects of 1..1000 entries (around 32/64/128/256, where a decoder may switch from a value stack to building in place), with objects as values (creation order), duplicate keys before/after those sizes, numeric-string keys, long containers nested in long containers; keys of 1..64 bytes repeated across records, keys sharing 8/16-byte heads or tails, more distinct keys than a small cache holds, escaped and invalid-UTF-8 spellings of the same key; assoc null/true/false x flags, validate; every SIMD path
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
$modes = [[null, 0], [true, 0], [false, JSON_THROW_ON_ERROR], [true, JSON_INVALID_UTF8_SUBSTITUTE]];
$docs = [];

/* ---- long containers ---- */
$values = ['1', '{}', '[]', '"s"', '{"x":1}', '[{}]', '-0.0', 'null'];
foreach ([1, 2, 31, 32, 33, 63, 64, 65, 66, 100, 127, 128, 129, 255, 256, 257, 300, 1000] as $n) {
    $items = $members = $dups = $numeric = $reverse = [];
    for ($i = 0; $i < $n; $i++) {
        $v = $values[$i % count($values)];
        $items[] = $v;
        $members[] = "\"k$i\":$v";
        // every 10th member repeats k0, and the one after each size boundary repeats the previous key
        $dups[] = ($i % 10 === 9 ? '"k0"' : (in_array($i, [32, 33, 64, 65, 128, 256], true) ? '"k' . ($i - 1) . '"' : "\"k$i\"")) . ":$v";
        $numeric[] = ($i % 3 === 0 ? "\"$i\"" : ($i % 3 === 1 ? "\"0$i\"" : "\"-$i\"")) . ":$v";
        $reverse[] = '"' . ($n - $i) . "\":$v";
    }
    $docs["list $n"] = '[' . implode(',', $items) . ']';
    $docs["list of objects $n"] = '[' . str_repeat('{"a":{}},', $n - 1) . '{}]';
    $docs["object $n"] = '{' . implode(',', $members) . '}';
    $docs["object dup $n"] = '{' . implode(',', $dups) . '}';
    $docs["object numeric keys $n"] = '{' . implode(',', $numeric) . '}';
    $docs["object reverse int keys $n"] = '{' . implode(',', $reverse) . '}';
    $docs["object last key dup $n"] = '{' . implode(',', $members) . ',"k0":{"again":[]},"k' . ($n - 1) . '":{}}';
    $docs["list in object $n"] = '{"a":' . $docs["list $n"] . ',"b":{}}';
    $docs["truncated list $n"] = substr($docs["list $n"], 0, -1);
    $docs["mismatched list $n"] = substr($docs["list $n"], 0, -1) . '}';
    $docs["mismatched object $n"] = substr($docs["object $n"], 0, -1) . ']';
    $docs["bad member $n"] = substr($docs["object $n"], 0, -1) . ',"z"}';
    $docs["NUL key last $n"] = substr($docs["object $n"], 0, -1) . ',"\u0000":1}';
}
// Long containers inside long containers, pending entries on every level.
foreach ([[10, 30], [40, 40], [70, 3], [3, 70], [130, 2], [20, 20]] as [$outer, $inner]) {
    $in_list = '[' . implode(',', range(1, $inner)) . ']';
    $in_obj = '{' . implode(',', array_map(fn($i) => "\"m$i\":{\"v\":$i}", range(1, $inner))) . '}';
    $docs["nested $outer x $inner"] = '[' . implode(',', array_fill(0, $outer, $in_list)) . ',' . implode(',', array_fill(0, $outer, $in_obj)) . ']';
    $docs["nested obj $outer x $inner"] = '{' . implode(',', array_map(fn($i) => "\"o$i\":" . ($i % 2 ? $in_list : $in_obj), range(1, $outer))) . '}';
}
// A chain of levels each with 40 entries before the next level opens (the value stack grows).
foreach ([5, 10, 30] as $levels) {
    $open = $close = '';
    for ($l = 0; $l < $levels; $l++) {
        if ($l % 2) {
            $open .= '{' . implode(',', array_map(fn($i) => "\"l{$l}k$i\":$i", range(1, 40))) . ',"next":';
            $close = '}' . $close;
        } else {
            $open .= '[' . implode(',', array_map(fn($i) => "{\"i\":$i}", range(1, 40))) . ',';
            $close = ']' . $close;
        }
    }
    $docs["stack $levels"] = $open . '{}' . $close;
    $docs["stack $levels broken"] = $open . '{]' . $close;
}

/* ---- repeated keys (a key cache) ---- */
$keysets = [];
foreach ([1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 48, 49, 64] as $len) {
    $base = substr(str_repeat('abcdefghijklmnopqrstuvwxyz012345', 3), 0, $len);
    $keysets["len $len"] = [$base, substr($base, 0, -1) . 'Z', 'Z' . substr($base, 1), $base . 'x', substr($base, 0, -1) ?: 'q'];
}
// same length, same first 16 bytes or same last 8 bytes
$keysets['same head'] = ['0123456789abcdefXYZ', '0123456789abcdefXYW', '0123456789abcdefWYZ', '0123456789abcdefXY'];
$keysets['same tail'] = ['aaaaaaaaaaaaTAIL0123', 'bbbbbbbbbbbbTAIL0123', 'aaaaaaaaaaabTAIL0123', 'TAIL0123'];
$keysets['escaped spellings'] = ['name', 'n\u0061me', '\u006eame', 'nam\u0065', 'name\u0000', 'na\/me', 'na/me'];
$keysets['numeric'] = ['1', '01', '1', '-1', '0', '-0', '10', '1.0'];
$keysets['invalid UTF-8'] = ["k\xff", 'k', "k\xef\xbf\xbd", "k\xc3", "k\u{e9}", 'k\u00e9'];
$many = [];
for ($i = 0; $i < 400; $i++) {
    $many[] = 'key_' . ($i * 7919 % 1000);
}
$keysets['400 keys'] = $many;
foreach ($keysets as $name => $keys) {
    $recs = [];
    for ($r = 0; $r < 150; $r++) {
        $m = [];
        foreach ($keys as $j => $k) {
            if (($r + $j) % 5 !== 4) {
                $m[] = "\"$k\":" . (($r + $j) % 3 ? $r : '{"' . $k . '":' . $j . '}');
            }
        }
        $recs[] = '{' . implode(',', $m) . '}';
    }
    $docs["records $name"] = '[' . implode(',', $recs) . ']';
    $docs["records $name, one object"] = '{' . implode(',', array_map(fn($i, $rec) => "\"r$i\":$rec", array_keys($recs), $recs)) . '}';
}
foreach ($docs as $name => $json) {
    fj_dec_check($report, $name, $json, $modes, [[0], [JSON_INVALID_UTF8_IGNORE]]);
}
echo count($docs), " documents\n";
fj_dec_finish($report, 'decode/validate outcomes compared', count($docs) * (count($modes) + 2) * count(fj_simd_paths()));
?>
--EXPECT--
298 documents
decode/validate outcomes compared: cases as expected, 0 mismatches
