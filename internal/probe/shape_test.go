package probe

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// synthetic builds the steps a server of ceiling c req/s (0: none) and
// service time s ms would show, with n threads reported (0: unknown).
func synthetic(s, c float64, threads int, gen float64, late float64) []Step {
	mk := func(i int, kind string, rate float64) Step {
		ok := rate
		svc := s
		if c > 0 && rate > c {
			ok, svc = c, s*rate/c*3
		}
		st := Step{Index: i, Kind: kind, OfferedRPS: rate, OKRPS: ok, Achieved: ok, Requests: int64(ok), OK: int64(ok),
			P50MS: svc, P99MS: svc * 1.2, MeanMS: svc, SvcP50MS: svc, SvcP90MS: svc * 1.05, SvcMeanMS: svc,
			InFlight: ok * svc / 1e3, Busy: ok * s / 1e3, GenCPUPct: gen, LatePct: late, Conns: 100, ConnsUsed: 10,
			TargetThreads: threads, WindowS: 1, Met: c == 0 || rate <= c}
		return st
	}
	cal := mk(0, "calibrate", 1e3/s)
	cal.Closed, cal.VUs, cal.OfferedRPS, cal.Met = true, 1, 0, true
	steps := []Step{cal}
	for i, r := range []float64{100, 200, 400, 800, 600, 500} {
		kind := "step"
		if i >= 4 {
			kind = "bisect"
		}
		steps = append(steps, mk(i+1, kind, r))
	}
	if c > 0 {
		// The closed check at the limit's users, as a pool completes it.
		n := math.Round(c * s / 1e3)
		chk := mk(len(steps), "check", n*1e3/s)
		chk.Closed, chk.VUs, chk.OfferedRPS, chk.Met = true, int(n), 0, true
		steps = append(steps, chk)
	}
	return steps
}

// The shape from synthetic steps: each rule on its own, deterministic.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name          string
		steps         []Step
		shape, runner Shape
		limit         int
	}{
		{"pool of 8 at 20 ms", synthetic(20, 400, 0, 10, 0), Pool, "", 8},
		{"pool of 8, threads reported", synthetic(20, 400, 8, 10, 0), Pool, "", 8},
		{"a lock: 2 ms section in 4 ms, 200 threads", synthetic(4, 500, 200, 10, 0), Serialized, Pool, 1},
		{"one lane, threads unknown", synthetic(2, 500, 0, 10, 0), Serialized, Pool, 1},
		{"unbounded", synthetic(20, 0, 0, 10, 0), Unbounded, "", -1},
		{"generator CPU spent", synthetic(20, 400, 0, 95, 0), Generator, "", -1},
		{"generator late", synthetic(20, 400, 0, 30, 80), Generator, "", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Classify(tc.steps, tc.steps[0].SvcMeanMS, tc.steps[0].SvcP50MS, 2, msg.EN)
			lim := -1
			if v.Limit != nil {
				lim = *v.Limit
			}
			if v.Shape != tc.shape || v.RunnerUp != tc.runner || lim != tc.limit {
				t.Errorf("= %s (runner-up %q, limit %d), want %s (%q, %d); evidence %+v", v.Shape, v.RunnerUp, lim, tc.shape, tc.runner, tc.limit, v.Evidence)
			}
			if len(v.Evidence) == 0 {
				t.Error("no evidence")
			}
		})
	}
	// CPU: the target's CPU near the machine's.
	steps := synthetic(20, 400, 0, 10, 0)
	for i := range steps {
		v := 190.0
		steps[i].TargetCPUPct = &v
		steps[i].GenCores = 0.1
	}
	if v := Classify(steps, 20, 20, 2, msg.EN); v.Shape != CPU {
		t.Errorf("target at 1.9 cores of 2: %s, want cpu", v.Shape)
	}
}

