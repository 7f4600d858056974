<?php
/*
 * Replays the calls written by fastjson.verify_dump_dir (one file per verify mismatch)
 * with fastjson and with ext/json in this process, and shows what each returned then and
 * now, and where they differ.
 *
 *   php -d extension=fastjson tools/verify_replay.php [--bootstrap=FILE] DUMP...
 *
 *   --bootstrap=FILE  required first: defines the classes of an encoded value (your
 *                     autoloader), so that unserialize() rebuilds its objects.
 *
 * The value of a json_encode() dump is rebuilt with unserialize(), which runs the
 * __unserialize()/__wakeup() of its classes: replay only dumps you trust (the files are
 * the application's own data, written with mode 0600).
 *
 * With fastjson.override=1 the fastjson side is json_*() with fastjson.enabled=1 (the
 * path the mismatch took) and the ext/json side json_*() with fastjson.enabled=0; with the
 * override off, fastjson_*() and ext/json's json_*().
 *
 * Exit status: 0 when both sides now agree on every dump, 1 when a difference reproduces,
 * 2 when a dump cannot be replayed (unreadable, truncated, or without its input).
 */

const FJ_REPLAY_FUNCTIONS = ['json_encode', 'json_decode', 'json_validate'];

/* A dump's header fields and sections, or a string saying what is wrong with it. */
function fj_replay_read(string $file): array|string
{
    $text = @file_get_contents($file);
    if ($text === false) {
        return 'cannot read the file';
    }
    $header = [];
    $sections = [];
    $pos = 0;
    $first = true;
    while ($pos < strlen($text)) {
        $eol = strpos($text, "\n", $pos);
        if ($eol === false) {
            return 'a line without its end';
        }
        $line = substr($text, $pos, $eol - $pos);
        $pos = $eol + 1;
        if ($first) {
            if ($line !== 'fastjson verify mismatch') {
                return 'not a fastjson verify dump';
            }
            $first = false;
        } elseif (preg_match('/^== (\S+) (\d+)$/', $line, $m)) {
            $length = (int) $m[2];
            if ($pos + $length + 1 > strlen($text) || $text[$pos + $length] !== "\n") {
                return "section $m[1] is cut short";
            }
            $sections[$m[1]] = substr($text, $pos, $length);
            $pos += $length + 1;
        } elseif (!$sections && preg_match('/^([a-z_.]+): (.*)$/', $line, $m)) {
            $header[$m[1]] = $m[2];
        } else {
            return 'unexpected line: ' . substr($line, 0, 80);
        }
    }
    if (!in_array($header['function'] ?? '', FJ_REPLAY_FUNCTIONS, true)) {
        return 'no known function in the header';
    }
    return [$header, $sections];
}

/* The arguments of the call, or a string saying why it cannot be made again. */
function fj_replay_arguments(array $header, array $sections): array|string
{
    $kind = $header['input'] ?? '';
    if (!isset($sections['input'])) {
        return "the dump holds no input ($kind)";
    }
    if (($header['input.truncated'] ?? 'no') !== 'no') {
        return 'the input was cut at fastjson.verify_dump_max_bytes (' . strlen($sections['input']) . ' of '
            . ($header['input.bytes'] ?? '?') . ' bytes)';
    }
    $flags = (int) $header['flags'];
    $depth = (int) $header['depth'];
    switch ($header['function']) {
        case 'json_encode':
            if ($kind !== 'serialize') {
                return "unexpected input kind '$kind'";
            }
            $value = unserialize($sections['input']);
            if ($value === false && $sections['input'] !== serialize(false)) {
                return 'unserialize() failed on the input';
            }
            return [$value, $flags, $depth];
        case 'json_decode':
            $assoc = ['null' => null, 'true' => true, 'false' => false][$header['associative'] ?? 'null'] ?? null;
            return [$sections['input'], $assoc, $depth, $flags];
        default:
            return [$sections['input'], $depth, $flags];
    }
}

