<?php
/*
 * fastjson benchmark: fastjson_encode() against ext/json json_encode(), and
 * fastjson_decode() / fastjson_validate() against json_decode(), side by side.
 *
 *   php -d extension=/path/to/modules/fastjson.so bench/bench.php [options]
 *
 *   php -n -d extension=modules/fastjson.so -d fastjson.override=0 \
 *       -d extension=../shared/peers/simdjson_plus/simdjson_plus.so bench/bench.php --group=decode,validate
 *
 * (the second line from the repository root, with a peer: see below.)
 *
 * Both implementations run in this one process, interleaved: for each case the
 * script calibrates a batch size per side (~10 ms per batch), then runs rounds
 * A B, B A, A B, ... and takes the minimum (or median) per-call time of each
 * side. Time is process CPU time by default, so time lost to other processes on
 * a shared machine is not counted. The figure that matters is the ratio
 * ext/json time / fastjson time (> 1: fastjson faster); absolute MB/s mean little.
 *
 * Before timing a case both sides are called once and must give the same result
 * (encode: identical bytes; decode: identical serialize() of the values; validate:
 * the same bool) and the same json_last_error(); otherwise the script aborts (exit 2).
 * The validate reference is json_decode($json, true) (PHP 8.2 has no json_validate());
 * on PHP 8.3+ the group validate-real-jv also compares against json_validate().
 *
 * Peer: when another JSON extension with simdjson_decode() and simdjson_is_valid() is
 * loaded in the same process (e.g. simdjson_plus), the decode and validate groups time
 * it too, as a third side in the same rounds (A B C, B C A, C A B, ...). It is a speed
 * reference only: its results differ from ext/json's and are never compared; one
 * call must return non-null (decode) or true (validate), else the peer is skipped for
 * that case (noted). Tables, summary and decode chart then add "peer" = ext/json time /
 * peer time and "f/peer" = peer time / fastjson time (> 1: fastjson faster).
 *
 * Options:
 *   --group=LIST    run only these groups (comma separated): a group name, a prefix
 *                   of group names (decode-real = decode-real-obj + decode-real-assoc,
 *                   decode, validate) or a chart (encode, decode)
 *   --filter=REGEX  run only cases whose id matches REGEX (e.g. 'real-', 'seed/.*large')
 *   --quick         3 rounds of ~4 ms batches (smoke run, < 1 min per chart)
 *   --rounds=N      rounds per case (default 12; --quick: 3)
 *   --batch-ms=MS   target batch duration (default 10; --quick: 4)
 *   --clock=cpu|wall  time source: process CPU time from getrusage() (default;
 *                   ignores time preempted by other processes) or hrtime() wall time
 *   --stat=min|median statistic over the rounds of each side (default min)
 *   --json=FILE     write raw results (all samples, both clocks) as JSON
 *   --svg=FILE      write the bar charts to FILE ({chart} in FILE is replaced by
 *                   encode or decode; without it a run of both charts inserts
 *                   -decode before .svg for the decode chart); default
 *                   bench/results/latest-encode.svg and latest-decode.svg (not
 *                   tracked: the README's charts change only on request, with
 *                   --svg='bench/results/{chart}.svg')
 *   --no-svg        do not write the charts
 *   --list          list the selected case ids (group/name) and exit
 *   --peer=auto|off auto (default): time the peer when it is loaded; off: never
 *   --strict        exit 3 if the targets are not met
 *
 * Groups whose function is missing (e.g. fastjson_decode() in a build without the
 * decoder) are skipped with a notice.
 *
 * Adding an operation: add an entry to ops() with its two timing loops and a
 * verifier, then add a case builder to build_cases() and its group to groups().
 */

declare(strict_types=1);

const DATA = __DIR__ . '/data';

/* ---------------------------------------------------------------------------
 * Timing loops. Kept as plain functions (no closure call per iteration) so both
 * sides pay exactly the same loop overhead. Each returns elapsed nanoseconds.
 * ------------------------------------------------------------------------- */

/* Process CPU time (user + system) in ns. On Linux, getrusage() sums the
 * scheduler's precise runtime, so time spent preempted by other processes on a
 * busy machine is not counted (wall time from hrtime() would count it). */