// The fitted model and the report of a synthetic pool, byte for byte
// in both languages (go test ./internal/probe -update rewrites them).
func TestReportGolden(t *testing.T) {
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 1000, Budget: DefaultBudget, Lang: lang, Seed: 1}
		if err := cfg.Validate(); err != nil {
			t.Fatal(err)
		}
		res := &Result{URL: cfg.URL, SLOs: []string{"p99<1s", "errors<1%"}, MaxRate: 1000, BudgetS: 60, ElapsedS: 12.3,
			Steps: synthetic(20, 400, 8, 10, 0), Stopped: "breach_bisected", CapacityRPS: 400}
		for i := 1; i < len(res.Steps); i++ {
			// The p99's interval as a step of a few thousand successes has.
			res.Steps[i].P99Lo, res.Steps[i].P99Hi = 0.95*res.Steps[i].P99MS, 1.05*res.Steps[i].P99MS
		}
		analyze(&cfg, res, 20)
		if res.ShapeName != "pool" || res.Scenario == nil || res.USL == nil {
			t.Fatalf("%s: shape %s, scenario %v, usl %v", lang, res.ShapeName, res.Scenario, res.USL)
		}
		var b bytes.Buffer
		if err := WriteText(&b, lang, res); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
		if err := WriteScenario(&b, res); err != nil {
			t.Fatal(err)
		}
		golden(t, filepath.Join("testdata", "report."+string(lang)+".golden"), b.Bytes())
		var h bytes.Buffer
		if err := WriteHTML(&h, lang, res); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(h.Bytes(), []byte("<svg")) || bytes.Count(h.Bytes(), []byte("<svg")) != 4 {
			t.Errorf("%s: the HTML has %d plots, want 4", lang, bytes.Count(h.Bytes(), []byte("<svg")))
		}
		var j bytes.Buffer
		if err := WriteJSON(&j, res); err != nil {
			t.Fatalf("JSON: %v", err)
		}
		for _, key := range []string{`"shape": "pool"`, `"concurrency_limit": 8`, `"service_ms"`, `"ceiling_rps"`, `"capacity_rps"`, `"scenario"`, `"usl"`, `"steps"`, `"warnings"`} {
			if !bytes.Contains(j.Bytes(), []byte(key)) {
				t.Errorf("JSON lacks %s", key)
			}
		}
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (check, then -update):\n%s", path, got)
	}
}

// USL fitted to points drawn from a known curve gives its parameters back.
func TestFitUSL(t *testing.T) {
	u0 := USL{Lambda: 100, Sigma: 0.05, Kappa: 0.001}
	var steps []Step
	for _, n := range []float64{1, 2, 4, 8, 16, 32, 64} {
		steps = append(steps, Step{Kind: "step", OK: 1, InFlight: n, OKRPS: u0.At(n)})
	}
	u := fitUSL(steps, 10)
	if u == nil || math.Abs(u.Sigma-0.05) > 1e-3 || math.Abs(u.Kappa-0.001) > 1e-5 {
		t.Fatalf("fit = %+v, want sigma 0.05 kappa 0.001", u)
	}
	if ns := float64(u.NStar); math.Abs(ns-math.Sqrt(0.95/0.001)) > 0.2 {
		t.Errorf("N* = %v", ns)
	}
}

// The closed form against known values: M/M/1 sojourn is exponential
// with rate mu - lambda, so its p50 is ln 2 / (mu - lambda).
func TestClosedForm(t *testing.T) {
	cf := &ClosedForm{Kind: "M/M/c", Servers: 1, HoldMS: 10}
	if got, want := cf.quantile(50, 0.5), math.Ln2/(100-50)*1e3; math.Abs(got-want) > 0.01 {
		t.Errorf("M/M/1 p50 = %.3f ms, want %.3f", got, want)
	}
	if got := cf.quantile(100, 0.99); !math.IsInf(got, 1) {
		t.Errorf("unstable M/M/1 p99 = %v, want +Inf", got)
	}
	d := &ClosedForm{Kind: "M/D/c", Servers: 8, HoldMS: 20}
	if got := d.quantile(10, 0.99); math.Abs(got-20) > 0.01 {
		t.Errorf("M/D/8 at light load p99 = %v, want the holding time 20", got)
	}
}

// Bad input is a field error naming the field.
func TestConfigErrors(t *testing.T) {
	base := func() Config { return Config{URL: "http://127.0.0.1:1/", MaxRate: 100, Budget: 10e9} }
	for _, tc := range []struct {
		name, field string
		mod         func(*Config)
	}{
		{"scheme", "URL", func(c *Config) { c.URL = "ftp://127.0.0.1/" }},
		{"remote", "URL", func(c *Config) { c.URL = "http://example.com/" }},
		{"max rate 0", "--max-rate", func(c *Config) { c.MaxRate = 0 }},
		{"budget", "--budget", func(c *Config) { c.Budget = 1e9 }},
	} {
		c := base()
		tc.mod(&c)
		err := c.Validate()
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(tc.field)) {
			t.Errorf("%s: %v, want an error naming %s", tc.name, err, tc.field)
		}
	}
	c := base()
	c.URL, c.AllowRemote = "http://example.com/", true
	if err := c.Validate(); err != nil {
		t.Errorf("--allow-remote: %v", err)
	}
	if _, err := ParseSLO("p99<<1s"); err == nil || !bytes.Contains([]byte(err.Error()), []byte("--slo")) {
		t.Errorf("ParseSLO(bad) = %v", err)
	}
	var _ = loadgen.MaxRate
}

func FuzzParseSizeFor(f *testing.F) {
	for _, s := range []string{"p99<200ms@300rps", "p99<200ms,p50<50ms@300", "@", "p99<1s@0", "x@y", "p99<200ms@1e12rps"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseSizeFor(s)
		if err != nil {
			if !bytes.Contains([]byte(err.Error()), []byte("--size-for")) {
				t.Fatalf("error %q does not name --size-for", err)
			}
			return
		}
		if !(q.Rate > 0) || len(q.SLOs) == 0 {
			t.Fatalf("%q parsed to %+v", s, q)
		}
	})
}

