#!/usr/bin/env bash
# PHP version matrix: builds fastjson and runs its whole test suite, then that PHP's own
# ext/json tests with fastjson.override=1 (tools/ext_json_tests.sh), on PHP versions the
# host does not have, each in a Debian chroot made with debootstrap:
#   8.4  Debian trixie (+ trixie-updates, trixie-security)
#   8.5  Debian sid with experimental (experimental only where it has the newer package)
#   8.6  Debian sid with experimental (release candidates may be all there is)
# When the mirror has no source package of that PHP (its own ext/json tests come from
# there), the host PHP's ext/json tests (8.2 on bookworm, fetched into the host's cache)
# stand in, as a differential run: each test on that PHP's plain ext/json, then with
# fastjson.override=1 (see FASTJSON_EXTJSON_FROM in tools/ext_json_tests.sh).
#
# Usage (as root, on Debian): bash tools/ci_matrix.sh
#
# Environment:
#   FASTJSON_MATRIX_VERSIONS  PHP versions to run, space-separated (default "8.4 8.5 8.6")
#   FASTJSON_MATRIX_CACHE     where the chroots live (default /var/cache/fastjson-ci); a
#                             chroot is reused while its stamp file is there, and apt runs
#                             in it only when one of the wanted packages is missing
#   FASTJSON_MATRIX_REBUILD   "all" or a list of versions ("8.5 8.6") whose chroots are
#                             made anew
#   FASTJSON_TEST_CASES       passed on to the suite (scales the random tests)
#   FASTJSON_PHPSRC_CACHE     the host's cache of ext/json tests (tools/ext_json_tests.sh)
#
# The sources come from `git ls-files` of the repository this script is in; the build runs
# inside the chroot. debootstrap and apt use the URIs of the host's
# /etc/apt/sources.list.d/debian.sources when it has them, else debootstrap's default.
#
# Prints per version
#   matrix php8.X (<PHP_VERSION>): suite N passed, N failed, N skipped; ext/json N passed, N failed, N skipped
# (or "...; ext/json (8.2 tests, differential) N passed, ..." for the stand-in), or
# "SKIP php8.X: <reason>" when that PHP cannot be had (not on the mirror, debootstrap or
# apt failed), and "SKIP php8.X-ext/json: <reason>" when the apt sources have no
# downloadable source package of that PHP; each such SKIP counts as 1 skipped. Last
# "matrix: N passed, N failed, N skipped" over all versions. A build failure counts as 1
# failed. Exits non-zero when anything failed or no version ran.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VERSIONS=${FASTJSON_MATRIX_VERSIONS:-8.4 8.5 8.6}
CACHE=${FASTJSON_MATRIX_CACHE:-/var/cache/fastjson-ci}
REBUILD=${FASTJSON_MATRIX_REBUILD:-}
export DEBIAN_FRONTEND=noninteractive
APT=(apt-get -o DPkg::Lock::Timeout=600 -q -y)
# Bumped when what a chroot must contain changes, so that old chroots are made again.
RECIPE=1
# Outside the chroot's cache so that one run's logs never reach the next one's chroot.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-matrix.XXXXXX")

say() { printf 'ci-matrix: %s\n' "$*"; }

[ "$(id -u)" = 0 ] || { echo "ci-matrix: must run as root (debootstrap, chroot, mount)" >&2; exit 1; }

# ------------------------------------------------------------------ cleanup
# The chroot currently in use; its mounts and processes go away on any exit.
ACTIVE_ROOT=""

mounts_under() {
	# Mount points below $1, deepest first (so that nested ones go before their parent).
	awk -v root="$1/" 'index($5, root) == 1 { print $5 }' /proc/self/mountinfo | sort -r
}

kill_chroot_processes() {
	local root=$1 pid pids=() sig
	for sig in TERM KILL; do
		pids=()
		for pid in /proc/[0-9]*; do
			[ "$(readlink "$pid/root" 2>/dev/null || true)" = "$root" ] && pids+=("${pid#/proc/}")
		done
		[ "${#pids[@]}" -gt 0 ] || return 0
		say "ending processes left in $root: ${pids[*]} (SIG$sig)"
		kill -s "$sig" "${pids[@]}" 2>/dev/null || true
		sleep 1
	done
}

release_chroot() {
	local root=$1 m
	kill_chroot_processes "$root"
	for m in $(mounts_under "$root"); do
		umount "$m" 2>/dev/null || umount -l "$m" || say "warning: could not unmount $m"
	done
}

