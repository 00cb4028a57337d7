package loadresult

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// check validates a decoded result: every count and duration in range,
// counts that add up, and histograms that decode and hold as many values
// as the counts say. The steps run in this order, and the first refusal
// is the error.
func (r *Result) check() error {
	for _, step := range []func() error{r.checkShape, r.checkWarmup, r.checkErrors, r.checkHists, r.checkSeries, r.checkLabels} {
		if err := step(); err != nil {
			return err
		}
	}
	if r.Errors == nil {
		r.Errors = map[string]int64{}
	}
	return nil
}

// checkShape checks the model, the start and every count and duration
// against its bounds.
func (r *Result) checkShape() error {
	if r.Model != "open" && r.Model != "closed" {
		return fmt.Errorf("model %q, want open or closed", r.Model)
	}
	if _, err := time.Parse(time.RFC3339, r.Start); err != nil {
		return fmt.Errorf("start %q is not a time (RFC 3339)", r.Start)
	}
	for _, f := range []struct {
		name string
		v    int64
		max  int64
	}{
		{"window_ns", r.WindowNS, int64(MaxDuration)},
		{"warmup_ns", r.WarmupNS, int64(MaxDuration)},
		{"timeout_ns", r.TimeoutNS, int64(MaxTimeout)},
		{"think_ns", r.ThinkNS, int64(MaxTimeout)},
		{"max_lag_ns", r.MaxLagNS, math.MaxInt64},
		{"targets", int64(r.Targets), math.MaxInt32},
		{"connections", int64(r.Connections), math.MaxInt32},
		{"connections_used", int64(r.Opened), math.MaxInt32},
		{"offered", r.Offered, math.MaxInt64},
		{"requests", r.Requests, math.MaxInt64},
		{"ok", r.OK, r.Requests},
		{"late", r.Late, r.Requests},
		{"unsent", r.Unsent, math.MaxInt64},
		{"files", int64(r.Files), math.MaxInt32},
		{"gen_peak_rss_bytes", r.PeakRSS, math.MaxInt64},
	} {
		if f.v < 0 || f.v > f.max {
			return fmt.Errorf("%s is %d, outside 0 to %d", f.name, f.v, f.max)
		}
	}
	return nil
}

// checkWarmup checks the warm-up's counts add up.
func (r *Result) checkWarmup() error {
	if w := r.Warmup; w != nil {
		if w.Requests < 0 || w.OK < 0 || w.OK > w.Requests {
			return fmt.Errorf("warmup: %d requests, %d ok", w.Requests, w.OK)
		}
		var failed int64
		for k, n := range w.Errors {
			if !knownErrorKind(k) || n < 0 || n > w.Requests-w.OK-failed {
				return fmt.Errorf("warmup: errors[%q] is %d", k, n)
			}
			failed += n
		}
		if failed != w.Requests-w.OK {
			return fmt.Errorf("warmup: %d requests, %d ok, but the errors add up to %d", w.Requests, w.OK, failed)
		}
	}
	return nil
}

// checkErrors checks that every error kind is known and that the errors
// add up to the failed requests.
func (r *Result) checkErrors() error {
	failed := int64(0)
	for k, n := range r.Errors {
		if !knownErrorKind(k) {
			return fmt.Errorf("unknown error kind %q", k)
		}
		if n < 0 || n > r.Requests-r.OK-failed {
			return fmt.Errorf("errors[%q] is %d: the errors add up to more than the failed requests", k, n)
		}
		failed += n
	}
	if failed != r.Requests-r.OK {
		return fmt.Errorf("%d requests, %d ok, but the errors add up to %d", r.Requests, r.OK, failed)
	}
	return nil
}

// checkHists checks that the latency and service-time histograms decode
// and hold one value per ok response, and keeps the decoded ones.
func (r *Result) checkHists() error {
	for _, h := range []struct {
		name string
		h    *Hist
	}{{"latency", &r.Latency}, {"service_time", &r.Service}} {
		if h.h.Count != r.OK || h.h.SumNS < 0 || h.h.MaxNS < 0 {
			return fmt.Errorf("%s holds %d values (sum %d, max %d), want the %d ok responses", h.name, h.h.Count, h.h.SumNS, h.h.MaxNS, r.OK)
		}
		if h.h.Count == 0 && h.h.HDR == "" {
			continue
		}
		d, total, err := decodeHDR(h.h.HDR, histDigits)
		if err != nil {
			return fmt.Errorf("%s: %w", h.name, err)
		}
		if total != h.h.Count {
			return fmt.Errorf("%s: its histogram holds %d values, its count says %d", h.name, total, h.h.Count)
		}
		h.h.h = d
	}
	for _, f := range []float64{r.CPU.GenAllowed} {
		if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
			return fmt.Errorf("cpu: gen_allowed_cpus is %v", f)
		}
	}
	return nil
}

