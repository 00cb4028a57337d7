#!/usr/bin/env bash
# The simulator's results are byte-identical for a given seed across two
# builds: runs each scenario below with BASE (the build before a change)
# and NEW (default: this tree), and prints the md5 of each --json output
# and "same" or "DIFFERS". Exit 1 if any differs.
#
#   BASE=/tmp/old-waitlab bench/sim_identical.sh
#   QUICK=1 BASE=... bench/sim_identical.sh   # skip the multi-million cases
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run_env.inc"
compare_setup
cases=(
	"--preset lab-pool"
	"--preset lab-loop-blocking"
	"--preset lab-virtual"
	"--preset ch15-onloop --requests 200000"
	"--preset ch15-offload4 --requests 200000"
	"--model pool --threads 50 --requests 100000 --calls 3 --fanout parallel --wait exp:5ms --cpu exp:100us"
	"--model pool --threads 20 --requests 100000 --calls 4 --fanout parallel --fanout-pool 8 --wait exp:5ms"
	"--model loop --threads 4 --requests 100000 --calls 3 --fanout pipelined --wait exp:5ms --cpu 50us"
	"--model loop --threads 4 --requests 100000 --calls 2 --shared-lock --wait 1ms --cpu 20us"
	"--model offload --threads 2 --offload-pool 4 --requests 100000 --calls 3 --fanout parallel --blocking --wait exp:2ms --cpu 30us"
	"--model virtual --threads 2 --requests 100000 --calls 2 --wait exp:10ms --cpu exp:50us --block-fraction 0.02 --block 5ms"
	"--model pool --threads 8 --requests 100000 --cores 2 --cpu exp:1ms --wait exp:1ms --arrival poisson:3000"
	"--model virtual --threads 4 --requests 50000 --cpu 100us --wait exp:20ms --arrival vus:200"
	"--model loop --threads 8 --assign shared --requests 100000 --cpu 200us --block-fraction 0.01 --block 100ms"
)
if [[ -z "${QUICK:-}" ]]; then
	cases+=(
		"--model loop --threads 8 --cpu 200us --block-fraction 0.01 --block 100ms --requests 1000000"
		"--model offload --threads 8 --offload-pool 16 --cpu 200us --block-fraction 0.01 --block 100ms --requests 2000000"
		"--model virtual --threads 8 --cpu 20us --wait 2s --requests 3000000"
		"--model loop --threads 8 --cpu 20us --wait 10ms --block-fraction 0.3 --block 1ms --requests 2500000"
	)
fi
bad=0
for c in "${cases[@]}"; do
	# shellcheck disable=SC2086
	a=$("$base" sim $c --json | md5sum | cut -c1-12)
	# shellcheck disable=SC2086
	b=$("$new" sim $c --json | md5sum | cut -c1-12)
	v=same
	if [[ "$a" != "$b" ]]; then v=DIFFERS; bad=1; fi
	printf '%-8s %s %s  %s\n' "$v" "$a" "$b" "$c"
done
exit $bad
