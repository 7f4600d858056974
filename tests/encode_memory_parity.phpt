--TEST--
Encode memory: fastjson_encode() peaks within json_encode()'s x 1.05 + 64 KB (generated documents, compact and pretty), and a 16.7 MB document (3 MB under valgrind) encodes under a memory_limit just above ext/json's need
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
require __DIR__ . '/memory_parity.inc';
if (($p = fj_mem_problem()) !== null) die("skip $p");
?>
--INI--
fastjson.override=0
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';
require __DIR__ . '/memory_parity.inc';

/* 1. Peak memory of one call (memory_get_peak_usage(), which counts the capacity an output
 * buffer holds), both encoders in the same fresh child per document. The sizes straddle
 * the buffer's regimes: doubling (< 32 KB), steps inside a 2 MB chunk, the largest
 * in-chunk block (2,093,056 bytes) and past it, where the buffer is a block of its own,
 * and past 40 MB, where it grows by whole 2 MB huge pages. Under valgrind: the first two
 * regimes and the block of its own only. */
$slow = fj_mem_slow();
$documents = [];
foreach (['records', 'objects', 'floats', 'strings', 'string'] as $kind) {
    foreach ($slow ? [150000, 2300000] : [20000, 150000, 700000, 2000000, 2300000, 6000000, 13000000] as $bytes) {
        $documents[] = [$kind, $bytes];
    }
}
if (!$slow) {
    $documents[] = ['strings', 48000000];
}
$cases = 0;
$bad = [];
foreach ($documents as [$kind, $bytes]) {
    foreach (fj_mem_figures(['encode-peaks', $kind, $bytes]) as $style => $r) {
        ++$cases;
        $allowed = $r['json'] * 1.05 + 65536;
        if (!$r['same'] || $r['bytes'] === 0 || $r['fast'] > $allowed) {
            $bad[] = sprintf('%s %d %s: %s bytes, json_encode peak %d, fastjson peak %d (allowed %d), same bytes: %s',
                $kind, $bytes, $style, $r['bytes'], $r['json'], $r['fast'], $allowed, var_export($r['same'], true));
        }
    }
}
printf("peaks: fastjson_encode within json_encode x 1.05 + 64 KB with the same bytes: %s\n",
    $bad || $cases !== 2 * count($documents) ? "NO ($cases cases)\n  " . implode("\n  ", $bad) : 'yes');

/* 2. memory_limit. A child measures what json_encode() needs for the whole script
 * (memory_get_peak_usage(true): memory_limit counts ZendMM's 2 MB chunks and blocks
 * mapped on their own, and refuses an allocation that would pass it). Another child runs
 * fastjson_encode() under that need + 5% + 2 MB (one chunk) and must succeed with
 * json_encode()'s bytes; json_encode() itself under need - 5% - 2 MB must fail, which
 * shows that the limit binds at that resolution. */
$bytes = $slow ? 3000000 : 16700000;
foreach (['compact' => 0, 'pretty' => JSON_PRETTY_PRINT] as $style => $flags) {
    [$status, $out, $err] = fj_mem_run(['need', 'records', $bytes, $flags]);
    if ($status !== 0 || !preg_match('/^(\d+) (\d+)$/', trim($out), $m)) {
        echo "$style: measuring json_encode's need failed (exit $status): ", substr($err . $out, 0, 300), "\n";
        continue;
    }
    $need = (int) $m[1];
    $margin = intdiv($need, 20) + 2 * FJ_MEM_MB;
    [$refStatus, $reference] = fj_mem_run(['output', 'json_encode', 'records', $bytes, $flags]);
    [$fastStatus, $fast, $fastErr] = fj_mem_run(['output', 'fastjson_encode', 'records', $bytes, $flags], (string) ($need + $margin));
    [$lowStatus, , $lowErr] = fj_mem_run(['output', 'json_encode', 'records', $bytes, $flags], (string) ($need - $margin));
    printf("%s: json_encode %s; fastjson_encode under need + 5%% + 2 MB: %s; json_encode under need - 5%% - 2 MB: %s\n",
        $style,
        $refStatus === 0 && strlen($reference) === (int) $m[2] && strlen($reference) > $bytes * 0.99 ? 'ok' : "FAILED (exit $refStatus)",
        $fastStatus !== 0 ? "FAILED (exit $fastStatus, limit " . ($need + $margin) . '): ' . trim(substr($fastErr, 0, 200))
            : ($fast === $reference ? 'same bytes' : 'DIFFERENT BYTES (' . strlen($fast) . ' vs ' . strlen($reference) . ')'),
        $lowStatus !== 0 && str_contains($lowErr, 'Allowed memory size') ? 'fails' : "DOES NOT FAIL (exit $lowStatus)");
}
?>
--EXPECT--
peaks: fastjson_encode within json_encode x 1.05 + 64 KB with the same bytes: yes
compact: json_encode ok; fastjson_encode under need + 5% + 2 MB: same bytes; json_encode under need - 5% - 2 MB: fails
pretty: json_encode ok; fastjson_encode under need + 5% + 2 MB: same bytes; json_encode under need - 5% - 2 MB: fails
