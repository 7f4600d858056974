--TEST--
Override on (the default): json_* run fastjson, keep ext/json's names, arguments and Reflection, and a 100,000-deep array gives JSON_ERROR_DEPTH instead of ext/json 8.2's crash
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=1
--FILE--
<?php
// PHP 8.6 appends " near location L:C" to messages; dropped so one expectation fits every
// version (PEAR's test runner has no %S).
function without_location(string $message): string
{
    return preg_replace('/ near location \d+:\d+$/', '', $message);
}

$info = fastjson_info();
var_dump($info['override'], $info['enabled']);

// The counters move only when fastjson answers.
$before = $info['functions'];
var_dump(json_encode(['a' => 1, 'b' => "\u{e9}"]));
var_dump(json_decode('{"a":[1,2.5,"x"]}', true));
var_dump(json_validate('{"a":'), json_last_error(), without_location(json_last_error_msg()));
foreach (fastjson_info()['functions'] as $fn => $c) {
    printf("%s: %d calls (%d to ext/json), %d bytes in, %d bytes out\n", $fn, $c['calls'] - $before[$fn]['calls'],
        $c['ext_json_calls'], $c['bytes_in'] - $before[$fn]['bytes_in'], $c['bytes_out'] - $before[$fn]['bytes_out']);
}

// ext/json 8.2 overflows the C stack here; fastjson stops at its depth check.
$deep = [];
for ($i = 0; $i < 100000; $i++) {
    $deep = [$deep];
}
var_dump(json_encode($deep, 0, PHP_INT_MAX >> 32), json_last_error());

// Named arguments, argument errors and exceptions name ext/json's functions.
var_dump(json_decode(json: '{"a":12345678901234567890}', flags: JSON_BIGINT_AS_STRING, associative: true));
foreach ([fn() => json_decode('[]', false, 0), fn() => json_encode(NAN, JSON_THROW_ON_ERROR), fn() => json_validate('[]', 512, JSON_BIGINT_AS_STRING),
          fn() => json_decode('{', flags: JSON_THROW_ON_ERROR), fn() => json_decode([])] as $call) {
    try {
        $call();
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', without_location($e->getMessage()), ' (', $e->getCode(), ")\n";
    }
}

// Reflection is the same as in a PHP without fastjson (a child process with -n).
function describe(string $fn): string
{
    $r = new ReflectionFunction($fn);
    $out = $fn . '(';
    foreach ($r->getParameters() as $p) {
        $out .= $p->getType() . ' $' . $p->getName() . ($p->isOptional() ? ' = ' . var_export($p->getDefaultValue(), true) : '') . ', ';
    }
    return $out . '): ' . $r->getReturnType() . ' [' . $r->getExtensionName() . ']';
}
$names = PHP_VERSION_ID >= 80300 ? ['json_encode', 'json_decode', 'json_validate'] : ['json_encode', 'json_decode'];
$code = 'function describe(string $fn): string { $r = new ReflectionFunction($fn); $out = $fn . "("; '
    . 'foreach ($r->getParameters() as $p) { $out .= $p->getType() . " \$" . $p->getName() . ($p->isOptional() ? " = " . var_export($p->getDefaultValue(), true) : "") . ", "; } '
    . 'return $out . "): " . $r->getReturnType() . " [" . $r->getExtensionName() . "]"; } '
    . 'foreach (' . var_export($names, true) . ' as $n) echo describe($n), "\n";';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$reference = shell_exec(escapeshellarg($php) . ' -n -r ' . escapeshellarg($code));
$ours = '';
foreach ($names as $n) {
    $ours .= describe($n) . "\n";
}
var_dump($reference !== null && $reference !== '' && $reference === $ours);
echo describe('json_encode'), "\n", describe('json_decode'), "\n";
// On PHP 8.2 json_validate() is fastjson's, with json_validate()'s 8.3 signature.
echo describe('json_validate') === (PHP_VERSION_ID >= 80300
    ? 'json_validate(string $json, int $depth = 512, int $flags = 0, ): bool [json]'
    : 'json_validate(string $json, int $depth = 512, int $flags = 0, ): bool [fastjson]') ? "json_validate ok\n" : "json_validate differs\n";
?>
--EXPECTF--
bool(true)
bool(true)
string(20) "{"a":1,"b":"\u00e9"}"
array(1) {
  ["a"]=>
  array(3) {
    [0]=>
    int(1)
    [1]=>
    float(2.5)
    [2]=>
    string(1) "x"
  }
}
bool(false)
int(4)
string(12) "Syntax error"
json_encode: 1 calls (0 to ext/json), 0 bytes in, 20 bytes out
json_decode: 1 calls (0 to ext/json), 17 bytes in, 0 bytes out
json_validate: 1 calls (0 to ext/json), 5 bytes in, 0 bytes out
bool(false)
int(1)
array(1) {
  ["a"]=>
  string(20) "12345678901234567890"
}
ValueError: json_decode(): Argument #3 ($depth) must be greater than 0 (0)
JsonException: Inf and NaN cannot be JSON encoded (7)
ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) (0)
JsonException: Syntax error (4)
TypeError: json_decode(): Argument #1 ($json) must be of type string, array given (0)
bool(true)
json_encode(mixed $value, int $flags = 0, int $depth = 512, ): string|false [json]
json_decode(string $json, ?bool $associative = NULL, int $depth = 512, int $flags = 0, ): mixed [json]
json_validate ok
