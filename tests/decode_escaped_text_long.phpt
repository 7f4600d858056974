--TEST--
Decode, strings past the 4 KB one-pass buffer whose rest is text with \u escapes of every UTF-8 length, surrogate pairs in both cases, short escapes and words (the scanner's 64-byte skip over escaped text), at every offset of a 64-byte block, with a bad escape, a lone or reversed surrogate half, a raw multibyte character, a control byte or the string's end at a random place; decode (arrays and objects, also as a key) and validate (structural stage on and off) against ext/json on every SIMD path
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

mt_srand(20261205);
$good = ['ab ', ' ', 'word', '\\n', '\\"', '\\/', '\\\\', '\\t', '\\u0041', '\\u0000', '\\u007f', '\\u007F', '\\u0080',
    '\\u00e9', '\\u00E9', '\\u07ff', '\\u0800', '\\u4e2d', '\\uABCD', '\\uFFFF', '\\uffff', '\\ud7ff', '\\ue000',
    '\\uD83D\\uDE02', '\\ud83d\\ude02', '\\udbff\\udfff', '\\ud800\\udc00', '\\uDbFf\\uDc00'];
$bad = ['\\ud83d', '\\ude02', '\\ude02\\ud83d', '\\ud83d\\u0041', '\\ud83d\\ud83d', '\\ud83d\\\\ude02', '\\ud83dx',
    '\\u12', '\\u12g4', '\\U0041', '\\x', "\x01", "\xc3\xa9", "\xf0\x9f\x98\x82", "\xff", '"', '\\u004'];

$docs = [];
foreach ([0, 1, 5] as $tail_kind) {
    for ($offset = 0; $offset < 64; $offset++) {
        foreach ([1, 2] as $round) {
            $body = '';
            while (strlen($body) < 700) {
                $body .= $good[mt_rand(0, count($good) - 1)];
            }
            $text = str_repeat('a', 4100 + $offset);
            if ($tail_kind !== 0) {
                // A bad token between good ones, some way into the escaped text.
                $at = strlen($text) + mt_rand(0, 64 * $tail_kind);
                while (strlen($text) < $at) {
                    $text .= $good[mt_rand(0, count($good) - 1)];
                }
                $text .= $bad[mt_rand(0, count($bad) - 1)];
            }
            $text .= $body;
            $docs[] = '["' . $text . '"]';
            if ($round === 1) {
                $docs[] = '{"' . $text . '":1,"k":"' . $text . '"}';
            }
        }
    }
}
// Escape-dense text across many blocks: every start offset, then a bad escape at each offset of its last block.
$dense = '';
while (strlen($dense) < 400) {
    $dense .= $good[mt_rand(3, count($good) - 1)];
}
for ($offset = 0; $offset < 64; $offset++) {
    $docs[] = '["' . str_repeat('a', 4100 + $offset) . $dense . '"]';
    $docs[] = '["' . str_repeat('a', 4100 + $offset) . $dense . $bad[$offset % count($bad)] . $dense . '"]';
}

$report = new FjReport;
$valid = 0;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($docs as $json) {
        $report->add(fj_dec_compare($json, true));
        $report->add(fj_dec_compare($json, false));
        $ref = fj_val_outcome('fj_ref_validate', $json);
        $report->add(fj_val_compare($json, 512, 0, $ref));
        $valid += ($path === fj_simd_paths()[0] && $ref['val'] === 'true') ? 1 : 0;
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'decode and validate outcomes compared', 3 * count($docs) * count(fj_simd_paths()));
echo $valid > 200 && count($docs) - $valid > 200 ? "valid and invalid documents: enough\n"
    : "valid documents: $valid of " . count($docs) . "\n";
?>
--EXPECT--
decode and validate outcomes compared: cases as expected, 0 mismatches
valid and invalid documents: enough
