#!/bin/sh
# Instructions per input byte of json_decode() vs fastjson_decode() and
# fastjson_validate() on string-heavy JSON, counted with valgrind --tool=callgrind.
# Instruction counts do not depend on machine load: the stable check of the
# decoder's string scanner.
#
#   bench/callgrind_decode.sh [-e fastjson.so] [-n N] [-s "SHAPES"] [-u "ENCS"] [TEXT...]
#
#   -e SO      the extension (default: $FASTJSON_SO, else modules/fastjson.so of the repo)
#   -n N       decodes per measurement (default 20)
#   -s SHAPES  documents built from each text (default "string medium"):
#              string = one JSON string, medium = array of 256-byte pieces,
#              lines = array of its lines
#   -u ENCS    how non-ASCII text is written (default "raw esc"): raw = UTF-8 as is
#              (JSON_UNESCAPED_UNICODE), esc = \uXXXX escapes (json_encode flags 0)
#   TEXT       names in bench/data/seeds/artukrainskiy-php-src-bench (default: en ru zh)
#   PHP_OPTS   (environment) extra php options, e.g. "-d fastjson.simd=sse2"
#
# For each document it runs callgrind_decode.php under callgrind once with 0
# decodes (the baseline: start-up, file read, document build) and once per
# function with N, and reports (Ir(N) - Ir(0)) / (N * document bytes).
# validate/json_decode is the ratio fastjson_validate vs json_decode, the PHP 8.2
# reference; PHP 8.3+ adds a json_validate column.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
so=${FASTJSON_SO:-$here/../modules/fastjson.so}
n=20
shapes="string medium"
encs="raw esc"
while getopts "e:n:s:u:h" opt; do
    case $opt in
        e) so=$OPTARG ;;
        n) n=$OPTARG ;;
        s) shapes=$OPTARG ;;
        u) encs=$OPTARG ;;
        *) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 1 ;;
    esac
done
shift $((OPTIND - 1))
texts=${*:-en ru zh}

command -v valgrind >/dev/null 2>&1 || { echo "callgrind_decode.sh: valgrind not found" >&2; exit 1; }
[ -f "$so" ] || { echo "callgrind_decode.sh: extension not found: $so (use -e or FASTJSON_SO)" >&2; exit 1; }
php="php -n -d extension=$so -d fastjson.override=0 ${PHP_OPTS:-}"
helper=$here/callgrind_decode.php
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# total instructions (Ir) of one run under callgrind
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" $php "$helper" "$@" >/dev/null 2>"$tmp/vg.err" \
        || { cat "$tmp/vg.err" >&2; exit 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$tmp/cg.out"
}

jv=$($php -r 'echo function_exists("json_validate") ? 1 : 0;')
echo "callgrind: instructions per document byte, $n decodes, baseline (0 decodes) subtracted"
echo "$($php -r 'echo "PHP ", PHP_VERSION;'), $(valgrind --version), extension $so"
echo
printf '%-10s %-6s %-3s %9s %7s %12s %12s %7s %12s %7s' text shape enc "doc bytes" strings \
    "json_decode" "fastjson" "ratio" "fj_validate" "ratio"
[ "$jv" = 1 ] && printf ' %12s' "json_validate"
echo
for t in $texts; do
    f=$here/data/seeds/artukrainskiy-php-src-bench/$t.txt
    [ -f "$f" ] || { echo "callgrind_decode.sh: no such text: $f" >&2; exit 1; }
    for sh in $shapes; do
        rawb=
        for enc in $encs; do
            sizes=$($php "$helper" check "$f" "$sh" "$enc" 0) || exit 2
            b=${sizes% *}
            cnt=${sizes#* }
            # escaping only changes non-ASCII text: the same size means the same document
            [ "$enc" = raw ] && rawb=$b
            if [ "$enc" = esc ] && [ "$b" = "$rawb" ]; then
                printf '%-10s %-6s %-3s %9d %7d   (ASCII only: the same document as raw)\n' "$t" "$sh" "$enc" "$b" "$cnt"
                continue
            fi
            base=$(ir json "$f" "$sh" "$enc" 0)
            j=$(ir json "$f" "$sh" "$enc" "$n")
            fa=$(ir fast "$f" "$sh" "$enc" "$n")
            v=$(ir validate "$f" "$sh" "$enc" "$n")
            x=0
            [ "$jv" = 1 ] && x=$(ir json_validate "$f" "$sh" "$enc" "$n")
            awk -v t="$t" -v sh="$sh" -v enc="$enc" -v b="$b" -v cnt="$cnt" -v n="$n" -v jv="$jv" \
                -v base="$base" -v j="$j" -v fa="$fa" -v v="$v" -v x="$x" 'BEGIN {
                    j = (j - base) / (n * b); f = (fa - base) / (n * b); v = (v - base) / (n * b);
                    printf "%-10s %-6s %-3s %9d %7d %7.2f Ir/B %7.2f Ir/B %6.2fx %7.2f Ir/B %6.2fx",
                        t, sh, enc, b, cnt, j, f, (f > 0 ? j / f : 0), v, (v > 0 ? j / v : 0)
                    if (jv == 1) printf " %7.2f Ir/B", (x - base) / (n * b)
                    printf "\n"
                }'
        done
    done
done
