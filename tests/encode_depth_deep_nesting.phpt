--TEST--
100,000 levels of nested arrays/objects: fastjson gives JSON_ERROR_DEPTH without crashing (ext/json 8.2 segfaults here, so it is not called)
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* The one exception to the differential rule: json_encode() of these values overflows the
 * C stack on PHP 8.2 (rc 139). ext/json >= 8.3 (GH-15168) reports JSON_ERROR_DEPTH, "Maximum
 * stack depth exceeded" (null appended under PARTIAL), which is what fastjson must do. The
 * expected outcome is checked against the documented code and message below. */
const LEVELS = 100000;

class Decl { public $a = 1; public $child = null; }

function check(string $label, $value, int $flags, int $depth): void
{
    fj_set_error_state(JSON_ERROR_SYNTAX);
    try {
        $r = fastjson_encode($value, $flags, $depth);
    } catch (JsonException $e) {
        $ok = $flags & JSON_THROW_ON_ERROR && !($flags & JSON_PARTIAL_OUTPUT_ON_ERROR)
            && $e->getCode() === JSON_ERROR_DEPTH && $e->getMessage() === 'Maximum stack depth exceeded'
            && json_last_error() === JSON_ERROR_SYNTAX;
        echo "$label ", fj_flags_name($flags), ': ', $ok ? 'ok' : 'WRONG exception ' . $e->getCode() . ' ' . $e->getMessage() . ' last=' . json_last_error(), "\n";
        return;
    }
    if ($flags & JSON_PARTIAL_OUTPUT_ON_ERROR) {
        // Nested openers, then null where the stack ran out, then as many closers.
        $ok = is_string($r) && json_last_error() === JSON_ERROR_DEPTH && json_last_error_msg() === 'Maximum stack depth exceeded'
            && substr_count($r, 'null') === 1 && strlen($r) > 1000;
    } else {
        $ok = $r === false && json_last_error() === JSON_ERROR_DEPTH && json_last_error_msg() === 'Maximum stack depth exceeded'
            && !($flags & JSON_THROW_ON_ERROR);
    }
    echo "$label ", fj_flags_name($flags), ': ', $ok ? 'ok' : 'WRONG ' . var_export(is_string($r) ? substr($r, 0, 50) : $r, true) . ' last=' . json_last_error(), "\n";
}

$flag_sets = [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR];

$a = 'leaf';
for ($i = 0; $i < LEVELS; $i++) { $a = [$a]; }
foreach ($flag_sets as $f) { check('arrays', $a, $f, 2147483647); }
// A $depth beyond int is truncated by 8.2's json_encode; later releases may throw a
// ValueError instead (a scalar shows which), and fastjson_encode must do the same.
try {
    json_encode(null, 0, PHP_INT_MAX);
    check('arrays depth PHP_INT_MAX', $a, 0, PHP_INT_MAX);
} catch (ValueError $e) {
    try {
        fastjson_encode($a, 0, PHP_INT_MAX);
        echo "arrays depth PHP_INT_MAX 0: WRONG no ValueError\n";
    } catch (ValueError $e) {
        echo "arrays depth PHP_INT_MAX 0: ok\n";
    }
}
unset($a);

$m = 'leaf';
for ($i = 0; $i < LEVELS; $i++) { $m = ($i & 1) ? ['k' => $m] : [$m]; }
// (Not PRETTY_PRINT: the indentation makes the output quadratic in the depth reached.)
check('mixed list/map', $m, JSON_UNESCAPED_SLASHES, 2147483647);
check('mixed list/map', $m, JSON_FORCE_OBJECT | JSON_PARTIAL_OUTPUT_ON_ERROR, 2147483647);
unset($m);

$objects = [];
$o = 'leaf';
for ($i = 0; $i < LEVELS; $i++) { $n = new stdClass; $n->c = $o; $o = $n; }
$objects['stdClass'] = $o;
$o = 'leaf';
for ($i = 0; $i < LEVELS; $i++) { $n = new Decl; $n->child = $o; $o = $n; }
$objects['declared'] = $o;
unset($o, $n);
foreach ($objects as $label => $obj) {
    foreach ($flag_sets as $f) { check($label, $obj, $f, 2147483647); }
}
// PHP frees nested objects recursively; unlink them level by level first.
foreach ($objects as $label => $obj) {
    unset($objects[$label]);
    while (is_object($obj)) {
        $next = $obj instanceof Decl ? $obj->child : $obj->c;
        if ($obj instanceof Decl) { $obj->child = null; } else { $obj->c = null; }
        $obj = $next;
    }
}
// Still a working encoder afterwards, and still identical to ext/json.
var_dump(fj_compare_encode([[1, ['a' => 2]]], 0));
?>
--EXPECT--
arrays 0: ok
arrays PARTIAL_OUTPUT_ON_ERROR: ok
arrays THROW_ON_ERROR: ok
arrays depth PHP_INT_MAX 0: ok
mixed list/map UNESCAPED_SLASHES: ok
mixed list/map FORCE_OBJECT|PARTIAL_OUTPUT_ON_ERROR: ok
stdClass 0: ok
stdClass PARTIAL_OUTPUT_ON_ERROR: ok
stdClass THROW_ON_ERROR: ok
declared 0: ok
declared PARTIAL_OUTPUT_ON_ERROR: ok
declared THROW_ON_ERROR: ok
NULL
