<?php
/*
 * fastjson cold-call benchmark: one json_decode() / json_validate() / json_encode() call
 * with the CPU caches and TLB full of other work, as when an application decodes one
 * request body or cached payload per request; next to the same call repeated (warm).
 *
 *   php -n -d extension=modules/fastjson.so -d fastjson.override=1 bench/cold.php [options]
 *   php -n -d extension=modules/fastjson.so -d fastjson.override=1 \
 *       -d extension=../shared/peers/simdjson_plus/simdjson_plus.so bench/cold.php   # with the peer
 *
 * (from the repository root). The override stays on, so json_*() are the functions an
 * application calls; A/B is fastjson.enabled, switched with ini_set() before each call:
 * ext = Off (ext/json answers), fast = On (fastjson answers). Before timing, both sides
 * must give the same result, and fastjson_info()'s counters must show that every ext
 * call went to ext/json and every fast call to fastjson (checked again after each cell);
 * otherwise the script aborts (exit 2). On PHP 8.2, json_validate() exists through the
 * override; with fastjson.enabled=0 ext/json's decoder answers it (to arrays), which is
 * the PHP 8.2 way, json_decode($json, true).
 *
 * Cold: before each timed call, a buffer larger than the last-level cache (1.25 x its
 * size from sysfs, else 64 MB) is read line by line (every 64-byte line, by memchr), then
 * a second buffer of twice the L2 size is written one byte per 64-byte line (other
 * work's dirty lines and pages in L1/L2 and the TLB); --evict=write writes one byte per
 * line of the whole large buffer instead (slower: fewer samples in the same time). Warm:
 * rounds of one untimed and 10 timed calls per side. Only the call is timed, with
 * hrtime(); the timer's own cost (median of empty timings) is subtracted. Sides are
 * interleaved, the order rotated every round. Each side's figure is the median of its
 * samples; ratio = ext/json median / fastjson median (> 1: fastjson faster), with the
 * 25th and 75th percentiles of the per-round ratios.
 *
 * Peer: when simdjson_decode() and simdjson_is_valid() are loaded (simdjson_plus), they
 * are timed as a third side for decode and validate (a speed reference only: their
 * results are not compared; one call must return non-null / true, else the peer is
 * skipped for that cell, noted). peer = ext/json time / peer time, f/peer = peer time /
 * fastjson time (> 1: fastjson faster).
 *
 * Options:
 *   --quick            3 payloads, 12 s of cold samples (< 20 s in all)
 *   --budget=S         seconds of cold sampling that set the sample count (default 90)
 *   --samples=N        cold samples per side and cell (default: from --budget, 10..2000)
 *   --warm-samples=N   warm samples per side and cell (default 500; --quick 200)
 *   --evict-mb=N       size of the large eviction buffer in MB (default 1.25 x LLC)
 *   --evict=read|write read the large buffer by memchr (default) or write one byte per
 *                      line of it in a PHP loop
 *   --peer=auto|off    time the peer when it is loaded (default auto), or never
 *   --payloads=A,B     only these payloads (names as in the table)
 *   --ops=A,B          only these calls (decode, decode-assoc, validate, encode-assoc, encode-obj)
 *   --floor            decode calls get a third side, "build": a PHP function generated
 *                      from the decoded value builds an equal value from prepared parts,
 *                      parsing nothing (every scalar a variable, so that each array is
 *                      built at run time; strings shared, keys literal). Its cold time is
 *                      what any decoder pays for the result's memory, tables, freeing and
 *                      a call; "max" = ext/json ÷ build bounds the ratio a decoder could
 *                      reach (from above: a decoder also allocates each string and key)
 *   --fresh            decode calls also run "fresh", as a php-fpm request's first decode
 *                      of its body: fastjson's key cache is emptied when a request starts,
 *                      which one process's calls never show. php-cgi (package php-cgi,
 *                      found beside this PHP binary) serves this script as requests in
 *                      one process (-T), with this process's extensions and fastjson.*
 *                      settings; each request evicts before each side's one timed call.
 *                      The process's first request (its first calls) is not counted.
 *                      Linux only (reads /proc/self/maps for the extension files)
 *   --twin=same|keys   after each eviction, one untimed call of the same side on a twin
 *                      of the input before the timed call: "same", the same JSON (decoded
 *                      again for encodes) at other addresses, warms the call's code, the
 *                      allocator, the branch history and fastjson's key and shape caches;
 *                      "keys", the JSON with every key renamed, warms all but the caches
 *                      and the history of its keys. What the timed call then waits for
 *                      more than warm is what its own input and result cost (not with
 *                      --floor)
 *   --json=FILE        write all samples and settings as JSON
 */

declare(strict_types=1);

const DATA = __DIR__ . '/data';
const LINE = 64;           // cache line bytes: the stride of the eviction walks
const WARM_BLOCK = 10;     // timed warm calls per side and round
const FRESH_ENV = 'FASTJSON_COLD_FRESH';  // a --fresh request's cell, for php-cgi

/* ---------------------------------------------------------------------------
 * Timed calls: one literal call each, so every side pays the same overhead; the
 * result is freed inside the timing, as an application frees it too.
 * ------------------------------------------------------------------------- */

function time_nothing(mixed $in): int
{
    $t = hrtime(true);
    return hrtime(true) - $t;
}

function time_decode(mixed $in): int
{
    $t = hrtime(true);
    json_decode($in);
    return hrtime(true) - $t;
}

function time_decode_assoc(mixed $in): int
{
    $t = hrtime(true);
    json_decode($in, true);
    return hrtime(true) - $t;
}

function time_validate(mixed $in): int
{
    $t = hrtime(true);
    json_validate($in);
    return hrtime(true) - $t;
}

