#!/usr/bin/env bash
# Proves the production A/B story of fastjson under php-fpm (not just the CLI):
#   - pool "fast" (defaults): json_encode/json_decode/json_validate are answered by
#     fastjson (ext_json_calls stays 0) and fastjson_info()'s counters accumulate across
#     requests in the same worker;
#   - pool "ext" (php_admin_value[fastjson.enabled] = 0): every call goes to ext/json
#     (ext_json_calls == calls), and ini_set() cannot switch it back on;
#   - both pools return identical results for the same workload;
#   - a per-request ini_set('fastjson.enabled', '0') in pool "fast" sends only that
#     request to ext/json: PHP undoes a request's ini_set()s when it ends, so the next
#     request in the same FPM worker is back on fastjson;
#   - a per-request ini_set('fastjson.verify', '1') runs every call through ext/json as
#     well and counts verify_runs with 0 mismatches;
#   - opcache is enabled in the workers and serves the script (the override swaps
#     function handlers, so cached op_arrays must still reach fastjson), and a script
#     compiled by pool "ext" and cached in the opcache both pools share still routes
#     pool "fast"'s calls to fastjson: the switch is read at run time.
#   - pool-wide counters (fastjson_info()['shared']): in pool "pair" (two workers), a
#     request served by one worker sees the calls of a request the other worker is still
#     serving, the aggregate grows by exactly the calls of every request sent, and a
#     worker killed (SIGKILL) in the middle of a request loses none of the calls it had
#     made; the next request is answered (nothing left locked).
# It also prints a "note:" (not a check) on ini_get('fastjson.enabled') with a literal
# name: opcache folds it at compile time for settings made PHP_INI_SYSTEM, which
# php_admin_value does, so in a script first compiled by pool "ext" it reads "0" in
# every pool (php-src GH-8699). Read fastjson_info()['enabled'] instead.
#
# It starts its own php-fpm master (config, php.ini, sockets and logs in a temp dir;
# never the system service) with two static pools of one child each, so every request
# of a pool lands in the same worker, and a pool of two, and talks to them over FastCGI
# with cgi-fcgi.
#
# Usage: tools/fpm_ab_check.sh [path/to/fastjson.so]
#   default .so: modules/fastjson.so of this repository (build it first: phpize &&
#   ./configure --enable-fastjson && make).
# Environment:
#   PHP       PHP CLI, used to pick the FPM branch and to read the JSON replies
#             (run with -n: no fastjson in it) (default: php on PATH)
#   PHP_FPM   php-fpm binary (default: php-fpmX.Y of the CLI's branch)
# Installs phpX.Y-fpm (php8.2-fpm on bookworm) and libfcgi-bin (cgi-fcgi) with apt-get
# when missing (needs root). Prints "ok: ..." / "FAIL: ..." per check and last a line
# "fpm: N passed, N failed"; exits non-zero when a check failed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

die() { printf 'fpm: error: %s\n' "$*" >&2; exit 1; }

# ------------------------------------------------------------------ inputs
SO=${1:-$ROOT/modules/fastjson.so}
[ -f "$SO" ] || die "no extension at $SO (build it first, or pass the path of fastjson.so)"
SO=$(cd "$(dirname "$SO")" && pwd)/$(basename "$SO")

PHP=${PHP:-$(command -v php || true)}
if [ -z "$PHP" ] || [ ! -x "$PHP" ]; then
	die "no php CLI (set PHP=/path/to/php)"
