--TEST--
Decode strings of UTF-8 text (1- to 4-byte characters) with each invalid UTF-8 class, escape, quote and control byte at every offset of the first 200 bytes, so that it falls at every place of the 64-byte blocks the AVX2/AVX-512 text skip takes; flags 0, IGNORE, SUBSTITUTE; every SIMD path
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

// Text of every character length, so that characters end at every offset of a block.
$chars = ['a', "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xd0\x96", "\xe4\xb8\xad", ' '];
$text = '';
for ($i = 0; strlen($text) < 320; $i++) {
    $text .= $chars[($i * 5 + intdiv($i, 7)) % count($chars)];
}
$inserts = [
    'trail' => "\x80", 'C0' => "\xc0\x80", 'C2 cut' => "\xc2", 'E2 cut' => "\xe2\x82", 'F0 cut' => "\xf0\x9f\x98",
    'E0 overlong' => "\xe0\x80\x80", 'ED surrogate' => "\xed\xa0\x80", 'F0 overlong' => "\xf0\x80\x80\x80",
    'F4 too high' => "\xf4\x90\x80\x80", 'F5' => "\xf5\x80\x80\x80", 'FF' => "\xff", 'E0 lowest' => "\xe0\xa0\x80",
    'ED highest' => "\xed\x9f\xbf", 'F4 highest' => "\xf4\x8f\xbf\xbf", 'escape' => '\\n', 'u escape' => '\\u00e9',
    'quote' => '\\"', 'control' => "\x01", 'tab' => "\t", 'del' => "\x7f",
];
$report = new FjReport;
$flag_sets = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE];
$docs = 0;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    // The text starts with a multibyte character: the skip runs from the second one on.
    for ($offset = 0; $offset < 200; $offset++) {
        // Cut the text at a character boundary at or after the offset.
        $at = $offset;
        while ($at < strlen($text) && (ord($text[$at]) & 0xc0) === 0x80) {
            $at++;
        }
        foreach ($inserts as $bytes) {
            $json = '["' . "\xc3\xa9" . substr($text, 0, $at) . $bytes . substr($text, $at) . '"]';
            foreach ($flag_sets as $flags) {
                $report->add(fj_dec_compare($json, true, 512, $flags));
            }
            $docs++;
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'decode outcomes compared', $docs * count($flag_sets));
?>
--EXPECT--
decode outcomes compared: cases as expected, 0 mismatches
