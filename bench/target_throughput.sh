#!/usr/bin/env bash
# Hello-world throughput of `waitlab target` in each model against Go's
# net/http and gnet v2 serving the same response bytes, on loopback, with
# the server pinned to one core and the load generator (wrk) to the other.
#
#   bench/target_throughput.sh            # 5 rounds of 5 s per server
#   ROUNDS=3 DURATION=3 bench/target_throughput.sh
#   SERVERS="loop nethttp gnet" bench/target_throughput.sh
#   BEFORE=/tmp/old/waitlab SERVERS="loop before-loop pool before-pool gnet" \
#       bench/target_throughput.sh     # before-MODEL: MODEL from an older build
#
# Prints its environment, every round, and per server the median, min and
# max requests/s, with the ratios the issue sets targets for. Servers are
# measured interleaved (round 1 of each, then round 2 of each ...), so that
# noise from other work on the machine spreads over all of them alike.
#
# Needs: go, wrk (apt-get install -y wrk), taskset (util-linux). gnet is
# fetched from the Go module proxy into bench/gnetserver's own module.
set -euo pipefail

ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5}
WARMUP=${WARMUP:-1}
CONNS=${CONNS:-64}
SERVER_CPU=${SERVER_CPU:-0}
CLIENT_CPU=${CLIENT_CPU:-1}
SERVERS=${SERVERS:-"loop loop-shared offload pool virtual nethttp gnet"}
PORT=${PORT:-18180}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'kill_server; rm -rf "$work"' EXIT

if ! command -v wrk >/dev/null; then
	echo "wrk not found: installing it from Debian" >&2
	apt-get install -y wrk >/dev/null
fi

echo "== environment"
echo "date:        $(date -u +%FT%TZ)"
echo "host:        $(uname -srm)"
echo "cpus:        $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
echo "go:          $(go version)"
echo "wrk:         $(wrk --version 2>&1 | head -1)"
echo "commit:      $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "before:      ${BEFORE:-none} ($( [[ -n "${BEFORE:-}" ]] && "$BEFORE" version 2>/dev/null | head -1))"
echo "loadavg:     $(cat /proc/loadavg)"
echo "pinning:     server on cpu $SERVER_CPU, wrk on cpu $CLIENT_CPU"
echo "load:        wrk -t1 -c$CONNS -d${DURATION}s, $ROUNDS rounds, ${WARMUP}s warm-up"
echo

(cd "$root" && go build -o "$work/waitlab" . && go build -o "$work/nethttpserver" ./bench/nethttpserver)
(cd "$root/bench/gnetserver" && go build -o "$work/gnetserver" .)

pid=""
kill_server() {
	if [[ -n "$pid" ]]; then
		kill -TERM "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		pid=""
	fi
}

start_server() {
	local name=$1 addr=127.0.0.1:$PORT bin=$work/waitlab m=$1
	if [[ $name == before-* ]]; then
		# The same model from another build, for a before/after table.
		bin=${BEFORE:?"$name needs BEFORE=path/to/an/older/waitlab"}
		m=${name#before-}
	fi
	case $m in
	loop) cmd=("$bin" target --model loop --threads 1 --listen "$addr") ;;
	loop-shared) cmd=("$bin" target --model loop --threads 1 --acceptor shared --listen "$addr") ;;
	offload) cmd=("$bin" target --model offload --threads 1 --offload 16 --listen "$addr") ;;
	pool) cmd=("$bin" target --model pool --threads 200 --listen "$addr") ;;
	virtual) cmd=("$bin" target --model virtual --listen "$addr") ;;
	nethttp) cmd=("$work/nethttpserver" --listen "$addr") ;;
	gnet) cmd=("$work/gnetserver" --listen "$addr" --loops 1) ;;
	*) echo "unknown server $name" >&2; exit 2 ;;
	esac
	taskset -c "$SERVER_CPU" "${cmd[@]}" >"$work/$name.log" 2>&1 &
	pid=$!
	for _ in $(seq 100); do
		if curl -s -o /dev/null "http://$addr/"; then
			return
		fi
		sleep 0.05
	done
	echo "$name did not start:" >&2
	cat "$work/$name.log" >&2
	exit 1
}

# rps runs wrk once and prints requests/s and the requests made.
rps() {
	taskset -c "$CLIENT_CPU" wrk -t1 -c"$CONNS" -d"$1"s "http://127.0.0.1:$PORT/" |
		awk '/requests in/ {n=$1} /^Requests\/sec/ {r=$2} END {print r, n}'
}

# cputicks prints the server's user+system CPU in clock ticks (1/100 s).
cputicks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }

declare -A results
echo "== rounds (requests/s, and server CPU microseconds per request)"
for r in $(seq "$ROUNDS"); do
	line="round $r:"
	for s in $SERVERS; do
		start_server "$s"
		rps "$WARMUP" >/dev/null
		t0=$(cputicks)
		read -r v n < <(rps "$DURATION")
		t1=$(cputicks)
		# Server CPU per request: on a machine shared with other work this
		# is steadier than requests/s, which also measures who got the core.
		us=$(awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { printf "%.2f", (b - a) * 10000 / n }')
		results[$s]+="$v "
		results[$s.cpu]+="$us "
		line+=" $s=$v (${us}us)"
		if [[ $r -eq $ROUNDS ]]; then
			rss=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
			results[$s.rss]=$rss
		fi
		kill_server
	done
	echo "$line"
done
echo

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
minmax() { tr ' ' '\n' | grep -v '^$' | sort -g | awk 'NR==1{mn=$1} {mx=$1} END {printf "%s-%s", mn, mx}'; }

echo "== medians"
printf "%-12s %12s %22s %10s %16s %12s\n" server "median req/s" "range" "us CPU/req" "capacity req/s" "peak RSS KiB"
declare -A med cap
for s in $SERVERS; do
	med[$s]=$(echo "${results[$s]}" | median)
	cpu=$(echo "${results[$s.cpu]}" | median)
	cap[$s]=$(awk -v c="$cpu" 'BEGIN { printf "%.0f", 1e6 / c }')
	printf "%-12s %12.0f %22s %10s %16s %12s\n" "$s" "${med[$s]}" "$(echo "${results[$s]}" | minmax)" "$cpu" "${cap[$s]}" "${results[$s.rss]}"
done
echo "(capacity = 1 s / median server CPU per request: what one whole core would serve)"
echo
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
# paired prints the median over rounds of a's req/s divided by b's in the
# same round: the two ran back to back, so they saw much the same noise.
paired() {
	paste -d' ' <(echo "${results[$1]}" | tr ' ' '\n' | grep -v '^$') <(echo "${results[$2]}" | tr ' ' '\n' | grep -v '^$') |
		awk '$2 > 0 {print $1 / $2}' | median | awk '{printf "%.2f", $1}'
}
echo "== ratios: of medians | median of same-round ratios | by capacity"
echo "   (targets: loop >= 0.9x gnet and >= 1.0x net/http; pool >= 0.5x net/http)"
for s in $SERVERS; do
	[[ $s == nethttp || $s == gnet ]] && continue
	line="$s:"
	[[ -n "${med[nethttp]:-}" ]] && line+=" $(ratio "${med[$s]}" "${med[nethttp]}")x | $(paired "$s" nethttp)x | $(ratio "${cap[$s]}" "${cap[nethttp]}")x net/http;"
	[[ -n "${med[gnet]:-}" ]] && line+=" $(ratio "${med[$s]}" "${med[gnet]}")x | $(paired "$s" gnet)x | $(ratio "${cap[$s]}" "${cap[gnet]}")x gnet"
	echo "$line"
done
