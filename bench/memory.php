<?php
/*
 * fastjson memory benchmark: peak memory of one fastjson_decode() / fastjson_validate()
 * call against json_decode(), per document.
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
 * Functions: json_decode($s) / fastjson_decode($s) (stdClass), the same with
 * assoc = true (arrays), and fastjson_validate($s) against the PHP 8.2 reference
 * json_decode($s, true) (and json_validate($s) on PHP 8.3+). Documents: every
 * data/real/*.json plus generated ones of 1 and 10 MB (an array of records and one
 * long string) that show whether fastjson_validate's peak grows with input size.
 *
 * Options:
 *   --filter=REGEX  only documents whose name matches REGEX
 *   --gen-mb=LIST   sizes of the generated documents in MB (default 1,10; empty: none)
 *   --inproc        measure in this process instead of fresh ones (no /proc needed)
 *   --json=FILE     write all figures as JSON
 *   --strict        exit 3 if a fastjson peak is above json_decode's, or
 *                   fastjson_validate's peak grows with the generated sizes
 */

declare(strict_types=1);

const DATA = __DIR__ . '/data';

/* name => [call, what it is compared with]; assoc is a literal as in bench.php */
function functions(): array
{
    $f = [
        'json_decode'           => [static fn(string $s) => json_decode($s), null],
        'fastjson_decode'       => [static fn(string $s) => fastjson_decode($s), 'json_decode'],
        'json_decode_assoc'     => [static fn(string $s) => json_decode($s, true), null],
        'fastjson_decode_assoc' => [static fn(string $s) => fastjson_decode($s, true), 'json_decode_assoc'],
        'fastjson_validate'     => [static fn(string $s) => fastjson_validate($s), 'json_decode_assoc'],
    ];
    if (function_exists('json_validate')) {
        $f['json_validate'] = [static fn(string $s) => json_validate($s), null];
    }
    return $f;
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
    $call = functions()[$fn][0] ?? fail("unknown function $fn");
    $s = load_doc($doc);
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
    unset($v);
    $left = memory_get_usage() - $base;
    $rss = rss_peak() - $rss; // after the ZendMM figures: reading /proc allocates
    return ['bytes' => strlen($s), 'peak' => $peak, 'result' => $result, 'left' => $left,
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

/* ---------------------------------------------------------------------------
 * Main.
 * ------------------------------------------------------------------------- */

function main(array $argv): int
{
    ini_set('memory_limit', '-1');
    $o = ['filter' => null, 'gen' => '1,10', 'inproc' => false, 'json' => null, 'strict' => false, 'child' => null];
    $rest = [];
    foreach (array_slice($argv, 1) as $a) {
        if ($a === '--inproc') {
            $o['inproc'] = true;
        } elseif ($a === '--strict') {
            $o['strict'] = true;
        } elseif (preg_match('/^--(filter|gen-mb|json|child)=(.*)$/s', $a, $m)) {
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
    foreach (['fastjson_decode', 'fastjson_validate'] as $fn) {
        if (!function_exists($fn)) {
            fail("$fn() is not available: load a fastjson build with the decoder, e.g.\n"
                . "  php -d extension=\$PWD/modules/fastjson.so bench/memory.php");
        }
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
    }

    printf("fastjson memory — PHP %s, fastjson %s; one call per %s; ZendMM bytes (memory_get_usage)\n",
        PHP_VERSION, phpversion('fastjson') ?: '?', $cmd ? 'fresh process' : 'measurement, in this process');
    $res = [];
    $errors = [];
    foreach ($docs as $d) {
        foreach (array_keys(functions()) as $fn) {
            $r = $cmd ? measure_child($cmd, $fn, $d) : measure($fn, $d);
            $res[$d][$fn] = $r;
            if ($r['error'] !== null) {
                $errors[] = "$fn($d): {$r['error']}";
            }
        }
        foreach (functions() as $fn => [, $ref]) {
            if ($ref !== null && $res[$d][$fn]['left'] > $res[$d][$ref]['left']) {
                $errors[] = sprintf('%s(%s): %s still allocated after the result was freed (%s: %s)', $fn, $d,
                    fmt_bytes($res[$d][$fn]['left']), $ref, fmt_bytes($res[$d][$ref]['left']));
            }
        }
        fwrite(STDERR, '.');
    }
    fwrite(STDERR, "\n");

    $flagged = [];
    print_table('peak during the call: memory_get_peak_usage() after memory_reset_peak_usage(), minus usage before'
        . "\n   f/j = fastjson / json_decode; ! = fastjson needs more", 'peak', $docs, $res, $flagged);
    $ignore = [];
    print_table('size of the result: usage while the value is held, minus usage before', 'result', $docs, $res, $ignore);
    // RSS moves by pages and 2 MB chunks: mark only clear excesses
    $rssFlag = [];
    print_table('peak RSS during the call minus RSS before (page- and chunk-granular; also counts malloc/mmap)'
        . "\n   ! = fastjson more than 10% + 128 KB above json_decode", 'rss', $docs, $res, $rssFlag, 0.10, 131072);

    // fastjson_validate should need the same memory for 1 MB and 10 MB of the same shape
    $grows = [];
    echo "\n== fastjson_validate peak by input size (generated documents)\n";
    if (!$gen) {
        echo "(none: --gen-mb is empty)\n";
    }
    foreach (['records', 'string'] as $k) {
        $row = [];
        foreach ($docs as $d) {
            if (str_starts_with($d, "gen-$k-")) {
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
        echo "FLAGGED (fastjson peak > json_decode's):\n  ", implode("\n  ", $flagged), "\n";
    } else {
        echo "No document where fastjson's peak is above json_decode's.\n";
    }
    if ($rssFlag) {
        echo "Peak RSS more than 10% + 128 KB above json_decode's (informational):\n  ", implode("\n  ", $rssFlag), "\n";
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