function time_encode(mixed $in): int
{
    $t = hrtime(true);
    json_encode($in);
    return hrtime(true) - $t;
}

/* The builders of --floor, by call and input: the look-up stays outside the timed part. */
final class Floor
{
    /** @var array<string, array<string, array{0: Closure, 1: array}>> */
    public static array $builders = [];

    /* A function building a value equal to $value: arrays and stdClass objects as literals
     * of their keys, every scalar read from the returned parts array. */
    public static function builder(mixed $value): array
    {
        $parts = [];
        $code = self::code($value, $parts);
        return [eval("return static fn(array \$s) => $code;"), $parts];
    }

    private static function code(mixed $v, array &$parts): string
    {
        if (is_array($v) || $v instanceof stdClass) {
            $members = [];
            foreach ((array)$v as $k => $x) {
                $members[] = var_export($k, true) . ' => ' . self::code($x, $parts);
            }
            return (is_object($v) ? '(object)' : '') . '[' . implode(', ', $members) . ']';
        }
        $parts[] = $v;
        return '$s[' . (count($parts) - 1) . ']';
    }
}

/* The build side of --floor for the call $op (the closure choosing $op is not timed). */
function time_build(string $op, mixed $in): int
{
    [$build, $parts] = Floor::$builders[$op][$in];
    $t = hrtime(true);
    $build($parts);
    return hrtime(true) - $t;
}

function time_peer_decode(mixed $in): int
{
    $t = hrtime(true);
    simdjson_decode($in);
    return hrtime(true) - $t;
}

function time_peer_decode_assoc(mixed $in): int
{
    $t = hrtime(true);
    simdjson_decode($in, true);
    return hrtime(true) - $t;
}

function time_peer_validate(mixed $in): int
{
    $t = hrtime(true);
    simdjson_is_valid($in);
    return hrtime(true) - $t;
}

/* Operations: the json_* function (for fastjson_info()'s counters), the timed call,
 * the input made from the payload's JSON, one untimed call, and the peer's. */
function ops(): array
{
    $json = static fn(string $j) => $j;
    return [
        'decode' => ['fn' => 'json_decode', 'time' => 'time_decode', 'input' => $json,
                     'call' => static fn($in) => json_decode($in), 'build' => static fn($in) => time_build('decode', $in),
                     'peer' => 'time_peer_decode', 'call_peer' => static fn($in) => simdjson_decode($in),
                     'peer_ok' => static fn($out) => $out !== null],
        'decode-assoc' => ['fn' => 'json_decode', 'time' => 'time_decode_assoc', 'input' => $json,
                     'call' => static fn($in) => json_decode($in, true),
                     'build' => static fn($in) => time_build('decode-assoc', $in),
                     'peer' => 'time_peer_decode_assoc', 'call_peer' => static fn($in) => simdjson_decode($in, true),
                     'peer_ok' => static fn($out) => $out !== null],
        'validate' => ['fn' => 'json_validate', 'time' => 'time_validate', 'input' => $json,
                     'call' => static fn($in) => json_validate($in),
                     'peer' => 'time_peer_validate', 'call_peer' => static fn($in) => simdjson_is_valid($in),
                     'peer_ok' => static fn($out) => $out === true],
        // encode the decoded payload: arrays, and stdClass objects
        'encode-assoc' => ['fn' => 'json_encode', 'time' => 'time_encode',
                     'input' => static fn(string $j) => json_decode($j, true, 512, JSON_THROW_ON_ERROR),
                     'call' => static fn($in) => json_encode($in)],
        'encode-obj' => ['fn' => 'json_encode', 'time' => 'time_encode',
                     'input' => static fn(string $j) => json_decode($j, false, 512, JSON_THROW_ON_ERROR),
                     'call' => static fn($in) => json_encode($in)],
    ];
}

/* ---------------------------------------------------------------------------
 * Payloads: what one request decodes. Built deterministically or read from data/.
 * ------------------------------------------------------------------------- */

function read_data(string $rel): string
{
    $s = @file_get_contents(DATA . '/' . $rel);
    if ($s === false) {
        fail('cannot read ' . DATA . "/$rel");
    }
    return $s;
}

/* A structured log record, as a logger writes one per line (~300 B). */
function log_record(): string
{
    return json_encode([
        'ts' => '2026-11-30T21:43:03.512+00:00', 'level' => 'info', 'channel' => 'http',
        'message' => 'Request completed',
        'context' => ['method' => 'POST', 'path' => '/api/v2/orders/81723/items', 'status' => 201,
                      'duration_ms' => 38.25, 'request_id' => '6f1c2a9e-4b7d-4e0a-9c51-2d8f3b7a1e64',
                      'user_id' => 40917, 'ip' => '198.51.100.23'],
        'extra' => ['host' => 'web-03', 'pid' => 18342, 'memory_peak' => 6291456],
    ], JSON_THROW_ON_ERROR);
}

/* An order posted to an API: customer, addresses and line items (14: ~3 KB; 2: ~1 KB;
 * 26: ~5 KB). */
