package baseline

import (
	"math"
	"slices"
	"sort"

	"github.com/waitlab/waitlab/internal/stats"
)

// unit is one resampling unit: a second of a run (the block method) or a
// whole run (the runs method). Its latency values are indices into the
// comparison's common bucket list (see bins), so a replicate adds counts
// into one dense array.
type unit struct {
	idx      []int32 // bucket indices, ascending
	cnt      []int64 // their counts
	ok       int64
	requests int64
	errors   int64
	svcNS    int64
	// winSecs and winOK are the whole seconds inside the measured window
	// this unit covers and their ok responses (for ok_rps): 1 or 0 for a
	// second.
	winSecs float64
	winOK   int64
}

// bins is the sorted list of bucket values (microseconds) of both sides.
type bins struct {
	vals []int64
}

func (b *bins) index(v int64) int32 {
	i, _ := slices.BinarySearch(b.vals, v)
	return int32(i)
}

// stat is what a replicate measures, one value per metric (NaN: none).
type stat [numMetrics]float64

// measure computes every metric over a multiset of units (given by their
// positions in us), using acc (len(bins.vals)) as scratch.
func measure(us []*unit, b *bins, acc []int64, hasSvc bool) stat {
	clear(acc)
	var total, ok, req, errs, svc, winOK int64
	var winSecs float64
	lo, hi := len(acc), -1
	for _, u := range us {
		for i, ix := range u.idx {
			acc[ix] += u.cnt[i]
			total += u.cnt[i]
			lo, hi = min(lo, int(ix)), max(hi, int(ix))
		}
		ok += u.ok
		req += u.requests
		errs += u.errors
		svc += u.svcNS
		winOK += u.winOK
		winSecs += u.winSecs
	}
	var s stat
	for i := range s {
		s[i] = math.NaN()
	}
	if req > 0 {
		s[mErrors] = 100 * float64(errs) / float64(req)
	}
	if winSecs > 0 {
		s[mOKRPS] = float64(winOK) / winSecs
	}
	if hasSvc && ok > 0 {
		s[mService] = float64(svc) / float64(ok) / 1e6
	}
	if total == 0 {
		return s
	}
	qs := []struct {
		m int
		q float64
	}{{mP50, 50}, {mP90, 90}, {mP95, 95}, {mP99, 99}}
	// HdrHistogram's rule: the value at which the running count reaches
	// q% of the total (rounded), at least the first value.
	targets := make([]int64, len(qs))
	for i, q := range qs {
		targets[i] = stats.HistRank(q.q, total)
	}
	var run int64
	var sum float64
	k := 0
	for ix := lo; ix <= hi; ix++ {
		c := acc[ix]
		if c == 0 {
			continue
		}
		run += c
		v := float64(b.vals[ix]) / 1e3
		sum += v * float64(c)
		for k < len(qs) && run >= targets[k] {
			s[qs[k].m] = v
			k++
		}
	}
	s[mMax] = float64(b.vals[hi]) / 1e3
	s[mMean] = sum / float64(total)
	return s
}

// blockLen is the block length (in seconds) for n seconds: about n^(1/3)
// (the usual rate for a moving-block bootstrap), at least 1.
func blockLen(n int) int {
	return max(1, int(math.Round(math.Cbrt(float64(n)))))
}

// meanVar returns the mean and the sample variance of xs (NaN skipped).
func meanVar(xs []float64) (mean, variance float64, n int) {
	for _, x := range xs {
		if !math.IsNaN(x) {
			mean += x
			n++
		}
	}
	if n == 0 {
		return math.NaN(), math.NaN(), 0
	}
	mean /= float64(n)
	if n < 2 {
		return mean, math.NaN(), n
	}
	for _, x := range xs {
		if !math.IsNaN(x) {
			variance += (x - mean) * (x - mean)
		}
	}
	return mean, variance / float64(n-1), n
}

// sortedUnique returns the sorted distinct values of vs.
func sortedUnique(vs []int64) []int64 {
	sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
	return slices.Compact(vs)
}
