#!/bin/sh
# Regenerates fastjson_arginfo.h from fastjson.stub.php with the gen_stub.php of the
# installed PHP build tree. gen_stub.php wants to download PHP-Parser; Debian's
# php-parser package (apt-get install php-parser) provides the same library.
set -eu
cd "$(dirname "$0")/.."
gen_stub=$(dirname "$(php-config --include-dir)")/../lib/php/$(php-config --phpapi)/build/gen_stub.php
[ -f "$gen_stub" ] || gen_stub=/usr/lib/php/$(php-config --phpapi)/build/gen_stub.php
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$gen_stub" "$work/"
version=$(sed -n 's/^ *\$version = "\(4[0-9.]*\)";/\1/p' "$work/gen_stub.php" | head -n 1)
mkdir -p "$work/PHP-Parser-$version"
ln -s /usr/share/php "$work/PHP-Parser-$version/lib"
php "$work/gen_stub.php" fastjson.stub.php
