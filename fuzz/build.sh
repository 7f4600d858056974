#!/usr/bin/env bash
# Builds the libFuzzer targets (decode, validate, encode) into OUT_DIR (default: a cache dir
# outside the repository): fastjson's C sources with -fsanitize=fuzzer-no-link,address,undefined
# linked statically into a harness that embeds PHP (libphp8.2-embed). Needs clang,
# libclang-rt-14-dev, php8.2-dev and libphp8.2-embed (tools/ci_fuzz.sh installs them).
#   usage: bash fuzz/build.sh [OUT_DIR]
# Prints the directory holding fastjson_fuzz_<target> (+ fastjson_fuzz.php and its includes).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${1:-${FASTJSON_FUZZ_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fastjson-fuzz}/build}
CC=${CC:-clang}
mkdir -p "$OUT/obj"

# The extension's source list, from the one place that defines it.
mapfile -t sources < <(sed -n 's/^ *FASTJSON_SOURCES="\(\$FASTJSON_SOURCES \)\{0,1\}\([^"]*\)".*/\2/p' "$ROOT/config.m4" | tr ' ' '\n' | sed '/^$/d')
[ "${#sources[@]}" -gt 0 ] || { echo "no FASTJSON_SOURCES in config.m4" >&2; exit 1; }

# What config.m4's probes would find; clang on these targets always has the intrinsics.
case "$(uname -m)" in
	x86_64) simd_defs=(-DFASTJSON_HAVE_SSE2=1 -DFASTJSON_HAVE_AVX2=1) ;;
	aarch64) simd_defs=(-DFASTJSON_HAVE_NEON=1) ;;
	*) simd_defs=() ;;
esac

read -r -a php_includes <<<"$(php-config --includes)"
sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=all)
# _GNU_SOURCE: PHP's headers use memrchr() (phpize's config.h would define it).
common=(-g -O1 -fno-omit-frame-pointer -D_GNU_SOURCE "${sanitize[@]}" "${php_includes[@]}" -I"$ROOT")

objs=()
for src in "${sources[@]}"; do
	obj="$OUT/obj/$(echo "${src%.c}" | tr / _).o"
	# Only fastjson's code carries coverage instrumentation: it is what the fuzzer explores.
	"$CC" "${common[@]}" -fsanitize=fuzzer-no-link "${simd_defs[@]}" -c "$ROOT/$src" -o "$obj"
	objs+=("$obj")
done

libdir=$(dirname "$(readlink -f /usr/lib/libphp8.2.so)")
for target in decode validate encode; do
	"$CC" "${common[@]}" -DFASTJSON_FUZZ_TARGET="\"$target\"" -c "$ROOT/fuzz/fastjson_fuzz.c" -o "$OUT/obj/fuzz_$target.o"
	"$CC" "${sanitize[@]}" -fsanitize=fuzzer -o "$OUT/fastjson_fuzz_$target" "$OUT/obj/fuzz_$target.o" "${objs[@]}" \
		-L"$libdir" -lphp8.2 -Wl,-rpath,"$libdir"
done
cp "$ROOT/fuzz/fastjson_fuzz.php" "$ROOT/tests/fastjson_test.inc" "$ROOT/tests/fastjson_decode.inc" "$OUT/"
echo "$OUT"
