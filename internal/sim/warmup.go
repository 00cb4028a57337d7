package sim

import "time"

// MSERBatch is the batch of MSER-5: the series is averaged five values at
// a time before the truncation point is chosen.
const MSERBatch = 5

// Warmup finds how many of the first values of x (a run's latencies in
// completion order) belong to the transient from the empty start, by
// MSER-5 (White 1997; Hoad, Robinson & Davies 2010 found it the most
// reliable of the rules they compared): average x five at a time into
// z_1..z_m, and cut the d batches that minimise
//
//	MSER(d) = sum_{j>d} (z_j - mean_{j>d} z)^2 / (m-d)^2,
//
// the squared standard error of the mean of what is kept. A transient
// adds to the spread what it takes from the count, so the rule cuts it
// and no more. d is searched over the whole run; a minimum in its second
// half means the transient had not ended (ended false), and the cut is
// then capped at half the run.
//
// It returns the number of values to drop (a multiple of five) and
// whether the transient ended. It allocates nothing: the suffix sums are
// built from the end in one pass and the scan runs from the end too.
func Warmup(x []time.Duration) (drop int, ended bool) {
	m := len(x) / MSERBatch
	if m < 4 {
		return 0, true
	}
	z := func(j int) float64 {
		var s float64
		for _, v := range x[j*MSERBatch : (j+1)*MSERBatch] {
			s += float64(v)
		}
		return s / MSERBatch
	}
	// Scan d from m-2 down to 0, keeping the sums of z_{d+1..m}: the
	// statistic needs at least two batches kept. Work in units of the
	// last batch's mean to keep the sums of squares well scaled.
	scale := z(m-1) + 1
	var s1, s2 float64
	best, at := 0.0, 0
	first := true
	for d := m - 1; d >= 0; d-- {
		v := z(d) / scale
		s1 += v
		s2 += v * v
		n := float64(m - d)
		if m-d < 2 {
			continue
		}
		mean := s1 / n
		ss := max(s2-n*mean*mean, 0)
		stat := ss / (n * n)
		if first || stat <= best { // ties: the smaller cut
			best, at, first = stat, d, false
		}
	}
	if at > m/2 {
		return (m / 2) * MSERBatch, false
	}
	return at * MSERBatch, true
}
