package loadresult

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/waitlab/waitlab/internal/model"
)

// Merge combines results of one load: counts add and histograms merge
// bucket by bucket (never averaged). It refuses results that cannot belong
// together (a *MergeError): another model, or the same run twice (the same
// file, or the same run id), which would silently double every count. Runs
// whose windows all overlap are shards run at the same time: rates are
// over the longest window. Otherwise (Sequential) they are taken as
// consecutive runs of one load, and rates are over the time their windows
// cover together, never added. The series is aligned on wall-clock
// seconds from the earliest window's start.
func Merge(rs ...*Result) (*Result, error) {
	if len(rs) == 0 {
		return nil, errors.New("loadresult: merge of no results")
	}
	if len(rs) == 1 {
		return rs[0], nil
	}
	name := mergeNames(rs)
	if err := checkMergeable(rs, name); err != nil {
		return nil, err
	}
	segs, err := checkSegments(rs)
	if err != nil {
		return nil, err
	}
	w := windowsOf(rs)
	out := mergeHeader(rs, name, w)
	secs, capacity := addAll(out, rs, w.earliest)
	if w.sequential {
		out.WindowNS = int64(w.covered)
	}
	// Keep the generator's CPU share right over the window.
	if out.WindowNS > 0 && capacity > 0 {
		out.CPU.GenAllowed = capacity / float64(out.WindowNS)
	}
	if out.Series, err = mergeSeries(secs); err != nil {
		return nil, err
	}
	if len(segs) > 0 {
		out.RunID = rs[0].RunID
		out.StartSpreadNS = startSpread(rs)
		out.parts = rs
	}
	return out, nil
}

// mergeNames returns how a merge's messages name result i: its file, or
// its place among the inputs.
func mergeNames(rs []*Result) func(i int) string {
	return func(i int) string {
		if rs[i].source != "" {
			return rs[i].source
		}
		return fmt.Sprintf("result %d", i+1)
	}
}

// checkMergeable refuses results that cannot belong together: another
// model, the same file or result twice, segments beside whole runs,
// segments of different runs, and a run id seen twice among whole runs
// (their own merged inputs included).
func checkMergeable(rs []*Result, name func(int) string) error {
	var zero [sha256.Size]byte
	ids := map[string]int{} // run id -> the result holding it
	for i, r := range rs {
		if r.Model != "open" && r.Model != "closed" {
			return &MergeError{Key: "report.merge.models", Args: []any{name(0), rs[0].Model, name(i), r.Model}}
		}
		for j := range i {
			if r == rs[j] || (r.digest != zero && r.digest == rs[j].digest) {
				return &MergeError{Key: "report.merge.same_file", Args: []any{name(j), name(i)}}
			}
		}
		if (r.Segment != nil) != (rs[0].Segment != nil) {
			seg, whole := name(0), name(i)
			if r.Segment != nil {
				seg, whole = whole, seg
			}
			return &MergeError{Key: "report.merge.seg.mixed", Args: []any{seg, whole}}
		}
		if err := checkRunID(rs, i, ids, name); err != nil {
			return err
		}
		if r.Model != rs[0].Model {
			return &MergeError{Key: "report.merge.models", Args: []any{name(0), rs[0].Model, name(i), r.Model}}
		}
	}
	return nil
}

// checkRunID checks result i's run id: a segment's must be the first
// result's (segments of one run share it and are told apart by their
// segment, which checkSegments refuses doubled); a whole run's, and those
// of its merged inputs, must not be in ids yet, which it adds them to.
func checkRunID(rs []*Result, i int, ids map[string]int, name func(int) string) error {
	r := rs[i]
	if r.Segment != nil {
		if r.RunID != rs[0].RunID {
			return &MergeError{Key: "report.merge.seg.run", Args: []any{name(0), rs[0].RunID, name(i), r.RunID}}
		}
		return nil
	}
	own := []string{r.RunID}
	for _, in := range r.Inputs {
		own = append(own, in.RunID)
	}
	for _, id := range own {
		if j, dup := ids[id]; dup && id != "" && j != i {
			return &MergeError{Key: "report.merge.same_run", Args: []any{name(j), name(i), id}}
		}
		ids[id] = i
	}
	return nil
}

// checkSegments checks that the segments of a scale-out run partition it
// (none missing, none doubled, one sequence); it returns them, or nil for
// whole runs.
func checkSegments(rs []*Result) ([]model.Segment, error) {
	if rs[0].Segment == nil {
		return nil, nil
	}
	var segs []model.Segment
	for _, r := range rs {
		segs = append(segs, *r.Segment)
	}
	if err := model.CheckPartition(segs); err != nil {
		var fe *model.FieldError
		if errors.As(err, &fe) {
			return nil, &MergeError{Key: fe.Key, Args: fe.Args}
		}
		return nil, err
	}
	return segs, nil
}

