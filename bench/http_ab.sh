#!/usr/bin/env bash
# HTTP-level A/B benchmark: what fastjson saves per request behind nginx and php-fpm.
#
# Starts its own nginx (127.0.0.1, a free port) and php-fpm master (two pools on Unix
# sockets), all under a temporary directory that is removed at the end, and stops both
# on exit, however it exits. The pools differ only in php_admin_value[fastjson.enabled]:
# pool a = 0 (json_*() answered by ext/json), pool b = 1 (by fastjson); fastjson is
# loaded with fastjson.override=1 in both, opcache is on. wrk sends requests to endpoints
# that look like real ones (bench/http/www/): a health check, a REST handler (POSTed
# order decoded, reply of ~1.4 KB or ~48 KB encoded), a list of 250 records, structured
# logging (200 small records), a cache read (42 KB stored payload decoded).
#
# Before timing, every endpoint is probed in both pools: status 200, the side that
# answered its json_* calls (fastjson_info()), and byte-identical bodies; during the
# runs wrk checks every reply against that body (see bench/http/wrk.lua), and a single
# wrong reply or socket error stops the benchmark: a broken pool cannot pass for a fast
# one. Runs are interleaved per endpoint: a,b in odd rounds, b,a in even ones.
#
# wrk uses 1 connection and 1 thread by default (--connections=2 for two): on a 2-core
# machine, wrk, nginx and the php-fpm worker already share the cores, and more
# connections would measure the scheduler. With one connection the requests are served
# one after the other, so 1/(req/s) is the time a request takes end to end. Besides
# req/s and latency, each run records the CPU time the pool's workers used per request
# (from /proc/PID/schedstat), which time lost to other work on the machine does not skew.
#
# Usage: bench/http_ab.sh [options]          (from anywhere; as root to install packages)
#   --rounds=N         interleaved rounds (default 20)
#   --duration=S       seconds per timed run (default 1); a run also stops after
#                      --max-requests (default 100000), wrk after S + 30 s in any case
#   --warmup=S         untimed seconds per pool and endpoint first (default 1)
#   --connections=N    1 or 2 (default 1)
#   --endpoints=A,B    a subset (names: health rest-1k rest-48k list log cache)
#   --smoke            1 round of 1 s, no warm-up: checks that everything works (CI)
#   --so=PATH          fastjson.so (default: modules/fastjson.so of this checkout)
#   --svg=FILE         chart (default bench/results/latest-http.svg; the README's:
#                      --svg=bench/results/http.svg); --no-svg for none
#   --json=FILE        all runs and the summary as JSON
# Default: 6 endpoints x 2 pools x (20 rounds x 1 s + 1 s warm-up), 282 s in all when
# measured; short runs and many rounds, so that the two runs of a pair see the same load.
# Installs nginx, php8.2-fpm (the CLI's branch) and wrk with apt-get when missing.
# Prints a table (text and Markdown), and last "http-ab: N passed, N failed" for the
# checks; exits non-zero when one failed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HTTP=$ROOT/bench/http

die() { printf 'http-ab: error: %s\n' "$*" >&2; exit 1; }

