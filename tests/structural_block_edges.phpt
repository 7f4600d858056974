--TEST--
Structural stage: every byte class, escape (alone and in runs), UTF-8 class (valid and invalid; every lead and second byte across the edge) and backslash run 0-70 at every offset around the 16/32/64-byte block edges, documents ending at every offset; validate with and without the stage on every SIMD path, and the stage vouches for every valid document it should
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_validate')) die('skip fastjson_validate() not available');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$docs = [];
$add = static function (string $json) use (&$docs): void {
    $docs[$json] = true;
};

// Inside a string and between values: each class of byte at every offset of the first 130
// bytes (two 64-byte blocks and the edges of the 16- and 32-byte vectors inside them).
$in_string = [
    'quote' => '"', 'backslash alone' => '\\', 'control' => "\x01", 'tab' => "\t", 'nul' => "\0",
    'space' => ' ', 'del' => "\x7f", 'structural' => '{}[],:',
    'escape quote' => '\\"', 'escape backslash' => '\\\\', 'escape slash' => '\\/', 'escapes bfnrt' => '\\b\\f\\n\\r\\t',
    'bad escape' => '\\x', 'escaped tab' => "\\\t", 'u escape' => '\\u00e9', 'u escape upper' => '\\u00C9',
    'u bad hex' => '\\u12g4', 'u short' => '\\u12', 'pair' => '\\ud83d\\ude00', 'lone high' => '\\ud83d',
    'high then letter' => '\\ud83dx', 'high then non-low' => '\\ud83d\\u0041', 'lone low' => '\\ude00',
    'two highs' => '\\ud83d\\ud83d', 'high then escape' => '\\ud83d\\n',
    '2-byte' => "\xc3\xa9", '3-byte' => "\xe2\x82\xac", 'E0 lowest' => "\xe0\xa0\x80", 'ED highest' => "\xed\x9f\xbf",
    'EF BF BF' => "\xef\xbf\xbf", '4-byte' => "\xf0\x9f\x98\x80", 'F0 lowest' => "\xf0\x90\x80\x80",
    'F4 highest' => "\xf4\x8f\xbf\xbf", 'trail alone' => "\x80", 'trail BF' => "\xbf", 'C0' => "\xc0\x80",
    'C1' => "\xc1\xbf", 'C2 cut' => "\xc2", 'E2 cut' => "\xe2\x82", 'F0 cut' => "\xf0\x9f\x98",
    'E0 overlong' => "\xe0\x80\x80", 'ED surrogate' => "\xed\xa0\x80", 'F0 overlong' => "\xf0\x80\x80\x80",
    'F4 too high' => "\xf4\x90\x80\x80", 'F5' => "\xf5\x80\x80\x80", 'FF' => "\xff", 'extra trail' => "\xc3\xa9\xa9",
];
$between = [
    'nothing' => '', 'spaces' => '  ', 'tab nl cr' => "\t\n\r", 'nul' => "\0", 'control' => "\x0b", 'letter' => 'x',
    'comma' => ',', 'colon' => ':', 'brackets' => '[]', 'braces' => '{}', 'quote' => '"', 'string' => '"s"',
    'backslash' => '\\', 'number' => '-12.5e+3', 'true' => 'true', 'tru' => 'tru', 'null' => 'null', 'nulll' => 'nulll',
    'false' => 'false', 'leading zero' => '01', 'dot' => '1.', 'exp' => '1e', 'minus' => '-', 'high' => "\xc3\xa9",
];
for ($offset = 0; $offset <= 130; $offset++) {
    $pad = str_repeat('a', $offset);
    foreach ($in_string as $bytes) {
        $add('["' . $pad . $bytes . '"]');
        $add('["' . $pad . $bytes . 'tail"]');
        $add('{"' . $pad . $bytes . '":1}');
    }
    $spaces = str_repeat(' ', $offset);
    foreach ($between as $bytes) {
        $add('[1,' . $spaces . $bytes . '2]');
        $add('[1,' . $spaces . $bytes . ']');
        $add('{"k"' . $spaces . $bytes . ':' . $bytes . '0}');
        $add($spaces . $bytes);
    }
}

// Runs of backslashes before a quote: an odd run escapes it, an even one does not.
for ($offset = 0; $offset <= 70; $offset++) {
    $pad = str_repeat('a', $offset);
    for ($run = 0; $run <= 70; $run++) {
        $slashes = str_repeat('\\', $run);
        $add('["' . $pad . $slashes . '"x"]');
        $add('["' . $pad . $slashes . '","b"]');
    }
}

// Blocks with many escapes (checked by masks on the vector paths): a run of \u escapes and
// of short escapes at every offset, with one of them replaced by each kind of bad or
// special escape at every place in the run.
$special = ['\\u00g9', '\\x', '\\U00e9', '\\ud800', '\\udc00', '\\ud83d\\ude00', '\\u12', '\\', '\\u0000', '\\uFFFF', "\x01"];
for ($offset = 0; $offset <= 70; $offset++) {
    $pad = str_repeat('a', $offset);
    foreach (['\\u00e9', '\\n'] as $escape) {
        $add('["' . $pad . str_repeat($escape, 14) . '"]');
        for ($k = 0; $k < 14; $k++) {
            foreach ($special as $bad) {
                $add('["' . $pad . str_repeat($escape, $k) . $bad . str_repeat($escape, 13 - $k) . '"]');
            }
        }
    }
}

