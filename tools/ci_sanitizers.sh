#!/usr/bin/env bash
# The test suite under AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer):
# fastjson built with clang -fsanitize=address,undefined, every test PHP run with
# USE_ZEND_ALLOC=0 (PHP's allocator hands each emalloc() to malloc(), so ASan sees every
# block) and ZEND_DONT_UNLOAD_MODULES=1 (reports can still name fastjson's frames).
#
# Debian's PHP is not built with ASan, so its runtime is LD_PRELOADed into each test PHP.
# PHP dlopen()s extensions with RTLD_DEEPBIND, which ASan refuses: the shim
# tools/asan/dlopen_no_deepbind.c, preloaded first, drops that flag.
#
# A sanitizer report makes its process exit (halt_on_error, -fno-sanitize-recover) and is
# written to a log file per test; run-tests.php compares only output, so after the run
# every report counts as a failure of its test, whatever run-tests.php said.
#
# Leaks: PHP itself can leave memory behind at exit (opcache preloading registers
# functions it never frees, a test that times out dies mid-request), so a LeakSanitizer
# report counts when one of its allocation stacks passes through fastjson. Debian's PHP
# has no frame pointers, so the fast unwinder ASan uses on every malloc() skips the
# frame of whichever fastjson function called emalloc(): tests whose leaks name no
# fastjson frame run once more alone with the exact (slow) unwinder, and only what that
# second run attributes to PHP is ignored; it is listed, not hidden.
#
# Usage: tools/ci_sanitizers.sh
# Environment:
#   FASTJSON_SANITIZERS_JOBS  parallel test processes (default: nproc)
#   FASTJSON_SANITIZERS_TESTS tests to run, as for run-tests.php (default: tests)
#   FASTJSON_TEST_SCALE       passed to the tests (default here 0.25: the exhaustive tests
#                             shrink for ASan's speed)
# Prints the run-tests output, every counted report, and last
# "sanitizers: N passed, N failed, N skipped"; exits non-zero on any failure or report.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=lib/apt.sh
. "$ROOT/tools/lib/apt.sh"
JOBS=${FASTJSON_SANITIZERS_JOBS:-$(nproc 2>/dev/null || echo 2)}
read -r -a TESTS <<<"${FASTJSON_SANITIZERS_TESTS:-tests}"
SANITIZE=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)

say() { printf 'sanitizers: %s\n' "$*"; }
die() { printf 'sanitizers: error: %s\n' "$*" >&2; exit 1; }

# ------------------------------------------------------------------ packages
# Debian package -> a file it installs; only missing ones are installed.
declare -A probe=(
	[php8.2-dev]=/usr/bin/phpize8.2
	[php8.2-cli]=/usr/bin/php8.2
	[build-essential]=/usr/bin/make
	[clang]=/usr/bin/clang
	[libclang-rt-14-dev]=/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.asan-x86_64.so
	[llvm-14]=/usr/bin/llvm-symbolizer-14 # symbolizes the reports
)
missing=()
for pkg in "${!probe[@]}"; do
	[ -e "${probe[$pkg]}" ] || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
	say "installing: ${missing[*]}"
	fj_apt_update >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		--no-install-recommends "${missing[@]}" </dev/null
fi
ASAN_RUNTIME=$(clang -print-file-name=libclang_rt.asan-x86_64.so)
[ -f "$ASAN_RUNTIME" ] || die "clang's ASan runtime not found ($ASAN_RUNTIME)"
PHP_BIN=$(command -v php) || die "no php on PATH"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-sanitizers.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
LOGS=$WORK/reports
mkdir -p "$LOGS"

# ------------------------------------------------------------------ build
clang -shared -fPIC -O2 -Wall -Wextra -Werror -o "$WORK/dlopen_no_deepbind.so" \
	"$ROOT/tools/asan/dlopen_no_deepbind.c" -ldl

# A private copy of the sources: phpize and make write into the tree.
src=$WORK/src
mkdir -p "$src"
git -C "$ROOT" ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -f "$ROOT/$f" ] && printf '%s\0' "$f"; done |
	tar -C "$ROOT" --null -T - -cf - | tar -xf - -C "$src"