cleanup() {
	if [ -n "$ACTIVE_ROOT" ]; then
		release_chroot "$ACTIVE_ROOT"
	fi
	rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# rm -rf of a chroot with /dev still bound would delete the host's device nodes.
remove_tree() {
	local dir=$1
	if [ -n "$(mounts_under "$dir")" ]; then
		release_chroot "$dir"
	fi
	if [ -n "$(mounts_under "$dir")" ]; then
		say "refusing to remove $dir: something is still mounted below it"
		return 1
	fi
	rm -rf --one-file-system "$dir"
}

# ------------------------------------------------------------------ host setup
if ! command -v debootstrap >/dev/null 2>&1; then
	say "installing debootstrap"
	# shellcheck source=lib/apt.sh
	. "$ROOT/tools/lib/apt.sh"
	fj_apt_update >/dev/null
	fj_apt_install debootstrap >/dev/null
fi
mkdir -p "$CACHE"
# /proc/PID/root shows the canonical path: the process check compares against it.
CACHE=$(cd "$CACHE" && pwd -P)
# One matrix run at a time per cache: two would debootstrap into the same directory.
exec 9>"$CACHE/.lock"
if ! flock -n 9; then
	say "waiting for another run holding $CACHE/.lock"
	flock 9
fi

# URIs of the host's deb822 Debian entries: the main archive and the security archive.
host_uri() {
	local want=$1 file=/etc/apt/sources.list.d/debian.sources
	[ -f "$file" ] || return 0
	awk -v want="$want" '
		/^[[:space:]]*$/ { flush(); next }
		/^URIs:/ { uri = $2 }
		/^Suites:/ { security = ($0 ~ /-security/) }
		END { flush() }
		function flush() {
			if (uri != "" && found == "" && ((want == "security") == security)) found = uri
			uri = ""; security = 0
		}
		END { if (found != "") print found }' "$file"
}
MIRROR=$(host_uri main)
SECURITY_MIRROR=$(host_uri security)

# ------------------------------------------------------------------ per version
# Debian suite to debootstrap, apt suites of the main archive, and of the security archive.
suite_of() {
	case $1 in
	8.4) echo trixie ;;
	8.5 | 8.6) echo sid ;;
	*) return 1 ;;
	esac
}
apt_suites_of() {
	case $1 in
	trixie) echo "trixie trixie-updates" ;;
	sid) echo "sid experimental" ;;
	esac
}
security_suites_of() {
	case $1 in
	trixie) echo "trixie-security" ;;
	esac
}

in_chroot() {
	local root=$1
	shift
	chroot "$root" /usr/bin/env -i \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive NO_COLOR=1 \
		${FASTJSON_TEST_CASES:+FASTJSON_TEST_CASES="$FASTJSON_TEST_CASES"} "$@"
}

mount_chroot() {
	local root=$1
	ACTIVE_ROOT=$root
	# Called under "if": set -e does not apply, so every step is checked.
	mount -t proc proc "$root/proc" &&
		mount --bind /dev "$root/dev" &&
		cp /etc/resolv.conf "$root/etc/resolv.conf" ||
		{ echo "mounting /proc and /dev into $root failed" >"$WORK/reason"; return 1; }
}

unmount_chroot() {
	release_chroot "$1"
	ACTIVE_ROOT=""
}

# One deb822 entry, binaries and sources. Check-Valid-Until: the mirror may be a frozen
# snapshot, whose sid and experimental Release files expire after a week (the signatures
# are still checked).
apt_entry() {
	printf 'Types: deb deb-src\nURIs: %s\nSuites: %s\nComponents: main\nCheck-Valid-Until: no\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$1" "$2"
}

write_apt_sources() {
	local root=$1 suite=$2 mirror=$3 v=$4 sec
	{
		apt_entry "$mirror" "$(apt_suites_of "$suite")"
		sec=$(security_suites_of "$suite")
		if [ -n "$sec" ] && [ -n "$SECURITY_MIRROR" ]; then
			echo
			apt_entry "$SECURITY_MIRROR" "$sec"
		fi
	} >"$root/etc/apt/sources.list.d/debian.sources"
	# experimental (priority 1) supplies only PHP $v's own packages, when it has the newer
	# ones; everything else, php-common too (experimental's may break the older branch),
	# stays sid's.
	printf 'Package: php%s php%s-*\nPin: release a=experimental\nPin-Priority: 500\n' "$v" "$v" \
		>"$root/etc/apt/preferences.d/fastjson-php"
	# Packages installed here never start services.
	printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
	chmod 755 "$root/usr/sbin/policy-rc.d"
}

