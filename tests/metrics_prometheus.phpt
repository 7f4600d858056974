--TEST--
fastjson_metrics(): Prometheus text exposition format (HELP and TYPE before each family, counters named *_total, labels function/side/result), stable names, values equal to fastjson_info()'s
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=1
fastjson.stats=1
fastjson.stats_sample=1
--FILE--
<?php
/* The exposition format's grammar, strictly: returns [family => [type, [labels => value]]]. */
function parse_metrics(string $text): array
{
    $families = [];
    $help = [];
    if ($text === '' || $text[-1] !== "\n") {
        throw new Exception('not newline-terminated');
    }
    foreach (explode("\n", substr($text, 0, -1)) as $n => $line) {
        if (preg_match('/^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) (\S.*)$/', $line, $m)) {
            if (isset($help[$m[1]])) throw new Exception("line $n: second HELP for $m[1]");
            $help[$m[1]] = true;
        } elseif (preg_match('/^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge)$/', $line, $m)) {
            if (!isset($help[$m[1]]) || isset($families[$m[1]])) throw new Exception("line $n: TYPE without HELP, or twice");
            $families[$m[1]] = [$m[2], []];
        } elseif (preg_match('/^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-z_]+="[^"\\\\\n]*"(?:,[a-z_]+="[^"\\\\\n]*")*)?\})? ([0-9]+(?:\.[0-9]+)?)$/', $line, $m)) {
            if (!isset($families[$m[1]])) throw new Exception("line $n: sample of undeclared family $m[1]");
            if (isset($families[$m[1]][1][$m[2]])) throw new Exception("line $n: duplicate series");
            $families[$m[1]][1][$m[2]] = $m[3];
        } else {
            throw new Exception("line $n does not parse: $line");
        }
    }
    return $families;
}

json_encode(['a' => 1]);
json_decode('{"a":[1,2,3]}');
ini_set('fastjson.enabled', '0');
json_decode('[1]');
json_validate('[1,');
ini_set('fastjson.enabled', '1');

$text = fastjson_metrics();
$info = fastjson_info();
$families = parse_metrics($text);
// The pool's own families exist only with shared memory.
$pool = ['fastjson_shared_slots' => 'gauge', 'fastjson_shared_slots_in_use' => 'gauge', 'fastjson_shared_unslotted_total' => 'counter'];
$present = array_intersect_key(array_map(fn($f) => $f[0], $families), $pool);
var_dump($present === ($info['shared']['available'] ? $pool : []));
foreach (array_diff_key($families, $pool) as $name => [$type, $samples]) {
    $labels = array_unique(array_map(fn($l) => preg_replace('/="[^"]*"/', '', $l), array_keys($samples)));
    printf("%s %s %d %s\n", $name, $type, count($samples), implode(' ', $labels));
    if ($type === 'counter' && !str_ends_with($name, '_total')) echo "  counter without _total\n";
}

$c = $info['shared']['available'] ? $info['shared'] : $info;
$f = $families['fastjson_calls_total'][1];
$s = $families['fastjson_stats_runs_total'][1];
$ok = true;
foreach ($c['functions'] as $fn => $v) {
    $ok = $ok && $f["{function=\"$fn\",side=\"fastjson\"}"] == $v['calls'] - $v['ext_json_calls']
        && $f["{function=\"$fn\",side=\"ext_json\"}"] == $v['ext_json_calls']
        && $families['fastjson_input_bytes_total'][1]["{function=\"$fn\"}"] == $v['bytes_in']
        && $families['fastjson_output_bytes_total'][1]["{function=\"$fn\"}"] == $v['bytes_out'];
    foreach (['fastjson', 'ext_json'] as $side) {
        $st = $c['stats'][$fn][$side] ?? $c['stats']['functions'][$fn][$side];
        $ok = $ok && $s["{function=\"$fn\",side=\"$side\"}"] == $st['runs']
            && abs($families['fastjson_stats_timed_seconds_total'][1]["{function=\"$fn\",side=\"$side\"}"] - $st['timed_ns'] / 1e9) < 1e-9;
    }
}
var_dump($ok, $f['{function="json_decode",side="ext_json"}'], $f['{function="json_encode",side="fastjson"}']);
var_dump($families['fastjson_shared'][1][''] === ($info['shared']['available'] ? '1' : '0'));
?>
--EXPECT--
bool(true)
fastjson_shared gauge 1 
fastjson_calls_total counter 6 {function,side}
fastjson_input_bytes_total counter 3 {function}
fastjson_output_bytes_total counter 3 {function}
fastjson_verify_runs_total counter 3 {function}
fastjson_verify_mismatches_total counter 3 {function}
fastjson_verify_dumps_total counter 2 {result}
fastjson_stats_runs_total counter 6 {function,side}
fastjson_stats_bytes_total counter 6 {function,side}
fastjson_stats_seconds_total counter 6 {function,side}
fastjson_stats_timed_runs_total counter 6 {function,side}
fastjson_stats_timed_seconds_total counter 6 {function,side}
bool(true)
string(1) "1"
string(1) "1"
bool(true)