function request_body(int $count = 14): string
{
    $address = static fn(int $n) => ['name' => "Recipient $n", 'street' => "$n Example Street", 'city' => 'Springfield',
        'postcode' => sprintf('%05d', 10000 + 37 * $n), 'country' => 'DE', 'phone' => sprintf('+49 30 %07d', 1234567 * $n % 9999999)];
    $items = [];
    for ($i = 1; $i <= $count; ++$i) {
        $items[] = ['sku' => sprintf('SKU-%04d-%s', 97 * $i, chr(64 + $i)), 'name' => "Product number $i, colour variant " . ($i % 3),
                    'quantity' => 1 + $i % 4, 'unit_price' => round(4.99 + 3.25 * $i, 2), 'currency' => 'EUR',
                    'options' => ['gift_wrap' => $i % 2 === 0, 'note' => $i % 3 === 0 ? 'leave at the door' : null]];
    }
    return json_encode([
        'order_id' => 'ord_2026113021430351', 'customer' => ['id' => 40917, 'email' => 'customer40917@example.org',
        'first_name' => 'Alex', 'last_name' => 'Example', 'locale' => 'de_DE', 'marketing_opt_in' => false],
        'shipping_address' => $address(1), 'billing_address' => $address(2), 'items' => $items,
        'payment' => ['method' => 'card', 'token' => 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'three_ds' => true],
        'coupon' => null, 'metadata' => ['source' => 'web', 'ab_bucket' => 7, 'tags' => ['spring', 'returning']],
    ], JSON_THROW_ON_ERROR);
}

/* Messages in Russian, as a chat or comments API returns them (8: ~2 KB as raw UTF-8), from
 * the seed corpus' text: with $flags = JSON_UNESCAPED_UNICODE the text stays UTF-8 (what a
 * browser sends), with 0 every Cyrillic letter is a \u escape (json_encode()'s default,
 * what PHP caches and queues hold). */
function messages_ru(int $flags, int $count = 8): string
{
    $lines = explode("\n", read_data('seeds/artukrainskiy-php-src-bench/ru.txt'));
    $authors = ['Анна Смирнова', 'Дмитрий Кузнецов', 'Елена Попова'];
    $messages = [];
    for ($i = 0; $i < $count; ++$i) {
        $messages[] = ['id' => 730100 + 17 * $i, 'author' => ['id' => 5000 + $i % 3, 'name' => $authors[$i % 3]],
                       'text' => $lines[2 * $i] . ' ' . $lines[2 * $i + 1], 'created_at' => sprintf('2026-11-30T21:%02d:05+03:00', 10 + $i),
                       'likes' => (7 * $i) % 5, 'edited' => $i % 4 === 0];
    }
    return json_encode(['chat_id' => 'c_81723', 'messages' => $messages, 'has_more' => true], $flags | JSON_THROW_ON_ERROR);
}

function payloads(bool $quick, ?string $only): array
{
    $timeline = json_decode(read_data('real/small/twitter_timeline.json'), true, 512, JSON_THROW_ON_ERROR);
    $all = [
        'tiny' => ['{"a":1}', 'the 7-byte object {"a":1}'],
        'log-record' => [log_record(), 'a structured log record (built)'],
        'request-1k' => [request_body(2), 'an order posted to an API, 2 items (built)'],
        'request-body' => [request_body(), 'an order posted to an API (built)'],
        'request-5k' => [request_body(26), 'an order posted to an API, 26 items (built)'],
        'tweets-2' => [json_encode(array_slice($timeline, 0, 2), JSON_THROW_ON_ERROR),
                       'real/small/twitter_timeline.json, first 2 tweets, json_encode()'],
        'messages-ru' => [messages_ru(JSON_UNESCAPED_UNICODE), 'chat messages in Russian, raw UTF-8 (built)'],
        'messages-ru-esc' => [messages_ru(0), 'the same messages as json_encode() writes them, \\u-escaped (built)'],
        'twitter_api' => [read_data('real/small/twitter_api_compact_response.json'),
                          'real/small/twitter_api_compact_response.json'],
        'github_events' => [read_data('real/github_events.json'), 'real/github_events.json'],
    ];
    if ($quick) {
        $all = array_intersect_key($all, array_flip(['tiny', 'request-body', 'twitter_api']));
    }
    if ($only !== null) {
        $names = explode(',', $only);
        if ($unknown = array_diff($names, array_keys($all))) {
            fail('unknown payload ' . implode(', ', $unknown) . ' (known: ' . implode(', ', array_keys($all)) . ')');
        }
        $all = array_intersect_key($all, array_flip($names));
    }
    return $all;
}

/* ---------------------------------------------------------------------------
 * Cache sizes and eviction.
 * ------------------------------------------------------------------------- */

/* Size in bytes of cpu0's cache of this level (unified or data), from sysfs; null if unknown. */
function cache_bytes(int $level): ?int
{
    foreach (glob('/sys/devices/system/cpu/cpu0/cache/index*') ?: [] as $dir) {
        $lvl = @file_get_contents("$dir/level");
        $type = trim((string)@file_get_contents("$dir/type"));
        $size = trim((string)@file_get_contents("$dir/size"));
        if ((int)$lvl === $level && $type !== 'Instruction'
            && preg_match('/^(\d+)([KMG]?)$/', $size, $m)) {
            return (int)$m[1] << ['' => 0, 'K' => 10, 'M' => 20, 'G' => 30][$m[2]];
        }
    }
    return null;
}

/* The highest cache level sysfs lists: [level, bytes], or null. */
function last_level_cache(): ?array
{
    for ($level = 4; $level >= 2; --$level) {
        $b = cache_bytes($level);
        if ($b !== null) {
            return [$level, $b];
        }
    }
    return null;
}

final class Evictor
{
    private string $large;
    private string $other;

    public function __construct(private int $largeBytes, private int $otherBytes, private bool $writeLarge)
    {
        // no byte 0x01 in either: the read walk scans to the end
        $this->large = str_repeat("\0", $largeBytes);
        $this->other = str_repeat("\0", $otherBytes);
    }

    public function run(): void
    {
        if ($this->writeLarge) {
            self::writeLines($this->large);
        } else {
            // memchr reads every line of the buffer at memory speed
            strpos($this->large, "\1");
        }
        self::writeLines($this->other);
    }

    /* The sizes, for a --fresh child's own eviction. */
    public function largeBytes(): int
    {
        return $this->largeBytes;
    }

