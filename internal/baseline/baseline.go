// Package baseline judges a candidate load run against a baseline run: for
// every metric a report shows (p50, p90, p95, p99, max, mean latency,
// ok_rps, the error rate, the mean service time) the change, a 95%
// interval for the change estimated from the runs' own data, and a verdict
// (better, worse, no significant change); and a fairness check of the two
// runs' recorded conditions (where the generator ran and whether the
// target shared its CPU, the generator's CPU share, the machine, the load
// model, duration and warm-up, the neighbours' CPU, the target's
// settings), since a change measured under different conditions is not the
// change under test.
//
// Why an interval, and how. Two runs of the same server never give the
// same p99; a gate that compares bare numbers fires on noise. The noise of
// a run is estimated from the run itself:
//
//   - One run (or two) per side: blocks of the run's own seconds. Each
//     second's latency histogram, counts and service time are recorded in
//     the result file; a side's seconds are cut into consecutive blocks of
//     L seconds (L about n^(1/3), so that the correlation between
//     neighbouring requests and seconds stays inside a block) and every
//     metric is computed per block. The variance between blocks is split
//     into sampling noise (a Poisson bootstrap of each block's histogram)
//     and drift (what changes during a run: neighbours that come and go),
//     and the drift is taken to persist over a whole run, since one run
//     cannot show the machine change between two runs (see blockSpread).
//     A block bootstrap of the run's mean alone raised 5 false alarms in
//     40 A/A comparisons on a busy machine (docs/load.md). The interval is
//     Welch's t on the logarithms, Welch-Satterthwaite degrees of freedom.
//   - Three or more runs per side: across runs. Each run is one value;
//     the interval is Welch's t on the logarithms (a ratio), so the
//     run-to-run noise, which a single run cannot see, is in it.
//
// Latency metrics and ok_rps are judged as ratios (candidate / baseline -
// 1); the error rate as a difference in percentage points, since a ratio
// from 0% means nothing. A metric is worse when its whole interval is on
// the bad side of 0, better when on the good side. The comparison fails
// (Verdict.Pass false, exit 1) only when some metric's whole interval is
// beyond the tolerance on the bad side: significantly worse by more than
// Tolerance (ErrorTolerance points for the error rate). A candidate with no
// successful response, or an interrupted one, never passes.
//
// Compare is a pure function of its inputs: the same files give the same
// verdict. Safe for concurrent use (it keeps no state).
package baseline

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/stats"
)

// Metric indices.
const (
	mP50 = iota
	mP90
	mP95
	mP99
	mMax
	mMean
	mOKRPS
	mErrors
	mService
	numMetrics
)

// metricDef says how a metric is named and judged.
type metricDef struct {
	name        string
	unit        string
	higherWorse bool
	points      bool // judged as a difference in points, not a ratio
}

var metricDefs = [numMetrics]metricDef{
	mP50:     {"p50", "ms", true, false},
	mP90:     {"p90", "ms", true, false},
	mP95:     {"p95", "ms", true, false},
	mP99:     {"p99", "ms", true, false},
	mMax:     {"max", "ms", true, false},
	mMean:    {"mean", "ms", true, false},
	mOKRPS:   {"ok_rps", "req/s", false, false},
	mErrors:  {"error_rate", "%", true, true},
	mService: {"service_time", "ms", true, false},
}

// Methods (Verdict.Method).
const (
	MethodBlocks = "blocks" // moving-block bootstrap over seconds
	MethodRuns   = "runs"   // across runs, Welch's t
)

// Verdicts of one metric (Metric.Verdict).
const (
	Better    = "better"
	Worse     = "worse"
	Same      = "no_significant_change"
	Undecided = "undecided" // no interval: too few seconds or runs, or no data
)

// Options tune a comparison. The zero value is the default.
type Options struct {
	// Tolerance is the relative change a significant regression must
	// exceed to fail (default 0.05: 5%).
	Tolerance float64
	// ErrorTolerance is the same for the error rate, in percentage points
	// (default 0.1).
	ErrorTolerance float64
	// Confidence of the intervals (default 0.95).
	Confidence float64
	// AllowDifferentURL compares runs of different URLs (else an error).
	AllowDifferentURL bool
	// Strict fails a comparison with a fairness warning.
	Strict bool
	// Expected names conditions (Finding.Key, e.g. "target_lock") that
	// the comparison changes on purpose: they are reported as the change
	// under test, not as a fairness warning.
	Expected []string
}

