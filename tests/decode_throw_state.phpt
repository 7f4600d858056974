--TEST--
Decode/validate error state and exceptions: every error code x every prior error state x THROW_ON_ERROR (with other flags) x assoc; empty string before the depth check; ValueError ordering and the state it leaves; sequences of calls; JsonException details; signatures; validate's argument rules (flags, empty string, depth) and that it never throws JsonException
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$report = new FjReport;
$inputs = ['ok' => '{"a":[1,{"b":2}]}', 'ok scalar' => '1', 'empty' => '', 'depth' => '[[[1]]]', 'state mismatch' => '[1}',
    'ctrl' => "[\"a\x01\"]", 'syntax' => '[1,]', 'utf8' => "[\"\xff\"]", 'property name' => '{"\u0000":1}', 'utf16' => '"\udc00"',
    'unterminated' => '"abc', 'nul' => "[1]\0", 'bigint' => '[12345678901234567890]', 'only ws' => " \n", 'bom' => "\xEF\xBB\xBF1"];
$pre_states = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
$flag_sets = [0, JSON_THROW_ON_ERROR, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_IGNORE, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_THROW_ON_ERROR | JSON_OBJECT_AS_ARRAY | JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_OBJECT_AS_ARRAY,
    JSON_PRETTY_PRINT | JSON_THROW_ON_ERROR, -1, PHP_INT_MAX, JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR];
$depths = [512, 2, 1, 0, -1, 2147483647, 2147483648, PHP_INT_MIN];

/* ---- decode: every input x prior state x flags x assoc x depth ---- */
foreach ($inputs as $name => $json) {
    foreach ($pre_states as $pre) {
        foreach ($flag_sets as $flags) {
            foreach ([null, true, false] as $assoc) {
                foreach ($depths as $depth) {
                    $ref = fj_dec_outcome('json_decode', $json, $assoc, $depth, $flags, null, $pre);
                    /* fastjson_decode() honours FASTJSON_DECODE_RELAXED, which json_decode() ignores. */
                    $got = fj_dec_outcome('fastjson_decode', $json, $assoc, $depth, $flags & ~FASTJSON_DECODE_RELAXED,
                        $ref['ranks'] + 2, $pre);
                    $d = fj_dec_diff($ref, $got);
                    $report->add($d === null ? null : "decode $name, prior error $pre, assoc " . fj_assoc_name($assoc)
                        . ' flags ' . fj_dflags_name($flags) . " depth $depth\n$d");
                    fj_dec_stop_check($report);
                }
            }
        }
    }
}
echo "decode outcomes done\n";

/* ---- validate: every input x prior state x flags x depth ---- */
$val_flags = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR, JSON_INVALID_UTF8_IGNORE | JSON_THROW_ON_ERROR,
    JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE, JSON_OBJECT_AS_ARRAY, JSON_BIGINT_AS_STRING, JSON_PRETTY_PRINT, -1, 1 << 30];
foreach ($inputs as $name => $json) {
    foreach ($pre_states as $pre) {
        foreach ($val_flags as $flags) {
            foreach ($depths as $depth) {
                $ref = fj_val_outcome('fj_ref_validate', $json, $depth, $flags, $pre);
                $got = fj_val_outcome('fastjson_validate', $json, $depth, $flags, $pre);
                $d = fj_dec_diff($ref, $got, 'json_validate', 'fastjson_validate');
                $report->add($d === null ? null : "validate $name, prior error $pre, flags " . fj_dflags_name($flags) . " depth $depth\n$d");
                fj_dec_stop_check($report);
            }
        }
    }
}
echo "validate outcomes done\n";

/* ---- sequences of calls: the state each call leaves behind ---- */
$sequences = [
    [['d', '[1}', 0], ['d', '[1]', JSON_THROW_ON_ERROR], ['d', '[1', JSON_THROW_ON_ERROR], ['d', '1', 0], ['v', '[', 0], ['d', '', JSON_THROW_ON_ERROR]],
    [['d', "\"\xff\"", 0], ['v', '1', 0], ['v', '', 0], ['d', '1', JSON_THROW_ON_ERROR], ['v', '[1]', JSON_THROW_ON_ERROR], ['d', '1', 0]],
    [['v', '{"\u0000":1}', 0], ['d', '{"\u0000":1}', 0], ['d', '{"\u0000":1}', JSON_OBJECT_AS_ARRAY], ['v', '[[1]]', 0, 1], ['d', '[[1]]', 0, 1]],
    [['d', '1', 0, 0], ['d', '[', 0], ['d', '1', JSON_THROW_ON_ERROR, 0], ['d', '', 0, 0], ['v', '1', 0, 0], ['v', '', 5, 0], ['v', '1', 0]],
];
foreach ($sequences as $i => $seq) {
    $trace = [];
    foreach (['json', 'fastjson'] as $impl) {
        fj_put_error_state(7);
        $t = [];
        foreach ($seq as $call) {
            [$kind, $json, $flags] = $call;
            $depth = $call[3] ?? 512;
            try {
                if ($kind === 'd') {
                    $r = ($impl === 'json' ? 'json_decode' : 'fastjson_decode')($json, null, $depth, $flags);
                } else {
                    $r = ($impl === 'json' ? 'fj_ref_validate' : 'fastjson_validate')($json, $depth, $flags);
                }
                $t[] = serialize($r) . ' ' . json_last_error();
            } catch (Throwable $e) {
                $t[] = implode('|', fj_exc_info($e) + [4 => json_last_error()]);
            }
        }
        $trace[$impl] = $t;
    }
    $report->add($trace['json'] === $trace['fastjson'] ? null : "sequence $i:\n  ext/json: " . implode(' ; ', $trace['json'])
        . "\n  fastjson: " . implode(' ; ', $trace['fastjson']), count($seq));
}
echo "sequences done\n";

