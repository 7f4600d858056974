--TEST--
Shared counters: forked children count into the mapping made at startup; the parent's fastjson_info()['shared'] sums them all, including a child killed with SIGKILL; a new child takes over a released slot without losing counts
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('pcntl_fork')) die('skip pcntl not available');
if (!fastjson_info()['shared']['available']) die('skip no shared memory here (MADV_WIPEONFORK needs Linux 4.14)');
?>
--INI--
fastjson.override=1
--FILE--
<?php
function calls(array $functions): array
{
    return array_map(fn($c) => $c['calls'], $functions);
}
function shared(): array
{
    return calls(fastjson_info()['shared']['functions']);
}
function mine(): array
{
    return calls(fastjson_info()['functions']);
}
/* Runs $work in a child, which reports its own counters before and after through a file. */
function child(callable $work, bool $kill = false): int
{
    $report = tempnam(sys_get_temp_dir(), 'fj');
    $pid = pcntl_fork();
    if ($pid === 0) {
        $start = mine();
        $work();
        // Written with serialize(): json_encode() would count.
        file_put_contents($report, serialize([$start, mine(), getmypid()]));
        if ($kill) {
            exec('kill -KILL ' . getmypid());
            sleep(10);
        }
        exit(0);
    }
    pcntl_waitpid($pid, $status);
    [$start, $end] = unserialize(file_get_contents($report));
    unlink($report);
    printf("child: started at %s, did %s, %s\n", implode('/', $start), implode('/', $end),
        pcntl_wifsignaled($status) ? 'killed by signal ' . pcntl_wtermsig($status) : 'exited ' . pcntl_wexitstatus($status));
    return $pid;
}

json_encode([1]);
json_decode('[1]');
$info = fastjson_info()['shared'];
var_dump($info['available'], $info['slots'], $info['slots_in_use'], $info['unslotted']);
var_dump(shared() === mine());
$parent = mine();

child(function () {
    for ($i = 0; $i < 10; $i++) json_encode([$i]);
    json_validate('{}');
});
child(function () {
    for ($i = 0; $i < 5; $i++) json_decode("[$i]");
});
child(function () {
    for ($i = 0; $i < 7; $i++) json_encode($i);
}, true);

// The parent's own counters did not move; the shared ones hold all four processes.
var_dump(mine() === $parent);
echo implode('/', shared()), "\n";
// Two children released their slots, the killed one could not: it still holds one.
var_dump(fastjson_info()['shared']['slots_in_use']);

// A new child takes a free slot over: the counts left in it move to the retired totals.
child(function () {
    json_validate('[]');
});
echo implode('/', shared()), "\n";
$m = fastjson_metrics();
var_dump(str_contains($m, "fastjson_shared 1\n"), str_contains($m, 'fastjson_calls_total{function="json_encode",side="fastjson"} 18' . "\n"));
?>
--EXPECT--
bool(true)
int(512)
int(1)
int(0)
bool(true)
child: started at 0/0/0, did 10/0/1, exited 0
child: started at 0/0/0, did 0/5/0, exited 0
child: started at 0/0/0, did 7/0/0, killed by signal 9
bool(true)
18/6/1
int(2)
child: started at 0/0/0, did 0/0/1, exited 0
18/6/2
bool(true)
bool(true)
