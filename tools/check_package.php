<?php
/* Checks package.xml against the tree:
 *  - every shipped file (git-tracked, or new and not ignored, and matched by the rules
 *    below) is listed in <contents>, with the role the rules give it;
 *  - every listed file exists and is meant to ship, and none is listed twice;
 *  - the release version and CHANGELOG.md's newest entry match PHP_FASTJSON_VERSION in
 *    php_fastjson.h;
 *  - every C source that ships is compiled by both config.m4 and config.w32.
 * Missing entries are printed in package.xml syntax, ready to paste.
 *
 * Usage: php tools/check_package.php            check; exit 1 on any problem
 *        php tools/check_package.php --contents print the <contents> block the rules want
 *        php tools/check_package.php --update   rewrite package.xml's <contents> with it
 * Needs only the php CLI (no ext/xml) and git. */

const NOT_SHIPPED = [
	'~^\.~',                   // .ci/, .gitignore, .github/, ...: repository and CI files
	'~/\.~',                   // dot files in subfolders
	'~^package\.xml$~',        // the package file itself
	'~^composer\.json$~',      // PIE metadata, read from the repository, not the tarball
	'~^bench/(data|results)/~', // large inputs and generated benchmark output
	'~^tools/(check|ci)_~',    // CI checks and CI stages of the repository (need git)
	'~^tools/(lib|asan)/~',    // shell helpers of those, the sanitizer run's dlopen shim
	'~^fuzz/~',                // fuzzing harnesses and their seed corpus: a repository tool
];

/* First match wins; anything else that ships has role "src". */
const ROLES = [
	'~^tests/~' => 'test',
	'~^(README|LICENSE|CREDITS|NEWS|CHANGELOG|UPGRADING)(\.[a-z]+)?$~i' => 'doc',
	'~^docs?/~' => 'doc',
];

function shipped(string $path): bool
{
	foreach (NOT_SHIPPED as $re) {
		if (preg_match($re, $path)) {
			return false;
		}
	}
	return true;
}

function role_of(string $path): string
{
	foreach (ROLES as $re => $role) {
		if (preg_match($re, $path)) {
			return $role;
		}
	}
	return 'src';
}

function entry(string $path, string $role): string
{
	return sprintf('<file name="%s" role="%s"/>', htmlspecialchars($path, ENT_XML1 | ENT_QUOTES), $role);
}

/* Files of the work tree that git knows or would add: tracked plus untracked-not-ignored. */
function tree_files(string $root): ?array
{
	if (!is_dir("$root/.git") && !is_file("$root/.git")) {
		return null;
	}
	$cmd = 'git -C ' . escapeshellarg($root) . ' ls-files -z --cached --others --exclude-standard';
	$out = shell_exec($cmd);
	if (!is_string($out)) {
		return null;
	}
	$files = [];
	foreach (explode("\0", $out) as $path) {
		if ($path !== '' && is_file("$root/$path")) {
			$files[$path] = true;
		}
	}
	$files = array_keys($files);
	sort($files, SORT_STRING);
	return $files;
}

/* <file> entries of <contents>, with <dir> nesting resolved: [path => [role, ...]]. */
function listed_files(string $xml, array &$problems): array
{
	$xml = preg_replace('~<!--.*?-->~s', '', $xml);
	if (!preg_match('~<contents>(.*)</contents>~s', $xml, $m)) {
		$problems[] = 'package.xml has no <contents> element';
		return [];
	}
	preg_match_all('~<(/?)(dir|file)\b([^>]*?)(/?)>~s', $m[1], $tags, PREG_SET_ORDER);
	$dirs = [];
	$files = [];
	foreach ($tags as [, $close, $tag, $attrs, $selfClose]) {
		if ($close === '/') {
			if ($tag === 'dir') {
				array_pop($dirs);
			}
			continue;
		}
		preg_match_all('~([\w:-]+)\s*=\s*"([^"]*)"~', $attrs, $am, PREG_SET_ORDER);
		$a = [];
		foreach ($am as [, $k, $v]) {
			$a[$k] = html_entity_decode($v, ENT_XML1 | ENT_QUOTES);
		}
		$name = trim($a['name'] ?? '', '/');
		if ($tag === 'dir') {
			if ($selfClose !== '/') {
				$dirs[] = $name;
			}
			continue;
		}
		$path = implode('/', array_filter([...$dirs, $name], fn ($p) => $p !== ''));
		$files[$path][] = $a['role'] ?? '';
	}
	return $files;
}

function compiled_sources(string $text): array
{
	preg_match_all('~[\w/\\\\.-]+\.c\b~', $text, $m);
	return array_map(fn ($p) => basename(str_replace('\\', '/', $p)), $m[0]);
}

