--TEST--
Escape-dense ASCII (the 16-byte blocks escaped from one mask): every class of byte inserted at every offset of dense strings cut around 16/32/48/64 bytes and around the 4096-byte chunk edges, every escaping flag set, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Dirty bytes every 1 to 6 bytes: each character escaped by some flag set, and runs of
 * them, between clean ASCII. */
$backgrounds = [
    str_repeat('/a/bc/def/', 9),
    str_repeat('<p class="x">&amp;\'q\'</p>', 4),
    str_repeat('"\\/"<>&\'', 12),
    str_repeat("a/b\tc\"d\\e/f", 8),
];
$probes = [
    'a', ' ', "\x00", "\x1f", "\n", "\x7f", '"', '\\', '/', '<', '>', '&', "'", '//', 'abc',
    "\xc3\xa9", "\xe2\x80\xa8", "\xe4\xb8\xad", "\xf0\x9f\x98\x80",
    "\x80", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xff",
];
$strings = [];
foreach ($backgrounds as $bg) {
    foreach ([1, 2, 14, 15, 16, 17, 18, 30, 31, 32, 33, 34, 46, 47, 48, 49, 63, 64, 65, 80] as $len) {
        $base = substr($bg, 0, $len);
        foreach ($probes as $p) {
            for ($at = 0; $at <= $len; $at++) {
                $strings[] = substr($base, 0, $at) . $p . substr($base, $at);
            }
        }
    }
}
// Around the end of the first and second 4096-byte chunks.
$long = str_repeat('/ab/"cd\\', 1200);
foreach ([4096, 8192] as $edge) {
    foreach (['a', '/', "\n", "\xc3\xa9", "\xff"] as $p) {
        for ($at = $edge - 40; $at <= $edge + 40; $at++) {
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
70410 strings
strings compared: OK
