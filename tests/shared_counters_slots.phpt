--TEST--
Shared counters with few slots (fastjson.shm_slots=2): a slot of a killed process is taken over and its counts kept; a process that finds no slot counts only for itself and is reported as unslotted; fastjson.shm_slots=0 turns the mapping off
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('pcntl_fork')) die('skip pcntl not available');
if (!fastjson_info()['shared']['available']) die('skip no shared memory here (MADV_WIPEONFORK needs Linux 4.14)');
?>
--INI--
fastjson.override=1
fastjson.shm_slots=2
--FILE--
<?php
require __DIR__ . '/override_opcache.inc';

function shared(): string
{
    $s = fastjson_info()['shared'];
    return sprintf('encode calls %d, slots in use %d, unslotted %d', $s['functions']['json_encode']['calls'],
        $s['slots_in_use'], $s['unslotted']);
}
function fork(callable $work): void
{
    $pid = pcntl_fork();
    if ($pid === 0) {
        $work();
        exit(0);
    }
    pcntl_waitpid($pid, $status);
}

json_encode(1);
echo shared(), "\n";
// Takes the second slot and dies holding it.
fork(function () {
    json_encode([1, 2]);
    json_encode([1, 2]);
    exec('kill -KILL ' . getmypid());
});
echo shared(), "\n";
// No free slot: takes the dead one over, its counts move to the retired totals.
fork(function () {
    json_encode(3);
    echo 'child: ', shared(), "\n";
    // Holds the slot while its own child finds none left.
    fork(function () {
        for ($i = 0; $i < 5; $i++) json_encode($i);
        $me = fastjson_info()['functions']['json_encode']['calls'];
        echo "grandchild: counted $me for itself; ", shared(), "\n";
    });
});
echo shared(), "\n";

// fastjson.shm_slots=0: no mapping, the counters are this process's.
$code = 'json_encode(1); $i = fastjson_info(); var_dump($i["shared"], $i["functions"]["json_encode"]["calls"]);'
    . ' $m = fastjson_metrics(); var_dump(str_contains($m, "fastjson_shared 0\n"), str_contains($m, "fastjson_shared_slots"),'
    . ' str_contains($m, "fastjson_calls_total{function=\"json_encode\",side=\"fastjson\"} 1\n"));';
passthru(escapeshellarg(fj_child_php()) . ' -n -d extension=' . escapeshellarg(fj_loaded_fastjson_so())
    . ' -d fastjson.shm_slots=0 -r ' . escapeshellarg($code));
?>
--EXPECT--
encode calls 1, slots in use 1, unslotted 0
encode calls 3, slots in use 2, unslotted 0
child: encode calls 4, slots in use 2, unslotted 0
grandchild: counted 5 for itself; encode calls 4, slots in use 2, unslotted 1
encode calls 4, slots in use 1, unslotted 1
array(1) {
  ["available"]=>
  bool(false)
}
int(1)
bool(true)
bool(false)
bool(true)
