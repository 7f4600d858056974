--TEST--
Every 2-byte pair, and every 4-byte sequence with lead F0..F7 (any second byte, third/fourth 0x7F/0x80/0xBF/0xC0), batched, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$report = new FjReport;
$stream_sets = fj_utf8_stream_flag_sets();
$partial_sets = [JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_UNESCAPED_UNICODE,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_HEX_TAG | JSON_HEX_QUOT];

$pairs = [];
for ($b1 = 0; $b1 < 256; $b1++) {
    for ($b2 = 0; $b2 < 256; $b2++) {
        $pairs[] = chr($b1) . chr($b2);
    }
}
foreach (['z', "\xc3\xa9", "\x80", "\xe2"] as $tail) {
    fj_compare_sequences($report, $pairs, $tail, $partial_sets, $tail, $stream_sets);
}
fj_compare_sequences($report, $pairs, '', [], '', $stream_sets);
// Without PARTIAL/IGNORE/SUBSTITUTE: each pair with a non-ASCII byte on its own.
foreach ($pairs as $i => $p) {
    if ($i >= 0x8000 || ($i & 0x80)) {
        $report->add(fj_compare_encode($p, ($i & 1) ? 0 : JSON_UNESCAPED_UNICODE));
    }
}

$quads = [];
$tails = ["\x7f", "\x80", "\xbf", "\xc0"];
for ($lead = 0xF0; $lead <= 0xF7; $lead++) {
    for ($b2 = 0; $b2 < 256; $b2++) {
        foreach ($tails as $b3) {
            foreach ($tails as $b4) {
                $quads[] = chr($lead) . chr($b2) . $b3 . $b4;
            }
        }
    }
}
foreach (['z', "\x80"] as $tail) {
    fj_compare_sequences($report, $quads, $tail, $partial_sets, $tail, $stream_sets);
}
fj_compare_sequences($report, $quads, '', [], '', $stream_sets);
foreach ($quads as $i => $q) {
    $report->add(fj_compare_encode($q, ($i & 1) ? JSON_THROW_ON_ERROR : JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS));
}
$report->finish('2- and 4-byte sequences compared', 65536 * 40 + 32768 * 30);
?>
--EXPECT--
2- and 4-byte sequences compared: OK