func (o *Options) defaults() {
	if o.Tolerance <= 0 {
		o.Tolerance = 0.05
	}
	if o.ErrorTolerance <= 0 {
		o.ErrorTolerance = 0.1
	}
	if o.Confidence <= 0 || o.Confidence >= 1 {
		o.Confidence = 0.95
	}
}

// Metric is one row of the verdict table. Values are NaN where there is
// none (JSON null): a latency of a run without a successful response, an
// interval that could not be estimated. Change, Lo and Hi are fractions
// (0.05 = +5%) for ratios, percentage points when Points.
type Metric struct {
	Name    string  `json:"name"`
	Unit    string  `json:"unit"`
	Base    float64 `json:"baseline"`
	Cand    float64 `json:"candidate"`
	Change  float64 `json:"change"`
	Lo      float64 `json:"low"`
	Hi      float64 `json:"high"`
	Points  bool    `json:"points,omitempty"`
	Verdict string  `json:"verdict"`
	// Fails: significantly worse by more than the tolerance.
	Fails bool `json:"fails"`
	// HigherWorse says which way is worse.
	HigherWorse bool `json:"higher_is_worse"`
	// DF is the degrees of freedom of the row's t (NaN: no interval).
	DF float64 `json:"-"`
}

// Verdict is a comparison's outcome.
type Verdict struct {
	Method string `json:"method"` // MethodBlocks or MethodRuns
	// BlockSeconds and Blocks: the block method's block length and the
	// fewest independent blocks of a side; DF the t's degrees of freedom.
	BlockSeconds   int       `json:"block_seconds,omitempty"`
	Blocks         int       `json:"blocks,omitempty"`
	DF             float64   `json:"-"` // the smallest of the rows' (NaN: none)
	Confidence     float64   `json:"confidence"`
	Tolerance      float64   `json:"tolerance"`
	ErrorTolerance float64   `json:"error_tolerance_points"`
	BaseFiles      []string  `json:"baseline_files"`
	CandFiles      []string  `json:"candidate_files"`
	Metrics        []Metric  `json:"metrics"`
	Findings       []Finding `json:"fairness"`
	// Fair: no fairness warning (expected changes aside).
	Fair bool `json:"like_for_like"`
	// Regressions names the metrics that fail.
	Regressions []string `json:"regressions"`
	// CandidateNoOK, CandidateInterrupted: the candidate cannot pass.
	CandidateNoOK        bool `json:"candidate_no_ok,omitempty"`
	CandidateInterrupted bool `json:"candidate_interrupted,omitempty"`
	// Pass: exit 0. False when a metric fails, the candidate has no
	// successful response or was interrupted, or (Strict) it is unfair.
	Pass   bool `json:"pass"`
	Strict bool `json:"strict,omitempty"`

	// Base and Cand are the merged sides, for the reports.
	Base *loadresult.Result `json:"-"`
	Cand *loadresult.Result `json:"-"`
}

// InputError is input that cannot be compared (exit 2 in the CLI): Key is
// a catalog key of internal/msg, Args its arguments (the first is File).
type InputError struct {
	File string
	Key  string
	Args []any
}

func (e *InputError) Error() string { return e.Localize(msg.EN) }

// Localize returns the message in lang.
func (e *InputError) Localize(lang msg.Lang) string {
	return msg.T(lang, e.Key, e.Args...)
}

func name(r *loadresult.Result, side string, i int) string {
	if s := r.Source(); s != "" {
		return s
	}
	return fmt.Sprintf("%s %d", side, i+1)
}

