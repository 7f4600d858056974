<?php
// GET /cache.php: a cache read: a stored API response (20 tweets, 42 KB, twitter_timeline.json)
// read from a file cache and decoded, then a small summary of it encoded.
require __DIR__ . '/common.php';

$probe = ab_probe_start();
$tweets = json_decode(file_get_contents(__DIR__ . '/cache/timeline.json'), true, 512, JSON_THROW_ON_ERROR);
$users = [];
$mentions = 0;
$retweets = 0;
foreach ($tweets as $tweet) {
    $users[$tweet['user']['screen_name']] = true;
    $mentions += count($tweet['entities']['user_mentions']);
    $retweets += (int) $tweet['retweet_count'];
}
ab_send(json_encode([
    'tweets' => count($tweets),
    'users' => array_keys($users),
    'mentions' => $mentions,
    'retweets' => $retweets,
    'latest' => ['id' => $tweets[0]['id_str'], 'text' => $tweets[0]['text']],
]), $probe);
