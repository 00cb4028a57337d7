#!/usr/bin/env bash
# target_cpu.sh: the target's CPU per request in each model (issue 26: a
# hello request under 30 us on one core, pool included), for
#   hello: keep-alive hello requests at a fixed rate (CONNS connections,
#          RATE req/s, DUR seconds), the steady case;
#   max:   CONNS keep-alive connections as closed-loop virtual users for
#          DUR seconds (as fast as they go): the target is busy, so a
#          wake-up is shared by the requests a poll finds ready, which is
#          what "CPU per request on one core" means at saturation;
#   burst: BURST requests at once, each on a fresh connection (a pool of
#          500 threads waiting WAIT), the 1,000-connection burst of
#          `run --via http`; its accept and close are counted.
# GNET=PATH (a build of bench/gnetserver) adds gnet v2 on the same core
# as the anchor for hello and max: what this machine charges for the
# same requests with an event loop that is not ours.
# The target is pinned to SERVER_CPU with GOMAXPROCS 1, the generator
# (waitlab load) to CLIENT_CPU. The target's CPU is the sum over its
# threads of /proc/PID/task/*/schedstat (nanoseconds on the CPU), read
# before and after the load, so the figure does not depend on how much of
# the core other work took; requests are the generator's count. Rounds
# alternate the models (and BASE, a build before a change, with this one).
#
#   bench/target_cpu.sh
#   ROUNDS=5 MODELS="pool loop" BASE=/tmp/old-waitlab bench/target_cpu.sh
set -euo pipefail
ROUNDS=${ROUNDS:-3}
RATE=${RATE:-5000}
DUR=${DUR:-5}
CONNS=${CONNS:-50}
BURST=${BURST:-1000}
WAIT=${WAIT:-100ms}
CASES=${CASES:-"hello max burst"}
MODELS=${MODELS:-"pool loop offload virtual"}
[[ -n "${GNET:-}" ]] && MODELS="$MODELS gnet"
SERVER_CPU=${SERVER_CPU:-1}
CLIENT_CPU=${CLIENT_CPU:-0}
PORT=${PORT:-18280}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
pid=""
stop() {
	if [[ -n "$pid" ]]; then
		kill -TERM "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		pid=""
	fi
}
trap 'stop; rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/waitlab" .)
bins="new=$work/waitlab"
[[ -n "${BASE:-}" ]] && bins="base=$BASE $bins"

echo "== environment"
echo "date:     $(date -u +%FT%TZ)"
echo "host:     $(uname -srm), $(nproc) cpus ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
echo "go:       $(go version)"
echo "commit:   $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "loadavg:  $(cat /proc/loadavg)"
echo "pinning:  target on cpu $SERVER_CPU (GOMAXPROCS 1), waitlab load on cpu $CLIENT_CPU"
echo "hello:    $CONNS keep-alive connections at $RATE req/s for ${DUR}s; max: $CONNS closed-loop virtual users for ${DUR}s; burst: $BURST fresh connections at once, wait $WAIT"
echo "measure:  target CPU = sum of /proc/PID/task/*/schedstat (ns) over the load / requests answered"
echo

cpu_ns() { cat /proc/"$pid"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {print s}'; }

start() { # bin model case
	local bin=$1 model=$2 c=$3
	if [[ $model == gnet ]]; then
		GOMAXPROCS=1 taskset -c "$SERVER_CPU" "$GNET" -listen "127.0.0.1:$PORT" >"$work/target.log" 2>&1 &
		pid=$!
		wait_up
		return
	fi
	local args=(--listen "127.0.0.1:$PORT" --model "$model")
	case $model in
	pool) if [[ $c == burst ]]; then args+=(--threads 500 --queue 10000); else args+=(--threads 200); fi ;;
	loop) args+=(--threads 1) ;;
	offload) args+=(--threads 1 --offload 16) ;;
	virtual) args+=(--carriers 1) ;;
	esac
	[[ $c == burst ]] && args+=(--wait "$WAIT")
	GOMAXPROCS=1 taskset -c "$SERVER_CPU" "$bin" target "${args[@]}" >"$work/target.log" 2>&1 &
	pid=$!
	wait_up
}

wait_up() {
	for _ in $(seq 100); do
		curl -s -o /dev/null "http://127.0.0.1:$PORT/" && return
		sleep 0.05
	done
	echo "target did not start:" >&2
	cat "$work/target.log" >&2
	exit 1
}

load() { # case -> prints requests answered
	local c=$1 args=()
	if [[ $c == burst ]]; then
		args=(--rate 100000 --requests "$BURST" --connections "$BURST" --timeout 30s)
	elif [[ $c == max ]]; then
		args=(--vus "$CONNS" --duration "${DUR}s" --progress off --target-metrics off)
	else
		args=(--rate "$RATE" --duration "${DUR}s" --connections "$CONNS")
	fi
	taskset -c "$CLIENT_CPU" "$work/waitlab" load "${args[@]}" --json "http://127.0.0.1:$PORT/" >"$work/load.json" 2>"$work/load.err" || true
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get("ok") or 0)' "$work/load.json" 2>/dev/null || echo 0
}

declare -A res
for r in $(seq "$ROUNDS"); do
	for c in $CASES; do
		for m in $MODELS; do
			[[ $c == burst && $m != pool ]] && continue
			bl=$bins
			[[ $m == gnet ]] && bl="gnet=$GNET"
			for b in $bl; do
				name=${b%%=*} bin=${b#*=}
				start "$bin" "$m" "$c"
				[[ $c != burst ]] && RATE=1000 DUR=1 load hello >/dev/null # warm-up
				t0=$(cpu_ns)
				n=$(load "$c")
				t1=$(cpu_ns)
				stop
				us=$(awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { if (n > 0) printf "%.1f", (b - a) / n / 1000; else print "n/a" }')
				res[$c.$m.$name]+="$us "
				echo "round $r: $c $m $name: $n requests, ${us} us CPU/request (loadavg $(cut -d' ' -f1 /proc/loadavg))"
			done
		done
	done
done
echo
median() { tr ' ' '\n' | grep -v '^$' | grep -v n/a | sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "n/a"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
echo "== medians (us of target CPU per request; goal: hello < 30 in every model)"
for c in $CASES; do
	for m in $MODELS; do
		[[ $c == burst && $m != pool ]] && continue
		line="$c $m:"
		bl=$bins
		[[ $m == gnet ]] && bl="gnet=$GNET"
		for b in $bl; do
			name=${b%%=*}
			line+=" $name $(echo "${res[$c.$m.$name]}" | median) [${res[$c.$m.$name]% }]"
		done
		echo "$line"
	done
done
