--TEST--
Strings of up to 64 bytes written in one pass (the AVX-512 path: all ASCII, escapes of two bytes only), and those that fall back from it: clean, URL-like and escape-dense text of 0 to 70 bytes with a byte of every class at every offset, as values, array keys and property names, every escaping flag, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Clean text (the one pass copies it whole), a URL (slashes, the most common escapes of
 * real documents) and two-byte escapes only. */
$backgrounds = [
    str_repeat('abcdefghijklmnopqrstuvwxyz0123456789', 2),
    str_repeat('https://api.example.com/v1/users/42?fields=a', 2),
    str_repeat("/\"\\\n\t\r\x08\x0c", 9),
];
/* Each two-byte escape, controls with \u00XX escapes, the JSON_HEX_* bytes, DEL, each
 * UTF-8 length (U+2028 too) and an ill-formed byte: each one keeps the string from the
 * one pass or not, depending on the flags. */
$probes = ['/', '"', '\\', "\n", "\t", "\r", "\x08", "\x0c", "\x00", "\x01", "\x1f",
    '<', '&', "'", "\x7f", "\xc3\xa9", "\xe2\x80\xa8", "\xf0\x9f\x98\x80", "\xff"];
$lengths = range(0, 70);
$strings = [];
foreach ($backgrounds as $bg) {
    foreach ($lengths as $len) {
        $base = substr($bg, 0, $len);
        $strings[] = $base;
        foreach ($probes as $p) {
            foreach (array_unique([0, 1, intdiv($len, 2), $len - 2, $len - 1]) as $at) {
                if ($at >= 0 && $at < $len) {
                    $strings[] = substr($base, 0, $at) . $p . substr($base, $at + 1);
                }
            }
        }
    }
    // Every offset of the 32- and 64-byte edges, with the first two-byte escape.
    foreach ([31, 32, 33, 63, 64, 65] as $len) {
        $base = substr($bg, 0, $len);
        for ($at = 0; $at < $len; $at++) {
            $strings[] = substr($base, 0, $at) . '/' . substr($base, $at + 1);
            $strings[] = substr($base, 0, $at) . "\xc3\xa9" . substr($base, $at + 1);
        }
    }
}
$full = count($strings);
$strings = (new FjSample)->take(array_values(array_unique($strings)));

/* The same strings as values, as the keys of an array (an object in the output) and as
 * the property names of a stdClass. */
$contexts = [
    'values' => static fn(array $s) => $s,
    'keys' => static fn(array $s) => [array_fill_keys($s, 1)],
    'properties' => static function (array $s) {
        $o = new stdClass;
        foreach ($s as $k) {
            if ($k !== '' && $k[0] !== "\0") {
                $o->{$k} = $k;
            }
        }
        return [$o];
    },
];
$hex = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
$flag_sets = [0, JSON_UNESCAPED_SLASHES, JSON_HEX_QUOT, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS,
    JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | $hex];
$paths = fj_simd_paths();
$report = new FjReport;
$compared = 0;
foreach ($flag_sets as $flags) {
    foreach (fj_string_batches($strings, $flags) as $batch) {
        foreach ($contexts as $make) {
            $values = $make(array_values($batch));
            $ref = fj_outcome('json_encode', $values, $flags);
            foreach ($paths as $path) {
                fj_set_simd($path);
                $report->addAll(fj_compare_batch($values, $flags, 512, $ref), count($batch));
                $compared += count($batch);
            }
        }
    }
}
ini_restore('fastjson.simd');
echo $full, " strings\n";
$report->finish('strings compared', count($flag_sets) * count($contexts) * count($paths) * count($strings));
?>
--EXPECT--
21321 strings
strings compared: OK
