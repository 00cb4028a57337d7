package loadresult

import (
	"fmt"
	"math"
	"strings"
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

// Limits on what a result file's conditions may hold (they are
// untrusted): MaxInfoLabels labels of target_info, each name and value up
// to MaxInfoLen bytes (loadgen records no more than these).
const (
	maxCPUList    = 4096
	MaxInfoLabels = 32
	MaxInfoLen    = 256
)

// Check validates conditions read from a file (ReadResult calls it; a
// generator checks what it recorded against the same limits).
func (c *Conditions) Check() error {
	if c == nil {
		return nil
	}
	for name, l := range map[string]string{"gen_cpus": c.GenCPUs, "target_cpus": c.TargetCPUs} {
		if len(l) > maxCPUList || strings.Trim(l, "0123456789,-") != "" {
			return fmt.Errorf("conditions: %s %.40q is not a CPU list", name, l)
		}
	}
	if c.TargetPID < 0 || len(c.TargetPIDFrom) > MaxInfoLen {
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
	if len(c.TargetInfo) > MaxInfoLabels {
		return fmt.Errorf("conditions: target_info has %d labels, at most %d", len(c.TargetInfo), MaxInfoLabels)
	}
	for k, v := range c.TargetInfo {
		if len(k) > MaxInfoLen || len(v) > MaxInfoLen {
			return fmt.Errorf("conditions: target_info label %.40q is too long", k)
		}
	}
	return nil
}

// Parts returns the segments merged into r (nil for a single run), so a
// report can warn about each on its own.
func (r *Result) Parts() []*Result { return r.parts }

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
	for _, bar := range s.Histogram().Distribution() {
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
	for _, bar := range r.Latency.Histogram().Distribution() {
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
	return float64(r.Latency.Histogram().ValueAtQuantile(q)) / 1e3
}
