#!/usr/bin/env bash
# Overload: an open-model load (waitlab load --rate) about 5x above what
# `waitlab target` can serve, in each model. For each model it prints what
# the load generator saw (answers, 503s, errors, latency), the server's peak
# resident memory (VmHWM) and whether a request right after the load is
# answered 200 (recovery).
#
#   bench/target_overload.sh
#   MODELS="pool loop" RATE=3000 DURATION=5 bench/target_overload.sh
#
# The handler spins CPU (--cpu 1ms) on a server pinned to one core, so each
# model's capacity is about 1,000 req/s whatever its threads do; the load
# generator runs on the other core. Bounded in time: DURATION seconds per
# model plus the drain.
set -euo pipefail

MODELS=${MODELS:-"pool loop offload virtual"}
CPU=${CPU:-1ms}
RATE=${RATE:-5000}
DURATION=${DURATION:-10}
SERVER_CPU=${SERVER_CPU:-0}
CLIENT_CPU=${CLIENT_CPU:-1}
PORT=${PORT:-18190}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
pid=""
trap '[[ -n "$pid" ]] && kill -TERM "$pid" 2>/dev/null; rm -rf "$work"' EXIT

echo "== environment"
echo "date:        $(date -u +%FT%TZ)"
echo "host:        $(uname -srm)"
echo "cpus:        $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
echo "go:          $(go version)"
echo "commit:      $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "loadavg:     $(cat /proc/loadavg)"
echo "load:        waitlab load --rate $RATE --duration ${DURATION}s (open model), handler --cpu $CPU"
echo

(cd "$root" && go build -o "$work/waitlab" .)

for m in $MODELS; do
	addr=127.0.0.1:$PORT
	case $m in
	pool) extra=(--threads 200 --queue 100) ;;
	loop) extra=(--threads 1) ;;
	offload) extra=(--threads 1 --offload 16) ;;
	virtual) extra=() ;;
	esac
	taskset -c "$SERVER_CPU" "$work/waitlab" target --model "$m" --listen "$addr" --cpu "$CPU" --drain 2s "${extra[@]}" >"$work/$m.log" 2>&1 &
	pid=$!
	for _ in $(seq 100); do
		curl -s -o /dev/null "http://$addr/healthz" && break
		sleep 0.05
	done
	echo "== $m (${extra[*]:-defaults})"
	taskset -c "$CLIENT_CPU" "$work/waitlab" load --rate "$RATE" --duration "${DURATION}s" --timeout 5s \
		--progress off --target-metrics off "http://$addr/" 2>&1 | sed 's/^/  /' || true
	sleep 1
	code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "http://$addr/" || echo none)
	echo "  after the load: GET / -> $code"
	echo "  server peak RSS: $(awk '/VmHWM/ {print $2, $3}' /proc/$pid/status), threads now: $(awk '/Threads/ {print $2}' /proc/$pid/status)"
	curl -s "http://$addr/metrics" | grep -E '^waitlab_target_(requests_total|shed_total)' | sed 's/^/  /'
	kill -TERM "$pid"
	wait "$pid" 2>/dev/null || true
	pid=""
	echo
done
