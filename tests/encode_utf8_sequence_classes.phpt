--TEST--
Each class of 2/3/4-byte UTF-8 sequence (valid, overlong, surrogate, > U+10FFFF, truncated, lone continuation, C0/C1/F5-FF leads) alone and inside ASCII around 16/32/64-byte boundaries, with IGNORE/SUBSTITUTE/UNESCAPED_UNICODE/PARTIAL, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$classes = [
    // valid, at the class boundaries
    'U+0080' => "\xc2\x80", 'U+07FF' => "\xdf\xbf", 'U+00E9' => "\xc3\xa9",
    'U+0800' => "\xe0\xa0\x80", 'U+20AC' => "\xe2\x82\xac", 'U+2028' => "\xe2\x80\xa8", 'U+2029' => "\xe2\x80\xa9",
    'U+D7FF' => "\xed\x9f\xbf", 'U+E000' => "\xee\x80\x80", 'U+FEFF' => "\xef\xbb\xbf", 'U+FFFD' => "\xef\xbf\xbd", 'U+FFFF' => "\xef\xbf\xbf",
    'U+10000' => "\xf0\x90\x80\x80", 'U+1D11E' => "\xf0\x9d\x84\x9e", 'U+10FFFF' => "\xf4\x8f\xbf\xbf",
    // overlong
    'C0 80' => "\xc0\x80", 'C0 AF' => "\xc0\xaf", 'C1 BF' => "\xc1\xbf", 'E0 80 80' => "\xe0\x80\x80", 'E0 9F BF' => "\xe0\x9f\xbf",
    'F0 80 80 80' => "\xf0\x80\x80\x80", 'F0 8F BF BF' => "\xf0\x8f\xbf\xbf",
    // surrogates
    'ED A0 80' => "\xed\xa0\x80", 'ED BF BF' => "\xed\xbf\xbf", 'surrogate pair' => "\xed\xa0\xbd\xed\xb8\x80",
    // above U+10FFFF and F5-FF leads
    'F4 90 80 80' => "\xf4\x90\x80\x80", 'F5 80 80 80' => "\xf5\x80\x80\x80", 'F7 BF BF BF' => "\xf7\xbf\xbf\xbf",
    'F8 88 80 80 80' => "\xf8\x88\x80\x80\x80", 'FC 84 80 80 80 80' => "\xfc\x84\x80\x80\x80\x80", 'FE' => "\xfe", 'FF' => "\xff",
    // truncated
    'C3' => "\xc3", 'E2' => "\xe2", 'E2 82' => "\xe2\x82", 'F0' => "\xf0", 'F0 9F' => "\xf0\x9f", 'F0 9F 98' => "\xf0\x9f\x98",
    'E2 82 + C3 A9' => "\xe2\x82\xc3\xa9", 'C3 C3 A9' => "\xc3\xc3\xa9", 'F0 9F 98 + E2 82 AC' => "\xf0\x9f\x98\xe2\x82\xac",
    // lone continuation bytes, lone C0/C1
    '80' => "\x80", 'BF' => "\xbf", '80 80 80' => "\x80\x80\x80", 'C0' => "\xc0", 'C1' => "\xc1",
    // bad trail bytes
    'C3 41' => "\xc3\x41", 'C3 C0' => "\xc3\xc0", 'E2 41 AC' => "\xe2\x41\xac", 'E2 82 41' => "\xe2\x82\x41", 'E2 82 C0' => "\xe2\x82\xc0",
    'F0 9F 41 9E' => "\xf0\x9f\x41\x9e", 'F0 9F 98 41' => "\xf0\x9f\x98\x41", 'F0 9F 98 C0' => "\xf0\x9f\x98\xc0",
];

$followers = ['', 'z', "\xc3\xa9", "\x80", '"', "\xe2\x80\xa8"];
$strings = [];
foreach ($classes as $seq) {
    foreach ($followers as $f) {
        $strings[] = $seq . $f;
        foreach ([0, 1, 13, 14, 15, 16, 17, 29, 30, 31, 32, 33, 47, 48, 62, 63, 64, 65] as $pos) {
            foreach ([1, 20, 40] as $after) {
                $strings[] = substr(str_repeat('0123456789abcdef', 5), 0, $pos) . $seq . $f . str_repeat('Q', $after);
            }
        }
    }
}

$report = new FjReport;
$base_flags = fj_flag_subsets([JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_UNESCAPED_UNICODE,
    JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_UNESCAPED_LINE_TERMINATORS]);
$paths = fj_simd_paths();
foreach ($base_flags as $flags) {
    $batchable = $flags & (JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR);
    if ($batchable) {
        $ref = fj_outcome('json_encode', $strings, $flags);
        foreach ($paths as $path) {
            fj_set_simd($path);
            $report->addAll(fj_compare_batch($strings, $flags, 512, $ref), count($strings));
        }
    } else {
        // Each string on its own: the error code, false, and with THROW the exception.
        foreach ($paths as $path) {
            fj_set_simd($path);
            foreach ($strings as $i => $s) {
                $report->add(fj_compare_encode($s, $flags | (($i & 1) ? JSON_THROW_ON_ERROR : 0)));
            }
        }
    }
    // As object keys too (an invalid key under PARTIAL becomes "").
    $obj = [];
    foreach ($classes as $name => $seq) {
        $obj["k$seq"] = $name;
        $obj[str_repeat('k', 30) . $seq] = 1;
    }
    $report->add(fj_compare_encode($obj, $flags));
    $report->add(fj_compare_encode((object) $obj, $flags | JSON_THROW_ON_ERROR));
}
ini_restore('fastjson.simd');
$report->finish('strings compared', 32 * count($strings) * count($paths));
?>
--EXPECT--
strings compared: OK
