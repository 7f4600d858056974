--TEST--
Maps of at most six members (arrays with string keys, stdClass objects) that the walk writes whole, compact and pretty printed: every member value kind, keys and strings at the 31/32-byte and escaping edges, integer keys, holes, 1-7 members, each flag that changes them, depths at the limit, indents past 32 spaces, failing maps before and between writable ones, at every SIMD level
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

final class FjSmallEntity
{
    public $a = 1;
    public $b = null;
}

$report = new FjReport;
$r = new FjRandom(4242);
/* The walk writes small maps whole once the output has 2,048 bytes: a pad puts every map
 * checked alone past that. */
$pad = str_repeat('p', 2100);

/* What the small-map writer takes (null, booleans, integers, strings, those to escape
 * through the escaper, empty arrays) and what sends the map back to the walk: invalid
 * UTF-8 without PARTIAL_OUTPUT_ON_ERROR, keys to escape, doubles, numeric strings under
 * NUMERIC_CHECK, containers. */
$values = [null, true, false, 0, -1, PHP_INT_MAX, PHP_INT_MIN, 205705999, '', 'x', str_repeat('s', 15),
    str_repeat('s', 16), str_repeat('s', 31), str_repeat('s', 32), 'a/b', "caf\u{e9}", 'q"q', '<tag>', "nul\0",
    "bad\xff", '12', '1e3', '0x1A', 1.5, 0.0, -0.0, [], [1], ['k' => 1], new stdClass, (object) ['k' => 2],
    new FjSmallEntity];
$keys = ['a', 'areaId', str_repeat('k', 31), str_repeat('k', 32), 'k/1', "k\u{e9}", 'k"', '<k>', '', "k\xfe", 'blockIds'];

$maps = [];
for ($i = 0; $i < 600; $i++) {
    $count = $r->range(1, 7);
    $map = [];
    for ($m = 0; $m < $count; $m++) {
        /* mostly writable members, so that whole maps are written */
        $key = $r->below(3) ? $keys[$r->below(2) ? 1 : 10] . $m : $keys[$r->below(count($keys))];
        $map[$key] = $r->below(3) ? $values[$r->below(10)] : $values[$r->below(count($values))];
    }
    if ($r->below(10) === 0) {
        $map[$r->range(0, 9)] = 7; /* an integer key */
    }
    if ($r->below(12) === 0 && count($map) > 1) {
        unset($map[array_key_first($map)]); /* a hole before the members */
    }
    $maps[] = $map;
}
$maps[] = ['areaId' => 205705999, 'blockIds' => []];
$maps[] = ['amount' => 66, 'audienceSubCategoryId' => 337100890, 'seatCategoryId' => 338937295];
$maps[] = ['a' => 1, 'b' => 2, 'c' => 3, 'd' => 4];
$maps[] = ['a' => 1, 'b' => 2, 'c' => 3, 'd' => 4, 'e' => 5, 'f' => 6];
$maps[] = ['a' => 1, 'b' => 2, 'c' => 3, 'd' => 4, 'e' => 5, 'f' => 6, 'g' => 7];
$objects = array_map(fn($m) => (object) $m, array_filter($maps, fn($m) => !array_key_exists('', $m)));

$flags = fj_flag_subsets([JSON_PRETTY_PRINT, JSON_FORCE_OBJECT, JSON_NUMERIC_CHECK, JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE, JSON_HEX_TAG | JSON_HEX_QUOT | JSON_INVALID_UTF8_SUBSTITUTE]);
$cases = 0;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($flags as $f) {
        foreach ([$maps, $objects, ['list' => $maps, 'n' => 1]] as $value) {
            $report->addAll(fj_compare_batch($value, $f), 1);
            $cases++;
        }
    }
    /* each map alone: where a map stops an encode, the error and output must be ext/json's */
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_FORCE_OBJECT | JSON_NUMERIC_CHECK, JSON_PRETTY_PRINT,
            JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_FORCE_OBJECT] as $f) {
        foreach (array_merge($maps, $objects) as $map) {
            $report->add(fj_compare_encode([$pad, $map], $f));
            $report->add(fj_compare_encode([$pad, [$map]], $f));
            $report->add(fj_compare_encode([$map], $f));
            $cases += 3;
        }
    }
}
ini_restore('fastjson.simd');

/* Depth: a map (with and without an empty array) nested d levels deep after the pad, at
 * limits around d; pretty printed up to 14 levels, where the indents outgrow the 32
 * spaces written at once. */
foreach ([['a' => 1], ['a' => 1, 'b' => []], (object) ['a' => null, 'b' => []],
        ['k' => 'a long string value past the short path', 'n' => 1, 'm' => -7, 't' => true, 'e' => [], 'z' => 'z']] as $map) {
    for ($d = 1; $d <= 14; $d++) {
        $value = $map;
        for ($i = 1; $i < $d; $i++) {
            $value = [$value];
        }
        $value = [$pad, $value];
        for ($limit = $d - 1; $limit <= $d + 3; $limit++) {
            foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT, JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
                $report->add(fj_compare_encode($value, $f, $limit));
                $cases++;
            }
        }
    }
}

/* Maps that fail the writer (a string to escape) before, between and after writable ones:
 * the walk stops trying after a few failures and writes the rest itself. */
$good = ['id' => 1, 'name' => 'plain', 'tags' => []];
$bad = ['id' => 2, 'url' => 'http://example.org/a', 'x' => null];
foreach ([[0, 200], [3, 200], [4, 200], [5, 200], [40, 40], [1, 1]] as [$fail, $ok]) {
    $list = array_merge([$pad], array_fill(0, $fail, $bad), array_fill(0, $ok, $good));
    $mixed = [$pad];
    for ($i = 0; $i < 300; $i++) {
        $mixed[] = $i % 7 === 3 ? $bad : $good;
    }
    foreach ([0, JSON_UNESCAPED_SLASHES, JSON_PRETTY_PRINT, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES] as $f) {
        foreach ([$list, $mixed, array_map(fn($m) => (object) $m, $list)] as $value) {
            $report->add(fj_compare_encode($value, $f));
            $cases++;
        }
    }
}

/* A map the walk must not write whole: it is inside itself (through a reference). */
$self = ['a' => 1];
$self['me'] = &$self;
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
    $report->add(fj_compare_encode($self, $f));
    $cases++;
}
unset($self['me']); /* the cycle, for leak checkers */

$report->finish('small map cases compared', $cases);
?>
--EXPECT--
small map cases compared: OK
