#!/usr/bin/env bash
# fastjson on a thread-safe (ZTS) PHP 8.2: builds the extension against a ZTS PHP kept in
# a cache, runs the test suite (make test) and PHP's own ext/json tests with
# fastjson.override=1 (tools/ext_json_tests.sh) on it.
#
# Debian ships no ZTS PHP, so one is built from the upstream tarball in Debian's php8.2
# source package (the .orig.tar.xz, as PHP releases it, with its generated configure: no
# autoconf run, no Debian patches; the newest version whose source the mirror still has),
# configured minimal: --disable-all --enable-zts plus opcache and pcntl (the opcache and
# fork tests need them; json, pcre, random, spl, standard and reflection are always built
# in; no other test needs another extension), with -O1 (4 minutes with make -j2 on a
# 2-core machine under load, against 34 for Debian's full source at -O2).
#
# Usage: tools/ci_zts.sh           run the suites; without the cached PHP print
#                                   "SKIP zts: ..." and exit 0
#        tools/ci_zts.sh --build   build the cached PHP first if it is missing, then run
#                                   (what CI does)
#
# Environment:
#   FASTJSON_ZTS_PREFIX   where the ZTS PHP is installed (default /var/cache/fastjson-ci/php8.2-zts)
#   FASTJSON_ZTS_BUILD=1  same as --build
#   FASTJSON_ZTS_VERSION  Debian source version to build (default: newest downloadable)
#   FASTJSON_ZTS_JOBS     make -j for the PHP build (default 2); it runs under nice -n 10
#
# Needs root for a build (apt-get, deb-src entry). Says whether the PHP was cached or
# built (and how long that took), prints the run-tests output of both suites, then
# "zts (PHP x.y.z ZTS): suite ...; ext/json ..." and last
# "zts: N passed, N failed, N skipped". Exits non-zero when a test fails or the build does.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=lib/apt.sh
. "$ROOT/tools/lib/apt.sh"
PREFIX=${FASTJSON_ZTS_PREFIX:-/var/cache/fastjson-ci/php8.2-zts}
SRCPKG=php8.2
JOBS=${FASTJSON_ZTS_JOBS:-2}
# Written last by a build: a prefix without it is an interrupted build. Bumped (recipe=)
# when the build changes, so that an older cached PHP is built again.
STAMP=$PREFIX/fastjson-zts.stamp
RECIPE=2
CONFIGURE_OPTIONS=(--disable-all --enable-zts --enable-opcache --enable-pcntl --enable-cli --disable-cgi --disable-phpdbg --without-pear)
# Only the tests' speed depends on it; -O1 builds in half the time of -O2.
CONFIGURE_CFLAGS="-O1 -g0"

say() { printf 'zts: %s\n' "$*"; }
die() { printf 'zts: error: %s\n' "$*" >&2; exit 1; }

build=${FASTJSON_ZTS_BUILD:-0}
case ${1:-} in
--build) build=1 ;;
"") ;;
*) die "unknown argument '$1' (usage: tools/ci_zts.sh [--build])" ;;
esac

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-zts.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# What building PHP and running its phpize need (upstream's phpize brings its own shtool
# and libtool macros; autoconf is still needed).
install_missing_packages() {
	# Debian package -> a file it installs; only missing ones are installed.
	local -A probe=(
		[build-essential]=/usr/bin/make
		[autoconf]=/usr/bin/autoconf
		[pkg-config]=/usr/bin/pkg-config
		[xz-utils]=/usr/bin/xz
		[git]=/usr/bin/git
	)
	local missing=() pkg
	for pkg in "${!probe[@]}"; do
		[ -e "${probe[$pkg]}" ] || missing+=("$pkg")
	done
	command -v gcc >/dev/null 2>&1 || missing+=(build-essential)
	[ "${#missing[@]}" -gt 0 ] || return 0
	say "installing: ${missing[*]}"
	fj_apt_update >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		--no-install-recommends "${missing[@]}" </dev/null
}

# apt-get source needs a deb-src entry: without one, add a copy of the machine's Debian
# entry with "Types: deb-src" (the same file tools/ext_json_tests.sh writes).
ensure_deb_src() {
	local out=/etc/apt/sources.list.d/fastjson-deb-src.sources
	if grep -Eqs '^[[:space:]]*Types:.*deb-src' /etc/apt/sources.list.d/*.sources ||
		grep -Eqs '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list; then
		return 0
	fi
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed -E 's/^([[:space:]]*)Types:.*/\1Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$out"
	elif grep -Eqs '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list; then
		out=/etc/apt/sources.list.d/fastjson-deb-src.list
		sed -nE 's/^[[:space:]]*deb([[:space:]])/deb-src\1/p' /etc/apt/sources.list >"$out"
	else
		die "no Debian apt source to copy as deb-src (/etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list)"
	fi
	say "no deb-src entry: wrote $out"
	fj_apt_update >/dev/null ||
		die "apt-get update failed"
}

