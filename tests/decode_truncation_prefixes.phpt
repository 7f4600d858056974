--TEST--
Decode truncation: every prefix of real and crafted documents (escapes, unicode, numbers, literals, whitespace), alone and followed by a NUL byte; unterminated strings (CTRL_CHAR on 8.2-8.5), embedded NUL, BOMs, whitespace variants; assoc and object mode, validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the prefixes)
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
// (no fastjson_test.inc here: the SKIPIF runs without this test's --INI-- settings)
$corpus = fn(string $p) => file_exists(__DIR__ . "/../bench/data/$p") || file_exists(__DIR__ . "/../../shared/corpus/$p");
foreach (['real/small'] as $p) {
    if (!$corpus($p)) die("skip corpus $p not found (bench/data or ../shared/corpus)");
}
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$report = new FjReport;
$sources = [];
foreach (['demo.json', 'smalldemo.json', 'adversarial.json', 'flatadversarial.json', 'twitter_api_compact_response.json'] as $f) {
    $sources[$f] = file_get_contents(fj_corpus_path('real') . "/small/$f");
}
$sources += [
    'mixed' => '{"a":[1,-2.5e+10,"x\u00e9\ud83d\ude00\n",true,false,null,{}],"b":{"c":"€"},"d":12345678901234567890,"e":-0.0}',
    'raw utf-8' => '{"é":"日本語😀 Ελληνικά","k":["ж",-0.0,"\u00e9"],"😀":{"€":[]}}',
    'numbers' => '[0,-0,1.5e-3,1E+2,-123,9223372036854775808,-9223372036854775809,0.000001,1e400,123456789.123456789e-5]',
    'escapes' => '["\"\\\\\/\b\f\n\r\t","\u0041\u00e9\u20ac\ud83d\ude00\u0000","a\\\\\"b",""]',
    'literals' => '[true,false,null,[true],{"t":true,"f":false,"n":null}]',
    'pretty' => "{\r\n\t\"a\" : [ 1 ,\n  2 ] ,\n\"b\"\t:\t{ } , \"c\" : \"\\u12ab\"\r\n}\n",
    'long string' => '["' . str_repeat('abcdefghij', 7) . '\n' . str_repeat('0123456789', 4) . '\u00e9' . str_repeat('xyz', 20) . '"]',
    'scalars' => '"just a string with \"quotes\" and \\\\ and \u00e9"',
    'number' => '-12345.678e-9',
    'nested' => '[[[[{"a":[[{"b":{}}]]}]]]]',
];
$docs = [];
foreach ($sources as $name => $src) {
    for ($n = 0; $n <= strlen($src); $n++) {
        $docs["$name:$n"] = substr($src, 0, $n);
        $docs["$name:$n+NUL"] = substr($src, 0, $n) . "\0";
    }
}
$kept = (new FjSample)->take($docs);
foreach ([[true, 0, [0]], [null, 0, []], [false, JSON_INVALID_UTF8_SUBSTITUTE | JSON_BIGINT_AS_STRING, []]] as [$assoc, $flags, $val]) {
    fj_dec_docs($report, 'prefix', $kept, $assoc, $flags, $val);
}
echo count($docs), " prefixes\n";

// Embedded NUL, BOMs, unterminated strings, whitespace.
$special = ["[1]\0", "\"abc\"\0", "1\0", "{\"a\":1}\0 ", "\0", "\0[1]", "[1,\0 2]", "\"a\0b\"", "[1]\0\0", "[\"a\"]\0x", " \0",
    "\xEF\xBB\xBF[1]", "\xEF\xBB\xBF", " \xEF\xBB\xBF1", "\"\xEF\xBB\xBF\"", "\xFE\xFF\x00[\x001\x00]", "\xFF\xFE[\x001\x00]\x00",
    "\xEF\xBB\xBF\"x\"", '"', '["', '["abc', '{"', '{"a', '{"a":"', '"\\', '"\\u', '"\\u00', '"\\ud83d', '"\\ud83d\\', '"\\ud83d\\ude0',
    "\"\xc3", "\"\xe2\x82", "\"\xf0\x9f\x98", "\"abc\xff", '"\\"', "\"\t\"", "\"\n\"", "\"\x7f\"", "\"\x1f\""];
$ws = [' ', "\t", "\n", "\r", "\r\n", "\n\r", "  \t\r\n  ", "\f", "\v", "\xc2\xa0", "\u{2028}", "\u{feff}", "\x00", "\x1c", ''];
foreach ($ws as $w) {
    foreach (["{$w}1{$w}", "{$w}[{$w}1{$w},{$w}2{$w}]{$w}", "{$w}{{$w}\"a\"{$w}:{$w}true{$w},{$w}\"b\"{$w}:{$w}[]{$w}}{$w}",
            "{$w}\"s\"{$w}", "{$w}null", "nul{$w}l", "tr{$w}ue", "-{$w}1", "1{$w}.5", "1.5{$w}e3", "[1{$w}]", "{$w}", "[{$w}]", "{{$w}}"] as $d) {
        $special[] = $d;
    }
}
foreach ($special as $json) {
    fj_dec_check($report, 'special', $json, [[null, 0], [true, 0], [false, JSON_INVALID_UTF8_IGNORE], [true, JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR]],
        [[0], [JSON_INVALID_UTF8_IGNORE]]);
}
echo count($special), " special documents\n";
// Prefixes (thinned by FASTJSON_TEST_SCALE) in 3 modes and validated once; special documents in
// 4 modes and validated twice; every SIMD path.
fj_dec_finish($report, 'decode/validate outcomes compared',
    (fj_scaled(count($docs)) * 4 + count($special) * 6) * count(fj_simd_paths()));
?>
--EXPECT--
23138 prefixes
249 special documents
decode/validate outcomes compared: cases as expected, 0 mismatches
