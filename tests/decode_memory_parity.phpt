--TEST--
Decode memory: fastjson_decode() peaks at most at json_decode()'s (objects and arrays), and fastjson_validate()'s peak does not grow with the input
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
require __DIR__ . '/memory_parity.inc';
if (($p = fj_mem_problem()) !== null) die("skip $p");
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';
require __DIR__ . '/memory_parity.inc';

/* Peak memory of one call (memory_get_peak_usage(), the decoded value included), both
 * decoders in the same fresh child per document, on the compact JSON of the generated
 * documents of the encode test. */
$sizes = fj_mem_slow() ? [20000, 1000000] : [20000, 150000, 1000000, 4000000];
$kinds = ['records', 'objects', 'floats', 'strings', 'string'];
$cases = 0;
$bad = [];
$validate = [];
foreach ($kinds as $kind) {
    foreach ($sizes as $bytes) {
        $r = fj_mem_figures(['decode-peaks', $kind, $bytes]);
        foreach (['objects', 'arrays'] as $as) {
            ++$cases;
            $d = $r[$as];
            if (!$d['same'] || $d['fast'] > $d['json']) {
                $bad[] = sprintf('%s %d as %s: %d bytes of JSON, json_decode peak %d, fastjson peak %d, same value: %s',
                    $kind, $bytes, $as, $d['bytes'], $d['json'], $d['fast'], var_export($d['same'], true));
            }
        }
        if (!$r['validate']['same']) {
            $bad[] = "$kind $bytes: fastjson_validate() did not return true";
        }
        $validate[$kind][$r['validate']['bytes']] = $r['validate']['fast'];
    }
}
printf("decode: fastjson_decode at most json_decode's peak with the same value: %s\n",
    $bad || $cases !== 2 * count($sizes) * count($kinds) ? "NO ($cases cases)\n  " . implode("\n  ", $bad) : 'yes');

// "Does not grow": the largest input (50 or 200 times the smallest) needs at most 4 KB more.
$grows = [];
foreach ($validate as $kind => $peaks) {
    if (max($peaks) - min($peaks) > 4096) {
        $grows[] = "$kind: " . json_encode($peaks);
    }
}
printf("validate: peak independent of the input's size: %s\n",
    $grows ? "NO\n  " . implode("\n  ", $grows) : 'yes');
?>
--EXPECT--
decode: fastjson_decode at most json_decode's peak with the same value: yes
validate: peak independent of the input's size: yes
