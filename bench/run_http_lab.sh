#!/usr/bin/env bash
# run_http_lab.sh: the five lab presets at --wait 200ms over real sockets
# (waitlab run --via http: a target child process serving the scenario on
# loopback, the load in the parent, pinned to different cores), next to the
# model's floors (600, 200, 1,200, 200, 600 ms) and the published figures.
#
# Acceptance: each batch time over HTTP (median of REPEAT runs, each with a
# fresh target, after one uncounted warm-up) within 5% of its floor; every
# answer carried the planner's class for its index (index check).
#
# usage: bench/run_http_lab.sh   (env: REPEAT=5)
set -euo pipefail
REPEAT=${REPEAT:-5}
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/waitlab-runhttplab.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
. "$REPO/bench/run_env.inc"
print_env
PRIO=$(nice_prefix)
echo "priority:  ${PRIO:-normal} (set NICE to change; 0 turns it off)"
echo
(cd "$REPO" && go build -o "$WORK/waitlab" .)
W="$PRIO $WORK/waitlab"

echo "# lab presets over HTTP, --wait 200ms, median of $REPEAT runs (floor | HTTP median [min-max] | HTTP/floor | published)"
fail=0
for p in lab-pool lab-loop lab-loop-blocking lab-virtual lab-pool-10x30; do
	$W run --preset "$p" --wait 200ms --via http --compare --json --repeat "$REPEAT" >"$WORK/$p.json"
	python3 - "$p" "$WORK/$p.json" <<'PY' || fail=1
import json, sys
name, path = sys.argv[1], sys.argv[2]
d = json.load(open(path))
m, h = d["model"]["makespan_ms"], d["http"]["makespan_ms"]
rg = d.get("http_range", {}).get("makespan_ms", {"min": h, "max": h})
ref = (d.get("reference") or {}).get("makespan_ms", float("nan"))
sk = d["sockets"]
bad = sk["index_mismatch"] + sk["class_mismatch"] + sk["loop_mismatch"] + sk["untagged"]
ok = abs(h / m - 1) <= 0.05 and bad == 0
pin = sk.get("pinning")
pin = f"gen CPU {pin['generator_cpus']} target CPU {pin['target_cpus']}" if pin else "not pinned"
print(f"{name:18s} floor {m:7.1f} ms | HTTP {h:7.1f} [{rg['min']:.1f}-{rg['max']:.1f}] | {h/m:.3f}x | published {ref:.0f} | connect p50 {sk['connect_p50_ms']:.2f} ms | {pin} | index check {'ok' if bad == 0 else bad} | {'PASS' if ok else 'FAIL'} (within 5%)")
sys.exit(0 if ok else 1)
PY
done
exit $fail
