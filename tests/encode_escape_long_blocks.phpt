--TEST--
Strings longer than 64 bytes written by 64-byte blocks (the AVX-512 path: ASCII with two-byte escapes, and with JSON_UNESCAPED_UNICODE well-formed UTF-8 as it is, checked across the blocks' edges), and those that go back to the AVX2 writer part way: text of 65 to 300 bytes with a character of every length, a line terminator, an ill-formed sequence or an escape at every offset around each block edge (characters and line terminators cut by the edge), cut at the end, as values and keys, every escaping flag, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$backgrounds = [
    str_repeat('He said "see https://example.com/a/b" then left. ', 8),
    str_repeat('Юрий Титов, Валерий Васильев; ', 12),
    str_repeat('中文字符和日本語のテキスト', 10),
    str_repeat("take \u{1F602} then \u{1F4E6} \u{E9}t\u{E9} ", 12),
];
/* Each UTF-8 length, the line terminators (whole and begun), ill-formed bytes and
 * sequences, and escapes of two and six bytes. */
$probes = ["\u{E9}", "\u{4E2D}", "\u{1F602}", "\u{2028}", "\u{2029}", "\xe2\x80", "\xe2", "\xc3", "\x80", "\xff",
    "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x01", '"', '/', "\n", '<'];
$lengths = [65, 100, 127, 128, 129, 191, 192, 193, 256, 300];
$strings = [];
foreach ($backgrounds as $bg) {
    foreach ($lengths as $len) {
        $base = substr($bg, 0, $len);
        $strings[] = $base;
        $offsets = [0, intdiv($len, 2), $len - 1];
        for ($edge = 64; $edge < $len + 4; $edge += 64) {
            for ($d = -4; $d <= 3; $d++) {
                $offsets[] = $edge + $d;
            }
        }
        foreach ($probes as $p) {
            foreach (array_unique($offsets) as $at) {
                if ($at >= 0 && $at < $len) {
                    // Inserted (a character cut by the edge) and cut back to the length.
                    $strings[] = substr($base, 0, $at) . $p . substr($base, $at);
                    $strings[] = substr(substr($base, 0, $at) . $p . substr($base, $at), 0, $len);
                }
            }
        }
    }
}
$full = count($strings);
$strings = (new FjSample)->take(array_values(array_unique($strings)));

$contexts = [
    'values' => static fn(array $s) => $s,
    'keys' => static fn(array $s) => [array_fill_keys($s, 1)],
];
$uu = JSON_UNESCAPED_UNICODE;
$flag_sets = [0, JSON_UNESCAPED_SLASHES, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_INVALID_UTF8_SUBSTITUTE | JSON_HEX_TAG,
    $uu, $uu | JSON_UNESCAPED_SLASHES, $uu | JSON_UNESCAPED_LINE_TERMINATORS, $uu | JSON_INVALID_UTF8_IGNORE,
    $uu | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_LINE_TERMINATORS, $uu | JSON_PARTIAL_OUTPUT_ON_ERROR,
    $uu | JSON_HEX_QUOT];
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
25472 strings
strings compared: OK
