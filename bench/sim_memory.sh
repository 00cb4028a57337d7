#!/usr/bin/env bash
# Simulator time and peak memory for the scenario of issue 13, item 9:
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
