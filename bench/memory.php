<?php
/*
 * fastjson memory benchmark: peak memory of one fastjson_encode() / fastjson_decode() /
 * fastjson_validate() call against ext/json's, per document, and of fastjson.verify.
 *
 *   php -d extension=/path/to/modules/fastjson.so bench/memory.php [options]
 *
 * Every (document, function) pair is measured in a fresh PHP process started with
 * the same binary and -d options as this one, so nothing a previous call left
 * behind (caches, freed chunks, lazily built tables) changes the figure. In that
 * process: read the document, memory_reset_peak_usage(), take memory_get_usage()
 * as the baseline, make one call, and report
 *   peak   = memory_get_peak_usage() - baseline  (everything the call held at once,
 *            including the value it returns)
 *   result = memory_get_usage() - baseline while the value is still held
 *   left   = memory_get_usage() - baseline after the value is freed (json_decode to
 *            objects leaves the grown GC root buffer; fastjson should leave no more)
 *   rss    = peak RSS during the call minus RSS before it (Linux: VmHWM after
 *            resetting it through /proc/self/clear_refs; else growth of ru_maxrss),
 *            which also sees memory taken outside PHP's allocator (malloc, mmap)
 * The first three count PHP's allocator (ZendMM) only, byte-exact and independent
 * of machine load; rss is page-granular and includes the allocator's 2 MB chunks.
 *
 * Functions, in groups:
 *   decode  json_decode($s) / fastjson_decode($s) (stdClass), the same with assoc = true
 *           (arrays), and fastjson_validate($s) against the PHP 8.2 reference
 *           json_decode($s, true) (and json_validate($s) on PHP 8.3+)
 *   encode  json_encode($v) / fastjson_encode($v), compact and with JSON_PRETTY_PRINT, of
 *           the document decoded to arrays before the measurement
 *   verify  json_encode($v) and json_decode($s) run by the override with
 *           fastjson.verify=1 (both implementations, results compared) against plain
 *           ext/json; measured in children started with -d fastjson.override=1
 *           -d fastjson.verify=1 (not with --inproc)
 * Documents: every data/real/*.json plus generated ones of 1 and 10 MB (an array of
 * records and one long string) that show whether fastjson_validate's peak grows with
 * input size.
 *
 * Options:
 *   --filter=REGEX  only documents whose name matches REGEX
 *   --group=LIST    groups to measure (default decode,encode,verify)
 *   --gen-mb=LIST   sizes of the generated documents in MB (default 1,10; empty: none)
 *   --inproc        measure in this process instead of fresh ones (no /proc needed)
 *   --json=FILE     write all figures as JSON
 *   --strict        exit 3 if a fastjson decode peak is above json_decode's, an encode
 *                   peak above json_encode's x 1.05 + 64 KB, or fastjson_validate's peak
 *                   grows with the generated sizes
 */

declare(strict_types=1);

const DATA = __DIR__ . '/data';

const GROUPS = ['decode', 'encode', 'verify'];
/* How fastjson.verify is switched on in the children that measure it. */
const VERIFY_INI = ['fastjson.override' => '1', 'fastjson.verify' => '1'];
/* An encode peak may exceed json_encode's by this share plus ENCODE_SLACK_BYTES: the
 * output buffer grows in steps (encoder/fastjson_encoder.c). */
const ENCODE_SLACK_SHARE = 0.05;
const ENCODE_SLACK_BYTES = 65536;

/* name => [group, call, what it is compared with, input]. The input is the document's
 * text, or (value) the document decoded to arrays before the measurement. assoc is a
 * literal as in bench.php. */
