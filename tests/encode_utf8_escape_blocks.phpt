--TEST--
Runs of 2-byte, 3-byte, 4-byte and mixed UTF-8 text (the \u block kernels' 16- and 24-byte blocks, and the 1-15 bytes before the end of a string) with every class of byte or sequence inserted at every byte offset, cut at every length, and around the 4096-byte chunk boundaries, every escaping flag set, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Backgrounds: runs the kernels take whole, with units that differ in every hex digit
 * (U+0080 and U+07FF, U+0800, U+D7FF, U+E000, U+FFFF at the class edges), Cyrillic words
 * between one, two and three ASCII bytes, and 2- and 3-byte characters in turn. */
$two = "\u{80}\u{7ff}жЯабвгдеёзийклмнопрстуфхцчшщъыьэюяÀÿ\u{5d0}\u{3a9}";
$three = "\u{800}\u{d7ff}\u{e000}\u{ffff}中文字あいう€\u{2027}\u{202a}\u{fffd}\u{abcd}\u{1234}\u{feff}";
// Surrogate pairs that differ in every hex digit: U+10000, U+10FFFF and the edges of
// each half's 10 bits.
$four = "\u{10000}\u{10ffff}😀🎉\u{103ff}\u{10400}\u{fffff}\u{1f9ea}\u{e0001}\u{2a6d6}";
$chars = fn(string $s, int $n) => implode('', array_slice(preg_split('//u', str_repeat($s, 3), -1, PREG_SPLIT_NO_EMPTY), 0, $n));
$backgrounds = [
    '2-byte' => $chars($two, 40),
    '3-byte' => $chars($three, 34),
    'words' => 'Такой этот, слово. Время при  дом все: человек можно!данные',
    '2/3-byte' => 'жё中Я€ю' . "\u{7ff}\u{800}" . 'ыあяいфう' . "\u{80}\u{ffff}" . 'бвг文字дез',
    '4-byte' => $chars($four, 14),
    'emoji words' => "😀 🎉 a\u{10ffff}\n😂😂 ✨й\u{10000} 中",
];

$probes = [
    // ASCII: clean, escaped under some flag set, controls, and runs of 2 and 3
    'a', ' ', "\x00", "\x1f", "\n", '"', '\\', '/', '<', '>', '&', "'", 'ab', 'abc', ' / ',
    // valid sequences of every length, U+2028/2029
    "\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf", "\xee\x80\x80", "\xef\xbf\xbf",
    "\xe2\x80\xa8", "\xe2\x80\xa9", "\xf0\x90\x80\x80", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf",
    // overlong forms, surrogates, above U+10FFFF, bad leads, lone trails, truncated sequences
    "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf",
    "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf8\x88\x80\x80\x80", "\xfe", "\xff",
    "\x80", "\xbf", "\x80\x80\x80", "\xc3", "\xd0", "\xe4\xb8", "\xe2", "\xf0\x9f\x98", "\xc3\x41", "\xe2\x82\x41",
];

$strings = [];
foreach ($backgrounds as $bg) {
    $len = strlen($bg);
    // Inserted at every byte offset, also inside a sequence, which leaves it truncated.
    foreach ($probes as $p) {
        for ($at = 0; $at <= $len; $at++) {
            $strings[] = substr($bg, 0, $at) . $p . substr($bg, $at);
        }
    }
    // Cut at every length, ending at every byte of a sequence, alone and before an ASCII tail.
    for ($cut = 0; $cut <= $len; $cut++) {
        $strings[] = substr($bg, 0, $cut);
        $strings[] = substr($bg, 0, $cut) . 'xyz';
        $strings[] = 'q' . substr($bg, $cut);
    }
}
// Around the end of the first and second 4096-byte chunks of long runs.
$chunk_cases = 0;
// (4-byte text only around the first: the batches' memory)
foreach (['2-byte' => [$two, 30, 2], '3-byte' => [$three, 30, 2], '4-byte' => [$four, 16, 1]] as [$bg, $reach, $edges]) {
    $long = str_repeat($bg, intdiv(9000, strlen($bg)) + 1);
    foreach (array_slice([4096, 8192], 0, $edges) as $edge) {
        foreach (['"', "\xc3", "\xe2\x80\xa8", "\xf0\x9f\x98\x80", 'a'] as $p) {
            for ($at = $edge - $reach; $at <= $edge + $reach; $at++) {
                $strings[] = substr($long, 0, $at) . $p . substr($long, $at);
                $chunk_cases++;
            }
        }
    }
}

// FASTJSON_TEST_SCALE thins them under emulation and sanitizers.
$strings = (new FjSample)->take($strings);
$flag_sets = array_merge(fj_escape_flag_sets(), [
    JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_INVALID_UTF8_IGNORE | JSON_UNESCAPED_SLASHES | JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_UNESCAPED_UNICODE,
]);
$paths = fj_simd_paths();
$report = new FjReport;
foreach ($flag_sets as $flags) {
    $ref = fj_outcome('json_encode', $strings, $flags);
    foreach ($paths as $path) {
        fj_set_simd($path);
        $report->addAll(fj_compare_batch($strings, $flags, 512, $ref), count($strings));
    }
}
// Without an error flag an invalid string fails the call: the valid strings batched under
// flags 0, each invalid one alone (false, the error code, the exception).
$is_utf8 = fn(string $s) => preg_match('//u', $s) === 1;
$valid = array_values(array_filter($strings, $is_utf8));
$invalid = array_values(array_filter($strings, fn($s) => !$is_utf8($s)));
foreach ($paths as $path) {
    fj_set_simd($path);
    foreach ([0, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES] as $flags) {
        $report->addAll(fj_compare_batch($valid, $flags), count($valid));
    }
    foreach ($invalid as $i => $s) {
        if ($i % 7 === 0) {
            $report->add(fj_compare_encode($s, ($i & 8) ? JSON_THROW_ON_ERROR : 0));
        }
    }
}
ini_restore('fastjson.simd');
echo 'chunk-edge strings: ', $chunk_cases, "\n";
$report->finish('strings compared', (count($flag_sets) * count($strings) + 2 * count($valid)) * count($paths));
?>
--EXPECT--
chunk-edge strings: 1385
strings compared: OK
