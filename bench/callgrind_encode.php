<?php
/*
 * Helper of bench/callgrind.sh: encode one text file N times.
 *
 *   php callgrind_encode.php json|fast|check FILE FLAGS N
 *
 * "json" calls json_encode(), "fast" fastjson_encode(); N = 0 gives the baseline
 * (same start-up, file read and set-up, no encoding). "check" verifies that both
 * produce identical bytes and prints the input and output sizes. A .json FILE (a seed
 * corpus) is decoded first and the value encoded; its input size is the file's.
 */
declare(strict_types=1);

[, $mode, $file, $flags, $n] = $argv + [null, null, null, '0', '0'];
$flags = (int)$flags;
$n = (int)$n;
$text = file_get_contents($file);
$s = ($text !== false && str_ends_with($file, '.json')) ? json_decode($text, false, 512, JSON_THROW_ON_ERROR) : $text;
if ($text === false || !in_array($mode, ['json', 'fast', 'check'], true)) {
    fwrite(STDERR, "usage: php callgrind_encode.php json|fast|check FILE FLAGS N\n");
    exit(1);
}
if (!function_exists('fastjson_encode')) {
    fwrite(STDERR, "fastjson extension not loaded\n");
    exit(1);
}
if ($mode === 'check') {
    $a = json_encode($s, $flags);
    $b = fastjson_encode($s, $flags);
    if (!is_string($a) || $a !== $b) {
        fwrite(STDERR, "MISMATCH for $file flags $flags\n");
        exit(2);
    }
    echo strlen($text), ' ', strlen($a), "\n";
    exit(0);
}
if ($mode === 'json') {
    for ($i = 0; $i < $n; ++$i) {
        json_encode($s, $flags);
    }
} else {
    for ($i = 0; $i < $n; ++$i) {
        fastjson_encode($s, $flags);
    }
}
