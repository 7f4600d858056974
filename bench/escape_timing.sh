#!/bin/sh
# The string escaper alone, timed natively per SIMD path (escape_timing.c): for the AVX-512
# writers, which valgrind cannot run, and for A/B of source trees without PHP around the
# calls (bench.php's text cases mix in the walk and PHP's own work).
#
#   bench/escape_timing.sh [-s SRC]... [-p PATHS] [-S SHAPES] [-f FLAGS] [-r ROUNDS] [-c CPU] [TEXT...]
#
#   -s SRC     a configured source tree (phpize && ./configure) to build the escaper from
#              (default: this repository); two or more are compared, run by run alternated
#   -p PATHS   SIMD paths (default "avx512 avx2"; those this CPU cannot run are skipped)
#   -S SHAPES  "lines" (each line a string), "one" (the text one string); default both
#   -f FLAGS   json_encode() flags (default 0; 256 = JSON_UNESCAPED_UNICODE)
#   -r ROUNDS  runs of each build, alternated (default 7); a run is the best of 100 passes
#   -c CPU     the CPU the runs are pinned to (default 0: on a shared VM pick a quiet one)
#   TEXT       names in bench/data/seeds/artukrainskiy-php-src-bench (default: en ru ja emoji),
#              or paths of text files
#
# Prints per text, shape and path each build's median and minimum, ns a string.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
srcs=""
paths="avx512 avx2"
shapes="lines one"
flags=0
rounds=7
cpu=0
while getopts "s:p:S:f:r:c:h" opt; do
    case $opt in
        s) srcs="$srcs $(cd "$OPTARG" && pwd)" ;;
        p) paths=$OPTARG ;;
        S) shapes=$OPTARG ;;
        f) flags=$OPTARG ;;
        r) rounds=$OPTARG ;;
        c) cpu=$OPTARG ;;
        *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 1 ;;
    esac
done
shift $((OPTIND - 1))
srcs=${srcs:-$(cd "$here/.." && pwd)}
texts=${*:-en ru ja emoji}
data=$here/data/seeds/artukrainskiy-php-src-bench

command -v php-config >/dev/null 2>&1 || { echo "escape_timing.sh: php-config not found (php-dev)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

k=0
for src in $srcs; do
    k=$((k + 1))
    [ -f "$src/config.h" ] || { echo "escape_timing.sh: $src is not configured (phpize && ./configure)" >&2; exit 1; }
    # shellcheck disable=SC2046
    cc -O2 -D_GNU_SOURCE -DHAVE_CONFIG_H -I"$src" -I"$src/encoder" $(php-config --includes) \
        -o "$tmp/build$k" "$here/escape_timing.c"
    echo "build$k: $src"
done

for text in $texts; do
    file=$data/$text.txt
    if [ -f "$text" ]; then
        file=$text
        text=$(basename "$text")
    fi
    [ -f "$file" ] || { echo "escape_timing.sh: no text $file" >&2; exit 1; }
    for shape in $shapes; do
        for path in $paths; do
            "$tmp/build1" "$file" "$path" "$shape" "$flags" 1 >/dev/null 2>&1 || continue
            r=0
            while [ $r -lt "$rounds" ]; do
                r=$((r + 1))
                b=0
                while [ $b -lt $k ]; do
                    b=$((b + 1))
                    printf 'build%s ' $b
                    taskset -c "$cpu" "$tmp/build$b" "$file" "$path" "$shape" "$flags" 100
                done
            done > "$tmp/runs"
            # the same output from every build, then median and minimum per build
            if [ "$(awk '{print $8}' "$tmp/runs" | sort -u | wc -l)" -ne 1 ]; then
                echo "escape_timing.sh: the builds write different output for $text $shape $path" >&2
                exit 2
            fi
            sort -k1,1 -k2n "$tmp/runs" | awk -v label="$text $shape $path" '
                { v[$1, ++n[$1]] = $2 }
                END {
                    for (b in n) builds[b] = 1
                    for (b in builds) printf "%-18s %-7s median %8.2f  min %8.2f ns a string\n", label, b, v[b, int((n[b] + 1) / 2)], v[b, 1]
                }' | sort
        done
    done
done
