--TEST--
fastjson_pointer_*() with the look-up done during the structural stage's validation: targets and errors at every position around 64-byte block edges, in the first and last block, duplicates, arrays in arrays, names with escapes, with each SIMD path; against the PHP route and against the walk (fastjson.structural=on against off)
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

$simd_paths = fj_simd_paths();
$bad = [];
$n = 0;

/* get (each $assoc), exists and set of one document and pointer, on the stage's route and
 * on the walk's (the structural stage off): each against the PHP route, and the two
 * routes' results and error details against each other. */
function check(string $json, string $pointer, int $flags, array &$bad, int &$n, int $depth = 512): void
{
    $routes = [];
    foreach (['on', 'off'] as $mode) {
        ini_set('fastjson.structural', $mode);
        $r = [];
        foreach ([null, true, false] as $assoc) {
            $r[] = sj_outcome(fn () => fastjson_pointer_get($json, $pointer, $assoc, $depth, $flags));
            $r[] = fastjson_last_error_info();
        }
        $r[] = sj_outcome(fn () => fastjson_pointer_exists($json, $pointer, $flags));
        $r[] = sj_outcome(fn () => fastjson_pointer_set($json, $pointer, ['n' => 7], $depth, $flags));
        $r[] = fastjson_last_error_info();
        $routes[$mode] = $r;
    }
    ini_restore('fastjson.structural');
    $ref = [];
    foreach ([null, true, false] as $assoc) {
        $ref[] = sj_outcome(fn () => sj_ref_pointer_get($json, $pointer, $assoc, $depth, $flags));
    }
    $ref[] = sj_outcome(fn () => sj_ref_pointer_exists($json, $pointer, $flags));
    $n++;
    $got = $routes['on'];
    $mismatch = [];
    foreach ([0, 2, 4, 6] as $k => $i) {
        if ($got[$i] !== $ref[$k]) {
            $mismatch[] = ['get null', 'get true', 'get false', 'exists'][$k] . ' ref ' . json_encode($ref[$k]) . ' got ' . json_encode($got[$i]);
        }
    }
    /* set: the PHP route's document (stdClass objects tell objects from arrays: names that
     * start with U+0000 are left to the walk's route), and the same bytes as the walk's. */
    $tokens = sj_pointer_tokens($pointer);
    $doc = json_decode($json, false, $depth, $flags & ~JSON_THROW_ON_ERROR);
    $nul_name = json_last_error() === JSON_ERROR_INVALID_PROPERTY_NAME;
    [$ok, $want] = $tokens === null || json_last_error() ? [false, null] : sj_ref_set($doc, $tokens, (object) ['n' => 7]);
    $out = unserialize($got[7]['ret']);
    if (!$nul_name && ($ok ? !is_string($out) || serialize(json_decode($out, false, 512, $flags & ~JSON_THROW_ON_ERROR)) !== serialize($want)
            : $out !== false && $out !== null)) {
        $mismatch[] = 'set want ' . json_encode($want) . ' got ' . var_export($out, true);
    }
    if ($got !== $routes['off']) {
        $mismatch[] = "stage and walk differ:\n    " . json_encode($got) . "\n    " . json_encode($routes['off']);
    }
    if ($mismatch) {
        $bad[] = fj_str($json) . ' ' . fj_str($pointer) . " flags $flags simd " . ini_get('fastjson.simd') . "\n  " . implode("\n  ", $mismatch);
    }
}

/* The target and the paths around it at every offset from 0 to 140 (across the first and
 * second block edges), and the document's end in the last block at every length. */
$pointers = ['/a/b/1/c', '/a/b/1', '/a/b/0', '/a/b/2', '/a/b/-', '/a/x', '/a/b/1/c/d', '/pad', '/tail', '/z', '', '/a/b/01'];
foreach ($simd_paths as $path) {
    fj_set_simd($path);
    for ($pad = 0; $pad <= 140; $pad += $pad < 50 || $pad > 80 && $pad < 115 ? 7 : 1) {
        $tail = 140 - $pad;
        $json = '{"pad":"' . str_repeat('x', $pad) . '","a":{"b":[1,{"c":"T\"\\\\"}]},"tail":"' . str_repeat('y', $tail) . '"}';
        foreach ($pointers as $p) {
            check($json, $p, 0, $bad, $n);
        }
        /* A string target that reaches over the next block edge. */
        $long = '[' . str_repeat(' ', $pad) . '"' . str_repeat('s', 70) . '\\"",{"k":[' . str_repeat('1,', 40) . '2]}]';
        foreach (['/0', '/1/k/40', '/1/k/39', '/1/k/41', '/1/k', '/2'] as $p) {
            check($long, $p, 0, $bad, $n);
        }
    }
}
ini_restore('fastjson.simd');
echo "targets: ", count($bad), " mismatches\n";

