#!/usr/bin/env bash
# Memory under steady stalls: a long-running `waitlab target --model loop`
# whose loops stall steadily (a fraction of the requests make one blocking
# call longer than the watchdog threshold) under an open-model load, with
# /metrics scraped every sample. Every 10 s it samples the server's
# resident memory (VmRSS), the stalls counted in /metrics and the bytes the
# server wrote to stderr; at the end it prints the figures and the RSS
# spread after the first minute. Memory that grows with the number of
# stalls shows as a rising RSS column.
#
#   bench/target_stalls.sh                   # 10 minutes
#   DUR=60 bench/target_stalls.sh            # shorter
#   BIN=/tmp/old-waitlab bench/target_stalls.sh   # another build, to compare
#
# Knobs: DUR seconds (600), RATE req/s (400), BLOCK_FRACTION (0.05), BLOCK
# (15ms, over the 10ms default threshold), THREADS loops (2), PORT (18290),
# EVERY seconds between samples (10), STACKS (1; 0 runs --no-stall-stacks
# if the build has the flag).
set -euo pipefail

DUR=${DUR:-600}
RATE=${RATE:-400}
BLOCK_FRACTION=${BLOCK_FRACTION:-0.05}
BLOCK=${BLOCK:-15ms}
THREADS=${THREADS:-2}
PORT=${PORT:-18290}
EVERY=${EVERY:-10}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
pid=""
lpid=""
trap '[[ -n "$lpid" ]] && kill -TERM "$lpid" 2>/dev/null; [[ -n "$pid" ]] && kill -TERM "$pid" 2>/dev/null; sleep 0.5; rm -rf "$work"' EXIT

bin=${BIN:-}
if [[ -z "$bin" ]]; then
	(cd "$root" && go build -o "$work/waitlab" .)
	bin=$work/waitlab
fi

echo "== environment"
echo "date:        $(date -u +%FT%TZ)"
echo "host:        $(uname -srm)"
echo "cpus:        $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
echo "go:          $(go version)"
echo "commit:      $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "binary:      $bin"
echo "loadavg:     $(cat /proc/loadavg)"
echo "target:      --model loop --threads $THREADS --block-fraction $BLOCK_FRACTION --block $BLOCK (threshold 10ms)"
echo "load:        waitlab load --rate $RATE --duration ${DUR}s; /metrics scraped every ${EVERY}s"
echo

addr=127.0.0.1:$PORT
extra=()
if [[ "${STACKS:-1}" == 0 ]]; then extra=(--no-stall-stacks); fi
"$bin" target --model loop --threads "$THREADS" --listen "$addr" --block-fraction "$BLOCK_FRACTION" \
	--block "$BLOCK" --drain 2s "${extra[@]}" >"$work/target.out" 2>"$work/target.err" &
pid=$!
for _ in $(seq 100); do
	curl -s -o /dev/null "http://$addr/healthz" && break
	sleep 0.05
done
"$bin" load --rate "$RATE" --duration "${DUR}s" --timeout 5s --progress off --target-metrics off \
	"http://$addr/" >"$work/load.out" 2>&1 &
lpid=$!

rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }
stalls() { curl -s "http://$addr/metrics" | awk '/^waitlab_target_loop_stalls_total/ {s += $2} END {printf "%d", s}'; }

printf '%8s %10s %10s %12s\n' "t (s)" "RSS (KB)" "stalls" "stderr (B)"
t0=$(date +%s)
samples=()
while :; do
	now=$(( $(date +%s) - t0 ))
	r=$(rss)
	printf '%8d %10d %10s %12d\n' "$now" "$r" "$(stalls)" "$(stat -c %s "$work/target.err")"
	if (( now >= 60 || DUR < 120 )); then samples+=("$r"); fi
	(( now >= DUR )) && break
	sleep "$EVERY"
done
wait "$lpid" || true
lpid=""
echo
echo "== load"
sed 's/^/  /' "$work/load.out" | head -20
echo
echo "== figures"
printf '%s\n' "${samples[@]}" | sort -n | awk '{a[NR]=$1} END {printf "RSS after the first minute: min %d KB, median %d KB, max %d KB (%d samples)\n", a[1], a[int((NR+1)/2)], a[NR], NR}'
echo "VmHWM (peak RSS): $(awk '/^VmHWM/ {print $2, $3}' "/proc/$pid/status")"
echo "stall lines on stderr: $(grep -c '^stall ' "$work/target.err" || true), stack dumps: $(grep -c '^goroutine ' "$work/target.err" || true)"
