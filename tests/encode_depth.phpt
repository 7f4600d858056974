--TEST--
The depth parameter (0, 1, 2, negative, large, truncated to int) on nested arrays/objects, with and without PARTIAL/THROW; deeper errors win
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

class Decl { public $a = 1; public $child = null; }
enum Unit { case A; }
class JSWrap implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
function nest_array(int $n, $leaf) { for ($i = 0; $i < $n; $i++) { $leaf = [$leaf]; } return $leaf; }
function nest_object(int $n, $leaf) { for ($i = 0; $i < $n; $i++) { $o = new stdClass; $o->k = $leaf; $leaf = $o; } return $leaf; }
function nest_decl(int $n, $leaf) { for ($i = 0; $i < $n; $i++) { $o = new Decl; $o->child = $leaf; $leaf = $o; } return $leaf; }
function nest_js(int $n, $leaf) { for ($i = 0; $i < $n; $i++) { $leaf = new JSWrap(['j' => $leaf]); } return $leaf; }

$values = [1, 'str', null, 1.5, NAN, [], new stdClass, [[]], [[1]], ['a' => ['b' => []]], [1, [2, [3]], 4]];
foreach ([1, 2, 3, 5] as $n) {
    foreach ([1, "\xff", NAN, [], STDIN] as $leaf) {
        $values[] = nest_array($n, $leaf);
        $values[] = nest_object($n, $leaf);
        $values[] = nest_decl($n, $leaf);
        $values[] = nest_js($n, $leaf);
    }
}
// An error deep inside a container that is itself too deep, and an error after it.
$values[] = [[['x' => "\xff"]], 'after' => NAN];
$values[] = [[[1]], "\xfe"];
$values[] = [nest_array(4, 1), Unit::A];

$depths = [0, 1, 2, 3, 4, 5, 6, -1, -2, PHP_INT_MIN, 512, 2147483647, 2147483648, 4294967296, 4294967297, 4294967298, PHP_INT_MAX, -4294967295];
$flag_sets = [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR, JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_FORCE_OBJECT, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR];
$report = new FjReport;
foreach ($values as $v) {
    foreach ($depths as $depth) {
        foreach ($flag_sets as $flags) {
            $report->add(fj_compare_encode($v, $flags, $depth));
        }
    }
}
// ext/json 8.2 accepts any int for $depth (no ValueError) and truncates it to int.
$report->add(fj_compare_encode([[1]], 0, 4294967297));
$report->finish('depth cases compared', count($values) * count($depths) * count($flag_sets));
?>
--EXPECT--
depth cases compared: OK