// Compare judges cand against base (each one or more results of the same
// load: several merge, and with three or more per side the interval is
// estimated across runs). Results that cannot be compared return an
// *InputError naming the file.
func Compare(base, cand []*loadresult.Result, opt Options) (*Verdict, error) {
	opt.defaults()
	if err := checkInputs(base, cand, opt); err != nil {
		return nil, err
	}
	if err := CheckExpected(opt.Expected, base, cand); err != nil {
		return nil, err
	}
	mb, err := merge(base, "baseline")
	if err != nil {
		return nil, err
	}
	mc, err := merge(cand, "candidate")
	if err != nil {
		return nil, err
	}
	v := &Verdict{Confidence: opt.Confidence, Tolerance: opt.Tolerance, ErrorTolerance: opt.ErrorTolerance,
		Base: mb, Cand: mc, Strict: opt.Strict, Regressions: []string{}}
	for i, r := range base {
		v.BaseFiles = append(v.BaseFiles, name(r, "baseline", i))
	}
	for i, r := range cand {
		v.CandFiles = append(v.CandFiles, name(r, "candidate", i))
	}
	pb, pc := pointStat(mb), pointStat(mc)
	var se, df [numMetrics]float64
	hasSvc := true
	for _, r := range append(append([]*loadresult.Result{}, base...), cand...) {
		hasSvc = hasSvc && hasServiceSeries(r)
	}
	if len(base) >= 3 && len(cand) >= 3 {
		v.Method = MethodRuns
		se, df = acrossRuns(base, cand)
		hasSvc = true // whole runs carry their service time
	} else {
		v.Method = MethodBlocks
		se, df, v.BlockSeconds, v.Blocks = blockSpread(sideUnits(base, mb), sideUnits(cand, mc), hasSvc)
	}
	v.DF = math.NaN()
	for m := range numMetrics {
		def := metricDefs[m]
		row := Metric{Name: def.name, Unit: def.unit, Base: pb[m], Cand: pc[m], Points: def.points,
			HigherWorse: def.higherWorse, Change: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		if m == mService && !hasSvc {
			se[m] = math.NaN()
		}
		t := math.NaN()
		if df[m] >= 1 {
			t = stats.StudentQuantile(1-(1-opt.Confidence)/2, df[m])
			if math.IsNaN(v.DF) || df[m] < v.DF {
				v.DF = df[m]
			}
		}
		row.DF = df[m]
		judge(&row, se[m], t, opt)
		v.Metrics = append(v.Metrics, row)
	}
	v.CandidateNoOK = mc.OK == 0
	v.CandidateInterrupted = mc.Interrupted
	if v.CandidateNoOK {
		for i := range v.Metrics {
			if row := &v.Metrics[i]; math.IsNaN(row.Cand) && !math.IsNaN(row.Base) {
				row.Verdict, row.Fails = Worse, true
			}
		}
	}
	for _, row := range v.Metrics {
		if row.Fails {
			v.Regressions = append(v.Regressions, row.Name)
		}
	}
	v.Findings = fairness(base, cand, mb, mc, opt.Expected)
	v.Fair = true
	for _, f := range v.Findings {
		if !f.Expected {
			v.Fair = false
		}
	}
	v.Pass = len(v.Regressions) == 0 && !v.CandidateNoOK && !v.CandidateInterrupted && (v.Fair || !opt.Strict)
	return v, nil
}

// judge fills a row's change, interval and verdict from its point values
// and the standard error of its change (log ratio, or points).
func judge(row *Metric, se, t float64, opt Options) {
	b, c := row.Base, row.Cand
	if math.IsNaN(b) || math.IsNaN(c) {
		row.Verdict = Undecided
		return
	}
	if row.Points {
		row.Change = c - b
		if !math.IsNaN(se) && !math.IsNaN(t) {
			row.Lo, row.Hi = row.Change-t*se, row.Change+t*se
		}
	} else {
		switch {
		case b == 0 && c == 0:
			row.Change = 0
		case b > 0 && c > 0:
			d := math.Log(c / b)
			row.Change = math.Expm1(d)
			if !math.IsNaN(se) && !math.IsNaN(t) {
				row.Lo, row.Hi = math.Expm1(d-t*se), math.Expm1(d+t*se)
			}
		case b > 0: // c == 0: every ok response gone
			row.Change, row.Lo, row.Hi = -1, -1, -1
		default:
			row.Verdict = Undecided
			return
		}
		if b == 0 && c == 0 {
			row.Lo, row.Hi = 0, 0
		}
	}
	if math.IsNaN(row.Lo) {
		row.Verdict = Undecided
		return
	}
	tol := opt.Tolerance
	if row.Points {
		tol = opt.ErrorTolerance
	}
	lo, hi := row.Lo, row.Hi
	if !row.HigherWorse { // lower is worse: flip so that up is worse
		lo, hi = -hi, -lo
	}
	switch {
	case lo > 0:
		row.Verdict = Worse
		row.Fails = lo > tol
	case hi < 0:
		row.Verdict = Better
	default:
		row.Verdict = Same
	}
}

// checkInputs refuses what cannot be compared, naming the file.
func checkInputs(base, cand []*loadresult.Result, opt Options) error {
	if len(base) == 0 {
		return &InputError{Key: "baseline.err.none", File: "baseline", Args: []any{"baseline"}}
	}
	if len(cand) == 0 {
		return &InputError{Key: "baseline.err.none", File: "candidate", Args: []any{"candidate"}}
	}
	url := base[0].URL
	for side, rs := range map[string][]*loadresult.Result{"baseline": base, "candidate": cand} {
		for i, r := range rs {
			n := name(r, side, i)
			switch {
			case r == nil:
				return &InputError{Key: "baseline.err.none", File: n, Args: []any{n}}
			case r.Format != loadresult.FormatVersion:
				return &InputError{Key: "baseline.err.format", File: n, Args: []any{n, r.Format, loadresult.FormatVersion}}
			case r.Requests == 0 && r.WindowRequests == 0:
				return &InputError{Key: "baseline.err.nosamples", File: n, Args: []any{n}}
			case r.URL != url && !opt.AllowDifferentURL:
				return &InputError{Key: "baseline.err.url", File: n, Args: []any{n, r.URL, name(base[0], "baseline", 0), url}}
			}
		}
	}
	for i, r := range base {
		if r.OK == 0 {
			n := name(r, "baseline", i)
			return &InputError{Key: "baseline.err.baseline_no_ok", File: n, Args: []any{n}}
		}
	}
	return nil
}

func merge(rs []*loadresult.Result, side string) (*loadresult.Result, error) {
	m, err := loadresult.Merge(rs...)
	var me *loadresult.MergeError
	switch {
	case errors.As(err, &me):
		return nil, &InputError{Key: "baseline.err.merge", File: side, Args: []any{side, me.Error()}}
	case err != nil:
		return nil, &InputError{Key: "baseline.err.merge", File: side, Args: []any{side, err.Error()}}
	}
	return m, nil
}

// pointStat is the figures a report of r prints.
func pointStat(r *loadresult.Result) stat {
	var s stat
	for i := range s {
		s[i] = math.NaN()
	}
	if r.Latency.Count > 0 {
		s[mP50], s[mP90], s[mP95], s[mP99] = r.LatencyQuantile(50), r.LatencyQuantile(90), r.LatencyQuantile(95), r.LatencyQuantile(99)
		s[mMax] = float64(r.Latency.MaxNS) / 1e6
		s[mMean] = float64(r.Latency.SumNS) / float64(r.Latency.Count) / 1e6
	}
	if r.Service.Count > 0 {
		s[mService] = float64(r.Service.SumNS) / float64(r.Service.Count) / 1e6
	}
	if w := r.Window().Seconds(); w > 0 {
		s[mOKRPS] = float64(r.WindowOK) / w
	}
	if r.Requests > 0 {
		s[mErrors] = 100 * float64(r.Requests-r.OK) / float64(r.Requests)
	}
	return s
}

// hasServiceSeries reports whether r's seconds carry their service time
// (files older than Second.ServiceNS do not).
func hasServiceSeries(r *loadresult.Result) bool {
	for i := range r.Series {
		if r.Series[i].OK > 0 {
			return r.Series[i].ServiceNS > 0
		}
	}
	return true
}

// rawSecond is a second before its values are mapped onto common bins.
type rawSecond struct {
	vals, cnts []int64
	u          unit
}

// sideUnits returns a side's seconds in time order: each run's seconds one
// run after another (consecutive runs), or the merged series when the runs
// were shards measured at the same time.
func sideUnits(rs []*loadresult.Result, merged *loadresult.Result) []rawSecond {
	src := rs
	if len(rs) > 1 && !merged.Sequential {
		src = []*loadresult.Result{merged}
	}
	var out []rawSecond
	for _, r := range src {
		full := int64(r.Window() / time.Second)
		for i := range r.Series {
			s := &r.Series[i]
			rs := rawSecond{u: unit{ok: s.OK, requests: s.Requests, errors: s.Errors, svcNS: s.ServiceNS}}
			if s.T < full {
				rs.u.winSecs, rs.u.winOK = 1, s.OK
			}
			s.Buckets(func(v, c int64) {
				rs.vals = append(rs.vals, v)
				rs.cnts = append(rs.cnts, c)
			})
			out = append(out, rs)
		}
	}
	return out
}

// blockSpread returns, for every metric, the standard error of its change
// (log ratio, or points) and its degrees of freedom, from blocks of L
// seconds: each side's seconds are cut into consecutive blocks and every
// metric is computed per block. A run's figure varies from one run to the
// next by its sampling noise and by the machine's drift (neighbours that
// come and go), and one run cannot show the drift between runs. So the
// variance between a side's blocks is split, as in a random-effects
// model, into the blocks' own sampling variance (a Poisson bootstrap of
// each block's histogram, for the latency metrics) and the rest, the
// drift; a run's variance is the drift in full (as if it persisted over
// the whole run: an upper bound) plus the sampling variance of the whole
// run (the blocks' over their count) plus the per-second histograms'
// resolution (2 significant digits: a bucket's width, uniform). The other
// metrics keep the whole variance between blocks. Welch-Satterthwaite
// gives the degrees of freedom.
func blockSpread(rb, rc []rawSecond, hasSvc bool) (se, df [numMetrics]float64, L, blocks int) {
	for i := range se {
		se[i], df[i] = math.NaN(), math.NaN()
	}
	n := min(len(rb), len(rc))
	L = blockLen(n)
	blocks = n / L
	if blocks < 2 {
		return se, df, L, blocks
	}
	var all []int64
	for _, side := range [][]rawSecond{rb, rc} {
		for _, s := range side {
			all = append(all, s.vals...)
		}
	}
	b := &bins{vals: sortedUnique(all)}
	acc := make([]int64, len(b.vals))
	rng := rand.New(rand.NewPCG(1, 24))
	vb, kb := sideVariance(rb, L, b, acc, hasSvc, rng)
	vc, kc := sideVariance(rc, L, b, acc, hasSvc, rng)
	for m := range numMetrics {
		a, c := vb[m], vc[m]
		if math.IsNaN(a) || math.IsNaN(c) {
			continue
		}
		se[m] = math.Sqrt(a + c)
		if a+c == 0 {
			se[m], df[m] = 0, float64(kb+kc-2)
			continue
		}
		df[m] = (a + c) * (a + c) / (a*a/float64(kb-1) + c*c/float64(kc-1))
	}
	return se, df, L, blocks
}

// Resolution of the per-second histograms (2 significant digits: 128 to
// 256 sub-buckets per power of two), as a variance on the log scale.
var quantVar = math.Pow(math.Log1p(1.0/128), 2) / 12

// bootResamples is the Poisson bootstrap's resamples per block.
const bootResamples = 200

// sideVariance returns, per metric, the variance of one run's figure (on
// the metric's scale) estimated from its blocks, and the number of blocks.
func sideVariance(raw []rawSecond, L int, b *bins, acc []int64, hasSvc bool, rng *rand.Rand) (v [numMetrics]float64, k int) {
	us := make([]*unit, len(raw))
	for i := range raw {
		u := raw[i].u
		for j, val := range raw[i].vals {
			u.idx = append(u.idx, b.index(val))
			u.cnt = append(u.cnt, raw[i].cnts[j])
		}
		us[i] = &u
	}
	k = len(us) / L
	per := make([]stat, k)
	samp := make([][numMetrics]float64, k) // each block's bootstrap variance
	for j := range k {
		end := (j + 1) * L
		if j == k-1 {
			end = len(us) // the rest joins the last block
		}
		blk := us[j*L : end]
		per[j] = measure(blk, b, acc, hasSvc)
		samp[j] = blockBootstrap(blk, b, acc, rng)
	}
	for m := range numMetrics {
		xs := make([]float64, k)
		for j := range k {
			xs[j] = scaleOf(m, per[j][m])
		}
		_, vBlock, n := meanVar(xs)
		if n < 2 {
			v[m] = math.NaN()
			continue
		}
		if !latencyMetric(m) {
			v[m] = vBlock
			continue
		}
		var sSamp float64
		for j := range k {
			sSamp += samp[j][m]
		}
		sSamp /= float64(k)
		if math.IsNaN(sSamp) {
			v[m] = vBlock + quantVar
			continue
		}
		drift := max(vBlock-sSamp, 0)
		v[m] = drift + sSamp/float64(k) + quantVar
	}
	return v, k
}

// latencyMetric reports whether m is computed from the latency histogram
// (and has a within-block bootstrap).
func latencyMetric(m int) bool { return m <= mMean }

// blockBootstrap returns the variance, on the log scale, of each latency
// metric of one block under a Poisson bootstrap of its histogram (each
// bucket's count drawn from a Poisson of its count: the block's sampling
// noise, whatever the drift).
func blockBootstrap(blk []*unit, b *bins, acc []int64, rng *rand.Rand) [numMetrics]float64 {
	merged := map[int32]int64{}
	for _, u := range blk {
		for i, ix := range u.idx {
			merged[ix] += u.cnt[i]
		}
	}
	base := &unit{}
	for ix := range merged {
		base.idx = append(base.idx, ix)
	}
	slices.Sort(base.idx)
	for _, ix := range base.idx {
		base.cnt = append(base.cnt, merged[ix])
	}
	var xs [numMetrics][]float64
	draw := &unit{idx: base.idx, cnt: make([]int64, len(base.cnt))}
	one := []*unit{draw}
	for range bootResamples {
		for i, c := range base.cnt {
			draw.cnt[i] = poisson(rng, c)
		}
		st := measure(one, b, acc, false)
		for m := mP50; m <= mMean; m++ {
			xs[m] = append(xs[m], scaleOf(m, st[m]))
		}
	}
	var out [numMetrics]float64
	for m := range out {
		out[m] = math.NaN()
	}
	for m := mP50; m <= mMean; m++ {
		_, vv, n := meanVar(xs[m])
		if n >= 2 {
			out[m] = vv
		}
	}
	return out
}

// poisson draws from a Poisson distribution of mean c: by multiplication
// of uniforms for small c, a rounded normal above 30.
func poisson(rng *rand.Rand, c int64) int64 {
	if c <= 0 {
		return 0
	}
	if c > 30 {
		return max(int64(math.Round(float64(c)+math.Sqrt(float64(c))*rng.NormFloat64())), 0)
	}
	l := math.Exp(-float64(c))
	var k int64
	p := 1.0
	for {
		p *= rng.Float64()
		if p <= l {
			return k
		}
		k++
	}
}

// scaleOf is the scale a metric's change is judged on: its logarithm
// (ratios), or itself (points); NaN for a ratio metric at 0.
func scaleOf(m int, v float64) float64 {
	if metricDefs[m].points {
		return v
	}
	if v > 0 {
		return math.Log(v)
	}
	return math.NaN()
}

// welch returns the standard error of mean(xc) - mean(xb) and its
// Welch-Satterthwaite degrees of freedom; with perValue the variance of
// one value stands for each side (blocks standing for runs), else that of
// the side's mean (runs). NaN values are left out.
func welch(xb, xc []float64, meanOf bool) (se, df float64) {
	_, vb, nb := meanVar(xb)
	_, vc, nc := meanVar(xc)
	if nb < 2 || nc < 2 {
		return math.NaN(), math.NaN()
	}
	a, c := vb, vc
	if meanOf {
		a, c = vb/float64(nb), vc/float64(nc)
	}
	se = math.Sqrt(a + c)
	if a+c == 0 {
		return 0, float64(nb + nc - 2)
	}
	df = (a + c) * (a + c) / (a*a/float64(nb-1) + c*c/float64(nc-1))
	return se, df
}

// acrossRuns returns the standard error of every metric's change from the
// runs' own values (Welch on the logarithms, or on points), and its
// degrees of freedom.
func acrossRuns(base, cand []*loadresult.Result) (se, df [numMetrics]float64) {
	for m := range numMetrics {
		var xb, xc []float64
		for _, r := range base {
			xb = append(xb, scaleOf(m, pointStat(r)[m]))
		}
		for _, r := range cand {
			xc = append(xc, scaleOf(m, pointStat(r)[m]))
		}
		se[m], df[m] = welch(xb, xc, true)
	}
	return se, df
}

// CheckBaseline checks, before a run, that base can be a baseline for a
// run of url: what Compare would refuse about the baseline side.
func CheckBaseline(base []*loadresult.Result, url string, opt Options) error {
	if len(base) == 0 {
		return &InputError{Key: "baseline.err.none", File: "baseline", Args: []any{"baseline"}}
	}
	for i, r := range base {
		n := name(r, "baseline", i)
		switch {
		case r.Format != loadresult.FormatVersion:
			return &InputError{Key: "baseline.err.format", File: n, Args: []any{n, r.Format, loadresult.FormatVersion}}
		case r.Requests == 0 && r.WindowRequests == 0:
			return &InputError{Key: "baseline.err.nosamples", File: n, Args: []any{n}}
		case r.OK == 0:
			return &InputError{Key: "baseline.err.baseline_no_ok", File: n, Args: []any{n}}
		case r.URL != url && !opt.AllowDifferentURL:
			return &InputError{Key: "baseline.err.url_run", File: n, Args: []any{n, r.URL, url}}
		}
	}
	if _, err := merge(base, "baseline"); err != nil {
		return err
	}
	return nil
}
