--TEST--
Decode strings that mix UTF-8 characters (1 to 4 bytes) with short escapes (\n \" \/ ...), which the 64-byte text skip takes together, entered after a multibyte character and after an escape: every other escape, quote, control byte and UTF-8 class inserted at every piece boundary of the first 200 bytes (every place of the blocks, escapes and characters across their edges), a byte inserted inside every piece, cut at every length; flags 0, IGNORE, SUBSTITUTE; every SIMD path
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

// Characters of every length and escapes 1 to 5 pieces apart, so that both cross every
// block edge and escapes fall at a block's last byte; cuts between pieces keep it valid.
$pieces = ["\xe4\xb8\xad", '\\n', "\xd0\x96", 'a', "\xf0\x9f\x98\x80", '\\"', "\xe2\x82\xac", "\xc3\xa9",
    '\\/', ' ', "\xe6\x97\xa5", '\\t', "\xd0\xb4\xd0\xb0", '\\\\', "\xf0\x9f\x91\x8d", '\\r', 'xy', '\\b', '\\f'];
$text = [];
for ($i = 0, $len = 0; $len < 700; $i++) {
    $piece = $pieces[($i * 7 + intdiv($i, 3)) % count($pieces)];
    $text[] = $piece;
    $len += strlen($piece);
}
$starts = [0];
foreach ($text as $piece) {
    $starts[] = end($starts) + strlen($piece);
}
$flat = implode('', $text);

$inserts = [
    'u escape' => '\\u00e9', 'u escape 3 bytes' => '\\u4e2d', 'surrogate pair' => '\\ud83d\\ude00',
    'lone high surrogate' => '\\ud83d', 'bad hex' => '\\u12g4', 'backslash pair' => '\\\\\\\\',
    'backslash run before quote' => '\\\\\\"', 'bad escape' => '\\x', 'escaped control' => "\\\x01",
    'escaped high byte' => "\\\xc3\xa9", 'control' => "\x01", 'tab' => "\t", 'quote' => '"', 'del' => "\x7f",
    'trail' => "\x80", 'C0' => "\xc0\x80", 'E2 cut' => "\xe2\x82", 'F0 cut' => "\xf0\x9f\x98",
    'E0 overlong' => "\xe0\x80\x80", 'ED surrogate' => "\xed\xa0\x80", 'F4 too high' => "\xf4\x90\x80\x80",
    'FF' => "\xff",
];
$report = new FjReport;
$flag_sets = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE];
$docs = 0;
$check = function (string $json) use ($report, $flag_sets, &$docs) {
    foreach ($flag_sets as $flags) {
        $report->add(fj_dec_compare($json, false, 512, $flags));
    }
    $docs++;
};
// Entered after a multibyte character, and after an escape in ASCII text.
$heads = ["\xc3\xa9", 'ab\\n'];
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($heads as $head) {
        foreach ($starts as $at) {
            if ($at > 200) {
                break;
            }
            $check('["' . $head . substr($flat, 0, $at) . '"]');
            foreach ($inserts as $bytes) {
                $check('["' . $head . substr($flat, 0, $at) . $bytes . substr($flat, $at, 300) . '"]');
            }
        }
    }
    // Inside a character or an escape too: the insert makes it another one or an error.
    for ($at = 1; $at < 140; $at++) {
        $check('["' . "\xc3\xa9" . substr($flat, 0, $at) . 'Q' . substr($flat, $at, 200) . '"]');
    }
    // Decoded lengths around the stack buffer's size (512).
    foreach ($starts as $at) {
        if ($at >= 560 && $at <= 700) {
            $check('{"k":"' . "\xc3\xa9" . substr($flat, 0, $at) . '"}');
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'decode outcomes compared', $docs * count($flag_sets));
?>
--EXPECT--
decode outcomes compared: cases as expected, 0 mismatches
