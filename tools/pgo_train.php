<?php
/*
 * The training run of `make pgo`: what applications do with JSON, on documents made up
 * here (no corpus file is read, so the profile does not fit the benchmarks' inputs):
 * API records and lists of them, small bodies, log lines, nested configuration, numbers,
 * non-Latin text; decoded to arrays and objects, validated, encoded compact and pretty,
 * through json_*() (the override) and fastjson_*(). A few invalid inputs keep the error
 * paths known, but rare.
 *
 *   php -n -d extension=modules/fastjson.so -d fastjson.override=1 tools/pgo_train.php
 */

declare(strict_types=1);

if (!function_exists('fastjson_decode')) {
    fwrite(STDERR, "pgo_train.php: fastjson is not loaded\n");
    exit(1);
}

mt_srand(7);

function word(): string
{
    static $words = ['order', 'status', 'created', 'user', 'item', 'price', 'name', 'id', 'tags', 'shipping',
        'Zürich', 'naïve', 'Привет', '日本語', 'données', 'https://example.com/a/b?c=d', "line\nbreak", 'say "hi"'];
    return $words[mt_rand(0, count($words) - 1)];
}

function record(int $n): array
{
    return [
        'id' => $n, 'uuid' => sprintf('%08x-%04x-4%03x-a%03x-%012x', mt_rand(), $n, $n % 4096, $n % 4096, $n * 7919),
        'name' => word() . ' ' . word(), 'active' => $n % 3 !== 0, 'score' => $n / 7, 'price' => round($n * 1.17, 2),
        'created_at' => sprintf('2026-%02d-%02dT12:%02d:00Z', $n % 12 + 1, $n % 28 + 1, $n % 60),
        'tags' => array_map(static fn() => word(), range(0, $n % 4)), 'parent' => $n % 5 ? null : $n - 1,
        'address' => ['street' => word(), 'city' => word(), 'zip' => (string) (10000 + $n), 'geo' => [$n * 0.001, -$n * 0.002]],
        'description' => str_repeat(word() . ' ', $n % 40),
    ];
}

$docs = [];
foreach ([1, 2, 5, 20, 100] as $count) {
    $docs[] = array_map('record', range(1, $count));
}
$docs[] = record(3);
$docs[] = ['ok' => true];
$docs[] = [1, 2, 3];
$docs[] = ['level' => 'info', 'message' => 'Request completed', 'context' => ['status' => 200, 'ms' => 12.5]];
$docs[] = array_map(static fn($i) => [$i * 0.5, $i * 1.25, $i], range(0, 300));
$docs[] = ['config' => ['a' => ['b' => ['c' => ['d' => [1, 2, ['e' => 'f']]]]]], 'empty' => [], 'obj' => new stdClass()];
$docs[] = str_repeat('Ünïcödé текст 漢字 😀 ', 50);

$texts = [];
foreach ($docs as $doc) {
    $texts[] = json_encode($doc);
    $texts[] = json_encode($doc, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
}
$invalid = ['{"a":1', '[1,2,]', '{"a":"\x01"}', "[\"\xff\"]", '{"a":tru}', '', '[01]'];

$objects = array_map(static fn(string $json) => json_decode($json), $texts);
for ($round = 0; $round < 40; $round++) {
    foreach ($texts as $i => $json) {
        json_decode($json, true);
        json_decode($json);
        fastjson_validate($json);
        json_encode($docs[intdiv($i, 2)]);
        json_encode($objects[$i], JSON_PRETTY_PRINT);
        fastjson_encode($docs[intdiv($i, 2)], JSON_UNESCAPED_UNICODE);
    }
    if ($round % 10 === 0) {
        foreach ($invalid as $json) {
            json_decode($json);
            fastjson_validate($json);
        }
    }
}
echo "pgo_train: ", count($texts), " documents, 40 rounds\n";
