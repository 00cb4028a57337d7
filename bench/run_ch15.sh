#!/usr/bin/env bash
# run_ch15.sh: the "eight loops, 1% blocking" experiment (SPEC.md) run for
# real, scaled to this machine's cores with --scale-to-cores: loops become
# the core count and the requests and offload pools shrink by the same
# factor (on 2 cores: 2 loops, 500 requests of which 5 block for 100 ms,
# spread evenly; offload pools 64 -> 16 and 4 -> 1), so each loop sees the
# same work and the same blocking share as in the published run.
#
# Acceptance (normal-request p50, median of REPEAT runs):
#   on-loop blocking raises p50 at least 2x over none;
#   offload with the large pool brings p50 back within 1.5x of none;
#   offload with the small pool keeps p50 (within 1.5x of none) but lowers
#   throughput at least 2x against the large pool;
#   the watchdog reports stalls in the on-loop run and none in offload runs.
#
# usage: bench/run_ch15.sh   (env: REPEAT=5)
set -euo pipefail
REPEAT=${REPEAT:-5}
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/waitlab-runch15.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
. "$REPO/bench/run_env.inc"
print_env
PRIO=$(nice_prefix)
echo "priority:  ${PRIO:-normal} (set NICE to change; 0 turns it off)"
echo
(cd "$REPO" && go build -o "$WORK/waitlab" .)
CPUS="0-$(($(nproc) - 1))"
for p in ch15-none ch15-onloop ch15-offload64 ch15-offload4; do
	$PRIO taskset -c "$CPUS" "$WORK/waitlab" run --preset "$p" --scale-to-cores --compare --json --repeat "$REPEAT" >"$WORK/$p.json"
done
python3 - "$WORK" <<'PY'
import json, sys
w = sys.argv[1]
d = {p: json.load(open(f"{w}/{p}.json")) for p in ["ch15-none", "ch15-onloop", "ch15-offload64", "ch15-offload4"]}
sc = d["ch15-offload64"].get("scaling")
if sc:
    print(f"scaled: loops {sc['loops'][0]} -> {sc['loops'][1]}, requests {sc['requests'][0]} -> {sc['requests'][1]}, "
          f"offload pool 64 -> {sc['offload_pool'][1]}, 4 -> {d['ch15-offload4']['scaling']['offload_pool'][1]} (factor {sc['factor']:g})")
def normal(r, k):
    c = r["real"]["classes"]
    return (c.get("normal") or r["real"]["all"])[k]
def rng(r, k):
    g = r.get("real_range", {}).get(k)
    return f"[{g['min']:.0f}-{g['max']:.0f}]" if g else ""
def states(r):
    s = r.get("stall_states") or {}
    return f"blocked {s.get('blocked', 0)}, running {s.get('running', 0)}, ended unseen {s.get('', 0)}"
print(f"{'condition':16s} {'throughput req/s':>28s} {'normal p50 ms':>22s} {'normal p99 ms':>14s} {'stalls':>7s} {'worst ms':>9s}   model: tput, p50")
for p, r in d.items():
    st = r["real"].get("stalls") or {}
    mr = r["model"]
    mp50 = (mr["classes"].get("normal") or mr["all"])["p50_ms"]
    print(f"{p:16s} {r['real']['throughput_rps']:10.0f} {rng(r, 'throughput_rps'):>17s} {normal(r, 'p50_ms'):8.1f} {rng(r, 'normal.p50_ms'):>13s} "
          f"{normal(r, 'p99_ms'):14.1f} {st.get('count', 0):7d} {st.get('worst_ms', 0):9.1f}   {mr['throughput_rps']:.0f}, {mp50:.1f}")
base = normal(d["ch15-none"], "p50_ms")
checks = [
    ("on-loop blocking raises normal p50 >= 2x over none", normal(d["ch15-onloop"], "p50_ms") >= 2 * base,
     f"{normal(d['ch15-onloop'], 'p50_ms') / base:.2f}x"),
    ("offload, large pool: p50 within 1.5x of none", normal(d["ch15-offload64"], "p50_ms") <= 1.5 * base,
     f"{normal(d['ch15-offload64'], 'p50_ms') / base:.2f}x"),
    ("offload, small pool: p50 within 1.5x of none", normal(d["ch15-offload4"], "p50_ms") <= 1.5 * base,
     f"{normal(d['ch15-offload4'], 'p50_ms') / base:.2f}x"),
    ("offload, small pool: throughput >= 2x lower than large pool",
     d["ch15-offload4"]["real"]["throughput_rps"] * 2 <= d["ch15-offload64"]["real"]["throughput_rps"],
     f"{d['ch15-offload64']['real']['throughput_rps'] / d['ch15-offload4']['real']['throughput_rps']:.2f}x"),
    ("watchdog: stalls on the loop", (d["ch15-onloop"]["real"]["stalls"] or {}).get("count", 0) > 0,
     str((d["ch15-onloop"]["real"]["stalls"] or {}).get("count", 0))),
    ("watchdog: no stalls with offload", all((d[p]["real"]["stalls"] or {}).get("count", 0) == 0 for p in ["ch15-offload64", "ch15-offload4"]),
     f"{(d['ch15-offload64']['real']['stalls'] or {}).get('count', 0)}, {(d['ch15-offload4']['real']['stalls'] or {}).get('count', 0)}"),
]
for p in ["ch15-onloop", "ch15-offload64", "ch15-offload4"]:
    print(f"stalls of the median {p} run: {states(d[p])} (running = CPU work or crowded off its core by other work on the machine)")
fail = 0
for name, ok, v in checks:
    print(f"{'PASS' if ok else 'FAIL'}  {name}: {v}")
    fail |= not ok
sys.exit(fail)
PY
