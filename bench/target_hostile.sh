#!/usr/bin/env bash
# Hostile and careless clients against `waitlab target` (and the
# `waitlab downstream` behind it), in each model, while a normal client
# makes a fresh GET / every second. For each model and attack it prints the
# normal client's worst latency and status, the attack's own count, and
# the servers' peak resident memory (VmHWM); it passes (exit 0) only if
# the normal client was answered 200 every time.
#
#   bench/target_hostile.sh                 # 30 s per attack and model
#   DUR=10 MODELS="loop pool" bench/target_hostile.sh
#
# Attacks (bench/hostile): idle connections at --max-conns (MAXCONNS+500
# of them, reopened as the server closes them), slowloris (300 headers
# dripping a byte every 100 ms), big bodies then idle (300 x 1 MiB POSTs,
# then idle), never-read pipelining (40 connections pipelining /metrics),
# and non-reading downstream clients (40 connections pipelining GETs of a
# 1 MiB value to the downstream the target calls). Loopback only; bounded
# by DUR per attack.
set -euo pipefail

DUR=${DUR:-30}
MODELS=${MODELS:-"pool loop offload virtual"}
ATTACKS=${ATTACKS:-"idle slowloris bigbody pipeline resp"}
MAXCONNS=${MAXCONNS:-2000}
PORT=${PORT:-18300}
DSPORT=${DSPORT:-18301}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

echo "== environment"
echo "date:      $(date -u +%FT%TZ)"
echo "host:      $(uname -srm)"
echo "cpus:      $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
echo "go:        $(go version)"
echo "commit:    $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "loadavg:   $(cat /proc/loadavg)"
echo "fd limit:  $(ulimit -n)"
echo "run:       DUR=${DUR}s per attack, MAXCONNS=$MAXCONNS, models: $MODELS"
echo

(cd "$root" && go build -o "$work/waitlab" . && go build -o "$work/hostile" ./bench/hostile)

hwm() { awk '/VmHWM/ {print $2}' "/proc/$1/status" 2>/dev/null || echo "?"; }

wait_up() {
	for _ in $(seq 100); do
		if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
		sleep 0.05
	done
	echo "nothing listening on port $1" >&2
	return 1
}

declare -A n_of=([idle]=$((MAXCONNS + 500)) [slowloris]=300 [bigbody]=300 [pipeline]=40 [resp]=40)
fail=0
printf "%-8s %-10s %-8s %-12s %-10s %-10s %s\n" model attack probe "worst" "target KiB" "ds KiB" "attack"
for m in $MODELS; do
	for a in $ATTACKS; do
		"$work/waitlab" downstream --listen "127.0.0.1:$DSPORT" --max-store $((64 << 20)) >"$work/ds.log" 2>&1 &
		ds=$!
		pids+=("$ds")
		wait_up "$DSPORT"
		"$work/waitlab" target --model "$m" --listen "127.0.0.1:$PORT" --max-conns "$MAXCONNS" \
			--downstream "127.0.0.1:$DSPORT" >"$work/target.log" 2>&1 &
		tg=$!
		pids+=("$tg")
		wait_up "$PORT"
		addr="127.0.0.1:$PORT"
		[[ $a == resp ]] && addr="127.0.0.1:$DSPORT"
		"$work/hostile" -mode "$a" -addr "$addr" -n "${n_of[$a]}" -dur "${DUR}s" >"$work/attack.log" 2>&1 &
		at=$!
		sleep 1 # let the attack build up before measuring
		set +e
		"$work/hostile" -mode probe -addr "127.0.0.1:$PORT" -dur "$((DUR - 1))s" >"$work/probe.log" 2>&1
		ok=$?
		set -e
		wait "$at" || true
		summary=$(tail -1 "$work/probe.log")
		worst=${summary##* worst }
		status=pass
		if [[ $ok -ne 0 ]]; then
			status=FAIL
			fail=1
		fi
		printf "%-8s %-10s %-8s %-12s %-10s %-10s %s\n" "$m" "$a" "$status" "$worst" "$(hwm "$tg")" "$(hwm "$ds")" "$(tail -1 "$work/attack.log")"
		if [[ $ok -ne 0 ]]; then
			sed 's/^/    /' "$work/probe.log" | head -20
		fi
		kill -TERM "$tg" "$ds" 2>/dev/null || true
		wait "$tg" "$ds" 2>/dev/null || true
		pids=()
	done
done
echo
if [[ $fail -ne 0 ]]; then
	echo "FAIL: the normal client was not always served"
	exit 1
fi
echo "pass: the normal client was answered 200 every second under every attack"
