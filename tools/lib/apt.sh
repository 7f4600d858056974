# apt-get that waits for other apt/dpkg processes (an unattended upgrade, a parallel CI
# stage) instead of failing at once. Sourced by .ci/run and the tools/ scripts.
#   fj_apt_update            apt-get update
#   fj_apt_install PKG...    apt-get install --no-install-recommends (non-interactive)
# DPkg::Lock::Timeout makes apt wait for the dpkg locks; apt-get update's own lock
# (/var/lib/apt/lists/lock) ignores it, so update is retried while that lock is held.

FJ_APT=(apt-get -o DPkg::Lock::Timeout=600)

fj_apt_update() {
	local try out
	for try in $(seq 1 60); do
		if out=$("${FJ_APT[@]}" update -q 2>&1); then
			printf '%s\n' "$out" | tail -n 2
			return 0
		fi
		if ! grep -q 'Could not get lock' <<<"$out"; then
			printf '%s\n' "$out"
			return 1
		fi
		echo "apt-get update: the package lists are locked by another apt; retrying in 10 s ($try/60)"
		sleep 10
	done
	printf '%s\n' "$out"
	return 1
}

fj_apt_install() {
	DEBIAN_FRONTEND=noninteractive "${FJ_APT[@]}" install -y -q --no-install-recommends "$@" </dev/null
}
