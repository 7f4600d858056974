#!/usr/bin/env bash
# Runs PHP's own ext/json test suite (ext/json/tests/*.phpt from php-src) with fastjson
# loaded and fastjson.override=1, so json_encode()/json_decode() are checked against the
# tests PHP itself ships. The tests are not part of this repository: they are taken on
# demand from Debian's source package of the running PHP branch (php8.2 for PHP 8.2) and
# kept in a cache outside the repository, reused on later runs.
#
# Usage: tools/ext_json_tests.sh [path/to/fastjson.so]
#   default .so: modules/fastjson.so of this repository (build it first: phpize &&
#   ./configure --enable-fastjson && make).
#        tools/ext_json_tests.sh --fetch-only
#   only fetches (or finds in the cache) the tests of the running PHP branch and prints
#   "ext-json-tests: tests in DIR" (DIR can be given to FASTJSON_EXTJSON_FROM elsewhere).
#
# Environment:
#   PHP                        PHP binary to test with (default: php on PATH)
#   FASTJSON_PHPSRC_CACHE      cache directory (default: $HOME/.cache/fastjson/php-src)
#   FASTJSON_PHPSRC_REFRESH=1  fetch the tests again even if cached
#   FASTJSON_PHPSRC_VERSION    Debian source version to fetch (default: the one whose
#                              upstream version is PHP_VERSION, else the newest available)
#   FASTJSON_EXTJSON_OVERRIDE  value passed as -d fastjson.override= (default 1)
#   FASTJSON_EXTJSON_LOCALE=0  do not generate the de_DE locale (two tests need it and
#                              skip without it; generated only as root with `locales`)
#   FASTJSON_EXTJSON_FROM=DIR  differential run of tests taken from another PHP branch (a
#                              directory that --fetch-only printed), for a PHP whose own
#                              tests cannot be had: the tests run once on this PHP's plain
#                              ext/json (fastjson not loaded), once with
#                              fastjson.override=1. A test that passes on plain ext/json
#                              must pass with the override; one that fails there (a
#                              difference between the branches) must leave the same output
#                              (.out) with the override, byte for byte; one that skips
#                              there must skip with the override too.
#
# Fetching needs apt (Debian) and, when no deb-src entry exists yet, root: it then writes
# /etc/apt/sources.list.d/fastjson-deb-src.sources, a copy of the machine's Debian entry
# with "Types: deb-src", and runs apt-get update. Only ext/json/tests and run-tests.php
# are kept from the source tarball.
#
# Prints run-tests.php's output, the diff of every failed test, the tests that did not
# pass, and last a line "ext/json: N passed, N failed, N skipped". Exits non-zero when a
# test fails (or borks/leaks), when no test passed, or when the tests cannot be fetched
# (status 77 when the apt sources have no downloadable source of the PHP branch).
set -eu
set -o pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)

say() { printf 'ext-json-tests: %s\n' "$*"; }
die() { printf 'ext-json-tests: error: %s\n' "$*" >&2; exit 1; }
# The tests cannot be had from this machine's apt sources: status 77 (automake's "skipped")
# lets a caller tell that from a failure; it is non-zero all the same.
unavailable() { printf 'ext-json-tests: unavailable: %s\n' "$*" >&2; exit 77; }

# ------------------------------------------------------------------ inputs
FETCH_ONLY=0
if [ "${1:-}" = --fetch-only ]; then
	FETCH_ONLY=1
	shift
fi
FROM=${FASTJSON_EXTJSON_FROM:-}

PHP=${PHP:-$(command -v php || true)}
if [ -z "$PHP" ] || [ ! -x "$PHP" ]; then
	die "no php binary (set PHP=/path/to/php)"
fi
PHP=$(readlink -f "$PHP")
OVERRIDE=${FASTJSON_EXTJSON_OVERRIDE:-1}
# The differential run compares plain ext/json with the override: nothing else makes sense.
[ -z "$FROM" ] || OVERRIDE=1
CACHE=${FASTJSON_PHPSRC_CACHE:-${HOME:-/root}/.cache/fastjson/php-src}