function functions(): array
{
    $f = [
        'json_decode'            => ['decode', static fn(string $s) => json_decode($s), null, 'text'],
        'fastjson_decode'        => ['decode', static fn(string $s) => fastjson_decode($s), 'json_decode', 'text'],
        'json_decode_assoc'      => ['decode', static fn(string $s) => json_decode($s, true), null, 'text'],
        'fastjson_decode_assoc'  => ['decode', static fn(string $s) => fastjson_decode($s, true), 'json_decode_assoc', 'text'],
        'fastjson_validate'      => ['decode', static fn(string $s) => fastjson_validate($s), 'json_decode_assoc', 'text'],
        'json_encode'            => ['encode', static fn(array|string $v) => json_encode($v), null, 'value'],
        'fastjson_encode'        => ['encode', static fn(array|string $v) => fastjson_encode($v), 'json_encode', 'value'],
        'json_encode_pretty'     => ['encode', static fn(array|string $v) => json_encode($v, JSON_PRETTY_PRINT), null, 'value'],
        'fastjson_encode_pretty' => ['encode', static fn(array|string $v) => fastjson_encode($v, JSON_PRETTY_PRINT), 'json_encode_pretty', 'value'],
        // with the override on and fastjson.verify=1, json_*() run both implementations
        'verify_encode'          => ['verify', static fn(array|string $v) => json_encode($v), 'json_encode', 'value'],
        'verify_decode'          => ['verify', static fn(string $s) => json_decode($s), 'json_decode', 'text'],
    ];
    if (function_exists('json_validate')) {
        $f['json_validate'] = ['decode', static fn(string $s) => json_validate($s), null, 'text'];
    }
    return $f;
}

/* The functions of these groups, with the references they are compared with. */
function selected_functions(array $groups): array
{
    $all = functions();
    $names = [];
    foreach ($all as $fn => [$group, , $ref]) {
        if (in_array($group, $groups, true)) {
            $names[$fn] = true;
            if ($ref !== null) {
                $names[$ref] = true;
            }
        }
    }
    return array_keys(array_filter($all, static fn($f, $fn) => isset($names[$fn]), ARRAY_FILTER_USE_BOTH));
}

/* A document by name: a data/real file, or gen-records-NMB / gen-string-NMB. */
function load_doc(string $name): string
{
    if (preg_match('/^gen-(records|string)-(\d+)MB$/', $name, $m)) {
        return generate($m[1], (int)$m[2] * 1000000);
    }
    $s = @file_get_contents(DATA . "/real/$name.json");
    if ($s === false) {
        fail("cannot read " . DATA . "/real/$name.json");
    }
    return $s;
}

/* Deterministic documents of about $bytes bytes (a little more). */
function generate(string $kind, int $bytes): string
{
    if ($kind === 'string') {
        // ASCII text, so any cut is valid UTF-8
        $t = file_get_contents(DATA . '/seeds/artukrainskiy-php-src-bench/en.txt');
        return json_encode(substr(str_repeat($t, intdiv($bytes, strlen($t)) + 1), 0, $bytes));
    }
    $out = [];
    $len = 2;
    for ($i = 0; $len < $bytes; ++$i) {
        $r = json_encode(['id' => $i, 'name' => "user $i", 'email' => "user$i@example.com",
            'active' => $i % 3 !== 0, 'score' => $i * 0.25, 'tags' => ['alpha', 'beta', (string)($i % 97)],
            'bio' => 'Привет, мир! 日本語のテキストです — ' . str_repeat('x', $i % 50),
            'address' => ['city' => 'Zürich', 'zip' => sprintf('%05d', $i % 100000), 'geo' => [47.37 + $i / 1e6, 8.54]]],
            JSON_UNESCAPED_UNICODE);
        $out[] = $r;
        $len += strlen($r) + 1;
    }
    return '[' . implode(',', $out) . ']';
}

/* Reset the peak RSS to the current RSS; returns the current RSS in bytes. Without
 * /proc (or on old kernels) falls back to ru_maxrss, which cannot be reset. */
function rss_reset(): int
{
    gc_mem_caches(); // return ZendMM's cached chunks, so they do not hide a new peak
    if (@file_put_contents('/proc/self/clear_refs', '5') === 1) {
        return proc_status_kb('VmRSS') * 1024;
    }
    return getrusage()['ru_maxrss'] * 1024;
}

function rss_peak(): int
{
    $hwm = proc_status_kb('VmHWM');
    return $hwm > 0 ? $hwm * 1024 : getrusage()['ru_maxrss'] * 1024;
}

function proc_status_kb(string $field): int
{
    $s = @file_get_contents('/proc/self/status');
    return ($s !== false && preg_match("/^$field:\s+(\d+) kB/m", $s, $m)) ? (int)$m[1] : 0;
}

