--TEST--
100,000 nested JsonSerializable objects (each jsonSerialize() returning the next object, no array in between) must not crash fastjson
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

/* Not differential: ext/json 8.2 overflows the C stack here (each level re-enters the VM
 * through call_user_function()); PHP >= 8.3 stops it with an Error "Maximum call stack
 * size ... reached". fastjson must not crash: JSON_ERROR_DEPTH ("Maximum stack depth
 * exceeded", as for deep arrays) or a thrown stack-size Error is accepted, and so is the
 * complete, correct encoding where its smaller frames fit the stack (seen on 8.5.7). */
class JSWrap implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
class JSList implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return [$this->v]; }
}

function check(string $label, $value, int $flags, string $expected): void
{
    fj_set_error_state(JSON_ERROR_SYNTAX);
    try {
        $r = fastjson_encode($value, $flags, 2147483647);
    } catch (Throwable $e) {
        $ok = ($e instanceof JsonException && $e->getCode() === JSON_ERROR_DEPTH && ($flags & JSON_THROW_ON_ERROR))
            || (get_class($e) === 'Error' && str_contains($e->getMessage(), 'stack'));
        echo "$label ", fj_flags_name($flags), ': ', $ok ? 'ok' : 'WRONG ' . get_class($e) . ' ' . $e->getMessage(), "\n";
        return;
    }
    $complete = $r === $expected
        && json_last_error() === (($flags & JSON_THROW_ON_ERROR) ? JSON_ERROR_SYNTAX : JSON_ERROR_NONE);
    $ok = $complete || (json_last_error() === JSON_ERROR_DEPTH && json_last_error_msg() === 'Maximum stack depth exceeded'
        && (($flags & JSON_PARTIAL_OUTPUT_ON_ERROR) ? is_string($r) : $r === false));
    echo "$label ", fj_flags_name($flags), ': ', $ok ? 'ok' : 'WRONG ' . var_export(is_string($r) ? substr($r, 0, 40) : $r, true) . ' last=' . json_last_error(), "\n";
}

foreach (['JSList' => str_repeat('[', 100000) . '1' . str_repeat(']', 100000), 'JSWrap' => '1'] as $class => $expected) {
    $o = 1;
    for ($i = 0; $i < 100000; $i++) { $o = new $class($o); }
    check($class, $o, 0, $expected);
    check($class, $o, JSON_PARTIAL_OUTPUT_ON_ERROR, $expected);
    check($class, $o, JSON_THROW_ON_ERROR, $expected);
    while (is_object($o)) { $n = $o->v; $o->v = null; $o = $n; }
}
var_dump(fj_compare_encode(new JSWrap(new JSList(new JSWrap([1]))), 0));
?>
--EXPECT--
JSList 0: ok
JSList PARTIAL_OUTPUT_ON_ERROR: ok
JSList THROW_ON_ERROR: ok
JSWrap 0: ok
JSWrap PARTIAL_OUTPUT_ON_ERROR: ok
JSWrap THROW_ON_ERROR: ok
NULL
