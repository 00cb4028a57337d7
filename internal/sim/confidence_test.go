package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// mmcSojournTail is P(T > t) for the time in an M/M/c system (t in ms,
// rates per ms): the Erlang C wait plus an exponential service.
func mmcSojournTail(c int, lambda, mu, t float64) float64 {
	pw := erlangC(c, lambda/mu)
	g := float64(c)*mu - lambda // the wait's rate
	if math.Abs(g-mu) < 1e-12 {
		return math.Exp(-mu*t) * (1 + pw*mu*t)
	}
	return math.Exp(-mu*t) + pw*mu/(g-mu)*(math.Exp(-mu*t)-math.Exp(-g*t))
}

// mmcP99 is the 99th percentile of the time in an M/M/c system, ms.
func mmcP99(c int, lambda, mu float64) float64 {
	lo, hi := 0.0, 1.0
	for mmcSojournTail(c, lambda, mu, hi) > 0.01 {
		hi *= 2
	}
	for i := 0; i < 200; i++ {
		m := (lo + hi) / 2
		if mmcSojournTail(c, lambda, mu, m) > 0.01 {
			lo = m
		} else {
			hi = m
		}
	}
	return (lo + hi) / 2
}

// mmc is an M/M/c pool: c threads, exponential waits of 1 ms, Poisson
// arrivals at rho.
func mmc(c int, rho float64, n int, seed int64) model.Scenario {
	return scen(model.Pool, c, n, none, exp(1), func(s *model.Scenario) {
		s.Arrival = model.Arrival{Kind: model.Poisson, Rate: rho * float64(c) * 1000}
		s.Seed = seed
	})
}

// runSeeds runs f for seeds 1..n, two at a time.
func runSeeds(t *testing.T, n int, s func(seed int64) model.Scenario) []*model.Result {
	out := make([]*model.Result, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := Run(s(int64(i+1)), Options{})
			if err != nil {
				t.Error(err)
				return
			}
			out[i] = r
		}()
	}
	wg.Wait()
	return out
}

// Issue 21: M/M/4 at rho 0.9, 0.95 and 0.97, 40 seeds each: the p99's
// interval holds Erlang C's p99 for at least 36 of them (90%). At 0.97 the
// runs are 1.6M requests: at 400k, 35 of 40 said converged:false (the
// batches were still correlated at the largest size), and a run that says
// so claims no coverage; at 1.6M, 31 converge. What each held when
// measured is in docs/sim.md; the log prints it.
func TestMMcP99IntervalCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("40 seeds at three loads")
	}
	for _, c := range []struct {
		rho float64
		n   int
	}{{0.9, 200_000}, {0.95, 400_000}, {0.97, 1_600_000}} {
		truth := mmcP99(4, c.rho*4, 1)
		res := runSeeds(t, 40, func(seed int64) model.Scenario { return mmc(4, c.rho, c.n, seed) })
		held, conv := 0, 0
		var hw float64
		for _, r := range res {
			hw += r.All.P99CI.Half(r.All.P99MS) / 40
			if r.All.P99CI.Holds(truth) {
				held++
			}
			if *r.Converged {
				conv++
			}
		}
		t.Logf("rho %v, %d requests: Erlang C p99 %.3f ms held by %d/40 intervals (mean half-width %.1f%%), %d/40 converged", c.rho, c.n, truth, held, hw*100, conv)
		if held < 36 {
			t.Errorf("rho %v: %d/40 intervals hold the true p99 %.3f ms; want at least 36", c.rho, held, truth)
		}
	}
}