function cpu_ns(): int
{
    $r = getrusage();
    return ($r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec']) * 1000000000
        + ($r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec']) * 1000;
}

/* Each loop returns [wall ns, cpu ns] for $n calls. */
function loop_json_encode(mixed $v, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        json_encode($v, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_fastjson_encode(mixed $v, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        fastjson_encode($v, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

/* Decode loops: assoc is a literal in each loop, as callers usually write it. */
function loop_json_decode(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        json_decode($s, false, 512, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_fastjson_decode(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        fastjson_decode($s, false, 512, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_json_decode_assoc(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        json_decode($s, true, 512, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_fastjson_decode_assoc(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        fastjson_decode($s, true, 512, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_json_validate(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        json_validate($s, 512, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_fastjson_validate(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        fastjson_validate($s, 512, $flags);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

/* The peer's loops (flags: the peer takes none; only cases with flags 0 run it). */
function loop_peer_decode(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        simdjson_decode($s, false, 512);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_peer_decode_assoc(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        simdjson_decode($s, true, 512);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

function loop_peer_validate(string $s, int $flags, int $n): array
{
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) {
        simdjson_is_valid($s, 512);
    }
    $t = hrtime(true) - $t;
    return [$t, cpu_ns() - $c];
}

/* The peer extension (simdjson_plus or another with the same functions), or null. */
function peer_info(): ?array
{
    if (!function_exists('simdjson_decode') || !function_exists('simdjson_is_valid')) {
        return null;
    }
    $ext = (new ReflectionFunction('simdjson_decode'))->getExtensionName() ?: 'simdjson';
    return ['name' => $ext, 'version' => phpversion($ext) ?: '?'];
}

/* What json_validate() answers, computed the PHP 8.2 way. */
function valid_by_decode(string $s, int $flags): bool
{
    json_decode($s, true, 512, $flags);
    return json_last_error() === JSON_ERROR_NONE;
}

/*
 * Operations. For each: the two timing loops, one verifying call per side, a
 * comparison of the two results, the byte count that MB/s is based on, the
 * functions it needs and the names used in messages.
 */
function ops(): array
{
    $inBytes = static fn(mixed $in, mixed $out) => strlen($in);
    return [
        'encode' => [
            'ext'       => 'loop_json_encode',
            'fast'      => 'loop_fastjson_encode',
            'call_ext'  => static fn(mixed $in, int $flags) => json_encode($in, $flags),
            'call_fast' => static fn(mixed $in, int $flags) => fastjson_encode($in, $flags),
            // returns null if equal, else a description of the difference
            'compare'   => 'compare_strings',
            // bytes of output JSON: identical for both sides by construction
            'bytes'     => static fn(mixed $in, mixed $out) => is_string($out) ? strlen($out) : 0,
            'needs'     => ['fastjson_encode'],
            'names'     => ['json_encode', 'fastjson_encode'],
        ],
        // decode ops: MB/s counts input bytes
        'decode' => [
            'ext'       => 'loop_json_decode',
            'fast'      => 'loop_fastjson_decode',
            'call_ext'  => static fn(string $in, int $flags) => json_decode($in, false, 512, $flags),
            'call_fast' => static fn(string $in, int $flags) => fastjson_decode($in, false, 512, $flags),
            'compare'   => 'compare_values',
            'bytes'     => $inBytes,
            'needs'     => ['fastjson_decode'],
            'names'     => ['json_decode', 'fastjson_decode'],
            // the peer: timing loop, one sanity call, what that call must satisfy
            'peer'      => 'loop_peer_decode',
            'call_peer' => static fn(string $in) => simdjson_decode($in, false, 512),
            'peer_ok'   => static fn(mixed $out) => $out !== null,
        ],
        'decode-assoc' => [
            'ext'       => 'loop_json_decode_assoc',
            'fast'      => 'loop_fastjson_decode_assoc',
            'call_ext'  => static fn(string $in, int $flags) => json_decode($in, true, 512, $flags),
            'call_fast' => static fn(string $in, int $flags) => fastjson_decode($in, true, 512, $flags),
            'compare'   => 'compare_values',
            'bytes'     => $inBytes,
            'needs'     => ['fastjson_decode'],
            'names'     => ['json_decode', 'fastjson_decode'],
            'peer'      => 'loop_peer_decode_assoc',
            'call_peer' => static fn(string $in) => simdjson_decode($in, true, 512),
            'peer_ok'   => static fn(mixed $out) => $out !== null,
        ],
        // reference on every PHP version: json_decode() to arrays (cheaper than to objects)
        'validate' => [
            'ext'       => 'loop_json_decode_assoc',
            'fast'      => 'loop_fastjson_validate',
            'call_ext'  => 'valid_by_decode',
            'call_fast' => static fn(string $in, int $flags) => fastjson_validate($in, 512, $flags),
            'compare'   => 'compare_values',
            'bytes'     => $inBytes,
            'needs'     => ['fastjson_validate'],
            'names'     => ['json_decode', 'fastjson_validate'],
            'peer'      => 'loop_peer_validate',
            'call_peer' => static fn(string $in) => simdjson_is_valid($in, 512),
            'peer_ok'   => static fn(mixed $out) => $out === true,
        ],
        'validate-jv' => [
            'ext'       => 'loop_json_validate',
            'fast'      => 'loop_fastjson_validate',
            'call_ext'  => static fn(string $in, int $flags) => json_validate($in, 512, $flags),
            'call_fast' => static fn(string $in, int $flags) => fastjson_validate($in, 512, $flags),
            'compare'   => 'compare_values',
            'bytes'     => $inBytes,
            'needs'     => ['fastjson_validate', 'json_validate'],
            'names'     => ['json_validate', 'fastjson_validate'],
            'peer'      => 'loop_peer_validate',
            'call_peer' => static fn(string $in) => simdjson_is_valid($in, 512),
            'peer_ok'   => static fn(mixed $out) => $out === true,
        ],
    ];
}

/* ---------------------------------------------------------------------------
 * Groups and targets.
 * ------------------------------------------------------------------------- */

function groups(): array
{
    return [
        'real-compact' => ['title' => 'real documents (assoc arrays), compact, flags 0',
                           'color' => '#1f5fa8', 'geo' => 3.0, 'min' => 1.5],
        'real-pretty'  => ['title' => 'real documents (assoc arrays), JSON_PRETTY_PRINT',
                           'color' => '#4a90d9', 'geo' => 3.0, 'min' => 1.5],
        'real-obj'     => ['title' => 'real documents decoded as stdClass',
                           'color' => '#6a5acd'],
        'small'        => ['title' => 'small documents (real/small), compact and pretty',
                           'color' => '#8c6bb1'],
        'seed'         => ['title' => 'seed escape corpora (adapik PR #23675), flags 0 and +uu',
                           'color' => '#2e8b57', 'min' => 1.0],
        'text'         => ['title' => 'text corpora (ArtUkrainskiy), string and lines, flags 0 and +uu',
                           'color' => '#d2691e', 'min' => 1.0],
        'naughty'      => ['title' => 'big list of naughty strings',
                           'color' => '#b8860b'],
        // decode chart; ids: +assoc decoded to arrays, +uu input is raw UTF-8
        'decode-real-obj'   => ['title' => 'real documents decoded to stdClass, json_decode($json)',
                                'color' => '#1f5fa8', 'chart' => 'decode', 'geo' => 3.5, 'min' => 1.5],
        'decode-real-assoc' => ['title' => 'real documents decoded to arrays, json_decode($json, true)',
                                'color' => '#4a90d9', 'chart' => 'decode', 'geo' => 3.5, 'min' => 1.5],
        'validate-real'     => ['title' => 'real documents, fastjson_validate() vs json_decode($json, true)',
                                'color' => '#c0392b', 'chart' => 'decode', 'geo' => 8.0],
        'validate-real-jv'  => ['title' => 'real documents, fastjson_validate() vs json_validate() (PHP 8.3+)',
                                'color' => '#e07b6f', 'chart' => 'decode'],
        'decode-small'      => ['title' => 'small documents (real/small), stdClass and +assoc',
                                'color' => '#8c6bb1', 'chart' => 'decode'],
        'validate-small'    => ['title' => 'small documents (real/small), fastjson_validate() vs json_decode($json, true)',
                                'color' => '#a0522d', 'chart' => 'decode'],
        'decode-text'       => ['title' => 'text corpora as JSON: string and lines, \\u-escaped and +uu raw UTF-8',
                                'color' => '#d2691e', 'chart' => 'decode', 'min' => 1.0],
        'decode-seed'       => ['title' => 'seed escape corpora (adapik PR #23675), \\u-escaped and +uu',
                                'color' => '#2e8b57', 'chart' => 'decode', 'min' => 1.0],
        'decode-naughty'    => ['title' => 'big list of naughty strings, \\u-escaped and +uu',
                                'color' => '#b8860b', 'chart' => 'decode'],
    ];
}

function group_chart(array $gi): string
{
    return $gi['chart'] ?? 'encode';
}

/* ---------------------------------------------------------------------------
 * Cases. Each case: id, group, name, op, flags, load (closure returning input).
 * Variant suffixes in ids: +pretty, +uu (JSON_UNESCAPED_UNICODE; for decode: the
 * input was encoded with it), +lines, +hex, +assoc (decoded to arrays).
 * ------------------------------------------------------------------------- */

function read_data(string $rel): string
{
    $s = file_get_contents(DATA . '/' . $rel);
    if ($s === false) {
        fail("cannot read " . DATA . "/$rel");
    }
    return $s;
}

function json_doc(string $rel, bool $assoc): \Closure
{
    return static function () use ($rel, $assoc) {
        $v = json_decode(read_data($rel), $assoc, 512, JSON_THROW_ON_ERROR);
        return $v;
    };
}

/* The JSON text of a file, as decode input. */
function json_file(string $rel): \Closure
{
    return static fn() => read_data($rel);
}

/* A JSON file decoded and encoded again with $flags (0: \u-escaped, +uu: raw UTF-8). */
function json_reencoded(string $rel, int $flags): \Closure
{
    return static fn() => json_encode(json_decode(read_data($rel), true, 512, JSON_THROW_ON_ERROR),
        $flags | JSON_THROW_ON_ERROR);
}

function glob_names(string $pattern): array
{
    $files = glob(DATA . '/' . $pattern) ?: [];
    sort($files, SORT_STRING);
    return $files;
}

function build_cases(): array
{
    $cases = [];
    $add = static function (string $group, string $name, string $op, int $flags, \Closure $load) use (&$cases) {
        $cases[] = ['id' => "$group/$name", 'group' => $group, 'name' => $name,
                    'op' => $op, 'flags' => $flags, 'load' => $load];
    };

    // real documents (top level of data/real)
    $real = array_map(static fn($f) => basename($f, '.json'), glob_names('real/*.json'));
    foreach ($real as $d) {
        $add('real-compact', $d, 'encode', 0, json_doc("real/$d.json", true));
    }
    foreach ($real as $d) {
        $add('real-pretty', $d, 'encode', JSON_PRETTY_PRINT, json_doc("real/$d.json", true));
    }
    // a few as stdClass objects
    foreach (['twitter', 'citm_catalog', 'github_events', 'update-center', 'instruments'] as $d) {
        if (in_array($d, $real, true)) {
            $add('real-obj', $d, 'encode', 0, json_doc("real/$d.json", false));
            $add('real-obj', "$d+pretty", 'encode', JSON_PRETTY_PRINT, json_doc("real/$d.json", false));
        }
    }
    // small documents
    foreach (glob_names('real/small/*.json') as $f) {
        $d = basename($f, '.json');
        $add('small', $d, 'encode', 0, json_doc("real/small/$d.json", true));
        $add('small', "$d+pretty", 'encode', JSON_PRETTY_PRINT, json_doc("real/small/$d.json", true));
    }

    // seed escape corpora: category x size, flags 0 and JSON_UNESCAPED_UNICODE
    $seeds = array_map(static fn($f) => basename($f, '.json'), glob_names('seeds/adapik-pr23675/*.json'));
    $sizeRank = static fn(string $n) => str_ends_with($n, '_small') ? 0 : (str_ends_with($n, '_medium') ? 1 : 2);
    usort($seeds, static function ($a, $b) use ($sizeRank) {
        $ca = preg_replace('/_(small|medium|large)$/', '', $a);
        $cb = preg_replace('/_(small|medium|large)$/', '', $b);
        return [$ca, $sizeRank($a)] <=> [$cb, $sizeRank($b)];
    });
    foreach ($seeds as $s) {
        foreach ([0 => '', JSON_UNESCAPED_UNICODE => '+uu'] as $fl => $sfx) {
            $add('seed', $s . $sfx, 'encode', $fl, json_doc("seeds/adapik-pr23675/$s.json", true));
        }
    }

    // text corpora (UTF-8 ones only; the legacy-encoded files are invalid UTF-8)
    foreach (['en', 'ru', 'zh', 'ja', 'emoji', 'html', 'entities'] as $t) {
        $rel = "seeds/artukrainskiy-php-src-bench/$t.txt";
        if (!is_file(DATA . '/' . $rel)) {
            continue;
        }
        $str = static fn() => read_data($rel);
        $lines = static fn() => explode("\n", rtrim(read_data($rel), "\n"));
        foreach ([0 => '', JSON_UNESCAPED_UNICODE => '+uu'] as $fl => $sfx) {
            $add('text', $t . $sfx, 'encode', $fl, $str);
            $add('text', "$t+lines$sfx", 'encode', $fl, $lines);
        }
    }

    // naughty strings
    if (is_file(DATA . '/naughty/blns.json')) {
        $blns = json_doc('naughty/blns.json', true);
        $add('naughty', 'blns', 'encode', 0, $blns);
        $add('naughty', 'blns+uu', 'encode', JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES, $blns);
        $add('naughty', 'blns+hex', 'encode', JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT, $blns);
    }

    // decode and validate: the real documents as they are
    foreach ($real as $d) {
        $add('decode-real-obj', $d, 'decode', 0, json_file("real/$d.json"));
    }
    foreach ($real as $d) {
        $add('decode-real-assoc', $d, 'decode-assoc', 0, json_file("real/$d.json"));
    }
    foreach ($real as $d) {
        $add('validate-real', $d, 'validate', 0, json_file("real/$d.json"));
    }
    if (function_exists('json_validate')) {
        foreach ($real as $d) {
            $add('validate-real-jv', $d, 'validate-jv', 0, json_file("real/$d.json"));
        }
    }
    foreach (glob_names('real/small/*.json') as $f) {
        $d = basename($f, '.json');
        $add('decode-small', $d, 'decode', 0, json_file("real/small/$d.json"));
        $add('decode-small', "$d+assoc", 'decode-assoc', 0, json_file("real/small/$d.json"));
    }
    foreach (glob_names('real/small/*.json') as $f) {
        $d = basename($f, '.json');
        $add('validate-small', $d, 'validate', 0, json_file("real/small/$d.json"));
    }

    // texts turned into JSON: \u-escaped (flags 0) and raw UTF-8 (+uu), one string and lines
    foreach (['en', 'ru', 'zh', 'ja', 'emoji', 'html', 'entities'] as $t) {
        $rel = "seeds/artukrainskiy-php-src-bench/$t.txt";
        if (!is_file(DATA . '/' . $rel)) {
            continue;
        }
        foreach ([0 => '', JSON_UNESCAPED_UNICODE => '+uu'] as $fl => $sfx) {
            $add('decode-text', $t . $sfx, 'decode', 0,
                static fn() => json_encode(read_data($rel), $fl | JSON_THROW_ON_ERROR));
            $add('decode-text', "$t+lines$sfx", 'decode', 0,
                static fn() => json_encode(explode("\n", rtrim(read_data($rel), "\n")), $fl | JSON_THROW_ON_ERROR));
        }
    }
    // the seed PR's repro: 2000 short CJK strings
    foreach ([0 => '', JSON_UNESCAPED_UNICODE => '+uu'] as $fl => $sfx) {
        $add('decode-text', "repro-ja-2000$sfx", 'decode', 0,
            static fn() => json_encode(array_fill(0, 2000, '日本語のテキストです'), $fl));
    }
    // seed corpora and naughty strings, re-encoded: flags 0 and +uu
    foreach ($seeds as $s) {
        foreach ([0 => '', JSON_UNESCAPED_UNICODE => '+uu'] as $fl => $sfx) {
            $add('decode-seed', $s . $sfx, 'decode', 0, json_reencoded("seeds/adapik-pr23675/$s.json", $fl));
        }
    }
    if (is_file(DATA . '/naughty/blns.json')) {
        foreach ([0 => '', JSON_UNESCAPED_UNICODE => '+uu'] as $fl => $sfx) {
            $add('decode-naughty', "blns$sfx", 'decode', 0, json_reencoded('naughty/blns.json', $fl));
        }
    }

    return $cases;
}

/* ---------------------------------------------------------------------------
 * Measurement.
 * ------------------------------------------------------------------------- */

function median(array $a): float
{
    sort($a);
    $n = count($a);
    if ($n === 0) {
        return NAN;
    }
    return $n % 2 ? (float)$a[intdiv($n, 2)] : ($a[$n / 2 - 1] + $a[$n / 2]) / 2.0;
}

function geomean(array $a): float
{
    if (!$a) {
        return NAN;
    }
    $s = 0.0;
    foreach ($a as $x) {
        $s += log($x);
    }
    return exp($s / count($a));
}

/* Find n such that one batch of n calls takes about $targetNs (by the chosen clock). */
function calibrate(string $loop, mixed $in, int $flags, float $targetNs, int $clk): int
{
    $n = 1;
    for ($iter = 0; $iter < 30; ++$iter) {
        $t = max(1, $loop($in, $flags, $n)[$clk]);
        if ($t >= $targetNs * 0.4 || $n >= (1 << 26)) {
            return max(1, (int)round($n * $targetNs / $t));
        }
        $n = (int)min($n * 100, max($n * 2, ceil($n * $targetNs / $t)));
    }
    return $n;
}

function compare_strings(mixed $a, mixed $b, array $names = ['json_encode', 'fastjson_encode']): ?string
{
    if ($a === $b) {
        return null;
    }
    if (!is_string($a) || !is_string($b)) {
        return sprintf('%s returned %s, %s returned %s',
            $names[0], is_string($a) ? 'string(' . strlen($a) . ')' : var_export($a, true),
            $names[1], is_string($b) ? 'string(' . strlen($b) . ')' : var_export($b, true));
    }
    $len = min(strlen($a), strlen($b));
    $i = 0;
    while ($i < $len && $a[$i] === $b[$i]) {
        ++$i;
    }
    // raw bytes around the difference; control and non-ASCII bytes as C escapes
    $ctx = static fn(string $s) => '...' . addcslashes(substr($s, max(0, $i - 40), 40), "\0..\37\177..\377")
        . ' >>> ' . addcslashes(substr($s, $i, 40), "\0..\37\177..\377") . '...';
    $w = max(strlen($names[0]), strlen($names[1])) + 1;
    return sprintf("lengths %d vs %d, first difference at byte %d\n  %-{$w}s %s\n  %-{$w}s %s",
        strlen($a), strlen($b), $i, $names[0] . ':', $ctx($a), $names[1] . ':', $ctx($b));
}

/* Decoded values: serialize() shows types, key types, property order, float bits
 * and object classes, so equal strings mean the values are interchangeable. */
function compare_values(mixed $a, mixed $b, array $names): ?string
{
    $sa = serialize($a);
    $sb = serialize($b);
    if ($sa === $sb) {
        return null;
    }
    return 'serialize() of the results: ' . compare_strings($sa, $sb, $names);
}

function run_case(array $case, array $op, array $opt): array
{
    $in = ($case['load'])();
    $flags = $case['flags'];

    // correctness gate
    json_encode(null); // reset json_last_error()
    $outA = ($op['call_ext'])($in, $flags);
    $errA = json_last_error();
    $outB = ($op['call_fast'])($in, $flags);
    $errB = json_last_error();
    $diff = ($op['compare'])($outA, $outB, $op['names']);
    if ($diff === null && $errA !== $errB) {
        $diff = "json_last_error(): {$op['names'][0]} $errA, {$op['names'][1]} $errB";
    }
    if ($diff !== null) {
        fwrite(STDERR, "\n\n*** MISMATCH in case {$case['id']} (flags {$flags}) ***\n$diff\n"
            . "Aborting: the benchmark only compares identical results.\n");
        exit(2);
    }
    $bytes = ($op['bytes'])($in, $outA);
    unset($outA, $outB);

    // the peer: a sanity check only (its values differ from ext/json's by design)
    $peerSkip = null;
    $usePeer = $opt['peer'] !== null && isset($op['peer']);
    if ($usePeer) {
        if ($flags !== 0) {
            $peerSkip = 'the peer takes no flags';
        } else {
            try {
                $outP = ($op['call_peer'])($in);
                if (!($op['peer_ok'])($outP)) {
                    $peerSkip = 'returned ' . get_debug_type($outP) . ($outP === false ? ' (false)' : '');
                }
            } catch (\Throwable $e) {
                $peerSkip = get_class($e) . ': ' . $e->getMessage();
            }
            unset($outP);
        }
        $usePeer = $peerSkip === null;
    }

    // sides: 0 ext/json, 1 fastjson, 2 the peer
    $loops = [$op['ext'], $op['fast']];
    if ($usePeer) {
        $loops[] = $op['peer'];
    }
    $k = count($loops);
    $clk = $opt['clock'] === 'wall' ? 0 : 1;
    $n = [];
    foreach ($loops as $j => $loop) {
        $n[$j] = calibrate($loop, $in, $flags, $opt['batch'] * 1e6, $clk);
    }
    // warm-up batch per side
    foreach ($loops as $j => $loop) {
        $loop($in, $flags, $n[$j]);
    }

    // interleaved rounds, the order rotated each round (A B, B A, ... or A B C, B C A,
    // C A B, ...); per-call ns for [wall, cpu] per side
    $smp = array_fill(0, $k, [[], []]);
    for ($r = 0; $r < $opt['rounds']; ++$r) {
        for ($i = 0; $i < $k; ++$i) {
            $j = ($r + $i) % $k;
            $t = $loops[$j]($in, $flags, $n[$j]);
            $smp[$j][0][] = $t[0] / $n[$j];
            $smp[$j][1][] = $t[1] / $n[$j];
        }
    }
    unset($in);

    $stat = $opt['stat'] === 'min' ? static fn(array $x) => (float)min($x) : 'median';
    $ta = $smp[0][$clk];
    $tb = $smp[1][$clk];
    $ma = max(1e-3, $stat($ta));
    $mb = max(1e-3, $stat($tb));
    $pr = [];
    foreach ($ta as $i => $x) {
        $pr[] = $x / max(1e-3, $tb[$i]);
    }
    $mpr = median($pr);
    $mad = median(array_map(static fn($x) => abs($x - $mpr), $pr));

    $res = [
        'id' => $case['id'], 'group' => $case['group'], 'name' => $case['name'],
        'op' => $case['op'], 'flags' => $flags, 'bytes' => $bytes,
        'n_ext' => $n[0], 'n_fast' => $n[1],
        'ns_ext' => $ma, 'ns_fast' => $mb,
        'mbps_ext' => $bytes / $ma * 1e3, 'mbps_fast' => $bytes / $mb * 1e3,
        'ratio' => $ma / $mb,
        'spread' => $mpr > 0 ? 1.4826 * $mad / $mpr : 0.0, // robust rel. spread of per-round ratios
        // per-call ns of every round
        'wall_ext' => $smp[0][0], 'wall_fast' => $smp[1][0], 'cpu_ext' => $smp[0][1], 'cpu_fast' => $smp[1][1],
    ];
    if ($usePeer) {
        $mp = max(1e-3, $stat($smp[2][$clk]));
        $res += [
            'n_peer' => $n[2], 'ns_peer' => $mp, 'mbps_peer' => $bytes / $mp * 1e3,
            'ratio_peer' => $ma / $mp,      // ext/json time / peer time
            'fast_vs_peer' => $mp / $mb,    // peer time / fastjson time (> 1: fastjson faster)
            'wall_peer' => $smp[2][0], 'cpu_peer' => $smp[2][1],
        ];
    } elseif ($peerSkip !== null) {
        $res['peer_skipped'] = $peerSkip;
    }
    return $res;
}

/* ---------------------------------------------------------------------------
 * Output helpers.
 * ------------------------------------------------------------------------- */

function fail(string $msg): never
{
    fwrite(STDERR, "bench.php: $msg\n");
    exit(1);
}

function fmt_bytes(int $b): string
{
    if ($b < 1000) {
        return $b . 'B';
    }
    if ($b < 1000 * 1000) {
        return sprintf('%.1fK', $b / 1e3);
    }
    return sprintf('%.2fM', $b / 1e6);
}

function fmt_mbps(float $x): string
{
    return $x >= 100 ? sprintf('%.0f', $x) : sprintf('%.1f', $x);
}

function cpu_model(): string
{
    $c = @file_get_contents('/proc/cpuinfo');
    if ($c !== false && preg_match('/^model name\s*:\s*(.+)$/m', $c, $m)) {
        return trim($m[1]);
    }
    return php_uname('m');
}

/* The SIMD kernel fastjson runs with (fastjson.simd, resolved). */
function simd_in_use(): string
{
    return function_exists('fastjson_info') ? fastjson_info()['simd'] : '?';
}

function xml(string $s): string
{
    return htmlspecialchars($s, ENT_QUOTES | ENT_XML1, 'UTF-8');
}

function write_svg(string $file, array $results, array $groups, array $meta, string $chart): void
{
    // with the peer: its ratio as a tick on each bar and a column of figures on the right
    $peer = array_filter($results, static fn($r) => isset($r['ratio_peer'])) !== [];
    $W = $peer ? 1090 : 900;
    $peerX = 904;        // left edge of the peer column
    $rowH = 14;
    $labelX = 318;       // right edge of case labels
    $x0 = 326;           // x of ratio 0
    $x1 = 842;           // x of xmax
    $top = $peer ? 98 : 84;
    $target = $chart === 'encode' ? 3.0 : 3.5;  // the line of groups without a geomean target

    $maxRatio = 0.0;
    foreach ($results as $r) {
        $maxRatio = max($maxRatio, $r['ratio'], $r['ratio_peer'] ?? 0.0);
    }
    $xmax = max(4.0, ceil($maxRatio));
    $clip = false;
    if ($xmax > 12) {
        $xmax = 12.0;
        $clip = true;
    }
    $step = $xmax <= 6 ? 0.5 : 1.0;
    $sx = static fn(float $v) => $x0 + ($x1 - $x0) * min($v, $xmax) / $xmax;
    $ticks = [];
    for ($i = 0; $i * $step <= $xmax + 1e-9; ++$i) {
        $ticks[] = $i * $step;
    }
    $tickLabel = static fn(float $v) => (fmod($v, 1.0) == 0.0 ? sprintf('%d', $v) : sprintf('%.1f', $v)) . 'x';

    $byGroup = [];
    foreach ($results as $r) {
        $byGroup[$r['group']][] = $r;
    }

    $back = [];   // grid and reference lines (drawn first, behind bars and text)
    $body = [];
    $y = $top;
    foreach ($groups as $g => $gi) {
        if (empty($byGroup[$g])) {
            continue;
        }
        $rs = $byGroup[$g];
        $gm = geomean(array_column($rs, 'ratio'));
        $mn = min(array_column($rs, 'ratio'));
        $gt = $gi['geo'] ?? $target;
        $y += 8;
        $body[] = sprintf('<text x="8" y="%d" class="gh">%s</text>', $y + 10, xml($g . ' — ' . $gi['title']));
        $ps = array_filter($rs, static fn($r) => isset($r['ratio_peer']));
        $body[] = sprintf('<text x="%d" y="%d" class="gs" text-anchor="end">geomean %.2fx  min %.2fx%s%s</text>', $W - 8, $y + 10, $gm, $mn,
            $gt != $target ? sprintf('  (target %.1fx)', $gt) : '',
            $ps ? sprintf('  | peer %.2fx, f/peer %.2fx', geomean(array_column($ps, 'ratio_peer')),
                geomean(array_column($ps, 'fast_vs_peer'))) : '');
        $y += 16;
        $y0 = $y;
        foreach ($rs as $r) {
            $w = $sx($r['ratio']) - $x0;
            $bad = $r['ratio'] < ($gi['min'] ?? 1.0);
            $body[] = sprintf('<text x="%d" y="%d" class="lb" text-anchor="end">%s</text>', $labelX, $y + 10, xml($r['name']));
            $body[] = sprintf('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %.2fx (ext/json %s MB/s, fastjson %s MB/s, %s)</title></rect>',
                $x0, $y + 2, max(0.5, $w), $rowH - 4, $gi['color'], xml($r['id']), $r['ratio'],
                fmt_mbps($r['mbps_ext']), fmt_mbps($r['mbps_fast']), fmt_bytes($r['bytes']));
            // the peer's tick before the value, whose white halo keeps the figure readable
            if (isset($r['ratio_peer'])) {
                $px = $sx($r['ratio_peer']);
                $body[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="pk"><title>%s: peer %.2fx (%s MB/s)</title></line>',
                    $px, $y + 1, $px, $y + $rowH - 1, xml($r['id']), $r['ratio_peer'], fmt_mbps($r['mbps_peer']));
            }
            $clipped = $clip && $r['ratio'] > $xmax;
            $body[] = sprintf('<text x="%.1f" y="%d" class="%s">%s%.2fx</text>',
                $x0 + $w + 3, $y + 10, $bad ? 'v vb' : 'v', $clipped ? '» ' : '', $r['ratio']);
            if (isset($r['ratio_peer'])) {
                $body[] = sprintf('<text x="%d" y="%d" class="pv">peer %s%.2fx  f/peer %.2fx</text>', $peerX, $y + 10,
                    $clip && $r['ratio_peer'] > $xmax ? '» ' : '', $r['ratio_peer'], $r['fast_vs_peer']);
            } elseif (isset($r['peer_skipped'])) {
                $body[] = sprintf('<text x="%d" y="%d" class="pv"><title>%s</title>peer skipped</text>', $peerX, $y + 10,
                    xml($r['peer_skipped']));
            }
            $y += $rowH;
        }
        foreach ($ticks as $v) {
            $back[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="grid"/>', $sx($v), $y0, $sx($v), $y);
        }
        $back[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="one"/>', $sx(1.0), $y0, $sx(1.0), $y);
        $back[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="tgt"/>', $sx($gt), $y0, $sx($gt), $y);
    }
    $bottom = $y + 4;
    $H = $bottom + 40;

    $axes = [];
    foreach ($ticks as $v) {
        $axes[] = sprintf('<text x="%.1f" y="%d" class="tk" text-anchor="middle">%s</text>', $sx($v), $bottom + 12, $tickLabel($v));
        $axes[] = sprintf('<text x="%.1f" y="%d" class="tk" text-anchor="middle">%s</text>', $sx($v), $top - 2, $tickLabel($v));
    }
    $axes[] = sprintf('<text x="%.1f" y="%d" class="rl" text-anchor="end">parity 1.0x ▾</text>', $sx(1.0) + 4, $top - 16);
    $axes[] = sprintf('<text x="%.1f" y="%d" class="rl" fill="#c0392b" text-anchor="start">▾ target %.1fx</text>', $sx($target) - 4, $top - 16, $target);
    $axes[] = sprintf('<text x="%d" y="%d" class="ax" text-anchor="middle">%s</text>', ($x0 + $x1) / 2, $bottom + 30,
        xml('ext/json time / fastjson time  (> 1.0x: fastjson is faster)' . ($clip ? sprintf('; bars clipped at %dx (»)', $xmax) : '')));

    $tt = xml($chart === 'encode' ? 'fastjson_encode() vs json_encode(): speed ratio, ext/json time ÷ fastjson time'
        : 'fastjson_decode() / fastjson_validate() vs json_decode(): speed ratio, ext/json time ÷ fastjson time');
    $ts = xml(sprintf('PHP %s, fastjson %s (%s), %s. %s run: %d interleaved rounds, %s %s time per side. %s',
        $meta['php'], $meta['fastjson'], $meta['simd'], $meta['cpu'], $meta['mode'], $meta['rounds'],
        $meta['stat'], $meta['clock'] === 'cpu' ? 'CPU' : 'wall', $meta['date']));
    $tl = xml($chart === 'encode'
        ? '+pretty JSON_PRETTY_PRINT, +uu JSON_UNESCAPED_UNICODE, +lines array of lines, +hex JSON_HEX_*; red: below the group threshold'
        : '+assoc to arrays, +uu input raw UTF-8 (else \\u-escaped), +lines array of lines; validate: ext/json is json_decode($json, true); red: below threshold');
    $tp = $peer ? xml(sprintf('black tick, peer: ext/json time ÷ time of %s %s (same rounds; its results are not compared); '
        . 'f/peer: peer time ÷ fastjson time (> 1: fastjson faster)',
        $meta['peer']['name'] ?? '?', $meta['peer']['version'] ?? '?')) : '';
    $tpLine = $peer ? "<text x=\"8\" y=\"62\" class=\"s\">$tp</text>\n" : '';
    $svg = <<<SVG
<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="$W" height="$H" viewBox="0 0 $W $H" font-family="ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono',monospace">
<style>
 .t{font-size:14px;font-weight:bold;fill:#111} .s{font-size:10px;fill:#444}
 .gh{font-size:11px;font-weight:bold;fill:#111} .gs{font-size:10px;fill:#333}
 .lb{font-size:10.5px;fill:#222}
 .v{font-size:10px;fill:#222;stroke:#fff;stroke-width:3px;paint-order:stroke;stroke-linejoin:round}
 .vb{fill:#c0392b;font-weight:bold}
 .tk{font-size:10px;fill:#444} .rl{font-size:10px;fill:#222} .ax{font-size:11px;fill:#222}
 .grid{stroke:#e6e6e6;stroke-width:1} .one{stroke:#222;stroke-width:1.2}
 .tgt{stroke:#c0392b;stroke-width:1.2;stroke-dasharray:5,3}
 .pk{stroke:#111;stroke-width:2} .pv{font-size:10px;fill:#222}
</style>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="8" y="18" class="t">$tt</text>
<text x="8" y="34" class="s">$ts</text>
<text x="8" y="48" class="s">$tl</text>
$tpLine
SVG;
    $svg .= implode("\n", $back) . "\n" . implode("\n", $body) . "\n" . implode("\n", $axes) . "\n</svg>\n";

    $dir = dirname($file);
    if (!is_dir($dir) && !@mkdir($dir, 0777, true)) {
        fail("cannot create $dir");
    }
    if (file_put_contents($file, $svg) === false) {
        fail("cannot write $file");
    }
}

/* ---------------------------------------------------------------------------
 * Main.
 * ------------------------------------------------------------------------- */

function parse_options(array $argv): array
{
    // svg: null = default file per chart, false = none
    $o = ['filter' => null, 'group' => null, 'quick' => false, 'rounds' => null, 'batch' => null, 'json' => null,
          'svg' => null, 'list' => false, 'strict' => false, 'clock' => 'cpu', 'stat' => 'min', 'peer' => 'auto'];
    foreach (array_slice($argv, 1) as $a) {
        if ($a === '--quick') {
            $o['quick'] = true;
        } elseif ($a === '--list') {
            $o['list'] = true;
        } elseif ($a === '--strict') {
            $o['strict'] = true;
        } elseif ($a === '--no-svg') {
            $o['svg'] = false;
        } elseif (preg_match('/^--(filter|group|json|svg|rounds|batch-ms|clock|stat|peer)=(.*)$/s', $a, $m)) {
            $k = $m[1] === 'batch-ms' ? 'batch' : $m[1];
            $o[$k] = $m[2];
        } elseif ($a === '-h' || $a === '--help') {
            preg_match('~/\*(.*?)\*/~s', file_get_contents(__FILE__), $m);
            echo trim(preg_replace('/^ ?\* ?/m', '', $m[1])), "\n";
            exit(0);
        } else {
            fail("unknown option $a (try --help)");
        }
    }
    $o['rounds'] = (int)($o['rounds'] ?? ($o['quick'] ? 3 : 12));
    $o['batch'] = (float)($o['batch'] ?? ($o['quick'] ? 4 : 10));
    if (!in_array($o['clock'], ['cpu', 'wall'], true) || !in_array($o['stat'], ['median', 'min'], true)) {
        fail('--clock must be cpu or wall, --stat median or min');
    }
    if (!in_array($o['peer'], ['auto', 'off'], true)) {
        fail('--peer must be auto or off');
    }
    if ($o['rounds'] < 1 || $o['batch'] <= 0) {
        fail('--rounds and --batch-ms must be positive');
    }
    if ($o['filter'] !== null && @preg_match('~' . str_replace('~', '\~', $o['filter']) . '~', '') === false) {
        fail("invalid --filter regex: {$o['filter']}");
    }
    if ($o['svg'] === '') {
        $o['svg'] = false;
    }
    return $o;
}

/* Groups selected by --group: exact names, name prefixes (before a '-') or a chart. */
function select_groups(?string $list, array $groups): array
{
    if ($list === null) {
        return array_keys($groups);
    }
    $sel = [];
    foreach (explode(',', $list) as $item) {
        $item = trim($item);
        $hit = array_filter(array_keys($groups), static fn($g) => $g === $item
            || str_starts_with($g, $item . '-') || group_chart($groups[$g]) === $item);
        if (!$hit) {
            fail("unknown group '$item'; groups: " . implode(', ', array_keys($groups)) . ' (charts: encode, decode)');
        }
        $sel = array_merge($sel, $hit);
    }
    return array_values(array_unique($sel));
}

function svg_path(?string $opt, string $chart, int $nCharts): string
{
    if ($opt === null) {
        return __DIR__ . "/results/latest-$chart.svg";
    }
    if (str_contains($opt, '{chart}')) {
        return str_replace('{chart}', $chart, $opt);
    }
    // one file name for two charts: the decode chart gets a suffix
    return $nCharts > 1 && $chart !== 'encode' ? preg_replace('/(\.svg)?$/', "-$chart\$1", $opt, 1) : $opt;
}

function main(array $argv): int
{
    $o = parse_options($argv);
    ini_set('memory_limit', '4G');
    // With fastjson.override on, json_*() are fastjson itself: there would be no reference.
    if (function_exists('fastjson_info') && fastjson_info()['override']) {
        fail("fastjson.override is on, so json_*() run fastjson: add -d fastjson.override=0");
    }

    // from here on: the peer's name and version, or null when it is not timed
    $o['peer'] = $o['peer'] === 'auto' ? peer_info() : null;

    $groups = groups();
    $sel = select_groups($o['group'], $groups);
    $cases = array_values(array_filter(build_cases(), static fn($c) => in_array($c['group'], $sel, true)));
    if ($o['filter'] !== null) {
        $re = '~' . str_replace('~', '\~', $o['filter']) . '~';
        $cases = array_values(array_filter($cases, static fn($c) => preg_match($re, $c['id']) === 1));
    }
    if ($o['list']) {
        foreach ($cases as $c) {
            echo $c['id'], "\n";
        }
        return 0;
    }
    if (!$cases) {
        fail('no case matches the filter');
    }
    $ops = ops();
    // skip the operations this build lacks (a build without the decoder still runs encode)
    $missing = [];
    foreach ($cases as $i => $c) {
        foreach ($ops[$c['op']]['needs'] as $fn) {
            if (!function_exists($fn)) {
                $missing[$fn][$c['group']] = true;
                unset($cases[$i]);
            }
        }
    }
    $cases = array_values($cases);
    foreach ($missing as $fn => $gs) {
        fwrite(STDERR, "$fn() is not available: skipping " . implode(', ', array_keys($gs)) . "\n");
    }
    if (!$cases) {
        fwrite(STDERR, "Nothing to run: the fastjson extension is not loaded or lacks these functions.\n"
            . "Build it and load it for this run, e.g.:\n"
            . "  phpize && ./configure --enable-fastjson && make\n"
            . "  php -d extension=\$PWD/modules/fastjson.so bench/bench.php\n");
        return 1;
    }
    if (!is_dir(DATA . '/real')) {
        fail('benchmark data not found in ' . DATA);
    }

    $charts = array_values(array_unique(array_map(static fn($c) => group_chart($groups[$c['group']]), $cases)));
    $meta = [
        'php' => PHP_VERSION, 'fastjson' => phpversion('fastjson') ?: '?', 'simd' => simd_in_use(),
        'cpu' => cpu_model(), 'host' => php_uname('n'), 'date' => date('Y-m-d H:i'),
        'mode' => $o['quick'] ? 'quick' : 'full', 'rounds' => $o['rounds'], 'batch_ms' => $o['batch'],
        'clock' => $o['clock'], 'stat' => $o['stat'],
        'filter' => $o['filter'], 'group' => $o['group'],
        'validate_ref' => 'json_decode($json, true)', 'json_validate' => function_exists('json_validate'),
        'opcache' => (bool)ini_get('opcache.enable_cli') && function_exists('opcache_get_status'),
        'serialize_precision' => ini_get('serialize_precision'),
        'peer' => $o['peer'],
    ];

    printf("fastjson benchmark — PHP %s, fastjson %s (SIMD: %s), %s\n", $meta['php'], $meta['fastjson'], $meta['simd'], $meta['cpu']);
    printf("%d cases, %d interleaved rounds (%s) of ~%g ms batches, %s %s time per side\n",
        count($cases), $o['rounds'], $o['peer'] !== null && in_array('decode', $charts, true) ? 'AB BA .., with the peer ABC BCA CAB ..' : 'AB BA ..', $o['batch'], $o['stat'], $o['clock'] === 'cpu' ? 'CPU (getrusage)' : 'wall (hrtime)');
    printf("ratio = ext/json time / fastjson time (>1: fastjson faster)\n");
    printf("size = bytes of the JSON (encode: produced, decode/validate: input); MB/s = size / time per call (MB = 10^6 bytes); ± = robust spread of per-round ratios\n");
    if (in_array('decode', $charts, true)) {
        printf("validate: ext/json is json_decode(\$json, true)%s\n",
            $meta['json_validate'] ? ', and json_validate() in validate-real-jv' : ' (this PHP has no json_validate())');
        if ($o['peer'] !== null) {
            printf("peer: %s %s, simdjson_decode() / simdjson_is_valid() timed in the same rounds; a speed reference only, its results are not compared\n"
                . "peer = ext/json time / peer time; f/peer = peer time / fastjson time (>1: fastjson faster)\n",
                $o['peer']['name'], $o['peer']['version']);
        }
    }

    $hdr = sprintf('%-44s %8s %9s %9s %8s %6s', 'case', 'size', 'ext MB/s', 'fast MB/s', 'ratio', '±');
    $peerHdr = sprintf(' %9s %7s %7s', 'peer MB/s', 'peer', 'f/peer');
    $peerCols = false;
    $t0 = hrtime(true);
    $results = [];
    $cur = null;
    foreach ($cases as $case) {
        if ($case['group'] !== $cur) {
            $cur = $case['group'];
            $peerCols = $o['peer'] !== null && isset($ops[$case['op']]['peer']);
            printf("\n== %s: %s\n%s\n", $cur, $groups[$cur]['title'] ?? '', $hdr . ($peerCols ? $peerHdr : ''));
        }
        $r = run_case($case, $ops[$case['op']], $o);
        $thr = $groups[$cur]['min'] ?? 1.0;
        $peer = '';
        if ($peerCols) {
            $peer = isset($r['ratio_peer'])
                ? sprintf(' %9s %6.2fx %6.2fx', fmt_mbps($r['mbps_peer']), $r['ratio_peer'], $r['fast_vs_peer'])
                : sprintf(' %9s %7s %7s', '-', '-', '-');
        }
        printf("%-44s %8s %9s %9s %7.2fx %5.1f%%%s%s%s\n", $r['id'], fmt_bytes($r['bytes']),
            fmt_mbps($r['mbps_ext']), fmt_mbps($r['mbps_fast']), $r['ratio'], 100 * $r['spread'], $peer,
            $r['ratio'] < $thr ? '  <' . $thr . 'x' : '',
            isset($r['peer_skipped']) ? '  (peer skipped: ' . substr($r['peer_skipped'], 0, 60) . ')' : '');
        $results[] = $r;
    }
    $elapsed = (hrtime(true) - $t0) / 1e9;

    // summary
    $byGroup = [];
    foreach ($results as $r) {
        $byGroup[$r['group']][] = $r;
    }
    $summary = [];
    $withPeer = array_filter($results, static fn($r) => isset($r['ratio_peer']));
    echo "\n== summary\n";
    if ($withPeer) {
        echo "peer, f/peer: geomeans over the cases the peer ran\n";
        printf("%-18s %5s %9s %9s %8s %8s  %s\n", 'group', 'cases', 'geomean', 'min', 'peer', 'f/peer', 'slowest case');
    } else {
        printf("%-18s %5s %9s %9s  %s\n", 'group', 'cases', 'geomean', 'min', 'slowest case');
    }
    foreach ($groups as $g => $gi) {
        if (empty($byGroup[$g])) {
            continue;
        }
        $rs = $byGroup[$g];
        usort($rs, static fn($a, $b) => $a['ratio'] <=> $b['ratio']);
        $gm = geomean(array_column($rs, 'ratio'));
        $summary[$g] = ['cases' => count($rs), 'geomean' => $gm, 'min' => $rs[0]['ratio'], 'min_case' => $rs[0]['id']];
        if (!$withPeer) {
            printf("%-18s %5d %8.2fx %8.2fx  %s\n", $g, count($rs), $gm, $rs[0]['ratio'], $rs[0]['id']);
            continue;
        }
        $ps = array_filter($rs, static fn($r) => isset($r['ratio_peer']));
        $peer = sprintf(' %8s %8s', '-', '-');
        if ($ps) {
            $summary[$g] += ['peer_cases' => count($ps), 'peer_geomean' => geomean(array_column($ps, 'ratio_peer')),
                             'fast_vs_peer_geomean' => geomean(array_column($ps, 'fast_vs_peer'))];
            $peer = sprintf(' %7.2fx %7.2fx', $summary[$g]['peer_geomean'], $summary[$g]['fast_vs_peer_geomean']);
        }
        printf("%-18s %5d %8.2fx %8.2fx%s  %s%s\n", $g, count($rs), $gm, $rs[0]['ratio'], $peer, $rs[0]['id'],
            $ps && count($ps) < count($rs) ? sprintf(' (peer ran %d of %d)', count($ps), count($rs)) : '');
    }
    $skipped = array_filter($results, static fn($r) => isset($r['peer_skipped']));
    foreach ($skipped as $r) {
        printf("peer skipped in %s: %s\n", $r['id'], $r['peer_skipped']);
    }

    // targets, of the charts this run covers
    $checks = [];
    $ok = true;
    $tgroups = array_filter($groups, static fn($gi) => in_array(group_chart($gi), $charts, true));
    foreach ($tgroups as $g => $gi) {
        if (isset($gi['geo'])) {
            if (isset($summary[$g])) {
                $pass = $summary[$g]['geomean'] >= $gi['geo'];
                $ok = $ok && $pass;
                $checks[] = sprintf('%s geomean %.2fx %s %.1fx', $g, $summary[$g]['geomean'], $pass ? '>=' : '<', $gi['geo']);
            } else {
                $checks[] = "$g geomean n/a";
            }
        }
    }
    $minChecks = [];
    foreach ($tgroups as $g => $gi) {
        if (isset($gi['min'])) {
            $minChecks[group_chart($gi) . ' ' . $gi['min']][] = $g;
        }
    }
    foreach ($minChecks as $key => $gs) {
        $thr = explode(' ', $key)[1];
        $worst = null;
        foreach ($gs as $g) {
            if (isset($summary[$g]) && ($worst === null || $summary[$g]['min'] < $worst['min'])) {
                $worst = $summary[$g];
            }
        }
        $label = implode('+', $gs);
        if ($worst === null) {
            $checks[] = "$label min n/a";
            continue;
        }
        $pass = $worst['min'] >= (float)$thr;
        $ok = $ok && $pass;
        $checks[] = sprintf('%s min %.2fx %s %.1fx (%s)', $label, $worst['min'], $pass ? '>=' : '<', (float)$thr, $worst['min_case']);
    }
    // One line per outcome, so that a met target never reads as part of a failure.
    $outcomes = ['met' => [], 'not met' => [], 'not measured in this run' => []];
    foreach ($checks as $c) {
        $outcomes[str_ends_with($c, 'n/a') ? 'not measured in this run' : (str_contains($c, ' < ') ? 'not met' : 'met')][] = $c;
    }
    echo "\n";
    foreach ($outcomes as $label => $cs) {
        if ($cs) {
            printf("Targets %s (%d of %d): %s\n", $label, count($cs), count($checks), implode('; ', $cs));
        }
    }
    echo $ok ? "All measured targets are met.\n" : "Some targets are not met (see above).\n";
    printf("(%d cases in %.1f s)\n", count($results), $elapsed);

    if ($o['json'] !== null) {
        $doc = ['meta' => $meta + ['elapsed_s' => $elapsed], 'summary' => $summary,
                'targets_met' => $ok, 'targets' => $checks, 'results' => $results];
        if (file_put_contents($o['json'], json_encode($doc, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n") === false) {
            fail("cannot write {$o['json']}");
        }
        echo "raw results: {$o['json']}\n";
    }
    if ($o['svg'] !== false) {
        foreach ($charts as $chart) {
            $file = svg_path($o['svg'], $chart, count($charts));
            $rs = array_values(array_filter($results, static fn($r) => group_chart($groups[$r['group']]) === $chart));
            write_svg($file, $rs, $groups, $meta, $chart);
            echo "chart: $file\n";
        }
    }
    return ($o['strict'] && !$ok) ? 3 : 0;
}

exit(main($argv));
