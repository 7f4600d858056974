--TEST--
ASCII text with escapes now and then (the AVX2 path's 32-byte blocks stored whole, each escape written over them and the rest stored again): line breaks, quotes, controls and the characters each flag escapes, one or a few per block at every offset around the 16/32/64-byte edges of strings of 80 to 400 bytes, dense stretches and non-ASCII characters that end the blocks, around the 4096-byte chunk edges, every escaping flag set, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Clean ASCII with a dirty byte every 20 to 60 bytes (lines of text, quoted words). */
$backgrounds = [
    str_repeat("Form should his time what help.\nMany one great that new back must ", 8),
    str_repeat('He said "yes" and then <b>left</b> & went home; it\'s late ', 8),
    str_repeat("col\tcol2\tcol3 with a longer cell value here\r\n", 10),
];
$probes = [
    'a', "\n", "\x00", "\x1f", "\x7f", '"', '\\', '/', '<', '>', '&', "'", "\n\n\n\n", '"/"/"/',
    "\xc3\xa9", "\xe2\x80\xa8", "\xe4\xb8\xad", "\xf0\x9f\x98\x80", "\x80", "\xc3", "\xed\xa0\x80", "\xff",
];
$strings = [];
foreach ($backgrounds as $bg) {
    // A clean background with every probe at every offset of its first 100 bytes.
    $clean = strtr($bg, ["\n" => ' ', "\t" => ' ', "\r" => ' ', '"' => ' ', '<' => ' ', '>' => ' ',
        '&' => ' ', "'" => ' ', '/' => ' ']);
    foreach ([80, 81, 95, 96, 97, 128, 200] as $len) {
        foreach ([$clean, $bg] as $text) {
            $base = substr($text, 0, $len);
            $strings[] = $base;
            foreach ($probes as $p) {
                for ($at = 0; $at < 100 && $at <= $len; $at++) {
                    $strings[] = substr($base, 0, $at) . $p . substr($base, $at);
                }
            }
        }
    }
    // Two probes, the second around each block edge after the first.
    $base = substr($clean, 0, 300);
    foreach (["\n", '"', "\x01", "\xc3\xa9"] as $p) {
        foreach ([16, 17, 31, 32, 33, 63, 64, 65] as $first) {
            for ($gap = 1; $gap < 70; $gap += 3) {
                $s = substr($base, 0, $first) . $p . substr($base, $first);
                $strings[] = substr($s, 0, $first + 1 + $gap) . $p . substr($s, $first + 1 + $gap);
            }
        }
    }
}
// Around the end of the first and second 4096-byte chunks.
$long = str_repeat("Many one great that new back must\n", 300);
foreach ([4096, 8192] as $edge) {
    foreach (['a', "\n", '"', "\xc3\xa9", "\xff"] as $p) {
        for ($at = $edge - 90; $at <= $edge + 40; $at++) {
            $strings[] = substr($long, 0, $at) . $p . substr($long, $at);
        }
    }
}

$full = count($strings);
// FASTJSON_TEST_SCALE thins them under emulation and sanitizers.
$strings = (new FjSample)->take($strings);

$hex = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
$flag_sets = array_merge(fj_escape_flag_sets(), [
    JSON_INVALID_UTF8_SUBSTITUTE | $hex,
    JSON_INVALID_UTF8_IGNORE | JSON_HEX_TAG | JSON_UNESCAPED_SLASHES,
]);
$paths = fj_simd_paths();
$report = new FjReport;
foreach ($flag_sets as $flags) {
    foreach (fj_string_batches($strings, $flags) as $batch) {
        $ref = fj_outcome('json_encode', $batch, $flags);
        foreach ($paths as $path) {
            fj_set_simd($path);
            $report->addAll(fj_compare_batch($batch, $flags, 512, $ref), count($batch));
        }
    }
}
ini_restore('fastjson.simd');
echo $full, " strings\n";
$report->finish('strings compared', count($flag_sets) * count($strings) * count($paths));
?>
--EXPECT--
89888 strings
strings compared: OK