func FuzzParseSLO(f *testing.F) {
	for _, s := range []string{"p99<1s", "errors<1%", "p99<", "ok_rps>100"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := ParseSLO(s); err != nil && !bytes.Contains([]byte(err.Error()), []byte("--slo")) {
			t.Fatalf("error %q does not name --slo", err)
		}
	})
}

// The spread: at a load where nothing queues, the fitted model's p99 is
// the no-load step's measured p99 (the fixed holding time plus the
// measured spread), not the holding time alone; quantiles never fall.
func TestSpreadAtNoLoad(t *testing.T) {
	q := []float64{19.8, 20, 20.6, 21.5, 26, 31, 33} // min, p50, p90, p95, p99, p99.9, max
	sp := newSpread(q, 20)
	for i := 1; i < len(sp.OffMS); i++ {
		if sp.OffMS[i] < sp.OffMS[i-1] {
			t.Fatalf("offsets fall: %v", sp.OffMS)
		}
	}
	if got := sp.at(0.99); math.Abs(got-6) > 1e-9 {
		t.Errorf("offset at p99 = %v, want 6", got)
	}
	sc := model.Scenario{Model: model.Pool, Threads: 8, Requests: 1000, Arrival: model.Arrival{Kind: model.Poisson, Rate: 5},
		Classes: []model.Class{{Name: "request", Fraction: 1, Wait: model.FixedDist(20 * time.Millisecond)}}, Seed: 1}
	sc.Normalize()
	bare := predict(sc, nil, 5, 400, 0, 1, 0)
	with := predict(sc, sp, 5, 400, 0, 1, 0)
	if bare == nil || with == nil {
		t.Fatal("no prediction")
	}
	if math.Abs(bare.P99MS-20) > 0.01 {
		t.Errorf("fixed 20 ms at 5 req/s on 8 threads: p99 %.3f ms, want 20", bare.P99MS)
	}
	if math.Abs(with.P99MS-26) > 1 {
		t.Errorf("with the measured spread: p99 %.3f ms, want about 26 (the no-load p99)", with.P99MS)
	}
	if newSpread(q[:3], 20) != nil || newSpread(q, 0) != nil {
		t.Error("a spread from too few quantiles or no holding time")
	}
}

// A pool read far below the threads the server reports while other
// processes held the machine is flagged as the machine's CPU share, with
// a lower confidence; the same steps on a quiet machine are not.
func TestMachineLimitWarning(t *testing.T) {
	for _, others := range []float64{0, 95} {
		cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 1000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1}
		if err := cfg.Validate(); err != nil {
			t.Fatal(err)
		}
		steps := synthetic(20, 400, 64, 10, 0) // a limit of 8 against 64 threads reported
		for i := range steps {
			o := others
			steps[i].OthersCPUPct = &o
		}
		res := &Result{URL: cfg.URL, Steps: steps, CapacityRPS: 400}
		analyze(&cfg, res, 20)
		if res.ShapeName != "pool" || limitOf(res) != 8 {
			t.Fatalf("others %.0f%%: shape %s, limit %d", others, res.ShapeName, limitOf(res))
		}
		if got := hasWarning(res, "probe.warn.machine_limit"); got != (others > 0) {
			t.Errorf("others %.0f%%: machine-limit warning %v (confidence %.2f)", others, got, res.Confidence)
		}
	}
}

// The p99's interval is the samples at the ranks that hold it with 95%
// probability, narrowing as the sample grows; below 1,000 samples there
// is none.
func TestP99Interval(t *testing.T) {
	at := func(q float64) float64 { return q } // the quantile's level, as ms
	if lo, hi := p99Interval(999, at); lo != 0 || hi != 0 {
		t.Errorf("999 samples: [%v, %v], want none", lo, hi)
	}
	lo, hi := p99Interval(10_000, at)
	// 1.96 sqrt(0.99 x 0.01 / 10,000) = 0.195 points either side.
	if math.Abs(lo-98.805) > 0.002 || math.Abs(hi-99.195) > 0.002 {
		t.Errorf("10,000 samples: [%v, %v], want [98.805, 99.195]", lo, hi)
	}
	lo4, hi4 := p99Interval(40_000, at)
	if !(lo < lo4 && hi4 < hi) || math.Abs((hi4-lo4)-(hi-lo)/2) > 0.002 {
		t.Errorf("40,000 samples: [%v, %v]; want half of [%v, %v]'s width", lo4, hi4, lo, hi)
	}
}

