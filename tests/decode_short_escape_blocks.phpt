--TEST--
Decode strings dense with short escapes (\/ \" \\ \n ...), as json_encode writes URLs and markup, with every other escape, quote, control byte and UTF-8 class at every offset of the first 200 bytes (every place of the 64-byte blocks the escape skip takes, and of the 16/32-byte stores that decode them), cut at every length, and long enough to leave the stack buffer; flags 0, IGNORE, SUBSTITUTE; every SIMD path
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

// Escapes 1 to 6 bytes apart, every short escape but \\ among them (a backslash run
// stops the block skip: that is one of the inserts), so that they cross every block edge;
// pieces never split an escape, so cuts between pieces keep it valid.
$pieces = ['\\/', 'ab', '\\n', 'c', '\\"', 'xyz', '\\t', '\\b', 'de', '\\f', '\\r', 'ghij', '\\/', '\\/'];
$text = [];
for ($i = 0, $len = 0; $len < 700; $i++) {
    $piece = $pieces[($i * 7 + intdiv($i, 5)) % count($pieces)];
    $text[] = $piece;
    $len += strlen($piece);
}
// Where each piece starts: the places an insert keeps the text around it valid.
$starts = [0];
foreach ($text as $piece) {
    $starts[] = end($starts) + strlen($piece);
}
$flat = implode('', $text);

$inserts = [
    'u escape' => '\\u00e9', 'u escape 3 bytes' => '\\u20ac', 'surrogate pair' => '\\ud83d\\ude00',
    'lone high surrogate' => '\\ud83d', 'lone low surrogate' => '\\ude00', 'bad hex' => '\\u12g4',
    'backslash pair' => '\\\\\\\\', 'backslash run before quote' => '\\\\\\"', 'bad escape' => '\\x',
    'escaped control' => "\\\x01", 'escaped high byte' => "\\\xc3\xa9", 'control' => "\x01", 'tab' => "\t",
    'utf8' => "\xc3\xa9", 'utf8 4 bytes' => "\xf0\x9f\x98\x80", 'invalid utf8' => "\xff", 'cut utf8' => "\xe2\x82",
    'quote' => '"', 'del' => "\x7f",
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
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($starts as $at) {
        if ($at > 200) {
            break;
        }
        // Cut at every piece boundary: the string ends at every distance from the input's end.
        $check('["' . substr($flat, 0, $at) . '"]');
        foreach ($inserts as $bytes) {
            $check('["' . substr($flat, 0, $at) . $bytes . substr($flat, $at, 300) . '"]');
        }
    }
    // Inside an escape too: the insert turns it into another one or an error.
    for ($at = 1; $at < 140; $at += 2) {
        $check('["' . substr($flat, 0, $at) . 'Q' . substr($flat, $at, 200) . '"]');
    }
    // Decoded lengths around the stack buffer's size (512), ending at every store width.
    foreach ($starts as $at) {
        if ($at >= 560 && $at <= 680) {
            $check('{"k":"' . substr($flat, 0, $at) . '"}');
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'decode outcomes compared', $docs * count($flag_sets));
?>
--EXPECT--
decode outcomes compared: cases as expected, 0 mismatches
