--TEST--
THROW_ON_ERROR: every error code path with and without PARTIAL, the error state before/after, last error wins, depth truncated to int without ValueError
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

enum U { case A; }
enum B: int { case X = 1; }
class Thrower implements JsonSerializable {
    public function jsonSerialize(): mixed { throw new LogicException('from jsonSerialize', 7); }
}
class ThrowsJson implements JsonSerializable {
    public function jsonSerialize(): mixed { return json_encode("\xff", JSON_THROW_ON_ERROR); }
}
class Reenter implements JsonSerializable {
    public function __construct(public $v, public int $f) {}
    public function jsonSerialize(): mixed { return fj_reenter($this->v, $this->f); }
}
$rec_a = [1];
$rec_a[] = &$rec_a;
$rec_o = new stdClass;
$rec_o->o = $rec_o;

$values = [
    'ok' => ['a' => 1, 'b' => [1.5, 'x']],
    'ok scalar' => 1,
    'depth' => [[[1]]],
    'utf8' => "a\xffb",
    'utf8 key' => ["k\xff" => 1],
    'recursion array' => $rec_a,
    'recursion object' => $rec_o,
    'inf' => INF,
    'nan in list' => [1, NAN, 2],
    'resource' => STDIN,
    'unit enum' => U::A,
    'backed enum' => B::X,
    'nan then utf8' => [NAN, "\xff"],
    'utf8 then nan' => ["\xff", NAN],
    'nan then resource' => [NAN, STDIN, 1],
    'enum then nan' => [U::A, NAN],
    'depth and nan' => [[NAN]],
    'user exception' => new Thrower,
    'user exception after nan' => [NAN, new Thrower],
    'inner JsonException' => new ThrowsJson,
    'reenter THROW' => new Reenter(["\xff"], JSON_THROW_ON_ERROR),
    'reenter plain' => new Reenter(["\xff"], 0),
    'reenter ok then outer error' => [new Reenter(1, 0), INF],
];
$flag_sets = [0, JSON_THROW_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_IGNORE | JSON_PRETTY_PRINT,
    JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE];
$report = new FjReport;
foreach ($values as $label => $v) {
    foreach ($flag_sets as $flags) {
        foreach ([512, 2, 4294967298, 4294967296, -1] as $depth) {
            foreach ([0, JSON_ERROR_DEPTH, JSON_ERROR_CTRL_CHAR, JSON_ERROR_SYNTAX, JSON_ERROR_UTF8, JSON_ERROR_UTF16] as $pre) {
                $ref = fj_outcome('json_encode', $v, $flags, $depth, $pre);
                $got = fj_outcome('fastjson_encode', $v, $flags, $depth, $pre);
                $d = fj_diff_outcomes($ref, $got);
                $report->add($d === null ? null : "case $label flags " . fj_flags_name($flags) . " depth $depth error before $pre\n$d");
            }
        }
    }
}
$report->finish('throw cases compared', count($values) * count($flag_sets) * 5 * 6);

// The JsonException itself: class, code, message, no previous, and the error state left alone.
fj_set_error_state(JSON_ERROR_UTF8);
try { fastjson_encode([1, NAN], JSON_THROW_ON_ERROR); } catch (JsonException $e) {
    echo get_class($e), ' ', $e->getCode(), ' ', $e->getMessage(), ' ', var_export($e->getPrevious(), true), ' last=', json_last_error(), "\n";
}
// Success under THROW leaves a prior error visible.
var_dump(fastjson_encode(1, JSON_THROW_ON_ERROR), json_last_error());
?>
--EXPECT--
throw cases compared: OK
JsonException 7 Inf and NaN cannot be JSON encoded NULL last=5
string(1) "1"
int(5)
