<?php
/*
 * Shared by the endpoints that bench/http_ab.sh serves. A request that sends the header
 * "X-Ab-Probe: 1" also gets, as response headers, which side answered its json_* calls
 * and what they counted (fastjson_info() before and after the handler): the checks use
 * it, the timed requests never send it, so they do not pay for it. The body never
 * depends on the side, the worker or the time: the benchmark compares it between pools.
 */

declare(strict_types=1);

const AB_DATA = __DIR__ . '/data';

function ab_probe_start(): ?array
{
    return isset($_SERVER['HTTP_X_AB_PROBE']) ? fastjson_info()['functions'] : null;
}

function ab_send(string $json, ?array $probe, int $status = 200): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    if ($probe !== null) {
        $info = fastjson_info();
        $sum = ['calls' => 0, 'ext_json_calls' => 0, 'bytes_in' => 0, 'bytes_out' => 0];
        foreach ($info['functions'] as $fn => $counters) {
            foreach ($sum as $name => $_) {
                $sum[$name] += $counters[$name] - $probe[$fn][$name];
            }
        }
        header('X-Ab-Side: ' . ($info['enabled'] ? 'fastjson' : 'ext/json'));
        header('X-Ab-Json: ' . http_build_query($sum, '', ' '));
    }
    echo $json;
}
