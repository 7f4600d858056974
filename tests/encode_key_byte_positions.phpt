--TEST--
Keys: every byte 0x00-0xFF at every position of keys of 0-40 bytes (the short-string writers' edges at 15/16 and 31/32 bytes), in arrays and stdClass objects, compact and pretty, every SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

$hex = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
// PARTIAL_OUTPUT_ON_ERROR / SUBSTITUTE: an invalid key does not end the batch
$flag_sets = [
    JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE,
    JSON_INVALID_UTF8_SUBSTITUTE | $hex,
];
$filler = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH';
$paths = fj_simd_paths();
$report = new FjReport;
$keys = 0;
for ($len = 0; $len <= 40; $len++) {
    $base = substr($filler, 0, $len);
    // each key with its own small map and object: a mismatch names the key
    $maps = [[$base => $len]];
    for ($pos = 0; $pos < $len; $pos++) {
        for ($b = 0; $b < 256; $b++) {
            $k = $base;
            $k[$pos] = chr($b);
            $maps[] = [$k => $b, 'next' => $k];
        }
    }
    $objects = array_map(static fn(array $m) => (object) $m, $maps);
    $keys += count($maps);
    foreach ($flag_sets as $flags) {
        $ref_maps = fj_outcome('json_encode', $maps, $flags);
        $ref_objects = fj_outcome('json_encode', $objects, $flags);
        foreach ($paths as $path) {
            fj_set_simd($path);
            $report->addAll(fj_compare_batch($maps, $flags, 512, $ref_maps), count($maps));
            $report->addAll(fj_compare_batch($objects, $flags, 512, $ref_objects), count($objects));
        }
    }
}
ini_restore('fastjson.simd');
// every key in a map and in an object, per flag set and path
$report->finish('keys compared', 2 * count($flag_sets) * $keys * count($paths));
echo "$keys keys\n";
?>
--EXPECT--
keys compared: OK
209961 keys
