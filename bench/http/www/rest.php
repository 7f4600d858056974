<?php
/*
 * POST /rest.php?related=N: a REST handler that takes a JSON order, decodes and checks it,
 * and answers with the stored order and N related items (GitHub events from the corpus),
 * encoded with the flags Symfony's JsonResponse uses by default (JSON_HEX_*).
 * related=0 answers ~1.4 KB, related=25 ~48 KB.
 */
require __DIR__ . '/common.php';

$probe = ab_probe_start();
try {
    $order = json_decode(file_get_contents('php://input'), true, 512, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    ab_send(json_encode(['error' => 'invalid JSON: ' . $e->getMessage()]), $probe, 400);
    return;
}
if (!is_array($order) || !isset($order['customer']['id']) || !is_array($order['items'] ?? null)) {
    ab_send(json_encode(['error' => 'customer and items are required']), $probe, 422);
    return;
}

$lines = [];
$total = 0.0;
foreach ($order['items'] as $item) {
    $amount = round($item['qty'] * $item['price'], 2);
    $total += $amount;
    $lines[] = $item + ['amount' => $amount];
}
$events = require AB_DATA . '/events.php';
$related = array_slice($events, 0, max(0, min(count($events), (int) ($_GET['related'] ?? 0))));

$reply = [
    'data' => [
        'id' => 'ord_' . substr(hash('sha256', $order['customer']['email'] . count($lines)), 0, 16),
        'status' => 'accepted',
        'customer' => ['id' => $order['customer']['id'], 'name' => $order['customer']['name'],
            'email' => $order['customer']['email']],
        'lines' => $lines,
        'total' => round($total, 2),
        'currency' => 'CHF',
        'shipping' => $order['shipping'],
        'note' => $order['note'],
    ],
    'related' => $related,
    'links' => ['self' => '/api/orders', 'customer' => '/api/customers/' . $order['customer']['id']],
];
ab_send(json_encode($reply, JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_AMP | JSON_HEX_QUOT), $probe);