// A worst step whose measured p99 interval holds the prediction is
// undecided, not off: the note says the sample cannot tell them apart.
// One whose interval does not hold it is off.
//
// A worst step whose p99.9 is tailBound or more times the longest the
// model's windows read met a stall: undecided too, with both figures.
func TestFitNoisyAgainstOff(t *testing.T) {
	for _, tc := range []struct {
		lo, hi     float64
		p999, m999 float64 // measured p99.9, the model's longest
		key        string
	}{
		{6.4, 9.2, 0, 0, "probe.note.fit_noisy"},
		{7.7, 9.2, 0, 0, "probe.note.fit_off"},
		{0, 0, 0, 0, "probe.note.fit_off"},
		{7.7, 9.2, 13.3, 9.7, "probe.note.fit_tail"}, // the pool of 64 at 86%: 1.37 times
		{7.7, 9.2, 11.0, 9.7, "probe.note.fit_off"},  // 1.13 times: the model's own tail
	} {
		st := Step{Index: 3, OK: 2780, P99MS: 8.36, P99Lo: tc.lo, P99Hi: tc.hi,
			Pred: &Prediction{P99MS: 6.54, P999MS: tc.m999, Compared: true}}
		if tc.p999 > 0 {
			st.LatQMS = []float64{5, 5.6, 6.8, 7.9, 8.36, tc.p999, tc.p999 + 2}
		}
		res := &Result{Dist: "fixed", Steps: []Step{st}}
		fitNotes(res, worstFit{sim: 0.278, simStep: 3, cfStep: -1, busyStep: -1, lateStep: -1}, Verdict{Shape: Pool}, 5.4, msg.EN)
		var keys []string
		for _, n := range res.Notes {
			keys = append(keys, n.Key)
		}
		if !slices.Contains(keys, tc.key) {
			t.Errorf("interval [%v, %v], p99.9 %v against the model's %v: notes %v, want %s", tc.lo, tc.hi, tc.p999, tc.m999, keys, tc.key)
		}
	}
}

// An overshoot past the ceiling that strains the generator, with the
// bisection below it finding the server failing while the generator was
// healthy, is the server's bound when the two are apart on CPUs (and the
// generator's when they share them); a generator that binds below every
// rate at which the server failed by itself is still blamed.
func TestGeneratorAtOvershootOnly(t *testing.T) {
	steps := synthetic(20, 400, 8, 10, 0)
	for i := range steps {
		if steps[i].OfferedRPS == 800 { // the overshoot, the binding step
			steps[i].GenCPUPct = 94
		}
	}
	if v := Classify(steps, 20, 20, 2, msg.EN); v.Shape != Generator {
		t.Errorf("sharing CPUs, generator strained at the binding overshoot: %s, want generator", v.Shape)
	}
	if v := ClassifyApart(steps, 20, 20, 2, msg.EN); v.Shape != Pool {
		t.Errorf("generator strained only at the overshoot: %s, want pool; evidence %+v", v.Shape, v.Evidence)
	}
	for i := range steps {
		if steps[i].OfferedRPS == 400 { // kept up, below the 500 and 600 the server failed alone
			steps[i].GenCPUPct = 95
		}
	}
	if v := ClassifyApart(steps, 20, 20, 2, msg.EN); v.Shape != Generator {
		t.Errorf("generator bound below the server's own failures: %s, want generator", v.Shape)
	}
}

// The spread pools the light steps' quantiles level by level, each step
// weighing the same, and leaves out the steps with too few samples, at
// half the ceiling or more, or whose median has moved.
func TestLightQuantiles(t *testing.T) {
	mk := func(i int, rate float64, ok int64, p50 float64, q ...float64) Step {
		return Step{Index: i, Kind: "step", OfferedRPS: rate, OK: ok, Met: true, SvcP50MS: p50, LatQMS: q}
	}
	steps := []Step{
		{Index: 0, Kind: "calibrate", Closed: true, Met: true, OK: 5000, SvcP50MS: 5, LatQMS: []float64{5, 5, 5, 5, 99, 99, 99}},
		mk(1, 1000, 5000, 5.5, 5, 5.5, 6, 6.2, 8.7, 10, 13),
		mk(2, 2000, 20000, 5.4, 5, 5.4, 5.9, 6.1, 7.1, 8, 9),
		mk(3, 3000, 800, 5.4, 5, 5.4, 5.9, 6.1, 50, 50, 50),  // too few for a p99
		mk(4, 4000, 9000, 6.1, 5, 6.1, 7, 8, 20, 20, 20),     // median moved: queueing
		mk(5, 6000, 9000, 5.4, 5, 5.4, 5.9, 6.1, 30, 30, 30), // past half the ceiling
		mk(6, 2500, 9000, 5.4, 5, 5.4, 5.9, 6.1, 17, 20, 20), // the generator stalled
	}
	steps[6].LatePct = 0.97
	ceil := 10000.0
	q, from := lightQuantiles(steps, 5.5, &ceil, 64)
	if !slices.Equal(from, []int{1, 2}) {
		t.Fatalf("pooled steps %v, want [1 2]", from)
	}
	if math.Abs(q[4]-7.9) > 1e-9 || math.Abs(q[1]-5.45) > 1e-9 {
		t.Errorf("pooled p50 %v, p99 %v; want 5.45, 7.9 (each step weighing the same)", q[1], q[4])
	}
	if q, _ := lightQuantiles(steps[:1], 5, &ceil, 64); q != nil {
		t.Errorf("no open step: %v, want nil", q)
	}
	// One lock at 10-20% of its ceiling already makes 10-20% of arrivals wait.
	if q, _ := lightQuantiles(steps, 5.5, &ceil, 1); q != nil {
		t.Errorf("one lock: %v pooled, want none (its light steps queue)", q)
	}
}

