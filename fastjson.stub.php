<?php

/** @generate-function-entries */

/** @refcount 1 */
function fastjson_encode(mixed $value, int $flags = 0, int $depth = 512): string|false {}