    public function otherBytes(): int
    {
        return $this->otherBytes;
    }

    /* One byte written per cache line: the lines become dirty, the pages TLB entries. */
    private static function writeLines(string &$buf): void
    {
        $n = strlen($buf);
        for ($i = 0; $i < $n; $i += LINE) {
            $buf[$i] = "\0";
        }
    }
}

/* ---------------------------------------------------------------------------
 * The A/B switch, checked through fastjson_info()'s counters.
 * ------------------------------------------------------------------------- */

/* The input of --twin: the same JSON in a new string, or with each key renamed. */
function twin_json(string $json, string $mode, string $where): string
{
    $renamed = 0;
    $twin = $mode === 'same' ? substr(' ' . $json, 1)
        : preg_replace('/("(?:[^"\\\\]|\\\\.)*)("\s*:)/', '$1_$2', $json, -1, $renamed);
    json_decode($twin);
    if (json_last_error() !== JSON_ERROR_NONE || ($mode === 'keys' && $renamed === 0)) {
        abort("$where: no --twin=$mode input could be made");
    }
    return $twin;
}

function use_side(string $side): void
{
    // the peer runs with fastjson on, as it would beside it in production
    if (ini_set('fastjson.enabled', $side === 'ext' ? '0' : '1') === false) {
        abort('ini_set(fastjson.enabled) failed: it must be changeable at run time (PHP_INI_ALL)');
    }
}

function counters(string $fn): array
{
    $f = fastjson_info()['functions'][$fn] ?? null;
    if ($f === null) {
        abort("fastjson_info() has no counters for $fn");
    }
    return [$f['calls'], $f['ext_json_calls']];
}

/* Counters after $ext ext/json calls and $fast fastjson calls must have moved by exactly that. */
function check_counters(string $fn, array $before, int $ext, int $fast, string $where): void
{
    [$calls, $extCalls] = counters($fn);
    if ($calls - $before[0] !== $ext + $fast || $extCalls - $before[1] !== $ext) {
        abort(sprintf('%s: %s counted %d calls, %d by ext/json; expected %d and %d: fastjson.enabled did not switch the side',
            $where, $fn, $calls - $before[0], $extCalls - $before[1], $ext + $fast, $ext));
    }
}

/* Both sides once: the same result and error, and each call on the expected side. */
function verify_cell(array $op, mixed $in, string $where): void
{
    $out = [];
    foreach (['ext' => [1, 0], 'fast' => [0, 1]] as $side => [$ext, $fast]) {
        use_side($side);
        json_encode(null); // reset json_last_error(), before the counters are read
        $before = counters($op['fn']);
        $out[$side] = [serialize(($op['call'])($in)), json_last_error()];
        check_counters($op['fn'], $before, $ext, $fast, $where);
    }
    if ($out['ext'] !== $out['fast']) {
        abort(sprintf('%s: ext/json and fastjson differ (serialize() of the results, or json_last_error() %d vs %d)',
            $where, $out['ext'][1], $out['fast'][1]));
    }
}

/* ---------------------------------------------------------------------------
 * Measurement.
 * ------------------------------------------------------------------------- */

function percentile(array $a, float $p): float
{
    sort($a);
    $n = count($a);
    if ($n === 0) {
        return NAN;
    }
    $x = $p * ($n - 1);
    $i = (int)floor($x);
    return $i + 1 < $n ? $a[$i] + ($x - $i) * ($a[$i + 1] - $a[$i]) : (float)$a[$i];
}

function median(array $a): float
{
    return percentile($a, 0.5);
}

/* Median ns of the timer itself, subtracted from every sample. */
function timer_overhead(): float
{
    $s = [];
    for ($i = 0; $i < 5000; ++$i) {
        $s[] = time_nothing(null);
    }
    return median($s);
}

/*
 * One cell (payload x operation), warm then cold. $sides maps side => timed function.
 * Returns per side the samples (ns, timer cost subtracted) and the per-round ratios.
 */
function measure_cell(array $sides, mixed $in, mixed $twin, int $warm, int $cold, Evictor $ev, float $tick): array
{
    $names = array_keys($sides);
    $k = count($names);
    $net = static fn(int $t) => max(1.0, $t - $tick);
    $res = ['warm' => array_fill_keys($names, []), 'cold' => []];

    // warm: per round and side, one untimed call, then WARM_BLOCK timed calls
    $rounds = max(1, intdiv($warm, WARM_BLOCK));
    $blocks = [];
    for ($r = 0; $r < $rounds; ++$r) {
        for ($i = 0; $i < $k; ++$i) {
            $side = $names[($r + $i) % $k];
            $time = $sides[$side];
            use_side($side);
            $time($in);
            $b = [];
            for ($j = 0; $j < WARM_BLOCK; ++$j) {
                $b[] = $net($time($in));
            }
            $blocks[$side][$r] = median($b);
            array_push($res['warm'][$side], ...$b);
        }
    }
    $res['warm_rounds'] = $blocks;

    // cold: per round and side, evict, then one timed call
    $pairs = [];
    for ($r = 0; $r < $cold; ++$r) {
        for ($i = 0; $i < $k; ++$i) {
            $side = $names[($r + $i) % $k];
            $time = $sides[$side];
            use_side($side);
            $ev->run();
            if ($twin !== null) {
                $time($twin);
            }
            $pairs[$side][$r] = $net($time($in));
        }
    }
    foreach ($names as $side) {
        $res['cold'][$side] = array_values($pairs[$side]);
    }
    $res['cold_rounds'] = $pairs;
    return $res;
}

