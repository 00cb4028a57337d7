package loadgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/waitlab/waitlab/internal/model"
)

// FormatVersion names the result file format.
const FormatVersion = "waitlab-load/1"

// Hist is a latency distribution in a result file: exact count, sum and
// max, and an HdrHistogram (microseconds, 1 us to 1 h) in the standard
// compressed base64 encoding, so two results merge exactly.
type Hist struct {
	Count int64  `json:"count"`
	SumNS int64  `json:"sum_ns"`
	MaxNS int64  `json:"max_ns"`
	HDR   string `json:"hdr,omitempty"`
	h     *hdrhistogram.Histogram
}

func (h *Hist) hist() *hdrhistogram.Histogram {
	if h.h == nil {
		h.h = newHist()
	}
	return h.h
}

// Second is one second of a run: requests that completed in it, and the
// latency (from the intended send) of its successful ones.
type Second struct {
	T        int64   `json:"t"`
	Requests int64   `json:"requests"`
	OK       int64   `json:"ok"`
	Errors   int64   `json:"errors"`
	GenCPU   float64 `json:"gen_cpu_pct,omitempty"` // generator CPU in this second, % of what it may use
	HDR      string  `json:"hdr,omitempty"`
	hist     *hdrhistogram.Histogram
}

func (s *Second) histogram() *hdrhistogram.Histogram {
	if s.hist == nil {
		s.hist = newSecHist()
	}
	return s.hist
}

// CPU is what the run measured of the CPU of the generator, the target and
// the machine over the measured window. Negative values are unknown.
type CPU struct {
	GenNS         int64   `json:"gen_ns"`           // generator CPU time (user+system)
	GenAllowed    float64 `json:"gen_allowed_cpus"` // CPUs the generator may use (GOMAXPROCS, affinity, cgroup)
	MachineBusyNS int64   `json:"machine_busy_ns"`  // all processes, from /proc/stat
	MachineNS     int64   `json:"machine_ns"`       // busy + idle over all CPUs
	MachineCPUs   int     `json:"machine_cpus"`
	TargetNS      int64   `json:"target_ns"` // -1 when unknown
	TargetFrom    string  `json:"target_from,omitempty"`
	TargetThreads int     `json:"target_threads,omitempty"` // the target's OS threads, when known
}

// Result is the compact, self-describing result of one run (or of several
// merged): what `waitlab load --out` writes and `waitlab report` reads.
// Everything a report shows is computed from it, so a re-report is the
// same report.
type Result struct {
	Format      string           `json:"format"`
	Model       string           `json:"model"` // open | closed
	Arrival     string           `json:"arrival"`
	Stages      string           `json:"stages,omitempty"`
	ThinkNS     int64            `json:"think_ns,omitempty"`
	URL         string           `json:"url"`
	Targets     int              `json:"targets"`
	Start       string           `json:"start"`
	WindowNS    int64            `json:"window_ns"`
	WarmupNS    int64            `json:"warmup_ns,omitempty"`
	TimeoutNS   int64            `json:"timeout_ns"`
	Connections int              `json:"connections"` // the cap (open) or virtual users (closed)
	Opened      int              `json:"connections_used"`
	Offered     int64            `json:"offered"` // requests due in the window (open model)
	Requests    int64            `json:"requests"`
	OK          int64            `json:"ok"`
	Late        int64            `json:"late"`   // sent more than 5 ms after their intended time
	Unsent      int64            `json:"unsent"` // due in the window but never sent
	MaxLagNS    int64            `json:"max_lag_ns"`
	Errors      map[string]int64 `json:"errors"`
	Latency     Hist             `json:"latency"`
	Service     Hist             `json:"service_time"`
	Series      []Second         `json:"series"`
	CPU         CPU              `json:"cpu"`
	TargetLocal bool             `json:"target_local"`
	PeakRSS     int64            `json:"gen_peak_rss_bytes,omitempty"`
	Interrupted bool             `json:"interrupted,omitempty"`
	Files       int              `json:"files,omitempty"` // results merged into this one (0 or 1: a single run)
	Env         model.Env        `json:"env"`
}

// Window returns the measured window.
func (r *Result) Window() time.Duration { return time.Duration(r.WindowNS) }

// Write writes r as one line of JSON.
func (r *Result) Write(w io.Writer) error {
	if err := r.encode(); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("loadgen: write result: %w", err)
	}
	return nil
}

func (r *Result) encode() error {
	for _, h := range []*Hist{&r.Latency, &r.Service} {
		b, err := h.hist().Encode(hdrhistogram.V2CompressedEncodingCookieBase)
		if err != nil {
			return fmt.Errorf("loadgen: encode histogram: %w", err)
		}
		h.HDR = string(b)
	}
	for i := range r.Series {
		s := &r.Series[i]
		if s.OK == 0 {
			s.HDR = ""
			continue
		}
		b, err := s.histogram().Encode(hdrhistogram.V2CompressedEncodingCookieBase)
		if err != nil {
			return fmt.Errorf("loadgen: encode histogram of second %d: %w", s.T, err)
		}
		s.HDR = string(b)
	}
	return nil
}

