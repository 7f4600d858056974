--TEST--
Non-ASCII text written as \u escapes by 64-byte blocks (the AVX-512 path: a slot per byte, compressed to what it writes; a character cut by the block's end left to the next block), by the AVX2 path's 16-byte blocks (a slot per byte, stored at the running sums of their lengths) and the strings that go back to the AVX2 writer part way: Cyrillic, CJK, emoji and mixed text of 0 to 300 bytes with every UTF-8 class, ill-formed sequence and escape at every offset around the 16-, 32- and 64-byte edges, seeded random mixes, as values and keys, every escaping flag, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Two-, three- and four-byte text, and text that mixes every length with ASCII words and
 * two-byte escapes. */
$backgrounds = [
    str_repeat('Юрий Титов, Валерий Васильев; ', 12),
    str_repeat('中文字符和日本語のテキスト', 10),
    str_repeat("\u{1F602}\u{1F4E6}\u{1F525}\u{2705}\u{1F44D}", 20),
    str_repeat("take \"\u{1F602}\" then/\u{4E2D} \u{E9}t\u{E9}\n", 12),
    // CJK with ASCII (the AVX-512 blocks of ASCII and 3-byte characters only)
    str_repeat("\u{4E2D}\u{6587} 12\u{5B57}\n\u{7B26}a\"/\u{FFFD}\u{3002}\\x", 12),
];
/* Each UTF-8 length at its edges, each ill-formed class (C0/C1 leads, a lone trail, F5-FF,
 * overlong E0 and F0 forms, a surrogate, beyond U+10FFFF, a lead without its trails) and
 * the escapes of two and six bytes. */
$probes = ["\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "\u{2028}",
    "\xc0\xaf", "\xc1\xbf", "\x80", "\xbf", "\xf5\x80\x80\x80", "\xff", "\xe0\x9f\xbf", "\xf0\x8f\xbf\xbf",
    "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc3", "\xe2\x82", "\xf0\x9f\x98", '/', '"', '\\', "\n", "\x01", "\x1f",
    '<', "'"];
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
    // Every offset of the 16-, 32- and 64-byte edges, with a character of each length cut there.
    foreach ([15, 16, 17, 31, 32, 33, 47, 48, 49, 61, 62, 63, 64, 65, 127, 128, 129] as $len) {
        $base = substr($bg, 0, $len);
        for ($at = 0; $at < $len; $at++) {
            foreach (["\u{E9}", "\u{4E2D}", "\u{1F602}", "\xe2\x82", "\xc3", '"'] as $p) {
                $strings[] = substr(substr($base, 0, $at) . $p . substr($base, $at), 0, $len);
            }
        }
    }
    // Longer strings: each probe around each block edge.
    foreach ([100, 191, 192, 193, 300] as $len) {
        $base = substr($bg, 0, $len);
        for ($edge = 64; $edge < $len + 4; $edge += 64) {
            for ($at = $edge - 4; $at < $edge + 4 && $at < $len; $at++) {
                foreach ($probes as $p) {
                    $strings[] = substr($base, 0, $at) . $p . substr($base, $at);
                }
            }
        }
    }
}
/* Seeded mixes, so that the slots a block writes (1, 2, 6 or none a byte) fill its packed
 * groups of 8 in every proportion. */
$r = new FjRandom(20261203);
$pieces = ['a', 'b', ' ', '"', '/', "\n", "\u{E9}", "\u{416}", "\u{4E2D}", "\u{FFFD}", "\u{1F602}", "\u{10FFFF}"];
for ($i = 0; $i < 3000; $i++) {
    $weights = [$r->below(4), $r->below(4), $r->below(4), $r->below(4)];
    $len = $r->range(1, 300);
    $s = '';
    while (strlen($s) < $len) {
        $class = $r->below(4);
        $s .= $weights[$class] > 0 ? $pieces[$class * 3 + $r->below(3)] : 'x';
    }
    $strings[] = $r->chance(20) ? substr($s, 0, $r->range(0, strlen($s))) : $s;
}
/* ASCII (clean, two-byte and six-byte escapes) and 3-byte characters only, in every
 * proportion and at every alignment of the characters. */
$pieces3 = ['a', ' ', '7', '"', '/', "\n", '\\', "\x1f", "\u{800}", "\u{4E2D}", "\u{FFFF}", "\u{2028}"];
for ($i = 0; $i < 2000; $i++) {
    $cjk = $r->below(9);
    $len = $r->range(1, 200);
    $s = '';
    while (strlen($s) < $len) {
        $s .= $r->below(8) < $cjk ? $pieces3[8 + $r->below(4)] : $pieces3[$r->below($r->chance(10) ? 8 : 3)];
    }
    $strings[] = $s;
}
$full = count($strings);
$strings = (new FjSample)->take(array_values(array_unique($strings)));

$contexts = [
    'values' => static fn(array $s) => $s,
    'keys' => static fn(array $s) => [array_fill_keys($s, 1)],
];
$flag_sets = [0, JSON_UNESCAPED_SLASHES, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_INVALID_UTF8_IGNORE,
    JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_LINE_TERMINATORS, JSON_HEX_QUOT,
    JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES];
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
87645 strings
strings compared: OK
