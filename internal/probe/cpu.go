package probe

import (
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/sysinfo"
	"github.com/waitlab/waitlab/internal/watch"
)

// The target's CPU per request and the cores it runs on: what the fit
// needs to carry the CPU part of the service time (fit.go).
//
// Why the probe reads a process tree (sysinfo.TreeCPU): a pre-fork server
// (gunicorn's sync workers, Apache's prefork, PHP-FPM) does its work in
// children of the process given as --target-pid, and /proc/PID/stat counts
// only that process (a child's time reaches cutime only once it has been
// waited for). Summing the process and its living descendants is the
// server's CPU; the probe reads it around each step.

// cpusOf counts a CPU list ("0-3,6"); 0 when it cannot be read.
func cpusOf(list string) int {
	n := 0
	for _, part := range strings.Split(strings.TrimSpace(list), ",") {
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return 0
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return 0
			}
		}
		n += b - a + 1
	}
	return n
}

// targetCPU fills a step's CPU per request and the target's cores.
//
// tree, when set, is the --target-pid process tree's reading over span (the
// whole run, warm-up included: its rate times span is the requests it
// served at the step's rate). Otherwise the generator's own reading of
// the target (--target-pid or process_cpu_seconds_total) over the window
// is used, unless the target is this very process: then its CPU is the
// generator's too and the split is unknown.
func targetCPU(st *Step, lr *loadresult.Result, tree sysinfo.Tree, span time.Duration) {
	if c := lr.Conditions; c != nil {
		st.TargetCores = cpusOf(c.TargetCPUs)
		st.TargetInProcess = c.TargetPID == os.Getpid()
	}
	rate := st.Achieved
	switch {
	case span > 0 && rate > 0:
		perS := tree.CPU.Seconds() / span.Seconds()
		v := round4(perS / rate * 1e3)
		st.TargetCPUMS = &v
		if tree.Descendants > 0 {
			// The master alone is not the server's CPU: the tree is.
			pct := round1(100 * perS)
			st.TargetCPUPct = &pct
			st.TargetKids, st.TargetKidThreads = tree.Descendants, tree.DescendantThreads
		}
	case !st.TargetInProcess && lr.CPU.TargetNS > 0 && rate > 0 && st.WindowS > 0:
		v := round4(float64(lr.CPU.TargetNS) / 1e6 / (rate * st.WindowS))
		st.TargetCPUMS = &v
	}
}

func round1(v float64) float64 { return float64(int64(v*10+0.5)) / 10 }
func round4(v float64) float64 { return float64(int64(v*1e4+0.5)) / 1e4 }

// reportedThreads is waitlab_target_threads on the /metrics page at url
// (0: none, or unreadable within a second). Read once, outside any
// measured window, through netguard's client: loopback only (redirects
// too) unless allowRemote.
func reportedThreads(url string, allowRemote bool) int {
	if url == "" {
		return 0
	}
	pg, err := scrape.Once(url, time.Second, allowRemote)
	if err != nil {
		return 0
	}
	return watch.Threads(pg)
}
