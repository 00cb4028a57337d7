package stats

import (
	"slices"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/waitlab/waitlab/internal/model"
)

// Union is a Recorder made of parts: each duration is added to one part
// (a request class, say) and counts in the whole, and the whole answers as
// one Recorder given every duration in the same order would (the same
// percentiles, mean, sum and precision), while each sample is kept once,
// in its part. The simulator keeps a burst's latencies this way: by class,
// with the whole read from the classes (8 bytes a request less).
//
// The whole is exact while its count is within limit; then its
// percentiles come from an HdrHistogram of every part's durations, as a
// Recorder's would. Parts made with a smaller limit than the whole's are
// not supported.
type Union struct {
	parts []*Recorder
	limit int
	count int64
	sum   float64 // nanoseconds, in the order added
	max   time.Duration
	hist  *hdrhistogram.Histogram // built once the whole is past its limit
}

// NewUnion returns a Union of n parts, each a NewRecorder(limit), exact up
// to limit durations in all (model.ExactLimit when limit is 0).
func NewUnion(n, limit int) *Union {
	if limit <= 0 {
		limit = model.ExactLimit
	}
	u := &Union{limit: limit, parts: make([]*Recorder, n)}
	for i := range u.parts {
		u.parts[i] = NewRecorder(limit)
	}
	return u
}

// Part returns part i.
func (u *Union) Part(i int) *Recorder { return u.parts[i] }

// Add records d in part i and in the whole.
func (u *Union) Add(i int, d time.Duration) {
	u.parts[i].Add(d)
	u.count++
	u.sum += float64(d)
	if d > u.max {
		u.max = d
	}
	u.hist = nil
}

// Count returns how many durations were added to all parts.
func (u *Union) Count() int64 { return u.count }

// Exact reports whether the whole's percentiles are exact.
func (u *Union) Exact() bool { return u.count <= int64(u.limit) }

// Precision names the whole's precision as Recorder.Precision does.
func (u *Union) Precision() string {
	if u.Exact() {
		return "exact"
	}
	return "hdr-3"
}

// SumNS returns the sum of every duration in nanoseconds (Recorder.SumNS).
func (u *Union) SumNS() float64 { return u.sum }

// Mean returns the mean duration of the whole.
func (u *Union) Mean() time.Duration {
	if u.count == 0 {
		return 0
	}
	return time.Duration(u.sum / float64(u.count))
}

// Percentile returns the whole's nearest-rank p-th percentile (0 < p <= 100).
func (u *Union) Percentile(p float64) time.Duration {
	if u.count == 0 {
		return 0
	}
	if !u.Exact() {
		if p >= 100 {
			return u.max
		}
		return time.Duration(u.histogram().ValueAtQuantile(p))
	}
	// Every part is exact (its count is within the whole's): the rank-th
	// smallest of the parts' sorted samples is the nearest rank of them
	// all.
	parts := make([][]time.Duration, len(u.parts))
	for i, r := range u.parts {
		slices.Sort(r.samples)
		parts[i] = r.samples
	}
	return Ranked(parts, Rank(p/100, int(u.count)))
}

// histogram returns an HdrHistogram of every part's durations, as a
// Recorder past its limit holds them (clamped to its range).
func (u *Union) histogram() *hdrhistogram.Histogram {
	if u.hist != nil {
		return u.hist
	}
	h := hdrhistogram.New(histMin, histMax, 3)
	for _, r := range u.parts {
		if r.hist != nil {
			h.Merge(r.hist)
			continue
		}
		for _, s := range r.samples {
			_ = h.RecordValue(min(max(int64(s), histMin), histMax))
		}
	}
	u.hist = h
	return h
}

// Summary returns count, mean, p50, p90, p99 and max in milliseconds, as
// Recorder.Summary does.
func (u *Union) Summary() model.Summary {
	return model.Summary{
		Count:  u.count,
		MeanMS: MS(u.Mean()),
		P50MS:  MS(u.Percentile(50)),
		P90MS:  MS(u.Percentile(90)),
		P99MS:  MS(u.Percentile(99)),
		MaxMS:  MS(u.max),
	}
}
