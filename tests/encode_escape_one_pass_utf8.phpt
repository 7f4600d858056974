--TEST--
Short non-ASCII strings under JSON_UNESCAPED_UNICODE (the AVX-512 one pass copies well-formed UTF-8 as it is) and those that fall back from it: Cyrillic, CJK, emoji and mixed text of 0 to 70 bytes, cut at every byte (a character cut off at the end), with every UTF-8 class, ill-formed sequence, U+2028/U+2029 and escape at every offset of the 32- and 64-byte edges, as values, array keys and property names, every escaping flag, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Two-, three- and four-byte text, and text that mixes them with ASCII words. */
$backgrounds = [
    str_repeat('Юрий Титов, Валерий ', 4),
    str_repeat('中文字符和日本語のテキスト', 3),
    str_repeat("\u{1F602}\u{1F4E6}\u{1F525}\u{2705}\u{1F44D}", 5),
    str_repeat("take at one \u{1F602} then \u{1F4E6} \u{E9}t\u{E9} ", 3),
];
/* Each UTF-8 length at its edges (U+0080, U+07FF, U+0800, U+FFFF, U+10000, U+10FFFF), the
 * line terminators, each ill-formed class (C0/C1 leads, a lone trail, F5-FF, overlong E0 and
 * F0 forms, a surrogate, beyond U+10FFFF, a lead without its trails) and the escapes: each
 * one keeps the string from the one pass or not, depending on the flags. */
$probes = ["\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "\u{2028}", "\u{2029}",
    "\xe2\x80\xa7", "\xe2\x80\xaa", "\xc0\xaf", "\xc1\xbf", "\x80", "\xbf", "\xf5\x80\x80\x80", "\xff",
    "\xe0\x9f\xbf", "\xf0\x8f\xbf\xbf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc3", "\xe2\x82", "\xf0\x9f\x98",
    '/', '"', '\\', "\n", "\x01", '<', '&', "'"];
$strings = [];
foreach ($backgrounds as $bg) {
    for ($len = 0; $len <= 70; $len++) {
        $base = substr($bg, 0, $len);
        $strings[] = $base;
        foreach ($probes as $p) {
            foreach (array_unique([0, intdiv($len, 2), $len - strlen($p)]) as $at) {
                if ($at >= 0 && $at < $len) {
                    $strings[] = substr($base, 0, $at) . $p . substr($base, $at + strlen($p));
                }
            }
            $strings[] = $base . $p;
        }
    }
    // Every offset of the 32- and 64-byte edges, with a character of each length.
    foreach ([31, 32, 33, 62, 63, 64, 65] as $len) {
        $base = substr($bg, 0, $len);
        for ($at = 0; $at < $len; $at++) {
            foreach (["\u{E9}", "\u{2028}", "\u{1F602}", "\xe2\x82"] as $p) {
                $strings[] = substr(substr($base, 0, $at) . $p . substr($base, $at), 0, $len);
            }
        }
    }
}
$full = count($strings);
$strings = (new FjSample)->take(array_values(array_unique($strings)));

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
$uu = JSON_UNESCAPED_UNICODE;
$flag_sets = [$uu, $uu | JSON_UNESCAPED_SLASHES, $uu | JSON_UNESCAPED_LINE_TERMINATORS,
    $uu | JSON_INVALID_UTF8_IGNORE, $uu | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_LINE_TERMINATORS,
    $uu | JSON_PARTIAL_OUTPUT_ON_ERROR, $uu | JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
    $uu | JSON_PRETTY_PRINT, 0];
$paths = fj_simd_paths();
$report = new FjReport;
foreach ($flag_sets as $flags) {
    foreach (fj_string_batches($strings, $flags) as $batch) {
        foreach ($contexts as $make) {
            $values = $make(array_values($batch));
            $ref = fj_outcome('json_encode', $values, $flags);
            foreach ($paths as $path) {
                fj_set_simd($path);
                $report->addAll(fj_compare_batch($values, $flags, 512, $ref), count($batch));
            }
        }
    }
}
ini_restore('fastjson.simd');
echo $full, " strings\n";
$report->finish('strings compared', count($flag_sets) * count($contexts) * count($paths) * count($strings));
?>
--EXPECT--
40128 strings
strings compared: OK