/* Errors at every position of a ~200-byte document, before and after the target (it sits
 * in the middle): a byte replaced by one that breaks a string, the structure, a control
 * character or UTF-8, and the document cut there; with each decode flag set. */
$doc = '{"pad":"' . str_repeat('p', 50) . '","dup":{"t":[1]},"a":{"b":[{"c":"' . str_repeat('q', 20)
    . '"},"\u00e9"],"e":null},"dup":{"t":[2,3]},"tail":[' . str_repeat('0,', 30) . '0]}';
$count = $n;
$errors = [];
foreach ($simd_paths as $k => $path) {
    fj_set_simd($path);
    for ($i = 0; $i < strlen($doc); $i++) {
        /* Every position with one path; the others every third position and the block edges. */
        if ($k > 0 && $i % 3 && ($i % 64 < 60 && $i % 64 > 4)) {
            continue;
        }
        foreach (['"', ']', "\x01", "\xff", '\\'] as $m => $byte) {
            $broken = substr_replace($doc, $byte, $i, 1);
            check($broken, ['/a/b/0/c', '/dup/t/1', '/tail/30', '/pad'][($i + $m) % 4], [0, JSON_OBJECT_AS_ARRAY,
                JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR][($i + $m) % 5], $errors, $n);
        }
        check(substr($doc, 0, $i), '/a/b/0/c', $i % 2 ? JSON_THROW_ON_ERROR : 0, $errors, $n);
    }
}
ini_restore('fastjson.simd');
echo "errors: ", count($errors), " mismatches in ", $n - $count > 1000 ? 'over 1000' : $n - $count, " cases\n";
$bad = array_merge($bad, $errors);

/* Duplicates (the last one counts, what the earlier led to does not), arrays in arrays,
 * empty containers, names with escapes or U+0000, scalars on the way, depth. */