// Issue 21, acceptance: M/M/4 at rho 0.9, 400k requests: the interval
// holds the true p99. Its half-width there is more than 5%, and must be:
// the p99's own standard deviation across seeds at 400k is 5.0% (the
// birth-death chain's asymptotic variance of the fraction above it; 4.8%
// measured over 40 seeds, docs/sim.md), so an honest 95% interval is near
// +-10%. --precision 5% then runs on until it is within 5%, and it still
// holds the truth.
func TestMM4At400k(t *testing.T) {
	if testing.Short() {
		t.Skip("400k requests, then millions")
	}
	truth := mmcP99(4, 3.6, 1)
	r, err := Run(mmc(4, 0.9, 400_000, 1), Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := r.All.P99CI.Half(r.All.P99MS)
	if !r.All.P99CI.Holds(truth) || h <= 0.05 {
		t.Errorf("400k: p99 %v ms in %v (+-%.1f%%): want it to hold Erlang C's %.3f ms, wider than 5%%", r.All.P99MS, *r.All.P99CI, h*100, truth)
	}
	p, err := RunPrecise(t.Context(), mmc(4, 0.9, 400_000, 1), Options{}, Goal{Precision: 0.05, Figures: []string{"p99"}, MaxRequests: 8_000_000})
	if err != nil {
		t.Fatal(err)
	}
	hp := p.All.P99CI.Half(p.All.P99MS)
	if !*p.Converged || hp > 0.05 || !p.All.P99CI.Holds(truth) {
		t.Errorf("--precision 5%%: converged %v after %d requests, p99 %v ms in %v (+-%.1f%%): want converged within 5%%, holding %.3f ms", *p.Converged, p.Requests, p.All.P99MS, *p.All.P99CI, hp*100, truth)
	}
	t.Logf("400k: p99 %.3f ms +-%.1f%%; --precision 5%%: %d requests, p99 %.3f ms +-%.1f%% (truth %.3f)", r.All.P99MS, h*100, p.Requests, p.All.P99MS, hp*100, truth)
}

// M/D/1 at rho 0.9 against Pollaczek-Khinchine: Wq = rho/(2 mu (1-rho)) =
// 4.5 ms for a 1 ms service; the mean queue wait's interval holds it.
func TestMD1PollaczekKhinchine(t *testing.T) {
	held := 0
	res := runSeeds(t, 10, func(seed int64) model.Scenario {
		return scen(model.Pool, 1, 200_000, none, ms(1), func(s *model.Scenario) {
			s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 900}
			s.Seed = seed
		})
	})
	for _, r := range res {
		if r.QueueWaitCI.Holds(4.5) {
			held++
		}
	}
	if held < 8 {
		t.Errorf("%d/10 mean queue wait intervals hold Pollaczek-Khinchine's 4.5 ms; want at least 8", held)
	}
}

// Issue 21, acceptance: 20k requests at rho 0.973 either hold the truth
// or say converged:false; a narrow interval around a wrong answer fails.
// The case is M/M/37 (1800/s, 20 ms holds: Erlang C's p99 is
// 128.7 ms); M/M/4 at the same load is the harder one for the interval
// (fewer servers, longer excursions).
func TestShortRunNearSaturationIsHonest(t *testing.T) {
	mm37 := func(seed int64) model.Scenario {
		return scen(model.Pool, 37, 20_000, none, exp(20), func(s *model.Scenario) {
			s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 1800}
			s.Seed = seed
		})
	}
	for _, c := range []struct {
		name  string
		s     func(int64) model.Scenario
		truth float64
	}{
		{"M/M/37", mm37, mmcP99(37, 1.8, 0.05)},
		{"M/M/4", func(seed int64) model.Scenario { return mmc(4, 0.973, 20_000, seed) }, mmcP99(4, 0.973*4, 1)},
	} {
		if c.name == "M/M/37" && math.Abs(c.truth-128.7) > 0.05 {
			t.Fatalf("Erlang C p99 of M/M/37 = %.2f ms; want 128.7 (the issue's)", c.truth)
		}
		for seed := int64(1); seed <= 5; seed++ {
			r, err := Run(c.s(seed), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if *r.Converged && !r.All.P99CI.Holds(c.truth) {
				t.Errorf("%s seed %d: converged with p99 %v ms in %v, which misses the true %.2f ms", c.name, seed, r.All.P99MS, *r.All.P99CI, c.truth)
			}
			t.Logf("%s seed %d: p99 %.1f ms in [%.1f, %.1f], converged %v %v (truth %.1f)", c.name, seed, r.All.P99MS, r.All.P99CI[0], r.All.P99CI[1], *r.Converged, r.Unconverged, c.truth)
		}
	}
}

// MSER-5 cuts a transient it is shown, and (nearly) nothing of a
// stationary series.
func TestWarmupMSER5(t *testing.T) {
	x := make([]time.Duration, 20_000)
	rng := uint64(1)
	next := func() float64 {
		rng = rng*6364136223846793005 + 1442695040888963407
		return float64(rng>>11) / (1 << 53)
	}
	for i := range x {
		x[i] = time.Duration((10 + next()) * 1e6)
		if i < 2000 {
			x[i] = time.Duration(float64(i) / 2000 * 10e6) // a ramp from empty
		}
	}
	d, ended := Warmup(x, FromEmpty)
	if !ended || d < 1500 || d > 2500 {
		t.Errorf("Warmup(ramp of 2000, then flat) = %d, %v; want about 2000, true", d, ended)
	}
	d, ended = Warmup(x[3000:], FromEmpty)
	if !ended || d > 500 {
		t.Errorf("Warmup(flat) = %d, %v; want near 0, true", d, ended)
	}
	// An early high excursion of a stationary series is no transient from
	// empty: it is kept. From full, a fall from high is the transient.
	flat := x[3000:]
	for i := 1000; i < 3000; i++ {
		flat[i] = 30e6
	}
	if d, _ := Warmup(flat, FromEmpty); d > 500 {
		t.Errorf("Warmup(high excursion at 1000..3000, FromEmpty) = %d; want near 0", d)
	}
	for i := 0; i < 2000; i++ {
		flat[i] = time.Duration(30e6 - float64(i)/2000*20e6) // a fall from full
	}
	if d, ended := Warmup(flat, FromFull); !ended || d < 1500 || d > 3500 {
		t.Errorf("Warmup(fall from full, FromFull) = %d, %v; want about 2000-3000, true", d, ended)
	}
	for i := range x { // a series that only climbs never ends its transient
		x[i] = time.Duration(i)
	}
	if _, ended := Warmup(x, FromEmpty); ended {
		t.Error("Warmup(a steady climb) ended; want not ended")
	}
}

