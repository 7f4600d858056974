--TEST--
Decode numbers: ints around 19/20 digits and LONG_MIN/LONG_MAX +-1, signs, -0, -0.0, exponents, 1e400, subnormals, random doubles (%.17g, shortest, ...), random digit strings, exact midpoints between adjacent doubles and their 17-20 digit cuts, leading zeros, syntax errors; alone, in arrays/objects, after whitespace, at the end of input; flags 0 and BIGINT_AS_STRING; validate; every SIMD path (FASTJSON_NUMBERS_CASES=N for more random ones, FASTJSON_TEST_SCALE=x for a fraction x of the documents)
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

/* ---- fixed numbers ---- */
$nums = ['0', '-0', '1', '-1', '0.0', '-0.0', '1.0', '-1.0', '0e0', '-0e0', '0E+0', '-0e-0', '0.0e0', '-0.0E-0', '0e-5', '0e400', '-0e400', '-0.0e-400', '0.000e+30', '-0.00e23',
    '1e0', '1E0', '1e+0', '1e-0', '1e1', '1E+2', '1e-2', '1e01', '1e001', '0.5e1', '123.456e-7', '12345678901234567890e-10',
    '1e400', '-1e400', '1e-400', '-1e-400', '1e308', '1e309', '1.7976931348623157e308', '1.7976931348623158e308',
    '1.7976931348623159e308', '2.2250738585072011e-308', '2.2250738585072014e-308', '2.225073858507201e-308',
    '4.9406564584124654e-324', '2.4703282292062327e-324', '2.4703282292062328e-324', '5e-324', '1e-323', '3e-324',
    '0.1', '0.2', '0.3', '0.30000000000000004', '1.5', '2.5', '-2.5', '3.141592653589793', '2.718281828459045', '100.0',
    '9007199254740991', '9007199254740992', '9007199254740993', '9007199254740993.0', '1e15', '1e16', '1e17', '1e21', '1e22', '1e23',
    '0.000001', '0.0000001', '1e-7', '123456789012345678', '1234567890123456789', '12345678901234567890',
    '123456789012345678901234567890', '0.1e-999999', '1e999999999999', '1e-999999999999', '1e2147483648', '1e-2147483649',
    '4E-2147483674', '0.' . str_repeat('0', 400) . '1', '1' . str_repeat('0', 308), '1' . str_repeat('0', 309), str_repeat('9', 800),
    '0.' . str_repeat('3', 800), '-' . str_repeat('1', 400) . '.5e-300', '1' . str_repeat('0', 30) . 'e-30'];
// Integers of 1..25 digits, and the 64-bit edges.
for ($n = 1; $n <= 25; $n++) {
    foreach ([str_repeat('9', $n), '1' . str_repeat('0', $n - 1), str_pad('', $n, '1234567890'), '8' . str_repeat('9', $n - 1)] as $d) {
        $nums[] = $d;
        $nums[] = "-$d";
        $nums[] = "$d.0";
        $nums[] = "{$d}e0";
    }
}
foreach (['9223372036854775806', '9223372036854775807', '9223372036854775808', '9223372036854775809', '9223372036854775810',
        '9223372036854775799', '9223372036854775900', '9999999999999999999', '10000000000000000000', '18446744073709551615',
        '18446744073709551616', '92233720368547758070', '1000000000000000000', '999999999999999999'] as $d) {
    foreach (["$d", "-$d", "$d.0", "{$d}e0", "-{$d}E+0", "0$d", "-0$d"] as $x) {
        $nums[] = $x;
    }
}
// Not numbers to ext/json.
$bad = ['01', '-01', '00', '-00', '00.5', '1.', '-1.', '0.', '.5', '-.5', '.', '-', '+', '+1', '+0', '-+1', '--1', '1-', '1+',
    '1e', '1E', '1e+', '1e-', '1e+-1', '1.e5', '1.5.5', '1..2', '1ee5', '1e5.5', '1e5e5', 'e5', '-e5', 'E5', '0x10', '0X1A', '0b1',
    '1_000', '1,000', '1f', '1d', '1L', 'Infinity', '-Infinity', 'NaN', 'nan', 'inf', '1 2', '1 .5', '- 1', '1 e5', "1\x00",
    "\u{661}", "\u{ff11}", '１', "1\u{2009}", '0.e1', '2.e+3', '-2.', '1e+1111x', '0e', '-0e+', '1.0e', '01.5', '-012', 'tru', 'nul'];

