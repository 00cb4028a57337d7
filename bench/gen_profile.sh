#!/usr/bin/env bash
# gen_profile.sh: where a load generator's CPU goes, waitlab beside wrk, in
# one run: perf samples of each generator (cpu-clock, call graphs) split by
# shared object (kernel against user space), the top kernel and user
# symbols, and each tool's CPU per request from GNU time and the server's
# count. It answers whether a generator's CPU per request can still fall
# by cutting its own code: only the user-space share can, the kernel's
# share (the loopback TCP path, softirqs delivered in the sender's context,
# the scheduler) is paid per request by every generator.
#
# The server (bench/helloserver) is pinned to CPU 0 and each generator to
# CPU 1. Bounded: each run is DUR seconds; only 127.0.0.1 is used.
#
#   bench/gen_profile.sh                  # DUR=4 CONNS=50 RATE=12000
#   DUR=6 RATE=20000 bench/gen_profile.sh
#
# Needs: go, perf (apt-get install -y linux-perf), wrk, taskset.
set -euo pipefail

DUR=${DUR:-4}
CONNS=${CONNS:-50}
RATE=${RATE:-12000}
PORT=${PORT:-18791}
URL="http://127.0.0.1:${PORT}/"
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/waitlab-genprof.XXXXXX)
trap 'kill "${SERVER_PID:-}" 2>/dev/null || true; rm -rf "$WORK"' EXIT

for t in perf wrk taskset; do
	command -v "$t" >/dev/null || { echo "$t is not installed" >&2; exit 1; }
done

echo "# environment"
echo "date:      $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "kernel:    $(uname -sr)"
echo "cpus:      $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo "go:        $(go version | cut -d' ' -f3)"
echo "commit:    $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "load avg:  $(cut -d' ' -f1-3 /proc/loadavg) (before)"
echo "runs:      ${DUR}s each, $CONNS connections; server on CPU 0, generator on CPU 1"
echo

(cd "$REPO" && go build -o "$WORK/waitlab" . && go build -o "$WORK/helloserver" ./bench/helloserver)
taskset -c 0 "$WORK/helloserver" -addr "127.0.0.1:$PORT" 2>/dev/null &
SERVER_PID=$!
for _ in $(seq 50); do curl -s -o /dev/null "$URL" && break; sleep 0.1; done

# profile NAME CMD...: perf-records CMD on CPU 1 and prints its split.
profile() {
	local name=$1
	shift
	curl -s "${URL}__count" >/dev/null # reset the server's count
	/usr/bin/time -f "%U %S" -o "$WORK/cpu" perf record -q -F 1999 -g -o "$WORK/$name.data" -- taskset -c 1 "$@" >/dev/null 2>"$WORK/$name.err" || true
	read -r n _ _ < <(curl -s "${URL}__count")
	read -r u s < <(tail -1 "$WORK/cpu")
	echo "## $name: $*"
	awk -v n="$n" -v u="$u" -v s="$s" 'BEGIN { if (n > 0) printf "requests %d, CPU user %.2f s + system %.2f s = %.2f us a request (user %.2f, system %.2f)\n", n, u, s, (u + s) * 1e6 / n, u * 1e6 / n, s * 1e6 / n }'
	echo "samples by object (kernel against user space):"
	perf report -q -i "$WORK/$name.data" --no-children --sort dso -g none 2>/dev/null | awk 'NF { printf "  %s\n", $0 }' | head -6 || true
	echo "top symbols:"
	perf report -q -i "$WORK/$name.data" --no-children --sort dso,sym -g none 2>/dev/null | awk 'NF { printf "  %s\n", $0 }' | head -12 || true
	echo
}

profile wrk-max wrk -t1 -c"$CONNS" -d"${DUR}s" "$URL"
profile waitlab-max "$WORK/waitlab" load --vus "$CONNS" --duration "${DUR}s" --progress off --target-metrics off "$URL"
profile waitlab-rate "$WORK/waitlab" load --rate "$RATE" --connections "$CONNS" --duration "${DUR}s" --progress off --target-metrics off "$URL"
echo "load avg:  $(cut -d' ' -f1-3 /proc/loadavg) (after)"
