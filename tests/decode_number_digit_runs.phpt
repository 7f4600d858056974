--TEST--
Decode and validate numbers whose integer part and fraction are runs of 1 to 40 digits (read 8 at a time where 8 bytes lie inside the input), ending at the input's end or before every kind of byte, with a non-digit at every place of the run; plain, as arrays, BIGINT_AS_STRING
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

// Digits whose every window of 8 differs, so a misplaced group changes the value.
$digits = '9182736450192837465091827364501928374650';
$report = new FjReport;
$cases = 0;
$check = function (string $json) use ($report, &$cases) {
    foreach ([0, JSON_BIGINT_AS_STRING] as $flags) {
        $report->add(fj_dec_compare($json, false, 512, $flags));
        $cases++;
    }
    $report->add(fj_val_compare($json));
    $cases++;
};
for ($n = 1; $n <= 40; $n++) {
    $run = substr($digits, 0, $n);
    $int = ltrim($run, '0') === '' ? '0' : ltrim($run, '0');
    foreach (['', ']', ',1]', 'e5', 'E-3', '.', '.5', 'x', ' ', "\x00", '/', ':', "\xc3\xa9"] as $after) {
        $check($int . $after);
        $check('[' . $int . $after);
        $check('[-' . $int . $after);
        $check('0.' . $run . $after);
        $check('[-1.' . $run . $after);
        $check('[12.' . $run . $after);
        $check('[0.000' . $run . $after);
    }
    // A byte that is no digit at every place of the run: '/' and ':' border the digits.
    for ($at = 0; $at < $n; $at++) {
        foreach (['/', ':', 'a', '.', "\x80"] as $bad) {
            $check('[1.' . substr_replace($run, $bad, $at, 1) . ']');
            $check('[' . $int[0] . substr_replace($run, $bad, $at, 1) . ']');
        }
    }
}
fj_dec_finish($report, 'number outcomes compared', $cases);
?>
--EXPECT--
number outcomes compared: cases as expected, 0 mismatches