# Files the chroot must have, each from the package after the "=".
wanted_files() {
	local v=$1
	cat <<-EOF
		/usr/bin/php$v=php$v-cli
		/usr/bin/phpize$v=php$v-dev
		/usr/bin/make=build-essential
		/usr/bin/gcc=build-essential
		/usr/bin/xz=xz-utils
		/usr/bin/localedef=locales
		/usr/share/i18n/locales/de_DE=locales
	EOF
}

# Whether apt has a binary package of that name (in any of the chroot's suites).
apt_has() {
	[ -n "$(in_chroot "$1" apt-cache madison "$2" | awk -F'|' '$3 ~ /Packages/')" ]
}

# Zend OPcache reachable without php.ini: built in (8.5+) or as opcache.so (then it is
# loaded with zend_extension=).
has_opcache() {
	local v=$1 root=$2 extdir
	[ -x "$root/usr/bin/php$v" ] || return 1
	in_chroot "$root" "php$v" -n -r 'exit(extension_loaded("Zend OPcache") ? 0 : 1);' && return 0
	extdir=$(in_chroot "$root" "php$v" -n -r 'echo PHP_EXTENSION_DIR;')
	[ -f "$root$extdir/opcache.so" ]
}

# Installs what is missing (nothing, and no apt, when all is there); on failure writes the
# reason to $WORK/reason.
provision() {
	local v=$1 root=$2 missing=() line file pkg
	while IFS= read -r line; do
		file=${line%%=*}
		pkg=${line#*=}
		[ -e "$root$file" ] || missing+=("$pkg")
	done < <(wanted_files "$v")
	# opcache is a package of its own before 8.5, built in from 8.5 on.
	has_opcache "$v" "$root" || missing+=("php$v-opcache")
	[ "${#missing[@]}" -gt 0 ] || return 0

	say "php$v: installing into the chroot: $(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')"
	if ! in_chroot "$root" "${APT[@]}" update >"$WORK/apt-update.log" 2>&1; then
		tail -n 20 "$WORK/apt-update.log"
		echo "apt-get update failed in the chroot" >"$WORK/reason"
		return 1
	fi
	local install=()
	for pkg in $(printf '%s\n' "${missing[@]}" | sort -u); do
		if ! apt_has "$root" "$pkg"; then
			# No opcache package: it is built into that PHP (checked below).
			[ "$pkg" = "php$v-opcache" ] && continue
			echo "$pkg is not in Debian $(apt_suites_of "$(suite_of "$v")")" >"$WORK/reason"
			return 1
		fi
		install+=("$pkg")
	done
	say "php$v: apt-get install ${install[*]}"
	if ! in_chroot "$root" "${APT[@]}" install --no-install-recommends "${install[@]}" </dev/null >"$WORK/apt-install.log" 2>&1; then
		tail -n 30 "$WORK/apt-install.log"
		echo "apt-get install ${install[*]} failed in the chroot" >"$WORK/reason"
		return 1
	fi
	in_chroot "$root" apt-get clean
	if ! has_opcache "$v" "$root"; then
		echo "PHP $v has no Zend OPcache (neither built in nor as php$v-opcache)" >"$WORK/reason"
		return 1
	fi
}

# Makes (or reuses) the chroot of PHP $1 and leaves it mounted; 1 with $WORK/reason set
# when that PHP cannot be had.
prepare_chroot() {
	local v=$1 root=$2 suite
	suite=$(suite_of "$v")
	if [ "$REBUILD" = all ] || [[ " $REBUILD " == *" $v "* ]] ||
		! grep -qx "recipe=$RECIPE" "$root/.fastjson-ci" 2>/dev/null; then
		if [ -e "$root" ]; then
			say "php$v: removing the old chroot $root"
			remove_tree "$root" || { echo "the old chroot $root could not be removed" >"$WORK/reason"; return 1; }
		fi
		say "php$v: debootstrap $suite into $root"
		# The .debs are kept so that a second chroot of the same suite is not downloaded again.
		mkdir -p "$CACHE/debootstrap-debs/$suite" "$root"
		if ! debootstrap --variant=minbase --cache-dir="$CACHE/debootstrap-debs/$suite" "$suite" "$root" ${MIRROR:+"$MIRROR"} \
			>"$WORK/debootstrap.log" 2>&1; then
			tail -n 20 "$WORK/debootstrap.log"
			release_chroot "$root"
			echo "debootstrap $suite failed (see above)" >"$WORK/reason"
			return 1
		fi
		# debootstrap's own list names the mirror it used; ours replaces it.
		awk '$1 == "deb" { print $2; exit }' "$root/etc/apt/sources.list" >"$root/.fastjson-ci-mirror"
		rm -f "$root/etc/apt/sources.list"
		echo "recipe=$RECIPE" >"$root/.fastjson-ci"
	fi
	# Written on every run (cheap) so that a changed entry reaches old chroots too.
	local mirror=${MIRROR:-$(cat "$root/.fastjson-ci-mirror" 2>/dev/null || true)}
	[ -n "$mirror" ] || { echo "no Debian mirror known for the apt sources of $root" >"$WORK/reason"; return 1; }
	write_apt_sources "$root" "$suite" "$mirror" "$v" || { echo "writing the apt sources failed" >"$WORK/reason"; return 1; }
	mount_chroot "$root" && provision "$v" "$root"
}

# run-tests.php's summary count ("Tests passed    :   12 (...)") from log $2.
count() {
	local n
	n=$(sed -n "s/^Tests $1 *: *\([0-9][0-9]*\).*/\1/p" "$2" | tail -n 1)
	echo "${n:-0}"
}

total_passed=0
total_failed=0
total_skipped=0
ran=0

# The host PHP's ext/json tests, the stand-in for a version whose own cannot be had.
PROXY_DIR=""
PROXY_BRANCH=$(php -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
if bash "$ROOT/tools/ext_json_tests.sh" --fetch-only >"$WORK/proxy-fetch.log" 2>&1; then
	PROXY_DIR=$(sed -n 's/^ext-json-tests: tests in //p' "$WORK/proxy-fetch.log" | tail -n 1)
	say "stand-in ext/json tests (PHP $PROXY_BRANCH): $PROXY_DIR"
else
	cat "$WORK/proxy-fetch.log"
	say "the host's PHP $PROXY_BRANCH ext/json tests could not be had: no stand-in for versions without their own"
fi

run_version() {
	local v=$1 root=$CACHE/php$1 t0=$SECONDS phpver s_pass=0 s_fail=0 s_skip=0 e_pass=0 e_fail=0 e_skip=0 own_skip=0
	rm -f "$WORK/reason"
	if ! suite_of "$v" >/dev/null; then
		echo "SKIP php$v: no Debian suite known for PHP $v (this script knows 8.4, 8.5, 8.6)"
		total_skipped=$((total_skipped + 1))
		return 0
	fi
	if ! prepare_chroot "$v" "$root"; then
		echo "SKIP php$v: $(cat "$WORK/reason" 2>/dev/null || echo 'the chroot could not be prepared')"
		unmount_chroot "$root"
		total_skipped=$((total_skipped + 1))
		return 0
	fi
	phpver=$(in_chroot "$root" "php$v" -n -r 'echo PHP_VERSION;') || phpver=unknown
	say "php$v: PHP $phpver ready ($((SECONDS - t0))s)"

	# The tracked files of this repository, fresh each run.
	remove_tree "$root/build"
	mkdir -p "$root/build/fastjson"
	git -C "$ROOT" ls-files -z | (cd "$ROOT" && while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
		tar --null -T - -cf -) | tar -xf - -C "$root/build/fastjson"

	local t1=$SECONDS build_ok=1
	if ! in_chroot "$root" sh -c "cd /build/fastjson && phpize$v && ./configure --with-php-config=/usr/bin/php-config$v --enable-fastjson --enable-fastjson-dev && make -j2" \
		>"$WORK/build.log" 2>&1; then
		tail -n 40 "$WORK/build.log"
		echo "FAIL php$v: the build failed (above)"
		build_ok=0
		s_fail=1
	fi
	say "php$v: build $((SECONDS - t1))s"

	if [ "$build_ok" = 1 ]; then
		t1=$SECONDS
		local suite_log=$WORK/suite-$v.log status=0
		in_chroot "$root" sh -c 'cd /build/fastjson && make test NO_INTERACTION=1 REPORT_EXIT_STATUS=1' >"$suite_log" 2>&1 || status=$?
		s_pass=$(count passed "$suite_log")
		s_skip=$(count skipped "$suite_log")
		s_fail=$(($(count failed "$suite_log") + $(count borked "$suite_log") + $(count leaked "$suite_log")))
		grep -E '^(SKIP|FAIL|BORK|LEAK)' "$suite_log" | sed "s/^/  php$v suite: /" || true
		if [ "$s_fail" -gt 0 ] || [ "$status" -ne 0 ] || [ "$s_pass" -eq 0 ]; then
			sed -n '/^FAILED TEST SUMMARY/,/^=====/p' "$suite_log"
			for d in "$root"/build/fastjson/tests/*.diff; do
				[ -f "$d" ] || continue
				printf -- '---- php%s %s ----\n' "$v" "$(basename "$d" .diff).phpt"
				head -n 40 "$d"
			done
			[ "$s_fail" -gt 0 ] || s_fail=1
		fi
		say "php$v: suite $((SECONDS - t1))s"

		t1=$SECONDS
		local ej_log=$WORK/ext-json-$v.log ej_label=ext/json ej_ran=1
		status=0
		in_chroot "$root" env PHP="/usr/bin/php$v" bash /build/fastjson/tools/ext_json_tests.sh /build/fastjson/modules/fastjson.so \
			>"$ej_log" 2>&1 || status=$?
		if [ "$status" -eq 77 ]; then
			echo "SKIP php$v-ext/json: $(sed -n 's/^ext-json-tests: unavailable: //p' "$ej_log" | tail -n 1) (PHP $v's own ext/json tests)"
			own_skip=1
			if [ -n "$PROXY_DIR" ]; then
				say "php$v: PHP $PROXY_BRANCH's ext/json tests instead, differential: plain ext/json of PHP $phpver, then fastjson.override=1"
				mkdir -p "$root/build/ext-json-proxy"
				cp -R "$PROXY_DIR/." "$root/build/ext-json-proxy/"
				ej_label="ext/json ($PROXY_BRANCH tests, differential)"
				status=0
				in_chroot "$root" env PHP="/usr/bin/php$v" FASTJSON_EXTJSON_FROM=/build/ext-json-proxy \
					bash /build/fastjson/tools/ext_json_tests.sh /build/fastjson/modules/fastjson.so \
					>"$ej_log" 2>&1 || status=$?
				# Which tests were compared by output rather than by their expectation, and why.
				grep -E '^(ext-json-tests: (excluded|FAILED|differential)|  \| )' "$ej_log" | sed "s/^/  php$v /" || true
			else
				ej_ran=0
			fi
		fi
		if [ "$ej_ran" = 1 ]; then
			read -r e_pass e_fail e_skip < <(sed -n 's/^ext\/json: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$ej_log" | tail -n 1) || true
			e_pass=${e_pass:-0} e_fail=${e_fail:-0} e_skip=${e_skip:-0}
			grep -E '^ext-json-tests: (using|note|warning|apt-get source)' "$ej_log" | sed "s/^/  php$v /" || true
			if [ "$status" -ne 0 ] || [ "$e_pass" -eq 0 ]; then
				sed -n '/^---- /,$p' "$ej_log" | head -n 80
				tail -n 5 "$ej_log"
				[ "$e_fail" -gt 0 ] || e_fail=1
			fi
		fi
		say "php$v: ext/json $((SECONDS - t1))s"
	fi
	unmount_chroot "$root"

	echo "matrix php$v ($phpver): suite $s_pass passed, $s_fail failed, $s_skip skipped;$([ "$own_skip" = 0 ] || echo " own ext/json tests SKIP;") $ej_label $e_pass passed, $e_fail failed, $e_skip skipped"
	say "php$v: $((SECONDS - t0))s in all"
	total_passed=$((total_passed + s_pass + e_pass))
	total_failed=$((total_failed + s_fail + e_fail))
	total_skipped=$((total_skipped + s_skip + e_skip + own_skip))
	ran=$((ran + 1))
}

for v in $VERSIONS; do
	run_version "$v"
done

say "total time ${SECONDS}s"
status=0
[ "$total_failed" -eq 0 ] || status=1
if [ "$ran" -eq 0 ]; then
	say "no PHP version could be tested"
	status=1
fi
echo "matrix: $total_passed passed, $total_failed failed, $total_skipped skipped"
exit "$status"