say "building fastjson with clang ${SANITIZE[*]}"
(
	cd "$src"
	phpize
	CC=clang CFLAGS="-g -O1 ${SANITIZE[*]}" LDFLAGS="${SANITIZE[*]}" \
		./configure --enable-fastjson --enable-fastjson-dev
	make -j"$JOBS"
) >"$WORK/build.log" 2>&1 || { tail -n 60 "$WORK/build.log"; die "the sanitizer build failed"; }
grep -q '__asan_report' < <(nm -D "$src/modules/fastjson.so") || die "fastjson.so is not instrumented"

# ------------------------------------------------------------------ the test PHP
# run-tests.php itself runs on plain PHP; each test (and any PHP a test starts) runs
# through this wrapper. Reports go to $LOGS/<test>.<pid> ("<test>" from the script run).
wrapper=$WORK/php-sanitized
cat >"$wrapper" <<EOF
#!/bin/sh
# A PHP started by a test (through TEST_PHP_EXECUTABLE) reports under its test's name.
test=\${FASTJSON_SANITIZED_TEST:-}
if [ -z "\$test" ]; then
	test=startup
	for arg in "\$@"; do
		case \$arg in *.php) test=\$(basename "\$arg" .php) ;; esac
	done
fi
export FASTJSON_SANITIZED_TEST=\$test
# ZendMM off unless the caller chose: a memory test's child PHP asks for ZendMM
# (USE_ZEND_ALLOC=1) to measure what memory_limit sees.
export USE_ZEND_ALLOC=\${USE_ZEND_ALLOC:-0} ZEND_DONT_UNLOAD_MODULES=1
export ASAN_SYMBOLIZER_PATH=/usr/bin/llvm-symbolizer-14
export ASAN_OPTIONS="verify_asan_link_order=0:halt_on_error=1:detect_leaks=1:fast_unwind_on_malloc=\${FASTJSON_SANITIZED_FAST_UNWIND:-1}:log_path=$LOGS/\$test"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$LOGS/\$test"
# Leak reports are judged from their logs (below), not by exit status: PHP checks the exit
# status of the child that opcache preloading forks as root, and LeakSanitizer's would
# fail preloading over PHP's own startup allocations.
export LSAN_OPTIONS=exitcode=0
export LD_PRELOAD="$WORK/dlopen_no_deepbind.so $ASAN_RUNTIME"
exec "$PHP_BIN" "\$@"
EOF
chmod +x "$wrapper"

# The wrapper starts PHP under ASan with the instrumented fastjson loaded.
probe_out=$("$wrapper" -n -d extension="$src/modules/fastjson.so" -r 'echo extension_loaded("fastjson") ? "loaded" : "missing";' 2>&1) || true
if [ "$probe_out" != loaded ]; then
	cat "$LOGS"/* 2>/dev/null || true
	die "the sanitized PHP does not start with fastjson loaded: $probe_out"
fi

# ------------------------------------------------------------------ the suite
# The heavy exhaustive and random tests at reduced counts: ASan makes each malloc() slow.
# (FASTJSON_TEST_CASES and FASTJSON_FUZZ_CASES stay at their defaults: the float tests
# require their default count and decode_random_differential prints it.)
export FASTJSON_TEST_SCALE=${FASTJSON_TEST_SCALE:-0.25}
say "FASTJSON_TEST_SCALE=$FASTJSON_TEST_SCALE, $JOBS jobs"

# run_tests <log> <test>...: run-tests.php with every test PHP sanitized; its status.
run_tests() {
	local out=$1
	shift
	(cd "$src" && NO_INTERACTION=1 NO_COLOR=1 TEST_PHP_EXECUTABLE="$wrapper" \
		"$PHP_BIN" -n -d open_basedir= -d output_buffering=0 -d memory_limit=-1 run-tests.php \
		-q --no-color --no-progress --show-slow 60000 --set-timeout 900 -j"$JOBS" -p "$wrapper" \
		-n -d extension_dir="$src/modules/" -d extension="$src/modules/fastjson.so" "$@") 2>&1 |
		tee "$out"
}
export USE_ZEND_ALLOC=0
log=$WORK/run-tests.log
status=0
run_tests "$log" "${TESTS[@]}" || status=$?

count() {
	local n
	n=$(sed -n "s/^Tests $1 *: *\([0-9][0-9]*\).*/\1/p" "$log" | tail -n 1)
	echo "${n:-0}"
}
passed=$(count passed)
failed=$(($(count failed) + $(count borked) + $(count leaked)))
skipped=$(count skipped)
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
	say "run-tests.php exited with status $status"
	failed=1
