--TEST--
Encode after outputs of other lengths (the last two guess the next one's, which may start in a heap block of about that length): outputs that outgrow the guess, fall short of it or fail midway (errors, partial output, exceptions) match json_encode(), on every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

final class Thrower implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        throw new RuntimeException('from jsonSerialize');
    }
}

/* Sequences of lengths: each output is compared with json_encode()'s, while the guess
 * is from the two before it. */
$tails = [null, "ab\xffcd", NAN, (object) ['k' => "v\xfe"], new Thrower, str_repeat('z', 9000)];
$sequences = [
    [4000, 4000, 4500, 5000, 40000, 70000, 300000, 4000],   // outgrowing the block
    [56000, 56000, 10, 0, 3072, 3073, 3073, 2000, 3073],      // much shorter than the block
    [8000, 8000, 8000 + 1000, 8000 + 1024, 8000 + 1100, 9217, 9300],  // around the eighth's slack
    [3073, 3073, 3456, 3457, 4095, 4096, 4097, 8191, 8192, 8193],
];
$flag_sets = [0, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE];
$report = new FjReport;
$cases = 0;
foreach ($sequences as $sequence) {
    foreach ($tails as $tail) {
        $values = array_map(fn($len) => fj_sized_list($len, $tail), $sequence);
        foreach (fj_simd_paths() as $path) {
            fj_set_simd($path);
            foreach ($flag_sets as $flags) {
                foreach ($values as $value) {
                    $report->add(fj_compare_encode($value, $flags));
                    $cases++;
                }
            }
        }
    }
}
ini_restore('fastjson.simd');
$report->finish('sequences compared', $cases);
?>
--EXPECT--
sequences compared: OK
