<?php
/*
 * What fastjson.stats costs on small payloads, through the override: json_decode() of a
 * 340-byte record and json_encode([1, 2, 3]), with fastjson.stats off, on (the default
 * sample, fastjson.stats_sample=64) and on with every call timed (fastjson.stats_sample=1).
 * All modes run in one process, interleaved round by round (ini_set() between loops); the
 * minimum of the rounds per mode is compared with "off".
 *
 *   php -d extension=modules/fastjson.so bench/stats_overhead.php [--rounds=15] [--calls=200000]
 *
 * For instruction counts (machine load does not change them) run one mode under
 * callgrind with --once=MODE:FUNCTION (e.g. --once=off:encode), twice with different
 * --calls, and divide the difference by the difference of calls.
 */

$opts = getopt('', ['rounds:', 'calls:', 'once:', 'sample:']);
$rounds = (int) ($opts['rounds'] ?? 15);
$calls = (int) ($opts['calls'] ?? 200000);
$sample = (string) (int) ($opts['sample'] ?? ini_get('fastjson.stats_sample'));

if (!function_exists('fastjson_info') || !fastjson_info()['override']) {
    fwrite(STDERR, "stats_overhead.php: load fastjson with fastjson.override=1\n");
    exit(1);
}

$record = json_encode([
    'id' => 12345, 'name' => 'Jane Doe', 'email' => 'jane.doe@example.com', 'active' => true, 'score' => 98.5,
    'tags' => ['alpha', 'beta', 'gamma'],
    'address' => ['street' => '123 Main St', 'city' => 'Springfield', 'zip' => '12345', 'country' => 'US'],
    'created' => '2024-01-15T10:30:00Z', 'roles' => ['admin', 'editor'],
    'meta' => ['logins' => 42, 'last_ip' => '192.168.1.1', 'notes' => 'none so far, thanks'],
]);
$small = [1, 2, 3];

$modes = [
    'off' => ['fastjson.stats' => '0', 'fastjson.stats_sample' => $sample],
    'on' => ['fastjson.stats' => '1', 'fastjson.stats_sample' => $sample],
    'on, every call' => ['fastjson.stats' => '1', 'fastjson.stats_sample' => '1'],
];
$loops = [
    'json_encode([1,2,3])' => function (int $n) use ($small) {
        for ($i = 0; $i < $n; $i++) {
            json_encode($small);
        }
    },
    'json_decode(' . strlen($record) . '-byte record)' => function (int $n) use ($record) {
        for ($i = 0; $i < $n; $i++) {
            json_decode($record);
        }
    },
];

function set_mode(array $ini): void
{
    foreach ($ini as $k => $v) {
        ini_set($k, $v);
    }
}

if (isset($opts['once'])) {
    [$mode, $fn] = explode(':', $opts['once']);
    set_mode($modes[$mode === 'every' ? 'on, every call' : $mode]);
    $loops[array_keys($loops)[$fn === 'encode' ? 0 : 1]]($calls);
    exit(0);
}

$best = [];
for ($r = 0; $r < $rounds; $r++) {
    foreach ($loops as $name => $loop) {
        $n = str_starts_with($name, 'json_decode') ? intdiv($calls, 8) : $calls;
        // Rotate the order of the modes each round.
        $names = array_keys($modes);
        for ($k = 0; $k < count($names); $k++) {
            $mode = $names[($k + $r) % count($names)];
            set_mode($modes[$mode]);
            $t = hrtime(true);
            $loop($n);
            $ns = (hrtime(true) - $t) / $n;
            $best[$name][$mode] = min($best[$name][$mode] ?? INF, $ns);
        }
    }
}
set_mode($modes['off']);

printf("%d rounds, minimum per mode; ns per call (loop included) and overhead against \"off\"\n\n", $rounds);
echo "| call | off | on (1 in $sample timed) | on, every call timed |\n|---|---:|---:|---:|\n";
foreach ($best as $name => $b) {
    printf("| %s | %.1f ns | %.1f ns (%+.1f%%) | %.1f ns (%+.1f%%) |\n", $name, $b['off'],
        $b['on'], ($b['on'] / $b['off'] - 1) * 100, $b['on, every call'], ($b['on, every call'] / $b['off'] - 1) * 100);
}
