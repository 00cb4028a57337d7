package plan

import (
	"math"
	"slices"
	"sort"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/stats"
)

// run is what one run (simulated or real) gave, reduced to what the SLOs
// and the cost need: the latencies of the requests after the warm-up, per
// SLO, and the run's steady-state throughput, batch time and drain.
type run struct {
	samples  [][]time.Duration // per SLO (latency SLOs only), arranged (tail)
	rps      float64           // completions per second between the first measured arrival and the last arrival
	batch    float64           // ms, first arrival to last end (all requests)
	drain    float64           // open model: time from the last arrival to the last end, over the arrivals' span
	measured int               // requests after the warm-up
	inFlight int               // peak requests in flight (virtual model only)
	waited   bool              // some request (warm-up included) waited for a thread
	meanLat  float64           // ms, over the measured requests
	meanQ    float64           // ms, mean queue wait over the measured requests
	// tail says how each SLO's samples are arranged: samples[i][tail[i]:]
	// is sorted and every sample before tail[i] is at or below
	// samples[i][tail[i]] (a percentile's interval leaves its top
	// sorted: sim.QuantileCITail); 0, sorted whole. rankedOf sorts the
	// rest when a rank falls below the tail.
	tail []int
	// Open and closed models: each latency SLO's standard error over this
	// run (batch means), whether the run converged (warm-up ended, batches
	// nearly uncorrelated), and the warm-up MSER-5 found.
	est  []est
	conv bool
	warm int
}

// slim is what reduce reads of a model.Record (32 bytes, not 48: a plan
// keeps every record of a run of up to MaxRequests until it is reduced,
// two runs at once). An ID and a class fit in 32 bits: a scenario has at
// most model.MaxRequests requests and model.MaxClasses classes.
type slim struct {
	Arrival, Start, End time.Duration
	ID, Class           int32
}

func slimOf(r model.Record) slim {
	return slim{Arrival: r.Arrival, Start: r.Start, End: r.End, ID: int32(r.ID), Class: int32(r.Class)}
}

// records are a run's records in completion order, in one or more parts
// (a run extended from a shorter one keeps the shorter one's part and
// goes on in another: see seedRun).
type records [][]slim

func (rs records) len() int {
	n := 0
	for _, p := range rs {
		n += len(p)
	}
	return n
}

// slimAll is recs as reduce reads them.
func slimAll(recs []model.Record) []slim {
	out := make([]slim, len(recs))
	for i, r := range recs {
		out[i] = slimOf(r)
	}
	return out
}

// reduce turns a run's records into a run. warmup is how many requests (by
// index) are left out of the figures; detect (open and closed models)
// finds the warm-up instead, by MSER-5 over the completions in order, and
// estimates each latency SLO's standard error by batch means.
func reduce(s model.Scenario, recs records, warmup int64, slos []SLO, detect bool) run {
	var r run
	cut := -1 // completions left out, when detected
	var lat []time.Duration
	if detect {
		var d int
		var ended bool
		d, ended, lat = warmupOf(recs, sim.StartOf(s))
		cut, r.warm, r.conv = d, d, ended
	}
	r.samples = make([][]time.Duration, len(slos))
	cls := make([]int, len(slos)) // class index per SLO, -1 for all
	owner := -1                   // the SLO whose samples are lat[cut:], the warm-up's series after it
	for i, o := range slos {
		cls[i] = -1
		if o.Class != "" {
			cls[i] = s.ClassIndex(o.Class)
		}
		if !o.Latency() || o.Class != "" {
			continue
		}
		if lat != nil && !o.Queue() && owner < 0 {
			owner = i
			continue
		}
		r.samples[i] = make([]time.Duration, 0, recs.len()) // every measured request's: room for them at once
	}
	first, lastArr, lastEnd := time.Duration(math.MaxInt64), time.Duration(0), time.Duration(0)
	allFirst, allEnd := time.Duration(math.MaxInt64), time.Duration(0)
	var sumLat, sumQ float64
	k := -1 // completion index
	for _, part := range recs {
		for _, rec := range part {
			k++
			allFirst = min(allFirst, rec.Arrival)
			allEnd = max(allEnd, rec.End)
			if rec.Start > rec.Arrival {
				r.waited = true
			}
			if (cut < 0 && int64(rec.ID) < warmup) || k < cut {
				continue
			}
			r.measured++
			first = min(first, rec.Arrival)
			lastArr = max(lastArr, rec.Arrival)
			lastEnd = max(lastEnd, rec.End)
			lat, q := rec.End-rec.Arrival, rec.Start-rec.Arrival
			sumLat += float64(lat)
			sumQ += float64(q)
			for i, o := range slos {
				if i == owner || !o.Latency() || (cls[i] >= 0 && int(rec.Class) != cls[i]) || (o.Class != "" && cls[i] < 0) {
					continue
				}
				if o.Queue() {
					r.samples[i] = append(r.samples[i], q)
				} else {
					r.samples[i] = append(r.samples[i], lat)
				}
			}
		}
	}
	if owner >= 0 {
		r.samples[owner] = lat[cut:] // the same latencies in the same order, not copied again
	}
	r.tail = make([]int, len(slos))
	arranged := make([]bool, len(slos))
	if detect {
		r.est = make([]est, len(slos))
		for i, o := range slos {
			if !o.Latency() {
				continue
			}
			e, uncorrelated, tail, ok := estimate(o, r.samples[i]) // may arrange the samples
			r.est[i], r.tail[i], arranged[i] = e, tail, ok
			r.conv = r.conv && uncorrelated && e.ok
		}
	}
	for i := range r.samples {
		if !arranged[i] {
			sortRuns(r.samples[i])
		}
	}
	if recs.len() > 0 {
		r.batch = stats.MS(allEnd - allFirst)
	}
	if r.measured > 0 {
		r.meanLat = sumLat / float64(r.measured) / 1e6
		r.meanQ = sumQ / float64(r.measured) / 1e6
		// Throughput in the steady state: completions (of any request)
		// from the first measured arrival to the last arrival, so neither
		// the start from empty nor the drain after the arrivals stop
		// counts. A burst has no such window: its batch is the window.
		if span := lastArr - first; span > 0 {
			done := 0
			for _, part := range recs {
				for _, rec := range part {
					if rec.End >= first && rec.End <= lastArr {
						done++
					}
				}
			}
			r.rps = float64(done) / span.Seconds()
			r.drain = float64(lastEnd-lastArr) / float64(span)
		} else if w := lastEnd - first; w > 0 {
			r.rps = float64(r.measured) / w.Seconds()
		}
	}
	if s.Model == model.Virtual {
		r.inFlight = peakInFlight(recs)
	}
	return r
}