$root = dirname(__DIR__);
$problems = [];

$tree = tree_files($root);

function contents_block(array $tree): string
{
	$out = "  <contents>\n    <dir name=\"/\">\n";
	foreach ($tree as $path) {
		if (shipped($path)) {
			$out .= '      ' . entry($path, role_of($path)) . "\n";
		}
	}
	return $out . "    </dir>\n  </contents>\n";
}

$update = in_array('--update', $argv, true);
if ($update || in_array('--contents', $argv, true)) {
	if ($tree === null) {
		fwrite(STDERR, "not a git work tree: cannot tell which files ship\n");
		exit(1);
	}
	if (!$update) {
		echo contents_block($tree);
		exit(0);
	}
	$xml = file_get_contents("$root/package.xml");
	$new = preg_replace('~^[ \t]*<contents>.*</contents>[ \t]*\n~ms', contents_block($tree), $xml, 1, $n);
	if ($n !== 1 || file_put_contents("$root/package.xml", $new) === false) {
		fwrite(STDERR, "could not rewrite <contents> in package.xml\n");
		exit(1);
	}
	echo "package.xml: <contents> rewritten\n";
	exit(0);
}

$xml = @file_get_contents("$root/package.xml");
if ($xml === false) {
	fwrite(STDERR, "check_package: package.xml not found in $root\n");
	exit(1);
}
$listed = listed_files($xml, $problems);

/* Listed entries: exist, ship, right role, once. */
foreach ($listed as $path => $roles) {
	if (count($roles) > 1) {
		$problems[] = "listed " . count($roles) . " times: $path";
	}
	if (!is_file("$root/$path")) {
		$problems[] = "listed but missing from the tree: $path";
		continue;
	}
	if (!shipped($path)) {
		$problems[] = "listed but not meant to ship (see NOT_SHIPPED in tools/check_package.php): $path";
		continue;
	}
	$want = role_of($path);
	if ($roles[0] !== $want) {
		$problems[] = "wrong role \"{$roles[0]}\" for $path; should be: " . entry($path, $want);
	}
}

/* Shipped files of the tree: all listed. */
$missing = [];
if ($tree === null) {
	echo "check_package: not a git work tree; only the listed files were checked\n";
} else {
	foreach ($tree as $path) {
		if (shipped($path) && !isset($listed[$path])) {
			$missing[] = $path;
		}
	}
}

/* Version. */
if (preg_match('~<version>\s*<release>([^<]+)</release>~', $xml, $m)) {
	$header = @file_get_contents("$root/php_fastjson.h");
	if ($header !== false && preg_match('~#define\s+PHP_FASTJSON_VERSION\s+"([^"]+)"~', $header, $h)
		&& trim($m[1]) !== $h[1]) {
		$problems[] = "package.xml release version " . trim($m[1]) . " differs from PHP_FASTJSON_VERSION \"{$h[1]}\" in php_fastjson.h";
	}
} else {
	$problems[] = 'package.xml has no <version><release>';
}
/* The newest CHANGELOG entry is the version being built. */
$changelog = @file_get_contents("$root/CHANGELOG.md");
if ($changelog === false || !preg_match('~^## ([0-9][^ \n]*)~m', $changelog, $c)) {
	$problems[] = 'CHANGELOG.md is missing or has no "## <version>" entry';
} elseif (isset($h[1]) && $c[1] !== $h[1]) {
	$problems[] = "CHANGELOG.md's newest entry is {$c[1]}, PHP_FASTJSON_VERSION is \"{$h[1]}\"";
}

/* Every shipped C source is compiled on both build systems. */
$sources = $tree ?? array_keys($listed);
foreach (['config.m4', 'config.w32'] as $config) {
	$text = @file_get_contents("$root/$config");
	if ($text === false) {
		$problems[] = "$config is missing";
		continue;
	}
	$compiled = compiled_sources($text);
	foreach ($sources as $path) {
		if (shipped($path) && role_of($path) === 'src' && str_ends_with($path, '.c')
			&& !preg_match('~^(tools|bench)/~', $path) && !in_array(basename($path), $compiled, true)) {
			$problems[] = "$path is not compiled by $config";
		}
	}
}

foreach ($problems as $p) {
	echo "check_package: $p\n";
}
if ($missing) {
	echo "check_package: package.xml does not list " . count($missing) . " shipped file(s); add inside <dir name=\"/\">:\n";
	foreach ($missing as $path) {
		echo '      ', entry($path, role_of($path)), "\n";
	}
	echo "(or rewrite the whole block: php tools/check_package.php --update)\n";
}
if ($problems || $missing) {
	exit(1);
}
echo "check_package: package.xml lists all " . count($listed) . " shipped files\n";
exit(0);
