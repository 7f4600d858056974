--TEST--
fastjson_pointer_get/exists/set on seeded random documents and pointers against the PHP route (json_decode, walk, json_encode), with every decode flag set and each SIMD path
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

$seed = fj_env_int('FASTJSON_FUZZ_SEED', 20261201);
$docs = fj_scaled(fj_env_int('FASTJSON_TEST_CASES', 400));
$r = new FjRandom($seed);
$checked = ['get' => 0, 'exists' => 0, 'set' => 0, 'found' => 0];
$bad = [];
$flag_sets = [0, JSON_BIGINT_AS_STRING, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR];
$paths_simd = fj_simd_paths();
for ($d = 0; $d < $docs; $d++) {
    /* The large documents (every fourth) take each path in turn too. */
    fj_set_simd($paths_simd[($d % 4 === 3 ? intdiv($d, 4) : $d) % count($paths_simd)]);
    $paths = [];
    $json = sj_ws($r) . sj_random_json($r, $r->range(0, 4), $paths) . sj_ws($r);
    /* Every fourth document: many of them in one object or array, so that the walk skips
     * containers of kilobytes (its 64-byte block path) on the way to later members. */
    if ($d % 4 === 3) {
        $parts = [];
        $paths = [];
        $object = $r->chance(50);
        for ($k = 0, $m = $r->range(20, 60); $k < $m; $k++) {
            $sub = [];
            $name = $object ? sj_random_key($r) . $k % 7 : null;
            $text = sj_random_json($r, $r->range(2, 6), $sub, $object ? '/' . sj_pointer_escape($name) : "/$k");
            $parts[] = ($object ? json_encode($name) . ':' : '') . $text;
            if ($r->chance(30) || $k === $m - 1) {
                array_push($paths, ...array_slice($sub, 0, 4));
            }
        }
        $json = $object ? '{' . implode(',', $parts) . '}' : '[' . implode(",\n", $parts) . ']';
        array_unshift($paths, '');
    }
    foreach (sj_pointers($r, $paths) as $pointer) {
        $flags = $flag_sets[$r->below(count($flag_sets))];
        $assoc = $r->pick([null, true, false]);
        $ref = sj_outcome(fn () => sj_ref_pointer_get($json, $pointer, $assoc, 512, $flags));
        $got = sj_outcome(fn () => fastjson_pointer_get($json, $pointer, $assoc, 512, $flags));
        $checked['get']++;
        if ($ref !== $got) {
            $bad[] = "get " . fj_str($json) . " " . fj_str($pointer) . " flags $flags\n  ref " . json_encode($ref) . "\n  got " . json_encode($got);
        }
        $ref = sj_outcome(fn () => sj_ref_pointer_exists($json, $pointer, $flags));
        $got = sj_outcome(fn () => fastjson_pointer_exists($json, $pointer, $flags));
        $checked['exists']++;
        $checked['found'] += $got['ret'] === serialize(true);
        if ($ref !== $got) {
            $bad[] = "exists " . fj_str($json) . " " . fj_str($pointer) . "\n  ref " . json_encode($ref) . "\n  got " . json_encode($got);
        }
        /* set: the result decodes to the PHP route's document, and the new value's
         * encoding sits between bytes of the original. */
        $new = $r->pick([42, 'v/~', ['x' => [1, 2]], [], null, 1.5, ["\u{e9}"]]);
        $eflags = $r->pick([0, JSON_UNESCAPED_UNICODE, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT]);
        $out = fastjson_pointer_set($json, $pointer, $new, 512, $eflags);
        $tokens = sj_pointer_tokens($pointer);
        [$ok, $want] = $tokens === null ? [false, null] : sj_ref_set(json_decode($json), $tokens, json_decode(json_encode($new, $eflags)));
        $checked['set']++;
        if (!$ok) {
            if ($out !== false || json_last_error() !== 0) {
                $bad[] = "set absent " . fj_str($json) . " " . fj_str($pointer) . ' got ' . var_export($out, true);
            }
            continue;
        }
        if (!is_string($out) || serialize(json_decode($out)) !== serialize($want)) {
            $bad[] = "set " . fj_str($json) . " " . fj_str($pointer) . "\n  want " . json_encode($want) . "\n  got " . var_export($out, true);
            continue;
        }
        for ($pre = 0; $pre < strlen($json) && $pre < strlen($out) && $json[$pre] === $out[$pre]; $pre++);
        for ($suf = 0; $suf < strlen($json) - $pre && $suf < strlen($out) - $pre && $json[-1 - $suf] === $out[-1 - $suf]; $suf++);
        $middle = substr($out, $pre, strlen($out) - $pre - $suf);
        $enc = json_encode($new, $eflags);
        /* The edited stretch is the value's encoding, with a separator and name when added. */
        if ($out !== $json && !str_contains(substr($out, max(0, $pre - strlen($enc)), strlen($middle) + 2 * strlen($enc) + 2), $enc)
                || strlen($out) - strlen($json) > strlen($enc) + 64) {
            $bad[] = "set splice " . fj_str($json) . " " . fj_str($pointer) . " -> " . fj_str($out);
        }
    }
}
ini_restore('fastjson.simd');
foreach (array_slice($bad, 0, 10) as $b) {
    echo $b, "\n";
}
echo count($bad), " mismatches\n";
var_dump($checked['get'] > 2000 * $docs / 400, $checked["found"] > $checked["exists"] / 4);
?>
--EXPECT--
0 mismatches
bool(true)
bool(true)