// mergeWindows is when the merged windows ran: the earliest start, whether
// they did not all overlap (sequential), and the time their union covers.
type mergeWindows struct {
	earliest   time.Time
	sequential bool
	covered    time.Duration
}

// windowsOf finds when each window ran. All overlapping: shards at the
// same time.
func windowsOf(rs []*Result) mergeWindows {
	type iv struct{ from, to time.Time }
	ivs := make([]iv, len(rs))
	for i, r := range rs {
		ivs[i].from, ivs[i].to = r.span()
	}
	latestFrom, earliestTo := ivs[0].from, ivs[0].to
	for _, v := range ivs {
		if v.from.After(latestFrom) {
			latestFrom = v.from
		}
		if v.to.Before(earliestTo) {
			earliestTo = v.to
		}
	}
	w := mergeWindows{sequential: !latestFrom.Before(earliestTo)}
	slices.SortFunc(ivs, func(a, b iv) int { return a.from.Compare(b.from) })
	w.earliest = ivs[0].from
	curFrom, curTo := ivs[0].from, ivs[0].to
	for _, v := range ivs[1:] {
		if v.from.After(curTo) {
			w.covered += curTo.Sub(curFrom)
			curFrom, curTo = v.from, v.to
		} else if v.to.After(curTo) {
			curTo = v.to
		}
	}
	w.covered += curTo.Sub(curFrom)
	return w
}

// mergeHeader starts the merged result: the load's shape from the first
// input, the start from the earliest window, and one Input per result
// merged (a merged result contributes its own inputs).
func mergeHeader(rs []*Result, name func(int) string, w mergeWindows) *Result {
	first := rs[0]
	out := &Result{
		Format: FormatVersion, Model: first.Model, Arrival: first.Arrival, Stages: first.Stages,
		ThinkNS: first.ThinkNS, URL: first.URL, Targets: first.Targets,
		Start:    w.earliest.Add(-time.Duration(first.WarmupNS)).UTC().Format(time.RFC3339),
		WarmupNS: first.WarmupNS, TimeoutNS: first.TimeoutNS, Env: first.Env, TargetLocal: first.TargetLocal,
		Errors: map[string]int64{}, Sequential: w.sequential,
		CPU: CPU{TargetNS: -1}, Conditions: first.Conditions,
	}
	for i, r := range rs {
		if len(r.Inputs) > 0 { // a merged result: its own inputs
			out.Inputs = append(out.Inputs, r.Inputs...)
			continue
		}
		in := Input{Name: name(i), RunID: r.RunID, Start: r.Start, WindowNS: r.WindowNS,
			Model: r.Model, Arrival: r.Arrival, URL: r.URL, Requests: r.Requests,
			Host: r.Host, ActualStart: r.ActualStart}
		if r.Segment != nil {
			in.Segment = r.Segment.String()
		}
		out.Inputs = append(out.Inputs, in)
	}
	return out
}

// addAll adds every result's counts, histograms and CPU into out, and
// returns its seconds by wall-clock second from earliest, with the
// generator's capacity (allowed CPUs times window) summed.
func addAll(out *Result, rs []*Result, earliest time.Time) (secs map[int64][]*Second, capacity float64) {
	secs = map[int64][]*Second{}
	mainAcc := [2][]int64{make([]int64, hdrShapes[histDigits].countsLen), make([]int64, hdrShapes[histDigits].countsLen)}
	for _, r := range rs {
		out.addCounts(r)
		for k, p := range [][2]*Hist{{&out.Latency, &r.Latency}, {&out.Service, &r.Service}} {
			p[0].Count += p[1].Count
			p[0].SumNS += p[1].SumNS
			p[0].MaxNS = max(p[0].MaxNS, p[1].MaxNS)
			// Bucket by bucket (Histogram.Merge re-records every value).
			for i, c := range p[1].Histogram().Export().Counts {
				mainAcc[k][i] += c
			}
		}
		from, _ := r.span()
		shift := int64(from.Sub(earliest).Round(time.Second) / time.Second)
		for i := range r.Series {
			s := &r.Series[i]
			secs[s.T+shift] = append(secs[s.T+shift], s)
		}
		out.addCPU(r)
		capacity += r.CPU.GenAllowed * float64(r.WindowNS)
	}
	for k, h := range []*Hist{&out.Latency, &out.Service} {
		h.h = hdrhistogram.Import(&hdrhistogram.Snapshot{LowestTrackableValue: histLow, HighestTrackableValue: histHigh,
			SignificantFigures: histDigits, Counts: mainAcc[k]})
	}
	return secs, capacity
}

