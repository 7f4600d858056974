--TEST--
Decode token sequences: every sequence of up to 4 tokens from a 16-token alphabet ({ } [ ] , : "k" "" "\u0000" 0 big ints 1.5e3 true null x), and random longer ones, joined directly and with spaces, so that the grammar is tried in every order (e.g. numbers as keys, which ext/json accepts for too-long integers under BIGINT_AS_STRING); flags 0 and BIGINT_AS_STRING, assoc and object mode, validate; every SIMD path (FASTJSON_TEST_SCALE=x for a fraction x of the documents)
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (!function_exists('fastjson_decode')) die('skip fastjson_decode() not available');
?>
--INI--
fastjson.override=0
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/fastjson_decode.inc';

$tokens = ['{', '}', '[', ']', ',', ':', '"k"', '""', '"\u0000"', '0', '12345678901234567890', '-9223372036854775809', '1.5e3',
    'true', 'null', 'x'];
$docs = [];
$seq = [[]];
for ($len = 1; $len <= 4; $len++) {
    $next = [];
    foreach ($seq as $s) {
        foreach ($tokens as $t) {
            $next[] = array_merge($s, [$t]);
        }
    }
    $seq = $next;
    foreach ($seq as $s) {
        $docs[] = implode('', $s);
        if ($len <= 3) {
            $docs[] = implode(' ', $s);
        }
    }
}
$r = new FjRandom(20240616);
for ($i = 0; $i < 40000; $i++) {
    $s = [];
    for ($n = $r->range(5, 16); $n > 0; $n--) {
        $s[] = $tokens[$r->below(count($tokens))];
    }
    $docs[] = implode($r->chance(50) ? '' : ' ', $s);
}
// Mostly-valid random documents built from the same tokens (values in value places, keys in key places).
function soup(FjRandom $r, int $level): string
{
    $scalars = ['"k"', '""', '"\u0000"', '0', '12345678901234567890', '-9223372036854775809', '1.5e3', 'true', 'null'];
    if ($level > 3 || $r->chance(40)) {
        return $scalars[$r->below(count($scalars))];
    }
    $n = $r->range(0, 3);
    $items = [];
    $object = $r->chance(50);
    for ($i = 0; $i < $n; $i++) {
        $items[] = ($object ? $scalars[$r->below(count($scalars))] . ':' : '') . soup($r, $level + 1);
    }
    return $object ? '{' . implode(',', $items) . '}' : '[' . implode(',', $items) . ']';
}
for ($i = 0; $i < 20000; $i++) {
    $docs[] = soup($r, 0);
}
$report = new FjReport;
$kept = (new FjSample)->take($docs);
foreach ([[true, 0, [0]], [false, 0, []], [true, JSON_BIGINT_AS_STRING, []], [false, JSON_BIGINT_AS_STRING, []]] as [$assoc, $flags, $val]) {
    fj_dec_docs($report, 'tokens', $kept, $assoc, $flags, $val);
}
echo count($docs), " documents\n";
// Each document in 4 modes, and validated once, on every SIMD path.
fj_dec_finish($report, 'decode/validate outcomes compared', fj_scaled(count($docs)) * 5 * count(fj_simd_paths()));
?>
--EXPECT--
134272 documents
decode/validate outcomes compared: cases as expected, 0 mismatches