// A pool's worker held at the ceiling longer than the no-load service
// time is named, from Little's law; within heldBy, or another shape, not.
func TestHeldLonger(t *testing.T) {
	lim, ceil := 8, 374.0
	res := &Result{ShapeName: string(Pool), Dist: "fixed", Limit: &lim, CeilingRPS: &ceil}
	if h, ok := heldLonger(res, 20.82); !ok || math.Abs(h-21.39) > 0.01 {
		t.Errorf("8 / 374 req/s against 20.82 ms: %.3f %v, want 21.39 true", h, ok)
	}
	if _, ok := heldLonger(res, 21.2); ok {
		t.Error("0.9% longer named, want not")
	}
	res.ShapeName = string(Serialized)
	if _, ok := heldLonger(res, 20.82); ok {
		t.Error("named for a serialized server")
	}
}

// The spread's note names the steps it was fitted on, and says so when
// every compared step was among them.
func TestSpreadNote(t *testing.T) {
	pred := &Prediction{Compared: true}
	res := &Result{Steps: []Step{{Index: 2, Pred: pred}, {Index: 3, Pred: pred}, {Index: 4, Pred: pred}}}
	sp := &Spread{Q: spreadLevels, OffMS: []float64{0, 0, 0.5, 0.6, 1, 2, 3}, From: []int{2, 3}}
	if n := spreadNote(res, sp, msg.EN); n.Key != "probe.fit.spread_from" || !strings.Contains(n.Text, "steps 2, 3, each") || !strings.Contains(n.Text, "step 4 is predicted") {
		t.Errorf("%s: %s", n.Key, n.Text)
	}
	sp.From = []int{2, 3, 4}
	if n := spreadNote(res, sp, msg.KO); n.Key != "probe.fit.spread_self" || !strings.Contains(n.Text, "2, 3, 4") {
		t.Errorf("%s: %s", n.Key, n.Text)
	}
}

// Late sends from a mostly idle generator apart from the target are the
// server's backpressure, not warned of; sharing CPUs they are.
func TestIdleGeneratorLateSends(t *testing.T) {
	steps := synthetic(20, 400, 8, 5, 0)
	for i := range steps {
		if steps[i].OfferedRPS == 800 {
			steps[i].LatePct = 58
			steps[i].ConnsUsed = steps[i].Conns // every connection held by the server
		}
	}
	warned := func(v Verdict) bool {
		for _, w := range v.Warnings {
			if w.Key == "probe.warn.generator_step" {
				return true
			}
		}
		return false
	}
	if v := ClassifyApart(steps, 20, 20, 2, msg.EN); warned(v) {
		t.Errorf("apart, generator at 5%%: warned %+v", v.Warnings)
	}
	if v := Classify(steps, 20, 20, 2, msg.EN); !warned(v) {
		t.Error("sharing CPUs: late sends not warned of")
	}
}

// A compared step at which the generator sent 1% or more late with
// connections to spare is judged apart, its residual in a note; the same
// lateness with every connection in use is the server holding them, and
// counts. When it is the only compared step the fit is undecided.
func TestLateStepsJudgedApart(t *testing.T) {
	cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 1000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1, FitMax: 4000}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	keys := func(res *Result) []string {
		var k []string
		for _, n := range res.Notes {
			k = append(k, n.Key)
		}
		return k
	}
	for _, tc := range []struct {
		name          string
		used, conns   int
		alone, apart  bool
		want, wantNot string
	}{
		{"spare connections", 31, 192, false, true, "probe.note.fit_late", "probe.note.fit_off"},
		{"every connection used", 192, 192, false, false, "probe.note.fit_off", "probe.note.fit_late"},
		{"the only compared step", 31, 192, true, true, "probe.note.fit_late_all", "probe.note.fit_off"},
	} {
		steps := synthetic(20, 400, 8, 10, 0)
		if tc.alone {
			steps = slices.DeleteFunc(steps, func(st Step) bool { return st.Index == 1 })
		}
		for i := range steps {
			steps[i].OK = 2000
			if steps[i].Index == 1 { // 100 req/s: the fixed 20 ms, nearly
				steps[i].P99MS = 21
			}
			if steps[i].Index == 2 { // 200 req/s, half the ceiling: compared
				steps[i].P99MS, steps[i].LatePct, steps[i].ConnsUsed, steps[i].Conns = 99, 1.1, tc.used, tc.conns
			}
		}
		res := &Result{URL: cfg.URL, Steps: steps, CapacityRPS: 400}
		analyze(&cfg, res, 20)
		k := keys(res)
		if !slices.Contains(k, tc.want) || slices.Contains(k, tc.wantNot) {
			t.Errorf("%s: notes %v, want %s and not %s", tc.name, k, tc.want, tc.wantNot)
		}
	}
}