/* One call of $fn on document $doc; figures in bytes. */
function measure(string $fn, string $doc): array
{
    [$group, $call, , $input] = functions()[$fn] ?? fail("unknown function $fn");
    $verifying = function_exists('fastjson_info') && fastjson_info()['override'] && fastjson_info()['verify'] >= 1;
    if (($group === 'verify') !== $verifying) {
        fail("$fn needs fastjson.override and fastjson.verify " . ($group === 'verify' ? 'on' : 'off'));
    }
    $s = load_doc($doc);
    $bytes = strlen($s);
    if ($input === 'value') {
        $s = json_decode($s, true);
    }
    gc_collect_cycles();
    $rss = rss_reset();
    json_encode(null); // reset json_last_error()
    memory_reset_peak_usage();
    $base = memory_get_usage();
    $v = $call($s);
    $peak = memory_get_peak_usage() - $base;
    $result = memory_get_usage() - $base;
    $err = json_last_error();
    $ok = $err === JSON_ERROR_NONE && $v !== null && $v !== false;
    $out = is_string($v) && $group !== 'decode' ? strlen($v) : null;
    unset($v);
    $left = memory_get_usage() - $base;
    $rss = rss_peak() - $rss; // after the ZendMM figures: reading /proc allocates
    return ['bytes' => $bytes, 'out' => $out, 'peak' => $peak, 'result' => $result, 'left' => $left,
            'rss' => $rss, 'error' => $ok ? null : "json_last_error() $err"];
}

/* The command line of this process up to the script (binary and -d options), for children. */
function php_command(): ?array
{
    $raw = @file_get_contents('/proc/self/cmdline');
    if ($raw === false || $raw === '') {
        return null;
    }
    $args = explode("\0", rtrim($raw, "\0"));
    $i = array_search($_SERVER['argv'][0] ?? '', $args, true);
    if ($i === false || $i < 1) {
        return null;
    }
    return array_merge([PHP_BINARY], array_slice($args, 1, $i - 1), [__FILE__]);
}

