package loadgen

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Conditions are the facts about a run's surroundings that decide whether
// two runs may be compared (internal/baseline's fairness check): where the
// generator and the target could run, how busy the machine was before the
// run, and the target's own settings when it is a waitlab target. Every
// field is best effort; "" or nil means unknown, never "none".
type Conditions struct {
	// GenCPUs is the CPU list the generator may run on (its affinity,
	// /proc/self/status Cpus_allowed_list), e.g. "0-1" or "1".
	GenCPUs string `json:"gen_cpus,omitempty"`
	// TargetPID is the target's process, when known (--target-pid, or the
	// local process listening on the target's port), TargetCPUs its CPU
	// list, and TargetPIDFrom how the process was found (pid, port).
	TargetPID     int    `json:"target_pid,omitempty"`
	TargetCPUs    string `json:"target_cpus,omitempty"`
	TargetPIDFrom string `json:"target_pid_from,omitempty"`
	// GenNice and TargetNice are the processes' nice values (nil unknown):
	// a run given priority over its neighbours is not like one without.
	GenNice    *int `json:"gen_nice,omitempty"`
	TargetNice *int `json:"target_nice,omitempty"`
	// LoadAvg is the machine's 1, 5 and 15 minute load average just before
	// the run (/proc/loadavg): the neighbours before the generator began.
	LoadAvg []float64 `json:"load_avg,omitempty"`
	// TargetInfo is what a waitlab target says of its settings on /metrics
	// (waitlab_target_info's labels: model, threads, log, lock, ...).
	TargetInfo map[string]string `json:"target_info,omitempty"`
}

// listenerScanBudget bounds the scan of other processes for the target's.
const listenerScanBudget = 100 * time.Millisecond

// Limits on what a result file's conditions may hold (they are untrusted).
const (
	maxCPUList    = 4096
	maxInfoLabels = 32
	maxInfoLen    = 256
)

// startConditions records what res.Conditions says of the generator and
// the machine before the run (three small /proc files: nothing that could
// delay a synchronized start); the returned func, called after the run,
// adds the target's process (found by its listening port when --target-pid
// is not given: a scan of every process's descriptors, kept out of the
// measured window), its CPU list and nice value, and its settings from the
// probe's own /metrics reads (no extra scrape).
func startConditions(res *Result, cfg *Config, port string, probe *targetProbe) (finish func()) {
	c := &Conditions{GenCPUs: cpusAllowed("self"), GenNice: niceOf("self"), LoadAvg: loadAvg()}
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

// loadAvg returns /proc/loadavg's three averages, or nil.
func loadAvg() []float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return nil
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return nil
	}
	out := make([]float64, 3)
	for i := range out {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return nil
		}
		out[i] = v
	}
	return out
}

// listenerPID returns the process with a listening TCP socket on port on
// this machine (from /proc/net/tcp{,6} and every process's descriptors),
// or 0 when none is found or readable.
func listenerPID(port int) int {
	inodes := map[string]bool{}
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n")[1:] {
			fs := strings.Fields(line)
			if len(fs) < 10 || fs[3] != "0A" { // 0A: LISTEN
				continue
			}
			_, hexPort, ok := strings.Cut(fs[1], ":")
			if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil && int(p) == port {
				inodes["socket:["+fs[9]+"]"] = true
			}
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
		for len(rest) > 0 && rest[0] != '}' && len(out) < maxInfoLabels {
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
			if len(name) > maxInfoLen || val.Len() > maxInfoLen {
				return nil
			}
			out[name] = val.String()
			rest = strings.TrimLeft(after[i+1:], ",")
		}
		return out
	}
	return nil
}

