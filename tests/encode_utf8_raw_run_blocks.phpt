--TEST--
JSON_UNESCAPED_UNICODE runs of text checked 32 bytes at a time: every lead byte with every second byte, every third and fourth byte after a good start, at offsets around a block's edges inside a run that began at an earlier character, with escapes and U+2028 in the run, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

// The smallest second byte that makes a good start after each lead from E0 (their
// third and fourth bytes are then what varies).
$good_second = [0xe0 => 0xa0, 0xed => 0x80, 0xf0 => 0x90, 0xf4 => 0x80];
// Each sequence as long as its lead asks (the bytes after the one that varies are good
// trail bytes), so that only that byte can make it wrong.
$seqs = [];
for ($lead = 0xc0; $lead <= 0xff; $lead++) {
    $rest = str_repeat("\x80", $lead < 0xe0 ? 0 : ($lead < 0xf0 ? 1 : 2));
    for ($b = 0; $b <= 0xff; $b++) {
        $seqs[] = chr($lead) . chr($b) . $rest;
    }
}
for ($lead = 0xe0; $lead <= 0xf4; $lead++) {
    $second = chr($good_second[$lead] ?? 0x80);
    for ($b = 0; $b <= 0xff; $b++) {
        $seqs[] = chr($lead) . $second . chr($b) . ($lead >= 0xf0 ? "\x80" : '');
        if ($lead >= 0xf0) {
            $seqs[] = chr($lead) . $second . "\x80" . chr($b);
        }
    }
}

// A run begins at the first "é"; the sequence lands at these offsets of its first block
// (30 and 31: cut by the block's end), after text with a line end, a quote, a slash and
// a 4-byte character in it, and is followed by more than a block of text.
$heads = ["é", "éa", "é\nд", "€\"ab/", "😀x", "é日本語", "é\u{2028}é"];
$fill = "д日a😀 b\nc€/\"é";
$tail = "Zé" . str_repeat("日x", 14) . "\x01";
$strings = [];
foreach ($seqs as $i => $seq) {
    foreach ([1, 2, 15, 29, 30, 31, 33] as $at) {
        // $at bytes that end at a character: cut, then padded with ASCII
        $head = substr($heads[($i + $at) % count($heads)] . $fill . $fill . $fill, 0, $at);
        while (!preg_match('//u', $head)) {
            $head = substr($head, 0, -1);
        }
        $strings[] = str_pad($head, $at, 'q') . $seq . $tail;
    }
    // In the last 32 bytes of a longer string, as its end or just before it, or before a
    // character the string's end cuts.
    $strings[] = $heads[$i % count($heads)] . str_repeat('日', 12) . $seq
        . ['', '"', 'é', "\n", "\xe6\x97", "\xc3", "\xf0\x9f\x98"][$i % 7];
}

/* Batches of strings, not one array of them all: json_encode()'s buffer grows a page at a
 * time, and where every growth copies it (realloc() under the sanitizers, which run with
 * ZendMM off) the reference's 8 MB outputs took longer than the suite's 15-minute limit. */
const FJ_BATCH = 2048;
$batches = array_chunk($strings, FJ_BATCH);
$report = new FjReport;
$paths = fj_simd_paths();
foreach (fj_flag_subsets([JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_PARTIAL_OUTPUT_ON_ERROR,
        JSON_UNESCAPED_LINE_TERMINATORS, JSON_UNESCAPED_SLASHES]) as $flags) {
    $flags |= JSON_UNESCAPED_UNICODE;
    if ($flags & (JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR)) {
        foreach ($batches as $batch) {
            $ref = fj_outcome('json_encode', $batch, $flags);
            foreach ($paths as $path) {
                fj_set_simd($path);
                $report->addAll(fj_compare_batch($batch, $flags, 512, $ref), count($batch));
            }
        }
        continue;
    }
    // Without a way past invalid UTF-8 each string is its own call: the valid ones in
    // batches, a sample of the invalid ones alone (the error, false).
    $valid = array_filter($strings, static fn($s) => preg_match('//u', $s) === 1);
    $invalid = array_values(array_diff_key($strings, $valid));
    foreach ($paths as $path) {
        fj_set_simd($path);
        foreach (array_chunk($valid, FJ_BATCH) as $batch) {
            $report->addAll(fj_compare_batch($batch, $flags), count($batch));
        }
        for ($i = 0; $i < count($invalid); $i += 29) {
            $report->add(fj_compare_encode($invalid[$i], $flags));
        }
    }
}
ini_restore('fastjson.simd');
$report->finish('raw runs compared', 32 * count($strings));
?>
--EXPECT--
raw runs compared: OK
