#!/usr/bin/env bash
# load_memory.sh: peak memory of waitlab load over 10,000,000 requests.
#
# The generator keeps no per-request record (HdrHistograms and one small
# encoded histogram per second), so its memory must not grow with the
# request count. This sends REQUESTS requests (closed model, CONNS virtual
# users, as fast as the server answers) to bench/helloserver on 127.0.0.1
# and prints the generator's peak RSS twice: as GNU time's maximum resident
# set size and as the VmHWM the generator reads itself (gen_peak_rss_mb).
# Target: under 100 MB.
#
# usage: bench/load_memory.sh   (env: REQUESTS=10000000 CONNS=50 PORT=18090)
set -euo pipefail
REQUESTS=${REQUESTS:-10000000}
CONNS=${CONNS:-50}
PORT=${PORT:-18090}
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/waitlab-mem.XXXXXX)
trap 'kill "${SERVER_PID:-}" 2>/dev/null || true; rm -rf "$WORK"' EXIT

echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  kernel: $(uname -sr)  cpus: $(nproc)  go: $(go version | cut -d' ' -f3)  load avg: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd "$REPO" && go build -o "$WORK/waitlab" . && go build -o "$WORK/helloserver" ./bench/helloserver)
"$WORK/helloserver" -addr "127.0.0.1:$PORT" 2>/dev/null &
SERVER_PID=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break; sleep 0.1; done

/usr/bin/time -f "%M %e" -o "$WORK/time" "$WORK/waitlab" load --vus "$CONNS" --requests "$REQUESTS" --timeout 10s \
	--progress off --target-metrics off --json --out "$WORK/result.json" "http://127.0.0.1:$PORT/" >"$WORK/report.json" || true
read -r rss_kb secs <"$WORK/time"
python3 - "$WORK/report.json" "$rss_kb" "$secs" "$(stat -c %s "$WORK/result.json")" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"requests: {r['requests']:,}  ok: {r['ok']:,}  errors: {r['error_count']:,}  in {float(sys.argv[3]):.0f} s ({r['achieved_rps']:,.0f} req/s)")
print(f"peak RSS: {int(sys.argv[2]) / 1024:.1f} MB (GNU time), {r.get('gen_peak_rss_mb', 0):.1f} MB (VmHWM); result file {int(sys.argv[4]) / 1024:.0f} KiB")
print(f"series: {len(r['series'])} seconds; latency p50 {r['latency']['p50_ms']} ms p99 {r['latency']['p99_ms']} ms")
PY
