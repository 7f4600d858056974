#!/usr/bin/env bash
# First contact as a PECL user has it: `pecl package` builds the release tarball from
# package.xml, `pecl install` builds and installs it into this machine's PHP, the installed
# extension passes a smoke test, `pecl run-tests` runs the packaged tests against it, and
# `pecl uninstall` removes it again (also when a step fails).
#
# Usage: tools/ci_package.sh
#   Needs root (it installs into PHP's extension directory), php-pear and the php-dev
#   package of the PHP on PATH. A fastjson.so in the extension directory that pecl did not
#   install is left alone: the script refuses to run instead of overwriting it.
# Environment:
#   FASTJSON_PACKAGE_TEST_CASES  FASTJSON_TEST_CASES for the packaged tests (default 2000;
#                                PEAR's runner is serial, the full suite ran in make test)
#   FASTJSON_PACKAGE_TEST_SCALE  FASTJSON_TEST_SCALE for them (default 0.25)
# Last line: "package: N passed, N failed, N skipped".
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
say() { printf 'package: %s\n' "$*"; }
die() { printf 'package: error: %s\n' "$*" >&2; echo "package: 0 passed, 1 failed, 0 skipped"; exit 1; }

command -v pecl >/dev/null 2>&1 || die "pecl not found (Debian package php-pear)"
command -v phpize >/dev/null 2>&1 || die "phpize not found (the php-dev package of this PHP)"
[ "$(id -u)" = 0 ] || die "pecl install writes into PHP's extension directory: run as root"

EXT_DIR=$(php-config --extension-dir)
VERSION=$(sed -n 's/^#define PHP_FASTJSON_VERSION "\(.*\)"$/\1/p' "$ROOT/php_fastjson.h")
[ -n "$VERSION" ] || die "no PHP_FASTJSON_VERSION in php_fastjson.h"

installed_by_pecl() { pecl list 2>/dev/null | grep -Eq '^fastjson[[:space:]]'; }
if installed_by_pecl; then
	say "removing the fastjson a previous run left installed"
	pecl uninstall fastjson >/dev/null
elif [ -e "$EXT_DIR/fastjson.so" ]; then
	die "$EXT_DIR/fastjson.so exists and pecl did not install it: not overwriting it"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-package.XXXXXX")
cleanup() {
	if installed_by_pecl; then
		pecl uninstall fastjson >/dev/null 2>&1 || say "warning: pecl uninstall fastjson failed"
	fi
	rm -rf "$WORK"
}
trap cleanup EXIT

# A tree of tracked files only: what a release is built from.
mkdir -p "$WORK/src"
(cd "$ROOT" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$WORK/src"

say "pecl package"
(cd "$WORK/src" && pecl package >"$WORK/package.log" 2>&1) || { cat "$WORK/package.log"; die "pecl package failed"; }
TGZ=$WORK/src/fastjson-$VERSION.tgz
[ -f "$TGZ" ] || { cat "$WORK/package.log"; die "pecl package did not write fastjson-$VERSION.tgz"; }
say "$(basename "$TGZ"): $(du -k "$TGZ" | cut -f1) KiB, $(tar -tzf "$TGZ" | grep -c -v '/$') files"

say "pecl install $(basename "$TGZ")"
start=$SECONDS
if ! MAKEFLAGS="-j$(nproc 2>/dev/null || echo 2)" pecl install "$TGZ" </dev/null >"$WORK/install.log" 2>&1; then
	tail -n 40 "$WORK/install.log"
	die "pecl install failed"
fi
installed_by_pecl || { tail -n 20 "$WORK/install.log"; die "pecl install reported success but pecl list has no fastjson"; }
[ -f "$EXT_DIR/fastjson.so" ] || die "no $EXT_DIR/fastjson.so after pecl install"
say "installed $EXT_DIR/fastjson.so in $((SECONDS - start))s"

# Smoke test of the installed build: loads by name, reports the release's version, and
# agrees with ext/json (override off, so json_*() are ext/json's) and takes over with it on.
say "smoke test"
smoke='
$v = ["a" => [1, 2.5, "\u{e9}/x", null, true], "b" => new stdClass];
$j = json_encode($v);
$problems = [];
if (phpversion("fastjson") !== $argv[1]) $problems[] = "version " . var_export(phpversion("fastjson"), true);
if (fastjson_encode($v) !== $j) $problems[] = "fastjson_encode differs from json_encode";
if (serialize(fastjson_decode($j, true)) !== serialize(json_decode($j, true))) $problems[] = "fastjson_decode differs from json_decode";
if (fastjson_validate("[1,") !== false || fastjson_validate($j) !== true) $problems[] = "fastjson_validate";
if (fastjson_info()["override"] !== false) $problems[] = "override is on with fastjson.override=0";
echo $problems ? implode("; ", $problems) : "ok";
'
out=$(php -n -d extension=fastjson -d fastjson.override=0 -r "$smoke" "$VERSION" 2>&1) || true
[ "$out" = ok ] || die "smoke test (override off): $out"
out=$(php -n -d extension=fastjson -r 'echo fastjson_info()["override"] && json_decode("[1]") === [1] ? "ok" : "override not active";' 2>&1) || true
[ "$out" = ok ] || die "smoke test (override on): $out"
say "smoke test: ok"

# PEAR's own runner over the tests the package installed (serial, so at reduced counts).
say "pecl run-tests -p fastjson"
# It writes its own run-tests.log into the current directory: run it in one of its own.
mkdir -p "$WORK/pear"
set +e
(cd "$WORK/pear" && FASTJSON_TEST_CASES=${FASTJSON_PACKAGE_TEST_CASES:-2000} \
	FASTJSON_TEST_SCALE=${FASTJSON_PACKAGE_TEST_SCALE:-0.25} NO_INTERACTION=1 \
	pecl run-tests -s -p -i " -d extension=fastjson" fastjson) >"$WORK/pecl-run-tests.out" 2>&1
status=$?
set -e
# Every test that did not pass, with its reason (the corpus tests skip: the release does
# not ship the 25 MB benchmark corpus), then PEAR's totals. Indented, so that a skipped
# test's "SKIP title: ..." is not taken for a stage's SKIP line by .ci/run.
tr -s " " <"$WORK/pecl-run-tests.out" | grep -v '^PASS ' | sed 's/^/  /' || true
# PEAR prints "N PASSED TESTS", "N SKIPPED TESTS" and, on failure, "N FAILED TESTS".
num() { sed -n "s/^\([0-9][0-9]*\) $1 TESTS.*/\1/p" "$WORK/pecl-run-tests.out" | tail -n 1; }
passed=$(num PASSED); failed=$(num FAILED); skipped=$(num SKIPPED)
passed=${passed:-0}; failed=${failed:-0}; skipped=${skipped:-0}
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
	say "pecl run-tests exited with status $status"
	failed=1
fi
[ "$passed" -gt 0 ] || { say "no packaged test passed"; [ "$failed" -gt 0 ] || failed=1; }
echo "package: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
