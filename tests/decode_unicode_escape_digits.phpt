--TEST--
Decode \u escapes: every code unit 0000-FFFF in lower and upper case (256 per string), every byte 0x00-0xFF at each of the four digit places, escapes cut by the end of the input; decode and validate, every SIMD path
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

$docs = [];
// Every code unit, 256 to a string (the strings of surrogates fail as a whole).
foreach (['%02x%02x', '%02X%02X'] as $format) {
    for ($high = 0; $high < 256; $high++) {
        $s = '';
        for ($low = 0; $low < 256; $low++) {
            $s .= '\\u' . sprintf($format, $high, $low);
        }
        $docs[] = '["' . $s . '"]';
    }
}
// Each byte at each digit place, after and before other escapes.
foreach (['0000', 'abcd', 'FEDC', '00e9'] as $digits) {
    for ($place = 0; $place < 4; $place++) {
        for ($byte = 0; $byte < 256; $byte++) {
            $escape = '\\u' . substr_replace($digits, chr($byte), $place, 1);
            $docs[] = '["' . $escape . '"]';
            $docs[] = '["x\\u00e9' . $escape . '\\u00e9y"]';
        }
    }
}
// Escapes cut short by the end of the input.
foreach (['\\u', '\\u0', '\\u00', '\\u00e', '\\u00e9'] as $cut) {
    $docs[] = '"' . $cut;
    $docs[] = '["ab' . $cut;
}

$report = new FjReport;
foreach ($docs as $json) {
    fj_dec_check($report, 'escape digits', $json, [[true, 0]], [[0]]);
}
fj_dec_finish($report, 'decode/validate outcomes compared', count($docs) * 2 * count(fj_simd_paths()));
?>
--EXPECT--
decode/validate outcomes compared: cases as expected, 0 mismatches