/* ---- JsonException details ---- */
foreach (['[1}', '', "\xff", '[[1]]'] as $json) {
    $e1 = $e2 = null;
    try { json_decode($json, null, 2, JSON_THROW_ON_ERROR); } catch (JsonException $e1) {}
    try { $line = __LINE__; fastjson_decode($json, null, 2, JSON_THROW_ON_ERROR); } catch (JsonException $e2) {}
    $a = $e1 ? [get_class($e1), $e1->getMessage(), $e1->getCode(), $e1->getPrevious()] : null;
    $b = $e2 ? [get_class($e2), $e2->getMessage(), $e2->getCode(), $e2->getPrevious()] : null;
    $report->add($a === $b ? null : 'exception for ' . fj_dstr($json) . ': ' . var_export($a, true) . ' vs ' . var_export($b, true));
    // Thrown by an internal function: file and line are the caller's (a PHP stub cannot match this).
    if ($e2) {
        $report->add($e2->getFile() === __FILE__ && $e2->getLine() === $line || !(new ReflectionFunction('fastjson_decode'))->isInternal() ? null
            : 'exception location ' . $e2->getFile() . ':' . $e2->getLine() . ', expected ' . __FILE__ . ":$line");
    }
}

/* ---- argument handling ---- */
$calls = [
    'named' => fn($f) => $f(json: '{"a":1}', flags: JSON_OBJECT_AS_ARRAY),
    'named depth' => fn($f) => $f(depth: 1, json: '[1]'),
    'named assoc' => fn($f) => $f('{"a":1}', associative: true),
    'unknown named' => fn($f) => $f('1', foo: 1),
    'array json' => fn($f) => $f([]),
    'null json' => fn($f) => $f(null),
    'int json' => fn($f) => $f(123),
    'float json' => fn($f) => $f(1.5),
    'stringable json' => fn($f) => $f(new class { public function __toString(): string { return '[2]'; } }),
    'string assoc' => fn($f) => $f('{"a":1}', 'yes'),
    'int assoc' => fn($f) => $f('{"a":1}', 0),
    'string depth' => fn($f) => $f('[1]', null, 'x'),
    'numeric string depth' => fn($f) => $f('[[1]]', null, '1'),
    'float depth' => fn($f) => $f('[1]', null, 1.5),
    'null flags' => fn($f) => $f('[1]', null, 512, null),
];
// A user-defined stub (development only) cannot behave like an internal function for null
// arguments (deprecation vs TypeError) or print defaults the same way: those are counted, not run.
$internal = (new ReflectionFunction('fastjson_decode'))->isInternal();
foreach ($calls as $name => $call) {
    if (!$internal && str_starts_with($name, 'null ')) {
        $report->add(null);
        continue;
    }
    $o = [];
    foreach (['json_decode', 'fastjson_decode'] as $fn) {
        fj_sentinel();
        set_error_handler(function ($no, $str) use (&$warn) { $warn[] = preg_replace('/^[a-z_]+\(\): /', '', $str); return true; });
        $warn = [];
        try {
            $r = serialize($call($fn));
        } catch (Throwable $e) {
            $r = implode('|', fj_exc_info($e));
        }
        restore_error_handler();
        $o[$fn] = [$r, json_last_error(), $warn];
    }
    $report->add($o['json_decode'] === $o['fastjson_decode'] ? null : "call $name: " . var_export($o, true));
}
$vcalls = [
    'named' => fn($f) => $f(json: '[1]', flags: JSON_INVALID_UTF8_IGNORE),
    'named depth' => fn($f) => $f(depth: 1, json: '[1]'),
    'unknown named' => fn($f) => $f('1', foo: 1),
    'array json' => fn($f) => $f([]),
    'string flags' => fn($f) => $f('1', 512, 'x'),
    'float depth' => fn($f) => $f('[1]', 1.5),
];
foreach ($vcalls as $name => $call) {
    $o = [];
    foreach (['fj_ref_validate', 'fastjson_validate'] as $fn) {
        fj_sentinel();
        set_error_handler(function ($no, $str) use (&$warn) { $warn[] = preg_replace('/^[a-z_]+\(\): /', '', $str); return true; });
        $warn = [];
        try {
            $r = serialize($call($fn));
        } catch (Throwable $e) {
            $r = implode('|', fj_exc_info($e));
        }
        restore_error_handler();
        $o[$fn] = [$r, json_last_error(), $warn];
    }
    $report->add($o['fj_ref_validate'] === $o['fastjson_validate'] ? null : "validate call $name: " . var_export($o, true));
}
echo "argument handling done\n";

/* ---- signatures ---- */
function params(string $fn): string
{
    $rf = new ReflectionFunction($fn);
    return implode('; ', array_map('strval', $rf->getParameters())) . ' : ' . $rf->getReturnType();
}
$report->add(params('json_decode') === params('fastjson_decode') || !$internal ? null
    : 'signature: json_decode ' . params('json_decode') . ' vs fastjson_decode ' . params('fastjson_decode'));
$vsig = function_exists('json_validate') ? params('json_validate')
    : 'Parameter #0 [ <required> string $json ]; Parameter #1 [ <optional> int $depth = 512 ]; Parameter #2 [ <optional> int $flags = 0 ] : bool';
$report->add($vsig === params('fastjson_validate') || !$internal ? null : "signature: json_validate $vsig vs fastjson_validate " . params('fastjson_validate'));
fj_dec_finish($report, 'outcomes compared');
?>
--EXPECT--
decode outcomes done
validate outcomes done
sequences done
argument handling done
outcomes compared: 58135 cases, 0 mismatches