// checkSeries checks the series: one entry per second of the window and
// the timeout after it, in order, each with counts that add up and a
// histogram that holds its ok responses.
func (r *Result) checkSeries() error {
	maxSecs := seriesBound(r.WindowNS, r.TimeoutNS)
	if int64(len(r.Series)) > maxSecs {
		return fmt.Errorf("series has %d seconds, more than the %d its window and timeout allow", len(r.Series), maxSecs)
	}
	prev := int64(-1)
	cached := 0 // bytes of sparse buckets kept for this file
	for i := range r.Series {
		s := &r.Series[i]
		if s.T <= prev || s.T >= maxSecs {
			return fmt.Errorf("series second %d is out of order or past the window", s.T)
		}
		prev = s.T
		if err := s.check(&cached); err != nil {
			return err
		}
	}
	return nil
}

// check validates one second of a file's series; cached counts the bytes
// of sparse buckets kept for the file so far.
func (s *Second) check(cached *int) error {
	if s.Requests < 0 || s.OK < 0 || s.Errors < 0 || s.OK > s.Requests || s.Errors != s.Requests-s.OK {
		return fmt.Errorf("series second %d: %d requests, %d ok, %d errors do not add up", s.T, s.Requests, s.OK, s.Errors)
	}
	if math.IsNaN(s.GenCPU) || math.IsInf(s.GenCPU, 0) || s.GenCPU < 0 {
		return fmt.Errorf("series second %d: generator CPU %v", s.T, s.GenCPU)
	}
	if s.ServiceNS < 0 {
		return fmt.Errorf("series second %d: service_ns %d", s.T, s.ServiceNS)
	}
	if s.OK == 0 {
		if s.HDR != "" {
			return fmt.Errorf("series second %d: a histogram without ok responses", s.T)
		}
		return nil
	}
	// Checked, and its nonzero buckets kept beside it (a few KB) up
	// to a budget per file, for a merge to add without inflating it
	// again; beyond the budget (a day of seconds), each is decoded
	// again when used.
	var total int64
	var err error
	if *cached < maxSparsePerFile {
		var sp *sparseCounts
		total, sp, err = sparseHDR(s.HDR, secDigits)
		if sp != nil {
			s.sparse = sp
			*cached += sp.size()
		}
	} else {
		total, err = addHDR(s.HDR, secDigits, nil)
	}
	if err != nil {
		return fmt.Errorf("series second %d: %w", s.T, err)
	}
	if total != s.OK {
		return fmt.Errorf("series second %d: its histogram holds %d values, %d ok", s.T, total, s.OK)
	}
	return nil
}

// checkLabels checks the run ids, the target's stalls, the conditions and
// the engine's names, which reports print.
func (r *Result) checkLabels() error {
	if len(r.RunID) > 64 || strings.Trim(r.RunID, "0123456789abcdef") != "" {
		return fmt.Errorf("run_id %q is not an id of up to 64 hex digits", r.RunID)
	}
	if st := r.TargetStalls; st != nil {
		for _, v := range []float64{st.WorstAboveMS, st.WorstUpToMS + 1} {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return fmt.Errorf("target_stalls: worst task bounds %v, %v", st.WorstAboveMS, st.WorstUpToMS)
			}
		}
		if st.Count < 0 {
			return fmt.Errorf("target_stalls: count %d", st.Count)
		}
	}
	if err := r.Conditions.Check(); err != nil {
		return err
	}
	if r.Engine != "" && r.Engine != EngineEpoll && r.Engine != EngineUring && r.Engine != EngineGoroutines {
		return fmt.Errorf("engine %q, want %s, %s or %s", r.Engine, EngineEpoll, EngineUring, EngineGoroutines)
	}
	if why, _, _ := strings.Cut(r.EngineWhy, ": "); why != "" && why+": " != WhyEpollFailed && why+": " != WhyUringFailed && why != WhyAsked && why != WhyTLS {
		return fmt.Errorf("engine_why %q is not a known reason", r.EngineWhy)
	}
	if len(r.Inputs) > maxInputs {
		return fmt.Errorf("%d inputs, more than %d", len(r.Inputs), maxInputs)
	}
	for _, in := range r.Inputs {
		if len(in.RunID) > 64 || strings.Trim(in.RunID, "0123456789abcdef") != "" {
			return fmt.Errorf("an input's run_id %q is not an id of up to 64 hex digits", in.RunID)
		}
	}
	return nil
}