/* Median ratio of side $a's time to side $b's, and p25/p75 of the per-round ratios. */
function ratio(array $samples, array $rounds, string $a, string $b): array
{
    $per = [];
    foreach ($rounds[$a] as $r => $t) {
        $per[] = $t / $rounds[$b][$r];
    }
    return ['ratio' => median($samples[$a]) / median($samples[$b]),
            'p25' => percentile($per, 0.25), 'p75' => percentile($per, 0.75)];
}

/* ---------------------------------------------------------------------------
 * --fresh: a request's first decode, each sample a request of one php-cgi process.
 * ------------------------------------------------------------------------- */

/* php-cgi beside this PHP binary (php-cgi8.2 for php8.2), or null. */
function fresh_cgi_binary(): ?string
{
    $dir = dirname(PHP_BINARY);
    $version = PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
    foreach (["$dir/php-cgi$version", "$dir/php-cgi"] as $path) {
        if (is_executable($path)) {
            return $path;
        }
    }
    return null;
}

/* php-cgi running this script as requests, with this process's extension files (found in
 * /proc/self/maps) and fastjson.* settings. */
function fresh_command(string $cgi, array $extensions): array
{
    $maps = @file_get_contents('/proc/self/maps');
    if ($maps === false) {
        fail('--fresh needs /proc/self/maps (Linux) to find the loaded extension files');
    }
    $cmd = [$cgi, '-n', '-q'];
    foreach ($extensions as $name) {
        if (!preg_match('~ (/\S*/' . preg_quote($name, '~') . '\.so)$~m', $maps, $m)) {
            fail("--fresh: the file of the loaded extension $name is not in /proc/self/maps");
        }
        array_push($cmd, '-d', "extension=$m[1]");
    }
    foreach (ini_get_all('fastjson', false) as $name => $value) {
        array_push($cmd, '-d', "$name=$value");
    }
    array_push($cmd, '-d', 'memory_limit=' . ini_get('memory_limit'));
    return $cmd;
}

/* --fresh samples of one cell: one php-cgi process serves $samples + 1 requests of this
 * script (the first, with the process's first calls, is dropped), each of which times one
 * call per side. */
function measure_fresh(array $cmd, string $pname, string $oname, array $names, int $samples, Evictor $ev, float $tick): array
{
    $spec = implode(',', [$pname, $oname, $ev->largeBytes(), $ev->otherBytes(), implode(':', $names)]);
    $env = getenv() + [FRESH_ENV => $spec];
    $p = proc_open(array_merge($cmd, ['-T', (string)($samples + 1), __FILE__]), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
        $pipes, null, $env);
    if (!is_resource($p)) {
        abort('--fresh: cannot start php-cgi');
    }
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $rc = proc_close($p);
    preg_match_all('/^fresh (\S.*)$/m', $out, $lines);
    if ($rc !== 0 || count($lines[1]) !== $samples + 1) {
        abort("--fresh: php-cgi for $pname/$oname failed (exit $rc, " . count($lines[1]) . ' of ' . ($samples + 1)
            . ' requests answered): ' . trim($err . $out));
    }
    $pairs = [];
    foreach (array_slice($lines[1], 1) as $r => $line) {
        foreach (explode(' ', $line) as $item) {
            [$side, $ns] = explode('=', $item);
            $pairs[$side][$r] = max(1.0, (int)$ns - $tick);
        }
    }
    return ['fresh' => array_map('array_values', $pairs), 'fresh_rounds' => $pairs];
}

/* One request of --fresh's php-cgi: per side, in random order, an eviction and one timed
 * call; fastjson's key cache starts empty, as in every request. Its counters must show one
 * call on each json side. */
function fresh_request(string $spec): int
{
    [$pname, $oname, $large, $other, $names] = explode(',', $spec);
    $op = ops()[$oname];
    $in = ($op['input'])(payloads(false, $pname)[$pname][0]);
    $timed = ['ext' => $op['time'], 'fast' => $op['time'], 'peer' => $op['peer'] ?? null];
    $sides = explode(':', $names);
    shuffle($sides);
    $ev = new Evictor((int)$large, (int)$other, false);
    $ev->run();
    $before = counters($op['fn']);
    $ns = [];
    foreach ($sides as $side) {
        use_side($side);
        $ev->run();
        $ns[] = $side . '=' . ($timed[$side])($in);
    }
    check_counters($op['fn'], $before, (int)in_array('ext', $sides, true), (int)in_array('fast', $sides, true),
        "fresh $pname/$oname");
    echo 'fresh ', implode(' ', $ns), "\n";
    return 0;
}

/* ---------------------------------------------------------------------------
 * Output and main.
 * ------------------------------------------------------------------------- */

function fail(string $msg): never
{
    fwrite(STDERR, "cold.php: $msg\n");
    exit(1);
}

/* The A/B comparison cannot be trusted: exit 2, as bench.php on a mismatch. */
function abort(string $msg): never
{
    fwrite(STDERR, "cold.php: $msg\n");
    exit(2);
}

function us(float $ns): string
{
    $u = $ns / 1e3;
    return $u < 10 ? sprintf('%.2f', $u) : ($u < 100 ? sprintf('%.1f', $u) : sprintf('%.0f', $u));
}

function fmt_bytes(int $b): string
{
    return $b < 1000 ? $b . 'B' : sprintf('%.1fK', $b / 1e3);
}

function cpu_model(): string
{
    $c = @file_get_contents('/proc/cpuinfo');
    return $c !== false && preg_match('/^model name\s*:\s*(.+)$/m', $c, $m) ? trim($m[1]) : php_uname('m');
}

function geomean(array $a): float
{
    return $a ? exp(array_sum(array_map('log', $a)) / count($a)) : NAN;
}

