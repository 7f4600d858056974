--TEST--
Decode strings with escapes in one pass (checked and decoded together into a 4096-byte buffer): every kind of escape, raw UTF-8, invalid UTF-8, control byte and bad escape placed so that its decoded bytes start at each offset around the buffer's end (4080-4112), after prefixes of plain bytes, \u escapes, raw UTF-8 with short escapes, and emoji pairs; the same after a few escapes at the start of short strings; runs of twelve \u escapes with every byte at each digit place; flags 0, IGNORE, SUBSTITUTE; values and keys; every SIMD path
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

// What each unit of a prefix decodes to, in bytes: the prefix is cut to a decoded length.
// A lead of \u0041 has the string decoded in one pass from its start; without it, raw
// UTF-8 is skipped first and the decoder starts at the first \u escape.
$prefixes = [
    'plain' => ['x', 1, '\\u0041'],
    'u escapes' => ['\\u00e9', 2, '\\u0041'],
    'cjk escapes' => ['\\u4e2d', 3, '\\u0041'],
    'raw utf-8 and short escapes' => ["\u{4e2d}\\n", 4, '\\u0041'],
    'raw utf-8 and short escapes first' => ["\u{4e2d}\\n", 4, ''],
    'emoji pairs' => ['\\ud83d\\ude00', 4, '\\u0041'],
];
// Units placed at the buffer's end: the good ones are decoded there, the others stop the
// one-pass decoder there (an error, or invalid UTF-8 that IGNORE and SUBSTITUTE let through).
$units = ['\\n', '\\\\', '\\"', '\\u0041', '\\u00e9', '\\u4e2d', '\\ud83d\\ude00', "\u{e9}", "\u{20ac}",
    "\u{1f600}", 'z', "\xff", "\xc3", "\xed\xa0\x80", '\\ud800', '\\udc00x', '\\ud800\\u0041', "\x01",
    '\\x', '\\u12g4'];

$docs = [];
foreach ($prefixes as $name => [$unit, $unit_bytes, $lead]) {
    for ($at = 4080; $at <= 4112; $at++) {
        $fill = $at - ($lead === '' ? 0 : 1);
        $head = $lead . str_repeat($unit, intdiv($fill, $unit_bytes)) . str_repeat('p', $fill % $unit_bytes);
        foreach ($units as $u) {
            $docs[] = '"' . $head . $u . str_repeat('y', 20) . '\\u00e9\\t"';
        }
    }
}
// Short strings: a few escapes, then each unit, then more text.
foreach (['\\t', '\\t\\u00e9', '\\u0416\\u0416', "\u{e9}\\n", '\\ud83d\\ude00 '] as $lead) {
    foreach (array_merge($units, fj_escape_list()) as $u) {
        for ($pad = 0; $pad <= 40; $pad += 8) {
            $docs[] = '"' . $lead . str_repeat('q', $pad) . $u . 'tail\\u00e9"';
        }
    }
}

// Runs of twelve \u escapes, which AVX2 decodes four at a time, with every byte at each
// digit place of each escape.
$run_docs = [];
foreach (['00e9', '4e2d'] as $unit) {
    for ($k = 0; $k < 12; $k++) {
        for ($digit = 0; $digit < 4; $digit++) {
            for ($b = 0; $b < 256; $b++) {
                $run = array_fill(0, 12, $unit);
                $run[$k][$digit] = chr($b);
                $run_docs[] = '"\\u' . implode('\\u', $run) . 'tail"';
            }
        }
    }
}

$report = new FjReport;
fj_dec_docs($report, 'runs of escapes', $run_docs, true, 0);
foreach ([0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE] as $flags) {
    fj_dec_docs($report, 'strings, flags ' . fj_dflags_name($flags), $docs, true, $flags);
    $keys = [];
    foreach ($docs as $d) {
        $keys[] = '{' . $d . ':0}';
    }
    fj_dec_docs($report, 'keys, flags ' . fj_dflags_name($flags), $keys, false, $flags);
}
fj_dec_finish($report, 'decode outcomes compared', (count($docs) * 3 * 2 + count($run_docs)) * count(fj_simd_paths()));
echo count($docs) > 3000 ? "documents: enough\n" : 'documents: only ' . count($docs) . "\n";
?>
--EXPECT--
decode outcomes compared: cases as expected, 0 mismatches
documents: enough
