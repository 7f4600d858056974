#!/bin/sh
# Instructions per input byte of json_encode() vs fastjson_encode() on one
# string, counted with valgrind --tool=callgrind. Instruction counts do not
# depend on machine load, so this is the stable check of the string escaper.
#
#   bench/callgrind.sh [-e path/to/fastjson.so] [-n N] [-f "FLAGS..."] [TEXT...]
#
#   -e SO     the extension (default: $FASTJSON_SO, else modules/fastjson.so of the repo)
#   -n N      encodes per measurement (default 20)
#   -f FLAGS  json flags to test, space separated ints (default "0 256";
#             256 = JSON_UNESCAPED_UNICODE)
#   TEXT      names in bench/data/seeds/artukrainskiy-php-src-bench (default: en ru zh),
#             or paths of .json files (e.g. a seed corpus), decoded and then encoded
#
# For each text, flags and function it runs the helper twice under callgrind,
# with N encodes and with 0, and reports (Ir(N) - Ir(0)) / (N * input bytes):
# start-up, file reading and set-up cancel out.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
so=${FASTJSON_SO:-$here/../modules/fastjson.so}
n=20
flagset="0 256"
while getopts "e:n:f:h" opt; do
    case $opt in
        e) so=$OPTARG ;;
        n) n=$OPTARG ;;
        f) flagset=$OPTARG ;;
        *) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 1 ;;
    esac
done
shift $((OPTIND - 1))
texts=${*:-en ru zh}

command -v valgrind >/dev/null 2>&1 || { echo "callgrind.sh: valgrind not found" >&2; exit 1; }
[ -f "$so" ] || { echo "callgrind.sh: extension not found: $so (use -e or FASTJSON_SO)" >&2; exit 1; }
php="php -n -d extension=$so -d fastjson.override=0"
helper=$here/callgrind_encode.php
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# total instructions (Ir) of one run under callgrind
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" $php "$helper" "$@" >/dev/null 2>"$tmp/vg.err" \
        || { cat "$tmp/vg.err" >&2; exit 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$tmp/cg.out"
}

echo "callgrind: instructions per input byte, $n encodes of one string, baseline (0 encodes) subtracted"
echo "$(php -n -r 'echo "PHP ", PHP_VERSION;'), $(valgrind --version), extension $so"
echo
printf '%-10s %8s %6s %9s %14s %14s %8s\n' text "in bytes" flags "out bytes" "json_encode" "fastjson" "ratio"
for t in $texts; do
    case $t in
        */*) f=$t ;;
        *) f=$here/data/seeds/artukrainskiy-php-src-bench/$t.txt ;;
    esac
    [ -f "$f" ] || { echo "callgrind.sh: no such text: $f" >&2; exit 1; }
    for fl in $flagset; do
        sizes=$($php "$helper" check "$f" "$fl" 0) || exit 2
        inb=${sizes% *}
        outb=${sizes#* }
        j1=$(ir json "$f" "$fl" "$n"); j0=$(ir json "$f" "$fl" 0)
        f1=$(ir fast "$f" "$fl" "$n"); f0=$(ir fast "$f" "$fl" 0)
        awk -v t="$(basename "$f")" -v b="$inb" -v o="$outb" -v fl="$fl" -v n="$n" \
            -v j1="$j1" -v j0="$j0" -v f1="$f1" -v f0="$f0" 'BEGIN {
                j = (j1 - j0) / (n * b); f = (f1 - f0) / (n * b);
                printf "%-10s %8d %6d %9d %10.2f Ir/B %10.2f Ir/B %7.2fx\n", t, b, fl, o, j, f, (f > 0 ? j / f : 0)
            }'
    done
done