// Documents ending at every offset: a string, a number, a literal, a nested array, each padded
// to the length, and every prefix of a document with all kinds of tokens.
$sample = '{"id":12345,"name":"caf\u00e9 \ud83d\ude00 ' . "\xe2\x82\xac \xf0\x9f\x98\x80" . '","tags":["a","b\\\\","c\\""],'
    . '"n":[-0.5,1e10,0,true,false,null],"o":{"":{},"x":[[]]}}';
for ($len = 1; $len <= 200; $len++) {
    $add('"' . str_repeat('s', max(0, $len - 2)) . '"');
    $add(str_repeat('7', $len));
    $add(str_repeat(' ', max(0, $len - 4)) . 'true');
    $add(str_repeat('[', intdiv($len, 2)) . str_repeat(']', intdiv($len, 2)));
    $add($sample . str_repeat(' ', $len));
}
for ($len = 0; $len <= strlen($sample); $len++) {
    $add(substr($sample, 0, $len));
    $add(substr($sample, $len));
}

// Nesting around the depth limits and the stage's own limit of 1024 open containers.
foreach ([1, 2, 511, 512, 513, 1023, 1024, 1025, 1100] as $levels) {
    foreach ([0, 1] as $objects) {
        $open = $objects ? str_repeat('{"a":', $levels) : str_repeat('[', $levels);
        $close = str_repeat($objects ? '}' : ']', $levels);
        $add($open . '1' . $close);
        $add($open . '1' . substr($close, 1));
    }
}

// Every pair of a byte from 0xC0 and a second byte, then two trail bytes, placed so that the
// sequence crosses the first block edge at each of its bytes.
$utf8_pairs = [];
for ($lead = 0xc0; $lead <= 0xff; $lead++) {
    for ($second = 0; $second <= 0xff; $second++) {
        foreach ([58, 60, 61, 62, 63] as $offset) {
            $utf8_pairs[] = '["' . str_repeat('a', $offset) . chr($lead) . chr($second) . "\x80\x80" . '"]';
        }
    }
}

$docs = array_keys($docs);
$report = new FjReport;
$depths = [512, 2, 1, 1025];
$should_accept = 0;
$accepted = [];
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    $accepted[$path] = 0;
    foreach ($docs as $json) {
        $json = (string) $json;
        foreach ($depths as $depth) {
            $ref = fj_val_outcome('fj_ref_validate', $json, $depth);
            $report->add(fj_val_compare($json, $depth, 0, $ref));
            // The stage vouches for every valid document here except those nested past its limit.
            if ($ref['val'] === 'true' && substr_count($json, '[') + substr_count($json, '{') <= 1024) {
                $should_accept += $path === fj_simd_paths()[0] ? 1 : 0;
                fj_set_structural('on');
                $before = fastjson_info()['structural']['accepted'];
                fastjson_validate($json, $depth);
                $accepted[$path] += fastjson_info()['structural']['accepted'] - $before;
                ini_restore('fastjson.structural');
            }
        }
    }
}
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    foreach ($utf8_pairs as $json) {
        $report->add(fj_val_compare($json));
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'validate outcomes compared',
    (count($docs) * count($depths) + count($utf8_pairs)) * count(fj_simd_paths()));
$short = array_filter($accepted, static fn(int $n) => $n !== $should_accept);
echo !$short && $should_accept > 10000 ? "every SIMD path: the stage vouched for every valid document\n"
    : "the stage vouched for fewer than the $should_accept valid documents: " . json_encode($short) . "\n";
echo count($docs) > 40000 ? "documents: enough\n" : 'documents: only ' . count($docs) . "\n";

// The counters: an invalid document is passed on, a valid one vouched for; with the
// stage off neither counts.
$counts = static fn() => array_values(array_intersect_key(fastjson_info()['structural'], ['accepted' => 0, 'passed_on' => 0]));
foreach (['on', 'off'] as $mode) {
    fj_set_structural($mode);
    $before = $counts();
    fastjson_validate('[1,');
    $after_invalid = $counts();
    fastjson_validate('[1]');
    $after_valid = $counts();
    echo "structural $mode: invalid +", json_encode([$after_invalid[0] - $before[0], $after_invalid[1] - $before[1]]),
        ", valid +", json_encode([$after_valid[0] - $after_invalid[0], $after_valid[1] - $after_invalid[1]]), "\n";
}
ini_restore('fastjson.structural');

// auto, the default, leaves the stage out on the scalar path, where it is slower than the
// exact scanner, and uses it on the SIMD paths.
fj_set_simd('scalar');
$on_scalar = fastjson_info()['structural']['active'];
$on_simd = [];
foreach (['avx512', 'avx2', 'sse2', 'neon'] as $path) {
    if (ini_set('fastjson.simd', $path) !== false) {
        $on_simd[] = "$path " . (fastjson_info()['structural']['active'] ? 'yes' : 'no');
    }
}
ini_restore('fastjson.simd');
echo 'auto: active on scalar ', $on_scalar ? 'yes' : 'no', ', on the SIMD paths ',
    $on_simd && !preg_grep('/ no$/', $on_simd) ? 'yes' : 'no: ' . implode(', ', $on_simd), "\n";
?>
--EXPECT--
validate outcomes compared: cases as expected, 0 mismatches
every SIMD path: the stage vouched for every valid document
documents: enough
structural on: invalid +[0,1], valid +[1,0]
structural off: invalid +[0,0], valid +[0,0]
auto: active on scalar no, on the SIMD paths yes
