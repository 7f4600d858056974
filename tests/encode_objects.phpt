--TEST--
Objects: JsonSerializable (exceptions, $this, nesting, re-entrant calls), enums, property order/visibility, internal classes, references, resources, recursion, invalid keys
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

class JS implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
class JSThrows implements JsonSerializable {
    public $pub = 1;
    public function jsonSerialize(): mixed { throw new RuntimeException('boom', 42); }
}
class JSThis implements JsonSerializable {
    public $a = 1;
    protected $b = 2;
    private $c = 3;
    public $d = ['x' => "\u{e9}/"];
    public function jsonSerialize(): mixed { return $this; }
}
class JSSelfInArray implements JsonSerializable {
    public function jsonSerialize(): mixed { return [$this]; }
}
class JSReenterSelf implements JsonSerializable {
    public $p = 1;
    public function jsonSerialize(): mixed {
        $inner = fj_reenter($this);
        return ['inner' => $inner, 'err' => json_last_error()];
    }
}
class JSReenterOther implements JsonSerializable {
    public function __construct(public mixed $payload, public int $flags = 0) {}
    public function jsonSerialize(): mixed {
        try {
            $inner = fj_reenter($this->payload, $this->flags);
        } catch (JsonException $e) {
            $inner = 'caught ' . $e->getCode();
        }
        return ['inner' => $inner, 'err' => json_last_error(), 'msg' => json_last_error_msg()];
    }
}
class JSInnerThrowCaught implements JsonSerializable {
    public function jsonSerialize(): mixed {
        try { fj_reenter(new JSThrows); } catch (RuntimeException $e) { return 'caught ' . $e->getMessage(); }
        return 'no';
    }
}
class JSCounter implements JsonSerializable {
    public static int $calls = 0;
    public function jsonSerialize(): mixed { return ++self::$calls; }
}
class JSMutates implements JsonSerializable {
    public function __construct(public array &$target) {}
    public function jsonSerialize(): mixed { $this->target = ['replaced']; unset($this->target); return 'm'; }
}
enum Suit: string { case Hearts = 'H'; case Spades = "S\u{e9}/"; }
enum Level: int { case Low = 1; case High = 100; }
enum Unit { case A; case B; }
enum SerializableEnum: string implements JsonSerializable {
    case X = 'x';
    public function jsonSerialize(): mixed { return 'custom'; }
}
enum SerializableUnit implements JsonSerializable {
    case U;
    public function jsonSerialize(): mixed { return ['unit' => true]; }
}
#[AllowDynamicProperties]
class Order {
    public $z = 'z';
    public $a = 'a';
    protected $prot = 'p';
    private $priv = 'q';
    public $m = 'm';
}
class Typed {
    public int $set = 1;
    public int $unset;
    public ?string $nullable = null;
    public readonly string $ro;
    public array $arr = [];
    public function __construct() {}
}
class WithCtorRo {
    public function __construct(public readonly int $x = 5, protected int $y = 6) {}
}
class Child extends Order {
    public $child = 'c';
    public $a = 'child-a';
}
/* JsonSerializable only through the parent, and entities of alternating classes: a class
 * without interfaces of its own must not pass for one without any. */
class JSInherited extends JS {
    public $own = 'not encoded';
}
class JSInheritedTwice extends JSInherited {}
class PlainCountable implements Countable {
    public $n = 2;
    public function count(): int { return 7; }
}
final class Money { public function __construct(public string $cur = 'EUR', public float $amount = 9.5) {} }
final class Line { public function __construct(public string $sku = 'S-1', public ?Money $price = null) {} }