// peakInFlight is the most requests between arrival and end at once.
func peakInFlight(recs records) int {
	ev := make([]int64, 0, 2*recs.len())
	for _, part := range recs {
		for _, r := range part {
			// ends sort before arrivals at the same instant: 2t for an
			// end, 2t+1 for an arrival
			ev = append(ev, int64(r.Arrival)*2+1, int64(r.End)*2)
		}
	}
	slices.Sort(ev)
	n, peak := 0, 0
	for _, e := range ev {
		if e&1 == 1 {
			n++
			peak = max(peak, n)
		} else {
			n--
		}
	}
	return peak
}

// figure computes one SLO's figure over samples (sorted) or from the run.
func figure(o SLO, sorted []time.Duration, rps, batch float64) float64 {
	switch o.Metric {
	case "rps":
		return rps
	case "batch":
		return batch
	}
	if len(sorted) == 0 {
		return math.NaN()
	}
	kind, q := o.Stat()
	switch kind {
	case "mean":
		var sum float64
		for _, d := range sorted {
			sum += float64(d)
		}
		return sum / float64(len(sorted)) / 1e6
	case "max":
		return stats.MS(sorted[len(sorted)-1])
	}
	return stats.MS(stats.NearestRank(sorted, q))
}

// seedFigure is SLO o's figure over run r alone (its SLO i): figure, with
// a percentile or a max read off the arranged samples.
func seedFigure(o SLO, r run, i int) float64 {
	if kind, _ := o.Stat(); o.Latency() && kind != "mean" && r.tail[i] > 0 {
		v, _ := pooledFigure(o, []run{r}, i)
		return v
	}
	return figure(o, r.samples[i], r.rps, r.batch)
}

// pooledFigure is latency SLO o's figure over the samples of every run
// (its SLO i), and how many there are. A percentile or a max is read off
// the runs' arranged samples where they lie, by rank (no merged copy, no
// sort of the whole: that sort was a tenth of a plan's CPU); a mean adds
// the merged, sorted samples in order, as it always did, so that its
// rounding stays the same.
func pooledFigure(o SLO, runs []run, i int) (float64, int) {
	n := 0
	for _, r := range runs {
		n += len(r.samples[i])
	}
	if n == 0 {
		return math.NaN(), 0
	}
	kind, q := o.Stat()
	switch kind {
	case "mean":
		return figure(o, pooled(runs, i), 0, 0), n
	case "max":
		m := time.Duration(math.MinInt64)
		for _, r := range runs {
			if s := r.samples[i]; len(s) > 0 {
				m = max(m, s[len(s)-1]) // the largest is last, arranged or sorted
			}
		}
		return stats.MS(m), n
	}
	// stats.NearestRank's rank, over the n pooled samples.
	return stats.MS(rankedOf(runs, i, stats.Rank(q/100, n))), n
}

