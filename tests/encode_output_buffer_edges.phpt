--TEST--
Encode outputs of every length from 0 to 1,300 bytes and around 2, 4, 8 and 16 KB (the output starts in an 8,192-byte buffer on the stack, or in a heap block once the last two outputs were past 3 KB, and moves when it outgrows it), each ending in a string, an invalid UTF-8 byte (rolled back or replaced), a NAN or an object; compact, pretty, partial output, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$tails = ['plain' => 'x', 'invalid utf8' => "ab\xffcd", 'escapes' => "\"\\/\n\u{e9}", 'nan' => NAN,
    'object' => (object) ['k' => "v\xfe"], 'long string' => str_repeat('z', 700)];
$lengths = array_merge(range(0, 1300), range(2000, 2100), range(4050, 4150), range(8150, 8250), range(16330, 16430));
$flag_sets = [0, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE];
$report = new FjReport;
$cases = 0;
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($lengths as $len) {
        foreach ($tails as $tail) {
            foreach ($flag_sets as $flags) {
                $report->add(fj_compare_encode(fj_sized_list($len, $tail), $flags));
                $cases++;
            }
        }
    }
}
ini_restore('fastjson.simd');
$report->finish('output sizes compared', $cases);
?>
--EXPECT--
output sizes compared: OK
