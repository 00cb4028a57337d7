#!/usr/bin/env bash
# experiments_docs.sh: run every experiment in full, each with the repeat
# count its claims need within the time budget, write its section to
# docs/experiments/NAME.{md,json,svg}, and rebuild docs/experiments.md:
# the header, the claims summary with the prose on the central claims
# (`waitlab exp summary`, computed from the sections' verdicts), every
# section in order, the footer.
#
# It runs unattended and ends by itself: each experiment gets at most its
# cap (SIGINT at the cap: the experiment writes what it measured, marked
# interrupted; SIGKILL 30 s later), and none starts once the whole budget
# is spent (its previous section then stays, and the script says so).
# Run it on a quiet machine: the summary marks every section whose
# neighbours (processes outside the experiment) used a busy share of the
# CPUs as needing a quiet re-run.
#
# usage: bench/experiments_docs.sh   (env: BUDGET=1380 seconds for the
#        experiments, NICE as in run_env.inc, ONLY="lab threads" for a subset)
set -uo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUDGET=${BUDGET:-1380}
WORK=$(mktemp -d /tmp/waitlab-expdocs.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
. "$REPO/bench/run_env.inc"
print_env
PRIO=$(nice_prefix)
echo "priority:  ${PRIO:-normal} (set NICE to change; 0 turns it off)"
echo "budget:    ${BUDGET} s for the experiments (BUDGET)"
echo
t0=$(date +%s)
(cd "$REPO" && go build -o "$WORK/waitlab" .) || { echo "build failed"; exit 1; }
echo "built in $(($(date +%s) - t0)) s"
OUT="$REPO/docs/experiments"
mkdir -p "$OUT"

# name, counted runs per condition, cap in seconds. The repeats are the
# most each experiment's conditions fit in its cap on 2 cores: six where
# a run is short (the min-max of six brackets a median with 96.9%
# confidence), fewer where one run is a 30 s load (threads) or a row has
# 1,600 users behind a lock (validate-lock). The caps sum to the budget.
PLAN="
lab 6 60
loop-stall 6 200
blocking-loop 4 120
validate-lock 2 200
logging 3 150
threads 3 270
slow-downstream 2 140
colocated-generator 4 80
crossover 3 90
db-on-loop 3 60
write-path 3 110
"
deadline=$((t0 + BUDGET + 60))
skipped=""
printf '%-22s %7s %8s %6s %s\n' experiment repeat seconds exit "load average (1 min) before -> after"
while read -r name rep cap; do
	[ -z "$name" ] && continue
	if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then
		continue
	fi
	now=$(date +%s)
	left=$((deadline - now))
	if [ "$left" -lt 30 ]; then
		skipped="$skipped $name"
		continue
	fi
	[ "$cap" -gt "$left" ] && cap=$left
	la0=$(cut -d' ' -f1 /proc/loadavg)
	s=$(date +%s)
	timeout -s INT -k 30 "$cap" $PRIO "$WORK/waitlab" exp run "$name" --repeat "$rep" --out "$OUT" \
		>"$WORK/$name.md" 2>"$WORK/$name.err"
	rc=$?
	printf '%-22s %7s %8s %6s %s -> %s\n' "$name" "$rep" "$(($(date +%s) - s))" "$rc" "$la0" "$(cut -d' ' -f1 /proc/loadavg)"
	if [ "$rc" != 0 ] && [ "$rc" != 130 ] && [ "$rc" != 124 ]; then
		tail -3 "$WORK/$name.err" | sed 's/^/    /'
	fi
done <<<"$PLAN"
if [ -n "$skipped" ]; then
	echo "not run (budget spent; their previous sections stay):$skipped"
fi

SECTIONS="lab loop-stall blocking-loop validate-lock logging threads slow-downstream colocated-generator crossover db-on-loop write-path"
{
	cat "$OUT/_header.md"
	"$WORK/waitlab" exp summary "$OUT"
	for e in $SECTIONS; do
		[ -f "$OUT/$e.md" ] && cat "$OUT/$e.md"
	done
	cat "$OUT/_footer.md"
} >"$REPO/docs/experiments.md.new" && mv "$REPO/docs/experiments.md.new" "$REPO/docs/experiments.md"
echo
echo "docs/experiments.md rebuilt; total $(($(date +%s) - t0)) s"
"$WORK/waitlab" exp summary "$OUT" | head -3