// rankedOf is the r-th smallest (1-based) of the runs' samples of SLO i:
// the smallest v with at least r samples at or below it, by bisection
// over the values. A run's samples at or below v are counted exactly once
// v reaches its sorted tail (every sample before the tail is at or below
// the tail's first); when the rank may lie below some run's tail, those
// runs' samples are sorted whole first.
func rankedOf(runs []run, i, r int) time.Duration {
	floor := time.Duration(math.MinInt64) // the highest first value of a tail
	for _, x := range runs {
		if t := x.tail[i]; t > 0 {
			floor = max(floor, x.samples[i][t])
		}
	}
	if floor > math.MinInt64 && countAtOrBelow(runs, i, floor) >= r {
		for j := range runs {
			if t := runs[j].tail[i]; t > 0 {
				sortRuns(runs[j].samples[i][:t])
				runs[j].tail[i] = 0
			}
		}
		floor = math.MinInt64
	}
	lo, hi := time.Duration(math.MaxInt64), time.Duration(math.MinInt64)
	for _, x := range runs {
		if s := x.samples[i]; len(s) > 0 {
			lo, hi = min(lo, s[0]), max(hi, s[len(s)-1])
		}
	}
	if floor > math.MinInt64 {
		lo = floor + 1 // the rank lies above every tail's first value
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		if countAtOrBelow(runs, i, mid) >= r {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// countAtOrBelow is how many of the runs' samples of SLO i are at or
// below v, which is at or above the first value of every run's tail.
func countAtOrBelow(runs []run, i int, v time.Duration) int {
	c := 0
	for _, x := range runs {
		t := x.tail[i]
		s := x.samples[i][t:]
		c += t + sort.Search(len(s), func(k int) bool { return s[k] > v })
	}
	return c
}

// pooled merges the runs' samples of SLO i (sorted).
func pooled(runs []run, i int) []time.Duration {
	n := 0
	for _, r := range runs {
		n += len(r.samples[i])
	}
	out := make([]time.Duration, 0, n)
	for _, r := range runs {
		out = append(out, r.samples[i]...)
	}
	slices.Sort(out)
	return out
}

// enough says whether n samples carry a statistic: at least 100 samples
// beyond a percentile (10,000 for a p99), 30 for a mean; a max rests on
// one sample whatever n is, and is never "enough" to be stable.
func enough(o SLO, n int) bool {
	if !o.Latency() {
		return n > 0
	}
	kind, q := o.Stat()
	switch kind {
	case "mean":
		return n >= 30
	case "max":
		return false
	}
	return float64(n)*(1-q/100) >= 100
}

// median is the lower median of v (NaN when v is empty).
func median(v []float64) float64 { return stats.SpreadOf(v).Median }

func minmax(v []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range v {
		if math.IsNaN(x) {
			continue
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

func stderr(v []float64) float64 {
	if len(v) < 2 {
		return 0
	}
	var m float64
	for _, x := range v {
		m += x
	}
	m /= float64(len(v))
	var ss float64
	for _, x := range v {
		ss += (x - m) * (x - m)
	}
	return math.Sqrt(ss/float64(len(v)-1)) / math.Sqrt(float64(len(v)))
}

// sortRuns sorts x, merging its ascending runs when there are few: a
// percentile's interval (sim.QuantileCIs) leaves the samples sorted batch
// by batch, and merging those twenty-odd runs pairwise costs a few passes
// where a sort of the whole cost as much as the batches' sorts again.
func sortRuns(x []time.Duration) {
	const maxRuns = 64
	var bounds []int // start of each ascending run, then len(x)
	for k := range x {
		if k == 0 || x[k] < x[k-1] {
			if len(bounds) == maxRuns {
				slices.Sort(x)
				return
			}
			bounds = append(bounds, k)
		}
	}
	if len(bounds) <= 1 {
		return
	}
	bounds = append(bounds, len(x))
	src, dst := x, make([]time.Duration, len(x))
	for len(bounds) > 2 {
		next := bounds[:0:0]
		for j := 0; j+1 < len(bounds); j += 2 {
			a := bounds[j]
			next = append(next, a)
			if j+2 >= len(bounds) { // an odd run out: copied as it is
				copy(dst[a:], src[a:bounds[j+1]])
				continue
			}
			mergeInto(dst[a:bounds[j+2]], src[a:bounds[j+1]], src[bounds[j+1]:bounds[j+2]])
		}
		next = append(next, len(x))
		bounds = next
		src, dst = dst, src
	}
	if &src[0] != &x[0] {
		copy(x, src)
	}
}

// mergeInto merges the ascending a and b into out (len(a)+len(b) long).
func mergeInto(out, a, b []time.Duration) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if b[j] < a[i] {
			out[k] = b[j]
			j++
		} else {
			out[k] = a[i]
			i++
		}
		k++
	}
	k += copy(out[k:], a[i:])
	copy(out[k:], b[j:])
}