// Independent values pass the lag-1 test at the most batches; strongly
// correlated ones need larger batches or are flagged.
func TestBatchGrowsForCorrelated(t *testing.T) {
	n := 40_000
	rng := uint64(7)
	next := func() float64 {
		rng = rng*6364136223846793005 + 1442695040888963407
		return float64(rng>>11)/(1<<53) - 0.5
	}
	iid, ar := make([]time.Duration, n), make([]time.Duration, n)
	v := 0.0
	for i := range iid {
		iid[i] = time.Duration((10 + next()) * 1e6)
		v = 0.9995*v + next()
		ar[i] = time.Duration((100 + v) * 1e6)
	}
	bi, ok := Batch(iid)
	if !ok || bi.Correlated || bi.K != 20 {
		t.Errorf("Batch(independent) = %+v, %v; want 20 batches, not correlated", bi, ok)
	}
	ba, _ := Batch(ar)
	if !ba.Correlated && ba.K >= bi.K {
		t.Errorf("Batch(AR(1), phi 0.9995) = %+v; want fewer batches or correlated", ba)
	}
	if _, ok := Batch(iid[:MinIntervalSamples-1]); ok {
		t.Error("Batch(too few) ok; want no interval")
	}
}

// --precision's parser, and a burst refused.
func TestPrecisionParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{{"5%", 0.05, true}, {"0.05", 0.05, true}, {"0", 0, false}, {"200%", 0, false}, {"-1%", 0, false}, {"x", 0, false}, {"NaN", 0, false}} {
		got, err := ParsePrecision(c.in)
		if (err == nil) != c.ok || (c.ok && math.Abs(got-c.want) > 1e-12) {
			t.Errorf("ParsePrecision(%q) = %v, %v; want %v, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
	if _, err := RunPrecise(t.Context(), burstOnLoops(100), Options{}, Goal{Precision: 0.05}); err == nil {
		t.Error("RunPrecise(burst) = nil error; want the burst refused")
	}
}

// --precision extends an open run until its figures are within the goal,
// and is deterministic.
func TestRunPreciseConverges(t *testing.T) {
	s := mmc(2, 0.5, 2000, 3)
	r, err := RunPrecise(t.Context(), s, Options{}, Goal{Precision: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if !*r.Converged || r.Requests <= 2000 || r.RequestsAsked != 2000 {
		t.Fatalf("RunPrecise: converged %v after %d (asked %d): want converged after more than 2000", *r.Converged, r.Requests, r.RequestsAsked)
	}
	for _, f := range DefaultFigures {
		v, ci, _ := Figure(r, f)
		if h := ci.Half(v); h > 0.05 {
			t.Errorf("%s half-width %.3f; want at most 0.05", f, h)
		}
	}
	r2, _ := RunPrecise(t.Context(), s, Options{}, Goal{Precision: 0.05})
	if r2.Requests != r.Requests || r2.All.P99MS != r.All.P99MS {
		t.Error("RunPrecise is not deterministic")
	}
	capped, _ := RunPrecise(t.Context(), s, Options{}, Goal{Precision: 0.001, MaxRequests: 5000})
	if *capped.Converged || len(capped.Unsettled) == 0 || capped.Requests != 5000 {
		t.Errorf("capped run: converged %v, unsettled %v, %d requests; want not converged at the 5000 cap, naming the figures", *capped.Converged, capped.Unsettled, capped.Requests)
	}
}

// sortDurations sorts as slices.Sort does, with and without its scratch,
// for values of every width and with negative ones.
func TestSortDurations(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 255, 256, 1000, 70_000} {
		for _, width := range []int64{1, 300, 1 << 20, 1 << 40, math.MaxInt64} {
			for _, neg := range []bool{false, true} {
				x := make([]time.Duration, n)
				for i := range x {
					x[i] = time.Duration(rng.Int64N(width))
					if neg && i%7 == 0 {
						x[i] = -x[i]
					}
				}
				want := slices.Clone(x)
				slices.Sort(want)
				y := slices.Clone(x)
				sortDurations(x, nil)
				sortDurations(y, make([]time.Duration, n))
				if !slices.Equal(x, want) || !slices.Equal(y, want) {
					t.Fatalf("n %d, width %d, negative %v: not sorted as slices.Sort sorts", n, width, neg)
				}
			}
		}
	}
}

// RecordsOnly changes what Run keeps, not the run: the same records in the
// same order, open, closed and burst.
func TestRecordsOnlySameRecords(t *testing.T) {
	for _, arr := range []model.Arrival{{Kind: model.Poisson, Rate: 900}, {Kind: model.VUs, VUs: 20}, {Kind: model.Burst}} {
		s := model.Scenario{Model: model.Pool, Threads: 10, Requests: 5000, Arrival: arr, Seed: 7,
			Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.ExpDist(10 * time.Millisecond)}}}
		s.Normalize()
		var got [2][]model.Record
		for i, only := range []bool{false, true} {
			res, err := Run(s, Options{OnDone: func(r model.Record) { got[i] = append(got[i], r) }, RecordsOnly: only})
			if err != nil {
				t.Fatal(err)
			}
			if res.Completed != s.Requests {
				t.Fatalf("%v, RecordsOnly %v: %d completed; want %d", arr, only, res.Completed, s.Requests)
			}
		}
		if !slices.Equal(got[0], got[1]) {
			t.Errorf("%v: the records differ with RecordsOnly", arr)
		}
	}
}

// QuantileCITail gives QuantileCIs' figure and interval to the bit, and
// leaves x arranged as it says: the same values, x[tail:] sorted, every
// value before tail at or below x[tail]. The series cover a queue's
// correlated latencies, heavy ties (a p50 on the no-wait time), a
// constant, values above 2^32 and short series that are sorted whole;
// the percentiles run from p50 to p99.99, where ends fall below the
// sorted tail and the rest is sorted.
func TestQuantileCITailIsQuantileCIs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	series := map[string]func(n int) []time.Duration{
		"queue": func(n int) []time.Duration { // an AR(1) waiting time, clipped at 0
			x, w := make([]time.Duration, n), 0.0
			for i := range x {
				w = max(0, 0.95*w+rng.NormFloat64()*3e6)
				x[i] = time.Duration(w) + time.Millisecond
			}
			return x
		},
		"ties": func(n int) []time.Duration {
			x := make([]time.Duration, n)
			for i := range x {
				x[i] = 10 * time.Millisecond
				if rng.Float64() < 0.3 {
					x[i] += time.Duration(rng.ExpFloat64() * 5e6)
				}
			}
			return x
		},
		"constant": func(n int) []time.Duration {
			x := make([]time.Duration, n)
			for i := range x {
				x[i] = 7 * time.Millisecond
			}
			return x
		},
		"huge": func(n int) []time.Duration {
			x := make([]time.Duration, n)
			for i := range x {
				x[i] = time.Duration(rng.Int64N(1 << 40))
			}
			return x
		},
	}
	for name, gen := range series {
		for _, n := range []int{MinIntervalSamples, 3000, 20000, 81234} {
			x := gen(n)
			bt, ok := Batch(x)
			if !ok {
				t.Fatalf("%s n=%d: no batching", name, n)
			}
			for _, q := range []float64{50, 90, 99, 99.9, 99.99} {
				a, b := slices.Clone(x), slices.Clone(x)
				vals, cis := QuantileCIs(a, bt, []float64{q})
				v, ci, tail := QuantileCITail(b, bt, q, nil)
				if v != vals[0] || ci != cis[0] {
					t.Errorf("%s n=%d p%v: tail %v %v; want %v %v", name, n, q, v, ci, vals[0], cis[0])
				}
				want, got := slices.Clone(x), slices.Clone(b)
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%s n=%d p%v: the values changed", name, n, q)
				}
				if name == "queue" && n >= 20000 && q >= 99 && tail == 0 {
					t.Errorf("%s n=%d p%v: sorted whole; want only a tail sorted", name, n, q)
				}
				if tail < 0 || tail >= n || !slices.IsSorted(b[tail:]) {
					t.Fatalf("%s n=%d p%v: tail %d not sorted", name, n, q, tail)
				}
				for _, d := range b[:tail] {
					if d > b[tail] {
						t.Fatalf("%s n=%d p%v: %v before tail %d is above its first, %v", name, n, q, d, tail, b[tail])
					}
				}
			}
		}
	}
}
