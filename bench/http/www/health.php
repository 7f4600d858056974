<?php
// A health check: one tiny json_encode(), so nearly all of the request is nginx, FastCGI
// and PHP's request start-up: the floor of what JSON can save.
require __DIR__ . '/common.php';

$probe = ab_probe_start();
ab_send(json_encode(['status' => 'ok', 'service' => 'orders', 'checks' => ['db' => 'ok', 'cache' => 'ok']]), $probe);