PHP_VERSION=$("$PHP" -n -r 'echo PHP_VERSION;')
PHP_BRANCH=$("$PHP" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
SRCPKG=php$PHP_BRANCH

if [ "$FETCH_ONLY" = 0 ]; then
	SO=${1:-$ROOT/modules/fastjson.so}
	[ -f "$SO" ] || die "no extension at $SO (build it first, or pass the path of fastjson.so)"
	SO=$(cd "$(dirname "$SO")" && pwd)/$(basename "$SO")
	say "PHP $PHP_VERSION ($PHP), extension $SO"

	# The extension must load into this PHP (same API, same ZTS-ness).
	load_args=(-d "extension=$SO")
	# Plain ext/json for the differential run: fastjson not loaded at all.
	plain_args=()
	if "$PHP" -m 2>/dev/null | grep -qx fastjson; then
		# Loaded from php.ini already: a second extension= would warn in every test.
		say "fastjson is already loaded by php.ini or its conf.d: running the tests with -n (no php.ini)"
		load_args=(-n -d "extension=$SO")
		plain_args=(-n)
	fi
	if ! "$PHP" "${load_args[@]}" -r 'exit(extension_loaded("fastjson") ? 0 : 1);'; then
		die "$SO does not load into $PHP (built against another PHP?)"
	fi
fi

# ------------------------------------------------------------------ fetching the tests
# Debian versions, newest first.
sort_versions_desc() {
	local sorted=() v i j tmp
	while IFS= read -r v; do
		[ -n "$v" ] && sorted+=("$v")
	done
	for ((i = 1; i < ${#sorted[@]}; i++)); do
		for ((j = i; j > 0; j--)); do
			if dpkg --compare-versions "${sorted[j]}" gt "${sorted[j - 1]}"; then
				tmp=${sorted[j]}; sorted[j]=${sorted[j - 1]}; sorted[j - 1]=$tmp
			else
				break
			fi
		done
	done
	for v in "${sorted[@]+"${sorted[@]}"}"; do echo "$v"; done
}

# Debian version -> PHP_VERSION: "1:8.2.32-1~deb12u1" -> "8.2.32", and release candidates
# like "8.6.0~rc3-1" -> "8.6.0RC3" (Debian sorts pre-releases with "~"; PHP writes "RC").
upstream_of() {
	local v=${1#*:}
	v=${v%-*}
	v=${v%%+*}
	printf '%s\n' "$v" | sed -E 's/~//; s/[Rr][Cc]([0-9]+)$/RC\1/'
}

# A complete extraction already in the cache: the one of PHP_VERSION, else the newest.
cached_dir() {
	local d best="" bestv="" v
	for d in "$CACHE/$SRCPKG"/*/; do
		[ -f "$d/.complete" ] || continue
		d=${d%/}
		v=$(sed -n 's/^version=//p' "$d/.complete")
		if [ "$(upstream_of "$v")" = "$PHP_VERSION" ]; then
			echo "$d"
			return 0
		fi
		if [ -z "$bestv" ] || dpkg --compare-versions "$v" gt "$bestv"; then
			best=$d
			bestv=$v
		fi
	done
	[ -n "$best" ] && echo "$best"
	return 0
}

has_deb_src() {
	grep -Eqs '^[[:space:]]*Types:.*deb-src' /etc/apt/sources.list.d/*.sources ||
		grep -Eqs '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list
}

add_deb_src() {
	[ "$(id -u)" = 0 ] || die "no deb-src entry in /etc/apt and not root: add one (Types: deb-src) or run as root"
	local out=/etc/apt/sources.list.d/fastjson-deb-src.sources
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		say "no deb-src entry: writing $out from /etc/apt/sources.list.d/debian.sources"
		sed -E 's/^([[:space:]]*)Types:.*/\1Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$out"
	elif grep -Eqs '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list; then
		out=/etc/apt/sources.list.d/fastjson-deb-src.list
		say "no deb-src entry: writing $out from the deb lines of /etc/apt/sources.list"
		sed -nE 's/^[[:space:]]*deb([[:space:]])/deb-src\1/p' /etc/apt/sources.list >"$out"
	else
		die "no Debian apt source found to copy as deb-src (/etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list)"
	fi
}

fetch_tests() {
	command -v apt-get >/dev/null 2>&1 || die "apt-get not found: the tests are fetched from Debian's $SRCPKG source package"
	# shellcheck source=lib/apt.sh
	. "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"
	local updated=0
	if ! has_deb_src; then
		add_deb_src
		say "apt-get update"
		fj_apt_update >/dev/null || die "apt-get update failed"
		updated=1
	fi
	local versions
	# A stage beside this one may have written the deb-src entry and not yet updated the
	# lists: apt-cache then fails (status 100), which is "not known yet", not an error.
	versions=$(apt-cache showsrc "$SRCPKG" 2>/dev/null | sed -n 's/^Version: //p' | sort -u) || true
	if [ -z "$versions" ] && [ "$updated" = 0 ]; then
		say "apt knows no $SRCPKG source yet: apt-get update"
		fj_apt_update >/dev/null || die "apt-get update failed"
		versions=$(apt-cache showsrc "$SRCPKG" 2>/dev/null | sed -n 's/^Version: //p' | sort -u) || true
	fi
	[ -n "$versions" ] || unavailable "no source package $SRCPKG in the apt sources"
	versions=$(printf '%s\n' "$versions" | sort_versions_desc)
	say "$SRCPKG sources known to apt: $(echo "$versions" | tr '\n' ' ')"

	# Try order: an explicit version; else the one matching PHP_VERSION, then newest first.
	local try=() v
	if [ -n "${FASTJSON_PHPSRC_VERSION:-}" ]; then
		try=("$FASTJSON_PHPSRC_VERSION")
	else
		for v in $versions; do
			[ "$(upstream_of "$v")" = "$PHP_VERSION" ] && try+=("$v")
		done
		for v in $versions; do
			[ "$(upstream_of "$v")" = "$PHP_VERSION" ] || try+=("$v")
		done
	fi

	mkdir -p "$CACHE/$SRCPKG"
	local dl=$CACHE/$SRCPKG/download.tmp got=""
	for v in "${try[@]}"; do
		rm -rf "$dl"
		mkdir -p "$dl"
		chmod 755 "$dl"
		say "apt-get source --download-only $SRCPKG=$v"
		if (cd "$dl" && apt-get -o DPkg::Lock::Timeout=600 source -q --download-only "$SRCPKG=$v" >download.log 2>&1); then
			got=$v
			break
		fi
		say "$SRCPKG=$v could not be downloaded ($(grep -m1 -E '^(E|Err):' "$dl/download.log" || echo 'see apt output'))"
	done
	[ -n "$got" ] || unavailable "no $SRCPKG source version could be downloaded from the apt sources"
	if [ "$(upstream_of "$got")" != "$PHP_VERSION" ]; then
		say "note: using the tests of PHP $(upstream_of "$got") with PHP $PHP_VERSION (source of $PHP_VERSION not on the mirror)"
	fi

	local orig="" debtar="" top dest tmp f
	for f in "$dl"/*.orig.tar.*; do
		case $f in *.asc) ;; *) [ -f "$f" ] && orig=$f ;; esac
	done
	[ -n "$orig" ] || die "no .orig tarball in the downloaded $SRCPKG=$got"
	top=$({ tar -tf "$orig" || true; } | head -n 1)
	top=${top%%/*}
	dest=$CACHE/$SRCPKG/$(upstream_of "$got")
	tmp=$dest.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp"
	say "extracting ext/json/tests and run-tests.php from $(basename "$orig") into $dest"
	tar -xf "$orig" -C "$tmp" --strip-components=1 "$top/ext/json/tests" "$top/run-tests.php"
	# The tests are upstream's; Debian's patches do not change them today. Say so if one does.
	for f in "$dl"/*.debian.tar.*; do
		[ -f "$f" ] && debtar=$f
	done
	if [ -n "$debtar" ] && tar -xOf "$debtar" --wildcards 'debian/patches/*' 2>/dev/null |
		grep -Eq '^\+\+\+ [^[:space:]]*ext/json/'; then
		say "warning: a Debian patch of $SRCPKG=$got changes ext/json; the tests are upstream's, unpatched"
	fi
	cp "$dl"/*.dsc "$tmp/" 2>/dev/null || true
	printf 'package=%s\nversion=%s\nfetched=%s\n' "$SRCPKG" "$got" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$tmp/.complete"
	rm -rf "$dest"
	mv "$tmp" "$dest"
	rm -rf "$dl"
}

SRC=""
if [ -n "$FROM" ]; then
	[ -f "$FROM/.complete" ] || die "FASTJSON_EXTJSON_FROM=$FROM holds no complete extraction (no .complete; see --fetch-only)"
	SRC=$(cd "$FROM" && pwd)
	say "differential run of the ext/json tests of $(sed -n 's/^package=//p' "$SRC/.complete")=$(sed -n 's/^version=//p' "$SRC/.complete") on PHP $PHP_VERSION: plain ext/json, then fastjson.override=1"
else
	mkdir -p "$CACHE"
	# One fetch per cache at a time: CI's ext/json and matrix stages may both need it.
	exec 8>"$CACHE/$SRCPKG.lock"
	flock 8
	if [ "${FASTJSON_PHPSRC_REFRESH:-0}" = 0 ] && [ -z "${FASTJSON_PHPSRC_VERSION:-}" ]; then
		SRC=$(cached_dir)
	fi
	if [ -n "$SRC" ]; then
		say "using cached tests: $SRC ($(sed -n 's/^version=//p' "$SRC/.complete"))"
	else
		say "fetching $SRCPKG's ext/json tests into $CACHE"
		fetch_tests
		SRC=$(cached_dir)
		[ -n "$SRC" ] || die "fetched, but no complete extraction in $CACHE/$SRCPKG"
	fi
	flock -u 8
fi
count=0
for f in "$SRC/ext/json/tests"/*.phpt; do
	[ -f "$f" ] && count=$((count + 1))
done
[ "$count" -gt 0 ] || die "no .phpt files in $SRC/ext/json/tests (remove $SRC and retry)"
if [ "$FETCH_ONLY" = 1 ]; then
	say "tests in $SRC"
	exit 0
fi

# ------------------------------------------------------------------ environment
# bug41403.phpt and bug42785.phpt (locale-independent number parsing/formatting) need a
# de_DE locale; generate it when we may, else they skip.
if [ "${FASTJSON_EXTJSON_LOCALE:-1}" != 0 ] &&
	! "$PHP" -n -r 'exit(setlocale(LC_NUMERIC, "de_DE") === false ? 1 : 0);'; then
	if [ "$(id -u)" = 0 ] && command -v localedef >/dev/null 2>&1 &&
		[ -f /usr/share/i18n/locales/de_DE ]; then
		say "generating the de_DE (ISO-8859-1) locale for the two locale tests"
		localedef -i de_DE -f ISO-8859-1 de_DE || say "localedef failed; the locale tests will skip"
	else
		say "no de_DE locale (needs root and Debian's locales package): the two locale tests will skip"
	fi
fi

RUN_TESTS=""
for f in "$ROOT/run-tests.php" \
	"$("$(dirname "$PHP")/php-config" --extension-dir 2>/dev/null || true)/build/run-tests.php" \
	"$("$(dirname "$PHP")/php-config" --prefix 2>/dev/null || true)/lib/php/build/run-tests.php" \
	"$SRC/run-tests.php"; do
	if [ -f "$f" ]; then
		RUN_TESTS=$f
		break
	fi
done
[ -n "$RUN_TESTS" ] || die "no run-tests.php found"

# With the override on, the tests must reach fastjson: refuse to report a pass otherwise.
if [ "$OVERRIDE" = 1 ] && [ "$("$PHP" "${load_args[@]}" -d fastjson.override=1 -r 'var_export(function_exists("fastjson_info") && fastjson_info()["override"]);')" != true ]; then
	die "fastjson.override=1 did not take over json_encode()/json_decode(): the tests would not test fastjson"
fi

# ------------------------------------------------------------------ running
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-ext-json.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# run_suite NAME PHP-ARGS...: runs the tests with those PHP arguments; the log goes to
# $WORK/NAME.log, the tests' directory with run-tests.php's .out/.diff files (written next
# to the tests, so a copy is run) to $WORK/NAME. Every run uses the same directory, so that
# outputs naming their own file compare equal between runs. Returns run-tests.php's status.
run_suite() {
	local name=$1 st=0
	shift
	rm -rf "$WORK/run"
	mkdir -p "$WORK/run/ext/json"
	cp -R "$SRC/ext/json/tests" "$WORK/run/ext/json/tests"
	say "running $count tests: $PHP $RUN_TESTS -q -p $PHP $* ext/json/tests"
	(cd "$WORK/run" && NO_INTERACTION=1 REPORT_EXIT_STATUS=1 NO_COLOR=1 \
		"$PHP" "$RUN_TESTS" -q --no-color --no-progress -p "$PHP" "$@" ext/json/tests) 2>&1 |
		tee "$WORK/$name.log" || st=$?
	mv "$WORK/run/ext/json/tests" "$WORK/$name"
	return "$st"
}

# num LOG WHAT: run-tests.php's summary count, e.g. "Tests passed    :   12 (...)".
num() {
	local n
	n=$(sed -n "s/^Tests $2 *: *\([0-9][0-9]*\).*/\1/p" "$1" | tail -n 1)
	echo "${n:-0}"
}

# "STATUS FILE.phpt" per test of a run-tests.php log: "PASS title [ext/json/tests/x.phpt]",
# where a title of several lines puts the file on a later line.
results() {
	awk '/^(PASS|FAIL|SKIP|BORK|LEAK|XFAIL|XLEAK|WARN)(&[A-Z]+)*[[:space:]]/ { st = $1; sub(/&.*/, "", st); pending = 1 }
		pending && match($0, /\[ext\/json\/tests\/[^]]*\.phpt\]/) { print st, substr($0, RSTART + 16, RLENGTH - 17); pending = 0 }' "$1"
}

# Quotes a file or diff under a verdict, marked so that a caller can pick these lines out.
quote() {
	head -n "$1" | sed 's/^/  | /'
}

if [ -z "$FROM" ]; then
	status=0
	run_suite main "${load_args[@]}" -d "fastjson.override=$OVERRIDE" || status=$?
	for d in "$WORK"/main/*.diff; do
		[ -f "$d" ] || continue
		printf '\n---- %s ----\n' "$(basename "$d" .diff).phpt"
		head -n 60 "$d"
	done
	passed=$(num "$WORK/main.log" passed)
	failed=$(($(num "$WORK/main.log" failed) + $(num "$WORK/main.log" borked) + $(num "$WORK/main.log" leaked)))
	skipped=$(num "$WORK/main.log" skipped)

	echo
	say "tests that did not pass:"
	grep -E '^(SKIP|FAIL|BORK|LEAK|WARN|XFAIL|XLEAK)(&[A-Z]+)*[[:space:]]' "$WORK/main.log" | sed 's/^/  /' ||
		echo "  none"
	if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
		failed=1
		say "run-tests.php exited with status $status"
	fi
else
	"$PHP" "${plain_args[@]+"${plain_args[@]}"}" -r 'exit(extension_loaded("fastjson") ? 1 : 0);' ||
		die "fastjson is loaded without extension=: the plain run would not be plain ext/json"
	say "1/2: plain ext/json of PHP $PHP_VERSION (fastjson not loaded)"
	run_suite plain "${plain_args[@]+"${plain_args[@]}"}" || true
	say "2/2: fastjson.override=1"
	run_suite override "${load_args[@]}" -d fastjson.override=1 || true

	declare -A plain_st=() over_st=()
	while read -r st t; do plain_st[$t]=$st; done < <(results "$WORK/plain.log")
	while read -r st t; do over_st[$t]=$st; done < <(results "$WORK/override.log")
	passed=0 failed=0 skipped=0 same=0 plain_passed=0
	echo
	for f in "$SRC"/ext/json/tests/*.phpt; do
		t=$(basename "$f")
		b=${t%.phpt}
		p=${plain_st[$t]:-none}
		o=${over_st[$t]:-none}
		case $p in
		PASS)
			plain_passed=$((plain_passed + 1))
			if [ "$o" = PASS ]; then
				passed=$((passed + 1))
			else
				failed=$((failed + 1))
				say "FAILED $t: passes on plain ext/json, $o with the override"
				[ ! -f "$WORK/override/$b.diff" ] || quote 60 <"$WORK/override/$b.diff"
			fi
			;;
		SKIP)
			if [ "$o" = SKIP ]; then
				skipped=$((skipped + 1))
				say "excluded $t: skips on plain ext/json too ($(grep -m1 -F "[ext/json/tests/$t]" "$WORK/plain.log" | sed -n 's/.*reason: //p'))"
			else
				failed=$((failed + 1))
				say "FAILED $t: skips on plain ext/json, $o with the override"
			fi
			;;
		FAIL | XFAIL)
			if [ "$o" = "$p" ] && [ -f "$WORK/plain/$b.out" ] && [ -f "$WORK/override/$b.out" ] &&
				cmp -s "$WORK/plain/$b.out" "$WORK/override/$b.out"; then
				passed=$((passed + 1))
				same=$((same + 1))
				say "excluded $t from pass/fail: fails on plain ext/json of PHP $PHP_VERSION (a difference from the tests' branch, first lines of its diff below); the override leaves the same output, byte for byte"
				[ ! -f "$WORK/plain/$b.diff" ] || quote 8 <"$WORK/plain/$b.diff"
			else
				failed=$((failed + 1))
				say "FAILED $t: fails on plain ext/json ($p) and the override's output differs from it ($o):"
				if [ -f "$WORK/plain/$b.out" ] && [ -f "$WORK/override/$b.out" ]; then
					{ diff -u "$WORK/plain/$b.out" "$WORK/override/$b.out" || true; } | quote 60
				fi
			fi
			;;
		*)
			failed=$((failed + 1))
			say "FAILED $t: $p on plain ext/json, $o with the override: cannot be compared"
			;;
		esac
	done
	say "differential: $plain_passed tests pass on plain ext/json, $((passed - same)) of them with the override; $same fail on plain ext/json and leave the same output with the override; $skipped skip on both; $failed failed"
	if [ "$plain_passed" -eq 0 ]; then
		say "no test passed on plain ext/json: did run-tests.php run?"
		[ "$failed" -gt 0 ] || failed=1
	fi
fi
if [ "$passed" -eq 0 ]; then
	say "no test passed: did run-tests.php run?"
	[ "$failed" -gt 0 ] || failed=1
fi
echo "ext/json: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