$docs = [];
foreach (array_merge($nums, $bad) as $i => $x) {
    foreach (["$x", "[$x]", "[$x,$x]", " \t\n\r$x\r\n\t ", "{\"k\":$x}", "[1,$x,{\"a\":[$x]}]", "$x ", "[$x ]", "[$x}", "$x x", "[$x"] as $j => $d) {
        $docs["$i/$j"] = $d;
    }
    // after 0..40 spaces, so the number starts at every offset of the SIMD blocks
    for ($s = 0; $s <= 40; $s++) {
        $docs["$i/s$s"] = str_repeat(' ', $s) . $x;
    }
}
$report = new FjReport;
$kept = (new FjSample)->take($docs);
foreach ([0, JSON_BIGINT_AS_STRING] as $flags) {
    fj_dec_docs($report, 'fixed numbers', $kept, true, $flags, $flags ? [] : [0]);
}
fj_dec_docs($report, 'fixed numbers (objects)', $kept, false, JSON_BIGINT_AS_STRING);
echo count($nums), ' numbers, ', count($bad), ' non-numbers, ', count($docs), " documents\n";

/* ---- near rounding ties: exact midpoints between adjacent doubles, and 17-19 digit cuts of them ---- */
// Exact decimal digits of N * 2^k (k >= 0) or N * 5^-k (k < 0), N < 2^55, in base-1e9 limbs.
function big_digits(int $n, int $k): string
{
    $limbs = [$n % 1000000000, intdiv($n, 1000000000) % 1000000000, intdiv($n, 1000000000000000000)];
    [$step, $mul] = $k >= 0 ? [30, 1 << 30] : [13, 1220703125];
    for ($left = abs($k); $left > 0; $left -= $step) {
        $m = $left >= $step ? $mul : ($k >= 0 ? 1 << $left : 5 ** $left);
        $carry = 0;
        foreach ($limbs as $i => $l) {
            $v = $l * $m + $carry;
            $limbs[$i] = $v % 1000000000;
            $carry = intdiv($v, 1000000000);
        }
        while ($carry > 0) {
            $limbs[] = $carry % 1000000000;
            $carry = intdiv($carry, 1000000000);
        }
    }
    $s = '';
    foreach (array_reverse($limbs) as $l) {
        $s .= sprintf('%09d', $l);
    }
    return ltrim($s, '0') ?: '0';
}
// The midpoint between $d > 0 and the next double up, as [digits, decimal exponent].
function midpoint(float $d): array
{
    $bits = fj_float_bits($d);
    $e = ($bits >> 52) & 0x7ff;
    $mant = $bits & 0xfffffffffffff;
    [$mant, $e2] = $e === 0 ? [$mant, -1074] : [$mant | (1 << 52), $e - 1075];
    $k = $e2 - 1;
    $digits = big_digits(2 * $mant + 1, $k);
    return [$digits, $k >= 0 ? 0 : $k];
}
$tie_docs = [];
$r = new FjRandom(20240615);
$doubles = [5e-324, 1e-323, 2.2250738585072009e-308, 2.2250738585072014e-308, 1.0, 2.0, 0.1, 1e22, 1e23, 9007199254740992.0,
    1.7976931348623157e308, 8.98846567431158e307, 4.9406564584124654e-324 * 1000, 1e-300, 1e300, 123456789.0];
for ($i = 0; $i < 300; $i++) {
    do { $d = abs($r->double()); } while (!is_finite($d) || $d == 0.0);
    $doubles[] = $d;
    $doubles[] = fj_float_from_bits($r->below(1 << 52) | (($r->range(1000, 1100)) << 52));   // near 1.0 .. 2^77
    $doubles[] = fj_float_from_bits($r->below(1 << 52));                                         // subnormal
}
foreach ($doubles as $j => $d) {
    [$digits, $exp] = midpoint($d);
    $n = strlen($digits);
    $sign = $j % 2 ? '-' : '';
    $variants = [$digits, $digits . '1', substr($digits, 0, -1) . '4' . str_repeat('9', 20), $digits . str_repeat('0', 30)];
    foreach ([17, 18, 19, 20] as $sig) {
        if ($n > $sig) {
            $cut = substr($digits, 0, $sig);
            $variants[] = $cut . str_repeat('0', $n - $sig);                                   // truncated: just below
            $variants[] = (string) ((int) substr($digits, 0, min($sig, 18)) + 1) . str_repeat('0', $n - min($sig, 18));  // just above
        }
    }
    foreach ($variants as $v) {
        $len = strlen($v);
        $e = $exp - ($len - $n);
        $tie_docs[] = "$sign{$v}e$e";                                                          // all digits, exponent
        $tie_docs[] = $sign . $v[0] . '.' . (substr($v, 1) ?: '0') . 'e' . ($e + $len - 1);   // scientific
        if ($e < 0 && -$e < 400) {
            $intlen = $len + $e;
            $tie_docs[] = $sign . ($intlen > 0 ? substr($v, 0, $intlen) . '.' . substr($v, $intlen)
                : '0.' . str_repeat('0', -$intlen) . $v);                                      // plain decimal
        }
    }
}
$kept = (new FjSample)->take($tie_docs);
foreach ([0, JSON_BIGINT_AS_STRING] as $flags) {
    fj_dec_docs($report, 'near tie', $kept, true, $flags, $flags ? [] : [0]);
}
echo count($tie_docs), " numbers near rounding ties\n";

