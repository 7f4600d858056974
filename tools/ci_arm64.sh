#!/usr/bin/env bash
# arm64 stage of CI: the NEON kernels are built for aarch64 and the test suite runs under
# qemu-user against Debian bookworm's arm64 PHP 8.2, so the NEON code runs, not only compiles.
#   install what is missing -> arm64 sysroot (cached) -> cross-build (dev build, -Werror)
#   -> fastjson_info()['simd'] is neon
#   -> "neon":   the suite (less tests/*random*) with fastjson.simd=auto (neon); the tests
#                compare both paths the build has, scalar and neon, each with ext/json
#   -> "scalar": the same, further thinned, with fastjson.simd=scalar as the default (the
#                path of every call that a test does not switch itself)
#   -> "random": tests/*random* at their full size, with neon
# Under emulation the exhaustive tests are thinned by FASTJSON_TEST_SCALE (see
# tests/fastjson_test.inc). The tests are differential: they compare fastjson with the arm64
# PHP's own ext/json. Prints "arm64 <label>: N passed, N failed, N skipped" per run and last
# "arm64: N passed, N failed, N skipped"; exits non-zero on any failure. Only when qemu or
# the arm64 packages cannot be had, it prints "SKIP arm64: <reason>" and exits 0.
# Environment:
#   FASTJSON_ARM64_SYSROOT  sysroot cache (default /var/cache/fastjson-ci/arm64-bookworm)
#   FASTJSON_ARM64_REBUILD=1  rebuild the sysroot even if its stamp is current
#   FASTJSON_ARM64_SCALE, FASTJSON_ARM64_SCALAR_SCALE  FASTJSON_TEST_SCALE of the neon and
#     scalar runs (defaults below; 1 runs every case)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO=$PWD
export DEBIAN_FRONTEND=noninteractive
export NO_COLOR=1
SYSROOT=${FASTJSON_ARM64_SYSROOT:-/var/cache/fastjson-ci/arm64-bookworm}
NEON_SCALE=${FASTJSON_ARM64_SCALE:-0.2}
SCALAR_SCALE=${FASTJSON_ARM64_SCALAR_SCALE:-0.05}
# Bumped when the way the sysroot is made changes, so cached ones are rebuilt.
SYSROOT_RECIPE=1
# The runtime PHP packages whose dependencies (recursively) make the sysroot; php8.2-dev only
# adds headers and build files (its compiler dependencies are not needed: gcc is the cross one).
RUNTIME_PACKAGES=(php8.2-cli php8.2-common php8.2-opcache php8.2-readline php8.2-mbstring)
QEMU=/usr/bin/qemu-aarch64-static
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

skip() {
	echo "SKIP arm64: $*"
	exit 0
}

fail() {
	echo "arm64 FAILED: $*"
	exit 1
}

# ---------------------------------------------------------------------------------------
echo "== arm64: packages (${SECONDS}s)"
declare -A probe=(
	[qemu-user-static]=$QEMU
	[gcc-aarch64-linux-gnu]=/usr/bin/aarch64-linux-gnu-gcc
	[libc6-dev-arm64-cross]=/usr/aarch64-linux-gnu/include/stdlib.h
	[php8.2-dev]=/usr/bin/phpize8.2
	[php8.2-cli]=/usr/bin/php8.2
	[make]=/usr/bin/make
)
missing=()
for pkg in "${!probe[@]}"; do
	[ -e "${probe[$pkg]}" ] || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
	echo "installing: ${missing[*]}"
	# shellcheck source=lib/apt.sh
	. "$REPO/tools/lib/apt.sh"
	fj_apt_update || skip "apt-get update failed (no package mirror?)"
	fj_apt_install "${missing[@]}" || skip "cannot install ${missing[*]}"
fi
"$QEMU" --version | head -n 1

