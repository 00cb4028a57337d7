#!/usr/bin/env bash
# downstream_delay.sh: is the downstream's delay the delay asked for?
#
# redis-benchmark (a real Redis client) drives `waitlab downstream` on
# loopback, client on CPU 0 and server on CPU 1 (taskset), GET, N requests,
# with 1, 20 and 50 clients. The anchor is measured in the same run: the
# loopback round trip is the p50 at --delay 0 with the same clients; the
# goal is p50 <= DELAY * 1.05 + that round trip. The server's own account
# (its stop line: the delay it gave and how much later than asked) and its
# CPU per request (/proc/PID/stat) are printed beside it, since on a
# shared machine the client's p50 carries the machine's scheduling delays
# and the server's figure does not.
#
# BASE=path/to/an/older/waitlab runs the same rounds on it too, alternated
# with this tree's build (the before/after of docs/benchmarks.md).
#
# With one client, a third-party anchor of what this client sees from a
# server that sleeps DELAY per request: redis-server itself (started with
# its debug command on, CPU 1) answering `DEBUG SLEEP` of DELAY, measured
# in the same round. A client that idles for the delay pays its own
# wake-up on return, which the busy --delay 0 round trip does not hold;
# Redis pays it too, so the gap to it is the downstream's own.
#
# KEEPAWAKE=1 runs a spinner at the idle scheduling class (chrt --idle)
# on the client's CPU for the whole run, anchor included: the client's
# virtual CPU then never halts while it waits, so its wake-up on return is
# a thread switch and not the halted CPU's wake-up (VM exit, 100-150 us
# on Firecracker), which is the machine's, not the server's; the spinner
# gives way to any other thread at once. Read it beside a run without.
#
# usage: bench/downstream_delay.sh   (env: DELAY=1ms N=20000 CLIENTS="1 20 50"
#        ROUNDS=3 PORT=(random) BASE= KEEPAWAKE=)
set -euo pipefail
DELAY=${DELAY:-1ms}
N=${N:-20000}
CLIENTS=${CLIENTS:-1 20 50}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-$((11000 + RANDOM % 20000))}  # below the ephemeral range (32768-)
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/bench/run_env.inc"
WORK=$(mktemp -d /tmp/waitlab-dsbench.XXXXXX)
trap 'kill "${SPID:-}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
command -v redis-benchmark >/dev/null || { apt-get install -y redis-tools >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y redis-tools >/dev/null 2>&1; }; }
command -v redis-benchmark >/dev/null || { echo "redis-benchmark is not installed and apt-get could not install it" >&2; exit 1; }
(cd "$REPO" && go build -o "$WORK/waitlab" .)
print_env
echo "delay=$DELAY requests=$N clients=($CLIENTS) rounds=$ROUNDS; client on CPU 0, server on CPU 1"
BINS="new=$WORK/waitlab"
[ -n "${BASE:-}" ] && BINS="base=$BASE $BINS"
TCK=$(getconf CLK_TCK)

# one BIN DELAY CLIENTS: prints "p50_ms rps cpu_us_per_req | server stop line"
one() {
	taskset -c 1 "$1" downstream --listen 127.0.0.1:$PORT --delay "$2" >/dev/null 2>"$WORK/err" &
	SPID=$!
	# Ready when it accepts (bounded: 5 s). Not redis-benchmark -n 1: with
	# fewer requests than clients it never ends.
	for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null && break; sleep 0.1; done
	local t0 t1 csv
	if ! kill -0 $SPID 2>/dev/null; then
		echo "the downstream did not start: $(cat "$WORK/err")" >&2
		exit 1
	fi
	t0=$(awk '{print $14+$15}' /proc/$SPID/stat)
	csv=$(timeout 120 taskset -c 0 redis-benchmark -h 127.0.0.1 -p $PORT -t get -n "$N" -c "$3" --csv 2>/dev/null | tail -1)
	t1=$(awk '{print $14+$15}' /proc/$SPID/stat)
	kill -INT $SPID; wait $SPID 2>/dev/null || true
	SPID=
	# csv: "GET","rps","avg","min","p50","p95","p99","max"
	echo "$csv" | tr -d '"' | awk -F, -v cpu=$(( (t1 - t0) )) -v tck=$TCK -v n=$N '{printf "%s %s %.1f", $5, $2, cpu*1e6/tck/n}'
	echo " | $(tail -1 "$WORK/err")"
}

# redis_sleep: p50 (ms) of redis-server answering DEBUG SLEEP DELAY to one
# client ("-" without redis-server).
redis_sleep() {
	command -v redis-server >/dev/null || { echo -; return; }
	local rport=$((PORT + 1)) secs
	secs=$(awk -v d="$DELAY" 'BEGIN{ms=d; sub(/ms$/,"",ms); if (d ~ /us$/) {ms=d; sub(/us$/,"",ms); ms/=1000} printf "%.6f", ms/1000}')
	taskset -c 1 redis-server --port $rport --save '' --appendonly no --enable-debug-command yes >/dev/null 2>&1 &
	RPID=$!
	for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/$rport) 2>/dev/null && break; sleep 0.1; done
	timeout 120 taskset -c 0 redis-benchmark -h 127.0.0.1 -p $rport -c 1 -n $((N / 4)) --csv DEBUG SLEEP "$secs" 2>/dev/null | tail -1 | tr -d '"' | cut -d, -f5
	kill $RPID; wait $RPID 2>/dev/null || true
	RPID=
}
trap 'kill "${SPID:-}" "${RPID:-}" "${KPID:-}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
if [ -n "${KEEPAWAKE:-}" ]; then
	taskset -c 0 chrt --idle 0 sh -c 'while :; do :; done' &
	KPID=$!
	echo "keepawake: an idle-class spinner on CPU 0 (PID $KPID), anchor and rounds alike"
fi

for r in $(seq "$ROUNDS"); do
	echo
	echo "## round $r (load avg $(cut -d' ' -f1-3 /proc/loadavg))"
	for c in $CLIENTS; do
		for nb in $BINS; do
			name=${nb%%=*}; bin=${nb#*=}
			rtt=$(one "$bin" 0 "$c" | cut -d' ' -f1)
			set -- $(one "$bin" "$DELAY" "$c")
			p50=$1; rps=$2; cpu=$3; shift 4
			goal=$(awk -v d="$DELAY" -v rtt="$rtt" 'BEGIN{ms=d; sub(/ms$/,"",ms); if (d ~ /us$/) {ms=d; sub(/us$/,"",ms); ms/=1000} printf "%.3f", ms*1.05+rtt}')
			verdict=$(awk -v p="$p50" -v g="$goal" 'BEGIN{print (p<=g)?"within":"OVER"}')
			printf "%-4s clients=%-3s p50 %s ms (goal <= %s = %s*1.05 + rtt %s ms: %s)  %s req/s  server CPU %s us/req\n     server: %s\n" \
				"$name" "$c" "$p50" "$goal" "$DELAY" "$rtt" "$verdict" "$rps" "$cpu" "$*"
		done
		if [ "$c" = 1 ]; then
			echo "     anchor: redis-server DEBUG SLEEP $DELAY, 1 client: p50 $(redis_sleep) ms"
		fi
	done
done
echo
echo "load avg after: $(cut -d' ' -f1-3 /proc/loadavg)"
