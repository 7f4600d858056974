#!/bin/sh
# Compiles every C file for aarch64 with the NEON kernels enabled and warnings as errors,
# so the NEON path keeps building although the CI machines are x86-64. It only compiles
# (against the host's PHP headers); it does not run the code.
# Needs Debian's gcc-aarch64-linux-gnu.
set -eu
cd "$(dirname "$0")/.."
cc=${AARCH64_CC:-aarch64-linux-gnu-gcc}
inc=$(php-config --include-dir)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A tree of its own: the x86 config.h next to the sources would be found first.
git ls-files '*.c' '*.h' | tar -cf - -T - | tar -xf - -C "$work"
printf '#define HAVE_FASTJSON 1\n#define FASTJSON_HAVE_NEON 1\n' > "$work/config.h"
status=0
# The extension's sources only (fuzz/ and tools/ hold host programs).
for src in $(git ls-files '*.c' ':!fuzz/' ':!tools/'); do
	if (cd "$work" && "$cc" -O2 -Wall -Wextra -Werror -c -o /dev/null -DHAVE_CONFIG_H \
			-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -D_GNU_SOURCE -I. \
			-isystem "$inc" -isystem "$inc/main" -isystem "$inc/TSRM" -isystem "$inc/Zend" \
			-isystem "$inc/ext" -isystem /usr/include "$src"); then
		echo "aarch64 (NEON): $src ok"
	else
		echo "aarch64 (NEON): $src FAILED"
		status=1
	fi
done
exit $status
