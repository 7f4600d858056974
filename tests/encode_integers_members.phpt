--TEST--
Integers of every digit count (1-19, both signs, each power of ten and its neighbours, PHP_INT_MIN/MAX), nine- and ten-digit ones densely (every lead digit before runs of zeros and nines, random ones) as list elements, member values, integer keys and declared properties; scalar members written in the room their prefix reserved, crossing the local buffer's end and the growth steps at every offset; pretty-print indents of every depth to 40
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

final class FjIntEntity
{
    public function __construct(public int $id, public ?int $parent, public bool $active, public string $code,
        public int $amount) {}
}

$report = new FjReport;
$r = new FjRandom(1311);

$ints = [0, PHP_INT_MAX, PHP_INT_MIN, PHP_INT_MIN + 1, PHP_INT_MAX - 1];
for ($k = 0, $p = 1; $k <= 18; $k++, $p *= 10) {
    foreach ([$p - 1, $p, $p + 1, 2 * $p, 9 * $p + 1] as $v) {
        $ints[] = $v;
        $ints[] = -$v;
    }
    /* random leading digit pairs, random rest */
    for ($i = 0; $i < 20 && $p <= intdiv(PHP_INT_MAX, 100); $i++) {
        $v = $r->range(1, 99) * $p + $r->below($p);
        $ints[] = $v;
        $ints[] = -$v;
    }
}
for ($i = 0; $i < 2000; $i++) {
    $ints[] = $r->raw64() >> $r->below(64);
}

$flag_sets = [0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_NUMERIC_CHECK,
    JSON_PRETTY_PRINT | JSON_FORCE_OBJECT | JSON_UNESCAPED_UNICODE, JSON_HEX_TAG | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES,
    JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE];

$keyed = [];
$records = [];
$entities = [];
foreach ($ints as $i => $v) {
    $keyed[$v] = $v;
    $records[] = ['id' => $v, 'n' => null, 't' => true, 'f' => false, 's' => (string) $v, (string) $i => $v];
    $entities[] = new FjIntEntity($v, $i % 3 ? null : -$v, $i % 2 === 0, "c$i", $v >> 7);
}
foreach ($flag_sets as $flags) {
    foreach (fj_simd_paths() as $path) {
        fj_set_simd($path);
        foreach ([$ints, $keyed, $records, $entities, (object) $keyed, json_decode(json_encode($records))] as $value) {
            $report->add(fj_compare_encode($value, $flags));
        }
    }
    ini_restore('fastjson.simd');
    foreach ($ints as $v) {
        $report->add(fj_compare_encode($v, $flags));
        $report->add(fj_compare_encode([$v => [$v, $v]], $flags));
    }
}

/* Nine and ten digits are written by a multiply chain, each pair from the fraction left by
 * the one before: every lead, then a zero or nine run broken by one digit at each place,
 * and random values of those lengths. */
$wide = [];
foreach ([100000000, 1000000000] as $p) {
    for ($lead = 1; $lead <= 9; $lead++) {
        for ($j = 1; $j < $p; $j *= 10) {
            foreach ([0, 1, 5, 9] as $d) {
                $wide[] = $lead * $p + $d * $j;
                $wide[] = $lead * $p + $p - 1 - $d * $j;
            }
        }
    }
    for ($i = 0; $i < 3000; $i++) {
        $wide[] = $p + $r->below(9 * $p);
    }
}
$wide_cases = 0;
foreach ([0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT] as $flags) {
    foreach ([$wide, array_map(fn($v) => -$v, $wide)] as $list) {
        $report->add(fj_compare_encode($list, $flags));
        $report->add(fj_compare_encode(array_fill_keys($list, 0), $flags));
        $wide_cases += 2;
    }
}

/* A prefix string moves each scalar member across the 8,192-byte local buffer and, in the
 * long form, across the first growth steps of the heap buffer: every byte offset. */
$members = [
    ['k' => null, 'key' => true, 'a_longer_key_of_31_bytes_xxxxx' => false, '7' => PHP_INT_MIN, 'v' => 'short clean value 31 bytes xxxx'],
    [12345678, null, -1, true, 'x', false, PHP_INT_MAX],
    new FjIntEntity(PHP_INT_MIN, null, false, str_repeat('c', 31), PHP_INT_MAX),
];
foreach ([0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT | JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
    foreach ($members as $m) {
        for ($len = 8092; $len <= 8292; $len++) {
            $report->add(fj_compare_encode([str_repeat('p', $len), $m], $flags));
        }
        for ($len = 0; $len <= 160; $len++) {
            $report->add(fj_compare_encode([str_repeat('p', $len), array_fill(0, 1200, $m)], $flags));
        }
    }
}
/* Pretty-print indents of every depth up to 40 (written 32 spaces at once, then 16 at a
 * time), around the local buffer's end. */
$pretty_cases = 0;
for ($depth = 1; $depth <= 40; $depth++) {
    $nested = [1, 'k' => null];
    $list = [true];
    for ($d = 1; $d < $depth; $d++) {
        $nested = ['k' => $nested, 'n' => $d];
        $list = [$list, $d];
    }
    foreach ([JSON_PRETTY_PRINT, JSON_PRETTY_PRINT | JSON_FORCE_OBJECT] as $flags) {
        for ($len = 8152; $len <= 8232; $len += 5) {
            $report->add(fj_compare_encode([str_repeat('p', $len), $nested, $list, []], $flags));
            $pretty_cases++;
        }
    }
}
$report->finish('integer and scalar member cases compared', 8 * (6 * count(fj_simd_paths()) + 2 * count($ints)) + 3 * 3 * 362 + $pretty_cases + $wide_cases);
?>
--EXPECT--
integer and scalar member cases compared: OK
