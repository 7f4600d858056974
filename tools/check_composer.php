<?php
/* Checks composer.json's PIE metadata against the build files, which Composer 2.5 (Debian
 * bookworm's, used by CI for `composer validate`) cannot do: it does not know the php-ext
 * block that PIE reads.
 *  - type is php-ext and php-ext.extension-name is the module config.m4 builds;
 *  - every php-ext.configure-options entry is an option config.m4 declares;
 *  - require.php admits the oldest supported PHP (8.2) and ext-json is required;
 *  - the description says what the extension does (encode, decode and validate).
 * Usage: php tools/check_composer.php   (exit 1 on any problem) */

$root = dirname(__DIR__);
$problems = [];

$composer = json_decode((string) @file_get_contents("$root/composer.json"), true);
$m4 = (string) @file_get_contents("$root/config.m4");
if (!is_array($composer)) {
	$problems[] = 'composer.json is missing or not valid JSON: ' . json_last_error_msg();
} elseif ($m4 === '') {
	$problems[] = 'config.m4 is missing';
} else {
	if (($composer['type'] ?? null) !== 'php-ext') {
		$problems[] = 'type must be "php-ext" for PIE, not ' . var_export($composer['type'] ?? null, true);
	}
	preg_match('~PHP_NEW_EXTENSION\(\[?([a-z0-9_]+)~', $m4, $module);
	$name = $composer['php-ext']['extension-name'] ?? null;
	if (!isset($module[1]) || $name !== $module[1]) {
		$problems[] = 'php-ext.extension-name ' . var_export($name, true) . ' is not the module config.m4 builds ('
			. var_export($module[1] ?? null, true) . ')';
	}
	preg_match_all('~PHP_ARG_(?:ENABLE|WITH)\(\[?([a-z0-9_-]+)~', $m4, $declared);
	foreach ($composer['php-ext']['configure-options'] ?? [] as $option) {
		$option_name = preg_replace('~^(enable|with)-~', '', (string) ($option['name'] ?? ''));
		if (!in_array($option_name, $declared[1], true)) {
			$problems[] = 'configure option ' . var_export($option['name'] ?? null, true) . ' is not declared in config.m4';
		}
		if (trim((string) ($option['description'] ?? '')) === '') {
			$problems[] = 'configure option ' . var_export($option['name'] ?? null, true) . ' has no description';
		}
	}
	if (!preg_match('~^>=\s*8\.2(\.0)?$~', (string) ($composer['require']['php'] ?? ''))) {
		$problems[] = 'require.php should be ">=8.2" (the oldest supported PHP), not ' . var_export($composer['require']['php'] ?? null, true);
	}
	if (!isset($composer['require']['ext-json'])) {
		$problems[] = 'require.ext-json is missing (fastjson needs ext/json)';
	}
	foreach (['json_encode', 'json_decode', 'json_validate'] as $fn) {
		if (!str_contains((string) ($composer['description'] ?? ''), $fn)) {
			$problems[] = "the description does not mention $fn()";
		}
	}
}

foreach ($problems as $p) {
	echo "check_composer: $p\n";
}
if (!$problems) {
	echo "check_composer: composer.json's PIE metadata matches config.m4\n";
}
exit($problems ? 1 : 0);
