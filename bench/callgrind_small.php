<?php
/*
 * Helper of bench/callgrind_small.sh: N calls of one json_*() function on one of
 * bench/cold.php's payloads, with fastjson.override=1 and fastjson.enabled per side.
 *
 *   php callgrind_small.php PAYLOAD CALL SIDE N [cold]
 *
 * PAYLOAD  a payload name of bench/cold.php (tiny, log-record, request-1k, ...)
 * CALL     decode, decode-assoc, validate, encode-assoc or encode-obj (the payload
 *          decoded to arrays or objects once, then encoded)
 * SIDE     ext (fastjson.enabled=0: ext/json answers) or fast (fastjson.enabled=1)
 * N        calls; N < 0 prints the payload's size and checks that both sides agree
 * cold     read an 8 MB string (every line, by strpos()) before each call, which
 *          empties the caches that callgrind_small.sh simulates
 */
declare(strict_types=1);

require __DIR__ . '/cold.php';

[, $name, $call, $side, $n] = $argv + [null, null, null, null, '0'];
$mode = $argv[5] ?? 'warm';
$all = payloads(false, null);
$calls = [
    'decode' => static fn(string $s) => json_decode($s),
    'decode-assoc' => static fn(string $s) => json_decode($s, true),
    'validate' => static fn(string $s) => json_validate($s),
    'encode-assoc' => static fn(string $s) => json_encode(json_decode($s, true)),
    'encode-obj' => static fn(string $s) => json_encode(json_decode($s)),
];
if (!isset($all[$name], $calls[$call]) || !in_array($side, ['ext', 'fast'], true) || !in_array($mode, ['warm', 'cold'], true)) {
    fwrite(STDERR, "usage: php callgrind_small.php " . implode('|', array_keys($all)) . ' ' . implode('|', array_keys($calls))
        . " ext|fast N [cold]\n");
    exit(1);
}
if (!function_exists('fastjson_info') || !fastjson_info()['override']) {
    fwrite(STDERR, "load fastjson with fastjson.override=1\n");
    exit(1);
}
$json = $all[$name][0];
$f = $calls[$call];
$n = (int)$n;
if ($n < 0) {
    ini_set('fastjson.enabled', '0');
    $ext = $f($json);
    ini_set('fastjson.enabled', '1');
    if ($f($json) != $ext) {
        fwrite(STDERR, "MISMATCH: fastjson and ext/json differ on $name/$call\n");
        exit(2);
    }
    echo strlen($json), "\n";
    exit(0);
}
ini_set('fastjson.enabled', $side === 'fast' ? '1' : '0');
// Literal calls in the loops (no closure call around them), as an application makes them.
$cold = $mode === 'cold';
$evict = $cold ? str_repeat("\0", 8 << 20) : '';
if ($call === 'decode') {
    for ($i = 0; $i < $n; ++$i) {
        $cold && strpos($evict, "\1");
        json_decode($json);
    }
} elseif ($call === 'decode-assoc') {
    for ($i = 0; $i < $n; ++$i) {
        $cold && strpos($evict, "\1");
        json_decode($json, true);
    }
} elseif ($call === 'validate') {
    for ($i = 0; $i < $n; ++$i) {
        $cold && strpos($evict, "\1");
        json_validate($json);
    }
} else {
    $value = json_decode($json, $call === 'encode-assoc');
    for ($i = 0; $i < $n; ++$i) {
        $cold && strpos($evict, "\1");
        json_encode($value);
    }
}
