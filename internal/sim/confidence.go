package sim

import (
	"math"
	"slices"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/stats"
)

// The intervals of an open or closed run are batch means over one long
// run after its warm-up (docs/sim.md says why batch means and not
// independent replications: the warm-up is paid once, which is what
// matters near saturation, where it is longest).
//
// Batching: the kept values are cut into K batches (K = 20 or 10).
// Before K is accepted, the lag-1 autocorrelation of the means of 8K
// sub-batches (an eighth of a batch each) must be at most Lag1Max; if it
// is not, the batches are made twice as large (K halves). Batches eight
// times longer than sub-batches that are already nearly uncorrelated are
// themselves uncorrelated (Law and Carson's idea of testing at a finer
// level than the one used). If even K = 10 fails, the interval is still
// given with K = 10, and the run is not converged.
//
// The interval of a mean is the batch-means t interval. The interval of a
// percentile v is found where its error is a mean: the fraction p of the
// kept values at or below v is a mean of indicators, so its batch means
// give it a standard error like any mean's, and the values whose fraction
// is within t * se of q/100 form the interval: q/100 +- t * se, taken on
// the logit scale (a tail fraction's error is relative: 1% +- 0.75% is no
// symmetric thing), mapped back through the quantile function of all the
// kept values: [Q(lo), Q(hi)]. This is the order-statistic
// (inversion) interval of a quantile, with the variance of the fraction
// taken from batch means instead of the binomial's, which would hold only
// for independent values.
//
// It replaced sectioning (the spread of the batches' own percentiles),
// which held Erlang C's p99 for only 34-35 of 40 seeds of M/M/4 at rho 0.9
// and 0.95. Measured over 100 seeds at rho 0.9 (200k requests), the
// sectioning standard error kept growing with the batch: 4.1, 5.1, 6.1 and
// 6.9% at 40, 20, 10 and 5 batches, against 7.4% across the seeds. Near
// saturation the values above a p99 come in clumps (one long excursion
// gives hundreds of them), so a batch of 10k requests holds one or two
// clumps and its own p99 is no normal estimate; a batch's fraction below
// a fixed v is linear in its values, and its variance is right as soon
// as the batches are uncorrelated. Same seeds, same batches, same
// warm-up: 37, 37 of 40 held at rho 0.9 and 0.95 (docs/sim.md).

// Batching constants.
const (
	// SubBatches is how many sub-batches a batch is tested at.
	SubBatches = 8
	// Lag1Max is the largest lag-1 autocorrelation of the sub-batch means
	// accepted. With 80 to 320 sub-batches its standard error is 0.06 to
	// 0.11 when they are independent.
	Lag1Max = 0.2
	// MinBatches is the fewest batches an interval uses.
	MinBatches = 10
	// MinIntervalSamples is the fewest kept values an interval needs: 10
	// batches of 8 sub-batches of 5 values.
	MinIntervalSamples = MinBatches * SubBatches * MSERBatch
)

var batchCounts = []int{20, MinBatches}

// Batching is how a series is cut for its interval.
type Batching struct {
	K, B int // batches, values per batch (a multiple of MSERBatch)
	// Correlated: no batch size passed the lag-1 test.
	Correlated bool
	Lag1       float64 // at the accepted (or last tried) level
}

// Batch chooses the batches of x (kept values, in order). ok is false
// when x has fewer than MinIntervalSamples values.
//
// The lag-1 test is made on the sub-batch means of x and of the
// indicators of x above its p50, p90 and p99: a percentile's error
// follows the fraction of values below it (Bahadur's representation), and
// near saturation the tail's excursions last longer than the mean's, so a
// batch long enough for the mean can be too short for the p99.
func Batch(x []time.Duration) (bt Batching, ok bool) {
	n := len(x)
	if n < MinIntervalSamples {
		return Batching{}, false
	}
	th := thresholds(x)
	for _, k := range batchCounts {
		sb := n / (k * SubBatches)
		if sb < MSERBatch {
			continue
		}
		r := lag1(x, sb, k*SubBatches, th)
		b := (n / k) / MSERBatch * MSERBatch
		bt = Batching{K: k, B: b, Lag1: r}
		if r <= Lag1Max {
			return bt, true
		}
	}
	bt.Correlated = true
	return bt, true
}

