--TEST--
Seeded random differential test: random nested values x random flags x random depth x SIMD path (FASTJSON_FUZZ_CASES=N for more, FASTJSON_FUZZ_SEED=N)
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

enum FzUnit { case A; }
enum FzInt: int { case One = 1; }
enum FzStr: string { case S = "s\u{e9}/\"<"; }
#[AllowDynamicProperties]
class FzDecl {
    public $a;
    protected $hidden = 'h';
    public int $typed;
    public $b = 'b';
    private $p = 'p';
}
class FzJS implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}

final class Gen
{
    private array $pieces;

    public function __construct(private FjRandom $r)
    {
        $this->pieces = ['a', 'Z', ' ', '/', '\\', '"', "'", '<', '>', '&', "\n", "\t", "\x00", "\x1f", "\x7f", "\xc3\xa9",
            "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xef\xbf\xbd", "\xff", "\xc3", "\xe2\x82", "\x80",
            "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", 'hello world', '0123456789abcdef', '12', '1e3', '-0.5', ' 7', '0x1A'];
    }

    public function string(): string
    {
        $r = $this->r;
        $s = '';
        $n = $r->chance(20) ? $r->range(0, 120) : $r->range(0, 8);
        for ($i = 0; $i < $n; $i++) {
            $s .= $r->chance(60) ? chr($r->range(0x61, 0x7a)) : $this->pieces[$r->below(count($this->pieces))];
        }
        if ($r->chance(5)) {
            $s = $r->bytes($r->range(1, 40));
        }
        return $s;
    }

    public function key(): string|int
    {
        $r = $this->r;
        return match ($r->below(5)) {
            0 => $r->range(-5, 100),
            1 => (string) $r->range(0, 20),
            default => $this->string(),
        };
    }

    public function value(int $level)
    {
        $r = $this->r;
        $kind = $level > 5 ? $r->below(7) : $r->below(14);
        switch ($kind) {
            case 0: return null;
            case 1: return $r->chance(50);
            case 2: return $r->pick([0, 1, -1, PHP_INT_MAX, PHP_INT_MIN, $r->range(-100000, 100000)]);
            case 3: return $r->chance(3) ? $r->pick([INF, -INF, NAN]) : fj_random_double($r);
            case 4: case 5: case 6: return $this->string();
            case 7: case 8: // list, maybe with holes
                $a = [];
                for ($i = $r->range(0, 5); $i > 0; $i--) { $a[] = $this->value($level + 1); }
                if ($a && $r->chance(20)) { unset($a[$r->below(count($a))]); }
                return $a;
            case 9: case 10: // map
                $a = [];
                for ($i = $r->range(0, 5); $i > 0; $i--) { $a[$this->key()] = $this->value($level + 1); }
                return $a;
            case 11: // stdClass or declared class
                if ($r->chance(50)) {
                    $props = [];
                    for ($i = $r->range(0, 4); $i > 0; $i--) { $props[$this->key()] = $this->value($level + 1); }
                    return (object) $props;
                }
                $o = new FzDecl;
                $o->a = $this->value($level + 1);
                if ($r->chance(50)) { $o->typed = $r->range(0, 9); }
                if ($r->chance(30)) { $o->dyn = $this->value($level + 1); }
                if ($r->chance(20)) { unset($o->b); }
                return $o;
            case 12:
                return new FzJS($this->value($level + 1));
            default:
                return $r->pick([FzUnit::A, FzInt::One, FzStr::S, STDIN, new ArrayObject([1, 'x' => 2]), function () {}]);
        }
    }
}

$cases = fj_env_int('FASTJSON_FUZZ_CASES', 20000);
// FASTJSON_FUZZ_SEED=N picks another deterministic sequence.
$r = new FjRandom(fj_env_int('FASTJSON_FUZZ_SEED', 20240607));
$gen = new Gen($r);
$all = array_values(fj_all_flags());
$paths = fj_simd_paths();
$report = new FjReport;
for ($i = 0; $i < $cases; $i++) {
    $value = $gen->value(0);
    $flags = 0;
    foreach ($all as $bit) {
        if ($r->chance(25)) { $flags |= $bit; }
    }
    $depth = $r->chance(85) ? 512 : $r->pick([0, 1, 2, 3, 4, -1, 2147483647, 4294967298]);
    fj_set_simd($paths[$r->below(count($paths))]);
    $m = fj_compare_encode($value, $flags, $depth);
    $report->add($m === null ? null : "case $i: $m");
}
ini_restore('fastjson.simd');
$report->finish('random cases compared', min($cases, 20000));
?>
--EXPECT--
random cases compared: OK
