<?php
/*
 * One probe request of bench/http_ab.sh, outside the timed runs: sends "X-Ab-Probe: 1",
 * writes the reply's body to OUT_FILE and prints one line with its status and what the
 * endpoint reported about its json_* calls (side, calls, ext_json_calls, bytes_in,
 * bytes_out; see www/common.php), e.g.
 *   status=200 side=fastjson calls=2 ext_json_calls=0 bytes_in=1234 bytes_out=2048
 *
 *   php -n bench/http/probe.php PORT PATH OUT_FILE [POST_BODY_FILE]
 */

declare(strict_types=1);

[$port, $path, $out, $bodyFile] = array_slice($argv, 1) + [null, null, null, null];
if ($out === null) {
    fwrite(STDERR, "usage: php -n bench/http/probe.php PORT PATH OUT_FILE [POST_BODY_FILE]\n");
    exit(1);
}
$body = $bodyFile === null ? null : file_get_contents($bodyFile);
$request = ($body === null ? 'GET' : 'POST') . " $path HTTP/1.0\r\nHost: 127.0.0.1\r\nX-Ab-Probe: 1\r\n"
    . ($body === null ? '' : "Content-Type: application/json\r\nContent-Length: " . strlen($body) . "\r\n")
    . "\r\n" . ($body ?? '');

$conn = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 10);
if ($conn === false) {
    echo "status=0 error=", rawurlencode($error), "\n";
    exit(0);
}
stream_set_timeout($conn, 30);
fwrite($conn, $request);
$reply = stream_get_contents($conn);
fclose($conn);

// HTTP/1.0: the body runs to the end of the connection.
[$head, $payload] = explode("\r\n\r\n", $reply, 2) + ['', ''];
file_put_contents($out, $payload);
$status = preg_match('~^HTTP/1\.[01] (\d{3})~', $head, $m) ? $m[1] : '0';
$side = preg_match('~^X-Ab-Side: (.+?)\r?$~mi', $head, $m) ? $m[1] : '?';
$json = preg_match('~^X-Ab-Json: (.+?)\r?$~mi', $head, $m) ? $m[1] : '';
echo "status=$status side=$side $json\n";
