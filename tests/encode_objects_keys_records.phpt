--TEST--
Records and objects: keys and values of 0-40 bytes with one byte needing escaping at each position (the inline writer of clean strings up to 31 bytes), interned and runtime keys, stdClass/dynamic/declared/private/protected/unset/typed-uninitialized properties, numeric-string keys, lists and maps of objects (the prefetching walk: holes, references, INDIRECT slots, 1-3 members, jsonSerialize() changing its siblings), floats in small outputs
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

#[AllowDynamicProperties]
class Entity {
    public $id = 7;
    public string $name_of_the_entity_long = 'x';
    protected $hidden = 'p';
    private $secret = 's';
    public ?Entity $child = null;
    public int $typed_uninitialized;
    public $unset_me = 1;
    public $a_key_of_exactly_31_bytes_long_ = 31;
    public $a_key_of_exactly_16 = 16;
}
class Node implements JsonSerializable {
    public function __construct(public mixed $v, public ?array $siblings = null) {}
    public function jsonSerialize(): mixed {
        // drop what the walk may have started loading: the siblings and their tables
        if ($this->siblings !== null) {
            foreach ($this->siblings as $k => $unused) {
                $this->siblings[$k] = null;
            }
            $GLOBALS['list'] = null;
        }
        return $this->v;
    }
}

$report = new FjReport();

/* ---- strings of 0..40 bytes, one byte needing escaping at each position ---------------- */
$filler = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH';
$dirty = ['"', '\\', '/', '<', '>', '&', "'", "\x00", "\x1f", "\x7f", "\x80", "\xc3\xa9", "\xe2\x80\xa8", "\xff"];
$strings = [];
for ($len = 0; $len <= 40; $len++) {
    $clean = substr($filler, 0, $len);
    $strings[] = $clean;
    for ($pos = 0; $pos < $len; $pos++) {
        foreach ($dirty as $d) {
            $strings[] = substr($clean, 0, $pos) . $d . substr($clean, $pos + 1);
        }
    }
}
$flag_sets = array_merge(fj_escape_flag_sets(), [JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT,
    JSON_INVALID_UTF8_IGNORE | JSON_FORCE_OBJECT | JSON_UNESCAPED_SLASHES]);
$as_keys = [];
foreach ($strings as $i => $s) {
    $as_keys[$s] = $i;
}
// keys starting with "\0" look mangled: json_encode() leaves them out of objects
$as_object = (object) array_combine($strings, $strings);
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($flag_sets as $flags) {
        $report->addAll(fj_compare_batch($strings, $flags), count($strings));
        $report->addAll(fj_compare_batch([$as_keys], $flags), count($as_keys));
        $report->addAll(fj_compare_batch([$as_object, [$as_object, $as_object]], $flags), count($strings));
    }
    // each key alone, without a flag that keeps going past invalid UTF-8
    foreach ($strings as $s) {
        $report->add(fj_compare_encode([$s => $s], 0));
        $report->add(fj_compare_encode((object) [$s => 1, 'k' => $s], JSON_PRETTY_PRINT));
    }
}
ini_restore('fastjson.simd');

/* ---- keys: interned and built at runtime, equal bytes; repeated across objects and calls ---- */
$runtime = static fn(string $s) => implode('', str_split($s));
$records = [];
for ($i = 0; $i < 300; $i++) {
    $records[] = ['id' => $i, 'a_key_of_exactly_16' => "v$i", 'a_key_of_exactly_31_bytes_long_' => $i / 4,
        $runtime('a_key_of_exactly_16') . 'x' => null, 'key/with/slashes' => true, "\u{e9}t\u{e9}" => "x\u{2028}"];
    $records[] = (object) [$runtime('id') => $i, $runtime('a_key_of_exactly_31_bytes_long_') => [$i],
        'a_key_of_exactly_16' => "w$i", '12345' => $i, '0' => 'zero', '-1' => 'minus', '' => 'empty'];
}
foreach ([0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE,
        JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_NUMERIC_CHECK] as $flags) {
    for ($call = 0; $call < 3; $call++) {
        $report->addAll(fj_compare_batch($records, $flags), count($records));
    }
}