/* One side's outcome of the call, as the dump records it. */
function fj_replay_run(string $side, string $function, array $args): array
{
    $override = fastjson_info()['override'];
    if ($override) {
        ini_set('fastjson.verify', '0');
        ini_set('fastjson.enabled', $side === 'fastjson' ? '1' : '0');
        $callee = $function;
    } else {
        $callee = $side === 'fastjson' ? 'fastjson_' . substr($function, 5) : $function;
    }
    $exception = 'none';
    $result = null;
    try {
        $result = $callee(...$args);
    } catch (Throwable $e) {
        $exception = get_class($e) . ' ' . $e->getCode() . ' ' . $e->getMessage();
    }
    $error = json_last_error();
    if ($override) {
        ini_set('fastjson.enabled', '1');
    }
    return ['error' => (string) $error, 'exception' => $exception, 'result' => serialize($result)];
}

/* A value for the terminal: printable, at most 160 bytes. */
function fj_replay_show(string $s): string
{
    $shown = preg_replace_callback('/[^\x20-\x7e]|\\\\/', fn($m) => sprintf('\x%02x', ord($m[0])), substr($s, 0, 160));
    return $shown . (strlen($s) > 160 ? '... (' . strlen($s) . ' bytes)' : '');
}

function fj_replay_describe(array $o): string
{
    return sprintf('error %s, exception %s, result %s', $o['error'], $o['exception'],
        isset($o['result']) ? fj_replay_show($o['result']) : '(not recorded)');
}

/* Replays one dump; returns its exit status. */
function fj_replay_file(string $file): int
{
    echo "dump: $file\n";
    $read = fj_replay_read($file);
    if (is_string($read)) {
        echo "  cannot replay: $read\n";
        return 2;
    }
    [$header, $sections] = $read;
    $function = $header['function'];
    if (!function_exists($function)) {
        echo "  cannot replay: $function() does not exist here (PHP 8.2 has it with fastjson.override=1)\n";
        return 2;
    }
    printf("  call: %s(), flags %s, depth %s%s; recorded with PHP %s, fastjson %s, simd %s\n", $function,
        $header['flags'], $header['depth'], isset($header['associative']) ? ', associative ' . $header['associative'] : '',
        $header['php'] ?? '?', $header['fastjson'] ?? '?', $header['simd'] ?? '?');
    foreach (['fastjson', 'ext_json'] as $side) {
        $recorded = ['error' => $header["$side.error"] ?? '?', 'exception' => $header["$side.exception"] ?? '?',
            'result' => $sections["$side.result"] ?? null];
        printf("  recorded %-8s %s\n", $side . ':', fj_replay_describe($recorded));
    }
    $args = fj_replay_arguments($header, $sections);
    if (is_string($args)) {
        echo "  cannot replay: $args\n";
        return 2;
    }
    $now = [];
    foreach (['fastjson', 'ext_json'] as $side) {
        $now[$side] = fj_replay_run($side, $function, $args);
        printf("  replayed %-8s %s\n", $side . ':', fj_replay_describe($now[$side]));
    }
    $differ = [];
    foreach (['error', 'exception', 'result'] as $what) {
        if ($now['fastjson'][$what] !== $now['ext_json'][$what]) {
            $a = $now['fastjson'][$what];
            $b = $now['ext_json'][$what];
            $at = strspn($a ^ $b, "\0");
            $differ[] = $what === 'result' ? "result (serialize() differs from byte $at)" : $what;
        }
    }
    if (!$differ) {
        echo "  verdict: both sides agree now: the difference does not reproduce here\n";
        return 0;
    }
    echo '  verdict: the difference reproduces: ', implode(', ', $differ), "\n";
    return 1;
}

$files = [];
foreach (array_slice($argv, 1) as $arg) {
    if (str_starts_with($arg, '--bootstrap=')) {
        require_once substr($arg, strlen('--bootstrap='));
    } elseif ($arg === '--help' || $arg === '-h') {
        echo "usage: php -d extension=fastjson tools/verify_replay.php [--bootstrap=FILE] DUMP...\n";
        exit(0);
    } else {
        $files[] = $arg;
    }
}
if (!$files || !function_exists('fastjson_info')) {
    fwrite(STDERR, "usage: php -d extension=fastjson tools/verify_replay.php [--bootstrap=FILE] DUMP... (fastjson must be loaded)\n");
    exit(2);
}
$status = 0;
foreach ($files as $file) {
    $status = max($status, fj_replay_file($file));
}
exit($status);
