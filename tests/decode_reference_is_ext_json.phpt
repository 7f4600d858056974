--TEST--
Decode: the reference is ext/json's json_decode() (not an override), json_validate() is emulated faithfully on 8.2, and the harness tells outcomes apart (types, -0, error state, exceptions, object creation order)
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

// The include already exits when this fails; checked again explicitly here.
var_dump(fj_decode_reference_problem());
var_dump(fj_reference_problem());
var_dump((new ReflectionFunction('json_decode'))->getExtensionName());

/* ---- facts only ext/json's bison parser and re2c scanner show ---- */
// PHP 8.6 appends " near location L:C" to messages; dropped so one expectation fits every
// version (PEAR's test runner has no %S).
function show(string $label, array $o): void
{
    echo str_pad($label, 34), ' ', preg_replace('/ near location \d+:\d+/', '', fj_dec_outcome_text($o)), "\n";
}
// Objects get handles inner-first, created after the first member (not at '{', not at '}').
show('handle order', fj_dec_outcome('json_decode', '{"a":{},"b":[{"c":{}}],"d":{}}'));
show('duplicate key frees, reuses handle', fj_dec_outcome('json_decode', '{"a":{},"a":{},"b":{}}'));
show('empty string, depth 0', fj_dec_outcome('json_decode', '', null, 0));
show('depth 0', fj_dec_outcome('json_decode', '1', null, 0));
show('embedded NUL', fj_dec_outcome('json_decode', "[1]\0"));
show('IGNORE|SUBSTITUTE', fj_dec_outcome('json_decode', "\"a\xe2\x82b\"", null, 512, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE));
show('bigint', fj_dec_outcome('json_decode', '[9223372036854775807,9223372036854775808,-9223372036854775808,-0,-0.0]', null, 512, JSON_BIGINT_AS_STRING));
show('numeric keys (assoc)', fj_dec_outcome('json_decode', '{"1":1,"-2":2,"01":3,"1.5":4,"-0":5}', true));
show('NUL property name', fj_dec_outcome('json_decode', '{"\u0000a":1}'));
show('THROW leaves the state', fj_dec_outcome('json_decode', '[1}', null, 512, JSON_THROW_ON_ERROR));
// Unterminated string: CTRL_CHAR up to 8.5 (the terminating NUL), SYNTAX from 8.6.
$o = fj_dec_outcome('json_decode', '["abc');
echo 'unterminated string: ', $o['err'] === (PHP_VERSION_ID >= 80600 ? 4 : 3) ? 'as documented' : 'UNEXPECTED ' . $o['err'], "\n";
// The bison stack (YYMAXDEPTH 10000) caps nesting: 4998 arrays, 2499 objects.
foreach ([[4998, '[', ']'], [4999, '[', ']'], [2499, '{"a":', '}'], [2500, '{"a":', '}']] as [$n, $open, $close]) {
    json_decode(str_repeat($open, $n) . '1' . str_repeat($close, $n), true, 2147483647);
    echo "nesting $n x $open: error ", json_last_error(), "\n";
}

/* ---- the json_validate() reference (json_validate() itself on >= 8.3) ---- */
foreach ([['', 512, 0], ['', 0, 0], ['', 512, JSON_THROW_ON_ERROR], ['[1]', 512, JSON_INVALID_UTF8_SUBSTITUTE],
        ['[1]', 0, 0], ['[1]', -1, 0], ['[1]', PHP_INT_MAX, 0], ['[1]', 2147483647, 0], ['[1]', 2147483648, 0],
        ['[[1]]', 1, 0], ['[[1]]', 2, 0], ['{"\u0000":1}', 512, 0], ["\"\xff\"", 512, 0],
        ["\"\xff\"", 512, JSON_INVALID_UTF8_IGNORE], ['[1}', 512, 0], ['"\ud800"', 512, 0], ['{"a":1', 512, 0]] as [$j, $d, $f]) {
    show('validate ' . fj_str($j) . " $d " . fj_dflags_name($f), fj_val_outcome('fj_ref_validate', $j, $d, $f));
}

/* ---- the harness: different outcomes are reported, identical ones are not ---- */
function detects(string $a, string $b, ?bool $assoc = null, int $flags = 0): bool
{
    return fj_dec_diff(fj_dec_outcome('json_decode', $a, $assoc, 512, $flags),
        fj_dec_outcome('json_decode', $b, $assoc, 512, $flags)) !== null;
}
echo "int vs float: ", var_export(detects('[1]', '[1.0]'), true), "\n";
echo "0.0 vs -0.0: ", var_export(detects('[0.0]', '[-0.0]'), true), "\n";
echo "int vs string key: ", var_export(detects('{"1":1}', '{"01":1}', true), true), "\n";
echo "same value twice: ", var_export(detects('{"a":[1,2.5,"x"]}', '{"a":[1,2.5,"x"]}'), true), "\n";
echo "error codes: ", var_export(detects('[1}', '[1'), true), "\n";
echo "same error, other bytes: ", var_export(detects('[1', '[2'), true), "\n";
echo "exception codes: ", var_export(detects('[1}', '[1', null, JSON_THROW_ON_ERROR), true), "\n";

