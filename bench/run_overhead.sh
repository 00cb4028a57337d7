#!/usr/bin/env bash
# run_overhead.sh: each real executor's own cost per request (100,000
# requests, no CPU work, no wait, in a burst), from BenchmarkOverhead in
# internal/live: ns/request is the run's makespan over its requests.
#
# usage: bench/run_overhead.sh   (env: COUNT=5)
set -euo pipefail
COUNT=${COUNT:-5}
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/bench/run_env.inc"
print_env
PRIO=$(nice_prefix)
echo "priority:  ${PRIO:-normal} (set NICE to change; 0 turns it off)"
echo
cd "$REPO"
$PRIO taskset -c "0-$(($(nproc) - 1))" go test ./internal/live/ -run '^$' -bench Overhead -benchtime 3x -count "$COUNT" | tee /dev/stderr |
	python3 -c '
import re, sys, statistics
v = {}
for line in sys.stdin:
    m = re.match(r"BenchmarkOverhead/(\S+)\s+\d+\s+\d+ ns/op\s+([\d.]+) ns/request", line)
    if m:
        v.setdefault(m.group(1), []).append(float(m.group(2)))
for k, xs in v.items():
    runs = " ".join("%.0f" % x for x in xs)
    print("%-14s median %8.0f ns/request  (runs: %s)" % (k, statistics.median_low(sorted(xs)), runs))
'
