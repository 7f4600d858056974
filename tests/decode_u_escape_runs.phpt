--TEST--
Decode runs of \u escapes, which the AVX2 scanner takes five at a time: runs of 1 to 16 escapes of 1-, 2- and 3-byte code points and surrogate pairs, runs of one UTF-8 length (which the decoder unescapes four at a time) with another unit at every place, a pair, a lone half, a short escape, text or a quote at every place of the run (so at every slot of the five-escape windows, a pair across two windows), every byte class at each digit place of every slot, runs ending at every distance from the input's end; decode and validate, flags 0, IGNORE, SUBSTITUTE; every SIMD path
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

// Escapes that end a run or stay in it, each 6 or 12 bytes.
$units = ['\\u0041', '\\u00e9', '\\u0416', '\\u07ff', '\\u0800', '\\u4e2d', '\\uD7FF', '\\uE000', '\\uffff',
    '\\u0000', '\\u007f', '\\u0080'];
$breakers = [
    'pair' => '\\ud83d\\ude00', 'pair upper' => '\\uD83D\\uDE00', 'lone high' => '\\ud83d', 'lone low' => '\\ude00',
    'high high' => '\\ud83d\\ud83d', 'short escape' => '\\n', 'backslash' => '\\\\', 'text' => 'ab',
    'utf8' => "\xd0\x96", 'quote' => '"', 'control' => "\x01", 'invalid utf8' => "\xff",
];
// Bytes at a digit place: the edges of the hex ranges and others.
$digit_bytes = ['/', ':', '@', 'G', '`', 'g', '0', '9', 'A', 'F', 'a', 'f', "\x80", "\x00", '"', '\\'];

$docs = [];
$run = static function (int $n, int $from) use ($units): string {
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= $units[($from + $i * 5) % count($units)];
    }
    return $s;
};
for ($n = 1; $n <= 16; $n++) {
    $docs[] = '["' . $run($n, $n) . '"]';
    $docs[] = '{"k":"x' . $run($n, $n) . '","l":1}';
    // Something at every place of a run of 16.
    foreach ($breakers as $bytes) {
        $docs[] = '["' . $run($n, 0) . $bytes . $run(16 - $n, 3) . '"]';
    }
}
// Runs of one UTF-8 length (the decoder takes four such escapes at once), with a unit of
// another length, a pair or a short escape at every place.
$same_length = [
    2 => ['\u0080', '\u07ff', '\u0416', '\u03A9', '\u00e9', '\u05d0'],
    3 => ['\u0800', '\uffff', '\u4e2d', '\uD7FF', '\uE000', '\u3042', '\uAC00'],
];
$others = ['\u0041', '\u007f', '\u00e9', '\u0800', '\ud83d\ude00', '\n', 'a'];
foreach ($same_length as $pool) {
    for ($n = 1; $n <= 13; $n++) {
        $s = '';
        for ($i = 0; $i < $n; $i++) {
            $s .= $pool[($i * 3 + $n) % count($pool)];
        }
        $docs[] = '["' . $s . '"]';
        for ($at = 0; $at <= $n; $at++) {
            foreach ($others as $other) {
                $docs[] = '["' . substr($s, 0, 6 * $at) . $other . substr($s, 6 * $at) . '"]';
            }
        }
    }
}
// Every byte class at each digit place of each escape of a run of 12.
for ($slot = 0; $slot < 12; $slot++) {
    for ($place = 0; $place < 4; $place++) {
        foreach ($digit_bytes as $byte) {
            $s = $run(12, 1);
            $s[6 * $slot + 2 + $place] = $byte;
            $docs[] = '["' . $s . '"]';
        }
    }
    // The backslash and the 'u' of a slot replaced.
    foreach ([0, 1] as $place) {
        foreach (['/', 'U', 'x', "\x00"] as $byte) {
            $s = $run(12, 2);
            $s[6 * $slot + $place] = $byte;
            $docs[] = '["' . $s . '"]';
        }
    }
}
// Runs that end at every distance from the input's end (the kernel reads 32 bytes).
for ($n = 1; $n <= 8; $n++) {
    for ($tail = 0; $tail < 8; $tail++) {
        $docs[] = '"' . $run($n, 4) . '"' . str_repeat(' ', $tail);
        $docs[] = '"' . $run($n, 4);
        $docs[] = '"' . $run($n, 4) . '\\u00';
    }
}

$report = new FjReport;
foreach ($docs as $json) {
    fj_dec_check($report, 'u escape runs', $json, [[true, 0], [false, JSON_INVALID_UTF8_IGNORE],
        [true, JSON_INVALID_UTF8_SUBSTITUTE]], [[0]]);
}
fj_dec_finish($report, 'decode/validate outcomes compared', count($docs) * 4 * count(fj_simd_paths()));
?>
--EXPECT--
decode/validate outcomes compared: cases as expected, 0 mismatches