// addCounts adds r's request counts, errors and warm-up into out.
func (out *Result) addCounts(r *Result) {
	out.Files += max(r.Files, 1)
	out.WindowNS = max(out.WindowNS, r.WindowNS)
	out.Connections += r.Connections
	out.Opened += r.Opened
	out.Offered += r.Offered
	out.Requests += r.Requests
	out.OK += r.OK
	out.WindowRequests += r.WindowRequests
	out.WindowOK += r.WindowOK
	out.WindowServiceNS += r.WindowServiceNS
	out.Late += r.Late
	out.BytesReceived += r.BytesReceived
	out.Unsent += r.Unsent
	out.MaxLagNS = max(out.MaxLagNS, r.MaxLagNS)
	out.Interrupted = out.Interrupted || r.Interrupted
	out.TargetLocal = out.TargetLocal || r.TargetLocal
	out.PeakRSS = max(out.PeakRSS, r.PeakRSS)
	for k, n := range r.Errors {
		out.Errors[k] += n
	}
	if w := r.Warmup; w != nil {
		if out.Warmup == nil {
			out.Warmup = &WarmupCounts{Errors: map[string]int64{}}
		}
		out.Warmup.Requests += w.Requests
		out.Warmup.OK += w.OK
		for k, n := range w.Errors {
			out.Warmup.Errors[k] += n
		}
	}
}

// addCPU adds r's CPU into out. Shards that share a target see the same
// target CPU: the largest is kept.
func (out *Result) addCPU(r *Result) {
	out.CPU.GenNS += r.CPU.GenNS
	out.CPU.GenAllowed += r.CPU.GenAllowed
	out.CPU.MachineBusyNS += r.CPU.MachineBusyNS
	out.CPU.MachineNS += r.CPU.MachineNS
	out.CPU.MachineCPUs = max(out.CPU.MachineCPUs, r.CPU.MachineCPUs)
	out.CPU.TargetThreads = max(out.CPU.TargetThreads, r.CPU.TargetThreads)
	if r.CPU.TargetNS >= 0 {
		out.CPU.TargetNS = max(out.CPU.TargetNS, r.CPU.TargetNS)
		out.CPU.TargetFrom = r.CPU.TargetFrom
	}
}

// mergeSeries merges the series, second by second, each merged and sealed
// before the next: one decoded histogram at a time. Counts are added
// straight from each encoding into one array: no histogram is decoded per
// second and file. Seconds are independent: they are merged on every core,
// each worker with its own counts array, into their places in the series.
func mergeSeries(secs map[int64][]*Second) ([]Second, error) {
	ts := make([]int64, 0, len(secs))
	for t := range secs {
		ts = append(ts, t)
	}
	slices.Sort(ts)
	series := make([]Second, len(ts))
	workers := min(runtime.GOMAXPROCS(0), max(len(ts)/64, 1))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			acc := make([]int64, hdrShapes[secDigits].countsLen)
			for k := w; k < len(ts); k += workers {
				m, err := mergeSecond(ts[k], secs[ts[k]], acc)
				if err != nil {
					errs[w] = err
					return
				}
				series[k] = m
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return series, nil
}

// startSpread is the spread of the segments' actual starts (0 when none
// says when it began).
func startSpread(rs []*Result) int64 {
	var lo, hi time.Time
	for _, r := range rs {
		t, err := time.Parse(time.RFC3339Nano, r.ActualStart)
		if err != nil {
			continue
		}
		if lo.IsZero() || t.Before(lo) {
			lo = t
		}
		if t.After(hi) {
			hi = t
		}
	}
	if lo.IsZero() {
		return 0
	}
	return int64(hi.Sub(lo))
}

// mergeSecond merges one second of several results, adding their counts
// into acc (a scratch array of the per-second shape) straight from their
// encodings.
func mergeSecond(t int64, parts []*Second, acc []int64) (Second, error) {
	m := Second{T: t}
	clear(acc)
	for _, s := range parts {
		m.Requests += s.Requests
		m.OK += s.OK
		m.Errors += s.Errors
		m.GenCPU = max(m.GenCPU, s.GenCPU)
		m.ServiceNS += s.ServiceNS
		switch {
		case s.hist != nil:
			for i, c := range s.hist.Export().Counts {
				acc[i] += c
			}
		case s.sparse != nil:
			s.sparse.addTo(acc)
		case s.HDR != "":
			if _, err := addHDR(s.HDR, secDigits, acc); err != nil {
				return m, fmt.Errorf("loadresult: merge second %d: %w", t, err)
			}
		}
	}
	if m.OK > 0 {
		enc, err := encodeCounts(acc, secDigits)
		if err != nil {
			return m, err
		}
		m.HDR = enc
	}
	return m, nil
}
