<?php
/*
 * Helper of bench/callgrind_decode.sh: build a JSON document from one text file,
 * then decode (or validate) it N times.
 *
 *   php callgrind_decode.php MODE FILE SHAPE ENC N
 *
 * MODE   json = json_decode(), fast = fastjson_decode(), validate = fastjson_validate(),
 *        json_validate = json_validate() (PHP 8.3+); with N = 0 any mode is the baseline
 *        (same start-up, file read and document build, no decoding). "check" verifies
 *        that fastjson_decode() returns what json_decode() returns and that
 *        fastjson_validate() accepts the document, and prints the document size and the
 *        number of strings in it.
 * SHAPE  string = the whole text as one JSON string; medium = the text cut into
 *        256-byte pieces (at character boundaries), a JSON array of strings;
 *        lines = a JSON array of its lines.
 * ENC    raw = json_encode(.., JSON_UNESCAPED_UNICODE) (UTF-8 as is);
 *        esc = json_encode(..) (every non-ASCII character as \uXXXX).
 */
declare(strict_types=1);

[, $mode, $file, $shape, $enc, $n] = $argv + [null, null, null, 'string', 'raw', '0'];
$n = (int)$n;
$text = $file === null ? false : @file_get_contents($file);
if ($text === false || !in_array($mode, ['json', 'fast', 'validate', 'json_validate', 'check'], true)
    || !in_array($shape, ['string', 'medium', 'lines'], true) || !in_array($enc, ['raw', 'esc'], true)) {
    fwrite(STDERR, "usage: php callgrind_decode.php json|fast|validate|json_validate|check FILE string|medium|lines raw|esc N\n");
    exit(1);
}
if (!function_exists('fastjson_decode') || !function_exists('fastjson_validate')) {
    fwrite(STDERR, "fastjson_decode()/fastjson_validate() not available: load a fastjson build with the decoder\n");
    exit(1);
}

if ($shape === 'string') {
    $value = $text;
} elseif ($shape === 'lines') {
    $value = explode("\n", rtrim($text, "\n"));
} else {
    $value = [];
    for ($i = 0, $len = strlen($text); $i < $len; $i += $k) {
        $k = min(256, $len - $i);
        // do not split a UTF-8 sequence: back off over continuation bytes
        while ($i + $k < $len && $k > 1 && (ord($text[$i + $k]) & 0xC0) === 0x80) {
            --$k;
        }
        $value[] = substr($text, $i, $k);
    }
}
$doc = json_encode($value, $enc === 'raw' ? JSON_UNESCAPED_UNICODE : 0);
if (!is_string($doc)) {
    fwrite(STDERR, "cannot encode $file: " . json_last_error_msg() . "\n");
    exit(1);
}

if ($mode === 'check') {
    $a = json_decode($doc);
    $b = fastjson_decode($doc);
    if ($a !== $b || $a !== $value) {
        fwrite(STDERR, "MISMATCH: fastjson_decode() differs from json_decode() for $file $shape $enc\n");
        exit(2);
    }
    if (fastjson_validate($doc) !== true) {
        fwrite(STDERR, "MISMATCH: fastjson_validate() rejects the document for $file $shape $enc\n");
        exit(2);
    }
    echo strlen($doc), ' ', is_array($value) ? count($value) : 1, "\n";
    exit(0);
}
if ($mode === 'json') {
    for ($i = 0; $i < $n; ++$i) {
        json_decode($doc);
    }
} elseif ($mode === 'fast') {
    for ($i = 0; $i < $n; ++$i) {
        fastjson_decode($doc);
    }
} elseif ($mode === 'validate') {
    for ($i = 0; $i < $n; ++$i) {
        fastjson_validate($doc);
    }
} else {
    for ($i = 0; $i < $n; ++$i) {
        json_validate($doc);
    }
}