// thresholds returns x's p50, p90 and p99, from every s-th value (a
// sample of at most 65,536: the test needs the levels, not their digits).
func thresholds(x []time.Duration) []time.Duration {
	step := max(1, len(x)/65536)
	n := len(x)/step + 1
	scratch := thresholdScratch.Get().(*[]time.Duration)
	if cap(*scratch) < 2*n {
		*scratch = make([]time.Duration, 2*n)
	}
	sub, buf := (*scratch)[:0:n], (*scratch)[n:2*n]
	for i := 0; i < len(x); i += step {
		sub = append(sub, x[i])
	}
	sortDurations(sub, buf)
	th := []time.Duration{stats.NearestRank(sub, 50), stats.NearestRank(sub, 90), stats.NearestRank(sub, 99)}
	thresholdScratch.Put(scratch)
	return th
}

// thresholdScratch holds thresholds' sample and its sort's buffer, at
// most 2 × 65,537 values (1 MiB) each: a plan reduces thousands of runs,
// and fresh memory for each was a tenth of what it allocated.
var thresholdScratch = sync.Pool{New: func() any { return new([]time.Duration) }}

// lag1 is the largest lag-1 autocorrelation, over x itself and its
// indicators above each of th, of the means of the first k batches of
// size b of x.
func lag1(x []time.Duration, b, k int, th []time.Duration) float64 {
	m := make([][]float64, 1+len(th))
	for i := range m {
		m[i] = make([]float64, k)
	}
	for j := 0; j < k; j++ {
		var s float64
		for _, v := range x[j*b : (j+1)*b] {
			s += float64(v)
			for i, t := range th {
				if v > t {
					m[i+1][j]++
				}
			}
		}
		m[0][j] = s / float64(b)
	}
	worst := math.Inf(-1)
	for _, series := range m {
		worst = max(worst, autocorr1(series))
	}
	return worst
}