function parse_options(array $argv): array
{
    $o = ['quick' => false, 'floor' => false, 'fresh' => false, 'budget' => null, 'samples' => null,
          'warm' => null, 'evict_mb' => null, 'evict' => 'read', 'peer' => 'auto', 'json' => null, 'payloads' => null,
          'ops' => null, 'twin' => null];
    foreach (array_slice($argv, 1) as $a) {
        if ($a === '--quick' || $a === '--floor' || $a === '--fresh') {
            $o[substr($a, 2)] = true;
        } elseif (preg_match('/^--(budget|samples|warm-samples|evict-mb|evict|peer|json|payloads|ops|twin)=(.+)$/s', $a, $m)) {
            $o[['warm-samples' => 'warm', 'evict-mb' => 'evict_mb'][$m[1]] ?? $m[1]] = $m[2];
        } elseif ($a === '-h' || $a === '--help') {
            preg_match('~/\*(.*?)\*/~s', file_get_contents(__FILE__), $m);
            echo trim(preg_replace('/^ ?\* ?/m', '', $m[1])), "\n";
            exit(0);
        } else {
            fail("unknown option $a (try --help)");
        }
    }
    $o['budget'] = (float)($o['budget'] ?? ($o['quick'] ? 12 : 90));
    $o['warm'] = (int)($o['warm'] ?? ($o['quick'] ? 200 : 500));
    if ($o['samples'] !== null) {
        $o['samples'] = (int)$o['samples'];
        if ($o['samples'] < 1) {
            fail('--samples must be positive');
        }
    }
    if ($o['budget'] <= 0 || $o['warm'] < WARM_BLOCK) {
        fail('--budget must be positive, --warm-samples at least ' . WARM_BLOCK);
    }
    if (!in_array($o['evict'], ['read', 'write'], true) || !in_array($o['peer'], ['auto', 'off'], true)) {
        fail('--evict must be read or write, --peer auto or off');
    }
    if ($o['twin'] !== null && (!in_array($o['twin'], ['same', 'keys'], true) || $o['floor'])) {
        fail('--twin must be same or keys, and not with --floor');
    }
    return $o;
}