// The bisection tries the midpoint, or nearer the good rate the one at
// which a server that held its ceiling where it broke must fall behind.
func TestBisectRate(t *testing.T) {
	for _, tc := range []struct {
		good, bad, okMax, want float64
	}{
		{444, 888, 453, 453 / behindBound * (1 + bisectGap/4)}, // the lock: 513, not 666
		{444, 513, 453, 478.5},                                 // the bound is past the midpoint
		{200, 400, 150, 300},                                   // collapsed under overload: below good
		{100, 200, 0, 150},                                     // nothing broke yet
	} {
		if got := bisectRate(tc.good, tc.bad, tc.okMax); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("bisectRate(%v, %v, %v) = %v, want %v", tc.good, tc.bad, tc.okMax, got, tc.want)
		}
	}
}

// A compared step whose miss is a stall (its p99.9 past the model's
// longest) is the one the search measures again; once retaken, the fit
// compares the retake instead and says why, and the retake itself is not
// taken again.
// fittedSteps is a pool of 8 x 20 ms's synthetic steps measured as its
// fitted model says (so the fit holds), and fresh, which analyses a copy
// of any steps as a probe's end does.
func fittedSteps(t *testing.T) (fresh func([]Step) (*Result, worstFit), steps []Step) {
	t.Helper()
	cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 1000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	fresh = func(steps []Step) (*Result, worstFit) {
		res := &Result{URL: cfg.URL, Steps: slices.Clone(steps), CapacityRPS: 400, Notes: []Note{}}
		return res, analyze(&cfg, res, 20)
	}
	steps = synthetic(20, 400, 8, 10, 0)
	for i := range steps {
		steps[i].OK *= 20 // enough successes for a p99 interval
	}
	base, _ := fresh(steps)
	for i := range steps {
		if p := base.Steps[i].Pred; p != nil {
			steps[i].P50MS, steps[i].P99MS = p.P50MS, p.P99MS
		}
	}
	return fresh, steps
}

func TestRetakeAStalledStep(t *testing.T) {
	fresh, steps := fittedSteps(t)
	base, w := fresh(steps)
	if i, _ := retakeStep(base, w); w.simStep < 0 || math.Abs(w.sim) > FitTol || i != -1 {
		t.Fatalf("the clean steps: worst %+v, retake %d; want a fit and nothing to retake", w, i)
	}
	pred := base.Steps[2].Pred
	clean := steps[2]
	stall := func(st *Step) {
		st.P99MS = 1.5 * pred.P99MS
		st.P99Lo, st.P99Hi = 1.4*pred.P99MS, 1.6*pred.P99MS
		st.LatQMS = []float64{pred.P50MS, pred.P50MS, pred.P50MS, pred.P50MS, st.P99MS, 2 * pred.P999MS, 3 * pred.P999MS}
	}
	stall(&steps[2])
	res, w := fresh(steps)
	if got, pool := retakeStep(res, w); got != 2 || pool {
		t.Fatalf("stalled step 2: retakeStep %d, pooled %v (worst %+v, notes %v), want 2 standing alone", got, pool, w, noteKeys(res))
	}
	retake := clean
	retake.Index, retake.Kind = len(steps), "retake"
	steps = append(steps, retake)
	steps[2].RetakenAs = retake.Index
	res, w = fresh(steps)
	keys := noteKeys(res)
	if i, _ := retakeStep(res, w); res.Steps[2].Pred == nil || res.Steps[2].Pred.Compared || !slices.Contains(keys, "probe.note.retaken_tail") ||
		!slices.Contains(keys, "probe.note.fit_good") || i != -1 {
		t.Errorf("after the retake: step 2 predicted %+v, notes %v, retake %d; want step 2 left out, the retake compared and met", res.Steps[2].Pred, keys, i)
	}
	stall(&steps[len(steps)-1]) // the stall again: reported, not retaken twice
	res, w = fresh(steps)
	if i, _ := retakeStep(res, w); i != -1 || !slices.Contains(noteKeys(res), "probe.note.fit_tail") {
		t.Errorf("a retake that stalled too: retake %d, notes %v; want no second retake and an undecided fit", i, noteKeys(res))
	}
}