fi
if [ "$passed" -eq 0 ]; then
	say "no test passed: did run-tests.php run?"
	[ "$failed" -gt 0 ] || failed=1
fi

# ------------------------------------------------------------------ the reports
# A leak report is a list of blocks "Direct leak of ... allocated from:" + frames.
leaks_only() {
	grep -q 'ERROR: LeakSanitizer' "$1" && ! grep -v 'LeakSanitizer' "$1" | grep -q -E 'ERROR: |runtime error'
}
leak_in_fastjson() {
	awk -v RS= '/leak of/ && /fastjson/ { found = 1 } END { exit !found }' "$1"
}
test_of() {
	local name
	name=$(basename "$1")
	name=${name%.*} # the pid
	name=${name%.skip} # a SKIPIF section runs as NAME.skip.php, a CLEAN one as NAME.clean.php
	echo "${name%.clean}"
}

# Tests whose reports are all leaks without a fastjson frame: run again, exact unwinding.
unattributed=()
for report in "$LOGS"/*; do
	if [ -f "$report" ] && leaks_only "$report" && ! leak_in_fastjson "$report"; then
		unattributed+=("$(test_of "$report")")
	fi
done
mapfile -t unattributed < <(printf '%s\n' "${unattributed[@]+"${unattributed[@]}"}" | sort -u |
	while IFS= read -r test; do [ -f "$src/tests/$test.phpt" ] && echo "$test"; done)
if [ "${#unattributed[@]}" -gt 0 ]; then
	say "leaks without a fastjson frame in ${#unattributed[@]} test(s): running them again with the exact unwinder"
	rerun=()
	for test in "${unattributed[@]}"; do
		rm -f "$LOGS/$test".*
		rerun+=("tests/$test.phpt")
	done
	FASTJSON_SANITIZED_FAST_UNWIND=0 run_tests "$WORK/rerun.log" "${rerun[@]}" >/dev/null ||
		true # only their reports matter: the first run counted their results
	for test in "${unattributed[@]}"; do
		[ -n "$(ls "$LOGS/$test".* 2>/dev/null)" ] ||
			say "note: $test.phpt left no leak report when run alone"
	done
fi

counted=()
ignored=()
for report in "$LOGS"/*; do
	[ -f "$report" ] || continue
	if leaks_only "$report" && ! leak_in_fastjson "$report"; then
		ignored+=("$(test_of "$report")")
	else
		counted+=("$report")
	fi
done
reported_tests=()
for report in "${counted[@]+"${counted[@]}"}"; do
	printf '\n---- sanitizer report from %s (%s) ----\n' "$(test_of "$report")" "$(basename "$report")"
	head -n 80 "$report"
	reported_tests+=("$(test_of "$report")")
done
[ "${#ignored[@]}" -eq 0 ] ||
	say "ignored: leaks with no fastjson frame (PHP's own) in: $(printf '%s\n' "${ignored[@]}" | sort | uniq -c | awk '{ printf "%s%s (%d)", sep, $2, $1; sep = ", " }')"
# A test with a report that run-tests.php passed is one more failure.
if [ "${#reported_tests[@]}" -gt 0 ]; then
	while IFS= read -r test; do
		if ! grep -q -E "^FAIL .*\[tests/$test\.phpt\]" "$log"; then
			say "FAIL (sanitizer report) tests/$test.phpt"
			failed=$((failed + 1))
			passed=$((passed > 0 ? passed - 1 : 0))
		fi
	done < <(printf '%s\n' "${reported_tests[@]}" | sort -u)
fi
echo "sanitizers: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
