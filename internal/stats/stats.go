// Package stats summarises latencies: exact nearest-rank percentiles while
// the samples fit in memory, a streaming HdrHistogram (3 significant
// digits) beyond that, and Little's law.
package stats

import (
	"math"
	"slices"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/waitlab/waitlab/internal/model"
)

// Recorder collects durations. It keeps every sample up to Limit (exact
// percentiles) and then moves them into an HdrHistogram with 3 significant
// digits covering 1 us to 1 hour (values outside are clamped). A Recorder
// is not safe for concurrent use.
type Recorder struct {
	Limit   int
	samples []time.Duration
	hist    *hdrhistogram.Histogram
	count   int64
	sum     float64 // nanoseconds
	max     time.Duration
}

// NewRecorder returns a Recorder that stays exact up to limit samples
// (model.ExactLimit when limit is 0).
func NewRecorder(limit int) *Recorder {
	if limit <= 0 {
		limit = model.ExactLimit
	}
	return &Recorder{Limit: limit}
}

const (
	histMin = int64(time.Microsecond / time.Nanosecond)
	histMax = int64(time.Hour)
)

// Grow makes room for n more samples (at most up to Limit), so a caller
// that knows how many durations are coming, as the simulator does, pays
// for one allocation instead of the doubling copies of append: those
// copies were 44% of the simulator's CPU on a million requests.
func (r *Recorder) Grow(n int) {
	if r.hist != nil || n <= 0 {
		return
	}
	n = min(n, r.Limit-len(r.samples))
	r.samples = slices.Grow(r.samples, n)
}

// Add records one duration.
func (r *Recorder) Add(d time.Duration) {
	r.count++
	r.sum += float64(d)
	if d > r.max {
		r.max = d
	}
	if r.hist == nil {
		if len(r.samples) < r.Limit {
			r.samples = append(r.samples, d)
			return
		}
		r.hist = hdrhistogram.New(histMin, histMax, 3)
		for _, s := range r.samples {
			r.record(s)
		}
		r.samples = nil
	}
	r.record(d)
}

func (r *Recorder) record(d time.Duration) {
	v := int64(d)
	v = min(max(v, histMin), histMax)
	_ = r.hist.RecordValue(v)
}

// Count returns how many durations were added.
func (r *Recorder) Count() int64 { return r.count }

// Exact reports whether percentiles are exact.
func (r *Recorder) Exact() bool { return r.hist == nil }

// Precision names the precision in the form model.Result uses.
func (r *Recorder) Precision() string {
	if r.Exact() {
		return "exact"
	}
	return "hdr-3"
}

// Percentile returns the nearest-rank p-th percentile (0 < p <= 100).
func (r *Recorder) Percentile(p float64) time.Duration {
	if r.count == 0 {
		return 0
	}
	if r.hist != nil {
		if p >= 100 {
			return r.max
		}
		return time.Duration(r.hist.ValueAtQuantile(p))
	}
	slices.Sort(r.samples)
	return NearestRank(r.samples, p)
}

// NearestRank returns the p-th percentile of sorted by the nearest-rank
// method: the smallest value with at least p% of the samples at or below it.
func NearestRank(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

// Mean returns the mean duration.
func (r *Recorder) Mean() time.Duration {
	if r.count == 0 {
		return 0
	}
	return time.Duration(r.sum / float64(r.count))
}

// Sum returns the sum of all durations (saturated: a sum past what a
// Duration holds, 292 years, wraps nothing but is useless; see SumNS).
func (r *Recorder) Sum() time.Duration {
	if !(r.sum < math.MaxInt64) {
		return math.MaxInt64
	}
	return time.Duration(r.sum)
}

// SumNS returns the sum of all durations in nanoseconds, as a float: ten
// million latencies of half an hour add up past what a Duration holds.
func (r *Recorder) SumNS() float64 { return r.sum }

// Summary returns count, mean, p50, p90, p99 and max in milliseconds.
func (r *Recorder) Summary() model.Summary {
	return model.Summary{
		Count:  r.count,
		MeanMS: MS(r.Mean()),
		P50MS:  MS(r.Percentile(50)),
		P90MS:  MS(r.Percentile(90)),
		P99MS:  MS(r.Percentile(99)),
		MaxMS:  MS(r.max),
	}
}

// MS converts a duration to milliseconds.
func MS(d time.Duration) float64 { return float64(d) / 1e6 }

// LittleInFlight returns the mean number in flight by Little's law: the sum
// of the time each request spent in the system divided by the window.
func LittleInFlight(sumLatency, window time.Duration) float64 {
	if window <= 0 {
		return 0
	}
	return float64(sumLatency) / float64(window)
}