// A compared step whose p99 misses the model with no stall to blame (its
// p99.9 within the model's longest) is measured again, and the fit then
// compares both windows pooled: a miss the second window washes out is a
// fit, said with both windows' figures; one both confirm stays off and is
// not retaken again. A miss below the model is measured again too.
func TestRetakeAMissPoolsBothWindows(t *testing.T) {
	fresh, steps := fittedSteps(t)
	base, _ := fresh(steps)
	pred := base.Steps[2].Pred
	clean := steps[2]
	for _, f := range []float64{1.3, 0.7} {
		missed := slices.Clone(steps)
		st := &missed[2]
		st.P99MS = f * pred.P99MS
		st.P99Lo, st.P99Hi = 0.99*st.P99MS, 1.01*st.P99MS
		st.LatQMS = []float64{pred.P50MS, pred.P50MS, pred.P50MS, pred.P50MS, st.P99MS, pred.P999MS, 1.2 * pred.P999MS}
		res, w := fresh(missed)
		if got, pool := retakeStep(res, w); got != 2 || !pool || !slices.Contains(noteKeys(res), "probe.note.fit_off") {
			t.Fatalf("p99 %.1f times the model's: retakeStep %d, pooled %v, notes %v; want step 2 retaken and pooled", f, got, pool, noteKeys(res))
		}
	}

	// The retake read as the model says; pooled with the miss, within the
	// tolerance.
	steps[2].P99MS = 1.3 * pred.P99MS
	steps[2].P99Lo, steps[2].P99Hi = 1.28*pred.P99MS, 1.32*pred.P99MS
	retake := clean
	retake.Index, retake.Kind = len(steps), "retake"
	retake.Pooled = &Pooled{With: 2, OK: 2 * clean.OK, P99MS: 1.1 * pred.P99MS, P99Lo: 1.08 * pred.P99MS, P99Hi: 1.12 * pred.P99MS}
	steps = append(steps, retake)
	steps[2].RetakenAs = retake.Index
	res, w := fresh(steps)
	keys := noteKeys(res)
	rp := res.Steps[retake.Index].Pred
	if i, _ := retakeStep(res, w); i != -1 || !slices.Contains(keys, "probe.note.retaken_miss") || !slices.Contains(keys, "probe.note.fit_good") ||
		res.Steps[2].Pred.Compared || rp == nil || !rp.Compared || math.Abs(float64(rp.ResP99)-0.1) > 0.002 {
		t.Errorf("pooled within the tolerance: retake %d, notes %v, retake's prediction %+v; want the pooled p99 compared (+10%%) and met", i, keys, rp)
	}
	var b strings.Builder
	if err := WriteText(&b, msg.EN, res); err != nil || !strings.Contains(b.String(), "+10%*") || !strings.Contains(b.String(), msg.T(msg.EN, "probe.table.pooled")) {
		t.Errorf("the text report: err %v; want the pooled residual marked and the legend:\n%s", err, b.String())
	}

	// Both windows miss: off, and no third window.
	steps[len(steps)-1].Pooled.P99MS = 1.3 * pred.P99MS
	steps[len(steps)-1].Pooled.P99Lo, steps[len(steps)-1].Pooled.P99Hi = 1.29*pred.P99MS, 1.31*pred.P99MS
	res, w = fresh(steps)
	if i, _ := retakeStep(res, w); i != -1 || !slices.Contains(noteKeys(res), "probe.note.fit_off") {
		t.Errorf("confirmed twice: retake %d, notes %v; want off and no more retakes", i, noteKeys(res))
	}
}

// Two windows pool into one: the count is both's, the p99 is the merged
// sample's (between the two windows' own), with the interval from the
// merged count.
func TestPooled(t *testing.T) {
	a, b := loadresult.NewHist(), loadresult.NewHist()
	for i := range 10_000 {
		_ = a.RecordValue(int64(5000 + i%100)) // 5.0-5.1 ms
		_ = b.RecordValue(int64(5000 + i%100))
		if i%50 == 0 {
			_ = a.RecordValue(11_000) // 2% of a's at 11 ms
		}
	}
	pl := pooled(3, a, b)
	if pl == nil || pl.With != 3 || pl.OK != a.TotalCount()+b.TotalCount() {
		t.Fatalf("pooled %+v; want both windows' %d successes", pl, a.TotalCount()+b.TotalCount())
	}
	if pl.P99MS < 5.09 || pl.P99MS > 11.01 || pl.P99Lo > pl.P99MS || pl.P99Hi < pl.P99MS {
		t.Errorf("pooled p99 %v [%v, %v]; want between the windows' own 5.1 and 11 ms, inside its interval", pl.P99MS, pl.P99Lo, pl.P99Hi)
	}
	if a.TotalCount() != 10_200 || b.TotalCount() != 10_000 {
		t.Errorf("pooling changed its inputs: %d and %d", a.TotalCount(), b.TotalCount())
	}
	if pooled(3, a, nil) != nil || pooled(3, loadresult.NewHist(), b) != nil {
		t.Error("a window without latencies pools into nothing")
	}
}