function measure_child(array $cmd, string $fn, string $doc): array
{
    if (functions()[$fn][0] === 'verify') {
        // -d options before the script; given twice, the later one counts
        $ini = [];
        foreach (VERIFY_INI as $k => $v) {
            array_push($ini, '-d', "$k=$v");
        }
        $cmd = array_merge(array_slice($cmd, 0, -1), $ini, array_slice($cmd, -1));
    }
    $p = proc_open(array_merge($cmd, ["--child=$fn", $doc]), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    if (!is_resource($p)) {
        fail('cannot start ' . PHP_BINARY);
    }
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $rc = proc_close($p);
    $r = json_decode((string)$out, true);
    if ($rc !== 0 || !is_array($r)) {
        fail("child for $fn($doc) failed (exit $rc): " . trim($err . ' ' . $out));
    }
    return $r;
}

/* ---------------------------------------------------------------------------
 * Output.
 * ------------------------------------------------------------------------- */

function fail(string $msg): never
{
    fwrite(STDERR, "memory.php: $msg\n");
    exit(1);
}

function fmt_bytes(int|float $b): string
{
    $a = abs($b);
    if ($a < 1000) {
        return sprintf('%dB', $b);
    }
    if ($a < 1000 * 1000) {
        return sprintf('%.1fK', $b / 1e3);
    }
    return sprintf('%.2fM', $b / 1e6);
}

/* fastjson / reference, with a mark when fastjson needs more (beyond a fraction $tol plus $abs bytes) */
function fmt_ratio(?array $fast, ?array $ref, string $key, array &$flagged, string $label, float $tol, int $abs): string
{
    if ($fast === null || $ref === null) {
        return sprintf('%7s', '-');
    }
    $r = $fast[$key] / max(1, $ref[$key]);
    if ($fast[$key] > $ref[$key] * (1 + $tol) + $abs) {
        $flagged[] = sprintf('%s %s %s > %s', $label, $key, fmt_bytes($fast[$key]), fmt_bytes($ref[$key]));
        return sprintf('%6.2f!', $r);
    }
    return sprintf('%6.2f ', $r);
}

function print_table(string $title, string $key, array $docs, array $res, array &$flagged, float $tol = 0.0, int $abs = 0): void
{
    $jv = function_exists('json_validate');
    echo "\n== $title\n";
    printf("%-22s %8s | %-27s | %-27s | %s\n", '', '', 'stdClass', 'arrays (assoc)',
        $key === 'result' ? 'validate (a bool: 0)' : 'validate (ref: json_decode($s, true))');
    printf("%-22s %8s | %9s %9s %7s | %9s %9s %7s | %9s %9s %7s%s\n", 'document', 'size',
        'json_dec', 'fastjson', 'f/j', 'json_dec', 'fastjson', 'f/j', 'json_dec', 'fj_valid', 'f/j',
        $jv ? sprintf(' %9s', 'json_val') : '');
    $v = static fn(?array $x) => $x === null ? '-' : fmt_bytes($x[$key]);
    foreach ($docs as $d) {
        $r = $res[$d];
        printf("%-22s %8s | %9s %9s %s | %9s %9s %s | %9s %9s %s%s\n", $d, fmt_bytes(reset($r)['bytes']),
            $v($r['json_decode'] ?? null), $v($r['fastjson_decode'] ?? null),
            fmt_ratio($r['fastjson_decode'] ?? null, $r['json_decode'] ?? null, $key, $flagged, "$d stdClass", $tol, $abs),
            $v($r['json_decode_assoc'] ?? null), $v($r['fastjson_decode_assoc'] ?? null),
            fmt_ratio($r['fastjson_decode_assoc'] ?? null, $r['json_decode_assoc'] ?? null, $key, $flagged, "$d arrays", $tol, $abs),
            $v($r['json_decode_assoc'] ?? null), $v($r['fastjson_validate'] ?? null),
            $key !== 'result' ? fmt_ratio($r['fastjson_validate'] ?? null, $r['json_decode_assoc'] ?? null, $key, $flagged, "$d validate", $tol, $abs)
                : sprintf('%7s', ''),
            $jv ? sprintf(' %9s', $v($r['json_validate'] ?? null)) : '');
    }
}

/* A table of (fastjson, ext/json) pairs per document: $pairs = [label => [fastjson
 * function, ext/json function, tolerated share, tolerated bytes]]. The first column of a
 * pair gives the size of ext/json's output when it has one. */
function print_pairs(string $title, string $key, array $docs, array $res, array $pairs, array &$flagged,
    string $fastHeader = 'fastjson'): void
{
    echo "\n== $title\n";
    printf('%-22s %8s', '', '');
    foreach ($pairs as $label => $_) {
        printf(' | %-37s', $label);
    }
    printf("\n%-22s %8s", 'document', 'size');
    foreach ($pairs as $_) {
        printf(' | %8s %9s %9s %7s', 'output', 'ext/json', $fastHeader, 'f/r');
    }
    echo "\n";
    $v = static fn(?array $x, string $k) => $x === null || $x[$k] === null ? '-' : fmt_bytes($x[$k]);
    foreach ($docs as $d) {
        $r = $res[$d];
        printf('%-22s %8s', $d, fmt_bytes(reset($r)['bytes']));
        foreach ($pairs as $label => [$fast, $ref, $tol, $abs]) {
            printf(' | %8s %9s %9s %s', $v($r[$ref] ?? null, 'out'), $v($r[$ref] ?? null, $key), $v($r[$fast] ?? null, $key),
                fmt_ratio($r[$fast] ?? null, $r[$ref] ?? null, $key, $flagged, "$d $label", $tol, $abs));
        }
        echo "\n";
    }
}

/* ---------------------------------------------------------------------------
 * Main.
 * ------------------------------------------------------------------------- */

function main(array $argv): int
{
    ini_set('memory_limit', '-1');
    $o = ['filter' => null, 'group' => implode(',', GROUPS), 'gen' => '1,10', 'inproc' => false, 'json' => null,
          'strict' => false, 'child' => null];
    $rest = [];
    foreach (array_slice($argv, 1) as $a) {
        if ($a === '--inproc') {
            $o['inproc'] = true;
        } elseif ($a === '--strict') {
            $o['strict'] = true;
        } elseif (preg_match('/^--(filter|group|gen-mb|json|child)=(.*)$/s', $a, $m)) {
            $o[$m[1] === 'gen-mb' ? 'gen' : $m[1]] = $m[2];
        } elseif ($a === '-h' || $a === '--help') {
            preg_match('~/\*(.*?)\*/~s', file_get_contents(__FILE__), $m);
            echo trim(preg_replace('/^ ?\* ?/m', '', $m[1])), "\n";
            return 0;
        } elseif ($o['child'] !== null && !str_starts_with($a, '--')) {
            $rest[] = $a;
        } else {
            fail("unknown option $a (try --help)");
        }
    }
    if ($o['child'] !== null) {
        // child: one measurement, printed as JSON
        echo json_encode(measure($o['child'], $rest[0] ?? fail('--child needs a document'))), "\n";
        return 0;
    }
    // With fastjson.override on, json_*() are fastjson itself: there would be no reference.
    if (function_exists('fastjson_info') && fastjson_info()['override']) {
        fail("fastjson.override is on, so json_*() run fastjson: add -d fastjson.override=0");
    }
    foreach (['fastjson_encode', 'fastjson_decode', 'fastjson_validate'] as $fn) {
        if (!function_exists($fn)) {
            fail("$fn() is not available: load a fastjson build with the decoder, e.g.\n"
                . "  php -d extension=\$PWD/modules/fastjson.so bench/memory.php");
        }
    }
    $groups = array_values(array_filter(array_map('trim', explode(',', $o['group'])), 'strlen'));
    if (!$groups || array_diff($groups, GROUPS)) {
        fail('--group takes a list of ' . implode(', ', GROUPS));
    }
    if ($o['inproc'] && in_array('verify', $groups, true)) {
        fwrite(STDERR, "memory.php: the verify group needs child processes; left out with --inproc\n");
        $groups = array_values(array_diff($groups, ['verify']));
    }

    $docs = array_map(static fn($f) => basename($f, '.json'), glob(DATA . '/real/*.json') ?: []);
    sort($docs, SORT_STRING);
    $gen = [];
    foreach (array_filter(explode(',', $o['gen']), 'strlen') as $mb) {
        if (!ctype_digit(trim($mb)) || (int)$mb < 1) {
            fail("--gen-mb takes whole MB, e.g. 1,10");
        }
        foreach (['records', 'string'] as $k) {
            $gen[] = sprintf('gen-%s-%dMB', $k, (int)$mb);
        }
    }
    $docs = array_merge($docs, $gen);
    if ($o['filter'] !== null) {
        $re = '~' . str_replace('~', '\~', $o['filter']) . '~';
        if (@preg_match($re, '') === false) {
            fail("invalid --filter regex: {$o['filter']}");
        }
        $docs = array_values(array_filter($docs, static fn($d) => preg_match($re, $d) === 1));
    }
    if (!$docs) {
        fail('no document matches the filter');
    }
    $cmd = $o['inproc'] ? null : php_command();
    if (!$o['inproc'] && $cmd === null) {
        fwrite(STDERR, "memory.php: cannot read this process's command line; measuring in-process\n");
        $groups = array_values(array_diff($groups, ['verify']));
    }
    $fns = selected_functions($groups);

    printf("fastjson memory — PHP %s, fastjson %s; one call per %s; ZendMM bytes (memory_get_usage)\n",
        PHP_VERSION, phpversion('fastjson') ?: '?', $cmd ? 'fresh process' : 'measurement, in this process');
    $res = [];
    $errors = [];
    foreach ($docs as $d) {
        foreach ($fns as $fn) {
            $r = $cmd ? measure_child($cmd, $fn, $d) : measure($fn, $d);
            $res[$d][$fn] = $r;
            if ($r['error'] !== null) {
                $errors[] = "$fn($d): {$r['error']}";
            }
        }
        foreach ($fns as $fn) {
            [$group, , $ref] = functions()[$fn];
            // a verified json_decode() builds its objects twice, so the GC root buffer grows more
            if ($ref !== null && $group !== 'verify' && $res[$d][$fn]['left'] > $res[$d][$ref]['left']) {
                $errors[] = sprintf('%s(%s): %s still allocated after the result was freed (%s: %s)', $fn, $d,
                    fmt_bytes($res[$d][$fn]['left']), $ref, fmt_bytes($res[$d][$ref]['left']));
            }
        }
        fwrite(STDERR, '.');
    }
    fwrite(STDERR, "\n");

    $flagged = [];
    $ignore = [];
    // RSS moves by pages and 2 MB chunks: mark only clear excesses
    $rssFlag = [];
    if (in_array('decode', $groups, true)) {
        print_table('decode, peak during the call: memory_get_peak_usage() after memory_reset_peak_usage(), minus usage before'
            . "\n   f/j = fastjson / json_decode; ! = fastjson needs more", 'peak', $docs, $res, $flagged);
        print_table('decode, size of the result: usage while the value is held, minus usage before', 'result', $docs, $res, $ignore);
        print_table('decode, peak RSS during the call minus RSS before (page- and chunk-granular; also counts malloc/mmap)'
            . "\n   ! = fastjson more than 10% + 128 KB above json_decode", 'rss', $docs, $res, $rssFlag, 0.10, 131072);
    }
    $slack = sprintf('%d%% + %d KB', ENCODE_SLACK_SHARE * 100, ENCODE_SLACK_BYTES / 1024);
    if (in_array('encode', $groups, true)) {
        print_pairs("encode, peak during the call (the returned string included); output = the JSON's size"
            . "\n   f/r = fastjson_encode / json_encode; ! = fastjson more than $slack above json_encode", 'peak', $docs, $res, [
                'compact' => ['fastjson_encode', 'json_encode', ENCODE_SLACK_SHARE, ENCODE_SLACK_BYTES],
                'JSON_PRETTY_PRINT' => ['fastjson_encode_pretty', 'json_encode_pretty', ENCODE_SLACK_SHARE, ENCODE_SLACK_BYTES],
            ], $flagged);
        print_pairs('encode, peak RSS during the call minus RSS before'
            . "\n   ! = fastjson more than 10% + 128 KB above json_encode", 'rss', $docs, $res, [
                'compact' => ['fastjson_encode', 'json_encode', 0.10, 131072],
                'JSON_PRETTY_PRINT' => ['fastjson_encode_pretty', 'json_encode_pretty', 0.10, 131072],
            ], $rssFlag);
    }
    if (in_array('verify', $groups, true)) {
        // verify holds both implementations' results at once: informational
        print_pairs('fastjson.verify=1 (both implementations run, results compared) against plain ext/json, peak'
            . "\n   f/r = verified call / ext/json alone", 'peak', $docs, $res, [
                'json_encode' => ['verify_encode', 'json_encode', INF, 0],
                'json_decode (stdClass)' => ['verify_decode', 'json_decode', INF, 0],
            ], $ignore, 'verified');
    }

    // fastjson_validate should need the same memory for 1 MB and 10 MB of the same shape
    $grows = [];
    if (in_array('decode', $groups, true)) {
        echo "\n== fastjson_validate peak by input size (generated documents)\n";
        if (!$gen) {
            echo "(none: --gen-mb is empty)\n";
        }
    }
    foreach (in_array('decode', $groups, true) ? ['records', 'string'] : [] as $k) {
        $row = [];
        foreach ($docs as $d) {
            if (str_starts_with($d, "gen-$k-") && isset($res[$d]['fastjson_validate'])) {
                $row[$d] = $res[$d]['fastjson_validate'];
            }
        }
        if (count($row) < 1) {
            continue;
        }
        $line = [];
        foreach ($row as $d => $r) {
            $line[] = sprintf('%s (%s): %s', $d, fmt_bytes($r['bytes']), fmt_bytes($r['peak']));
        }
        $peaks = array_column($row, 'peak');
        // constant = the largest input needs at most 4 KB more than the smallest
        $const = max($peaks) - min($peaks) <= 4096;
        if (!$const) {
            $grows[] = $k;
        }
        printf("%-8s %s  => %s\n", $k, implode(', ', $line), count($row) < 2 ? 'one size only' : ($const ? 'constant' : 'GROWS with input'));
    }

    echo "\n";
    if ($errors) {
        echo "PROBLEMS:\n  ", implode("\n  ", $errors), "\n";
    }
    if ($flagged) {
        echo "FLAGGED (fastjson peak > json_decode's, or > json_encode's + {$slack}):\n  ", implode("\n  ", $flagged), "\n";
    } else {
        echo "No document where fastjson's peak is above json_decode's (decode) or json_encode's + {$slack} (encode).\n";
    }
    if ($rssFlag) {
        echo "Peak RSS more than 10% + 128 KB above ext/json's (informational: pages and chunks already\n"
            . "touched before the call are not counted again):\n  ", implode("\n  ", $rssFlag), "\n";
    }

    if ($o['json'] !== null) {
        $doc = ['php' => PHP_VERSION, 'fastjson' => phpversion('fastjson'), 'fresh_process' => $cmd !== null,
                'flagged' => $flagged, 'validate_grows' => $grows, 'problems' => $errors, 'results' => $res];
        if (file_put_contents($o['json'], json_encode($doc, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n") === false) {
            fail("cannot write {$o['json']}");
        }
        echo "raw results: {$o['json']}\n";
    }
    return ($o['strict'] && ($flagged || $grows || $errors)) ? 3 : 0;
}

exit(main($argv));