# Unpacks the upstream tarball of Debian's source package into $WORK/php-src and sets
# SOURCE_VERSION to its Debian version.
fetch_source() {
	local versions v got="" dl=$WORK/download
	ensure_deb_src
	# Newest first (sort -V orders Debian's "~" suffixes as dpkg does).
	# Status 100 while a stage beside this one has written the deb-src entry but not yet
	# updated the lists: "not known yet".
	versions=$(apt-cache showsrc "$SRCPKG" 2>/dev/null | sed -n 's/^Version: //p' | sort -u -r -V) || true
	if [ -z "$versions" ]; then
		fj_apt_update >/dev/null ||
			die "apt-get update failed"
		versions=$(apt-cache showsrc "$SRCPKG" 2>/dev/null | sed -n 's/^Version: //p' | sort -u -r -V) || true
	fi
	[ -n "$versions" ] || die "no source package $SRCPKG in the apt sources"
	[ -z "${FASTJSON_ZTS_VERSION:-}" ] || versions=$FASTJSON_ZTS_VERSION
	# The security archive drops old sources while the index still lists them: try in turn.
	for v in $versions; do
		rm -rf "$dl"
		mkdir -p "$dl"
		chmod 755 "$dl" # apt's _apt user downloads into it
		if (cd "$dl" && apt-get -o DPkg::Lock::Timeout=600 source -q --download-only "$SRCPKG=$v" >download.log 2>&1); then
			got=$v
			break
		fi
		say "$SRCPKG=$v could not be downloaded ($(grep -m1 -E '^(E|Err):' "$dl/download.log" || echo 'see apt output'))"
	done
	[ -n "$got" ] || die "no $SRCPKG source version could be downloaded"
	local orig="" f
	for f in "$dl"/*.orig.tar.*; do
		case $f in *.asc) ;; *) [ -f "$f" ] && orig=$f ;; esac
	done
	[ -n "$orig" ] || die "no .orig tarball in the downloaded $SRCPKG=$got"
	mkdir -p "$WORK/php-src"
	tar -xf "$orig" -C "$WORK/php-src" --strip-components=1 || die "unpacking $(basename "$orig") failed"
	rm -rf "$dl"
	SOURCE_VERSION=$got
}

build_php() {
	local started log=$WORK/php-build.log stage
	fetch_source
	say "building PHP from the upstream tarball of $SRCPKG=$SOURCE_VERSION: CFLAGS='$CONFIGURE_CFLAGS' ./configure ${CONFIGURE_OPTIONS[*]} (nice -n 10, make -j$JOBS)"
	started=$SECONDS
	(
		cd "$WORK/php-src"
		CFLAGS=$CONFIGURE_CFLAGS nice -n 10 ./configure --prefix="$PREFIX" "${CONFIGURE_OPTIONS[@]}"
		nice -n 10 make -j"$JOBS"
	) >"$log" 2>&1 || { tail -n 60 "$log"; die "the PHP build failed (log above)"; }
	# Install beside the cache and move it in whole: an interrupted build leaves no prefix.
	stage=$(mktemp -d "$(dirname "$PREFIX")/.zts-install.XXXXXX")
	(cd "$WORK/php-src" && make install INSTALL_ROOT="$stage") >>"$log" 2>&1 ||
		{ tail -n 40 "$log"; rm -rf "$stage"; die "make install failed (log above)"; }
	rm -rf "$PREFIX"
	mv "$stage$PREFIX" "$PREFIX"
	rm -rf "$stage"
	printf 'recipe=%s\nsource=%s=%s (upstream tarball)\nconfigure=CFLAGS=%s %s\nbuild_seconds=%s\nbuilt=%s\n' "$RECIPE" \
		"$SRCPKG" "$SOURCE_VERSION" "$CONFIGURE_CFLAGS" "${CONFIGURE_OPTIONS[*]}" "$((SECONDS - started))" \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$STAMP"
	say "built PHP $("$PREFIX/bin/php" -n -r 'echo PHP_VERSION;') ZTS in $((SECONDS - started))s into $PREFIX"
}

# The cached PHP is usable when its build finished under the current recipe.
cached() {
	grep -qx "recipe=$RECIPE" "$STAMP" 2>/dev/null
}

if ! cached && [ "$build" != 1 ]; then
	echo "SKIP zts: no cached ZTS PHP of recipe $RECIPE at $PREFIX (build it with: bash tools/ci_zts.sh --build)"
	echo "zts: 0 passed, 0 failed, 0 skipped"
	exit 0
fi
install_missing_packages
if cached; then
	say "using the cached ZTS PHP ($(sed -n 's/^built=//p' "$STAMP"), built in $(sed -n 's/^build_seconds=//p' "$STAMP")s)"
else
	mkdir -p "$(dirname "$PREFIX")"
	# One build at a time; a concurrent run waits and then finds the stamp.
	exec 9>"$PREFIX.lock"
	flock 9
	if cached; then
		say "using the ZTS PHP another run built meanwhile"
	else
		say "no cached ZTS PHP of recipe $RECIPE at $PREFIX: building it"
		build_php
	fi
	flock -u 9
fi

PHP_BIN=$PREFIX/bin/php
PHP_VERSION=$("$PHP_BIN" -n -r 'echo PHP_VERSION;')
[ "$("$PHP_BIN" -n -r 'echo PHP_ZTS;')" = 1 ] || die "$PHP_BIN is not thread-safe (remove $PREFIX and rebuild)"
say "PHP $PHP_VERSION ZTS at $PREFIX ($(sed -n 's/^source=//p' "$STAMP"))"

# ------------------------------------------------------------------ fastjson against it
# A private copy of the sources: phpize and make write into the tree.
src=$WORK/fastjson
mkdir -p "$src"
git -C "$ROOT" ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -f "$ROOT/$f" ] && printf '%s\0' "$f"; done |
	tar -C "$ROOT" --null -T - -cf - | tar -xf - -C "$src"
(
	cd "$src"
	"$PREFIX/bin/phpize"
	./configure --with-php-config="$PREFIX/bin/php-config" --enable-fastjson --enable-fastjson-dev
) >"$WORK/fastjson-configure.log" 2>&1 || { tail -n 60 "$WORK/fastjson-configure.log"; die "phpize/configure failed"; }
(cd "$src" && make -j"$JOBS") >"$WORK/fastjson-make.log" 2>&1 ||
	{ tail -n 60 "$WORK/fastjson-make.log"; die "fastjson does not build against the ZTS PHP"; }
# -Werror fails the build; this also catches the linker's warnings. Autoconf's notes on
# obsolete macros (make may rerun it for PHP's own build files) are not ours.
if grep -n -E '\.(c|h)(:[0-9]+)+: warning:|^(/usr/bin/)?(ld|cc|gcc|clang)[^:]*: warning:' "$WORK/fastjson-make.log"; then
	die "warnings in the ZTS build of fastjson"
fi

# run-tests.php's summary, e.g. "Tests passed    :   12 ( 92.3%) (100.0%)"; borked and
# leaked lines only appear when non-zero and count as failures.
count() {
	local n
	n=$(sed -n "s/^Tests $2 *: *\([0-9][0-9]*\).*/\1/p" "$1" | tail -n 1)
	echo "${n:-0}"
}

