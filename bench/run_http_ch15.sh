#!/usr/bin/env bash
# run_http_ch15.sh: the "eight loops, 1% blocking" experiment (SPEC.md) over
# real sockets: waitlab run --via both --scale-to-cores, so the model, the
# in-process run and the HTTP run (a target child process, the load in the
# parent, pinned to different cores) run the same scaled scenario. With
# pinning on a 2-core machine the target has one core, so the scenario is
# scaled to one loop: 250 requests of which 3 block for 100 ms (spread),
# offload pools 64 -> 8 and 4 -> 1.
#
# Prints per preset (medians of REPEAT runs): normal-request p50 and batch
# time for model | in process | over HTTP, the watchdog's stall count of
# each real view, and what sockets show (connection set-up p50, overflows).
# Expected shape: on-loop blocking raises the normal p50 several times over
# none; offload64 brings it back near none; offload4 sets the batch time
# (its one pool thread serialises the blocking calls).
#
# usage: bench/run_http_ch15.sh   (env: REPEAT=5)
set -euo pipefail
REPEAT=${REPEAT:-5}
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/waitlab-runhttpch15.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
. "$REPO/bench/run_env.inc"
print_env
PRIO=$(nice_prefix)
echo "priority:  ${PRIO:-normal} (set NICE to change; 0 turns it off)"
echo
(cd "$REPO" && go build -o "$WORK/waitlab" .)
echo "# ch15 over HTTP, --scale-to-cores, median of $REPEAT runs"
echo "# preset          | normal p50 ms: model / process / HTTP | batch ms: model / process / HTTP | stalls process / HTTP | connect p50 ms | overflows"
for p in ch15-none ch15-onloop ch15-offload64 ch15-offload4; do
	$PRIO "$WORK/waitlab" run --preset "$p" --scale-to-cores --via both --compare --json --repeat "$REPEAT" >"$WORK/$p.json"
	python3 - "$p" "$WORK/$p.json" <<'PY'
import json, sys
name, path = sys.argv[1], sys.argv[2]
d = json.load(open(path))
def p50(r):
    c = r.get("classes") or {}
    return (c.get("normal") or r["all"])["p50_ms"]
m, r, h = d["model"], d["real"], d["http"]
st = lambda x: (x.get("stalls") or {}).get("count", 0)
sk = d["sockets"]
print(f"{name:17s} | {p50(m):6.1f} / {p50(r):6.1f} / {p50(h):6.1f} | {m['makespan_ms']:6.1f} / {r['makespan_ms']:6.1f} / {h['makespan_ms']:6.1f} | {st(r):3d} / {st(h):3d} | {sk['connect_p50_ms']:6.2f} | {sk['kernel']['listen_overflows']}")
PY
done