# ------------------------------------------------------------------ options
ROUNDS=20 DURATION=1 WARMUP=1 CONNECTIONS=1 MAX_REQUESTS=100000 ONLY=
SO=$ROOT/modules/fastjson.so
SVG=$ROOT/bench/results/latest-http.svg
JSON=
for arg in "$@"; do
	case $arg in
	--rounds=*) ROUNDS=${arg#*=} ;;
	--duration=*) DURATION=${arg#*=} ;;
	--warmup=*) WARMUP=${arg#*=} ;;
	--connections=*) CONNECTIONS=${arg#*=} ;;
	--max-requests=*) MAX_REQUESTS=${arg#*=} ;;
	--endpoints=*) ONLY=${arg#*=} ;;
	--smoke) ROUNDS=1 DURATION=1 WARMUP=0 ;;
	--so=*) SO=${arg#*=} ;;
	--svg=*) SVG=${arg#*=} ;;
	--no-svg) SVG= ;;
	--json=*) JSON=${arg#*=} ;;
	-h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown option $arg (try --help)" ;;
	esac
done
for n in "$ROUNDS" "$DURATION" "$MAX_REQUESTS"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "--rounds, --duration and --max-requests take a positive integer"
done
[[ $WARMUP =~ ^[0-9]+$ ]] || die "--warmup takes an integer"
[[ $CONNECTIONS =~ ^[12]$ ]] || die "--connections is 1 or 2 (a 2-core machine)"
[ -f "$SO" ] || die "no extension at $SO: build it first (phpize && ./configure --enable-fastjson && make), or pass --so=PATH"
SO=$(cd "$(dirname "$SO")" && pwd)/$(basename "$SO")
[ -d "$ROOT/bench/data/real" ] || die "bench/data/real is missing (it is only in a git checkout)"

# The endpoints: name, path (under /a or /b), POST body file (none: GET), description.
ENDPOINTS=(
	"health|/health.php||health check, a tiny reply"
	"rest-1k|/rest.php?related=0|rest.json|REST POST: order in, order out"
	"rest-48k|/rest.php?related=25|rest.json|REST POST: order in, order and 25 related items out"
	"list|/list.php?offset=100&limit=250||a page of 250 user records"
	"log|/log.php?records=200||structured logging, 200 records as JSON lines"
	"cache|/cache.php||cache read: stored payload decoded, a summary out"
)
if [ -n "$ONLY" ]; then
	selected=()
	for wanted in ${ONLY//,/ }; do
		found=
		for e in "${ENDPOINTS[@]}"; do
			[ "${e%%|*}" != "$wanted" ] || { selected+=("$e"); found=1; }
		done
		[ -n "$found" ] || die "unknown endpoint $wanted"
	done
	ENDPOINTS=("${selected[@]}")
fi

# ------------------------------------------------------------------ install what is missing
PHP=$(command -v php) || die "no php CLI"
BRANCH=$("$PHP" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
# php-fpm and nginx live in /usr/sbin, which a non-root PATH may lack.
FPM=/usr/sbin/php-fpm$BRANCH
NGINX=/usr/sbin/nginx
missing=()
[ -x "$FPM" ] || missing+=("php$BRANCH-fpm")
[ -x "$NGINX" ] || missing+=(nginx)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
[ -f "$("$PHP" -n -r 'echo ini_get("extension_dir");')/opcache.so" ] || missing+=("php$BRANCH-opcache")
if [ "${#missing[@]}" -gt 0 ]; then
	echo "http-ab: installing ${missing[*]}"
	# Where packages start their services, this also starts the system's nginx and
	# php-fpm; the benchmark never uses them. A stale package list is the usual reason
	# for a failed install: refresh and retry.
	# shellcheck source=tools/lib/apt.sh
	. "$ROOT/tools/lib/apt.sh"
	fj_apt_install "${missing[@]}" || { fj_apt_update && fj_apt_install "${missing[@]}"; } \
		|| die "could not install ${missing[*]}"
fi

# ------------------------------------------------------------------ private nginx + php-fpm
TMP=$(mktemp -d "${TMPDIR:-/tmp}/fastjson-http-ab.XXXXXX")
FPM_PID='' NGINX_PID=''
# stop_process PID: graceful stop (SIGQUIT for both nginx and php-fpm), SIGKILL if it hangs.
stop_process() {
	local pid=$1
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
	kill -QUIT "$pid" 2>/dev/null || true
	for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}
cleanup() {
	local status=$?
	stop_process "$NGINX_PID"
	stop_process "$FPM_PID"
	rm -rf "$TMP"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$TMP/www" "$TMP/bodies" "$TMP/expect" "$TMP/probe" "$TMP/nginx"
"$PHP" -n "$HTTP/prepare.php" "$TMP/www" "$TMP/bodies"

# The only php.ini (php-fpm -n skips the system's conf.d): fastjson, opcache as in
# production (timestamps not checked: the scripts do not change during the run).
cat >"$TMP/php.ini" <<EOF
extension=$SO
fastjson.override=1
zend_extension=opcache
opcache.enable=1
opcache.validate_timestamps=0
display_errors=0
log_errors=1
error_log=$TMP/php_errors.log
EOF

# Static pools sized to the connections: every request finds a worker ready.
pool_conf() {
	cat <<EOF
[$1]
listen = $TMP/$1.sock
pm = static
pm.max_children = $CONNECTIONS
catch_workers_output = yes
php_admin_value[fastjson.enabled] = $2
EOF
}
{
	printf '[global]\npid = %s\nerror_log = %s\ndaemonize = no\n\n' "$TMP/fpm.pid" "$TMP/fpm.log"
	pool_conf a 0
	echo
	pool_conf b 1
} >"$TMP/fpm.conf"

# As root, php-fpm needs -R to keep its workers as root, and nginx's workers must be
# root too to reach the sockets in the private (0700) temporary directory.
fpm_args=(-n -c "$TMP/php.ini" -y "$TMP/fpm.conf" -F)
nginx_user=
if [ "$(id -u)" -eq 0 ]; then
	fpm_args+=(-R)
	nginx_user='user root;'
fi
"$FPM" "${fpm_args[@]}" >"$TMP/fpm.stdout" 2>&1 &
FPM_PID=$!
for _ in $(seq 100); do
	[ -S "$TMP/a.sock" ] && [ -S "$TMP/b.sock" ] && break
	kill -0 "$FPM_PID" 2>/dev/null || break
	sleep 0.1
done
if [ ! -S "$TMP/a.sock" ] || [ ! -S "$TMP/b.sock" ]; then
	cat "$TMP/fpm.stdout" "$TMP/fpm.log" 2>/dev/null || true
	die "php-fpm did not start"
fi

# nginx_conf PORT: one server on 127.0.0.1:PORT; /a/X.php goes to pool a, /b/X.php to b.
nginx_conf() {
	local pool locations=
	for pool in a b; do
		locations+="
		location ~ ^/$pool(/[a-z_]+\\.php)\$ {
			include $TMP/fastcgi.conf;
			fastcgi_param SCRIPT_FILENAME \$document_root\$1;
			fastcgi_param SCRIPT_NAME \$1;
			fastcgi_pass unix:$TMP/$pool.sock;
		}"
	done
	cat <<EOF
$nginx_user
worker_processes 1;
daemon off;
pid $TMP/nginx.pid;
error_log $TMP/nginx_error.log warn;
events { worker_connections 64; }
http {
	access_log off;
	client_body_temp_path $TMP/nginx/body;
	fastcgi_temp_path $TMP/nginx/fastcgi;
	proxy_temp_path $TMP/nginx/proxy;
	uwsgi_temp_path $TMP/nginx/uwsgi;
	scgi_temp_path $TMP/nginx/scgi;
	# wrk keeps its connection open for a whole run
	keepalive_requests 1000000;
	server {
		listen 127.0.0.1:$1;
		root $TMP/www;
		$locations
		location / { return 404; }
	}
}
EOF
}
cat >"$TMP/fastcgi.conf" <<'EOF'
fastcgi_param QUERY_STRING $query_string;
fastcgi_param REQUEST_METHOD $request_method;
fastcgi_param CONTENT_TYPE $content_type;
fastcgi_param CONTENT_LENGTH $content_length;
fastcgi_param REQUEST_URI $request_uri;
fastcgi_param DOCUMENT_ROOT $document_root;
fastcgi_param SERVER_PROTOCOL $server_protocol;
fastcgi_param REMOTE_ADDR $remote_addr;
fastcgi_param SERVER_ADDR $server_addr;
fastcgi_param SERVER_PORT $server_port;
fastcgi_param SERVER_NAME $server_name;
EOF

# A port the kernel says is free; another program may take it before nginx binds it,
# so nginx is tried on a few.
PORT=
for _ in 1 2 3 4 5; do
	port=$("$PHP" -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo explode(":", stream_socket_get_name($s, false))[1];')
	nginx_conf "$port" >"$TMP/nginx.conf"
	"$NGINX" -p "$TMP/nginx" -e "$TMP/nginx_error.log" -c "$TMP/nginx.conf" >"$TMP/nginx.stdout" 2>&1 &
	NGINX_PID=$!
	for _ in $(seq 50); do
		"$PHP" -n -r 'exit(@fsockopen("127.0.0.1", (int) $argv[1]) ? 0 : 1);' "$port" && { PORT=$port; break; }
		kill -0 "$NGINX_PID" 2>/dev/null || break
		sleep 0.1
	done
	[ -z "$PORT" ] || break
	stop_process "$NGINX_PID"
	NGINX_PID=
done
if [ -z "$PORT" ]; then
	cat "$TMP/nginx.stdout" "$TMP/nginx_error.log" 2>/dev/null || true
	die "nginx did not start"
fi

# ------------------------------------------------------------------ checks
passed=0 failed=0
ok() { printf 'ok: %s\n' "$*"; passed=$((passed + 1)); }
fail() { printf 'FAIL: %s\n' "$*"; failed=$((failed + 1)); }
finish() {
	printf 'http-ab: %d passed, %d failed\n' "$passed" "$failed"
	[ "$failed" -eq 0 ]
}
# field LINE NAME: the value of NAME=... in a probe.php line.
field() { sed -n "s/.*\\b$2=\\([^ ]*\\).*/\\1/p" <<<"$1"; }

ok "nginx $("$NGINX" -v 2>&1 | sed 's|.*/||') on 127.0.0.1:$PORT, php-fpm $("$FPM" -n -v | head -n 1 | cut -d' ' -f2) pools a (fastjson.enabled=0) and b (=1) ($TMP)"

# probe_all STAGE: each endpoint once per pool with probe.php; checks status, side,
# routing and identical bodies; at STAGE "before", keeps the body as the expected reply
# and pool b's counts as the endpoint's JSON work.
probe_all() {
	local stage=$1 e name path body desc pool line a_line b_line
	for e in "${ENDPOINTS[@]}"; do
		IFS='|' read -r name path body desc <<<"$e"
		for pool in a b; do
			line=$("$PHP" -n "$HTTP/probe.php" "$PORT" "/$pool$path" "$TMP/probe/$name.$pool" \
				${body:+"$TMP/bodies/$body"})
			if [ "$pool" = a ]; then a_line=$line; else b_line=$line; fi
		done
		if [ "$(field "$a_line" status) $(field "$b_line" status)" != "200 200" ]; then
			fail "$stage: $name answers 200 in both pools (a: $a_line; b: $b_line; a's body: $(head -c 300 "$TMP/probe/$name.a"))"
			continue
		fi
		if [ "$(field "$a_line" side)" = ext/json ] && [ "$(field "$a_line" ext_json_calls)" = "$(field "$a_line" calls)" ] \
			&& [ "$(field "$b_line" side)" = fastjson ] && [ "$(field "$b_line" ext_json_calls)" = 0 ] \
			&& [ "$(field "$b_line" calls)" -gt 0 ]; then
			ok "$stage: $name: $(field "$a_line" calls) json_* calls, all to ext/json in pool a, all to fastjson in pool b"
		else
			fail "$stage: $name: json_* calls routed by pool (a: $a_line; b: $b_line)"
		fi
		if cmp -s "$TMP/probe/$name.a" "$TMP/probe/$name.b"; then
			ok "$stage: $name: identical replies in both pools ($(wc -c <"$TMP/probe/$name.a") bytes)"
		else
			fail "$stage: $name: replies differ between pools (cmp: $(cmp "$TMP/probe/$name.a" "$TMP/probe/$name.b" 2>&1 || true))"
		fi
		if [ "$stage" = before ]; then
			cp "$TMP/probe/$name.a" "$TMP/expect/$name"
			printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$desc" "$(field "$b_line" calls)" "$(field "$b_line" bytes_in)" \
				"$(field "$b_line" bytes_out)" >>"$TMP/endpoints.tsv"
		elif ! cmp -s "$TMP/probe/$name.a" "$TMP/expect/$name"; then
			fail "$stage: $name: reply changed during the run"
		fi
	done
}

# pool_cpu_ns POOL: CPU time the pool's workers have run, in ns (/proc/PID/schedstat's
# first field). Time a worker waits while other work holds the cores does not count,
# which makes CPU per request the steadiest figure on a shared machine. The workers are
# the master's children named "php-fpm: pool POOL" (read from /proc: no ps needed).
pool_cpu_ns() {
	local pid name total=0 children=()
	# one line of pids, without a final newline (read then returns non-zero)
	read -r -a children <"/proc/$FPM_PID/task/$FPM_PID/children" || true
	for pid in "${children[@]}"; do
		# the title php-fpm writes over its arguments, padded with NULs
		name=$(tr -d '\0' <"/proc/$pid/cmdline")
		[ "$name" = "php-fpm: pool $1" ] || continue
		total=$((total + $(cut -d' ' -f1 "/proc/$pid/schedstat")))
	done
	echo "$total"
}
if [ "$(pool_cpu_ns a)" -eq 0 ] || [ "$(pool_cpu_ns b)" -eq 0 ]; then
	die "no php-fpm workers found for pools a and b"
fi

probe_all before
if [ "$failed" -ne 0 ]; then
	tail -n 20 "$TMP/php_errors.log" "$TMP/fpm.log" "$TMP/nginx_error.log" 2>/dev/null || true
	finish || exit 1
fi

# run_wrk POOL NAME PATH BODY SECONDS: one wrk run; its AB_RESULT line in RESULT. Any
# wrong reply or socket error ends the benchmark.
RESULT=
run_wrk() {
	local pool=$1 name=$2 path=$3 body=$4 secs=$5 out
	local args=(wrk -t"$CONNECTIONS" -c"$CONNECTIONS" -d"${secs}s" --timeout 10s -s "$HTTP/wrk.lua"
		"http://127.0.0.1:$PORT/$pool$path" -- "$TMP/expect/$name" $((MAX_REQUESTS / CONNECTIONS)))
	[ -z "$body" ] || args+=("$TMP/bodies/$body")
	out=$(timeout $((secs + 30)) "${args[@]}" 2>&1) || true
	RESULT=$(grep '^AB_RESULT ' <<<"$out" || true)
	if [ -z "$RESULT" ]; then
		fail "wrk on pool $pool, $name: no result (output: $out)"
		finish || exit 1
	fi
	if [ "$(field "$RESULT" bad)" != 0 ] || [ "$(field "$RESULT" socket_errors)" != 0 ] \
		|| [ "$(field "$RESULT" requests)" = 0 ]; then
		fail "pool $pool, $name: every reply 200 and identical to the probe's ($RESULT $(grep '^AB_FIRST_BAD' <<<"$out" || true))"
		finish || exit 1
	fi
}

printf '%s\t%s\n' php "$("$PHP" -n -r 'echo PHP_VERSION;')" \
	fastjson "$("$PHP" -n -d extension="$SO" -r 'echo fastjson_info()["version"];')" \
	simd "$("$PHP" -n -d extension="$SO" -r 'echo fastjson_info()["simd"];')" \
	cpu "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores" \
	rounds "$ROUNDS" duration "$DURATION" connections "$CONNECTIONS" \
	date "$(date -u '+%Y-%m-%d %H:%M UTC')" load_before "$(cut -d' ' -f1-3 /proc/loadavg)" >"$TMP/meta.tsv"

if [ "$WARMUP" -gt 0 ]; then
	echo "warm-up: $WARMUP s per pool and endpoint"
	for e in "${ENDPOINTS[@]}"; do
		IFS='|' read -r name path body desc <<<"$e"
		for pool in a b; do
			run_wrk "$pool" "$name" "$path" "$body" "$WARMUP"
		done
	done
fi

start=$SECONDS
runs=0 requests=0
for round in $(seq "$ROUNDS"); do
	# a,b in odd rounds, b,a in even ones: a,b,b,a,a,b,... per endpoint
	if [ $((round % 2)) -eq 1 ]; then order=(a b); else order=(b a); fi
	for e in "${ENDPOINTS[@]}"; do
		IFS='|' read -r name path body desc <<<"$e"
		for pool in "${order[@]}"; do
			cpu_before=$(pool_cpu_ns "$pool")
			run_wrk "$pool" "$name" "$path" "$body" "$DURATION"
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "$pool" "$(field "$RESULT" requests)" \
				"$(field "$RESULT" duration_us)" "$(field "$RESULT" p50_us)" "$(field "$RESULT" p99_us)" \
				$(($(pool_cpu_ns "$pool") - cpu_before)) >>"$TMP/runs.tsv"
			runs=$((runs + 1))
			requests=$((requests + $(field "$RESULT" requests)))
		done
	done
	printf 'round %d/%d done (%d s)\n' "$round" "$ROUNDS" $((SECONDS - start))
done
ok "$runs timed runs, $requests requests: every reply had status 200 and the probe's bytes, no socket error"
printf '%s\t%s\n' load_after "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$TMP/meta.tsv"

probe_all after
if [ -s "$TMP/php_errors.log" ]; then
	fail "PHP logged errors (first lines follow)"
	head -n 10 "$TMP/php_errors.log"
else
	ok "PHP logged no error or warning"
fi

report_args=()
[ -z "$SVG" ] || report_args+=("--svg=$SVG")
[ -z "$JSON" ] || report_args+=("--json=$JSON")
"$PHP" -n "$HTTP/report.php" "$TMP" "${report_args[@]+"${report_args[@]}"}"
[ "$ROUNDS" -gt 1 ] || echo "note: one round gives no spread, and a first run without warm-up is slow: these figures are a smoke test, not a measurement"
echo "load average before / after: $(sed -n 's/^load_before\t//p' "$TMP/meta.tsv") / $(cut -d' ' -f1-3 /proc/loadavg)" \
	"(the machine's other work shares its cores with wrk, nginx and php-fpm)"
echo "wall time: ${SECONDS} s"
finish
