--TEST--
Encode memory: under every memory_limit from 2.25 MB to above what json_encode() needs for a 3 MB output (the buffer leaves its chunk for a block of its own there), fastjson_encode() gives json_encode()'s bytes or PHP's "Allowed memory size" fatal error, never anything else, and succeeds wherever json_encode() does; some limits stop the compact output inside that move
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
require __DIR__ . '/memory_parity.inc';
if (($p = fj_mem_problem()) !== null) die("skip $p");
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/memory_parity.inc';

$bytes = 3000000;
$step = fj_mem_slow() ? FJ_MEM_MB : 256 * 1024;
foreach (['compact' => 0, 'pretty' => JSON_PRETTY_PRINT] as $style => $flags) {
    [$status, $out, $err] = fj_mem_run(['need', 'records', $bytes, $flags]);
    if ($status !== 0 || !preg_match('/^(\d+) (\d+)$/', trim($out), $m)) {
        echo "$style: measuring json_encode's need failed (exit $status): ", substr($err . $out, 0, 300), "\n";
        continue;
    }
    $need = (int) $m[1];
    [$status, $out] = fj_mem_run(['limited', 'json_encode', 'records', $bytes, $flags]);
    $reference = trim(substr($out, strlen("built\n")));
    $bad = [];
    $outcomes = ['same bytes' => 0, 'fatal' => 0];
    $stoppedInMove = 0;
    /* 256 KB steps (1 MB under valgrind or a thinned run) from 8 MB below the need (at
     * least just above PHP's first 2 MB chunk) to 2 MB above it. PHP builds with delayed
     * memory_limit errors (Debian's 8.2.36 and 8.4.28) let a call go on allocating past the
     * limit until the VM raises the error, and end the process at twice the limit ("Hard
     * memory limit", exit 137): the low limits are where fastjson_encode() met that end
     * before it stopped growing its output past the limit. */
    for ($limit = max($need - 8 * FJ_MEM_MB, 2 * FJ_MEM_MB + 256 * 1024); $limit <= $need + 2 * FJ_MEM_MB; $limit += $step) {
        $runs = [];
        foreach (['json_encode', 'fastjson_encode'] as $fn) {
            [$status, $out, $err] = fj_mem_run(['limited', $fn, 'records', $bytes, $flags], (string) $limit);
            $built = str_starts_with($out, "built\n");
            if ($built && $status === 0 && trim(substr($out, 6)) === $reference) {
                $runs[$fn] = 'same bytes';
            } elseif ($status === 255 && ($out === "built\n" || $out === '') && preg_match('/Allowed memory size of \d+ bytes exhausted \(tried to allocate (\d+) bytes\)/', $err, $f)) {
                $runs[$fn] = $built ? 'fatal' : 'fatal before the call';
                // the move's new block: past ZendMM's largest in-chunk block
                if ($fn === 'fastjson_encode' && $built && (int) $f[1] > 2 * FJ_MEM_MB) {
                    ++$stoppedInMove;
                }
            } else {
                $runs[$fn] = "exit $status: " . trim(substr($err . $out, 0, 200));
            }
        }
        $fast = $runs['fastjson_encode'];
        if (isset($outcomes[$fast])) {
            ++$outcomes[$fast];
        } elseif ($fast !== 'fatal before the call') {
            $bad[] = "limit $limit: fastjson_encode $fast";
        }
        if ($runs['json_encode'] === 'same bytes' && $fast !== 'same bytes') {
            $bad[] = "limit $limit: json_encode succeeds, fastjson_encode: $fast";
        }
    }
    printf("%s: %s\n", $style, $bad ? "FAILED\n  " . implode("\n  ", $bad) : 'bytes or the fatal error only, never short of json_encode');
    printf("%s: both outcomes seen: %s\n", $style,
        $outcomes['same bytes'] > 0 && $outcomes['fatal'] > 0 ? 'yes' : 'NO (' . json_encode($outcomes) . ')');
    if ($style === 'compact') {
        echo "compact: stopped inside the move: ", $stoppedInMove > 0 ? 'yes' : 'NO', "\n";
    }
}
?>
--EXPECT--
compact: bytes or the fatal error only, never short of json_encode
compact: both outcomes seen: yes
compact: stopped inside the move: yes
pretty: bytes or the fatal error only, never short of json_encode
pretty: both outcomes seen: yes
