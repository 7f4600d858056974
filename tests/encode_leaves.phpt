--TEST--
Leaves (arrays and plain objects' property tables of at most 16 slots of scalars and empty arrays, written without the full container walk) against json_encode(): every size from 1 to 17 slots and every member kind, lists and maps, holes and deleted slots, references and objects that make a table no leaf, private/protected-looking keys, declared properties, JsonSerializable and get_properties_for classes, depth limits at the leaf, errors inside leaves with and without PARTIAL_OUTPUT_ON_ERROR, keys needing escapes, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

class FjLeafDeclared
{
    public $a = 1;
    protected $b = 2;
    private $c = 3;
}
class FjLeafSerializable implements JsonSerializable
{
    public $a = 1;
    public function jsonSerialize(): mixed
    {
        return ['s' => $this->a];
    }
}

$report = new FjReport;
$r = new FjRandom(1311);

/* Values a leaf may hold, and values that make a table no leaf. */
$scalars = [null, true, false, 0, -7, PHP_INT_MAX, 1.5, -0.0, 1e300, '', 'abc', "a\"b", 'x/y', "\u{e9}t\u{e9}",
    str_repeat('s', 40), '12', [], INF, NAN, "\xff", "ok\xc3"];
$breakers = [[1], [[]], new stdClass, (object) ['a' => 1], new ArrayObject([1])];

$values = [];
for ($n = 1; $n <= 17; $n++) {
    for ($k = 0; $k < 12; $k++) {
        $list = [];
        for ($i = 0; $i < $n; $i++) {
            $list[] = $r->pick($scalars);
        }
        $values[] = $list;
        $map = [];
        foreach ($list as $i => $v) {
            $map[$r->pick(['k', 'id', "k\"$i", "k/$i", "\u{e9}$i", "\x00k$i", (string) $i, "n$i", ''])] = $v;
        }
        $values[] = $map;
        $int_keyed = [];
        foreach ($list as $i => $v) {
            $int_keyed[$i * 3 + 1] = $v;
        }
        $values[] = $int_keyed;
        /* a hole in a list: packed, not a list */
        $holed = $list;
        unset($holed[$r->below($n)]);
        $values[] = $holed;
        /* deleted slots in a map */
        $deleted = $map;
        unset($deleted[array_key_first($deleted)]);
        $values[] = $deleted;
        /* one member that makes the table no leaf, at every position */
        $broken = $list;
        $broken[$r->below($n)] = $r->pick($breakers);
        $values[] = $broken;
        /* a reference to a scalar makes it no leaf too */
        $ref = $list;
        $target = $r->pick($scalars);
        $ref[$r->below($n)] = &$target;
        $values[] = $ref;
        unset($ref, $target);
        /* the same members as objects: stdClass, dynamic properties beside declared ones,
         * mangled-looking keys, and classes that never take the leaf path */
        $values[] = (object) $map;
        $values[] = [(object) $map, (object) $deleted];
        $declared = new FjLeafDeclared;
        foreach ($map as $key => $v) {
            $key = (string) $key;
            if ($key !== '' && $key[0] !== "\0") {
                @$declared->$key = $v;
            }
        }
        $values[] = [$declared];
        $serializable = new FjLeafSerializable;
        $serializable->a = $list;
        $values[] = [(object) $list, $serializable, (object) $list];
        $values[] = [new ArrayObject($map), (object) $map];
        $values[] = [(object) (["\0A\0b" => 1, "\0*\0c" => 2, 'd' => 3] + $map)];
    }
}

$flag_sets = [0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT | JSON_FORCE_OBJECT, JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_INVALID_UTF8_IGNORE | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
    JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION, JSON_THROW_ON_ERROR];
foreach ($flag_sets as $flags) {
    foreach (fj_simd_paths() as $path) {
        fj_set_simd($path);
        /* leaves as list elements, as map values, and as the value itself (not a leaf walk) */
        $report->add(fj_compare_encode($values, $flags));
        $report->add(fj_compare_encode(['records' => $values, 'n' => count($values)], $flags));
    }
    ini_restore('fastjson.simd');
    foreach ($values as $v) {
        $report->add(fj_compare_encode([$v], $flags));
        $report->add(fj_compare_encode(['v' => $v, 'w' => [$v, $v]], $flags));
        $report->add(fj_compare_encode((object) ['v' => $v], $flags));
    }
}

/* Depth limits at the leaf: the leaf's own level, an empty array inside it one level
 * deeper, with and without PARTIAL_OUTPUT_ON_ERROR. */
foreach ([[1, 2], ['a' => null], [[], 1], ['e' => [], 'f' => "\xff"], [INF]] as $leaf) {
    $nested = $leaf;
    for ($depth = 1; $depth <= 6; $depth++) {
        $nested = [$nested];
        for ($limit = 1; $limit <= 8; $limit++) {
            foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_FORCE_OBJECT] as $flags) {
                $report->add(fj_compare_encode($nested, $flags, $limit));
                $report->add(fj_compare_encode(['k' => $nested, 'x' => 1], $flags, $limit));
            }
        }
    }
}

/* The same leaf array (one table) reached many times, and immutable literal leaves. */
$shared = ['id' => 1, 'tags' => [], 'name' => 'n'];
$report->add(fj_compare_encode(array_fill(0, 100, $shared), 0));
$report->add(fj_compare_encode([[1, 2, 3], ['a' => 'b'], [null], [[]]], JSON_PRETTY_PRINT));

$report->finish('leaf cases compared', count($flag_sets) * (2 * count(fj_simd_paths()) + 3 * count($values)) + 5 * 6 * 8 * 4 * 2 + 2);
?>
--EXPECT--
leaf cases compared: OK
