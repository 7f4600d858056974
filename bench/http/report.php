<?php
/*
 * Report of bench/http_ab.sh: reads the runs it recorded and prints, per endpoint, the
 * requests/s and the p50/p99 latency of both pools and the fastjson/ext-json ratios with
 * their spread over the rounds, as text and as a Markdown table, and draws the SVG chart
 * (in the style of bench.php's charts).
 *
 *   php -n bench/http/report.php RUN_DIR [--svg=FILE] [--json=FILE]
 *
 * RUN_DIR holds three tab-separated files written by http_ab.sh:
 *   meta.tsv       key, value (PHP and fastjson versions, CPU, settings, load averages)
 *   endpoints.tsv  name, description, calls, bytes_in, bytes_out (from pool B's probe)
 *   runs.tsv       round, endpoint, pool (a|b), requests, duration_us, p50_us, p99_us,
 *                  cpu_ns (CPU time of the pool's php-fpm workers during the run)
 * Pool a answers json_*() with ext/json (fastjson.enabled=0), pool b with fastjson.
 * Every ratio reads "> 1: fastjson is better": CPU per request a / b, req/s b / a,
 * latency a / b, each computed per round from the pair of runs of that round (run back
 * to back), then summarised by the median and the min-max over the rounds. The figures
 * per pool are medians over the rounds, so their quotient need not equal the median
 * ratio.
 */

declare(strict_types=1);

function fail(string $msg): never
{
    fwrite(STDERR, "report.php: $msg\n");
    exit(1);
}

function read_tsv(string $file): array
{
    $rows = [];
    foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: fail("cannot read $file") as $line) {
        $rows[] = explode("\t", $line);
    }
    return $rows;
}

function median(array $a): float
{
    sort($a);
    $n = count($a);
    return $n % 2 ? (float) $a[intdiv($n, 2)] : ($a[$n / 2 - 1] + $a[$n / 2]) / 2;
}

function xml(string $s): string
{
    return htmlspecialchars($s, ENT_QUOTES | ENT_XML1, 'UTF-8');
}

function fmt_bytes(int $b): string
{
    return $b < 1000 ? "$b B" : ($b < 1000000 ? sprintf('%.1f KB', $b / 1e3) : sprintf('%.2f MB', $b / 1e6));
}

/* A difference of CPU time: "−12 µs" saved, "+3 µs" added, "±0 µs" under half a µs. */
function fmt_delta_us(float $savedUs): string
{
    return (abs($savedUs) < 0.5 ? '±' : ($savedUs > 0 ? '−' : '+')) . fmt_us(abs($savedUs));
}

function fmt_us(float $us): string
{
    return $us < 1000 ? sprintf('%.0f µs', $us) : sprintf('%.2f ms', $us / 1000);
}

/* What the endpoint's json_* calls read and wrote per request. */
function json_work(array $e): string
{
    $parts = [];
    if ($e['bytes_in'] > 0) {
        $parts[] = 'decodes ' . fmt_bytes($e['bytes_in']);
    }
    if ($e['bytes_out'] > 0) {
        $parts[] = 'encodes ' . fmt_bytes($e['bytes_out']);
    }
    return implode(', ', $parts) . sprintf(' (%d call%s)', $e['calls'], $e['calls'] === 1 ? '' : 's');
}

/* Per endpoint: medians per pool and the per-round ratios. */
function summarise(array $runs, array $endpoints): array
{
    $byRound = [];
    foreach ($runs as [$round, $name, $pool, $requests, $durationUs, $p50, $p99, $cpuNs]) {
        $byRound[$name][(int) $round][$pool] = ['cpu' => $cpuNs / $requests / 1e3, 'rps' => $requests / ($durationUs / 1e6),
            'p50' => (float) $p50, 'p99' => (float) $p99, 'requests' => (int) $requests];
    }
    $out = [];
    foreach ($endpoints as $name => $e) {
        $pairs = array_filter($byRound[$name] ?? [], static fn($r) => isset($r['a'], $r['b']));
        if ($pairs === []) {
            continue;
        }
        $s = $e + ['rounds' => count($pairs), 'requests' => 0];
        foreach (['a', 'b'] as $pool) {
            foreach (['cpu', 'rps', 'p50', 'p99'] as $k) {
                $s[$pool][$k] = median(array_map(static fn($r) => $r[$pool][$k], $pairs));
            }
        }
        foreach ($pairs as $r) {
            $s['requests'] += $r['a']['requests'] + $r['b']['requests'];
            $s['ratios']['cpu'][] = $r['a']['cpu'] / $r['b']['cpu'];
            $s['ratios']['rps'][] = $r['b']['rps'] / $r['a']['rps'];
            $s['ratios']['p50'][] = $r['a']['p50'] / max(1.0, $r['b']['p50']);
            $s['ratios']['p99'][] = $r['a']['p99'] / max(1.0, $r['b']['p99']);
        }
        foreach ($s['ratios'] as $k => $list) {
            $s['ratio'][$k] = ['median' => median($list), 'min' => min($list), 'max' => max($list)];
        }
        $s['saved_us'] = $s['a']['cpu'] - $s['b']['cpu'];
        $out[$name] = $s;
    }
    return $out;
}