$cases = [
    ['{"a":{"b":1},"a":{"c":2}}', ['/a/b', '/a/c', '/a', '/a/-', '/a/b/c']],
    ['{"a":{"b":{"x":1}},"a":2}', ['/a/b', '/a', '/a/b/x', '/a/0']],
    ['{"a":[1,2,[5],3,4]}', ['/a/2/0', '/a/4', '/a/3', '/a/5', '/a/-', '/a/2/1', '/a/2/-']],
    ['[[1,2],[3]]', ['/0/5', '/1/0', '/0/1', '/1/1', '/2', '/0/-']],
    ['[[1,2],3,[9,8,7,6],7]', ['/0/3', '/0/2', '/2/3', '/0/-']],
    ['{"a":[[1],{"b":[0]},2,[[5,6,7]]]}', ['/a/0/2/1', '/a/1/b/1', '/a/3/0/2', '/a/0/1/1']],
    ['[[],[0],{}]', ['/0/0', '/1/0', '/0/-', '/2/k', '/2', '/3']],
    ['{"a":{"a":{"a":1}},"b":[{"a":2}]}', ['/a/a/a', '/a/a', '/b/0/a', '/b/0/b']],
    ['{"x":[{"k":1},{"k":2}],"y":0,"x":[{"k":3}]}', ['/x/1/k', '/x/0/k', '/x/1', '/x/-']],
    ['{"x":[{"k":1}],"x":[{"k":3}, {"k":4}],"x":[{"j":5}]}', ['/x/0/k', '/x/0/j', '/x/1/k', '/x']],
    ['{"\u0061":1,"a\/b":2,"\ud83d\ude00":3,"\u00e9":4,"é":5}', ['/a', '/a~1b', "/\u{1f600}", "/\u{e9}"]],
    ['{"t":{"\u0000a":1},"u":2}', ['/u', '/t', '/t/' . "\0a"]],
    ['[{"a":1},{"\u0000":{"b":2}}]', ['/0/a', '/1', '/1/' . "\0" . '/b']],
    ['{"k":"\u0000","\\\\u0000":1}', ['/k', '/\\u0000']],
    ['"str"', ['', '/x', '/0']],
    ['  42  ', ['', '/0']],
    ["{\"bad\":\"\xff\",\"a\":[\"\xfe\"]}", ['/a/0', '/bad', '/a']],
    ['{"t":{"a":[1,{"b":2}]},"t2":3}', ['/t', '/t/a', '/t/a/1', '/t2', '/t/a/1/b/c']],
    ['[[[[1]]],[[[2]]]]', ['/1/0/0/0', '/0/0/0', '/1/0/0/0/0']],
    ['{"a" : [ 1 , { "b" : [ ] } ] , "c" : { } }', ['/a/1/b/0', '/a/1/b/-', '/c/d', '/a/1/b']],
    ["{\"a\":[1,\n2\n]\n,\"o\":{\"k\":1\r\n}, \"e\":[\n\t], \"f\":{\r\n}\n}", ['/a/-', '/a/2', '/o/x', '/e/0', '/f/x', '/x']],
];
$count = $n;
foreach ($simd_paths as $path) {
    fj_set_simd($path);
    foreach ($cases as [$json, $ps]) {
        foreach ($ps as $p) {
            foreach ([0, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR] as $flags) {
                check($json, $p, $flags, $bad, $n);
            }
        }
    }
    /* Depth: the document's limit, whatever the pointer names. */
    foreach ([3, 4, 5] as $depth) {
        foreach (['/1/0/0/0', '/0', '/1/0'] as $p) {
            check('[[[[1]]],[[[2]]]]', $p, 0, $bad, $n, $depth);
        }
    }
}
ini_restore('fastjson.simd');
/* Per path: arm64 builds have two (scalar, NEON), x86-64 ones up to four. */
echo "cases per SIMD path: ", ($n - $count) / count($simd_paths), "\n";

/* FASTJSON_DECODE_RELAXED: comments and trailing commas before closing brackets (where
 * pointer_set adds), the stage's route against the walk's. */
$relaxed = ["{\"a\":[1,2 /* c */ ,] // x\n, \"b\":{\"c\":1,/**/}\t}", "[ /* [ */ ] ", "\xef\xbb\xbf{\"k\":{},} // end"];
foreach ($simd_paths as $path) {
    fj_set_simd($path);
    foreach ($relaxed as $json) {
        foreach (['/a/-', '/a/2', '/a/1', '/b/d', '/b/c', '/0', '/-', '/k/x', '/x', ''] as $p) {
            $routes = [];
            foreach (['on', 'off'] as $mode) {
                ini_set('fastjson.structural', $mode);
                $routes[$mode] = [sj_outcome(fn () => fastjson_pointer_get($json, $p, true, 512, FASTJSON_DECODE_RELAXED)),
                    sj_outcome(fn () => fastjson_pointer_exists($json, $p, FASTJSON_DECODE_RELAXED)),
                    sj_outcome(fn () => fastjson_pointer_set($json, $p, [7], 512, FASTJSON_DECODE_RELAXED))];
            }
            ini_restore('fastjson.structural');
            $n++;
            if ($routes['on'] !== $routes['off']) {
                $bad[] = 'relaxed ' . fj_str($json) . ' ' . fj_str($p) . ' simd ' . ini_get('fastjson.simd') . "\n  " . json_encode($routes);
            }
        }
    }
}
ini_restore('fastjson.simd');
var_dump(fastjson_pointer_set($relaxed[0], '/a/-', 3, 512, FASTJSON_DECODE_RELAXED), fastjson_pointer_set($relaxed[1], '/-', 3, 512, FASTJSON_DECODE_RELAXED));

foreach (array_slice($bad, 0, 10) as $b) {
    echo $b, "\n";
}
echo count($bad), " mismatches\n";
?>
--EXPECT--
targets: 0 mismatches
errors: 0 mismatches in over 1000 cases
cases per SIMD path: 439
string(48) "{"a":[1,2,3 /* c */ ,] // x
, "b":{"c":1,/**/}	}"
string(13) "[3 /* [ */ ] "
0 mismatches
