--TEST--
Structural stage, strings longer than a block (the stage's string loop): seeded random strings of 1-6 blocks at every start offset, of plain text, escapes of every kind, backslash runs, UTF-8 of every length, with one bad or special piece (control character, bad escape, invalid or cut UTF-8, a quote that ends the string early, the end of the input) at a random place; validate with and without the stage on every SIMD path, and the stage vouches for every valid document
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_validate')) die('skip fastjson_validate() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

mt_srand(20261201);
$good = [
    'a', 'text ', 'longer plain words ', '\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u00e9', '\\uFFFF',
    '\\ud83d\\ude00', '\\\\\\\\', '\\\\\\"', "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", '{}[],: ',
];
$bad = [
    "\x01", "\x1f", '\\x', '\\u12', '\\ud83d', '\\ude00', "\xc3", "\xe6\x97", "\xf0\x9f\x98", "\x80", "\xff", "\xed\xa0\x80",
    '"', '", 1, "', '"]junk["',
];
$piece = static function (array $pool): string {
    return $pool[mt_rand(0, count($pool) - 1)];
};

$docs = [];
for ($i = 0; $i < 3000; $i++) {
    $offset = $i % 64;
    $length = mt_rand(64, 6 * 64);
    $text = '';
    while (strlen($text) < $length) {
        $text .= $piece($good);
    }
    $docs[] = '[' . str_repeat(' ', $offset) . '"' . $text . '"]';
    // One bad or special piece somewhere in it, from the first byte to the last.
    $at = mt_rand(0, strlen($text));
    $docs[] = '[' . str_repeat(' ', $offset) . '"' . substr($text, 0, $at) . $piece($bad) . substr($text, $at) . '"]';
    // Cut: the input ends inside the string, or right after it.
    $docs[] = '["' . substr($text, 0, $at);
    $docs[] = '{"k":"' . $text . '","' . $text . '":' . mt_rand() . '}';
}

$report = new FjReport;
$should_accept = 0;
$accepted = [];
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    $accepted[$path] = 0;
    foreach ($docs as $json) {
        $ref = fj_val_outcome('fj_ref_validate', $json);
        $report->add(fj_val_compare($json, 512, 0, $ref));
        if ($ref['val'] === 'true') {
            $should_accept += $path === fj_simd_paths()[0] ? 1 : 0;
            fj_set_structural('on');
            $before = fastjson_info()['structural']['accepted'];
            fastjson_validate($json);
            $accepted[$path] += fastjson_info()['structural']['accepted'] - $before;
            ini_restore('fastjson.structural');
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'validate outcomes compared', count($docs) * count(fj_simd_paths()));
$short = array_filter($accepted, static fn(int $n) => $n !== $should_accept);
echo !$short && $should_accept > 6000 ? "every SIMD path: the stage vouched for every valid document\n"
    : "the stage vouched for fewer than the $should_accept valid documents: " . json_encode($short) . "\n";
?>
--EXPECT--
validate outcomes compared: cases as expected, 0 mismatches
every SIMD path: the stage vouched for every valid document
