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

/* The other fastjson extension's API (fastjson_superset.c). */

function fastjson_version(): string {}

function fastjson_last_error_pos(): int {}

function fastjson_pointer_get(string $json, string $pointer, ?bool $associative = null, int $depth = 512, int $flags = 0): mixed {}

function fastjson_pointer_exists(string $json, string $pointer, int $flags = 0): bool {}

/** @refcount 1 */
function fastjson_pointer_set(string $json, string $pointer, mixed $value, int $depth = 512, int $flags = 0): string|false {}

function fastjson_merge_patch(string $target, string $patch, ?bool $associative = null, int $depth = 512, int $flags = 0): mixed {}

function fastjson_file_decode(string $filename, ?bool $associative = null, int $depth = 512, int $flags = 0): mixed {}

function fastjson_file_encode(string $filename, mixed $value, int $flags = 0, int $depth = 512): bool {}
