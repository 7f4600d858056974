<?php
/*
 * Throughput of the structural stage (fastjson_validate() with fastjson.structural=on)
 * at every SIMD level this CPU runs, beside the exact scanner (fastjson.structural=off)
 * and, when it is loaded, the peer's simdjson_is_valid(). One process; every round
 * runs each column once, in an order that rotates from round to round; the minimum
 * CPU time per call of each column is kept.
 *
 *   php -n -d extension=modules/fastjson.so -d fastjson.override=0 \
 *       [-d extension=../shared/peers/simdjson_plus/simdjson_plus.so] bench/stage.php [--rounds=N] [--filter=REGEX]
 *
 * GB = 10^9 bytes of input. "string only" is one 1 MB string of the words of
 * data/real/README.md (its few non-ASCII characters become \u escapes, one every few
 * blocks), where the stage has no token to hand to the grammar: the classification,
 * string masks and escape check alone.
 */

declare(strict_types=1);

function cpu_ns(): int
{
    $r = getrusage();
    return ($r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec']) * 1000000000
        + ($r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec']) * 1000;
}

function time_fastjson(string $s, int $n): int
{
    $c = cpu_ns();
    for ($i = 0; $i < $n; ++$i) {
        fastjson_validate($s);
    }
    return cpu_ns() - $c;
}

function time_peer(string $s, int $n): int
{
    $c = cpu_ns();
    for ($i = 0; $i < $n; ++$i) {
        simdjson_is_valid($s);
    }
    return cpu_ns() - $c;
}

/* Sets the ini values of a column; false when this build or CPU refuses them. */
function select_column(array $column): bool
{
    foreach ($column['ini'] as $name => $value) {
        if (ini_set($name, $value) === false) {
            return false;
        }
    }
    return true;
}

function run_column(array $column, string $s, int $n): int
{
    if ($column['peer']) {
        return time_peer($s, $n);
    }
    select_column($column);
    return time_fastjson($s, $n);
}

$opt = getopt('', ['rounds:', 'filter:']);
$rounds = (int) ($opt['rounds'] ?? 8);
$filter = $opt['filter'] ?? null;

if (!function_exists('fastjson_validate')) {
    fwrite(STDERR, "load the extension: php -d extension=modules/fastjson.so bench/stage.php\n");
    exit(1);
}

$columns = [];
foreach (['scalar', 'sse2', 'avx2', 'avx512', 'neon'] as $level) {
    $column = ['name' => $level, 'peer' => false,
        'ini' => ['fastjson.structural' => 'on', 'fastjson.simd' => $level]];
    if (@select_column($column)) {
        $columns[] = $column;
    }
}
$columns[] = ['name' => 'exact', 'peer' => false,
    'ini' => ['fastjson.structural' => 'off', 'fastjson.simd' => 'auto']];
$hasPeer = function_exists('simdjson_is_valid');
if ($hasPeer) {
    $columns[] = ['name' => 'peer', 'peer' => true, 'ini' => []];
}

$docs = [];
foreach (glob(__DIR__ . '/data/real/{,small/}*.json', GLOB_BRACE) as $file) {
    $docs[str_replace(__DIR__ . '/data/real/', '', $file)] = file_get_contents($file);
}
mt_srand(1);
$words = preg_split('/\s+/', file_get_contents(__DIR__ . '/data/real/README.md'), -1, PREG_SPLIT_NO_EMPTY);
$prose = '';
while (strlen($prose) < 1000000) {
    $prose .= $words[mt_rand(0, count($words) - 1)] . ' ';
}
$docs['string only'] = json_encode(str_replace(['"', '\\'], '', $prose), JSON_UNESCAPED_SLASHES);

printf("structural stage, GB/s of input (min of %d rounds); fastjson %s, PHP %s%s\n", $rounds,
    phpversion('fastjson'), PHP_VERSION, $hasPeer ? ', peer ' . ((new ReflectionFunction('simdjson_is_valid'))->getExtensionName()) : '');
printf("%-40s %9s", 'document', 'size');
foreach ($columns as $column) {
    printf(" %8s", $column['name']);
}
echo $hasPeer ? "   best/peer\n" : "\n";

$logs = [];
foreach ($docs as $name => $s) {
    if ($filter !== null && !preg_match("~$filter~", $name)) {
        continue;
    }
    /* Every column must say the document is valid: the bundled ones all are. */
    foreach ($columns as $column) {
        $valid = $column['peer'] ? simdjson_is_valid($s) : (select_column($column) && fastjson_validate($s));
        if (!$valid) {
            fwrite(STDERR, "$name: {$column['name']} says invalid\n");
            exit(2);
        }
    }
    $batch = [];
    foreach ($columns as $i => $column) {
        $n = 1;
        while (($t = run_column($column, $s, $n)) < 5000000) {
            $n *= $t > 500000 ? 2 : 8;
        }
        $batch[$i] = $n;
    }
    $best = array_fill(0, count($columns), PHP_INT_MAX);
    for ($r = 0; $r < $rounds; ++$r) {
        for ($k = 0; $k < count($columns); ++$k) {
            $i = ($k + $r) % count($columns);
            $best[$i] = min($best[$i], intdiv(run_column($columns[$i], $s, $batch[$i]) * 1000, $batch[$i]));
        }
    }
    printf("%-40s %9d", $name, strlen($s));
    $fastest = PHP_INT_MAX;
    foreach ($columns as $i => $column) {
        $gbps = strlen($s) * 1000 / max(1, $best[$i]);
        printf(" %8.2f", $gbps);
        $logs[$i][] = log($gbps);
        if (!$column['peer'] && $column['name'] !== 'exact') {
            $fastest = min($fastest, $best[$i]);
        }
    }
    if ($hasPeer) {
        $ratio = $best[count($columns) - 1] / $fastest;
        $logs['ratio'][] = log($ratio);
        printf("   %6.2f", $ratio);
    }
    echo "\n";
}
printf("%-40s %9s", 'geomean', '');
foreach ($columns as $i => $column) {
    printf(" %8.2f", exp(array_sum($logs[$i]) / count($logs[$i])));
}
if ($hasPeer) {
    printf("   %6.2f", exp(array_sum($logs['ratio']) / count($logs['ratio'])));
}
echo "\n";