function main(array $argv): int
{
    $o = parse_options($argv);
    if (!function_exists('fastjson_info')) {
        fail('the fastjson extension is not loaded: php -n -d extension=modules/fastjson.so -d fastjson.override=1 bench/cold.php');
    }
    if (!fastjson_info()['override']) {
        fail('fastjson.override is off: the A/B switch fastjson.enabled needs it on (-d fastjson.override=1)');
    }
    $peer = null;
    if ($o['peer'] === 'auto' && function_exists('simdjson_decode') && function_exists('simdjson_is_valid')) {
        $ext = (new ReflectionFunction('simdjson_decode'))->getExtensionName() ?: 'simdjson';
        $peer = ['name' => $ext, 'version' => phpversion($ext) ?: '?'];
    }

    // eviction: larger than the last-level cache; the dirty part twice L2
    $llc = last_level_cache();
    $largeBytes = $o['evict_mb'] !== null ? (int)((float)$o['evict_mb'] * (1 << 20))
        : ($llc !== null ? (int)ceil($llc[1] * 1.25 / (1 << 20)) << 20 : 64 << 20);
    $otherBytes = 2 * (cache_bytes(2) ?? (1 << 20));
    if ($largeBytes < (1 << 20)) {
        fail('--evict-mb must be at least 1');
    }
    ini_set('memory_limit', (string)($largeBytes + $otherBytes + (512 << 20)));
    $ev = new Evictor($largeBytes, $otherBytes, $o['evict'] === 'write');
    // its cost sets the sample count; the first walk (page faults, clock ramp) is not counted
    $ev->run();
    $evictNs = [];
    for ($i = 0; $i < 5; ++$i) {
        $t = hrtime(true);
        $ev->run();
        $evictNs[] = hrtime(true) - $t;
    }
    $evictMs = median($evictNs) / 1e6;

    // cells: payload x operation, with their sides
    $ops = ops();
    if ($o['ops'] !== null) {
        $names = explode(',', $o['ops']);
        if ($unknown = array_diff($names, array_keys($ops))) {
            fail('unknown call ' . implode(', ', $unknown) . ' (known: ' . implode(', ', array_keys($ops)) . ')');
        }
        $ops = array_intersect_key($ops, array_flip($names));
    }
    $cells = [];
    $peerSkips = [];
    foreach (payloads($o['quick'], $o['payloads']) as $pname => [$json, $desc]) {
        foreach ($ops as $oname => $op) {
            if ($op['fn'] === 'json_validate' && !function_exists('json_validate')) {
                fwrite(STDERR, "json_validate() does not exist: skipping validate\n");
                continue;
            }
            $in = ($op['input'])($json);
            $where = "$pname/$oname";
            verify_cell($op, $in, $where);
            $twin = $o['twin'] === null ? null : ($op['input'])(twin_json($json, $o['twin'], $where));
            $sides = ['ext' => $op['time'], 'fast' => $op['time']];
            if ($o['floor'] && isset($op['build'])) {
                $built = Floor::builder(($op['call'])($in));
                if (serialize(($built[0])($built[1])) !== serialize(($op['call'])($in))) {
                    abort("$where: the --floor builder's value differs from json_decode()'s");
                }
                Floor::$builders[$oname][$in] = $built;
                $sides['build'] = $op['build'];
            }
            if ($peer !== null && isset($op['peer'])) {
                try {
                    $ok = ($op['peer_ok'])(($op['call_peer'])($in));
                    $why = $ok ? null : 'the sanity call returned null or false';
                } catch (\Throwable $e) {
                    $why = get_class($e) . ': ' . $e->getMessage();
                }
                if ($why === null) {
                    $sides['peer'] = $op['peer'];
                } else {
                    $peerSkips[$where] = $why;
                }
            }
            $cells[] = ['payload' => $pname, 'desc' => $desc, 'op' => $oname, 'bytes' => strlen($json),
                        'in' => $in, 'twin' => $twin, 'sides' => $sides, 'fn' => $op['fn']];
        }
    }
    $sideCalls = array_sum(array_map(static fn($c) => count($c['sides']), $cells));
    $cold = $o['samples'] ?? max(10, min(2000, (int)floor($o['budget'] * 1e3 / max(0.05, $evictMs) / $sideCalls)));
    $tick = timer_overhead();
    $freshCmd = null;
    $freshSamples = 0;
    $freshCells = count(array_filter($cells, static fn($c) => $c['fn'] === 'json_decode'));
    if ($o['fresh'] && $freshCells > 0) {
        $cgi = fresh_cgi_binary() ?? fail('--fresh needs php-cgi beside ' . PHP_BINARY . ' (Debian: apt-get install php'
            . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION . '-cgi)');
        $freshCmd = fresh_command($cgi, $peer !== null ? ['fastjson', $peer['name']] : ['fastjson']);
        // a short run (not counted) sets the sample count from the budget
        $t = hrtime(true);
        measure_fresh($freshCmd, $cells[0]['payload'], 'decode', ['ext', 'fast'], 4, $ev, $tick);
        $requestS = (hrtime(true) - $t) / 1e9 / 5;
        $freshSamples = $o['samples'] ?? max(10, min(1000, (int)floor($o['budget'] / $requestS / $freshCells)));
    }

    $meta = [
        'php' => PHP_VERSION, 'fastjson' => phpversion('fastjson') ?: '?', 'simd' => fastjson_info()['simd'],
        'cpu' => cpu_model(), 'date' => gmdate('Y-m-d H:i') . ' UTC', 'llc_level' => $llc[0] ?? null,
        'llc_bytes' => $llc[1] ?? null, 'evict_bytes' => $largeBytes, 'evict_mode' => $o['evict'],
        'other_bytes' => $otherBytes, 'evict_ms' => $evictMs, 'timer_ns' => $tick,
        'thp' => trim((string)@file_get_contents('/sys/kernel/mm/transparent_hugepage/enabled')) ?: '?',
        'warm_samples' => intdiv($o['warm'], WARM_BLOCK) * WARM_BLOCK, 'cold_samples' => $cold,
        'peer' => $peer, 'twin' => $o['twin'], 'fresh_samples' => $freshSamples, 'json_validate' => PHP_VERSION_ID >= 80300 ? 'ext/json' : 'fastjson override (ext side: ext/json decoder to arrays)',
    ];
    printf("fastjson cold-call benchmark — PHP %s, fastjson %s (SIMD: %s), %s\n", $meta['php'], $meta['fastjson'], $meta['simd'], $meta['cpu']);
    printf("A/B: json_*() with fastjson.override=1, fastjson.enabled=0 (ext) / 1 (fast) per call; fastjson_info() confirms the side\n");
    printf("cold: before each call %d MB %s (%s) + %d MB written one byte per 64-byte line (2 x L2), %.1f ms; THP %s\n",
        $largeBytes >> 20, $o['evict'] === 'write' ? 'written one byte per 64-byte line' : 'read line by line',
        $o['evict_mb'] !== null ? '--evict-mb' : ($llc !== null ? sprintf('1.25 x L%d %d MB', $llc[0], $llc[1] >> 20) : 'LLC unknown: 64 MB'),
        $otherBytes >> 20, $evictMs, $meta['thp']);
    if ($o['twin'] !== null) {
        printf("twin: after each eviction, one untimed call of the same side on %s, then the timed call\n",
            $o['twin'] === 'same' ? 'the same JSON at other addresses' : 'the JSON with every key renamed');
    }
    printf("warm: %d samples per side (rounds of 1 untimed + %d timed calls); cold: %d samples per side\n",
        $meta['warm_samples'], WARM_BLOCK, $cold);
    if ($freshCmd !== null) {
        printf("fresh (decode): %d samples per side, each a request of one php-cgi process (-T) that evicts before each side's\n"
            . "  one timed call, in random order: fastjson's key cache starts empty, as in every request\n", $freshSamples);
    }
    printf("times: median µs per call (hrtime, timer cost %.0f ns subtracted); ratio = ext/json ÷ fastjson; [p25 p75] of per-round ratios\n", $tick);
    if (PHP_VERSION_ID < 80300) {
        printf("validate: PHP %s has no json_validate(): the override adds it; its ext side is ext/json's decoder to arrays (= json_decode(\$s, true))\n", PHP_VERSION);
    }
    if ($peer !== null) {
        printf("peer: %s %s (simdjson_decode, simdjson_is_valid) as a third side, results not compared; peer = ext/json ÷ peer, f/peer = peer ÷ fastjson (>1: fastjson faster)\n",
            $peer['name'], $peer['version']);
    }

    $hdr = sprintf('%-14s %7s %-12s | %8s %7s %6s %-11s | %8s %7s %6s %-11s', 'payload', 'size', 'call',
        'warm ext', 'fast', 'ratio', '[p25 p75]', 'cold ext', 'fast', 'ratio', '[p25 p75]');
    if ($peer !== null) {
        $hdr .= sprintf(' | %6s %6s %6s %6s', 'w peer', 'f/peer', 'c peer', 'f/peer');
    }
    if ($o['floor']) {
        $hdr .= sprintf(' | %7s %6s', 'c build', 'max');
    }
    if ($freshCmd !== null) {
        $hdr .= sprintf(' | %9s %7s %6s %-11s', 'fresh ext', 'fast', 'ratio', '[p25 p75]');
        if ($peer !== null) {
            $hdr .= sprintf(' %6s', 'f/peer');
        }
    }
    echo "\n$hdr\n", str_repeat('-', strlen($hdr)), "\n";

    $t0 = hrtime(true);
    $results = [];
    foreach ($cells as $c) {
        $before = counters($c['fn']);
        $m = measure_cell($c['sides'], $c['in'], $c['twin'], $o['warm'], $cold, $ev, $tick);
        // every ext call went to ext/json, every fast call to fastjson (the peer's are not json_*)
        $nSide = intdiv($o['warm'], WARM_BLOCK) * (WARM_BLOCK + 1) + $cold * ($c['twin'] === null ? 1 : 2);
        check_counters($c['fn'], $before, $nSide, $nSide, "{$c['payload']}/{$c['op']}");
        $phases = ['warm', 'cold'];
        if ($freshCmd !== null && $c['fn'] === 'json_decode') {
            $names = array_values(array_intersect(['ext', 'fast', 'peer'], array_keys($c['sides'])));
            $m += measure_fresh($freshCmd, $c['payload'], $c['op'], $names, $freshSamples, $ev, $tick);
            $phases[] = 'fresh';
        }
        $r = ['payload' => $c['payload'], 'op' => $c['op'], 'bytes' => $c['bytes'], 'desc' => $c['desc']];
        foreach ($phases as $phase) {
            $r[$phase] = ['median_ns' => array_map('median', $m[$phase])]
                + ratio($m[$phase], $m[$phase . '_rounds'], 'ext', 'fast');
            if (isset($c['sides']['build']) && $phase !== 'fresh') {
                $r[$phase]['max'] = ratio($m[$phase], $m[$phase . '_rounds'], 'ext', 'build');
            }
            if (isset($c['sides']['peer'])) {
                $r[$phase]['peer'] = ratio($m[$phase], $m[$phase . '_rounds'], 'ext', 'peer');
                $r[$phase]['fast_vs_peer'] = ratio($m[$phase], $m[$phase . '_rounds'], 'peer', 'fast');
            }
            $r[$phase]['samples_ns'] = $m[$phase];
        }
        if (isset($peerSkips["{$c['payload']}/{$c['op']}"])) {
            $r['peer_skipped'] = $peerSkips["{$c['payload']}/{$c['op']}"];
        }
        $line = sprintf('%-14s %7s %-12s', $c['payload'], fmt_bytes($c['bytes']), $c['op']);
        foreach (['warm', 'cold'] as $phase) {
            $x = $r[$phase];
            $line .= sprintf(' | %8s %7s %5.2fx [%4.2f %4.2f]', us($x['median_ns']['ext']), us($x['median_ns']['fast']),
                $x['ratio'], $x['p25'], $x['p75']);
        }
        if ($peer !== null) {
            $line .= isset($r['warm']['peer'])
                ? sprintf(' | %5.2fx %5.2fx %5.2fx %5.2fx', $r['warm']['peer']['ratio'], $r['warm']['fast_vs_peer']['ratio'],
                    $r['cold']['peer']['ratio'], $r['cold']['fast_vs_peer']['ratio'])
                : ' |' . (isset($r['peer_skipped']) ? ' peer skipped' : '');
        }
        if (isset($r['cold']['max'])) {
            $line .= sprintf(' | %7s %5.2fx', us($r['cold']['median_ns']['build']), $r['cold']['max']['ratio']);
        }
        if (isset($r['fresh'])) {
            $x = $r['fresh'];
            $line .= sprintf(' | %9s %7s %5.2fx [%4.2f %4.2f]', us($x['median_ns']['ext']), us($x['median_ns']['fast']),
                $x['ratio'], $x['p25'], $x['p75']);
            if (isset($x['fast_vs_peer'])) {
                $line .= sprintf(' %5.2fx', $x['fast_vs_peer']['ratio']);
            }
        }
        echo $line, "\n";
        $results[] = $r;
    }
    $elapsed = (hrtime(true) - $t0) / 1e9;

    echo "\ngeomean over payloads (ext/json ÷ fastjson):\n";
    foreach (array_keys($ops) as $oname) {
        $rs = array_filter($results, static fn($r) => $r['op'] === $oname);
        if ($rs) {
            printf("  %-12s warm %5.2fx   cold %5.2fx", $oname, geomean(array_map(static fn($r) => $r['warm']['ratio'], $rs)),
                geomean(array_map(static fn($r) => $r['cold']['ratio'], $rs)));
            $fresh = array_filter($rs, static fn($r) => isset($r['fresh']));
            if ($fresh) {
                printf("   fresh %5.2fx", geomean(array_map(static fn($r) => $r['fresh']['ratio'], $fresh)));
            }
            $floors = array_filter($rs, static fn($r) => isset($r['cold']['max']));
            if ($floors) {
                printf("   cold max (ext/json ÷ build) %5.2fx", geomean(array_map(static fn($r) => $r['cold']['max']['ratio'], $floors)));
            }
            echo "\n";
        }
    }
    foreach ($peerSkips as $where => $why) {
        printf("peer skipped in %s: %s\n", $where, $why);
    }
    printf("(%d cells in %.1f s; every call checked on its side by fastjson_info())\n", count($results), $elapsed);

    if ($o['json'] !== null) {
        $doc = ['meta' => $meta + ['elapsed_s' => $elapsed], 'results' => $results];
        if (file_put_contents($o['json'], json_encode($doc, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n") === false) {
            fail("cannot write {$o['json']}");
        }
        echo "raw results: {$o['json']}\n";
    }
    return 0;
}

// Run as a script, or as a --fresh request by php-cgi; bench/callgrind_small.php includes
// this file for payloads().
if (PHP_SAPI !== 'cli' && ($spec = getenv(FRESH_ENV)) !== false) {
    fresh_request($spec);
} elseif (realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    exit(main($argv));
}
