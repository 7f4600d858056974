--TEST--
Decode whitespace: runs of 0-70 bytes (spaces; space/tab/LF/CR mixed; CRLF) before, after and between tokens (across the 16/32-byte blocks a whitespace skip may take), each with every foreign byte (\f, \v, NUL, 0x1F, 0xA0, U+00A0, U+2028, x, /, ", #, ',', ']', 0x80, 0xFF) put at each position; assoc and object mode, validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the documents)
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$kinds = ['spaces' => ' ', 'mixed' => " \t\n \r\t  \n", 'crlf' => "\r\n"];
$placements = [
    'before' => fn($w) => $w . '1',
    'after' => fn($w) => '"s"' . $w,
    'array' => fn($w) => '[' . $w . '1' . $w . ',' . $w . '{}' . $w . ']',
    'object' => fn($w) => '{' . $w . '"k"' . $w . ':' . $w . 'true' . $w . ',"l":' . $w . '[]}',
];
$foreign = ["\f", "\v", "\0", "\x1f", "\xa0", "\u{a0}", "\u{2028}", 'x', '/', '"', '#', ',', ']', "\x80", "\xff"];
$report = new FjReport;
$sample = new FjSample;
$n = 0;
foreach ($kinds as $kname => $unit) {
    for ($len = 0; $len <= 70; $len++) {
        $run = substr(str_repeat($unit, 71), 0, $len);
        $docs = [];
        foreach ($placements as $pname => $make) {
            $docs["$pname"] = $make($run);
            for ($p = 0; $p < $len; $p++) {
                foreach ($foreign as $i => $b) {
                    $docs["$pname pos $p byte $i"] = $make(substr($run, 0, $p) . $b . substr($run, $p + 1));
                }
            }
        }
        $n += count($docs);
        $docs = $sample->take($docs);
        fj_dec_docs($report, "$kname run of $len", $docs, true, 0, [0]);
        fj_dec_docs($report, "$kname run of $len", $docs, false, JSON_INVALID_UTF8_SUBSTITUTE);
    }
}
echo "$n documents\n";
// Each document in assoc mode and validated, and in object mode, on every SIMD path.
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled($n) * 3 * count(fj_simd_paths()));
?>
--EXPECT--
448152 documents
decode/validate outcomes compared: cases as expected, 0 mismatches
