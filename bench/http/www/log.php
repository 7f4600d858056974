<?php
/*
 * GET /log.php?records=N: structured logging: N small records, each encoded as one JSON
 * line with the flags Monolog's JsonFormatter uses, appended to a log file in one write
 * (the file is emptied past 16 MB so that a long run does not fill the disk). The reply
 * holds the xxh3 hash of the lines, so the benchmark's body check covers every byte encoded.
 */
require __DIR__ . '/common.php';

$probe = ab_probe_start();
$n = max(1, min(2000, (int) ($_GET['records'] ?? 200)));
$levels = ['DEBUG', 'INFO', 'INFO', 'NOTICE', 'WARNING'];
$lines = '';
for ($i = 0; $i < $n; ++$i) {
    $record = [
        'message' => $i % 7 === 0 ? 'Cache miss for key "user:' . (4000 + $i) . '"' : 'Handled GET /api/orders/' . (90000 + $i),
        'context' => ['order_id' => 90000 + $i, 'user_id' => 4000 + $i % 97, 'duration_ms' => 3.5 + ($i % 13) * 0.25,
            'route' => 'api_order_show', 'ok' => $i % 11 !== 0],
        'level' => 100 + 100 * ($i % 5),
        'level_name' => $levels[$i % 5],
        'channel' => 'app',
        'datetime' => sprintf('2026-11-30T12:%02d:%02d.%06d+00:00', intdiv($i, 60) % 60, $i % 60, ($i * 7919) % 1000000),
        'extra' => ['request_id' => sprintf('%08x', ($i * 2654435761) & 0xffffffff), 'memory_usage' => '2 MB'],
    ];
    $lines .= json_encode($record, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION
        | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR) . "\n";
}
$log = fopen(__DIR__ . '/log/app-' . getmypid() . '.jsonl', 'ab');
if (fstat($log)['size'] > 16 << 20) {
    ftruncate($log, 0);
}
fwrite($log, $lines);
fclose($log);
ab_send(json_encode(['logged' => $n, 'bytes' => strlen($lines), 'xxh3' => hash('xxh3', $lines)]), $probe);
