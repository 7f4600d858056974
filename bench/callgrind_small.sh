#!/usr/bin/env bash
# Per-call cost of json_decode()/json_validate()/json_encode() on small payloads, ext/json against
# fastjson in one build, counted with valgrind --tool=callgrind: instructions per call
# (warm), and with -c the distinct data lines a call on cold caches misses. Counts do
# not depend on machine load: the stable check behind bench/cold.php's timings.
#
#   bench/callgrind_small.sh [-e fastjson.so] [-n N] [-c] [PAYLOAD...]
#
#   -e SO     the extension (default: $FASTJSON_SO, else modules/fastjson.so of the repo)
#   -n N      calls per measurement (default 200; with -c, 6)
#   -c        cold: simulated data caches (48 KB D1, 2 MB LL) emptied before each call
#             by reading 8 MB; reports the data lines (D1 read + write misses) per call
#             inside the json_* handler: the input, the result's fresh memory, the
#             allocator's free lists, globals, the stack, tables. (Reading data does not
#             empty the instruction cache, so code lines are not counted.)
#   PAYLOAD   names of bench/cold.php's payloads (default: tiny log-record request-1k
#             request-body request-5k)
#
# Both sides are the same json_*() call with fastjson.override=1, A/B by fastjson.enabled
# (ext = 0, fast = 1), as bench/cold.php times them. Warm: (Ir(N) - Ir(0)) / N, the
# script's start-up subtracted; the PHP loop around the call is included on both sides.
# Cold: (misses(N) - misses(1)) / (N - 1) inside the handler (callgrind --toggle-collect),
# so the first call's one-time costs cancel; LD_BIND_NOW keeps symbol binding out.
# On PHP 8.2 the ext side of validate is ext/json's decoder to arrays (as in cold.php).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
so=${FASTJSON_SO:-$here/../modules/fastjson.so}
n=
cold=0
while getopts "e:n:ch" opt; do
	case $opt in
		e) so=$OPTARG ;;
		n) n=$OPTARG ;;
		c) cold=1 ;;
		*) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 1 ;;
	esac
done
shift $((OPTIND - 1))
payloads=${*:-tiny log-record request-1k request-body request-5k}
n=${n:-$([ "$cold" = 1 ] && echo 6 || echo 200)}

command -v valgrind >/dev/null 2>&1 || { echo "callgrind_small.sh: valgrind not found" >&2; exit 1; }
[ -f "$so" ] || { echo "callgrind_small.sh: extension not found: $so (use -e or FASTJSON_SO)" >&2; exit 1; }
so=$(cd "$(dirname "$so")" && pwd)/$(basename "$so")
php=(php -n -d "extension=$so" -d fastjson.override=1)
helper=$here/callgrind_small.php
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run <callgrind options...> -- <helper arguments...>: the events' totals, "name=value ..."
run() {
	local opts=()
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	LD_BIND_NOW=1 valgrind --tool=callgrind "${opts[@]}" --callgrind-out-file="$tmp/cg.out" \
		"${php[@]}" "$helper" "$@" >/dev/null 2>"$tmp/vg.err" || { cat "$tmp/vg.err" >&2; exit 1; }
	awk '/^events:/ { for (i = 2; i <= NF; i++) name[i] = $i }
		/^(summary|totals):/ { for (i = 2; i <= NF; i++) printf "%s=%s ", name[i], $i; print ""; exit }' "$tmp/cg.out"
}
# get NAME "name=value ...": the value
get() { sed -n "s/.*\<$1=\([0-9]*\).*/\1/p" <<<"$2"; }

echo "callgrind_small: $($(printf '%q ' "${php[@]}") -r 'echo "PHP ", PHP_VERSION, ", fastjson ", phpversion("fastjson");'), $(valgrind --version)"
if [ "$cold" = 1 ]; then
	echo "cold: lines missed per call inside the handler, caches emptied before each call; (misses($n) - misses(1)) / $((n - 1))"
	printf '%-13s %6s %-12s | %9s %9s %6s\n' payload bytes call "ext data" "fast data" ratio
else
	echo "warm: instructions per call, (Ir($n) - Ir(0)) / $n"
	printf '%-13s %6s %-12s | %9s %9s %7s\n' payload bytes call ext fast ratio
fi
declare -A ir data
for p in $payloads; do
	bytes=$("${php[@]}" "$helper" "$p" decode fast -1) || exit 2
	for call in decode decode-assoc validate encode-assoc encode-obj; do
		"${php[@]}" "$helper" "$p" "$call" fast -1 >/dev/null || exit 2
		if [ "$cold" = 1 ]; then
			handler=fastjson_override_json_decode
			[ "$call" = validate ] && handler=fastjson_override_json_validate
			[ "${call#encode}" != "$call" ] && handler=fastjson_override_json_encode
			sim=(--cache-sim=yes "--D1=49152,12,64" "--LL=2097152,16,64" "--toggle-collect=$handler")
			line="$(printf '%-13s %6d %-12s |' "$p" "$bytes" "$call")"
			for side in ext fast; do
				one=$(run "${sim[@]}" -- "$p" "$call" "$side" 1 cold)
				all=$(run "${sim[@]}" -- "$p" "$call" "$side" "$n" cold)
				data[$side]=$(( ($(get D1mr "$all") + $(get D1mw "$all") - $(get D1mr "$one") - $(get D1mw "$one")) * 10 / (n - 1) ))
			done
			awk -v l="$line" -v de="${data[ext]}" -v df="${data[fast]}" 'BEGIN {
				printf "%s %9.1f %9.1f %5.2fx\n", l, de / 10, df / 10, (df > 0 ? de / df : 0) }'
		else
			for side in ext fast; do
				base=$(get Ir "$(run -- "$p" "$call" "$side" 0)")
				ir[$side]=$(( $(get Ir "$(run -- "$p" "$call" "$side" "$n")") - base ))
			done
			awk -v p="$p" -v b="$bytes" -v c="$call" -v n="$n" -v e="${ir[ext]}" -v f="${ir[fast]}" 'BEGIN {
				printf "%-13s %6d %-12s | %9.0f %9.0f %6.2fx\n", p, b, c, e / n, f / n, e / f }'
		fi
	done
done
