// Package stats is waitlab's one home for statistics: latencies
// summarised by exact nearest-rank percentiles while the samples fit in
// memory and a streaming HdrHistogram (3 significant digits) beyond that;
// the nearest rank itself (Rank, NearestRank, Ranked) for every caller
// that picks a percentile from sorted values; the Student-t quantile of
// every confidence interval; the spread (lower median, min, max) of
// repeated runs' figures; and Little's law.
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

// NearestRank returns the p-th percentile (0 < p <= 100) of sorted by the
// nearest-rank method: the smallest value with at least p% of the samples
// at or below it (the zero value when sorted is empty).
func NearestRank[T any](sorted []T, p float64) T {
	if len(sorted) == 0 {
		var zero T
		return zero
	}
	return sorted[Rank(p/100, len(sorted))-1]
}

// Rank is the nearest rank (1..n) of fraction q of n sorted values, q
// clamped to [0, 1]: the smallest rank with at least q of the values at
// or below it (a lower bound under the smallest value is the smallest).
// n must be at least 1.
func Rank(q float64, n int) int {
	r := int(math.Ceil(q * float64(n)))
	return min(max(r, 1), n)
}

// Ranked is the r-th smallest (1-based, 1 <= r <= the count) of the
// values of parts, each sorted: the smallest v with at least r values at
// or below it, by bisection over the values (about 64 steps of a binary
// search a part), so the parts need not be merged.
func Ranked(parts [][]time.Duration, r int) time.Duration {
	lo, hi := time.Duration(math.MaxInt64), time.Duration(math.MinInt64)
	for _, p := range parts {
		if len(p) > 0 {
			lo, hi = min(lo, p[0]), max(hi, p[len(p)-1])
		}
	}
	for lo < hi {
		mid := lo + time.Duration(uint64(hi-lo)/2) // as unsigned: no overflow
		c := 0
		for _, p := range parts {
			c += AtOrBelow(p, mid)
		}
		if c >= r {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// AtOrBelow is how many of sorted are at or below v.
func AtOrBelow(sorted []time.Duration, v time.Duration) int {
	i, _ := slices.BinarySearchFunc(sorted, v, func(e, t time.Duration) int {
		if e <= t {
			return -1
		}
		return 1
	})
	return i
}

// Spread is the lower median (of an even count the lower middle value,
// so it is a measured value), the minimum and the maximum of one figure
// over repeated runs.
type Spread struct {
	Min, Median, Max float64
}

// MedianIndex is the index of the lower median of n sorted values: of an
// even count the lower middle one, so it is a measured value.
func MedianIndex(n int) int { return (n - 1) / 2 }

// HistRank is HdrHistogram's rank of the p-th percentile (0 < p <= 100)
// of total counted values: the running count at which the percentile's
// value is reached, p% of the total rounded, at least 1. Its
// ValueAtQuantile and the bucket walks that must agree with it use it.
func HistRank(p float64, total int64) int64 { return max(int64(p/100*float64(total)+0.5), 1) }

// SpreadOf returns the spread of vals (each NaN when vals is empty; a NaN
// among them sorts first). vals is not changed.
func SpreadOf(vals []float64) Spread {
	if len(vals) == 0 {
		return Spread{math.NaN(), math.NaN(), math.NaN()}
	}
	s := slices.Clone(vals)
	slices.Sort(s)
	return Spread{Min: s[0], Median: s[MedianIndex(len(s))], Max: s[len(s)-1]}
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
