package loadgen

import (
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// listenerScanBudget bounds the scan of other processes for the target's.
const listenerScanBudget = 100 * time.Millisecond

// startConditions records what res.Conditions says of the generator and
// the machine before the run (three small /proc files: nothing that could
// delay a synchronized start); the returned func, called after the run,
// adds the target's process (found by its listening port when --target-pid
// is not given: a scan of every process's descriptors, kept out of the
// measured window), its CPU list and nice value, and its settings from the
// probe's own /metrics reads (no extra scrape).
func startConditions(res *loadresult.Result, cfg *Config, port string, probe *targetProbe) (finish func()) {
	c := &loadresult.Conditions{GenCPUs: sysinfo.CPUsAllowedList(0), GenNice: sysinfo.Nice(0), LoadAvg: loadAvg()}
	res.Conditions = c
	return func() {
		var infoPID int
		if probe != nil && probe.info != nil {
			infoPID, _ = strconv.Atoi(probe.info["pid"])
		}
		switch {
		case cfg.TargetPID > 0:
			c.TargetPID, c.TargetPIDFrom = cfg.TargetPID, "pid"
		case res.TargetLocal && infoPID > 0:
			c.TargetPID, c.TargetPIDFrom = infoPID, "metrics"
		case res.TargetLocal:
			if p, err := strconv.Atoi(port); err == nil {
				if pid := listenerPID(p); pid > 0 {
					c.TargetPID, c.TargetPIDFrom = pid, "port "+port
				}
			}
		}
		if c.TargetPID > 0 {
			c.TargetCPUs = sysinfo.CPUsAllowedList(c.TargetPID)
			c.TargetNice = sysinfo.Nice(c.TargetPID)
		}
		if probe != nil && probe.info != nil {
			c.TargetInfo = probe.info
		}
	}
}

// loadAvg returns the machine's three load averages, or nil.
func loadAvg() []float64 {
	l, err := sysinfo.LoadAvg()
	if err != nil {
		return nil
	}
	return l[:]
}

// listenerPID returns the process with a listening TCP socket on port on
// this machine (the socket's inode from sock_diag, or from /proc/net/tcp{,6}
// where netlink is refused, then every process's descriptors), or 0 when
// none is found or readable.
func listenerPID(port int) int {
	inodes := map[string]bool{}
	if diag, err := listeningInodesDiag(port); err == nil {
		for ino := range diag {
			inodes["socket:["+strconv.FormatUint(uint64(ino), 10)+"]"] = true
		}
	} else {
		sysinfo.ListeningSockets(port, inodes)
	}
	return sysinfo.SocketOwner(inodes, listenerScanBudget)
}

// infoOf returns the labels of the page's waitlab_target_info (nil
// without one): the first MaxInfoLabels names in order, and nil when a
// name or a value is longer than MaxInfoLen (a page is untrusted; the
// result file refuses more).
func infoOf(pg scrape.Page) map[string]string {
	ss := pg.Samples("waitlab_target_info")
	if len(ss) == 0 {
		return nil
	}
	names := slices.Sorted(maps.Keys(ss[0].Labels))
	out := map[string]string{}
	for _, name := range names[:min(len(names), loadresult.MaxInfoLabels)] {
		val := ss[0].Labels[name]
		if len(name) > loadresult.MaxInfoLen || len(val) > loadresult.MaxInfoLen {
			return nil
		}
		out[name] = val
	}
	return out
}

// SyntheticRun builds the result of an open-model run from given
// latencies, through the recorder a real run uses, without sending a
// request: lat[s] are the ok latencies completing in second s of the
// window, errs[s] (optional) the errors in it. It is for tests and
// simulations of the analysis (internal/baseline's A/A studies), never a
// measurement: its Env names it "synthetic".
func SyntheticRun(url string, start time.Time, lat [][]time.Duration, errs []int64) *loadresult.Result {
	rec := newRecorder(1)
	n := len(lat)
	rec.cutoff.Store(int64(n) * int64(time.Second))
	var total int64
	for s, ls := range lat {
		k := len(ls)
		var e int64
		if s < len(errs) {
			e = errs[s]
		}
		for i, l := range ls {
			end := time.Duration(s)*time.Second + time.Duration(i+1)*time.Second/time.Duration(k+int(e)+1)
			rec.record(0, end-l, end-l, end, 200, kindOK)
		}
		for i := range e {
			end := time.Duration(s)*time.Second + time.Duration(k+int(i)+1)*time.Second/time.Duration(k+int(e)+1)
			rec.record(0, end, end, end, 500, kindOK)
		}
		total += int64(k) + e
	}
	res := &loadresult.Result{Format: loadresult.FormatVersion, Model: "open", URL: url, Targets: 1,
		Arrival:  "rate:" + strconv.FormatFloat(float64(total)/max(float64(n), 1), 'f', -1, 64),
		Start:    start.UTC().Format(time.RFC3339Nano),
		WindowNS: int64(n) * int64(time.Second), TimeoutNS: int64(DefaultTimeout),
		Offered: total, RunID: loadresult.NewRunID(), Engine: loadresult.EngineEpoll,
		Env: model.Env{Version: "synthetic"}, CPU: loadresult.CPU{TargetNS: -1, GenAllowed: 1, MachineCPUs: 1},
		TargetLocal: true}
	for s := range n {
		sec := rec.collect(int64(s))
		_ = sec.Seal()
		res.Series = append(res.Series, sec)
	}
	rec.fill(res)
	return res
}