suite_log=$WORK/make-test.log
suite_status=0
say "make test NO_INTERACTION=1 REPORT_EXIT_STATUS=1"
(cd "$src" && NO_COLOR=1 make test NO_INTERACTION=1 REPORT_EXIT_STATUS=1) 2>&1 | tee "$suite_log" || suite_status=$?
suite_passed=$(count "$suite_log" passed)
suite_failed=$(($(count "$suite_log" failed) + $(count "$suite_log" borked) + $(count "$suite_log" leaked)))
suite_skipped=$(count "$suite_log" skipped)
if [ "$suite_status" -ne 0 ] && [ "$suite_failed" -eq 0 ]; then
	say "make test exited with status $suite_status"
	suite_failed=1
fi
[ "$suite_passed" -gt 0 ] || { say "no test of the suite passed"; suite_failed=$((suite_failed + 1)); }

ej_log=$WORK/ext-json.log
ej_status=0
say "PHP's ext/json tests with fastjson.override=1"
PHP=$PHP_BIN bash "$ROOT/tools/ext_json_tests.sh" "$src/modules/fastjson.so" 2>&1 | tee "$ej_log" || ej_status=$?
read -r ej_passed ej_failed ej_skipped < <(sed -n 's/^ext\/json: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$ej_log" | tail -n 1) || true
ej_passed=${ej_passed:-0} ej_failed=${ej_failed:-0} ej_skipped=${ej_skipped:-0}
if [ "$ej_status" -ne 0 ] && [ "$ej_failed" -eq 0 ]; then
	say "tools/ext_json_tests.sh exited with status $ej_status" # e.g. the tests could not be fetched
	ej_failed=1
fi

echo
echo "zts (PHP $PHP_VERSION ZTS): suite $suite_passed passed, $suite_failed failed, $suite_skipped skipped;" \
	"ext/json $ej_passed passed, $ej_failed failed, $ej_skipped skipped"
failed=$((suite_failed + ej_failed))
echo "zts: $((suite_passed + ej_passed)) passed, $failed failed, $((suite_skipped + ej_skipped)) skipped"
[ "$failed" -eq 0 ]