/* ---- objects: property kinds ---------------------------------------------------------- */
$plain = new Entity();                       // no property table: the declared walk
$built = new Entity();
$built->dynamic = 'd';                       // a table with INDIRECT slots and a dynamic one
unset($built->unset_me);
$child = new Entity();
$child->child = new Entity();
$built->child = $child;
$viewed = new Entity();
get_object_vars($viewed);                    // a table built without dynamic properties
$numeric = (object) ['123' => 'n', '1.5' => 'f', "\0hidden" => 'mangled-looking', "\0*\0p" => 'protected-looking'];
$numeric->{'456'} = 'dynamic';
$objects = [$plain, $built, $child, $viewed, $numeric, new stdClass(), (object) ['a' => new stdClass()]];
foreach ([0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
    $report->addAll(fj_compare_batch($objects, $flags), count($objects));
    foreach ($objects as $o) {
        $report->add(fj_compare_encode($o, $flags));
        $report->add(fj_compare_encode(['m' => $o, 'n' => $o], $flags));
    }
}

/* ---- lists and maps of objects: the prefetching walk ---------------------------------- */
$shapes = [];
for ($n = 1; $n <= 6; $n++) {
    $list = [];
    for ($i = 0; $i < $n; $i++) {
        $list[] = $i % 3 === 2 ? new Entity() : (object) ['i' => $i, 'sub' => (object) ['j' => [$i, (object) []]]];
    }
    $shapes["list$n"] = $list;
    $map = [];
    foreach ($list as $i => $o) {
        $map["k$i"] = $o;
    }
    $shapes["map$n"] = $map;
    $shapes["object$n"] = (object) $map;
    $mixed = $list;
    $mixed[] = [1, 2];
    $mixed[] = 'tail';
    $mixed[] = null;
    $shapes["mixed$n"] = $mixed;
    $holes = $list;
    unset($holes[$n > 1 ? 1 : 0]);
    $holes[] = new stdClass();
    $shapes["holes$n"] = $holes;         // packed with a hole: keyed output
    $sparse = $map;
    unset($sparse['k' . intdiv($n, 2)]);
    $shapes["sparse$n"] = $sparse;       // a map with a deleted bucket
    $sparse_object = (object) $map;
    unset($sparse_object->{'k' . intdiv($n, 2)});
    $shapes["sparse_object$n"] = $sparse_object;
    $refs = $list;
    $refs[] = &$list[0];
    $shapes["refs$n"] = $refs;
}
$self = new stdClass();
$self->list = [new stdClass(), $self, new stdClass()];
$shapes['recursion'] = [$self];
$shapes['inf'] = [(object) ['a' => 1.5], (object) ['b' => INF], (object) ['c' => 3]];
$shapes['deep'] = [(object) ['a' => [(object) ['b' => [(object) ['c' => 1]]]]], new stdClass()];
// arrays of arrays take the prefetching walk once the buffer has grown past 48 KB of output
// (the second string's growth sets it)
$pad = str_repeat('p', 49 * 1024);
for ($n = 1; $n <= 4; $n++) {
    $list = [];
    for ($i = 0; $i < $n; $i++) {
        $list[] = $i % 2 ? [$i, ['j' => $i], []] : ['i' => $i, 'sub' => [[$i], (object) []]];
    }
    $holes = $list;
    unset($holes[$n > 1 ? 1 : 0]);
    $holes[] = [];
    $map = array_combine(array_map(fn ($i) => "k$i", array_keys($list)), $list);
    $sparse = $map;
    unset($sparse['k' . intdiv($n, 2)]);
    $refs = $list;
    $refs[] = &$list[0];
    foreach (['list' => $list, 'holes' => $holes, 'map' => $map, 'sparse' => $sparse, 'refs' => $refs,
            'mixed' => [...$list, 'tail', null, 1.5]] as $name => $v) {
        $shapes["padded_$name$n"] = [$pad, $pad, $v];
    }
}
foreach ([0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR,
        JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT] as $flags) {
    foreach ($shapes as $name => $v) {
        foreach ([512, 3, 2] as $depth) {
            $m = fj_compare_encode($v, $flags, $depth);
            $report->add($m === null ? null : "shape $name: $m");
        }
    }
}
// jsonSerialize() drops its siblings (and the list through a global) while the walk is on them
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
    $report->add(fj_compare_factory(function () {
        $siblings = [];
        for ($i = 0; $i < 5; $i++) {
            $siblings[] = (object) ['i' => $i, 'inner' => (object) ['x' => str_repeat('y', 20 + $i)]];
        }
        $GLOBALS['list'] = $siblings;
        $node = new Node('first', $siblings);
        $siblings[0] = $node;
        unset($node);
        return $siblings;
    }, $flags, 512, 'jsonSerialize drops siblings'));
}

/* ---- floats in small outputs, near the local buffer's end ------------------------------ */
$floats = [0.1, -1.5e-300, 1e22, 123456.789, 5e-324, -0.0, 3.0, 1.7976931348623157e308];
foreach ([-1, 17, 5, 0] as $precision) {
    ini_set('serialize_precision', (string) $precision);
    foreach ([0, JSON_PRESERVE_ZERO_FRACTION, JSON_PRETTY_PRINT] as $flags) {
        $report->add(fj_compare_encode(['duration_ms' => 38.25, 'floats' => $floats], $flags));
        $report->add(fj_compare_encode((object) ['f' => 0.5], $flags));
        for ($pad = 8132; $pad <= 8232; $pad++) {
            $report->add(fj_compare_encode([str_repeat('p', $pad), 1.25e-7, '</a>', 3.0, -2.5], $flags));
        }
    }
}
ini_restore('serialize_precision');
// small members up to the local buffer's end, then a long float: what follows shows a write
// past the buffer (into the encoder's state)
for ($n = 4056; $n <= 4116; $n++) {
    foreach ([0, JSON_PRETTY_PRINT] as $flags) {
        $v = array_fill(0, $n, 1);
        $v[] = -1.2345678901234567e-300;
        $v[] = 3.0;
        $v[] = ['x' => [2.0, -0.0]];
        $report->add(fj_compare_encode($v, $flags));
        $v = array_fill(0, intdiv($n, 2), 'ab');
        $v[] = 1.2345678901234567e+300;
        $v[] = 3.0;
        $report->add(fj_compare_encode((object) $v, $flags));
    }
}

$report->finish('records, objects and keys', 100000);
?>
--EXPECT--
records, objects and keys: OK
