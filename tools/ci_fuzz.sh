#!/usr/bin/env bash
# Coverage-guided differential fuzzing (libFuzzer + ASan/UBSan/LSan): fastjson against
# ext/json in one embedded PHP, targets decode, validate and encode (see fuzz/fastjson_fuzz.c).
# Installs what is missing, builds (fuzz/build.sh), runs each target for a bounded time from
# the committed corpus (fuzz/corpus/<target>) plus a corpus cache outside the repository,
# then prints per target
#   fuzz <target>: N execs, N edges (cov), N findings
# and last "fuzz: N passed, N failed" (a target passes when it ran and found nothing).
#   FASTJSON_FUZZ_SECONDS  seconds per target (default 60); long run, corpus kept in the cache:
#                          FASTJSON_FUZZ_SECONDS=3600 bash tools/ci_fuzz.sh
#   FASTJSON_FUZZ_TARGETS  targets to run (default "decode validate encode")
#   FASTJSON_FUZZ_CACHE    cache dir (default ~/.cache/fastjson-fuzz): build/, corpus/<target>/
#                          (inputs found so far), findings/ (crash inputs and their reports)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
SECONDS_PER_TARGET=${FASTJSON_FUZZ_SECONDS:-60}
TARGETS=${FASTJSON_FUZZ_TARGETS:-decode validate encode}
CACHE=${FASTJSON_FUZZ_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fastjson-fuzz}
# Inputs above this size make executions slow without reaching code smaller ones cannot.
MAX_LEN=8192
export DEBIAN_FRONTEND=noninteractive

# Debian packages this needs; only missing ones are installed (clang's libFuzzer runtime is
# libclang-rt-14-dev, which clang only recommends).
missing=()
for pkg in clang libclang-rt-14-dev php8.2-dev libphp8.2-embed; do
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$pkg")
	fi
done
if [ "${#missing[@]}" -gt 0 ]; then
	echo "installing: ${missing[*]}"
	# shellcheck source=lib/apt.sh
	. "$ROOT/tools/lib/apt.sh"
	fj_apt_update
	fj_apt_install "${missing[@]}"
fi

mkdir -p "$CACHE/findings"
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
echo "building the fuzz targets into $CACHE/build"
if ! bash fuzz/build.sh "$CACHE/build" >"$build_log" 2>&1; then
	cat "$build_log"
	echo "fuzz: 0 passed, $(wc -w <<<"$TARGETS") failed"
	exit 1
fi

passed=0
failed=0
for target in $TARGETS; do
	corpus="$CACHE/corpus/$target"
	run_dir=$(mktemp -d)
	mkdir -p "$corpus"
	# New inputs go to the first directory (the cache); the committed corpus is only read.
	set +e
	nice -n 10 "$CACHE/build/fastjson_fuzz_$target" -max_total_time="$SECONDS_PER_TARGET" -max_len="$MAX_LEN" \
		-timeout=30 -rss_limit_mb=4096 -dict="$ROOT/fuzz/dict/json.dict" -print_final_stats=1 \
		-artifact_prefix="$run_dir/" "$corpus" "$ROOT/fuzz/corpus/$target" >"$run_dir/log" 2>&1
	status=$?
	set -e
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run_dir/log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$run_dir/log" | tail -n 1 | cut -d' ' -f2)
	ft=$(grep -o 'ft: [0-9]*' "$run_dir/log" | tail -n 1 | cut -d' ' -f2)
	# A slow unit (libFuzzer's note for an input that ran 10 s or more, under -timeout) is not
	# a finding: deep JSON_PRETTY_PRINT output is quadratic for both sides, and a loaded
	# machine stalls a run. It is named in the log; a timeout still fails.
	findings=$(find "$run_dir" -maxdepth 1 -type f ! -name log ! -name 'slow-unit-*' | wc -l)
	find "$run_dir" -maxdepth 1 -type f -name 'slow-unit-*' -printf "fuzz $target: note: %f (an input that ran 10 s or more once)\n"
	if [ "$status" -ne 0 ] && [ "$findings" -eq 0 ]; then
		findings=1  # it stopped on something without writing an input (e.g. a startup failure)
	fi
	echo "fuzz $target: features (ft) ${ft:-0}, corpus $(find "$corpus" -type f | wc -l) files in the cache, ${SECONDS_PER_TARGET}s"
	echo "fuzz $target: ${execs:-0} execs, ${cov:-0} edges (cov), $findings findings"
	if [ "$findings" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		keep="$CACHE/findings/$target-$(date -u +%Y%m%dT%H%M%S)"
		mkdir -p "$keep"
		cp "$run_dir"/* "$keep/"
		# The harness's report (both sides) or the sanitizer's, then each input in hex.
		grep -v -E '^(#[0-9]+|INFO:|MS:|stat::)' "$run_dir/log" | tail -n 60
		for f in "$run_dir"/*; do
			[ "$(basename "$f")" = log ] && continue
			echo "input $(basename "$f") (hex): $(od -An -v -tx1 "$f" | tr -d ' \n' | head -c 2000)"
		done
		echo "kept in $keep"
	fi
	rm -rf "$run_dir"
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
