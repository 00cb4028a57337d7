#!/usr/bin/env bash
# The experiments start the same children across two builds: runs each
# experiment's --quick variant with BASE (the build before a change) and
# NEW (default: this tree), on the Go engine and (with a JDK) the JVM
# engine, and compares what their servers were started with: each
# `waitlab target` and `waitlab downstream` command line (flags sorted,
# ports and temporary paths blanked) and each JVM server's settings file
# (waitlab.properties, its port and paths left out). Prints "same" or
# "DIFFERS" (with the difference) per experiment and engine; exit 1 if
# any differs. A change that moves the children as data (issue 39: the
# experiments build launch.Config and downstream.Config, not flag
# strings) must leave these identical; the figures themselves are noisy
# and are compared elsewhere (experiments_docs.sh).
#
#   BASE=/tmp/old-waitlab bench/children_identical.sh
#   EXPS="threads logging" ENGINES=go BASE=... bench/children_identical.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run_env.inc"
compare_setup
exps=${EXPS:-"threads validate-lock logging slow-downstream colocated-generator loop-stall write-path crossover db-on-loop"}
engines=${ENGINES:-"go jvm"}
# children BIN NAME ENGINE: run the experiment, print what its servers
# were started with, one line each, sorted and deduplicated.
children() {
	local bin name=$2 engine=$3
	bin=$(realpath "$1")
	"$bin" exp run "$name" --quick --engine "$engine" --lang en --out "$work/out-$name-$engine-$(basename "$bin")" >/dev/null 2>&1 &
	python3 - "$bin" $! <<'PY'
import os, re, sys, time
exe, pid = sys.argv[1], int(sys.argv[2])
seen = set()
def norm(s):
    s = re.sub(r'127\.0\.0\.1:\d+', '127.0.0.1:P', s)
    return re.sub(r'/tmp/[^ \n]*', 'TMP', s)
def ours(p):
    # p descends from the experiment's process (another's JVM on the
    # machine is not this run's).
    for _ in range(64):
        if p == pid:
            return True
        try:
            p = int(open('/proc/%s/status' % p).read().split('PPid:')[1].split()[0])
        except (OSError, IndexError, ValueError):
            return False
        if p <= 1:
            return False
    return False
def argv_line(w):
    out, i = [], 0
    while i < len(w):
        if i + 1 < len(w) and (not w[i + 1].startswith('--') or w[i + 1] == '-1ns'):
            out.append(w[i] + '=' + w[i + 1]); i += 2
        else:
            out.append(w[i]); i += 1
    return ' '.join(sorted(out))
while True:
    try:
        if open('/proc/%d/stat' % pid).read().rsplit(')', 1)[1].split()[0] == 'Z':
            break
    except OSError:
        break
    for d in os.listdir('/proc'):
        if not d.isdigit():
            continue
        try:
            w = open('/proc/%s/cmdline' % d, 'rb').read().decode(errors='replace').split('\0')[:-1]
        except OSError:
            continue
        if not w or not (len(w) > 1 and w[0] == exe or w[-1].endswith('/waitlab.properties')) or not ours(int(d)):
            continue
        if len(w) > 1 and w[0] == exe and w[1] in ('target', 'downstream'):
            if re.search(r'--engine[= ](tomcat|netty)', ' '.join(w)):
                continue  # a Go process wrapping the JVM (before issue 39): its JVM is compared
            seen.add(w[1] + ' ' + norm(argv_line(w[2:])))
        elif w and w[-1].endswith('/waitlab.properties'):
            try:
                props = sorted(l for l in open(w[-1]).read().splitlines()
                               if l and not re.match(r'(port|plan|log_file|downstream|host)=', l))
            except OSError:
                continue
            opts = re.sub(r'-cp \S+', '-cp CP', ' '.join(w[1:-1]))
            seen.add('jvm ' + norm(opts) + ' | ' + norm(' '.join(props)))
    time.sleep(0.05)
for s in sorted(seen):
    print(s)
PY
}
differs=0
for name in $exps; do
	for engine in $engines; do
		children "$base" "$name" "$engine" >"$work/base.txt"
		children "$new" "$name" "$engine" >"$work/new.txt"
		n=$(wc -l <"$work/new.txt")
		if [[ $n -eq 0 && ! -s "$work/base.txt" ]]; then
			echo "$name ($engine): no server started by either build (nothing to compare)"
		elif cmp -s "$work/base.txt" "$work/new.txt"; then
			echo "$name ($engine): same, $n servers"
		else
			echo "$name ($engine): DIFFERS ($(wc -l <"$work/base.txt") servers before, $n after)"
			diff "$work/base.txt" "$work/new.txt" | sed 's/^/    /' || true
			differs=1
		fi
	done
done
exit $differs
