#!/usr/bin/env bash
# plan's answers are the same across two builds: runs each plan below with
# BASE (the build before a change) and NEW (default: this tree), prints the
# md5 of each --json output with "same" or "DIFFERS", and the CPU seconds
# (user + system) each build took. Exit 1 if any differs.
#
#   BASE=/tmp/old-waitlab bench/plan_identical.sh
#   IGNORE=simulated_requests BASE=... bench/plan_identical.sh  # drop a field that a change is meant to move
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run_env.inc"
compare_setup
cases=(
	"--model pool --threads 4 --cores 64 --arrival poisson:1000 --wait exp:10ms --slo p99<56ms"
	"--model loop --threads 2 --cores 8 --arrival poisson:2000 --cpu exp:300us --wait exp:3ms --block-fraction 0.02 --block 5ms --slo p99.9<60ms"
	"--model pool --threads 4 --cores 64 --arrival poisson:350 --wait exp:10ms --slo p99<50ms --seed 7 --precision 0.02"
	"--model pool --threads 2 --cores 64 --arrival poisson:450 --wait exp:2ms --slo queue_p99<5ms --slo rps>450"
	"--preset ch15-offload4 --slo batch<350ms --slo normal.p99<80ms --max 20"
	"--model pool --threads 20 --cores 8 --arrival poisson:400 --cpu 1ms --wait exp:2ms --slo p99<300ms --downstream-slowdown 2ms:50ms"
	"--model loop --threads 4 --cores 4 --arrival poisson:100 --cpu 1ms --wait 20ms --blocking --slo p99<5ms"
	"--model virtual --threads 2 --cores 8 --arrival poisson:500 --cpu exp:200us --wait exp:10ms --block-fraction 0.05 --block 5ms --slo p99<40ms --max 8"
	"--model pool --threads 8 --cores 4 --arrival vus:64 --cpu exp:1ms --wait exp:10ms --slo mean<60ms --max 64"
	"--preset lab-pool --arrival poisson:1.5 --slo p99<5s --max 23"
)
ignore=${IGNORE:-}
strip() {
	if [[ -n "$ignore" ]]; then
		python3 -c "import json,sys
d=json.load(sys.stdin)
def drop(o):
    if isinstance(o,dict):
        for k in '$ignore'.split(','): o.pop(k,None)
        for v in o.values(): drop(v)
    elif isinstance(o,list):
        for v in o: drop(v)
drop(d); print(json.dumps(d,sort_keys=True))"
	else
		cat
	fi
}
bad=0
printf '%-8s %-12s %-12s %8s %8s  %s\n' verdict base new base-cpu new-cpu plan
for c in "${cases[@]}"; do
	# shellcheck disable=SC2086
	/usr/bin/time -o "$work/ta" -f '%U %S' "$base" plan $c --json >"$work/a.json" 2>/dev/null || true
	# shellcheck disable=SC2086
	/usr/bin/time -o "$work/tb" -f '%U %S' "$new" plan $c --json >"$work/b.json" 2>/dev/null || true
	ta=$(tail -1 "$work/ta" | awk '{print $1+$2}')
	tb=$(tail -1 "$work/tb" | awk '{print $1+$2}')
	if [[ ! -s "$work/a.json" || ! -s "$work/b.json" ]]; then
		printf '%-8s %s\n' NOJSON "$c"; bad=1; continue
	fi
	a=$(strip <"$work/a.json" | md5sum | cut -c1-12)
	b=$(strip <"$work/b.json" | md5sum | cut -c1-12)
	v=same
	if [[ "$a" != "$b" ]]; then v=DIFFERS; bad=1; fi
	printf '%-8s %-12s %-12s %8s %8s  %s\n' "$v" "$a" "$b" "$ta" "$tb" "$c"
done
exit $bad
