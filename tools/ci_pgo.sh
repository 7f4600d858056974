#!/usr/bin/env bash
# `make pgo` as a user runs it, in a tree of the tracked files: phpize, configure, make pgo
# (an instrumented build, the training run of tools/pgo_train.php, the build with the
# profile), a check that the second build read the profile, then the whole suite against
# the result: a profile changes how the code is laid out and inlined, never what it does.
#
# Usage: tools/ci_pgo.sh
#   Needs the php-dev package of the PHP on PATH and GCC.
# Last line: "pgo: N passed, N failed, N skipped".
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
say() { printf 'pgo: %s\n' "$*"; }
die() { printf 'pgo: error: %s\n' "$*" >&2; echo "pgo: 0 passed, 1 failed, 0 skipped"; exit 1; }

command -v phpize >/dev/null 2>&1 || die "phpize not found (the php-dev package of this PHP)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-pgo.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
(cd "$ROOT" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$WORK"
cd "$WORK"

(phpize && ./configure --enable-fastjson) >configure.log 2>&1 || { tail -n 30 configure.log; die "phpize/configure failed"; }
start=$SECONDS
make -j"$(nproc 2>/dev/null || echo 2)" pgo >pgo.log 2>&1 || { tail -n 40 pgo.log; die "make pgo failed"; }
say "make pgo: $((SECONDS - start)) s; $(grep '^pgo_train:' pgo.log || echo 'no training line')"
grep -q -- '-fprofile-use' pgo.log || die "the second build did not get -fprofile-use"
profiles=$(find . -name '*.gcda' | wc -l)
[ "$profiles" -gt 0 ] || die "the training run wrote no profile"
say "$profiles profile files; $(grep -c 'warning:' pgo.log || true) compiler warnings"

make test NO_INTERACTION=1 REPORT_EXIT_STATUS=1 >test.log 2>&1 || true
passed=$(sed -n 's/^Tests passed *: *\([0-9]*\).*/\1/p' test.log | head -n 1)
failed=$(sed -n 's/^Tests failed *: *\([0-9]*\).*/\1/p' test.log | head -n 1)
skipped=$(sed -n 's/^Tests skipped *: *\([0-9]*\).*/\1/p' test.log | head -n 1)
[ -n "$passed" ] || { tail -n 40 test.log; die "make test printed no summary"; }
grep '^FAIL' test.log || true
echo "pgo: $passed passed, ${failed:-0} failed, ${skipped:-0} skipped"
