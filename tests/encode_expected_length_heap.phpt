--TEST--
Encode after outputs of other lengths: the next output starts in a heap block of about their length exactly when the last two were longer than 3,072 bytes and at most 56 KB (the memory held while the encoder is inside jsonSerialize())
--SKIPIF--
<?php
if (!extension_loaded('fastjson')) die('skip fastjson not loaded');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_get_usage() counts ZendMM blocks only');
?>
--INI--
fastjson.override=0
--FILE--
<?php
require __DIR__ . '/fastjson_test.inc';

final class HeapProbe implements JsonSerializable
{
    public static int $during = 0;

    public function jsonSerialize(): mixed
    {
        self::$during = memory_get_usage();
        return 1;
    }
}

/* The memory held while the encoder is inside jsonSerialize(), after two outputs of the
 * given lengths. */
function held_during_encode(array $lengths): int
{
    foreach ($lengths as $len) {
        $value = fj_sized_list($len);
        $json = fastjson_encode($value);
        if ($json !== json_encode($value) || strlen($json) !== $len) {
            echo "fj_sized_list($len): not json_encode()'s output, or not $len bytes long\n";
        }
    }
    $value = [new HeapProbe];
    $before = memory_get_usage();
    if (fastjson_encode($value) !== '[1]') {
        echo "the probe's output is not [1]\n";
    }
    return HeapProbe::$during - $before;
}

foreach ([[[20000, 20000], true], [[3073, 3073], true], [[57344, 57344], true],
        [[20000, 100], false], [[100, 20000], false], [[3072, 3072], false],
        [[57345, 57345], false], [[500000, 500000], false]] as [$lengths, $on_heap]) {
    $held = held_during_encode($lengths);
    $expected = min($lengths) + intdiv(min($lengths), 8);
    $ok = $on_heap ? $held >= $expected && $held <= 65536 + 1024 : $held < 3072;
    printf("after %s: %s\n", implode(' and ', $lengths), $ok ? 'as expected' : "held $held bytes during the encode");
}

?>
--EXPECT--
after 20000 and 20000: as expected
after 3073 and 3073: as expected
after 57344 and 57344: as expected
after 20000 and 100: as expected
after 100 and 20000: as expected
after 3072 and 3072: as expected
after 57345 and 57345: as expected
after 500000 and 500000: as expected