/* ---- random numbers ---- */
function random_numbers(FjRandom $r, int $n): array
{
    $out = [];
    for ($i = 0; $i < $n; $i++) {
        switch ($r->below(8)) {
            case 0: // a random double, printed as ext/json would (shortest) or with 15-20 digits
                do { $d = $r->double(); } while (!is_finite($d));
                $out[] = $r->chance(50) ? var_export($d, true) : sprintf('%.' . $r->range(15, 20) . ($r->chance(50) ? 'g' : 'e'), $d);
                break;
            case 1: // fj_random_double() printed with %.17g
                $out[] = sprintf('%.17g', fj_random_double($r));
                break;
            case 2: // a random 64-bit int, maybe one digit longer
                $v = (string) $r->raw64();
                $out[] = $r->chance(30) ? $v . $r->below(10) : $v;
                break;
            case 3: // 17-21 digits (around the int/bigint edge)
                $out[] = ($r->chance(50) ? '-' : '') . $r->range(1, 9) . implode('', array_map(fn() => $r->below(10), range(1, $r->range(16, 20))));
                break;
            default: // random digit string: int part, fraction, exponent
                $s = $r->chance(30) ? '-' : '';
                $int = $r->chance(20) ? '0' : $r->range(1, 9) . implode('', array_map(fn() => $r->below(10), range(0, $r->range(0, 25))));
                $s .= substr($int, 0, $r->range(1, strlen($int)));
                if ($r->chance(60)) {
                    $s .= '.' . implode('', array_map(fn() => $r->below(10), range(0, $r->range(0, 30))));
                }
                if ($r->chance(50)) {
                    $s .= ($r->chance(50) ? 'e' : 'E') . $r->pick(['', '+', '-']) . $r->range(0, $r->pick([9, 99, 400, 99999]));
                }
                $out[] = $s;
        }
    }
    return $out;
}
function compare_random(FjReport $report, FjSample $sample, array $nums): void
{
    $docs = [];
    foreach ($nums as $i => $x) {
        $docs[$i] = $x;
        $docs["$i/a"] = "[$x]";
    }
    $docs = $sample->take($docs);
    foreach ([0, JSON_BIGINT_AS_STRING] as $flags) {
        fj_dec_docs($report, 'random numbers', $docs, true, $flags, $flags ? [] : [0]);
    }
}
$r = new FjRandom(fj_env_int('FASTJSON_FUZZ_SEED', 20240611));
$report2 = new FjReport;
compare_random($report2, new FjSample, random_numbers($r, 50000));
$extra = new FjReport;
$extra_sample = new FjSample;
for ($left = fj_env_int('FASTJSON_NUMBERS_CASES', 50000) - 50000; $left > 0; $left -= 50000) {
    compare_random($extra, $extra_sample, random_numbers($r, min($left, 50000)));
}
// Fixed documents: assoc with 2 flag sets and validated, and in object mode; near-tie numbers: assoc with
// 2 flag sets and validated; 50000 random numbers alone and in an array, as the near ties; every SIMD
// path; each set of documents thinned by FASTJSON_TEST_SCALE.
fj_dec_finish($report, 'fixed number documents compared',
    (fj_scaled(count($docs)) * 4 + fj_scaled(count($tie_docs)) * 3) * count(fj_simd_paths()));
fj_dec_finish_scaled($report2, $extra, 'random number documents compared', fj_scaled(50000 * 2) * 3 * count(fj_simd_paths()));
?>
--EXPECT--
588 numbers, 66 non-numbers, 34008 documents
25372 numbers near rounding ties
fixed number documents compared: cases as expected, 0 mismatches
random number documents compared: cases as expected, 0 mismatches
