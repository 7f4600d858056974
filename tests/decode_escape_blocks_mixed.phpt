--TEST--
Decode text that mixes ASCII with \u escapes (words of Cyrillic, emoji between words), which AVX-512 decodes 64 bytes at a time in the scanner's one-pass decoder and in the parser (strings past 4 KB): escapes of every UTF-8 length, \u0000, pairs in both cases, short escapes and words, started at every offset of a block; escaped backslashes (before text like a \u escape, and runs of them); a lone or reversed half, a backslash run of three, a bad digit, raw UTF-8, a control byte or the closing quote at every offset of the first blocks; strings that end at every distance (0-215 bytes) after their first escape, and names of 1-40 Cyrillic letters, alone, in lists and as keys; input that ends inside an escape; decode (arrays, objects, keys) and validate against ext/json on every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
if (!function_exists('fastjson_validate')) die('skip fastjson_validate() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

mt_srand(20261206);
$words = ['a', 'ab ', ' ', 'word ', '12', '\\n', '\\"', '\\/', '\\t', '\\\\', '\\\\u0041', '\\\\\\\\'];
$escapes = ['\\u0041', '\\u0000', '\\u007f', '\\u0080', '\\u00e9', '\\u0416', '\\u043F', '\\u07ff', '\\u0800',
    '\\u4e2d', '\\uABCD', '\\uFFFF', '\\ud7ff', '\\ue000', '\\uD83D\\uDE02', '\\ud83d\\ude80', '\\udbff\\udfff',
    '\\ud800\\udc00', '\\uDbFf\\uDc00'];
$bad = ['\\ud83d', '\\ude02', '\\ude02\\ud83d', '\\ud83d\\u0041', '\\ud83d\\ud83d', '\\ud83d\\\\ude02', '\\u12',
    '\\u12g4', '\\U0041', '\\x', '\\\\ud83d\\ude02', '\\\\\\n', "\x01", "\xd0\xb6", "\xf0\x9f\x98\x82", "\xff", '"'];
$mixed = static function (int $min) use ($words, $escapes): string {
    $s = '';
    while (strlen($s) < $min) {
        $s .= mt_rand(0, 2) ? $escapes[mt_rand(0, count($escapes) - 1)] : $words[mt_rand(0, count($words) - 1)];
    }
    return $s;
};

$docs = [];
for ($offset = 0; $offset < 64; $offset++) {
    $lead = str_repeat('x', $offset);
    // Good text over several blocks: one-pass (short) and parser (past the 4 KB buffer).
    $docs[] = '["' . $lead . $mixed(300) . '"]';
    $docs[] = '{"' . $lead . $mixed(200) . '":"' . $mixed(100) . '","k":1}';
    $docs[] = '["' . str_repeat('a', 4100 + $offset) . $mixed(400) . '"]';
    // Something else at each offset of the first two blocks after the first escape.
    $at = $mixed(mt_rand(0, 127));
    $docs[] = '["' . $lead . '\\u0416' . $at . $bad[$offset % count($bad)] . $mixed(150) . '"]';
    $docs[] = '["' . str_repeat('a', 4100) . $lead . '\\u0416' . $at . $bad[($offset + 7) % count($bad)] . $mixed(150) . '"]';
}
// An escaped backslash before text like a pair's halves, at every place of the first blocks.
for ($at = 0; $at < 80; $at++) {
    $docs[] = '["\\u0416' . str_repeat('b', $at) . '\\\\ud83d\\ude02' . $mixed(100) . '"]';
    $docs[] = '["' . str_repeat('a', 4100) . '\\u0416' . str_repeat('b', $at) . '\\\\ud83d\\ude02x' . $mixed(100) . '"]';
}
// Input that ends inside an escape after escape-dense text (nothing may be read past it).
for ($cut = 1; $cut <= 12; $cut++) {
    $docs[] = '["' . $mixed(100) . substr('\\u0416\\u0417', 0, $cut);
    $docs[] = '["' . $mixed(100) . '\\u0416' . substr('\\u0416\\u0417', 0, $cut);
}
// Strings ending at every distance after their first escape, with more text after them:
// within the block decoder's reach, it decides by where the string ends.
for ($len = 0; $len < 210; $len++) {
    $body = substr($mixed(210), 0, $len);
    $docs[] = '["\\u0416' . $body . '","' . $mixed(100) . '"]';
    $docs[] = '["word \\ud83d\\ude02' . $body . '", 1, "' . $mixed(70) . '"]';
}
// Names and titles: words of Cyrillic escapes, 1-40 letters, alone and in lists.
$cyrillic = static function (int $letters): string {
    $s = '';
    for ($i = 0; $i < $letters; $i++) {
        $s .= $i % 7 === 6 ? ' ' : sprintf('\\u%04x', 0x430 + ($i * 5) % 32);
    }
    return $s;
};
for ($letters = 1; $letters <= 40; $letters++) {
    $docs[] = '["' . $cyrillic($letters) . '","' . $cyrillic(41 - $letters) . '",' . $letters . ']';
    $docs[] = '{"' . $cyrillic($letters) . '":"' . $cyrillic($letters) . '","k":"' . $mixed(200) . '"}';
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
echo $valid > 150 && count($docs) - $valid > 150 ? "valid and invalid documents: enough\n"
    : "valid documents: $valid of " . count($docs) . "\n";
?>
--EXPECT--
decode and validate outcomes compared: cases as expected, 0 mismatches
valid and invalid documents: enough
