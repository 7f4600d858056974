--TEST--
Every 3-byte sequence with lead E0..EF and any second and third byte (valid, overlong, surrogate, truncated), batched, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$report = new FjReport;
$stream_sets = fj_utf8_stream_flag_sets();
for ($lead = 0xE0; $lead <= 0xEF; $lead++) {
    $seqs = [];
    for ($b2 = 0; $b2 < 256; $b2++) {
        for ($b3 = 0; $b3 < 256; $b3++) {
            $seqs[] = chr($lead) . chr($b2) . chr($b3);
        }
    }
    // Each sequence alone, followed by 'z' (an ASCII byte ends any truncated sequence).
    fj_compare_sequences($report, $seqs, 'z',
        [JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_UNESCAPED_UNICODE],
        'z', $lead & 1 ? array_slice($stream_sets, 0, 3) : array_slice($stream_sets, 3));
    // And back to back: the failure advance decides where the next sequence starts.
    fj_compare_sequences($report, $seqs, '', [], '', [JSON_INVALID_UTF8_SUBSTITUTE | ($lead & 1 ? 0 : JSON_UNESCAPED_UNICODE)]);
}
// Without PARTIAL/IGNORE/SUBSTITUTE, one call per sequence for the lead's first 256.
for ($lead = 0xE0; $lead <= 0xEF; $lead++) {
    for ($b2 = 0; $b2 < 256; $b2++) {
        $report->add(fj_compare_encode(chr($lead) . chr($b2) . "\xbf", $lead & 1 ? 0 : JSON_UNESCAPED_UNICODE));
    }
}
$report->finish('3-byte sequences compared', 16 * 65536 * (2 + 3 * count(fj_simd_paths()) + count(fj_simd_paths())));
?>
--EXPECT--
3-byte sequences compared: OK
