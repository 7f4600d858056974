#!/bin/sh
# Checks that the generated files in the tree are what their generators write today:
#   *_arginfo.h                     <- *.stub.php            (tools/gen_arginfo.sh, needs php-parser)
#   encoder/fastjson_tables.h       <- tools/gen_tables.php
#   encoder/fastjson_double_table.h <- tools/gen_double_table.py (needs python3)
#   scanner/fastjson_scanner_gen.h  <- scanner/fastjson_scanner.re (needs re2c)
#   scanner/fastjson_pow5_table.h   <- tools/gen_pow5_table.py (needs python3)
# Everything is regenerated in a temporary copy, so the tree is never touched; a stale
# file fails with a diff and the command that refreshes it.
# Usage: sh tools/check_generated.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
stale=0

# check <file in tree> <freshly generated file> <command that refreshes it>
check() {
	if [ ! -f "$2" ]; then
		echo "FAIL: $1: the generator wrote nothing ($3)"
		stale=1
	elif [ ! -f "$1" ]; then
		echo "FAIL: $1 is missing; run: $3"
		stale=1
	elif cmp -s "$1" "$2"; then
		echo "ok:   $1"
	else
		echo "FAIL: $1 is stale; run: $3"
		diff -u "$1" "$2" | head -n 40 || true
		stale=1
	fi
}

# arginfo: gen_stub.php skips a stub whose hash matches the existing arginfo header, so
# a hand-edited header would pass in place. Regenerate from the stubs alone instead.
mkdir -p "$work/tree/tools"
cp tools/gen_arginfo.sh "$work/tree/tools/"
stubs=$(find . -name '*.stub.php' -not -path './.git/*' -not -path './tests/*' -not -path './bench/*' | sed 's|^\./||' | sort)
for stub in $stubs; do
	mkdir -p "$work/tree/$(dirname "$stub")"
	cp "$stub" "$work/tree/$stub"
done
if ! sh "$work/tree/tools/gen_arginfo.sh" >"$work/gen_arginfo.log" 2>&1; then
	cat "$work/gen_arginfo.log"
	echo "FAIL: tools/gen_arginfo.sh failed (is php-parser installed? apt-get install php-parser)"
	exit 1
fi
for stub in $stubs; do
	arginfo="${stub%.stub.php}_arginfo.h"
	check "$arginfo" "$work/tree/$arginfo" "sh tools/gen_arginfo.sh"
done

php tools/gen_tables.php >"$work/fastjson_tables.h"
check encoder/fastjson_tables.h "$work/fastjson_tables.h" "php tools/gen_tables.php > encoder/fastjson_tables.h"

python3 tools/gen_double_table.py "$work/fastjson_double_table.h" >/dev/null
check encoder/fastjson_double_table.h "$work/fastjson_double_table.h" "python3 tools/gen_double_table.py"

python3 tools/gen_pow5_table.py "$work/fastjson_pow5_table.h" >/dev/null
check scanner/fastjson_pow5_table.h "$work/fastjson_pow5_table.h" "python3 tools/gen_pow5_table.py"

re2c --no-generation-date --no-debug-info -W -o "$work/fastjson_scanner_gen.h" scanner/fastjson_scanner.re
check scanner/fastjson_scanner_gen.h "$work/fastjson_scanner_gen.h" \
	"re2c --no-generation-date --no-debug-info -W -o scanner/fastjson_scanner_gen.h scanner/fastjson_scanner.re"

if [ "$stale" -ne 0 ]; then
	echo "generated files are stale"
	exit 1
fi
echo "generated files are fresh"
