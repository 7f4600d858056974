<?php
// GET /list.php?offset=O&limit=N: a page of user records (random.json's, with Cyrillic
// names, which flags 0 writes as \uXXXX) from a "database" opcache keeps in memory.
require __DIR__ . '/common.php';

$probe = ab_probe_start();
$records = require AB_DATA . '/records.php';
$offset = max(0, (int) ($_GET['offset'] ?? 0));
$limit = max(1, min(500, (int) ($_GET['limit'] ?? 50)));
ab_send(json_encode([
    'data' => array_slice($records, $offset, $limit),
    'meta' => ['total' => count($records), 'offset' => $offset, 'limit' => $limit],
]), $probe);
