--TEST--
Decode: seeded random differential test: random JSON documents (nested arrays/objects, strings with escapes/unicode/invalid bytes, numbers, whitespace) and mutations of them (truncate, flip/insert/delete a byte, duplicate/delete a span) x random assoc/flags/depth x SIMD path; decode and validate (FASTJSON_FUZZ_CASES=N for more, FASTJSON_FUZZ_SEED=N)
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

final class DocGen
{
    private array $pieces;
    private array $bad_pieces;
    private array $keys = ['a', 'b', 'id', 'name', '', '1', '01', '-1', '1.5', ' ', 'k\u00e9', "k\u{e9}", '\ud83d\ude00', 'a', 'b'];

    public function __construct(private FjRandom $r)
    {
        $this->pieces = ['a', 'Z', ' ', '/', '\\\\', '\\"', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u0000', '\\u001f', '\\u0041',
            '\\u00e9', '\\u00E9', '\\u07ff', '\\u0800', '\\u20ac', '\\uffff', '\\ud83d\\ude00', '\\udbff\\udfff', "\u{e9}", "\u{20ac}",
            "\u{1f600}", "\u{2028}", "\x7f", 'hello world', '0123456789abcdef'];
        // each makes the document fail (or, for invalid UTF-8, depend on IGNORE/SUBSTITUTE)
        $this->bad_pieces = ['\\ud800', '\\udc00', '\\ud800\\u0041', '\\u12', '\\x', '\\U0041', "\xff", "\xc3", "\xe2\x82", "\x80",
            "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\x01", "\t", "\n", "\x00"];
    }

    public function str(): string
    {
        $r = $this->r;
        $s = '';
        $n = $r->chance(15) ? $r->range(0, 150) : $r->range(0, 10);
        for ($i = 0; $i < $n; $i++) {
            $s .= $r->chance(70) ? chr($r->range(0x61, 0x7a)) : $this->pieces[$r->below(count($this->pieces))];
        }
        if ($r->chance(4)) {
            $p = $r->below(strlen($s) + 1);
            $s = substr($s, 0, $p) . $this->bad_pieces[$r->below(count($this->bad_pieces))] . substr($s, $p);
        }
        return '"' . $s . '"';
    }

    public function num(): string
    {
        $r = $this->r;
        switch ($r->below(6)) {
            case 0: return (string) $r->range(-1000, 1000);
            case 1: return (string) $r->raw64();
            case 2: return $r->pick(['9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809',
                '18446744073709551616', '-0', '-0.0', '0.0', '1e400', '-1e400', '5e-324', '1e-400', '123456789012345678901234']);
            case 3: return sprintf('%.17g', fj_random_double($r));
            case 4: return var_export(fj_random_double($r), true);
            default:
                return ($r->chance(30) ? '-' : '') . $r->range(0, 99999) . ($r->chance(50) ? '.' . $r->range(0, 999999) : '')
                    . ($r->chance(40) ? $r->pick(['e', 'E']) . $r->pick(['', '+', '-']) . $r->range(0, 330) : '');
        }
    }

    public function ws(): string
    {
        return $this->r->chance(80) ? '' : $this->r->pick([' ', "\n", "\t", "\r\n", '  ', " \n\t "]);
    }

    public function value(int $level): string
    {
        $r = $this->r;
        if ($level >= 5 || !$r->chance($level === 0 ? 85 : 40)) {
            switch ($r->below(4)) {
                case 0: return $r->pick(['null', 'true', 'false']);
                case 1: return $this->num();
                default: return $this->str();
            }
        }
        $object = $r->chance(50);
        $items = [];
        for ($i = $level < 2 && $r->chance(10) ? $r->range(5, 25) : $r->range(0, 4); $i > 0; $i--) {
            if ($object xor $r->chance(1)) {     // rarely the wrong kind of member
                $key = $r->chance(70) ? '"' . $this->keys[$r->below(count($this->keys))] . '"' : ($r->chance(3) ? '"\\u0000k"' : $this->str());
                $items[] = $this->ws() . $key . $this->ws() . ':' . $this->ws() . $this->value($level + 1) . $this->ws();
            } else {
                $items[] = $this->ws() . $this->value($level + 1) . $this->ws();
            }
        }
        return $object ? '{' . implode(',', $items) . '}' : '[' . implode(',', $items) . ']';
    }

    public function mutate(string $s): string
    {
        $r = $this->r;
        for ($m = $r->range(1, 3); $m > 0; $m--) {
            $n = strlen($s);
            $p = $r->below($n + 1);
            switch ($r->below(7)) {
                case 0: $s = substr($s, 0, $p); break;                                              // truncate
                case 1: if ($p < $n) { $s[$p] = chr($r->below(256)); } break;                      // flip a byte
                case 2: $s = substr($s, 0, $p) . $r->pick([',', ']', '}', '[', '{', '"', '\\', ':', '\\u', "\0", "\xff", ' ', '1', '-', 'e', '.'])
                    . substr($s, $p); break;                                                         // insert
                case 3: $s = substr($s, 0, $p) . substr($s, $p + 1); break;                          // delete a byte
                case 4: $l = $r->range(1, 20); $s = substr($s, 0, $p) . substr($s, $p, $l) . substr($s, $p); break;  // duplicate a span
                case 5: $s = substr($s, 0, $p) . substr($s, $p + $r->range(1, 20)); break;            // delete a span
                default: $s = substr($s, 0, $p) . chr($r->below(256)) . substr($s, $p); break;         // insert a random byte
            }
        }
        return $s;
    }
}

function run_cases(FjReport $report, FjRandom $r, DocGen $gen, int $from, int $to): void
{
    $paths = fj_simd_paths();
    $flag_bits = [JSON_OBJECT_AS_ARRAY, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR];
    for ($i = $from; $i < $to; $i++) {
        $json = $gen->ws() . $gen->value(0) . $gen->ws();
        if ($r->chance(35)) {
            $json = $gen->mutate($json);
        }
        $flags = 0;
        foreach ($flag_bits as $bit) {
            if ($r->chance(25)) {
                $flags |= $bit;
            }
        }
        $assoc = $r->pick([null, true, false]);
        $depth = $r->chance(80) ? 512 : $r->pick([1, 2, 3, 4, 5, 8, 0, -1, 2147483647, 2147483648]);
        fj_set_simd($paths[$r->below(count($paths))]);
        $m = fj_dec_compare($json, $assoc, $depth, $flags);
        $report->add($m === null ? null : "case $i: $m");
        $vflags = $r->chance(90) ? $r->pick([0, JSON_INVALID_UTF8_IGNORE]) : $r->pick([JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR, 1]);
        $m = fj_val_compare($json, $depth, $vflags);
        $report->add($m === null ? null : "case $i: $m");
        fj_dec_stop_check($report);
    }
    ini_restore('fastjson.simd');
}

$default = 60000;
$cases = fj_env_int('FASTJSON_FUZZ_CASES', $default);
$r = new FjRandom(fj_env_int('FASTJSON_FUZZ_SEED', 20240614));
$gen = new DocGen($r);
$report = new FjReport;
run_cases($report, $r, $gen, 0, min($cases, $default));
$extra = new FjReport;
run_cases($extra, $r, $gen, $default, $cases);
fj_dec_finish_scaled($report, $extra, 'random decode/validate cases compared');
?>
--EXPECT--
random decode/validate cases compared: 120000 cases, 0 mismatches
