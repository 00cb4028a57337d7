package baseline

import (
	"math"
	"slices"
	"sort"
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
		targets[i] = max(int64(q.q/100*float64(total)+0.5), 1)
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

// studentQuantile returns the p-quantile (0.5 < p < 1) of Student's t
// distribution with df degrees of freedom, by bisection on its CDF.
func studentQuantile(p, df float64) float64 {
	if df <= 0 || math.IsNaN(df) {
		return math.NaN()
	}
	lo, hi := 0.0, 1.0
	for studentCDF(hi, df) < p && hi < 1e7 {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if studentCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-12*hi {
			break
		}
	}
	return (lo + hi) / 2
}

// studentCDF is P(T <= t) for t >= 0: 1 - I_x(df/2, 1/2)/2 with
// x = df/(df+t^2).
func studentCDF(t, df float64) float64 {
	x := df / (df + t*t)
	return 1 - 0.5*regIncBeta(df/2, 0.5, x)
}

// regIncBeta is the regularized incomplete beta function I_x(a, b),
// evaluated by its continued fraction (modified Lentz), using the
// symmetry I_x(a,b) = 1 - I_{1-x}(b,a) where the fraction converges
// slowly.
func regIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a + b)
	lb, _ := math.Lgamma(a)
	lc, _ := math.Lgamma(b)
	front := math.Exp(la - lb - lc + a*math.Log(x) + b*math.Log(1-x))
	if x > (a+1)/(a+b+2) {
		return 1 - front*betaFraction(b, a, 1-x)/b
	}
	return front * betaFraction(a, b, x) / a
}

func betaFraction(a, b, x float64) float64 {
	const tiny = 1e-300
	c, d := 1.0, 1-(a+b)*x/(a+1)
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	f := d
	for m := 1; m <= 300; m++ {
		fm := float64(m)
		// even step
		num := fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		f *= d * c
		// odd step
		num = -(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := d * c
		f *= delta
		if math.Abs(delta-1) < 1e-14 {
			break
		}
	}
	return f
}

// sortedUnique returns the sorted distinct values of vs.
func sortedUnique(vs []int64) []int64 {
	sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
	return slices.Compact(vs)
}