// ReadResult reads a result file written by Write.
func ReadResult(data []byte) (*Result, error) {
	var r Result
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("not a waitlab load result: %w", err)
	}
	if r.Format != FormatVersion {
		return nil, fmt.Errorf("not a waitlab load result (format %q, want %q)", r.Format, FormatVersion)
	}
	for _, h := range []*Hist{&r.Latency, &r.Service} {
		if h.HDR == "" {
			continue
		}
		d, err := hdrhistogram.Decode([]byte(h.HDR))
		if err != nil {
			return nil, fmt.Errorf("bad histogram in result: %w", err)
		}
		h.h = d
	}
	for i := range r.Series {
		s := &r.Series[i]
		if s.HDR == "" {
			continue
		}
		d, err := hdrhistogram.Decode([]byte(s.HDR))
		if err != nil {
			return nil, fmt.Errorf("bad histogram in second %d: %w", s.T, err)
		}
		s.hist = d
	}
	if r.Errors == nil {
		r.Errors = map[string]int64{}
	}
	return &r, nil
}

// Merge combines results of runs made at the same time (shards of one
// load): counts add, histograms merge bucket by bucket (never averaged),
// the series add second by second, and rates are over the longest window.
func Merge(rs ...*Result) (*Result, error) {
	if len(rs) == 0 {
		return nil, errors.New("loadgen: merge of no results")
	}
	if len(rs) == 1 {
		return rs[0], nil
	}
	first := rs[0]
	out := &Result{
		Format: FormatVersion, Model: first.Model, Arrival: first.Arrival, Stages: first.Stages,
		ThinkNS: first.ThinkNS, URL: first.URL, Targets: first.Targets, Start: first.Start,
		WarmupNS: first.WarmupNS, TimeoutNS: first.TimeoutNS, Env: first.Env, TargetLocal: first.TargetLocal,
		Errors: map[string]int64{},
		CPU:    CPU{TargetNS: -1},
	}
	secs := map[int64]*Second{}
	var capacity float64
	for _, r := range rs {
		if r.Model != first.Model {
			return nil, fmt.Errorf("cannot merge an %s-model result with a %s-model one", first.Model, r.Model)
		}
		out.Files += max(r.Files, 1)
		out.WindowNS = max(out.WindowNS, r.WindowNS)
		out.Connections += r.Connections
		out.Opened += r.Opened
		out.Offered += r.Offered
		out.Requests += r.Requests
		out.OK += r.OK
		out.Late += r.Late
		out.Unsent += r.Unsent
		out.MaxLagNS = max(out.MaxLagNS, r.MaxLagNS)
		out.Interrupted = out.Interrupted || r.Interrupted
		out.TargetLocal = out.TargetLocal || r.TargetLocal
		out.PeakRSS = max(out.PeakRSS, r.PeakRSS)
		for k, n := range r.Errors {
			out.Errors[k] += n
		}
		for _, p := range [][2]*Hist{{&out.Latency, &r.Latency}, {&out.Service, &r.Service}} {
			p[0].Count += p[1].Count
			p[0].SumNS += p[1].SumNS
			p[0].MaxNS = max(p[0].MaxNS, p[1].MaxNS)
			p[0].hist().Merge(p[1].hist())
		}
		for i := range r.Series {
			s := &r.Series[i]
			m := secs[s.T]
			if m == nil {
				m = &Second{T: s.T}
				secs[s.T] = m
			}
			m.Requests += s.Requests
			m.OK += s.OK
			m.Errors += s.Errors
			m.GenCPU = max(m.GenCPU, s.GenCPU)
			m.histogram().Merge(s.histogram())
		}
		out.CPU.GenNS += r.CPU.GenNS
		out.CPU.GenAllowed += r.CPU.GenAllowed
		capacity += r.CPU.GenAllowed * float64(r.WindowNS)
		out.CPU.MachineBusyNS += r.CPU.MachineBusyNS
		out.CPU.MachineNS += r.CPU.MachineNS
		out.CPU.MachineCPUs = max(out.CPU.MachineCPUs, r.CPU.MachineCPUs)
		out.CPU.TargetThreads = max(out.CPU.TargetThreads, r.CPU.TargetThreads)
		if r.CPU.TargetNS >= 0 {
			// Shards that share a target see the same target CPU: keep the largest.
			out.CPU.TargetNS = max(out.CPU.TargetNS, r.CPU.TargetNS)
			out.CPU.TargetFrom = r.CPU.TargetFrom
		}
	}
	// Keep the generator's CPU share right over the longest window.
	if out.WindowNS > 0 && capacity > 0 {
		out.CPU.GenAllowed = capacity / float64(out.WindowNS)
	}
	for _, s := range secs {
		out.Series = append(out.Series, *s)
	}
	slices.SortFunc(out.Series, func(a, b Second) int { return int(a.T - b.T) })
	return out, nil
}
