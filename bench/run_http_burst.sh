#!/usr/bin/env bash
# run_http_burst.sh: issue 26's three bursts over real sockets
# (waitlab run --via http: a target child process on loopback, the load in
# the parent, pinned to different cores), each against its floor, the
# model's makespan for the same scenario (waitlab sim, measured in the same
# run):
#   virtual: 300 requests on 2 carriers, 120 ms waits (floor 120 ms)
#   pool:    1,000 requests on a pool of 500 threads, 100 ms (floor 200 ms)
#   loop:    12 requests on 2 loops, 200 ms (floor 200 ms)
# Connection set-up is included (each burst request opens its own). Each
# case runs REPEAT times, alternated with BASE (a build before a change)
# when given; the script prints every run and the medians: makespan, its
# ratio to the floor (goal: within 10%), connection set-up p50, the
# target process's CPU per request (its own account, user + system) and
# the generator process's (getrusage over the load; a burst's connections
# are set up on its core; "-" from a build that does not report it).
#
# Beside each case it prints the best makespan this machine allows:
# bench/netfloor's burst (raw system calls on both sides, nothing else)
# times how long the first wave's connections take until the server has
# read the last of their requests, T(n), and a burst of N requests that wait W each, at most P
# at once, cannot end before ceil(N/P) * W + T(min(N, P)) done the plain
# way (a system call a step on each side, nothing else). When that bound
# is already past 10% of the floor, the goal is out of reach here for a
# server and generator that work that way, not only for waitlab's.
#
#   bench/run_http_burst.sh
#   REPEAT=5 BASE=/tmp/old-waitlab CASES="pool" bench/run_http_burst.sh
set -euo pipefail
REPEAT=${REPEAT:-5}
CASES=${CASES:-"virtual pool loop"}
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/bench/run_env.inc"
WORK=$(mktemp -d /tmp/waitlab-burst.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
(cd "$REPO" && go build -o "$WORK/waitlab" . && go build -o "$WORK/netfloor" ./bench/netfloor)
print_env
echo "commit:    $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "repeat=$REPEAT cases=($CASES); run --via http --pin (generator and target on different cores)"
echo
BINS="new=$WORK/waitlab"
[ -n "${BASE:-}" ] && BINS="base=$BASE $BINS"

flags() {
	case $1 in
	virtual) echo "--model virtual --threads 2 --requests 300 --wait 120ms" ;;
	pool) echo "--model pool --threads 500 --requests 1000 --wait 100ms" ;;
	loop) echo "--model loop --threads 2 --requests 12 --wait 200ms" ;;
	*) echo "unknown case $1" >&2; exit 2 ;;
	esac
}
# shape CASE: "N P W_ms", requests, how many wait at once, the wait.
shape() {
	case $1 in
	virtual) echo "300 300 120" ;; # waits unmount: all 300 wait at once
	pool) echo "1000 500 100" ;;
	loop) echo "12 12 200" ;; # registered waits: all 12 at once
	esac
}
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "n/a"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

declare -A MK SET CPU GEN
for c in $CASES; do
	# shellcheck disable=SC2046
	floor=$("$WORK/waitlab" sim $(flags "$c") --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["makespan_ms"])')
	echo "== $c: $(flags "$c"); floor (model makespan) $floor ms"
	read -r n p w < <(shape "$c")
	first=$((n < p ? n : p))
	t=$("$WORK/netfloor" burst -n "$first" -rounds 5 | sed -n 's/.*last request read *\([0-9.]*\) ms.*/\1/p')
	awk -v n="$n" -v p="$p" -v w="$w" -v t="$t" -v k="$first" -v f="$floor" 'BEGIN {
		waves = int((n + p - 1) / p); b = waves * w + t
		printf "best the plain way reaches here: %d x %d ms + T(%d) %.1f ms (netfloor, median of 5) = %.1f ms (%.3fx floor): the goal (within 10%%) is %s\n",
			waves, w, k, t, b, b / f, (b <= f * 1.10 ? "within reach" : "out of reach here for a server and generator that make a system call a step") }'
	for r in $(seq "$REPEAT"); do
		for b in $BINS; do
			name=${b%%=*} bin=${b#*=}
			# shellcheck disable=SC2046
			if ! timeout -k 5 180 "$bin" run --via http $(flags "$c") --json >"$WORK/out.json" 2>"$WORK/err"; then
				echo "run $r $name: failed: $(tail -1 "$WORK/err")"
				continue
			fi
			read -r mk set cpu n gen < <(python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); h=d["http"]; s=d.get("sockets",{})
print(h["makespan_ms"], s.get("connect_p50_ms", 0), h.get("cpu_ms", 0), h["completed"], s.get("generator_cpu_ms", "-"))' "$WORK/out.json")
			MK[$c.$name]+="$mk "
			SET[$c.$name]+="$set "
			CPU[$c.$name]+="$(awk -v c="$cpu" -v n="$n" 'BEGIN {printf "%.1f", c * 1000 / n}') "
			gus=-
			[ "$gen" != "-" ] && gus=$(awk -v c="$gen" -v n="$n" 'BEGIN {printf "%.1f", c * 1000 / n}') && GEN[$c.$name]+="$gus "
			awk -v r="$r" -v b="$name" -v mk="$mk" -v f="$floor" -v s="$set" -v c="$cpu" -v n="$n" -v g="$gus" -v l="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
				printf "run %d %-4s makespan %8.1f ms (%.3fx floor)  set-up p50 %.2f ms  target CPU %.1f ms, %.1f us/request  generator %s us/request  (load %s)\n", r, b, mk, mk / f, s, c, c * 1000 / n, g, l }'
		done
	done
	for b in $BINS; do
		name=${b%%=*}
		mk=$(echo "${MK[$c.$name]:-}" | median)
		awk -v c="$c" -v b="$name" -v mk="$mk" -v f="$floor" -v s="$(echo "${SET[$c.$name]:-}" | median)" -v u="$(echo "${CPU[$c.$name]:-}" | median)" -v g="$(echo "${GEN[$c.$name]:-}" | median)" 'BEGIN {
			if (mk == "n/a") { printf "median %s %s: no run completed\n", c, b; exit }
			v = (mk <= f * 1.10) ? "within 10%" : "over 10%"
			printf "median %-7s %-4s makespan %.1f ms = %.3fx floor %s ms (%s); set-up p50 %s ms; target CPU %s us/request; generator %s us/request\n", c, b, mk, mk / f, f, v, s, u, g }'
	done
	echo
done
echo "load avg after: $(cut -d' ' -f1-3 /proc/loadavg)"
