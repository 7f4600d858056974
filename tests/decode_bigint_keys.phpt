--TEST--
Decode: with JSON_BIGINT_AS_STRING an integer too long for zend_long is a string token, which ext/json's grammar also takes as an object key (found by the hostile-input smoke test)
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$keys = ['12345678901234567890', '-9223372036854775809', '9223372036854775808', '-9223372036854775808',
    '9223372036854775807', '99999999999999999999999999', '1.5e300', '0', '-0', '"k"'];
$report = new FjReport();
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($keys as $k) {
        foreach (["{{$k}:1}", "{\"a\":1,{$k}:[2]}", "[{{$k}:\"x\"},{{$k}:{}}]", "{{$k}\x00}", "{{$k}}", "{{$k}:", "{\"\\u0000\":1,{$k}:2}",
                  "{{$k}:1,{$k}:2}"] as $json) {
            foreach ([null, true, false] as $assoc) {
                foreach ([0, JSON_BIGINT_AS_STRING, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR] as $flags) {
                    $report->add(fj_dec_compare($json, $assoc, 512, $flags));
                }
            }
            $report->add(fj_val_compare($json));
        }
    }
}
// Per path, key and document: 3 assoc x 3 flag sets, and validate.
fj_dec_finish($report, 'big integer keys', count($keys) * 8 * (3 * 3 + 1) * count(fj_simd_paths()));
?>
--EXPECT--
big integer keys: cases as expected, 0 mismatches
