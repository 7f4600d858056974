--TEST--
Structural stage, escape-dense text: backslash runs of 60-200 (a whole block of backslashes, runs across two block edges) before each kind of escape, 1-3 escapes of every kind (good and bad) at every offset around the 16/32/64/128-byte edges, and strings made of one escape repeated over several blocks with each kind of bad or special escape at every place in them; validate with and without the stage on every SIMD path, and the stage vouches for every valid document
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

// What may follow a backslash, good and bad: after an odd run these are escaped, after an
// even one they are plain text (or end the string).
$kinds = [
    '"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u00e9', 'u00C9', 'uFFFF', 'u0000', 'ud83d\\ude00', 'uDBFF\\uDFFF',
    'ud83d', 'ude00', 'ud83d\\u0041', 'ud83dx', 'u12', 'u12g4', 'U00e9', 'x', '0', ' ', "\x01", "\xc3\xa9",
];

// Long runs of backslashes: up to three blocks of them, so that a block made only of
// backslashes carries an escape into the next one (or not) depending on the run's start.
for ($offset = 0; $offset <= 66; $offset++) {
    $pad = str_repeat('a', $offset);
    foreach ([60, 61, 62, 63, 64, 65, 66, 67, 126, 127, 128, 129, 130, 131, 191, 192, 193, 194] as $run) {
        $slashes = str_repeat('\\', $run);
        foreach (['"', 'n', 'u00e9', 'ud83d\\ude00', 'x', 'u12'] as $kind) {
            $add('["' . $pad . $slashes . $kind . '"]');
        }
        $add('["' . $pad . $slashes . '","b"]');
    }
}

// One to three escapes in a block (once checked one by one, now by masks on the vector
// paths): each kind at every offset of the first 140 bytes, alone, after a short escape,
// before a \u escape, and between two pairs.
foreach ($kinds as $kind) {
    $escape = '\\' . $kind;
    for ($offset = 0; $offset <= 140; $offset++) {
        $pad = str_repeat('a', $offset);
        $add('["' . $pad . $escape . '"]');
        $add('["' . $pad . '\\n' . $escape . 'z"]');
        $add('["' . $pad . $escape . '\\u00e9"]');
        $add('["' . $pad . '\\ud83d\\ude00' . $escape . '\\ud83d\\ude00"]');
        $add('{"' . $pad . $escape . '":"' . $escape . '"}');
    }
}

// Strings made of one escape (or escape and text) over three blocks, at each start offset
// of a 16-byte vector, and with each special or bad escape in place of the k-th one.
$units = ['\\n', '\\\\', '\\"', '\\/', 'a\\t', '\\\\\\"', '\\u00e9', '\\u00e9x', '\\ud83d\\ude00', '\\u12AB\\r'];
$special = ['\\u00g9', '\\x', '\\U00e9', '\\ud800', '\\udc00', '\\ud83d\\ude00', '\\u12', '\\', '\\u0000', "\x01", '"'];
foreach ($units as $unit) {
    $count = intdiv(200, strlen($unit));
    for ($offset = 0; $offset < 16; $offset++) {
        $pad = str_repeat('a', $offset);
        $add('["' . $pad . str_repeat($unit, $count) . '"]');
        for ($k = 0; $k < $count; $k++) {
            foreach ($special as $bad) {
                $add('["' . $pad . str_repeat($unit, $k) . $bad . str_repeat($unit, $count - 1 - $k) . '"]');
            }
        }
    }
}

$docs = array_keys($docs);
$report = new FjReport;
$should_accept = 0;
$accepted = [];
foreach (fj_simd_paths() as $path) {
    fj_set_simd($path);
    $accepted[$path] = 0;
    foreach ($docs as $json) {
        $json = (string) $json;
        $ref = fj_val_outcome('fj_ref_validate', $json);
        $report->add(fj_val_compare($json, 512, 0, $ref));
        if ($ref['val'] === 'true') {
            $should_accept += $path === fj_simd_paths()[0] ? 1 : 0;
            fj_set_structural('on');
            $before = fastjson_info()['structural']['accepted'];
            fastjson_validate($json);
            $accepted[$path] += fastjson_info()['structural']['accepted'] - $before;
            ini_restore('fastjson.structural');
        }
    }
}
ini_restore('fastjson.simd');
fj_dec_finish($report, 'validate outcomes compared', count($docs) * count(fj_simd_paths()));
$short = array_filter($accepted, static fn(int $n) => $n !== $should_accept);
echo !$short && $should_accept > 5000 ? "every SIMD path: the stage vouched for every valid document\n"
    : "the stage vouched for fewer than the $should_accept valid documents: " . json_encode($short) . "\n";
echo count($docs) > 40000 ? "documents: enough\n" : 'documents: only ' . count($docs) . "\n";
?>
--EXPECT--
validate outcomes compared: cases as expected, 0 mismatches
every SIMD path: the stage vouched for every valid document
documents: enough