// Fake decoders: the right creation order matches, the wrong ones are caught.
$docs = ['{"a":{"b":1}}', '{"a":{},"b":{}}', '[{"a":1},{"b":{}},{}]', '{"x":[{},{"y":{}}],"z":{}}',
    '{"a":{},"a":{},"b":{}}', '{}', '[[{}]]', '{"k":1,"l":{"m":{"n":{}}},"o":[]}', '{"a":1,"a":{"b":2},"c":{}}'];
$fakes = [];
foreach (['ext', 'outer_first', 'at_close'] as $order) {
    $fakes[$order] = fn(string $json, ?bool $assoc = null, int $depth = 512, int $flags = 0) => FjPhpDecoder::decode($order, $json, $assoc, $depth, $flags);
}
// Resets the error state under THROW, or leaves it after a success without THROW.
$fakes['throw resets'] = function (string $json, ?bool $assoc = null, int $depth = 512, int $flags = 0) {
    $r = json_decode($json, $assoc, $depth, $flags);
    json_decode('0');
    return $r;
};
$fakes['no reset'] = function (string $json, ?bool $assoc = null, int $depth = 512, int $flags = 0) {
    $before = json_last_error();
    $r = json_decode($json, $assoc, $depth, $flags);
    if (json_last_error() === 0) { fj_put_error_state($before); }
    return $r;
};
foreach ($fakes as $name => $fake) {
    $caught = [];
    foreach ($docs as $doc) {
        foreach ([[null, 0], [true, 0], [false, JSON_THROW_ON_ERROR]] as [$assoc, $flags]) {
            // some garbage in the object store between calls must not matter
            $junk = [];
            for ($i = 0; $i < strlen($doc) % 7; $i++) { $junk[] = new stdClass; }
            unset($junk[1]);
            $ref = fj_dec_outcome('json_decode', $doc, $assoc, 512, $flags);
            $junk = null;
            if (fj_dec_diff($ref, fj_dec_outcome($fake, $doc, $assoc, 512, $flags)) !== null) {
                $caught[] = $doc . ' ' . fj_assoc_name($assoc) . ' ' . fj_dflags_name($flags);
            }
        }
    }
    echo "fake '$name' caught on: ", $caught ? implode(', ', $caught) : 'nothing', "\n";
}

