<?php
/*
 * Writes raw seed inputs for the fuzz targets into OUT/<target>/: the documents of the bundled
 * corpus (bench/data: JSONTestSuite, JSON_checker, nativejson round trips, small real
 * documents, naughty strings, UTF-8 stress text) up to MAX bytes, and the string literals of
 * the test suite (tests/*.phpt), each behind a few of the header bytes that
 * fuzz/fastjson_fuzz.php reads (modes, flags, depth). The committed corpus fuzz/corpus/ is
 * these seeds minimized by libFuzzer:
 *   php fuzz/make_corpus.php /tmp/seeds 8192
 *   for t in decode validate encode; do BUILD/fastjson_fuzz_$t -merge=1 -max_len=8192 fuzz/corpus/$t /tmp/seeds/$t; done
 */

[$out, $max] = [$argv[1] ?? null, (int) ($argv[2] ?? 8192)];
if ($out === null) {
    fwrite(STDERR, "usage: php fuzz/make_corpus.php OUT_DIR [MAX_BYTES]\n");
    exit(2);
}
$root = dirname(__DIR__);

$docs = [];
$data = "$root/bench/data";
$iter = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($data, FilesystemIterator::SKIP_DOTS));
foreach ($iter as $file) {
    $path = $file->getPathname();
    $rel = substr($path, strlen($data) + 1);
    // seeds/ are large generated benchmark inputs; README.md and the outcome tables are not inputs.
    if (str_starts_with($rel, 'seeds/') || preg_match('/(README|SPEC)\.md$|\.tsv$/', $rel) || $file->getSize() > $max) {
        continue;
    }
    $docs[] = file_get_contents($path);
}

// The literals the tests are written with: JSON snippets, numbers, escapes, bad UTF-8.
foreach (glob("$root/tests/*.phpt") as $test) {
    foreach (token_get_all(file_get_contents($test)) as $tok) {
        if (is_array($tok) && $tok[0] === T_CONSTANT_ENCAPSED_STRING && !str_contains($tok[1], '$')) {
            $s = eval("return {$tok[1]};");
            if (is_string($s) && $s !== '' && strlen($s) <= $max) {
                $docs[] = $s;
            }
        }
    }
}
$docs = array_values(array_unique($docs));

// Header bytes per target (see fastjson_fuzz.php): the defaults first, then a few modes.
$headers = [
    'decode' => ["\x00\x00\x00", "\x01\x00\x01", "\x08\x00\x02", "\x30\x00\x03", "\x40\x82\x00", "\x02\x00\x00"],
    'validate' => ["\x00\x00\x00", "\x01\x00\x01", "\x00\x84\x02"],
    'encode' => ["\x00\x00\x00\x00", "\x80\x01\x00\x01", "\x0f\x20\x00\x04", "\x00\x00\x00\x08", "\x00\x04\x00\x02",
        "\x40\x04\x00\x90", "\x00\x22\x83\x00"],
];
foreach ($headers as $target => $list) {
    @mkdir("$out/$target", 0777, true);
    foreach ($docs as $doc) {
        foreach ($list as $h) {
            $input = $h . $doc;
            file_put_contents("$out/$target/" . sha1($input), $input);
        }
    }
}
echo count($docs), " documents, seeds in $out\n";
