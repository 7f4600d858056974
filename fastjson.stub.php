<?php

/** @generate-function-entries */

/** @refcount 1 */
function fastjson_encode(mixed $value, int $flags = 0, int $depth = 512): string|false {}

function fastjson_decode(string $json, ?bool $associative = null, int $depth = 512, int $flags = 0): mixed {}

function fastjson_validate(string $json, int $depth = 512, int $flags = 0): bool {}

/** @refcount 1 */
function fastjson_info(): array {}

function fastjson_last_error(): int {}

function fastjson_last_error_msg(): string {}

/** @refcount 1 */
function fastjson_last_error_info(): array {}

/** @refcount 1 */
function fastjson_metrics(): string {}