// autocorr1 is the lag-1 autocorrelation of v (0 for a constant series).
func autocorr1(v []float64) float64 {
	mean := meanOf(v)
	var num, den float64
	for j := range v {
		d := v[j] - mean
		den += d * d
		if j > 0 {
			num += d * (v[j-1] - mean)
		}
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// levels are the batchings an interval is computed at: bt, and bt with
// batches twice as large when that still leaves MinBatches. The wider of
// the two is kept: near saturation the variance of a tail figure keeps
// growing with the batch size well past where the lag-1 test is passed
// (a slow component of the queue hides under the fast noise of small
// batches), and an estimate that is still growing is not yet the answer.
func levels(bt Batching) []Batching {
	out := []Batching{bt}
	if bt.K/2 >= MinBatches {
		out = append(out, Batching{K: bt.K / 2, B: 2 * bt.B})
	}
	return out
}

// MeanCI returns the mean of x (ms) and its batch-means interval.
func MeanCI(x []time.Duration, bt Batching) (float64, model.CI) {
	var sum float64
	for _, v := range x {
		sum += float64(v)
	}
	mean := stats.MS(time.Duration(sum / float64(len(x))))
	var h float64
	for _, lv := range levels(bt) {
		bm := make([]float64, lv.K)
		for j := range bm {
			var s float64
			for _, v := range x[j*lv.B : (j+1)*lv.B] {
				s += float64(v)
			}
			bm[j] = s / float64(lv.B) / 1e6
		}
		h = max(h, stats.TQuantile(lv.K-1)*sdAbout(bm, meanOf(bm))/math.Sqrt(float64(lv.K)))
	}
	return mean, model.CI{mean - h, mean + h}
}

// QuantileCIs returns the percentiles qs (0 < q <= 100) of x (ms) and
// their intervals, by batch means on the fraction of values at or below
// the estimate, mapped back through the quantile function of all the kept
// values (the inversion interval; see the comment on intervals at the top
// of this file). It sorts x in place batch by batch (not whole), so the
// caller must be done with x's order; it needs no copy of x, and no sort
// of the whole: a rank of the whole is found from the sorted batches (see
// ranked).
func QuantileCIs(x []time.Duration, bt Batching, qs []float64) ([]float64, []model.CI) {
	parts := make([][]time.Duration, 0, bt.K+1) // the batches, then the rest
	for j := 0; j < bt.K; j++ {
		parts = append(parts, x[j*bt.B:(j+1)*bt.B])
	}
	parts = append(parts, x[bt.K*bt.B:])
	buf := make([]time.Duration, max(bt.B, len(x)-bt.K*bt.B))
	for _, p := range parts {
		sortDurations(p, buf)
	}
	n := len(x)
	counts := make([]int, bt.K) // of each batch at or below v
	vals := make([]float64, len(qs))
	cis := make([]model.CI, len(qs))
	for i, q := range qs {
		v := stats.Ranked(parts, stats.Rank(q/100, n))
		for j := range counts {
			counts[j] = stats.AtOrBelow(parts[j], v)
		}
		lo, hi := fractionInterval(q/100, counts, bt)
		vals[i] = stats.MS(v)
		cis[i] = model.CI{stats.MS(stats.Ranked(parts, stats.Rank(lo, n))), stats.MS(stats.Ranked(parts, stats.Rank(hi, n)))}
	}
	return vals, cis
}

// fractionInterval is the interval of fraction p (0..1) from counts, the
// values of each of bt's batches at or below the estimate: the half-width
// h of the batch means of the fraction, at every level, the widest kept,
// then [p-h, p+h] on the logit scale.
func fractionInterval(p float64, counts []int, bt Batching) (lo, hi float64) {
	var h float64 // the half-width of the fraction's interval, by batch means
	for _, lv := range levels(bt) {
		g := lv.B / bt.B // level batches are g batches of bt each
		fr := make([]float64, lv.K)
		for j := range fr {
			c := 0
			for _, k := range counts[j*g : (j+1)*g] {
				c += k
			}
			fr[j] = float64(c) / float64(lv.B)
		}
		se := sdAbout(fr, meanOf(fr)) / math.Sqrt(float64(lv.K))
		h = max(h, stats.TQuantile(lv.K-1)*se)
	}
	// The interval holds the values x whose fraction at or below is
	// within h of q: [Q(q-h), Q(q+h)]. It is centred on q, not on the
	// fraction at v, which differ only where values tie: the p50 of
	// requests that mostly never wait is the no-wait time, and the top
	// of that tie is no edge of the p50's interval.
	lo, hi = p-h, p+h
	if p > 0 && p < 1 { // on the logit scale: se(logit p) = se(p)/(p(1-p))
		l, hl := math.Log(p/(1-p)), h/(p*(1-p))
		lo, hi = logistic(l-hl), logistic(l+hl)
	}
	return lo, hi
}

// QuantileCITail is QuantileCIs for one percentile q, the same figure and
// interval to the bit, without sorting every batch: a plan asks for one
// percentile of each run, near its top, and the ranks it reads (the
// figure, the interval's ends, the figure pooled over seeds) lie in the
// top few percent of the values. It copies x to scratch (allocated when
// shorter than x), moves the values above a rank a little under q's to
// the end and sorts only those (selectTail), reads the figure there,
// counts each batch's values at or below it in x's own order, and reads
// the interval's ends; an end below the sorted tail sorts the rest too.
// On return x holds the values arranged: x[tail:] sorted, and every
// value of x[:tail] at or below x[tail] (tail 0: x is sorted whole).
func QuantileCITail(x []time.Duration, bt Batching, q float64, scratch []time.Duration) (val float64, ci model.CI, tail int) {
	n := len(x)
	if cap(scratch) < n {
		scratch = make([]time.Duration, n)
	}
	y := scratch[:n]
	copy(y, x)
	p := q / 100
	tail = selectTail(y, int(float64(n)*max(0, p-max(2*(1-p), 0.01))))
	at := func(r int) time.Duration { // the r-th smallest (1-based)
		if r-1 < tail {
			sortDurations(y[:tail], nil) // every value there is at or below y[tail]
			tail = 0
		}
		return y[r-1]
	}
	v := at(stats.Rank(p, n))
	counts := make([]int, bt.K) // of each batch at or below v
	for j := range counts {
		c := 0
		for _, d := range x[j*bt.B : (j+1)*bt.B] {
			if d <= v {
				c++
			}
		}
		counts[j] = c
	}
	lo, hi := fractionInterval(p, counts, bt)
	ci = model.CI{stats.MS(at(stats.Rank(lo, n))), stats.MS(at(stats.Rank(hi, n)))}
	copy(x, y)
	return stats.MS(v), ci, tail
}

// selectTail arranges y so that y[t:] holds its largest values, sorted,
// for some t at or below k, and every value of y[:t] is below y[t]; it
// returns t (0 when it sorted y whole). One pass partitions y about a
// pivot read off a strided sample of y, a little under the k-th value, so
// that what is left to sort is a few percent more than len(y)-k values;
// a pivot that missed (over the k-th value) sorts the whole, which gives
// the same values.
func selectTail(y []time.Duration, k int) int {
	n := len(y)
	const m = 256 // sample size
	if k <= 0 || n < 4*m {
		sortDurations(y, nil)
		return 0
	}
	var s [m]time.Duration
	step := n / m
	for i := range s {
		s[i] = y[i*step]
	}
	slices.Sort(s[:])
	f := float64(k) / float64(n)
	j := int(f*m) - int(3*math.Sqrt(m*f*(1-f))) - 1 // three standard deviations of the sample's rank under k
	if j <= 0 {
		sortDurations(y, nil)
		return 0
	}
	piv := s[j]
	// Hoare's partition: y[:i] < piv, y[j+1:] >= piv.
	i, e := 0, n-1
	for {
		for i <= e && y[i] < piv {
			i++
		}
		for i <= e && y[e] >= piv {
			e--
		}
		if i >= e {
			break
		}
		y[i], y[e] = y[e], y[i]
		i++
		e--
	}
	if i > k {
		sortDurations(y, nil)
		return 0
	}
	sortDurations(y[i:], nil)
	return i
}

func logistic(l float64) float64 { return 1 / (1 + math.Exp(-l)) }

func meanOf(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// sdAbout is the sample standard deviation of v about c.
func sdAbout(v []float64, c float64) float64 {
	if len(v) < 2 {
		return 0
	}
	var ss float64
	for _, x := range v {
		ss += (x - c) * (x - c)
	}
	return math.Sqrt(ss / float64(len(v)-1))
}

// summaryQuantiles are the percentiles a Summary carries.
var summaryQuantiles = []float64{50, 90, 95, 99, 99.9}

// Summarize describes x (kept values, in order) with the intervals of its
// mean and percentiles when it has enough values (bt from Batch, ok its
// second result). It reorders x (see QuantileCIs).
func Summarize(x []time.Duration, bt Batching, ok bool) model.Summary {
	var s model.Summary
	s.Count = int64(len(x))
	if len(x) == 0 {
		return s
	}
	var mci *model.CI
	if ok {
		m, ci := MeanCI(x, bt)
		s.MeanMS, mci = m, &ci
	} else {
		var sum float64
		for _, v := range x {
			sum += float64(v)
		}
		s.MeanMS = stats.MS(time.Duration(sum / float64(len(x))))
	}
	var vals []float64
	var cis []model.CI
	if ok {
		vals, cis = QuantileCIs(x, bt, summaryQuantiles)
	} else {
		slices.Sort(x)
		for _, q := range summaryQuantiles {
			vals = append(vals, stats.MS(stats.NearestRank(x, q)))
		}
	}
	s.P50MS, s.P90MS, s.P95MS, s.P99MS, s.P999MS = vals[0], vals[1], vals[2], vals[3], vals[4]
	s.MaxMS = stats.MS(slices.Max(x))
	if ok {
		s.MeanCI = mci
		s.P50CI, s.P90CI, s.P95CI, s.P99CI, s.P999CI = &cis[0], &cis[1], &cis[2], &cis[3], &cis[4]
	}
	return s
}

// collector keeps what an open or closed run's intervals need, in the
// order it happened: every latency (completion order) and its class,
// every queue wait (the order threads took the requests), and the time of
// every fifth completion (the batches' edges for throughput). That is 17
// bytes a completed request, where the recorders it replaces for these
// runs kept 24 (all, per class, queue wait); nothing is kept per request
// in flight. A burst keeps the recorders: its figures are exact and carry
// no interval.
type collector struct {
	lat   []time.Duration
	cls   []uint8 // nil with one class
	qw    []time.Duration
	ends  []time.Duration // end of completion 5j+5, j = 0, 1, ...
	sum   float64         // of every latency, warm-up included (Little's law)
	multi bool
	start Start
}

func newCollector(s model.Scenario) *collector {
	c := &collector{multi: len(s.Classes) > 1, start: StartOf(s)}
	n := s.Requests
	if n <= model.ExactLimit { // a larger run grows as it goes
		c.lat = make([]time.Duration, 0, n)
		c.qw = make([]time.Duration, 0, n)
		c.ends = make([]time.Duration, 0, n/MSERBatch+1)
		if c.multi {
			c.cls = make([]uint8, 0, n)
		}
	}
	return c
}

func (c *collector) done(lat time.Duration, class int32, now time.Duration) {
	c.lat = append(c.lat, lat)
	if c.multi {
		c.cls = append(c.cls, uint8(class))
	}
	c.sum += float64(lat)
	if len(c.lat)%MSERBatch == 0 {
		c.ends = append(c.ends, now)
	}
}

func (c *collector) taken(wait time.Duration) { c.qw = append(c.qw, wait) }

// fill replaces res's figures with the kept ones and their intervals.
func (c *collector) fill(res *model.Result, classes []model.Class, firstArr time.Duration, span time.Duration) {
	drop, ended := Warmup(c.lat, c.start)
	kept := c.lat[drop:]
	bt, ok := Batch(kept)
	conv := ended && ok && !bt.Correlated
	res.WarmupRequests = &drop
	if !ended {
		res.Unconverged = append(res.Unconverged, "warmup")
	}
	if !ok {
		res.Unconverged = append(res.Unconverged, "few")
	} else if bt.Correlated {
		res.Unconverged = append(res.Unconverged, "correlated")
	}
	if ok {
		res.Batches, res.BatchSize = bt.K, bt.B
	}
	if span > 0 {
		res.InFlightMean = c.sum / float64(span)
	}
	// Throughput: the completions of each batch over the time between its
	// edges, per class too.
	nc := max(len(classes), 1)
	var rates [][]float64 // [class+1][batch], 0: all
	if ok {
		rates = make([][]float64, nc+1)
		for i := range rates {
			rates[i] = make([]float64, bt.K)
		}
		edge := func(i int) time.Duration { // end of the i-th completion, i a multiple of 5
			if i == 0 {
				return firstArr
			}
			return c.ends[i/MSERBatch-1]
		}
		for j := 0; j < bt.K; j++ {
			from, to := drop+j*bt.B, drop+(j+1)*bt.B
			dt := (edge(to) - edge(from)).Seconds()
			if dt <= 0 {
				dt = math.SmallestNonzeroFloat64
			}
			rates[0][j] = float64(bt.B) / dt
			if c.multi {
				for _, k := range c.cls[from:to] {
					rates[int(k)+1][j]++
				}
				for k := 1; k <= nc; k++ {
					rates[k][j] /= dt
				}
			}
		}
	}
	tputCI := func(center float64, r []float64) *model.CI {
		m := meanOf(r)
		if m <= 0 || center <= 0 {
			return &model.CI{0, 0}
		}
		rel := stats.TQuantile(bt.K-1) * sdAbout(r, m) / math.Sqrt(float64(bt.K)) / m
		return &model.CI{center * (1 - rel), center * (1 + rel)}
	}
	// Per class, in completion order, before kept is sorted.
	var byClass [][]time.Duration
	if c.multi {
		byClass = make([][]time.Duration, nc)
		for i, k := range c.cls[drop:] {
			byClass[k] = append(byClass[k], kept[i])
		}
	}
	res.All = Summarize(kept, bt, ok)
	if ok {
		res.All.ThroughputCI = tputCI(res.ThroughputRPS, rates[0])
	}
	for i, cl := range classes {
		var s model.Summary
		if c.multi {
			cbt, cok := Batch(byClass[i])
			s = Summarize(byClass[i], cbt, cok)
			if ok && cok && res.Completed > 0 {
				share := float64(len(byClass[i])) / float64(len(kept))
				s.ThroughputCI = tputCI(res.ThroughputRPS*share, rates[i+1])
			}
		} else {
			s = res.All
		}
		res.Classes[cl.Name] = s
	}
	qdrop := min(drop, len(c.qw))
	qk := c.qw[qdrop:]
	qbt, qok := Batch(qk)
	res.QueueWait = Summarize(qk, qbt, qok)
	res.QueueWaitCI = res.QueueWait.MeanCI
	res.Precision = "exact"
	res.Converged = &conv
}

// sortDurations sorts x ascending, by a least-significant-digit radix sort
// (8-bit digits, only as many as x's largest value has) when every value is
// at least 0, else by slices.Sort: the result is the same, and sorting the
// batches of an interval was a fifth of a plan's CPU with pdqsort.
// buf, if at least len(x) long, is the scratch it uses (else it allocates).
func sortDurations(x, buf []time.Duration) {
	if len(x) < 256 {
		slices.Sort(x)
		return
	}
	var hi time.Duration
	for _, v := range x {
		if v < 0 {
			slices.Sort(x)
			return
		}
		hi = max(hi, v)
	}
	if len(buf) < len(x) {
		buf = make([]time.Duration, len(x))
	}
	src, dst := x, buf[:len(x)]
	var count [256]int
	for shift := uint(0); shift < 64 && hi>>shift > 0; shift += 8 {
		count = [256]int{}
		for _, v := range src {
			count[byte(v>>shift)]++
		}
		if count[byte(src[0]>>shift)] == len(src) {
			continue // every value has this digit: nothing moves
		}
		at := 0
		for d, c := range count {
			count[d] = at
			at += c
		}
		for _, v := range src {
			d := byte(v >> shift)
			dst[count[d]] = v
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &x[0] {
		copy(x, src)
	}
}
