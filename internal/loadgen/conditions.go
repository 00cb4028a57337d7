package loadgen

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
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
	c := &loadresult.Conditions{GenCPUs: cpusAllowed("self"), GenNice: niceOf("self"), LoadAvg: loadAvg()}
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
			c.TargetCPUs = cpusAllowed(strconv.Itoa(c.TargetPID))
			c.TargetNice = niceOf(strconv.Itoa(c.TargetPID))
		}
		if probe != nil && probe.info != nil {
			c.TargetInfo = probe.info
		}
	}
}

// cpusAllowed returns the CPU list of /proc/PROC/status, or "".
func cpusAllowed(proc string) string {
	b, err := os.ReadFile(filepath.Join("/proc", proc, "status"))
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// niceOf returns the nice value of /proc/PROC/stat (its 19th field), or
// nil.
func niceOf(proc string) *int {
	b, err := os.ReadFile(filepath.Join("/proc", proc, "stat"))
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 17 {
		return nil
	}
	n, err := strconv.Atoi(f[16])
	if err != nil || n < -20 || n > 19 {
		return nil
	}
	return &n
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
		for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
			listeningInodes(f, port, inodes)
		}
	}
	if len(inodes) == 0 {
		return 0
	}
	// This process first (a target in process), then the others within
	// a budget: a busy machine has many processes, and the scan must not
	// hold up the run's end or a test beside it.
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		for _, fd := range fds {
			if l, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && inodes[l] {
				return os.Getpid()
			}
		}
	}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	deadline := time.Now().Add(listenerScanBudget)
	for _, p := range procs {
		if time.Now().After(deadline) {
			return 0
		}
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		fds, err := os.ReadDir(filepath.Join("/proc", p.Name(), "fd"))
		if err != nil {
			continue
		}
		for _, fd := range fds {
			if l, err := os.Readlink(filepath.Join("/proc", p.Name(), "fd", fd.Name())); err == nil && inodes[l] {
				return pid
			}
		}
	}
	return 0
}

// listeningInodes adds to inodes the "socket:[INODE]" of each listening
// socket on port in the /proc/net/tcp-format file f. The kernel lists the
// listening sockets first (its listening hash, then the established one),
// so the read stops at the first line in another state: after a load run
// the table holds tens of thousands of connections in TIME_WAIT, and
// reading them all took a quarter of the generator's CPU in a 3 s run
// (perf: the kernel's established_get_first and the copy of a 6 MB file).
// A kernel that listed them otherwise would leave the target's process
// unnamed, never a wrong one. It is the fallback for sock_diag.
func listeningInodes(f string, port int, inodes map[string]bool) {
	fh, err := os.Open(f)
	if err != nil {
		return
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Scan() // the header
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 10 {
			continue
		}
		if fs[3] != "0A" { // 0A: LISTEN
			return
		}
		_, hexPort, ok := strings.Cut(fs[1], ":")
		if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil && int(p) == port {
			inodes["socket:["+fs[9]+"]"] = true
		}
	}
}

// parseTargetInfo returns the labels of the waitlab_target_info line of a
// Prometheus text page (nil without one). Label values are Prometheus
// strings: backslash escapes are undone.
func parseTargetInfo(b []byte) map[string]string {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, "waitlab_target_info{")
		if !ok {
			continue
		}
		out := map[string]string{}
		for len(rest) > 0 && rest[0] != '}' && len(out) < loadresult.MaxInfoLabels {
			name, after, ok := strings.Cut(rest, `="`)
			if !ok {
				return nil
			}
			var val strings.Builder
			i := 0
			for ; i < len(after) && after[i] != '"'; i++ {
				if after[i] == '\\' && i+1 < len(after) {
					i++
					if after[i] == 'n' {
						val.WriteByte('\n')
						continue
					}
				}
				val.WriteByte(after[i])
			}
			if i >= len(after) {
				return nil
			}
			name = strings.TrimLeft(name, ", ")
			if len(name) > loadresult.MaxInfoLen || val.Len() > loadresult.MaxInfoLen {
				return nil
			}
			out[name] = val.String()
			rest = strings.TrimLeft(after[i+1:], ",")
		}
		return out
	}
	return nil
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