fi
BRANCH=$("$PHP" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')

# ------------------------------------------------------------------ install what is missing
# php-fpm lives in /usr/sbin, which a non-root PATH may lack.
find_fpm() {
	if [ -n "${PHP_FPM:-}" ]; then
		echo "$PHP_FPM"
	else
		command -v "php-fpm$BRANCH" 2>/dev/null || { [ -x "/usr/sbin/php-fpm$BRANCH" ] && echo "/usr/sbin/php-fpm$BRANCH"; } || true
	fi
}
missing=()
[ -n "$(find_fpm)" ] || missing+=("php$BRANCH-fpm")
command -v cgi-fcgi >/dev/null 2>&1 || missing+=(libfcgi-bin)
if [ "${#missing[@]}" -gt 0 ]; then
	echo "fpm: installing ${missing[*]}"
	# An outdated package list is the usual reason for a failed install: refresh and retry.
	# (Where services may start, the package also starts the system php-fpm service; the
	# checks below never use it.)
	# shellcheck source=lib/apt.sh
	. "$ROOT/tools/lib/apt.sh"
	fj_apt_install "${missing[@]}" || { fj_apt_update && fj_apt_install "${missing[@]}"; } \
		|| die "could not install ${missing[*]}"
fi
FPM=$(find_fpm)
if [ -z "$FPM" ] || [ ! -x "$(command -v "$FPM")" ]; then
	die "no php-fpm binary (set PHP_FPM=/path/to/php-fpm)"
fi
command -v cgi-fcgi >/dev/null 2>&1 || die "no cgi-fcgi"

# ------------------------------------------------------------------ private php-fpm
TMP=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-fpm.XXXXXX")
FPM_PID=
cleanup() {
	local status=$?
	if [ -n "$FPM_PID" ] && kill -0 "$FPM_PID" 2>/dev/null; then
		# SIGQUIT: graceful stop of the master and its children; SIGKILL if it hangs.
		kill -QUIT "$FPM_PID" 2>/dev/null || true
		for _ in $(seq 50); do kill -0 "$FPM_PID" 2>/dev/null || break; sleep 0.1; done
		kill -KILL "$FPM_PID" 2>/dev/null || true
		wait "$FPM_PID" 2>/dev/null || true
	fi
	rm -rf "$TMP"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The only php.ini: fastjson and opcache, nothing from the system's conf.d (php-fpm
# gets -n, which skips the scan of conf.d, and -c, which still loads this file).
# file_update_protection=0: opcache would not cache the just-written scripts for 2 s,
# which would make which pool compiles them first a matter of timing.
cat >"$TMP/php.ini" <<EOF
extension=$SO
zend_extension=opcache
opcache.enable=1
opcache.file_update_protection=0
display_errors=0
log_errors=1
error_log=$TMP/php_errors.log
EOF

# Two pools, one static child each: all requests of a pool hit one worker, whose
# fastjson counters are per process.
cat >"$TMP/fpm.conf" <<EOF
[global]
pid = $TMP/fpm.pid
error_log = $TMP/fpm.log
daemonize = no

[fast]
listen = $TMP/fast.sock
pm = static
pm.max_children = 1
catch_workers_output = yes

[ext]
listen = $TMP/ext.sock
pm = static
pm.max_children = 1
catch_workers_output = yes
; php_admin_value: the worker's master value, and ini_set() may not change it.
php_admin_value[fastjson.enabled] = 0

[pair]
listen = $TMP/pair.sock
pm = static
pm.max_children = 2
catch_workers_output = yes
EOF

# Served by both pools: optional per-request ini_set()s from the query string, a fixed
# workload (3 json_encode, 4 json_decode, 2 json_validate calls), then fastjson_info()
# before and after the workload and the results, printed with json_encode() (that call
# comes after the "after" snapshot, so it shows up in the next request's "before").
cat >"$TMP/app.php" <<'PHP'
<?php
$warnings = [];
set_error_handler(function (int $no, string $msg) use (&$warnings) {
	$warnings[] = $msg;
	return true;
});
$ini_set = [];
foreach (['enabled', 'verify'] as $name) {
	if (isset($_GET[$name])) {
		$ini_set[$name] = ini_set("fastjson.$name", $_GET[$name]);
	}
}

$data = [
	'id' => 42,
	'name' => "Zo\u{eb} / \"quoted\" <tag> & 'x'",
	'price' => 19.99,
	'ratio' => 0.1 + 0.2,
	'tags' => ['a', 'b', "\u{1F600}", "tab\there"],
	'nested' => ['ok' => true, 'none' => null, 'list' => [1, -2, 3.5e-7, PHP_INT_MAX, -0.0]],
	'empty_obj' => new stdClass(),
	'empty_arr' => [],
];
$doc = '{"id":42,"name":"Zo\u00eb \/ \"q\"","vals":[1,2.5,-3e2,12345678901234567890],'
	. '"deep":{"a":{"b":[true,false,null]}},"emoji":"\ud83d\ude00","":"empty key"}';

$before = fastjson_info();
$results = [];
$results['encode'] = json_encode($data);
$results['encode_flags'] = json_encode($data, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES
	| JSON_PRESERVE_ZERO_FRACTION);
$results['encode_bad_utf8'] = [json_encode("\xB1\x31"), json_last_error(), json_last_error_msg()];
$results['decode_assoc'] = var_export(json_decode($doc, true), true);
$results['decode_object'] = var_export(json_decode($doc), true);
$results['decode_bigint'] = var_export(json_decode($doc, true, 512, JSON_BIGINT_AS_STRING), true);
$results['decode_error'] = [json_decode('{"a":[1,2', true), json_last_error(), json_last_error_msg()];
$results['validate'] = [json_validate($doc), json_validate('{"a":}'), json_last_error(), json_last_error_msg()];
$after = fastjson_info();

$ini = ini_get_all('fastjson', false);
$opcache = function_exists('opcache_get_status') ? opcache_get_status(true) : false;
$script = null;
foreach (is_array($opcache) ? $opcache['scripts'] ?? [] : [] as $s) {
	if ($s['full_path'] === __FILE__) {
		$script = $s;
	}
}
echo json_encode([
	'pid' => getmypid(),
	'ini_set' => $ini_set,
	// Not ini_get('fastjson.enabled'): opcache may fold that into a constant (see probe.php).
	'ini' => ['enabled' => $ini['fastjson.enabled'], 'verify' => $ini['fastjson.verify']],
	'php_ini' => [php_ini_loaded_file(), php_ini_scanned_files()],
	'before' => $before,
	'after' => $after,
	'results' => $results,
	'warnings' => $warnings,
	'opcache' => [
		'enabled' => is_array($opcache) && $opcache['opcache_enabled'],
		'cached' => $script !== null,
		'hits' => $script['hits'] ?? 0,
	],
]);
PHP

# Run by pool "ext" first, so the copy in the shared opcache is compiled there: one
# json_encode() call, where fastjson_info() says it went, and ini_get() with a literal
# name (which opcache folds for a PHP_INI_SYSTEM setting: php-src GH-8699).
cat >"$TMP/probe.php" <<'PHP'
<?php
$before = fastjson_info()['functions']['json_encode'];
$out = json_encode(['probe' => true]);
$after = fastjson_info();
echo json_encode([
	'pid' => getmypid(),
	'enabled' => $after['enabled'],
	'calls' => $after['functions']['json_encode']['calls'] - $before['calls'],
	'ext_json_calls' => $after['functions']['json_encode']['ext_json_calls'] - $before['ext_json_calls'],
	'out' => $out,
	'ini_get_literal' => ini_get('fastjson.enabled'),
	'cached' => opcache_is_script_cached(__FILE__),
]);
PHP

# Served by pool "pair": the pool-wide counters before and after an optional workload
# (?work=1: 3 json_encode, 4 json_decode, 2 json_validate calls), then optionally the pid
# in a file (?pidfile=NAME) and a sleep (?sleep=N), then the reply (one json_encode call).
cat >"$TMP/shared.php" <<'PHP'
<?php
function fj_shared_calls(): array
{
	$s = fastjson_info()['shared'];
	if (!$s['available']) {
		return ['available' => false];
	}
	$calls = array_map(fn($c) => $c['calls'], $s['functions']);
	return $calls + ['total' => array_sum($calls), 'available' => true];
}
$before = fj_shared_calls();
if (!empty($_GET['work'])) {
	$doc = '{"id":7,"tags":["a","b"],"nested":{"x":[1,2.5,null]}}';
	json_encode([1, 2, 3]);
	json_encode(['a' => 'b']);
	json_encode(json_decode($doc));
	json_decode($doc, true);
	json_decode('[1,2]');
	json_decode('{"k":"v"}');
	json_validate($doc);
	json_validate('[1,');
}
$after = fj_shared_calls();
if (isset($_GET['pidfile'])) {
	file_put_contents(__DIR__ . '/' . basename($_GET['pidfile']), getmypid());
}
if (isset($_GET['sleep'])) {
	sleep((int) $_GET['sleep']);
}
echo json_encode(['pid' => getmypid(), 'before' => $before, 'after' => $after]);
PHP

# The master runs in the foreground of a background job so we hold its pid; as root
# php-fpm needs -R to keep the workers as root (no user to switch to here).
fpm_args=(-n -c "$TMP/php.ini" -y "$TMP/fpm.conf" -F)
[ "$(id -u)" -ne 0 ] || fpm_args+=(-R)
"$FPM" "${fpm_args[@]}" >"$TMP/fpm.stdout" 2>&1 &
FPM_PID=$!
for _ in $(seq 100); do
	[ -S "$TMP/fast.sock" ] && [ -S "$TMP/ext.sock" ] && [ -S "$TMP/pair.sock" ] && break
	kill -0 "$FPM_PID" 2>/dev/null || break
	sleep 0.1
done

# ------------------------------------------------------------------ checks
passed=0
failed=0
ok() { printf 'ok: %s\n' "$*"; passed=$((passed + 1)); }
fail() { printf 'FAIL: %s\n' "$*"; failed=$((failed + 1)); }
# check DESC EXPECTED ACTUAL
check() {
	if [ "$2" = "$3" ]; then ok "$1"; else fail "$1 (expected '$2', got '$3')"; fi
}

# One GET request: request NAME POOL [QUERY [SCRIPT]]; the body is kept as $TMP/NAME.json.
request() {
	local name=$1 pool=$2 query=${3:-} script=${4:-app.php}
	SCRIPT_FILENAME="$TMP/$script" SCRIPT_NAME="/$script" REQUEST_METHOD=GET QUERY_STRING="$query" \
		timeout 20 cgi-fcgi -bind -connect "$TMP/$pool.sock" >"$TMP/$name.raw" 2>"$TMP/$name.err" || true
	# Body: everything after the CGI headers.
	"$PHP" -n -r '$r = file_get_contents($argv[1]); $p = strpos($r, "\r\n\r\n");
		echo $p === false ? "" : substr($r, $p + 4);' "$TMP/$name.raw" >"$TMP/$name.json"
}

# j NAME PATH: a value of reply NAME by dotted path (booleans as true/false, arrays as
# JSON), read by the CLI without fastjson; "<missing>" when absent or not JSON.
j() {
	"$PHP" -n -r '
		$v = json_decode(file_get_contents($argv[1]), true);
		if ($v === null) { echo "<missing>"; exit; }
		foreach ($argv[2] === "" ? [] : explode(".", $argv[2]) as $k) {
			if (!is_array($v) || !array_key_exists($k, $v)) { echo "<missing>"; exit; }
			$v = $v[$k];
		}
		echo is_bool($v) ? ($v ? "true" : "false") : (is_null($v) ? "null" : (is_scalar($v) ? $v
			: json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION)));
	' "$TMP/$1.json" "$2"
}

# sum NAME PATH...: the sum of integer fields of reply NAME, a PATH starting with "-"
# subtracted; "<missing>" when one is not an integer (a failed request).
sum() {
	local name=$1 total=0 path sign v
	shift
	for path in "$@"; do
		sign=1
		if [[ $path == -* ]]; then sign=-1; path=${path#-}; fi
		v=$(j "$name" "$path")
		[[ $v =~ ^-?[0-9]+$ ]] || { echo "<missing>"; return; }
		total=$((total + sign * v))
	done
	echo "$total"
}

# add X N: X + N, or "<missing>" when X is not an integer.
add() {
	if [[ $1 =~ ^-?[0-9]+$ ]]; then echo $(($1 + $2)); else echo "<missing>"; fi
}

# delta NAME FN COUNTER: how much a counter grew during the request's workload.
delta() {
	sum "$1" "after.functions.$2.$3" "-before.functions.$2.$3"
}

FNS=(json_encode json_decode json_validate)
declare -A WORK=([json_encode]=3 [json_decode]=4 [json_validate]=2)

# The workload of reply NAME went to fastjson (or, with "ext", to ext/json).
check_routed() {
	local name=$1 where=$2 label=$3 fn calls ext
	for fn in "${FNS[@]}"; do
		calls=$(delta "$name" "$fn" calls)
		ext=$(delta "$name" "$fn" ext_json_calls)
		check "$label: $fn calls counted ($calls)" "${WORK[$fn]}" "$calls"
		if [ "$where" = ext ]; then
			check "$label: $fn went to ext/json (ext_json_calls grew by $ext)" "$calls" "$ext"
		else
			check "$label: $fn went to fastjson (ext_json_calls grew by $ext)" 0 "$ext"
		fi
	done
}

if [ -S "$TMP/fast.sock" ] && [ -S "$TMP/ext.sock" ] && [ -S "$TMP/pair.sock" ]; then
	ok "private php-fpm $("$FPM" -n -v | head -n 1 | cut -d' ' -f2) started with pools fast, ext and pair ($TMP)"
else
	fail "php-fpm did not start (its log follows)"
	cat "$TMP/fpm.stdout" "$TMP/fpm.log" 2>/dev/null | tail -n 20
	printf 'fpm: %d passed, %d failed\n' "$passed" "$failed"
	exit 1
fi

# --- pool fast: fastjson answers, counters accumulate in the one worker
request fast1 fast
if [ "$(j fast1 pid)" = "<missing>" ]; then
	# Nothing else can be judged without it.
	fail "pool fast answered with JSON (raw reply and logs follow)"
	head -c 2000 "$TMP/fast1.raw"; echo
	cat "$TMP/fast1.err" "$TMP/fpm.log" "$TMP/php_errors.log" 2>/dev/null | tail -n 20
	printf 'fpm: %d passed, %d failed\n' "$passed" "$failed"
	exit 1
fi
request fast2 fast
check "pool fast: the worker loaded only the private php.ini" "[\"$TMP/php.ini\",false]" "$(j fast1 php_ini)"
check "pool fast: fastjson.override active" true "$(j fast1 after.override)"
check "pool fast: fastjson.enabled on" true "$(j fast1 after.enabled)"
check "pool fast: a fresh worker starts at 0 calls" 0 "$(j fast1 before.functions.json_encode.calls)"
check_routed fast1 fast "pool fast, request 1"
check_routed fast2 fast "pool fast, request 2"
check "pool fast: both requests served by one worker (pid $(j fast1 pid))" "$(j fast1 pid)" "$(j fast2 pid)"
# Request 1's workload plus the json_encode() that printed its reply.
check "pool fast: json_encode calls carried over to request 2 (after 1 + 1 print)" \
	"$(add "$(j fast1 after.functions.json_encode.calls)" 1)" "$(j fast2 before.functions.json_encode.calls)"
check "pool fast: json_decode calls carried over to request 2" \
	"$(j fast1 after.functions.json_decode.calls)" "$(j fast2 before.functions.json_decode.calls)"
check "pool fast: no ext_json_calls in the worker after 2 requests" 0 "$(sum fast2 \
	after.functions.json_encode.ext_json_calls after.functions.json_decode.ext_json_calls \
	after.functions.json_validate.ext_json_calls)"
check "pool fast: no warnings" "[]" "$(j fast2 warnings)"

# --- pool ext: php_admin_value[fastjson.enabled] = 0 sends everything to ext/json
request ext1 ext
request ext2 ext enabled=1
check "pool ext: fastjson.override active" true "$(j ext1 after.override)"
check "pool ext: fastjson.enabled off" false "$(j ext1 after.enabled)"
check_routed ext1 ext "pool ext, request 1"
for fn in "${FNS[@]}"; do
	check "pool ext: $fn ext_json_calls == calls in the worker" \
		"$(j ext1 "after.functions.$fn.calls")" "$(j ext1 "after.functions.$fn.ext_json_calls")"
done
check "pool ext: results identical to pool fast" "$(j fast1 results)" "$(j ext1 results)"
check "pool ext: encoded bytes identical to pool fast" "$(j fast1 results.encode_flags)" "$(j ext1 results.encode_flags)"
check "pool ext: ini_set('fastjson.enabled', '1') refused under php_admin_value (returns false)" \
	false "$(j ext2 ini_set.enabled)"
check "pool ext: still off after that ini_set()" false "$(j ext2 after.enabled)"
check_routed ext2 ext "pool ext, ini_set enabled=1"

# --- pool fast: per-request switch to ext/json, undone when the request ends
request fast_off fast enabled=0
request fast3 fast
check "pool fast: ini_set('fastjson.enabled', '0') allowed (returns the old value '1')" 1 "$(j fast_off ini_set.enabled)"
check "pool fast, enabled=0 request: fastjson.enabled off" false "$(j fast_off after.enabled)"
check_routed fast_off ext "pool fast, enabled=0 request"
check "pool fast, enabled=0 request: results identical to pool fast's own" "$(j fast1 results)" "$(j fast_off results)"
check "pool fast, next request: fastjson.enabled back on (per-request ini reset)" true "$(j fast3 after.enabled)"
check "pool fast, next request: ini value fastjson.enabled back to '1'" 1 "$(j fast3 ini.enabled)"
check_routed fast3 fast "pool fast, next request"
check "pool fast: same worker throughout (pid)" "$(j fast1 pid)" "$(j fast3 pid)"

# --- pool fast: per-request shadow verification
request fast_verify fast verify=1
request fast4 fast
check "pool fast: ini_set('fastjson.verify', '1') allowed (returns the old value '0')" 0 "$(j fast_verify ini_set.verify)"
check "pool fast, verify=1 request: fastjson_info()['verify'] is 1" 1 "$(j fast_verify after.verify)"
check_routed fast_verify fast "pool fast, verify=1 request"
for fn in "${FNS[@]}"; do
	check "pool fast, verify=1 request: every $fn call verified" "${WORK[$fn]}" "$(delta fast_verify "$fn" verify_runs)"
	check "pool fast, verify=1 request: 0 $fn mismatches" 0 "$(j fast_verify "after.functions.$fn.verify_mismatches")"
done
check "pool fast, verify=1 request: no warnings" "[]" "$(j fast_verify warnings)"
check "pool fast, verify=1 request: results identical to unverified ones" "$(j fast1 results)" "$(j fast_verify results)"
check "pool fast, next request: fastjson.verify back to 0" 0 "$(j fast4 after.verify)"
check "pool fast, next request: no verify_runs" 0 "$(sum fast4 \
	after.functions.json_encode.verify_runs -before.functions.json_encode.verify_runs \
	after.functions.json_decode.verify_runs -before.functions.json_decode.verify_runs \
	after.functions.json_validate.verify_runs -before.functions.json_validate.verify_runs)"

# --- opcache in the workers
check "pool fast: opcache enabled in the worker" true "$(j fast1 opcache.enabled)"
check "pool ext: opcache enabled in the worker" true "$(j ext1 opcache.enabled)"
check "pool fast: the script is cached by opcache" true "$(j fast4 opcache.cached)"
hits=$(j fast4 opcache.hits)
if [ "$hits" != "<missing>" ] && [ "$hits" -gt 0 ]; then
	ok "pool fast: the script is served from opcache ($hits hits) and still reaches fastjson"
else
	fail "pool fast: the script is served from opcache (hits: $hits)"
fi

# --- one opcache for both pools: a script compiled by pool ext, then run by pool fast
request probe_ext ext "" probe.php
request probe_fast fast "" probe.php
check "probe compiled by pool ext: its json_encode went to ext/json" "true 1 1" \
	"$(j probe_ext cached) $(j probe_ext calls) $(j probe_ext ext_json_calls)"
check "probe from the shared opcache in pool fast: enabled, its json_encode went to fastjson" "true true 1 0" \
	"$(j probe_fast cached) $(j probe_fast enabled) $(j probe_fast calls) $(j probe_fast ext_json_calls)"
check "probe: same output from both pools" "$(j probe_ext out)" "$(j probe_fast out)"
literal=$(j probe_fast ini_get_literal)
if [ "$literal" = 0 ]; then
	echo "note: in pool fast, ini_get('fastjson.enabled') in the probe compiled by pool ext returns '0' though" \
		"fastjson is enabled: opcache folded it at compile time (php_admin_value makes the setting" \
		"PHP_INI_SYSTEM there; php-src GH-8699). Read fastjson_info()['enabled'] instead."
else
	echo "note: in pool fast, ini_get('fastjson.enabled') in the probe compiled by pool ext returns '$literal'" \
		"(not folded by opcache at compile time)"
fi

# --- pool-wide counters (shared memory made by the master, one slot per worker)
# A request's share of the total: its workload (9 calls if work=1) and the json_encode()
# that prints its reply, which comes after its "after" snapshot.
request shared0 pair "" shared.php
check "pool pair: shared memory available in the worker" true "$(j shared0 after.available)"
request shared_a pair "work=1&sleep=3" shared.php &
shared_a_job=$!
# Request a has made its calls and sleeps in one worker: b must go to the other.
sleep 1
request shared_b pair "work=1" shared.php
wait "$shared_a_job" || true
request shared_r pair "" shared.php
check "pool pair: two requests served by two workers ($(j shared_a pid), $(j shared_b pid))" true \
	"$([ "$(j shared_a pid)" != "$(j shared_b pid)" ] && [ "$(j shared_b pid)" != "<missing>" ] && echo true || echo false)"
# shared0's print, a's 9 calls, b's 9 calls.
check "pool pair: the worker of b sees the calls of a, still in progress in the other worker" \
	"$(add "$(j shared0 after.total)" 19)" "$(j shared_b after.total)"
check "pool pair: json_encode calls of both workers in b's view (shared0's print + 3 + 3)" \
	"$(add "$(j shared0 after.json_encode)" 7)" "$(j shared_b after.json_encode)"
check "pool pair: the aggregate is the sum of every request sent (prints of shared0, a, b + 2 workloads)" \
	"$(add "$(j shared0 after.total)" 21)" "$(j shared_r before.total)"

# A worker killed with SIGKILL after its workload, in the middle of its request.
rm -f "$TMP/killed.pid"
request shared_k pair "work=1&sleep=30&pidfile=killed.pid" shared.php &
shared_k_job=$!
for _ in $(seq 100); do [ -s "$TMP/killed.pid" ] && break; sleep 0.1; done
killed_pid=$(cat "$TMP/killed.pid" 2>/dev/null || echo)
if [ -n "$killed_pid" ] && kill -KILL "$killed_pid" 2>/dev/null; then
	ok "pool pair: worker $killed_pid killed with SIGKILL in the middle of a request"
else
	fail "pool pair: the sleeping request's worker could not be killed (pid '$killed_pid')"
fi
wait "$shared_k_job" || true
request shared_after_kill pair "" shared.php
check "pool pair: a request after the kill is answered (no lock left held)" true "$(j shared_after_kill after.available)"
# shared_r's print and the killed request's 9 calls (it never printed).
check "pool pair: the killed worker's calls are all still counted" \
	"$(add "$(j shared_r before.total)" 10)" "$(j shared_after_kill before.total)"

if [ "$failed" -ne 0 ]; then
	echo "--- php-fpm log"
	tail -n 30 "$TMP/fpm.log" 2>/dev/null || true
	echo "--- PHP error log"
	tail -n 30 "$TMP/php_errors.log" 2>/dev/null || true
fi
printf 'fpm: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