# ---------------------------------------------------------------------------------------
# The sysroot is only unpacked packages: nothing arm64 runs while it is made. apt runs with
# a private state directory and arm64 as its only architecture, so the host's dpkg
# architectures and package lists are never touched (and nothing needs restoring).
build_sysroot() {
	local new=$SYSROOT.new
	rm -rf "$new"
	mkdir -p "$new/root" "$new/apt/lists/partial" "$new/apt/cache/archives/partial" "$new/debs"
	: >"$new/apt/status"
	local apt=(-q -o APT::Architecture=arm64 -o APT::Architectures=arm64 -o Dir::State="$new/apt"
		-o Dir::State::Lists="$new/apt/lists" -o Dir::State::status="$new/apt/status"
		-o Dir::Cache="$new/apt/cache" -o APT::Sandbox::User=root)
	apt-get "${apt[@]}" update >"$new/apt.log" 2>&1 || { cat "$new/apt.log"; return 2; }
	local packages
	# Lines without indentation are package names; <virtual> ones have a real provider listed too.
	packages=$(apt-cache "${apt[@]}" depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances "${RUNTIME_PACKAGES[@]}" | grep -v -e '^ ' -e '^<' | sort -u)
	# shellcheck disable=SC2086 # one word per package
	(cd "$new/debs" && apt-get "${apt[@]}" download $packages php8.2-dev) >"$new/apt.log" 2>&1 \
		|| { cat "$new/apt.log"; return 2; }
	local deb
	for deb in "$new"/debs/*.deb; do
		dpkg-deb -x "$deb" "$new/root"
		dpkg-deb -f "$deb" Package Version | paste -sd' ' >>"$new/packages.txt"
	done
	# Without a php.ini inside the sysroot, qemu's -L would fall back to the host's.
	mkdir -p "$new/root/etc/php/8.2/cli"
	cp "$new/root/usr/lib/php/8.2/php.ini-development" "$new/root/etc/php/8.2/cli/php.ini"
	test -x "$new/root/usr/bin/php8.2" || { echo "no php8.2 in the sysroot"; return 1; }
	rm -rf "$new/apt" "$new/debs" "$new/apt.log" "$SYSROOT"
	echo "recipe $SYSROOT_RECIPE" >"$new/stamp"
	mv "$new" "$SYSROOT"
}

echo "== arm64: sysroot $SYSROOT (${SECONDS}s)"
if [ "${FASTJSON_ARM64_REBUILD:-0}" != "0" ] || [ "$(cat "$SYSROOT/stamp" 2>/dev/null)" != "recipe $SYSROOT_RECIPE" ]; then
	echo "building it (Debian bookworm arm64 packages)"
	mkdir -p "$(dirname "$SYSROOT")"
	status=0
	build_sysroot || status=$?
	if [ "$status" -eq 2 ]; then
		rm -rf "$SYSROOT.new"
		skip "the arm64 packages cannot be downloaded"
	fi
	[ "$status" -eq 0 ] || fail "building the sysroot"
	echo "$(wc -l <"$SYSROOT/packages.txt") packages unpacked"
else
	echo "cached ($(wc -l <"$SYSROOT/packages.txt") packages)"
fi
ROOT=$SYSROOT/root

PHP_ARM64=$WORK/php-arm64
cat >"$PHP_ARM64" <<EOF
#!/bin/sh
exec $QEMU -L $ROOT $ROOT/usr/bin/php8.2 "\$@"
EOF
chmod +x "$PHP_ARM64"
"$PHP_ARM64" -n -r 'echo "arm64 PHP ", PHP_VERSION, " on ", php_uname("m"), "\n";' \
	|| skip "qemu cannot run the arm64 PHP"

# ---------------------------------------------------------------------------------------
echo "== arm64: cross-build, dev build with -Werror (${SECONDS}s)"
# php-config of the arm64 PHP, pointing into the sysroot, with the wrapper as its PHP binary.
php_config=$WORK/php-config-arm64
# shellcheck disable=SC2016 # the $( in a sed pattern is literal
sed -e "s|^include_dir=.*|include_dir=\"$ROOT/usr/include/php/20220829\"|" \
	-e "s|^extension_dir=.*|extension_dir=\"$ROOT/usr/lib/php/20220829\"|" \
	-e 's|^ldflags=.*|ldflags=""|' \
	-e "s|^php_cli_binary=NONE|php_cli_binary=\"$PHP_ARM64\"|" \
	-e 's|^php_sapis=\$(dpkg-query.*|php_sapis=""|' \
	"$ROOT/usr/bin/php-config8.2" >"$php_config"
chmod +x "$php_config"
[ "$("$php_config" --php-binary)" = "$PHP_ARM64" ] || fail "the php-config copy was not rewritten as expected"

BUILD=$WORK/build
mkdir -p "$BUILD"
git -C "$REPO" ls-files -z --cached --others --exclude-standard | \
	while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done | \
	tar --null -T - -cf - | tar -xf - -C "$BUILD"
(
	cd "$BUILD"
	phpize8.2 >"$WORK/phpize.log" 2>&1 || { cat "$WORK/phpize.log"; exit 1; }
	./configure --host=aarch64-linux-gnu --with-php-config="$php_config" --enable-fastjson \
		--enable-fastjson-dev >"$WORK/configure.log" 2>&1 || { cat "$WORK/configure.log"; exit 1; }
	grep -E 'NEON|SSE2|AVX2' "$WORK/configure.log" || true
	grep -q -E 'NEON intrinsics\.\.\. (\(cached\) )?yes' "$WORK/configure.log" || { echo "NEON was not detected"; exit 1; }
	make -j2 >"$WORK/make.log" 2>&1 || { cat "$WORK/make.log"; exit 1; }
	if grep -n -i -E '(^|[^a-z])warning:' "$WORK/make.log"; then
		echo "warnings in the aarch64 build"
		exit 1
	fi
	aarch64-linux-gnu-readelf -h modules/fastjson.so | grep -q 'Machine: *AArch64' \
		|| { echo "modules/fastjson.so is not an aarch64 object"; exit 1; }
) || fail "aarch64 cross-build"
echo "aarch64 build: ok ($(du -k "$BUILD/modules/fastjson.so" | cut -f1) KiB)"

simd=$("$PHP_ARM64" -n -d extension="$BUILD/modules/fastjson.so" -r 'echo fastjson_info()["simd"];') \
	|| fail "the arm64 PHP cannot load the aarch64 build"
echo "fastjson_info()['simd'] = $simd"
[ "$simd" = neon ] || fail "fastjson picked '$simd' on arm64, not neon"

# ---------------------------------------------------------------------------------------
# The corpus tests also look for ../shared/corpus next to the repository (a CI clone has it).
if [ -d "$REPO/../shared" ]; then
	ln -s "$(cd "$REPO/../shared" && pwd)" "$WORK/shared"
fi

# count_in <log> <run-tests.php summary label>: "Tests passed    :   12 ( 92.3%) (100.0%)" -> 12
count_in() {
	local v
	v=$(sed -n "s/^$2 *: *\([0-9][0-9]*\).*/\1/p" "$1" | tail -n 1)
	echo "${v:-0}"
}