$cases = [
    'js scalar' => fn() => new JS(1.5),
    'js array' => fn() => new JS(['a' => 1, 'b' => [1, 2]]),
    'js null' => fn() => new JS(null),
    'js nested' => fn() => new JS(new JS(new JS(['deep' => new JS("\xff")]))),
    'js nan' => fn() => new JS([NAN, 'x']),
    'js returns object' => fn() => new JS((object) ['p' => 1]),
    'js returns unit enum' => fn() => new JS(Unit::A),
    'js returns resource' => fn() => new JS(STDIN),
    'js throws' => fn() => new JSThrows,
    'js throws in array' => fn() => [1, new JSThrows, "\xff"],
    'js throws after error' => fn() => ["\xff", new JSThrows],
    'js this' => fn() => new JSThis,
    'js this in list' => fn() => [new JSThis, new JSThis],
    'js self in array' => fn() => new JSSelfInArray,
    'js reenter self' => fn() => new JSReenterSelf,
    'js reenter other ok' => fn() => new JSReenterOther(['a' => 1]),
    'js reenter other error' => fn() => new JSReenterOther(["\xff"]),
    'js reenter other throw' => fn() => new JSReenterOther([NAN], JSON_THROW_ON_ERROR),
    'js reenter other partial' => fn() => new JSReenterOther([NAN, "\xfe"], JSON_PARTIAL_OUTPUT_ON_ERROR),
    'js reenter then outer error' => fn() => [new JSReenterOther(1), "\xff"],
    'js inner throw caught' => fn() => new JSInnerThrowCaught,
    'js inherited' => fn() => new JSInherited(['inherited' => true]),
    'js inherited twice' => fn() => [new JSInheritedTwice(1), new JSInheritedTwice("\u{e9}")],
    'entities alternating with js' => fn() => [new Line('a', new Money), new JSInherited('x'), new Money('USD', 1.0),
        new JSInheritedTwice([new Line]), new Line('b', new Money('GBP', 2.25)), new PlainCountable, Unit::B, new Money],
    'entities then enum' => fn() => [new Money, Suit::Hearts, new Line, Level::High, new Money, SerializableEnum::X],
    'js counter' => function () { JSCounter::$calls = 0; return [new JSCounter, new JSCounter, 'k' => new JSCounter]; },
    'js mutates' => function () { $arr = ['a' => 1, 'b' => 2]; $arr['m'] = new JSMutates($arr); return $arr; },
    'enum string' => fn() => Suit::Hearts,
    'enum string escapes' => fn() => [Suit::Spades],
    'enum int' => fn() => ['l' => Level::High, 'k' => [Level::Low]],
    'enum unit' => fn() => Unit::A,
    'enum unit in array' => fn() => [1, Unit::B, 2],
    'enum unit then string error' => fn() => [Unit::B, "\xff"],
    'enum serializable' => fn() => SerializableEnum::X,
    'enum serializable unit' => fn() => [SerializableUnit::U],
    'property order' => fn() => new Order,
    'property order dynamic' => function () { $o = new Order; $o->dyn = 1; $o->a = 'changed'; $o->{'0'} = 'zero'; return $o; },
    'property order unset and reset' => function () { $o = new Order; unset($o->z); $o->z = 'again'; return $o; },
    'property unset' => function () { $o = new Order; unset($o->a); return $o; },
    'properties materialized' => function () { $o = new Order; get_object_vars($o); foreach ($o as $v) {} return $o; },
    'inherited' => fn() => new Child,
    'typed uninitialized' => fn() => new Typed,
    'ctor promoted' => fn() => new WithCtorRo,
    'anonymous class' => fn() => new class { public $x = 1; private $y = 2; },
    'stdClass int-like props' => fn() => (object) ['1' => 'a', '0' => 'b', 'x' => 'c'],
    'object from list' => fn() => (object) [1, 2, 3],
    'empty property name' => function () { $o = new stdClass; $o->{''} = 'empty'; $o->a = 1; return $o; },
    'array with nul key' => fn() => ["\0a" => 1, "\0" => 2, 'b' => 3],
    'DateTime' => fn() => new DateTime('2020-02-29 12:34:56.789', new DateTimeZone('Europe/Paris')),
    'DateTimeImmutable' => fn() => new DateTimeImmutable('@0'),
    'DateTimeZone' => fn() => new DateTimeZone('+05:30'),
    'DateInterval' => fn() => new DateInterval('P1Y2M3DT4H5M6S'),
    'ArrayObject' => fn() => new ArrayObject([1, 2, 'k' => ['n' => "\u{2028}"]]),
    'ArrayObject props' => fn() => new ArrayObject([3, 4], ArrayObject::ARRAY_AS_PROPS),
    'ArrayIterator' => fn() => new ArrayIterator(['a' => 1, 'b' => 2]),
    'Closure' => fn() => function ($x) { return $x; },
    'SplFixedArray' => function () { $f = new SplFixedArray(3); $f[0] = 1; $f[2] = "\u{e9}"; return $f; },
    'SplObjectStorage' => fn() => new SplObjectStorage,
    'SplStack' => function () { $s = new SplStack; $s->push(1); return $s; },
    'Exception' => fn() => new Exception('msg', 3),
    'Error in array' => fn() => [new TypeError('t')],
    'Generator' => fn() => (function () { yield 1; })(),
    'WeakMap' => fn() => new WeakMap,
    'references in array' => function () { $x = 1; $y = ['r' => 2]; return [&$x, &$x, 'y' => &$y, 'y2' => &$y]; },
    'reference to string' => function () { $s = "a\u{e9}"; return ['s' => &$s]; },
    'resource' => fn() => STDIN,
    'resource in array' => fn() => [1, STDIN, 2],
    'resource in object' => fn() => (object) ['a' => STDIN, 'b' => 'after'],
    'closed resource' => function () { $f = fopen('php://memory', 'r'); fclose($f); return [$f]; },
    'array recursion' => function () { $a = [1]; $a[] = &$a; return $a; },
    'array recursion deeper' => function () { $a = ['x' => ['y' => 1]]; $a['x']['z'] = &$a; return $a; },
    'object recursion' => function () { $o = new stdClass; $o->a = 1; $o->self = $o; return $o; },
    'declared object recursion' => function () { $o = new Order; $o->m = $o; return $o; },
    'object recursion via array' => function () { $o = new stdClass; $o->list = [1, $o]; return [$o]; },
    'same object twice (not recursion)' => function () { $o = (object) ['a' => 1]; return [$o, $o, 'k' => [$o]]; },
    'same array twice (not recursion)' => function () { $a = [1, 2]; return [$a, $a, [$a]]; },
    'invalid utf8 key' => fn() => ['a' => 1, "\xff" => 1, 'b' => 2],
    'invalid utf8 key object' => fn() => (object) ['a' => 1, "k\xc3" => [1], 'b' => 2],
    'invalid utf8 property declared order' => function () { $o = new Order; $o->{"\xe2\x82"} = 'v'; return $o; },
    'invalid key and value' => fn() => ["\xff" => "\xfe", 'ok' => true],
    'invalid key pretty' => fn() => ['x' => ["\xf0\x9f" => 1, 'y' => 2]],
    'mixed error order' => fn() => [INF, STDIN, "\xff", Unit::A, NAN],
];