function print_text(array $sum, array $meta): void
{
    $range = static fn(array $r) => sprintf('%.2fx (%.2f-%.2f)', $r['median'], $r['min'], $r['max']);
    printf("\nHTTP A/B: pool a = ext/json (fastjson.enabled=0), pool b = fastjson; %s rounds of %s s per pool and endpoint,"
        . " %s connection(s), order a,b / b,a alternating\n", $meta['rounds'], $meta['duration'], $meta['connections']);
    printf("%-9s %-22s %-20s %-14s %-20s %-20s %s\n", 'endpoint', 'CPU/request a -> b', 'a/b (min-max)',
        'req/s a -> b', 'b/a (min-max)', 'p50 a -> b', 'p99 a -> b');
    foreach ($sum as $name => $s) {
        printf("%-9s %-22s %-20s %-14s %-20s %-20s %s\n", $name, fmt_us($s['a']['cpu']) . ' -> ' . fmt_us($s['b']['cpu']),
            $range($s['ratio']['cpu']), sprintf('%.0f -> %.0f', $s['a']['rps'], $s['b']['rps']), $range($s['ratio']['rps']),
            fmt_us($s['a']['p50']) . ' -> ' . fmt_us($s['b']['p50']), fmt_us($s['a']['p99']) . ' -> ' . fmt_us($s['b']['p99']));
    }
    echo "\nper-round ratios (PHP CPU per request a/b | req/s b/a):\n";
    $list = static fn(array $x) => implode(' ', array_map(static fn($v) => sprintf('%.2f', $v), $x));
    foreach ($sum as $name => $s) {
        printf("  %-9s %s | %s\n", $name, $list($s['ratios']['cpu']), $list($s['ratios']['rps']));
    }

    $md = static fn(array $r) => sprintf('%.2fx (%.2f–%.2f)', $r['median'], $r['min'], $r['max']);
    echo "\nMarkdown:\n\n";
    echo "| endpoint | JSON per request | PHP CPU per request, ext/json → fastjson | ratio (min–max) | req/s, ext/json → fastjson | ratio (min–max) | p50 latency | p99 latency |\n";
    echo "|---|---|---:|---:|---:|---:|---:|---:|\n";
    foreach ($sum as $name => $s) {
        printf("| `%s`: %s | %s | %s → %s (%s) | %s | %s → %s | %s | %s → %s | %s → %s |\n", $name, $s['description'],
            json_work($s), fmt_us($s['a']['cpu']), fmt_us($s['b']['cpu']), fmt_delta_us($s['saved_us']), $md($s['ratio']['cpu']),
            number_format($s['a']['rps']), number_format($s['b']['rps']), $md($s['ratio']['rps']),
            fmt_us($s['a']['p50']), fmt_us($s['b']['p50']), fmt_us($s['a']['p99']), fmt_us($s['b']['p99']));
    }
}

/* Three bars per endpoint (CPU per request, req/s and p50 ratios), each with a whisker
 * over the rounds, and the figures in a column right of the axis. p99 stays in the
 * tables: on a shared machine it measures the other work more than the endpoint. */