// check validates conditions read from a file.
func (c *Conditions) check() error {
	if c == nil {
		return nil
	}
	for name, l := range map[string]string{"gen_cpus": c.GenCPUs, "target_cpus": c.TargetCPUs} {
		if len(l) > maxCPUList || strings.Trim(l, "0123456789,-") != "" {
			return fmt.Errorf("conditions: %s %.40q is not a CPU list", name, l)
		}
	}
	if c.TargetPID < 0 || len(c.TargetPIDFrom) > maxInfoLen {
		return fmt.Errorf("conditions: target_pid %d", c.TargetPID)
	}
	for _, n := range []*int{c.GenNice, c.TargetNice} {
		if n != nil && (*n < -20 || *n > 19) {
			return fmt.Errorf("conditions: nice %d, outside -20 to 19", *n)
		}
	}
	if len(c.LoadAvg) > 3 {
		return fmt.Errorf("conditions: load_avg has %d values, at most 3", len(c.LoadAvg))
	}
	for _, v := range c.LoadAvg {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return fmt.Errorf("conditions: load_avg %v", v)
		}
	}
	if len(c.TargetInfo) > maxInfoLabels {
		return fmt.Errorf("conditions: target_info has %d labels, at most %d", len(c.TargetInfo), maxInfoLabels)
	}
	for k, v := range c.TargetInfo {
		if len(k) > maxInfoLen || len(v) > maxInfoLen {
			return fmt.Errorf("conditions: target_info label %.40q is too long", k)
		}
	}
	return nil
}

// Source returns the file r was read from (SetSource), or "".
func (r *Result) Source() string { return r.source }

// Buckets calls fn for every nonzero bucket of the second's latency
// histogram (2 significant digits) with the bucket's highest equivalent
// value in microseconds, in ascending order. It decodes the histogram
// (checked by ReadResult) each time.
func (s *Second) Buckets(fn func(micros, count int64)) {
	if s.OK == 0 {
		return
	}
	for _, bar := range s.histogram().Distribution() {
		if bar.Count > 0 {
			fn(bar.To, bar.Count)
		}
	}
}

// LatencyBuckets calls fn for every nonzero bucket of the run's latency
// histogram (3 significant digits), as Second.Buckets does.
func (r *Result) LatencyBuckets(fn func(micros, count int64)) {
	if r.Latency.Count == 0 {
		return
	}
	for _, bar := range r.Latency.hist().Distribution() {
		if bar.Count > 0 {
			fn(bar.To, bar.Count)
		}
	}
}

// LatencyQuantile returns the run's latency at quantile q (0-100), in
// milliseconds (0 without samples): the figure reports print.
func (r *Result) LatencyQuantile(q float64) float64 {
	if r.Latency.Count == 0 {
		return 0
	}
	return float64(r.Latency.hist().ValueAtQuantile(q)) / 1e3
}

// Line is one series of a Chart.
type Line struct {
	Name, Color string
	Xs, Ys      []float64
}

// Chart is a line chart drawn by hand as inline SVG (no script, no
// third-party code), the one the load reports use. XTick formats an x
// value for its label; XTicks, when set, are the tick positions.
type Chart struct {
	Title, XLabel, YLabel string
	Lines                 []Line
	XTick                 func(float64) string
	XTicks                []float64
}

// SVG returns the chart as an <svg> element.
func (c Chart) SVG() string {
	ch := chart{title: c.Title, xLabel: c.XLabel, yLabel: c.YLabel, xTick: c.XTick, xs: c.XTicks}
	for _, l := range c.Lines {
		ch.lines = append(ch.lines, line{name: l.Name, color: l.Color, xs: l.Xs, ys: l.Ys})
	}
	return ch.svg()
}

// SyntheticRun builds the result of an open-model run from given
// latencies, through the recorder a real run uses, without sending a
// request: lat[s] are the ok latencies completing in second s of the
// window, errs[s] (optional) the errors in it. It is for tests and
// simulations of the analysis (internal/baseline's A/A studies), never a
// measurement: its Env names it "synthetic".
func SyntheticRun(url string, start time.Time, lat [][]time.Duration, errs []int64) *Result {
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
	res := &Result{Format: FormatVersion, Model: "open", URL: url, Targets: 1,
		Arrival:  "rate:" + strconv.FormatFloat(float64(total)/max(float64(n), 1), 'f', -1, 64),
		Start:    start.UTC().Format(time.RFC3339Nano),
		WindowNS: int64(n) * int64(time.Second), TimeoutNS: int64(DefaultTimeout),
		Offered: total, RunID: NewRunID(), Engine: EngineEpoll,
		Env: model.Env{Version: "synthetic"}, CPU: CPU{TargetNS: -1, GenAllowed: 1, MachineCPUs: 1},
		TargetLocal: true}
	for s := range n {
		sec := rec.collect(int64(s))
		_ = sec.seal()
		res.Series = append(res.Series, sec)
	}
	rec.fill(res)
	return res
}