# run_suite <label> <FASTJSON_TEST_SCALE> <fastjson.simd> <FASTJSON_TEST_SIMD_PATHS> <tests...>
# (an empty FASTJSON_TEST_SIMD_PATHS: the tests compare every path the build has, scalar and neon)
total_passed=0
total_failed=0
total_skipped=0
run_suite() {
	local label=$1 scale=$2 simd=$3 paths=$4
	shift 4
	local log=$WORK/tests-$label.log
	echo "== arm64 $label: fastjson.simd=$simd FASTJSON_TEST_SCALE=$scale" \
		"FASTJSON_TEST_SIMD_PATHS=${paths:-(all)}, $# tests (${SECONDS}s)"
	local status=0 start=$SECONDS
	rm -f tests/*.diff
	# Emulated, a test takes several times as long as natively: run-tests.php's default limit
	# of 60 s per test is raised.
	FASTJSON_TEST_SCALE=$scale FASTJSON_TEST_SIMD_PATHS=$paths TEST_PHP_EXECUTABLE="$PHP_ARM64" \
		REPORT_EXIT_STATUS=1 NO_INTERACTION=1 php -n -d memory_limit=-1 \
		"$ROOT/usr/lib/php/20220829/build/run-tests.php" -n -p "$PHP_ARM64" \
		-d extension="$BUILD/modules/fastjson.so" -d fastjson.simd="$simd" -d open_basedir= \
		-d output_buffering=0 -d memory_limit=-1 -j2 -q --set-timeout 1200 --show-slow 30000 "$@" \
		>"$log" 2>&1 || status=$?
	# Tests that did not pass (run-tests.php separates its progress lines with CRs), the summary
	# with the slow tests, and the start of each failed test's diff.
	tr '\r' '\n' <"$log" | grep -E '^(FAIL|BORK|LEAK|SKIP|WARN) ' || true
	sed -n '/^Number of tests/,$p' "$log"
	local diff
	for diff in tests/*.diff; do
		if [ -e "$diff" ]; then
			echo "--- $diff"
			head -n 40 "$diff"
		fi
	done
	local passed failed skipped
	passed=$(count_in "$log" 'Tests passed')
	failed=$(($(count_in "$log" 'Tests failed') + $(count_in "$log" 'Tests borked') + $(count_in "$log" 'Tests leaked')))
	skipped=$(count_in "$log" 'Tests skipped')
	if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
		echo "run-tests.php exited with status $status"
		failed=1
	fi
	if [ "$passed" -eq 0 ]; then
		echo "no test passed in this run"
		failed=$((failed + 1))
	fi
	# The wall time depends on what else runs on the machine: the load average tells.
	echo "arm64 $label took $((SECONDS - start))s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
	echo "arm64 $label: $passed passed, $failed failed, $skipped skipped"
	total_passed=$((total_passed + passed))
	total_failed=$((total_failed + failed))
	total_skipped=$((total_skipped + skipped))
}

cd "$BUILD"
random_tests=(tests/*random*.phpt)
other_tests=()
for t in tests/*.phpt; do
	case $t in *random*) ;; *) other_tests+=("$t") ;; esac
done
# Both runs compare every path (scalar and neon); they differ in the default path. (Limiting
# the scalar run to FASTJSON_TEST_SIMD_PATHS=scalar fails encode_corpus_seeds_naughty.phpt,
# whose least case count assumes two paths or more.)
run_suite neon "$NEON_SCALE" auto '' "${other_tests[@]}"
run_suite scalar "$SCALAR_SCALE" scalar '' "${other_tests[@]}"
run_suite random 1 auto '' "${random_tests[@]}"

echo "arm64 stage time: ${SECONDS}s"
echo "arm64: $total_passed passed, $total_failed failed, $total_skipped skipped"
[ "$total_failed" -eq 0 ]