function write_svg(string $file, array $sum, array $meta): void
{
    $W = 1130;
    $textX = 852;
    $rowH = 14;
    $labelX = 318;
    $x0 = 326;
    $x1 = 842;
    $top = 98;
    $max = 0.0;
    foreach ($sum as $s) {
        foreach (['cpu', 'rps', 'p50'] as $k) {
            $max = max($max, $s['ratio'][$k]['max']);
        }
    }
    // p99 ratios of a noisy machine can be far off: the axis stops at 4x, longer bars get »
    $xmax = min(4.0, max(2.0, ceil($max * 2) / 2));
    $clip = $max > $xmax;
    $step = $xmax <= 2 ? 0.25 : 0.5;
    $sx = static fn(float $v) => $x0 + ($x1 - $x0) * min($v, $xmax) / $xmax;
    $ticks = [];
    for ($i = 0; $i * $step <= $xmax + 1e-9; ++$i) {
        $ticks[] = $i * $step;
    }
    $tickLabel = static fn(float $v) => rtrim(rtrim(sprintf('%.2f', $v), '0'), '.') . 'x';
    $rows = [
        'cpu' => ['PHP CPU/request: ext/json ÷ fastjson', '#2e8b57'],
        'rps' => ['req/s: fastjson ÷ ext/json', '#1f5fa8'],
        'p50' => ['p50 latency: ext/json ÷ fastjson', '#4a90d9'],
    ];

    $back = [];
    $body = [];
    $y = $top;
    foreach ($sum as $name => $s) {
        $y += 8;
        $body[] = sprintf('<text x="8" y="%d" class="gh">%s</text>', $y + 10, xml("$name — {$s['description']}"));
        $body[] = sprintf('<text x="%d" y="%d" class="gs" text-anchor="end">%s</text>', $W - 8, $y + 10,
            xml('PHP CPU per request ' . fmt_delta_us($s['saved_us'])));
        $y += 14;
        $body[] = sprintf('<text x="20" y="%d" class="gs">%s</text>', $y + 10, xml('JSON: ' . json_work($s)));
        $y += 16;
        $y0 = $y;
        foreach ($rows as $k => [$label, $color]) {
            $r = $s['ratio'][$k];
            $w = $sx($r['median']) - $x0;
            $detail = $k === 'rps'
                ? sprintf('%s → %s req/s', number_format($s['a']['rps']), number_format($s['b']['rps']))
                : sprintf('%s → %s', fmt_us($s['a'][$k]), fmt_us($s['b'][$k]));
            $body[] = sprintf('<text x="%d" y="%d" class="lb" text-anchor="end">%s</text>', $labelX, $y + 10, xml($label));
            $body[] = sprintf('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %.2fx, min %.2fx, max %.2fx over %d rounds (%s)</title></rect>',
                $x0, $y + 2, max(0.5, $w), $rowH - 4, $color, xml("$name $k"), $r['median'], $r['min'], $r['max'],
                $s['rounds'], xml($detail));
            // whisker: min-max of the per-round ratios
            $body[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="wk"/>', $sx($r['min']), $y + 7, $sx($r['max']), $y + 7);
            foreach ([$r['min'], $r['max']] as $v) {
                $body[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="wk"/>', $sx($v), $y + 3, $sx($v), $y + 11);
            }
            $body[] = sprintf('<text x="%d" y="%d" class="v">%.2fx (%.2f–%.2f%s)  %s</text>', $textX, $y + 10,
                $r['median'], $r['min'], $r['max'], $r['max'] > $xmax ? ' »' : '', xml($detail));
            $y += $rowH;
        }
        foreach ($ticks as $v) {
            $back[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="grid"/>', $sx($v), $y0, $sx($v), $y);
        }
        $back[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="one"/>', $sx(1.0), $y0, $sx(1.0), $y);
    }
    $bottom = $y + 4;
    $H = $bottom + 40;

    $axes = [];
    foreach ($ticks as $v) {
        $axes[] = sprintf('<text x="%.1f" y="%d" class="tk" text-anchor="middle">%s</text>', $sx($v), $bottom + 12, $tickLabel($v));
        $axes[] = sprintf('<text x="%.1f" y="%d" class="tk" text-anchor="middle">%s</text>', $sx($v), $top - 2, $tickLabel($v));
    }
    $axes[] = sprintf('<text x="%.1f" y="%d" class="rl" text-anchor="end">parity 1.0x ▾</text>', $sx(1.0) + 4, $top - 16);
    $axes[] = sprintf('<text x="%d" y="%d" class="ax" text-anchor="middle">%s</text>', ($x0 + $x1) / 2, $bottom + 30,
        xml('> 1.0x: fastjson is faster; bar: median of per-round ratios, whisker: min–max'
            . ($clip ? sprintf('; clipped at %dx (»)', $xmax) : '')));

    $tt = xml('fastjson vs ext/json behind nginx + php-fpm: two pools that differ only in fastjson.enabled');
    $ts = xml(sprintf('PHP %s, fastjson %s (%s), opcache on, %s. %s', $meta['php'], $meta['fastjson'], $meta['simd'],
        $meta['cpu'], $meta['date']));
    $tl = xml(sprintf('rounds: %d × %s s per pool and endpoint, a/b order alternating; wrk with %d connection(s); every reply checked',
        $meta['rounds'], $meta['duration'], $meta['connections']));
    $tm = xml(sprintf('wrk, nginx and php-fpm share the machine with other work: load average %s before, %s after;'
        . ' CPU: the php-fpm workers\' on-CPU time', $meta['load_before'], $meta['load_after']));
    $svg = <<<SVG
<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="$W" height="$H" viewBox="0 0 $W $H" font-family="ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono',monospace">
<style>
 .t{font-size:14px;font-weight:bold;fill:#111} .s{font-size:10px;fill:#444}
 .gh{font-size:11px;font-weight:bold;fill:#111} .gs{font-size:10px;fill:#333}
 .lb{font-size:10.5px;fill:#222}
 .v{font-size:10px;fill:#222;stroke:#fff;stroke-width:3px;paint-order:stroke;stroke-linejoin:round}
 .tk{font-size:10px;fill:#444} .rl{font-size:10px;fill:#222} .ax{font-size:11px;fill:#222}
 .grid{stroke:#e6e6e6;stroke-width:1} .one{stroke:#222;stroke-width:1.2}
 .wk{stroke:#111;stroke-width:1.2}
</style>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="8" y="18" class="t">$tt</text>
<text x="8" y="34" class="s">$ts</text>
<text x="8" y="48" class="s">$tl</text>
<text x="8" y="62" class="s">$tm</text>

SVG;
    $svg .= implode("\n", $back) . "\n" . implode("\n", $body) . "\n" . implode("\n", $axes) . "\n</svg>\n";
    $dir = dirname($file);
    if (!is_dir($dir) && !@mkdir($dir, 0777, true)) {
        fail("cannot create $dir");
    }
    if (file_put_contents($file, $svg) === false) {
        fail("cannot write $file");
    }
    echo "\nchart: $file\n";
}

$dir = $argv[1] ?? fail('usage: php -n bench/http/report.php RUN_DIR [--svg=FILE] [--json=FILE]');
$opt = ['svg' => null, 'json' => null];
foreach (array_slice($argv, 2) as $a) {
    if (!preg_match('/^--(svg|json)=(.+)$/', $a, $m)) {
        fail("unknown option $a");
    }
    $opt[$m[1]] = $m[2];
}
$meta = array_column(read_tsv("$dir/meta.tsv"), 1, 0);
$endpoints = [];
foreach (read_tsv("$dir/endpoints.tsv") as [$name, $description, $calls, $in, $out]) {
    $endpoints[$name] = ['description' => $description, 'calls' => (int) $calls, 'bytes_in' => (int) $in,
        'bytes_out' => (int) $out];
}
$sum = summarise(read_tsv("$dir/runs.tsv"), $endpoints);
if ($sum === []) {
    fail("no complete round in $dir/runs.tsv");
}
print_text($sum, $meta);
if ($opt['svg'] !== null) {
    write_svg($opt['svg'], $sum, $meta);
}
if ($opt['json'] !== null) {
    $raw = array_map(static fn($r) => array_combine(['round', 'endpoint', 'pool', 'requests', 'duration_us', 'p50_us', 'p99_us', 'cpu_ns'],
        $r), read_tsv("$dir/runs.tsv"));
    file_put_contents($opt['json'], json_encode(['meta' => $meta, 'summary' => $sum, 'runs' => $raw],
        JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE)) !== false || fail("cannot write {$opt['json']}");
    echo "raw results: {$opt['json']}\n";
}
