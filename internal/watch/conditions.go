package watch

import (
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// listenerScanBudget bounds the scan of other processes for the target's.
const listenerScanBudget = 100 * time.Millisecond

// Conditions records what a fair comparison needs of the generator and
// the machine before the run (three small /proc files: nothing that could
// delay a synchronized start); the returned func, called after the run,
// adds the target's process (pid when given; else, for a target on this
// machine, the pid its page's info names, or the process listening on
// port: a scan of every process's descriptors, kept out of the measured
// window), its CPU list and nice value, and its settings from t's own
// /metrics reads (no extra scrape). t may be nil.
func Conditions(pid int, local bool, port string, t *Target) (c *loadresult.Conditions, finish func()) {
	c = &loadresult.Conditions{GenCPUs: sysinfo.CPUsAllowedList(0), GenNice: sysinfo.Nice(0), LoadAvg: LoadAvg()}
	return c, func() {
		var infoPID int
		if t != nil && t.info != nil {
			infoPID, _ = strconv.Atoi(t.info["pid"])
		}
		switch {
		case pid > 0:
			c.TargetPID, c.TargetPIDFrom = pid, "pid"
		case local && infoPID > 0:
			c.TargetPID, c.TargetPIDFrom = infoPID, "metrics"
		case local:
			if p, err := strconv.Atoi(port); err == nil {
				if pid := ListenerPID(p); pid > 0 {
					c.TargetPID, c.TargetPIDFrom = pid, "port "+port
				}
			}
		}
		if c.TargetPID > 0 {
			c.TargetCPUs = sysinfo.CPUsAllowedList(c.TargetPID)
			c.TargetNice = sysinfo.Nice(c.TargetPID)
		}
		if t != nil && t.info != nil {
			c.TargetInfo = t.info
		}
	}
}

// LoadAvg returns the machine's three load averages, or nil.
func LoadAvg() []float64 {
	l, err := sysinfo.LoadAvg()
	if err != nil {
		return nil
	}
	return l[:]
}

// ListenerPID returns the process with a listening TCP socket on port on
// this machine (the socket's inode from sock_diag, or from /proc/net/tcp{,6}
// where netlink is refused, then every process's descriptors), or 0 when
// none is found or readable.
func ListenerPID(port int) int {
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

// InfoOf returns the labels of the page's waitlab_target_info (nil
// without one): the first MaxInfoLabels names in order, and nil when a
// name or a value is longer than MaxInfoLen (a page is untrusted; the
// result file refuses more).
func InfoOf(pg scrape.Page) map[string]string {
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
