--TEST--
Escape-dense ASCII whose escapes take two bytes (the AVX2 kernel writes such a block by two shuffles, a short last block loaded as the bytes that end the string): every dirty byte class, every UTF-8 length and invalid bytes at every offset of strings of 1 to 80 bytes, every escaping flag, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Backgrounds: only two-byte escapes; two-byte escapes every other byte; three or more
 * in each half block between clean bytes. Each flag set turns some of them into \u
 * escapes (JSON_HEX_QUOT) or clean bytes (JSON_UNESCAPED_SLASHES). */
$backgrounds = [
    str_repeat("\"\\/\x08\x0c\n\r\t", 10),
    str_repeat("a/b\"c\\d\ne\tf\rg\x08h\x0c", 5),
    str_repeat("//x\\\"y/\n/", 9),
];
/* A byte of each class: two-byte escapes, \u00XX controls, bytes the JSON_HEX_* flags
 * escape, clean ASCII, each UTF-8 length (U+2028 too), and ill-formed sequences. */
$probes = [
    '"', '\\', '/', "\x08", "\x0c", "\n", "\r", "\t",
    "\x00", "\x01", "\x0b", "\x0e", "\x1f", '<', '>', '&', "'",
    'a', ' ', "\x7f",
    "\xc3\xa9", "\xe2\x82\xac", "\xe2\x80\xa8", "\xf0\x9f\x98\x80",
    "\x80", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xff",
];
$lengths = array_merge(range(1, 20), range(28, 36), range(44, 52), range(60, 68), [79, 80]);
$strings = [];
foreach ($backgrounds as $bg) {
    foreach ($lengths as $len) {
        $base = substr($bg, 0, $len);
        $strings[] = $base;
        foreach ($probes as $p) {
            for ($at = 0; $at < $len; $at++) {
                // in place of a byte, so the block keeps its length
                $strings[] = substr($base, 0, $at) . $p . substr($base, $at + 1);
            }
        }
    }
}
// A dense run crossing the 4096-byte chunk edges, two-byte escapes only.
$long = str_repeat("/a\"b\\c\nd", 1100);
foreach ([4096, 8192] as $edge) {
    foreach (['a', '/', "\x01", "\xc3\xa9", "\xff"] as $p) {
        for ($at = $edge - 24; $at <= $edge + 24; $at++) {
            $strings[] = substr($long, 0, $at) . $p . substr($long, $at + 1);
        }
    }
}

$full = count($strings);
// FASTJSON_TEST_SCALE thins them under emulation and sanitizers.
$strings = (new FjSample)->take($strings);

$hex = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
$flag_sets = array_merge(fj_escape_flag_sets(), [
    0,
    JSON_UNESCAPED_SLASHES,
    JSON_HEX_QUOT | JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_INVALID_UTF8_IGNORE | $hex | JSON_UNESCAPED_SLASHES,
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
150487 strings
strings compared: OK