// A retake keeps the stalled step's window when it fits the budget left,
// else shortens to the longest that fits, but not below an ordinary
// step's window at that rate. The lock probe that had 10.4 s left after
// the warm-up (60 s budget, 49.6 s spent) retakes its 12 s first step in
// 8.3 s, where it had none.
func TestRetakeWindow(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		w, ordinary, left, want time.Duration
		ok                      bool
	}{
		{12 * s, 6 * s, 20 * s, 12 * s, true},                                    // fits whole
		{12 * s, 6 * s, 15 * s, 12 * s, true},                                    // 12 + 3 = 15: just fits
		{12 * s, 6 * s, 10400 * time.Millisecond, 8320 * time.Millisecond, true}, // the lock's
		{12 * s, 6 * s, 7500 * time.Millisecond, 6 * s, true},                    // 6 + 1.5: an ordinary step's, just
		{12 * s, 6 * s, 7 * s, 0, false},                                         // not even an ordinary step's
		{6 * s, 6 * s, 7 * s, 0, false},
		{2 * s, 2 * s, 2500 * time.Millisecond, 2 * s, true},
	} {
		got, ok := retakeWindow(c.w, c.ordinary, c.left)
		if got != c.want || ok != c.ok {
			t.Errorf("retakeWindow(%v, %v, %v) = %v, %v; want %v, %v", c.w, c.ordinary, c.left, got, ok, c.want, c.ok)
		}
		if ok && got+got/4 > c.left {
			t.Errorf("retakeWindow(%v, %v, %v) = %v: with its drain, over the %v left", c.w, c.ordinary, c.left, got, c.left)
		}
	}
}

func noteKeys(res *Result) []string {
	var keys []string
	for _, n := range res.Notes {
		keys = append(keys, n.Key)
	}
	return keys
}

// Threads taking turns on a core explain a CPU-bound ceiling with the
// core partly idle (gunicorn's 4 sync workers, 4.4 ms of CPU and 4.3 ms
// asleep: 188-189 req/s at 0.82 of one core); a pool whose threads mostly
// wait, or whose ceiling the turns do not explain, is not called so.
func TestTurnsBound(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		threads, kids         int
		cpuMS, s0, ceil, tcpu float64
		want                  bool
		wantCeiling, wantBusy float64
	}{
		{"gunicorn, 4 workers' children", 0, 4, 4.4, 8.7, 189, 0.82, true, 182.6, 0.80},
		{"the same, threads from /metrics", 4, 0, 4.4, 8.7, 189, 0.82, true, 182.6, 0.80},
		{"threads unknown", 0, 0, 4.4, 8.7, 189, 0.82, false, 0, 0},
		{"a pool of 8 that sleeps 20 ms", 8, 0, 0.4, 20.4, 390, 0.16, false, 0, 0},
		{"a pool of 4, 2 ms CPU + 10 ms wait", 4, 0, 2, 12.3, 312, 0.62, false, 0, 0},
		{"8 threads, 4 ms CPU + 8 ms wait, the core full", 8, 0, 4, 12.4, 242, 0.98, false, 0, 0},
		{"the CPU far from the account", 0, 4, 4.4, 8.7, 189, 0.5, false, 0, 0},
	} {
		sc := scan{threads: tc.threads, kidThreads: tc.kids, cpuMS: tc.cpuMS, ceiling: tc.ceil}
		got, ok := turnsBound(sc, tc.tcpu, 1, tc.s0)
		if ok != tc.want {
			t.Errorf("%s: %v (%+v), want %v", tc.name, ok, got, tc.want)
			continue
		}
		if ok && (math.Abs(got.ceiling-tc.wantCeiling) > 0.5 || math.Abs(got.busy-tc.wantBusy) > 0.01) {
			t.Errorf("%s: ceiling %.1f busy %.2f, want %.1f and %.2f", tc.name, got.ceiling, got.busy, tc.wantCeiling, tc.wantBusy)
		}
	}
}

// A bad --slo reads in one language: the threshold's own message is
// localized with the rest, not English inside a Korean sentence.
func TestParseSLOLocalized(t *testing.T) {
	_, err := ParseSLO("p99<<1s")
	var fe *model.FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("ParseSLO(bad) = %v; want a FieldError", err)
	}
	ko := fe.Localize(msg.KO)
	if !strings.HasPrefix(ko, "--slo") || strings.Contains(ko, "takes a duration") || strings.Contains(ko, "threshold") {
		t.Errorf("Korean: %s", ko)
	}
	if en := fe.Localize(msg.EN); !strings.Contains(en, "p99<<1s") {
		t.Errorf("English: %s; want the input named", en)
	}
}