// fastjson itself on the same documents, every path.
$report = new FjReport;
foreach ($docs as $doc) {
    fj_dec_check($report, 'doc', $doc, [[null, 0], [true, 0], [false, JSON_THROW_ON_ERROR]], [[0]]);
}
fj_dec_finish($report, 'fastjson on these documents', count($docs) * 4 * count(fj_simd_paths()));
?>
--EXPECTF--
NULL
NULL
string(4) "json"
handle order                       "O:8:"stdClass":3:{s:1:"a";O:8:"stdClass":0:{}s:1:"b";a:1:{i:0;O:8:"stdClass":1:{s:1:"c";O:8:"stdClass":0:{}}}s:1:"d";O:8:"stdClass":0:{}}\x0aobjects in var_dump order, numbered by creation: 2,1,4,3,5" / error 0 'No error'
duplicate key frees, reuses handle "O:8:"stdClass":2:{s:1:"a";O:8:"stdClass":0:{}s:1:"b";O:8:"stdClass":0:{}}\x0aobjects in var_dump order, numbered by creation: 2,3,1" / error 0 'No error'
empty string, depth 0              "N;" / error 4 'Syntax error'
depth 0                            threw ValueError('FUNCTION(): Argument #3 ($depth) must be greater than 0', code 0), value "N;" / error 0 'No error'
embedded NUL                       "N;" / error 3 'Control character error, possibly incorrectly encoded'
IGNORE|SUBSTITUTE                  "s:8:"a\xef\xbf\xbd\xef\xbf\xbdb";" / error 0 'No error'
bigint                             "a:5:{i:0;i:9223372036854775807;i:1;s:19:"9223372036854775808";i:2;i:-9223372036854775808;i:3;i:0;i:4;d:-0;}" / error 0 'No error'
numeric keys (assoc)               "a:5:{i:1;i:1;i:-2;i:2;s:2:"01";i:3;s:3:"1.5";i:4;s:2:"-0";i:5;}" / error 0 'No error'
NUL property name                  "N;" / error 9 'The decoded property name is invalid'
THROW leaves the state             threw JsonException('State mismatch (invalid or malformed JSON)', code 2), value "N;" / error 7 'Inf and NaN cannot be JSON encoded'
unterminated string: as documented
nesting 4998 x [: error 0
nesting 4999 x [: error 4
nesting 2499 x {"a":: error 0
nesting 2500 x {"a":: error 4
validate '' 512 0                  "false" / error 4 'Syntax error'
validate '' 0 0                    "false" / error 4 'Syntax error'
validate '' 512 THROW_ON_ERROR     threw ValueError('FUNCTION(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)', code 0), value "NULL" / error 7 'Inf and NaN cannot be JSON encoded'
validate '[1]' 512 INVALID_UTF8_SUBSTITUTE threw ValueError('FUNCTION(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)', code 0), value "NULL" / error 7 'Inf and NaN cannot be JSON encoded'
validate '[1]' 0 0                 threw ValueError('FUNCTION(): Argument #2 ($depth) must be greater than 0', code 0), value "NULL" / error 0 'No error'
validate '[1]' -1 0                threw ValueError('FUNCTION(): Argument #2 ($depth) must be greater than 0', code 0), value "NULL" / error 0 'No error'
validate '[1]' 9223372036854775807 0 threw ValueError('FUNCTION(): Argument #2 ($depth) must be less than 2147483647', code 0), value "NULL" / error 0 'No error'
validate '[1]' 2147483647 0        "true" / error 0 'No error'
validate '[1]' 2147483648 0        threw ValueError('FUNCTION(): Argument #2 ($depth) must be less than 2147483647', code 0), value "NULL" / error 0 'No error'
validate '[[1]]' 1 0               "false" / error 1 'Maximum stack depth exceeded'
validate '[[1]]' 2 0               "false" / error 1 'Maximum stack depth exceeded'
validate '{"\\u0000":1}' 512 0     "true" / error 0 'No error'
validate hex:22ff22 512 0          "false" / error 5 'Malformed UTF-8 characters, possibly incorrectly encoded'
validate hex:22ff22 512 INVALID_UTF8_IGNORE "true" / error 0 'No error'
validate '[1}' 512 0               "false" / error 2 'State mismatch (invalid or malformed JSON)'
validate '"\\ud800"' 512 0         "false" / error 10 'Single unpaired UTF-16 surrogate in unicode escape'
validate '{"a":1' 512 0            "false" / error 4 'Syntax error'
int vs float: true
0.0 vs -0.0: true
int vs string key: true
same value twice: false
error codes: true
same error, other bytes: false
exception codes: true
fake 'ext' caught on: nothing
fake 'outer_first' caught on: {"a":{"b":1}} null 0, {"a":{"b":1}} false THROW_ON_ERROR, {"a":{},"b":{}} null 0, {"a":{},"b":{}} false THROW_ON_ERROR, [{"a":1},{"b":{}},{}] null 0, [{"a":1},{"b":{}},{}] false THROW_ON_ERROR, {"x":[{},{"y":{}}],"z":{}} null 0, {"x":[{},{"y":{}}],"z":{}} false THROW_ON_ERROR, {"a":{},"a":{},"b":{}} null 0, {"a":{},"a":{},"b":{}} false THROW_ON_ERROR, {"k":1,"l":{"m":{"n":{}}},"o":[]} null 0, {"k":1,"l":{"m":{"n":{}}},"o":[]} false THROW_ON_ERROR
fake 'at_close' caught on: {"a":{},"b":{}} null 0, {"a":{},"b":{}} false THROW_ON_ERROR, {"x":[{},{"y":{}}],"z":{}} null 0, {"x":[{},{"y":{}}],"z":{}} false THROW_ON_ERROR, {"a":{},"a":{},"b":{}} null 0, {"a":{},"a":{},"b":{}} false THROW_ON_ERROR, {"k":1,"l":{"m":{"n":{}}},"o":[]} null 0, {"k":1,"l":{"m":{"n":{}}},"o":[]} false THROW_ON_ERROR, {"a":1,"a":{"b":2},"c":{}} null 0, {"a":1,"a":{"b":2},"c":{}} false THROW_ON_ERROR
fake 'throw resets' caught on: {"a":{"b":1}} false THROW_ON_ERROR, {"a":{},"b":{}} false THROW_ON_ERROR, [{"a":1},{"b":{}},{}] false THROW_ON_ERROR, {"x":[{},{"y":{}}],"z":{}} false THROW_ON_ERROR, {"a":{},"a":{},"b":{}} false THROW_ON_ERROR, {} false THROW_ON_ERROR, [[{}]] false THROW_ON_ERROR, {"k":1,"l":{"m":{"n":{}}},"o":[]} false THROW_ON_ERROR, {"a":1,"a":{"b":2},"c":{}} false THROW_ON_ERROR
fake 'no reset' caught on: {"a":{"b":1}} null 0, {"a":{"b":1}} true 0, {"a":{},"b":{}} null 0, {"a":{},"b":{}} true 0, [{"a":1},{"b":{}},{}] null 0, [{"a":1},{"b":{}},{}] true 0, {"x":[{},{"y":{}}],"z":{}} null 0, {"x":[{},{"y":{}}],"z":{}} true 0, {"a":{},"a":{},"b":{}} null 0, {"a":{},"a":{},"b":{}} true 0, {} null 0, {} true 0, [[{}]] null 0, [[{}]] true 0, {"k":1,"l":{"m":{"n":{}}},"o":[]} null 0, {"k":1,"l":{"m":{"n":{}}},"o":[]} true 0, {"a":1,"a":{"b":2},"c":{}} null 0, {"a":1,"a":{"b":2},"c":{}} true 0
fastjson on these documents: cases as expected, 0 mismatches
