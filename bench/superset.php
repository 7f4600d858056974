<?php
/*
 * The superset functions against the PHP route they replace, side by side in one process:
 *
 *   php -n -d extension=modules/fastjson.so -d fastjson.override=0 bench/superset.php [--rounds=N]
 *
 * Documents: a small one (github_events' first event, ~2 KB), a 100 KB one (the first
 * 100 KB worth of twitter.json's statuses) and a ~3 MB one (twitter, citm_catalog,
 * apache_builds, github_events and update-center under one object, a marker member last).
 * Each case runs both sides in alternating batches (~10 ms each) and keeps each side's
 * fastest per-call CPU time; ratio = PHP route time / fastjson time. Results are compared
 * once before timing (abort on a difference). Inputs come from bench/data/real (a git
 * checkout) or FASTJSON_CORPUS.
 */

$rounds = 9;
foreach (array_slice($argv, 1) as $arg) {
    if (preg_match('/^--rounds=(\d+)$/', $arg, $m)) {
        $rounds = max(1, (int) $m[1]);
    }
}
$corpus = getenv('FASTJSON_CORPUS') ?: __DIR__ . '/data/real';
$read = fn ($name) => file_get_contents("$corpus/$name.json") ?: exit("missing $corpus/$name.json\n");

$twitter = json_decode($read('twitter'), true);
$big = '{"twitter":' . $read('twitter') . ',"citm":' . $read('citm_catalog') . ',"apache":' . $read('apache_builds')
    . ',"events":' . $read('github_events') . ',"updates":' . $read('update-center') . ',"end":{"marker":42}}';