$flag_sets = [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT | JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_THROW_ON_ERROR, JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_NUMERIC_CHECK | JSON_UNESCAPED_UNICODE,
    JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_INVALID_UTF8_IGNORE | JSON_THROW_ON_ERROR,
    JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION];
$report = new FjReport;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($cases as $label => $make) {
        foreach ($flag_sets as $flags) {
            foreach ([512, 1] as $depth) {
                $report->add(fj_compare_factory($make, $flags, $depth, "$label (simd $path)"));
            }
            // nested inside containers as well
            $report->add(fj_compare_factory(fn() => ['w' => [$make()]], $flags, 512, "$label (nested, simd $path)"));
        }
    }
}
ini_restore('fastjson.simd');
// The exception from jsonSerialize propagates and json_last_error() is 0 afterwards (also for ext/json).
json_decode('{');
try { json_encode(new JSThrows); } catch (RuntimeException $e) { echo get_class($e), ' ', $e->getMessage(), ' last=', json_last_error(), "\n"; }
json_decode('{');
try { fastjson_encode(new JSThrows); } catch (RuntimeException $e) { echo get_class($e), ' ', $e->getMessage(), ' last=', json_last_error(), "\n"; }
$report->finish('object cases compared', count($cases) * count($flag_sets) * 3 * count(fj_simd_paths()));
?>
--EXPECT--
RuntimeException boom last=0
RuntimeException boom last=0
object cases compared: OK
