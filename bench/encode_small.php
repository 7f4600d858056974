<?php
/*
 * Small json_encode() calls through the override, A/B by fastjson.enabled: what an
 * application's per-call encodes (API replies, log records, entities) gain.
 *
 *   php -n -d extension=modules/fastjson.so -d fastjson.override=1 bench/encode_small.php [--rounds=N] [--batch-ms=MS]
 *
 * (from the repository root). The override stays on, so the calls are json_encode(); before
 * each batch ini_set('fastjson.enabled', '0'|'1') picks ext/json or fastjson. Both sides must
 * give the same bytes first, and fastjson_info()'s counters must show each side's calls where
 * they belong (exit 2 otherwise). Per case: a batch size giving ~MS ms (default 1: short
 * batches are more often left alone on a busy machine), then N rounds (default 80) of one
 * batch per side, the order alternating; each side's figure is its fastest batch (hrtime,
 * wall clock: run it on a quiet machine, or read the ratios only); ratio = ext/json time /
 * fastjson time (> 1: fastjson faster).
 */

declare(strict_types=1);

const DATA = __DIR__ . '/data';

/* A structured log record (351 bytes encoded), as cold.php builds it. */
function log_record(int $n = 0): array
{
    return [
        'ts' => sprintf('2026-11-30T21:43:%02d.512+00:00', $n % 60), 'level' => 'info', 'channel' => 'http',
        'message' => 'Request completed',
        'context' => ['method' => 'POST', 'path' => '/api/v2/orders/' . (81723 + $n) . '/items', 'status' => 201,
                      'duration_ms' => 38.25 + $n, 'request_id' => '6f1c2a9e-4b7d-4e0a-9c51-2d8f3b7a1e64',
                      'user_id' => 40917 + $n, 'ip' => '198.51.100.23'],
        'extra' => ['host' => 'web-03', 'pid' => 18342, 'memory_peak' => 6291456],
    ];
}

/* The record as entities: objects of declared classes (no property table). */
final class LogContext
{
    public function __construct(public string $method, public string $path, public int $status,
        public float $duration_ms, public string $request_id, public int $user_id, public string $ip) {}
}
final class LogExtra
{
    public function __construct(public string $host, public int $pid, public int $memory_peak) {}
}
final class LogRecord
{
    public function __construct(public string $ts, public string $level, public string $channel,
        public string $message, public LogContext $context, public LogExtra $extra) {}
}

function as_entity(array $r): LogRecord
{
    return new LogRecord($r['ts'], $r['level'], $r['channel'], $r['message'], new LogContext(...$r['context']),
        new LogExtra(...$r['extra']));
}

/* The same record as nested stdClass objects. */
function as_objects(mixed $v): mixed
{
    return json_decode(json_encode($v, JSON_THROW_ON_ERROR), false, 512, JSON_THROW_ON_ERROR);
}

function cases(): array
{
    $timeline = json_decode((string) file_get_contents(DATA . '/real/small/twitter_timeline.json'), true, 512, JSON_THROW_ON_ERROR);
    $records = [];
    for ($i = 0; $i < 50; ++$i) {
        $records[] = log_record($i);
    }
    return [
        '[1,2,3]' => [1, 2, 3],
        'record (array)' => log_record(),
        'record (stdClass)' => as_objects(log_record()),
        'record (classes)' => as_entity(log_record()),
        '2 tweets (arrays)' => array_slice($timeline, 0, 2),
        '2 tweets (stdClass)' => as_objects(array_slice($timeline, 0, 2)),
        '50 records (arrays)' => $records,
        '50 records (stdClass)' => as_objects($records),
        '50 records (classes)' => array_map('as_entity', $records),
    ];
}

function batch(mixed $v, int $n): int
{
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        json_encode($v);
    }
    return hrtime(true) - $t;
}

function use_side(bool $fast): void
{
    ini_set('fastjson.enabled', $fast ? '1' : '0');
}

function calls(): array
{
    $f = fastjson_info()['functions']['json_encode'];
    return [$f['calls'] - $f['ext_json_calls'], $f['ext_json_calls']];
}

function fail(string $msg): never
{
    fwrite(STDERR, "encode_small.php: $msg\n");
    exit(2);
}

$opt = getopt('', ['rounds:', 'batch-ms:', 'help']);
if (isset($opt['help'])) {
    echo preg_replace('/^ \* ?/m', '', explode('*/', explode('/*', file_get_contents(__FILE__), 2)[1])[0]);
    exit(0);
}
$rounds = (int) ($opt['rounds'] ?? 80);
$batch_ns = (float) ($opt['batch-ms'] ?? 1) * 1e6;
if (!function_exists('fastjson_info') || !fastjson_info()['override']) {
    fail('needs fastjson loaded with fastjson.override=1');
}

printf("%-24s %6s %10s %10s %8s\n", 'case', 'bytes', 'ext ns', 'fast ns', 'ratio');
foreach (cases() as $name => $v) {
    use_side(false);
    $ref = json_encode($v);
    use_side(true);
    $before = calls();
    $got = json_encode($v);
    if ($ref !== $got || calls() !== [$before[0] + 1, $before[1]]) {
        fail("$name: the two sides differ, or the call did not go to fastjson");
    }
    $n = 16;
    while (batch($v, $n) < $batch_ns / 4) {
        $n *= 2;
    }
    $n *= 4;
    $best = [false => PHP_INT_MAX, true => PHP_INT_MAX];
    $before = calls();
    for ($r = 0; $r < $rounds; ++$r) {
        foreach ($r % 2 ? [true, false] : [false, true] as $fast) {
            use_side($fast);
            $best[$fast] = min($best[$fast], batch($v, $n));
        }
    }
    if (calls() !== [$before[0] + $rounds * $n, $before[1] + $rounds * $n]) {
        fail("$name: the calls did not go to the sides they were meant for");
    }
    printf("%-24s %6d %10.1f %10.1f %7.2fx\n", $name, strlen($ref), $best[false] / $n, $best[true] / $n,
        $best[false] / $best[true]);
}