$statuses = [];
foreach ($twitter['statuses'] as $s) {
    $statuses[] = $s;
    if (strlen(json_encode($statuses)) > 100000) {
        break;
    }
}
$mid = json_encode(['statuses' => $statuses, 'end' => ['marker' => 42]], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
$small = json_encode(['event' => json_decode($read('github_events'), true)[0], 'end' => ['marker' => 42]]);
$docs = ['small' => $small, '100KB' => $mid, '3MB' => $big];
$first = ['small' => ['/event/id', ['event', 'id']], '100KB' => ['/statuses/0/id', ['statuses', 0, 'id']],
    '3MB' => ['/twitter/statuses/0/id', ['twitter', 'statuses', 0, 'id']]];

function dig($v, array $path)
{
    foreach ($path as $k) {
        $v = $v[$k];
    }
    return $v;
}

function per_call(callable $f, int $n): float
{
    $t = getrusage();
    $t0 = $t['ru_utime.tv_sec'] + $t['ru_utime.tv_usec'] / 1e6 + $t['ru_stime.tv_sec'] + $t['ru_stime.tv_usec'] / 1e6;
    for ($i = 0; $i < $n; $i++) {
        $f();
    }
    $t = getrusage();
    return ($t['ru_utime.tv_sec'] + $t['ru_utime.tv_usec'] / 1e6 + $t['ru_stime.tv_sec'] + $t['ru_stime.tv_usec'] / 1e6 - $t0) / $n;
}

/* $same compares the two results when they are equal in value, not in form. */
function race(string $label, callable $php, callable $fast, int $rounds, ?callable $same = null): void
{
    $same ??= fn ($a, $b) => serialize($a) === serialize($b);
    if (!$same($php(), $fast())) {
        fwrite(STDERR, "$label: results differ\n");
        exit(2);
    }
    $batch = [];
    foreach (['php' => $php, 'fast' => $fast] as $side => $f) {
        $n = 1;
        while (($t = per_call($f, $n)) * $n < 0.01 && $n < 1 << 20) {
            $n *= 2;
        }
        $batch[$side] = $n;
    }
    $best = ['php' => INF, 'fast' => INF];
    for ($r = 0; $r < $rounds; $r++) {
        foreach ($r % 2 ? ['fast', 'php'] : ['php', 'fast'] as $side) {
            $best[$side] = min($best[$side], per_call($side === 'php' ? $php : $fast, $batch[$side]));
        }
    }
    printf("| %-44s | %10.1f | %10.1f | %6.2fx |\n", $label, $best['php'] * 1e6, $best['fast'] * 1e6, $best['php'] / $best['fast']);
}

echo "| case | PHP route µs | fastjson µs | ratio |\n|---|---:|---:|---:|\n";
foreach ($docs as $size => $doc) {
    [$ptr, $path] = $first[$size];
    race("pointer_get first field, $size", fn () => dig(json_decode($doc, true), $path), fn () => fastjson_pointer_get($doc, $ptr, true), $rounds);
    race("pointer_get last field, $size", fn () => json_decode($doc, true)['end']['marker'], fn () => fastjson_pointer_get($doc, '/end/marker', true), $rounds);
    race("pointer_exists last field, $size", fn () => isset(json_decode($doc)->end->marker), fn () => fastjson_pointer_exists($doc, '/end/marker'), $rounds);
    /* The PHP route re-encodes the whole document; pointer_set keeps its bytes. */
    race("pointer_set last field, $size", function () use ($doc) {
        $v = json_decode($doc);
        $v->end->marker = 43;
        return json_encode($v);
    }, fn () => fastjson_pointer_set($doc, '/end/marker', 43), $rounds,
        fn ($a, $b) => json_decode($a, true) === json_decode($b, true));
    $patch = '{"end":{"marker":null,"added":[1,2]},"more":"x"}';
    race("merge_patch, $size", fn () => json_decode(json_encode(merge(json_decode($doc), json_decode($patch))), true),
        fn () => fastjson_merge_patch($doc, $patch, true), $rounds);
    race("decode RELAXED (plain input) vs json_decode, $size", fn () => json_decode($doc, true),
        fn () => fastjson_decode($doc, true, 512, FASTJSON_DECODE_RELAXED), $rounds);
    race("decode RELAXED vs fastjson_decode, $size", fn () => fastjson_decode($doc, true),
        fn () => fastjson_decode($doc, true, 512, FASTJSON_DECODE_RELAXED), $rounds);
    /* JSONC: the pretty-printed document with a comment after every line that ends in a
     * comma and a trailing comma before every closing bracket; fastjson_decode() of the
     * same document without them is the reference. */
    $pretty = json_encode(json_decode($doc), JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
    $jsonc = preg_replace(['/,$/m', '/(?<=[^\[{\s])(\n\s*[\]}])/'], [', // c', ',$1'], $pretty);
    race("decode RELAXED of JSONC vs fastjson_decode, $size", fn () => fastjson_decode($pretty, true),
        fn () => fastjson_decode($jsonc, true, 512, FASTJSON_DECODE_RELAXED), $rounds);
    $file = tempnam(sys_get_temp_dir(), 'fjbench');
    file_put_contents($file, $doc);
    race("file_decode vs json_decode(file_get_contents), $size", fn () => json_decode(file_get_contents($file), true),
        fn () => fastjson_file_decode($file, true), $rounds);
    $value = json_decode($doc, true);
    race("file_encode vs file_put_contents(json_encode), $size", fn () => file_put_contents($file, json_encode($value)) > 0,
        fn () => fastjson_file_encode($file, $value), $rounds);
    /* The same work in PHP: a temporary file beside the target, the target's permissions,
     * then a rename, so that a failure leaves the old file whole. */
    race("file_encode vs the same atomic write in PHP, $size", static function () use ($file, $value): bool {
        $temp = "$file." . getmypid() . '.tmp';
        $ok = file_put_contents($temp, json_encode($value)) !== false && chmod($temp, fileperms($file) & 0777)
            && rename($temp, $file);
        clearstatcache();
        return $ok;
    }, fn () => fastjson_file_encode($file, $value), $rounds);
    unlink($file);
}

/* RFC 7386 in PHP, the route merge_patch replaces. */
function merge($target, $patch)
{
    if (!($patch instanceof stdClass)) {
        return $patch;
    }
    if (!($target instanceof stdClass)) {
        $target = new stdClass();
    }
    foreach (get_object_vars($patch) as $k => $v) {
        if ($v === null) {
            unset($target->{$k});
        } else {
            $target->{$k} = merge($target->{$k} ?? null, $v);
        }
    }
    return $target;
}
