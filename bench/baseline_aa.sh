#!/bin/sh
# A/A study for `waitlab report --baseline` (issue 24): N+1 runs of the same
# waitlab target (pool of 8 threads, 20 ms wait, 150 req/s, 8 s each), then
# every consecutive pair compared in both orders; prints the false-alarm
# rate (comparisons that exit 1) with the environment. A false alarm is a
# comparison of a server with itself that says "significantly worse".
#
#   bench/baseline_aa.sh [N=20] [OUTDIR]
#
# WAITLAB (default: go build into OUTDIR) is the binary to use; PRIO, when
# set (e.g. "chrt -f 1" or "nice -n -19"), runs the target and the
# generator under it, on a machine shared with other work.
set -eu
N=${1:-20}
OUT=${2:-$(mktemp -d)}
mkdir -p "$OUT"
BIN=${WAITLAB:-}
if [ -z "$BIN" ]; then
	BIN="$OUT/waitlab"
	(cd "$(dirname "$0")/.." && go build -o "$BIN" .)
fi
PORT=${PORT:-18431}
PRIO=${PRIO:-}
echo "# environment"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "kernel: $(uname -sr)  cpus: $(nproc)  cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "go: $(go version 2>/dev/null || echo unknown)"
echo "priority: ${PRIO:-none}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
$PRIO "$BIN" target --model pool --threads 8 --wait 20ms --listen 127.0.0.1:$PORT >"$OUT/target.log" 2>&1 &
TPID=$!
trap 'kill $TPID 2>/dev/null || true' EXIT INT TERM
sleep 1
i=0
while [ $i -le "$N" ]; do
	$PRIO "$BIN" load --rate 150 --duration 8s --progress off --out "$OUT/aa$i.json" "http://127.0.0.1:$PORT/" >/dev/null 2>&1 || true
	i=$((i + 1))
done
echo "load average after runs: $(cut -d' ' -f1-3 /proc/loadavg)"
alarms=0
total=0
i=0
while [ $i -lt "$N" ]; do
	j=$((i + 1))
	for pair in "$i $j" "$j $i"; do
		set -- $pair
		rc=0
		"$BIN" report --baseline "$OUT/aa$1.json" "$OUT/aa$2.json" >"$OUT/cmp_$1_$2.txt" 2>&1 || rc=$?
		total=$((total + 1))
		if [ $rc -eq 1 ]; then
			alarms=$((alarms + 1))
			echo "false alarm: aa$1 -> aa$2: $(grep -E '^(verdict|판정)' "$OUT/cmp_$1_$2.txt" | head -1)"
		elif [ $rc -ne 0 ]; then
			echo "error $rc: aa$1 -> aa$2"
		fi
	done
	i=$j
done
echo "A/A comparisons: $total, false alarms: $alarms ($(awk "BEGIN{printf \"%.3f\", $alarms/$total}")); results in $OUT"
