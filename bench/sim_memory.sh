#!/usr/bin/env bash
# Simulator time and peak memory for the scenario of issue 13, item 9 (and,
# at the end, issue 26's goals in every model):
#   waitlab sim --model loop --threads 8 --cpu 200us --block-fraction 0.01 --block 100ms
# (the default scenario's 2 s non-blocking waits, 1% of requests blocking
# their loop 100 ms), as a burst (every request arrives at t = 0, so every
# continuation queues behind the burst: all N requests are in flight) and
# as an open model below capacity (--arrival poisson:5000: about 11,000 in
# flight whatever N). Each case runs REPS times; the median is printed.
#
#   bench/sim_memory.sh
#   SIZES="1000000" REPS=1 bench/sim_memory.sh
#   BIN=/tmp/old-waitlab bench/sim_memory.sh    # another build, to compare
set -euo pipefail

SIZES=${SIZES:-"1000000 10000000"}
REPS=${REPS:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bin=${BIN:-}
if [[ -z "$bin" ]]; then
	(cd "$root" && go build -o "$work/waitlab" .)
	bin=$work/waitlab
fi

echo "== environment"
echo "date:        $(date -u +%FT%TZ)"
echo "host:        $(uname -srm)"
echo "cpus:        $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
echo "memory:      $(awk '/MemTotal/ {printf "%.1f GB", $2/1048576}' /proc/meminfo)"
echo "go:          $(go version)"
echo "commit:      $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "binary:      $bin"
echo "loadavg:     $(cat /proc/loadavg)"
echo "measure:     /usr/bin/time -f '%e %M' (elapsed s, peak RSS KB); median of $REPS"
echo

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-8s %10s %10s %12s %14s\n' arrival requests "time (s)" "peak RSS MB" "in flight"
for arr in burst poisson:5000; do
	for n in $SIZES; do
		: >"$work/t" && : >"$work/m"
		inflight=""
		for _ in $(seq "$REPS"); do
			/usr/bin/time -o "$work/time" -f '%e %M' "$bin" sim --model loop --threads 8 --requests "$n" \
				--cpu 200us --block-fraction 0.01 --block 100ms --arrival "$arr" >"$work/out"
			read -r e m <"$work/time"
			echo "$e" >>"$work/t"
			echo "$m" >>"$work/m"
			inflight=$(awk -F'  +' '/in flight/ {print $3; exit}' "$work/out" | cut -d' ' -f1)
		done
		printf '%-8s %10s %10s %12s %14s\n' "${arr%%:*}" "$n" "$(median <"$work/t")" \
			"$(median <"$work/m" | awk '{printf "%.0f", $1/1024}')" "$inflight"
	done
done

# Issue 26's goals, measured in the same run: 1M requests under 0.5 s
# (best of REPS, wall and CPU seconds: on a loaded machine read the CPU),
# the 2M offload burst under 130 MB peak, and at most 64 bytes per request
# in flight in every model. A burst's requests are all in flight at its
# end, so peak RSS / requests is an upper bound that includes the process's
# own ~19 MB (runtime, binary, tables: not a request's); the verdict reads
# the slope, (peak RSS at 2n - peak RSS at n) / n, what one more request in
# flight costs, GC headroom included.
echo
echo "== issue 26 goals (best of $REPS; B/request = peak RSS / requests; slope = (RSS(2n) - RSS(n)) / n)"
printf '%-58s %9s %9s %9s %10s %8s  %s\n' case "wall (s)" "cpu (s)" "RSS MB" "B/request" "slope" verdict
best() { sort -g | head -1; }
peak() { # n flags...: the largest peak RSS (KB) over REPS runs
	local n=$1
	shift
	: >"$work/m2"
	for _ in $(seq "$REPS"); do
		/usr/bin/time -o "$work/time2" -f '%M' "$bin" sim --requests "$n" "$@" --json >/dev/null
		cat "$work/time2" >>"$work/m2"
	done
	sort -g "$work/m2" | tail -1
}
goal() { # name n rss-goal-MB time-goal-s flags...
	local name=$1 n=$2 gm=$3 gt=$4
	shift 4
	: >"$work/t" && : >"$work/c" && : >"$work/m"
	for _ in $(seq "$REPS"); do
		/usr/bin/time -o "$work/time" -f '%e %U %S %M' "$bin" sim --requests "$n" "$@" --json >/dev/null
		read -r e u s m <"$work/time"
		echo "$e" >>"$work/t"
		awk -v u="$u" -v s="$s" 'BEGIN {print u + s}' >>"$work/c"
		echo "$m" >>"$work/m"
	done
	local m2=0
	if [[ "$gm" == 0 && "$gt" == 0 ]]; then
		m2=$(peak $((2 * n)) "$@")
	fi
	awk -v name="$name" -v t="$(best <"$work/t")" -v c="$(best <"$work/c")" -v m="$(sort -g "$work/m" | tail -1)" -v m2="$m2" -v n="$n" -v gm="$gm" -v gt="$gt" 'BEGIN {
		mb = m / 1024; bpr = m * 1024 / n; v = ""; slope = "-"
		if (gt > 0) v = v sprintf("time %s (goal < %s s; wall %s, CPU %s: on a loaded machine read the CPU) ", (t < gt || c < gt) ? "met" : "missed", gt, (t < gt) ? "under" : "over", (c < gt) ? "under" : "over")
		if (gm > 0) v = v sprintf("memory %s (goal < %s MB) ", (mb < gm) ? "met" : "missed", gm)
		if (gm == 0 && gt == 0) { sl = (m2 - m) * 1024 / n; slope = sprintf("%.0f", sl); v = sprintf("%s (goal <= 64 B a request, by the slope)", (sl <= 64) ? "met" : "missed") }
		printf "%-58s %9.2f %9.2f %9.0f %10.0f %8s  %s\n", name, t, c, mb, bpr, slope, v }'
}
goal "ch15-onloop, 1M requests" 1000000 0 0.5 --preset ch15-onloop
goal "offload burst 2M (8 loops, pool 16, 1% block 100ms)" 2000000 130 0 --model offload --threads 8 --offload-pool 16 --cpu 200us --block-fraction 0.01 --block 100ms
goal "loop burst 1M (8 loops, 1% block 100ms)" 1000000 0 0 --model loop --threads 8 --cpu 200us --block-fraction 0.01 --block 100ms
goal "virtual burst 1M (8 carriers, 2s waits)" 1000000 0 0 --model virtual --threads 8 --cpu 2us --wait 2s
goal "pool burst 1M (8 threads, 2s waits: the queue is lazy)" 1000000 0 0 --model pool --threads 8 --cpu 2us --wait 2s
echo "loadavg after: $(cat /proc/loadavg)"
