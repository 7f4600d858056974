--TEST--
FASTJSON_DECODE_RELAXED: a comment, a trailing comma or a BOM at every position of documents, judged by ext/json on the text with a space there instead (or unchanged inside strings); everything else the flag must still reject; decode, validate, pointer_get and file_decode
--SKIPIF--
<?php if (!extension_loaded('fastjson')) die('skip fastjson not loaded'); ?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/superset.inc';

$R = FASTJSON_DECODE_RELAXED;
$docs = ['{"a": [1, -2.5e3, "x/*y*/z//"], "b//": {"c": true, "d": null}, "e": []}', '[{}, [], "s", 0]', '"str"', '12', "{\"\u{e9}\":\"\\\"\"}",
    /* Longer than the pre-pass's 64-byte blocks, with blank runs and escapes across them. */
    json_encode(['k' => str_repeat('ab\\"c', 9), 'list' => [1, [2, ['x,]' => '}/']], 3], 'z' => [[], (object) []]], JSON_PRETTY_PRINT),
    /* A closing bracket at offset 63, so that a comma put before it ends the first block. */
    '[' . str_repeat('0,', 29) . '1234]', '{"k":[' . str_repeat('0,', 27) . '1234]}',
    /* Blanks from offset 60 to 69: a comma put at 60 waits past the first block. */
    '[[' . str_repeat('0,', 28) . '12' . str_repeat(' ', 10) . '],' . str_repeat('0,', 40) . '0]'];
$inserts = ['/* c */', "// c\n", '/**/', "/* \u{e9} \n */", "//\xff\n"];
$bad = [];
$n = 0;
/* ref: the outcome ext/json gives for $strict; got: fastjson with the flag on $relaxed. */
function cmp(string $strict, string $relaxed, array &$bad, int &$n): void
{
    global $R;
    $n++;
    $ref = sj_outcome(fn () => json_decode($strict, true));
    $got = sj_outcome(fn () => fastjson_decode($relaxed, true, 512, $R));
    $vref = json_validate_ref($strict);
    $vgot = fastjson_validate($relaxed, 512, $R);
    if ($ref !== $got || $vref !== $vgot) {
        $bad[] = fj_str($relaxed) . "\n  ref " . json_encode($ref) . "\n  got " . json_encode($got);
    }
}
function json_validate_ref(string $s): bool
{
    return fj_ref_validate($s);
}
foreach (fj_simd_paths() as $path)
foreach ($docs as $doc) {
    fj_set_simd($path);
    for ($i = 0; $i <= strlen($doc); $i++) {
        foreach ($inserts as $c) {
            $relaxed = substr($doc, 0, $i) . $c . substr($doc, $i);
            /* In a string a comment is text; elsewhere it stands for blanks. */
            $strict = fj_in_string($doc, $i) ? $relaxed : substr($doc, 0, $i) . str_repeat(' ', strlen($c)) . substr($doc, $i);
            cmp($strict, $relaxed, $bad, $n);
        }
        /* A comma: trailing where a value ends before a closing bracket, else an error. */
        $relaxed = substr($doc, 0, $i) . ',' . substr($doc, $i);
        $before = rtrim(substr($doc, 0, $i));
        $after = ltrim(substr($doc, $i));
        $trailing = !fj_in_string($doc, $i) && $after !== '' && ($after[0] === ']' || $after[0] === '}')
            && $before !== '' && !in_array(substr($before, -1), ['[', '{', ',', ':'], true);
        cmp($trailing ? substr($doc, 0, $i) . ' ' . substr($doc, $i) : $relaxed, $relaxed, $bad, $n);
        /* A BOM: only at the very start. */
        $relaxed = substr($doc, 0, $i) . "\xEF\xBB\xBF" . substr($doc, $i);
        cmp($i === 0 ? '   ' . $doc : $relaxed, $relaxed, $bad, $n);
    }
}
/* Whether byte offset $i of $doc is inside a string (after its opening quote). */
function fj_in_string(string $doc, int $i): bool
{
    $in = false;
    for ($k = 0; $k < $i; $k++) {
        if ($in && $doc[$k] === '\\') {
            $k++;
        } elseif ($doc[$k] === '"') {
            $in = !$in;
        }
    }
    return $in;
}
foreach (array_slice($bad, 0, 8) as $b) {
    echo $b, "\n";
}
echo count($bad), " mismatches in ", $n > 5000 ? 'over 5000' : $n, " placements\n";

/* Still rejected with the flag, with the error ext/json gives for the same bytes. */
foreach (['[,]', '{,}', '[1,,]', '[1,,2]', '{"a":,}', '1,', ',1', '[1 /* open', '[1] /', '# c', "['a']", '{a:1}', '[01]',
        'NaN', '[1e]', "\xEF\xBB\xBF\xEF\xBB\xBF1", "[\xEF\xBB\xBF1]", '/* only */', '', "[1,]\x00", '[1]/**', '[1]/*/'] as $s) {
    $ref = sj_outcome(fn () => json_decode($s, true));
    $got = sj_outcome(fn () => fastjson_decode($s, true, 512, $R));
    echo json_encode($s), ': ', $got['ret'], ' ', $got['err'], ($ref['err'] === $got['err'] ? '' : ' (ext/json ' . $ref['err'] . ')'), "\n";
}

/* The other functions that take the flag. */
$text = "\xEF\xBB\xBF{\"a\": [1, 2, /* x */], // y\n \"b\": {\"c\": 3,},}";
var_dump(fastjson_pointer_get($text, '/b/c', true, 512, $R), fastjson_pointer_exists($text, '/a/1', $R),
    fastjson_pointer_set($text, '/a/-', 9, 512, $R), fastjson_pointer_get($text, '/b/c'), json_last_error());
$file = tempnam(sys_get_temp_dir(), 'fjrelaxed');
file_put_contents($file, $text);
var_dump(fastjson_file_decode($file, true, 512, $R) === json_decode('{"a":[1,2],"b":{"c":3}}', true));
unlink($file);
/* The pre-pass on a large plain document: the same value as without the flag. */
$big = json_encode(array_fill(0, 2000, ['k' => 'v//x', 'n' => [1, 2.5, null]]));
var_dump(fastjson_decode($big, true, 512, $R) === json_decode($big, true));
?>
--EXPECT--
0 mismatches in over 5000 placements
"[,]": N; 4
"{,}": N; 4
"[1,,]": N; 4
"[1,,2]": N; 4
"{\"a\":,}": N; 4
"1,": N; 4
",1": N; 4
"[1 \/* open": N; 4
"[1] \/": N; 4
"# c": N; 4
"['a']": N; 4
"{a:1}": N; 4
"[01]": N; 4
"NaN": N; 4
"[1e]": N; 4
"\ufeff\ufeff1": N; 4
"[\ufeff1]": N; 4
"\/* only *\/": N; 4
"": N; 4
"[1,]\u0000": N; 3 (ext/json 4)
"[1]\/**": N; 4
"[1]\/*\/": N; 4
int(3)
bool(true)
string(50) "﻿{"a": [1, 2,9, /* x */], // y
 "b": {"c": 3,},}"
NULL
int(4)
bool(true)
bool(true)
