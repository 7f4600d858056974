--TEST--
Surrogate pairs (emoji as json_encode writes them by default) between words at every offset around the 64-byte block edges: each pair in turn replaced by a lone high or low half, halves reversed or doubled, a high half before a non-surrogate, a backslash or a bad digit, upper-case digits and the range's ends; validate (structural stage on and off) and decode against ext/json on every SIMD path, and the stage vouches for every valid document
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_validate')) die('skip fastjson_validate() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$docs = [];
$add = static function (string $json) use (&$docs): void {
    $docs[$json] = true;
};

// Words and pairs as in chat text: a pair every 13-19 bytes, so that pairs fall on every
// offset of a block, their halves on both sides of its edges.
$pairs = ['\\ud83d\\ude02', '\\uD83D\\uDE02', '\\ud800\\udc00', '\\udbff\\udfff', '\\uDBFF\\uDFFF', '\\ud83e\\udd70'];
$special = [
    'lone high' => '\\ud83d', 'lone low' => '\\ude02', 'reversed' => '\\ude02\\ud83d', 'two highs' => '\\ud83d\\ud83d',
    'two lows' => '\\ude02\\ude02', 'high, BMP' => '\\ud83d\\u00e9', 'high, short escape' => '\\ud83d\\n',
    'high, escaped backslash' => '\\ud83d\\\\ude02', 'high, text' => '\\ud83dx\\ude02', 'bad low digit' => '\\ud83d\\ude0g',
    'short low' => '\\ud83d\\ude0', 'high, quote' => '\\ud83d"', 'below highs' => '\\ud7ff\\udc00',
    'above lows' => '\\ud83d\\ue000', 'upper-case pair' => '\\uDBFF\\uDC00', 'three halves' => '\\ud83d\\ude02\\ude02',
];
foreach ([1, 3, 7] as $word) {
    $unit_count = intdiv(300, strlen($pairs[0]) + $word + 1);
    foreach ($pairs as $pi => $pair) {
        $unit = str_repeat('w', $word) . ' ' . $pair;
        for ($offset = 0; $offset < 64; $offset += ($word === 1 ? 1 : 5)) {
            $pad = str_repeat('a', $offset);
            $add('["' . $pad . str_repeat($unit, $unit_count) . '"]');
            if ($pi > 1) {
                continue;
            }
            for ($k = 0; $k < $unit_count; $k++) {
                foreach ($special as $bad) {
                    $add('["' . $pad . str_repeat($unit, $k) . str_repeat('w', $word) . ' ' . $bad
                        . str_repeat($unit, $unit_count - 1 - $k) . '"]');
                }
            }
        }
    }
}
// Pairs back to back: the low half of one right before the high half of the next.
for ($offset = 0; $offset < 64; $offset++) {
    $pad = str_repeat('a', $offset);
    $add('{"' . $pad . str_repeat('\\ud83d\\ude00', 12) . '":"' . str_repeat('\\uD83D\\uDE00', 12) . '"}');
    foreach ($special as $bad) {
        $add('["' . $pad . str_repeat('\\ud83d\\ude00', 5) . $bad . str_repeat('\\ud83d\\ude00', 5) . '"]');
    }
}

$docs = array_keys($docs);
$report = new FjReport;
$valid = 0;
$accepted = [];
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    $accepted[$path] = 0;
    foreach ($docs as $json) {
        $json = (string) $json;
        $ref = fj_val_outcome('fj_ref_validate', $json);
        $report->add(fj_val_compare($json, 512, 0, $ref));
        $report->add(fj_dec_compare($json, true));
        if ($ref['val'] === 'true') {
            $valid += $path === fj_simd_paths()[0] ? 1 : 0;
            fj_set_structural('on');
            $before = fastjson_info()['structural']['accepted'];
            fastjson_validate($json);
            $accepted[$path] += fastjson_info()['structural']['accepted'] - $before;
            ini_restore('fastjson.structural');
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'validate and decode outcomes compared', 2 * count($docs) * count(fj_simd_paths()));
$short = array_filter($accepted, static fn(int $n) => $n !== $valid);
echo !$short && $valid > 300 ? "every SIMD path: the stage vouched for every valid document\n"
    : "the stage vouched for fewer than the $valid valid documents: " . json_encode($short) . "\n";
echo count($docs) - $valid > 10000 ? "invalid documents: enough\n" : 'invalid documents: only ' . (count($docs) - $valid) . "\n";
?>
--EXPECT--
validate and decode outcomes compared: cases as expected, 0 mismatches
every SIMD path: the stage vouched for every valid document
invalid documents: enough
