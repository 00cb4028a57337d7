package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/golden"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/sim"
)

func slos(t testing.TB, texts ...string) []SLO {
	t.Helper()
	var out []SLO
	for _, x := range texts {
		o, err := ParseSLO(x)
		if err != nil {
			t.Fatalf("ParseSLO(%q) = %v", x, err)
		}
		out = append(out, o)
	}
	return out
}

// mmcScenario is an M/M/c pool: Poisson arrivals at lambda, each request
// holds its thread for one exponential wait of mean hold (no CPU, so the
// cores play no part).
func mmcScenario(lambda float64, hold time.Duration) model.Scenario {
	s := model.Scenario{Model: model.Pool, Threads: 1, Requests: 1000, Arrival: model.Arrival{Kind: model.Poisson, Rate: lambda},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.ExpDist(hold)}}, Seed: 1}
	s.Normalize()
	return s
}

// p99 of the M/M/c sojourn time, in ms, computed here from its own
// formula: with C the Erlang C probability (through the Erlang B
// recursion), P(T > t) = (1-C) e^{-mu t} + C (theta e^{-mu t} - mu
// e^{-theta t}) / (theta - mu), theta = c mu - lambda (Erlang-2 when
// theta = mu), solved for 1% by bisection.
func mmcP99(c int, lambda, hold float64) float64 {
	mu := 1 / hold
	a := lambda / mu
	if a >= float64(c) {
		return math.Inf(1)
	}
	b := 1.0
	for k := 1; k <= c; k++ {
		b = a * b / (float64(k) + a*b)
	}
	C := b / (1 - a/float64(c)*(1-b))
	th := float64(c)*mu - lambda
	tail := func(t float64) float64 {
		if th == mu { // Erlang-2
			return (1-C)*math.Exp(-mu*t) + C*math.Exp(-mu*t)*(1+mu*t)
		}
		return (1-C)*math.Exp(-mu*t) + C*(th*math.Exp(-mu*t)-mu*math.Exp(-th*t))/(th-mu)
	}
	lo, hi := 0.0, 100.0
	for i := 0; i < 200; i++ {
		m := (lo + hi) / 2
		if tail(m) > 0.01 {
			lo = m
		} else {
			hi = m
		}
	}
	return hi * 1e3
}

// The acceptance: for M/M/c pools at several loads, plan picks the
// same smallest thread count as the Erlang C response-time distribution,
// where the sizes on both sides of the answer are within 15% of the SLO
// (so the simulation must be good to a few per cent). Seeded: the result is
// the same on every run.
func TestMMcAnswersMatchErlangC(t *testing.T) {
	cases := []struct {
		lambda float64
		hold   time.Duration
		slo    string
		want   int
	}{
		{400, 10 * time.Millisecond, "p99<54ms", 6},    // a = 4: p99 60.8 ms at 5 (+12.6%), 48.5 at 6 (-10.1%)
		{1600, 5 * time.Millisecond, "p99<27.5ms", 10}, // a = 8: 31.1 ms at 9 (+13.2%), 24.7 at 10 (-10.1%)
		{100, 20 * time.Millisecond, "p99<106ms", 4},   // a = 2: 117.8 ms at 3 (+11.2%), 95.3 at 4 (-10.1%)
		{1000, 10 * time.Millisecond, "p99<56ms", 12},  // a = 10: 62.7 ms at 11 (+11.9%), 49.7 at 12 (-11.2%)
	}
	if raceOn || testing.Short() {
		t.Skip("about two million simulated requests (TestDeterministic covers the parallel code)")
	}
	for _, c := range cases {
		t.Run(c.slo, func(t *testing.T) {
			o := slos(t, c.slo)
			h := c.hold.Seconds()
			at, below := mmcP99(c.want, c.lambda, h), mmcP99(c.want-1, c.lambda, h)
			if !(at < o[0].Value && below >= o[0].Value) {
				t.Fatalf("bad case: p99 %.2f ms at %d, %.2f at %d for %s", at, c.want, below, c.want-1, c.slo)
			}
			if at < 0.85*o[0].Value || below > 1.15*o[0].Value {
				t.Fatalf("bad case: neighbours not within 15%% of %s: %.2f, %.2f", c.slo, at, below)
			}
			res, err := Run(context.Background(), Config{Scenario: mmcScenario(c.lambda, c.hold), SLOs: o, Max: 2*c.want + 4, Curve: 4})
			if err != nil {
				t.Fatal(err)
			}
			if res.Answer != c.want {
				t.Errorf("Run(%s).Answer = %d; want %d (Erlang C)", c.slo, res.Answer, c.want)
			}
			if res.Cross == nil || res.Cross.Kind != "M/M/c" || res.Cross.Answer != c.want || !res.Cross.Agree {
				t.Errorf("Run(%s).Cross = %+v; want M/M/c agreeing on %d", c.slo, res.Cross, c.want)
			}
			for _, n := range []int{c.want - 1, c.want} {
				p := res.Point(n)
				if p == nil || !p.Simulated {
					t.Fatalf("Run(%s): size %d not simulated", c.slo, n)
				}
				if d := math.Abs(float64(p.Values[0])/mmcP99(n, c.lambda, h) - 1); d > 0.06 {
					t.Errorf("Run(%s): p99 at %d = %.2f ms; Erlang C %.2f (off by %.1f%%)", c.slo, n, float64(p.Values[0]), mmcP99(n, c.lambda, h), d*100)
				}
			}
			t.Logf("answer %d, %d sizes simulated, %d requests, seeds up to %d", res.Answer, res.Evaluations, res.Simulated, res.MaxSeeds)
		})
	}
}

func TestErlangC(t *testing.T) {
	// M/M/1: C = rho. M/M/2 with a = 1: C = 1/3.
	for _, c := range []struct {
		c    int
		a    float64
		want float64
	}{{1, 0.5, 0.5}, {2, 1, 1.0 / 3}, {1, 0.9, 0.9}, {3, 3, 1}, {4, 0, 0}} {
		if got := ErlangC(c.c, c.a); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ErlangC(%d, %v) = %v; want %v", c.c, c.a, got, c.want)
		}
	}
	// Huge c stays finite.
	if got := ErlangC(5000, 4900); math.IsNaN(got) || got <= 0 || got >= 1 {
		t.Errorf("ErlangC(5000, 4900) = %v; want a probability", got)
	}
}

// For M/M/1 the sojourn time is exponential with rate mu - lambda, so its
// p-quantile is -ln(1-p)/(mu-lambda); the waiting time's is
// ln(rho/(1-p))/(mu-lambda) when rho > 1-p.
func TestMM1Quantiles(t *testing.T) {
	q := mmc{c: 1, lambda: 600, mu: 1000}
	want := -math.Log(0.01) / 400
	if got := quantile(q.sojournTail, 0.99); math.Abs(got/want-1) > 1e-9 {
		t.Errorf("sojourn p99 = %v; want %v", got, want)
	}
	wantW := math.Log(0.6/0.01) / 400
	if got := quantile(q.waitTail, 0.99); math.Abs(got/wantW-1) > 1e-9 {
		t.Errorf("wait p99 = %v; want %v", got, wantW)
	}
	if got := q.meanSojourn(); math.Abs(got-1.0/400) > 1e-12 {
		t.Errorf("mean sojourn = %v; want %v", got, 1.0/400)
	}
	// The wait is zero with probability 1 - rho: its p30 is 0.
	if got := quantile(q.waitTail, 0.3); got != 0 {
		t.Errorf("wait p30 = %v; want 0", got)
	}
}

// M/D/1 has an exact mean wait (Pollaczek-Khinchine): rho/(2 mu (1-rho)).
// The Cosmetatos correction vanishes at c = 1, so the approximation is
// exact there.
func TestMDcApproximation(t *testing.T) {
	q := mdc{c: 1, lambda: 500, mu: 1000}
	if got, want := q.meanWait(), 0.5/(2*1000*0.5); math.Abs(got-want) > 1e-12 {
		t.Errorf("M/D/1 mean wait = %v; want %v", got, want)
	}
	// Against the simulator at c = 4, rho 0.75: within the approximation's
	// tolerance.
	s := mmcScenario(3000, time.Millisecond)
	s.Classes[0].Wait = model.FixedDist(time.Millisecond)
	s.Threads, s.Requests = 4, 200_000
	if raceOn {
		s.Requests = 50_000
	}
	r, err := sim.Run(s, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q4 := mdc{c: 4, lambda: 3000, mu: 1000}
	if got, want := r.QueueWait.MeanMS, q4.meanWait()*1e3; math.Abs(got/want-1) > TolMDc {
		t.Errorf("M/D/4 mean wait: simulated %.4f ms, approximation %.4f ms", got, want)
	}
}

// The field report's case: a CPU-bound share plus a downstream wait on 2
// cores, 1,600 virtual users (closed model, as in the report's load test).
// Past the answer threads add no throughput: 1,600 threads complete no
// more than the answer does, because the two cores are the limit.
func TestFieldReportThreadsAddNoThroughput(t *testing.T) {
	if raceOn || testing.Short() {
		t.Skip("about a million simulated requests (TestDeterministic covers the parallel code)")
	}
	s := model.Scenario{Model: model.Pool, Threads: 1600, Cores: 2, Requests: 1000,
		Arrival: model.Arrival{Kind: model.VUs, VUs: 1600},
		Classes: []model.Class{{Name: "normal", Fraction: 1, CPU: model.ExpDist(2 * time.Millisecond), Wait: model.FixedDist(50 * time.Millisecond)}}, Seed: 1}
	s.Normalize()
	res, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "rps>=990"), Max: 1600, Curve: 4, Requests: 20_000, MaxSeeds: 6})
	if err != nil {
		t.Fatal(err)
	}
	if res.Mode != "closed" || res.Answer == 0 || res.Answer > 200 {
		t.Fatalf("Answer = %d (%s); want a few dozen threads", res.Answer, res.Mode)
	}
	a, big := res.Point(res.Answer), res.Point(1600)
	if big == nil {
		t.Fatal("1,600 threads not on the curve")
	}
	if float64(big.RPS) > float64(a.RPS)*1.015 {
		t.Errorf("throughput at 1,600 threads = %.0f/s; want no more than at %d (%.0f/s)", float64(big.RPS), res.Answer, float64(a.RPS))
	}
	if big.Bottleneck.Name != "cores" || float64(big.RPS) > 1000*1.01 {
		t.Errorf("at 1,600 threads: bottleneck %q, %.0f/s; want the cores, at most 1,000/s", big.Bottleneck.Name, float64(big.RPS))
	}
	if big.Cost.OSThreads != 1600 || big.Cost.MemoryMiB != 1600 {
		t.Errorf("cost at 1,600 = %+v; want 1,600 threads and 1,600 MiB of stacks", big.Cost)
	}
	t.Logf("answer %d threads: %.0f/s; 1,600 threads: %.0f/s", res.Answer, float64(a.RPS), float64(big.RPS))
}

func ch15(t testing.TB) model.Scenario {
	p, ok := model.LookupPreset("ch15-offload4")
	if !ok {
		t.Fatal("no preset ch15-offload4")
	}
	s := p.Scenario
	s.Normalize()
	return s
}

// ch15's 1%-blocking load: 20 of 2,000 requests block 100 ms, offloaded to
// a pool of K. The batch takes about ceil(20/K) waves of 100 ms: 7 threads
// (3 waves) finish within 350 ms, 6 (4 waves) cannot. Every K the search
// did not try is checked by simulating it directly.
func TestCh15OffloadPool(t *testing.T) {
	s := ch15(t)
	res, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "batch<350ms"), Max: 20})
	if err != nil {
		t.Fatal(err)
	}
	if res.Knob != OffloadPool || res.Answer != 7 {
		t.Fatalf("Run(ch15-offload4, batch<350ms) = %s %d; want offload-pool 7", res.Knob, res.Answer)
	}
	for k := 1; k <= 20; k++ {
		sc := s
		sc.OffloadPool = k
		r, err := sim.Run(sc, sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if met := r.MakespanMS < 350; met != (k >= 7) {
			t.Errorf("offload pool %d: batch %.1f ms; met = %v", k, r.MakespanMS, met)
		}
		if p := res.Point(k); p != nil && math.Abs(float64(p.Values[0])-r.MakespanMS) > 1e-6 {
			t.Errorf("curve at %d: %.3f ms; sim.Run says %.3f", k, float64(p.Values[0]), r.MakespanMS)
		}
	}
	if res.Mode != "burst" || res.Warmup != 0 || res.MaxSeeds != 1 {
		t.Errorf("mode %s, warm-up %d, seeds %d; want burst, none, 1 (nothing is drawn)", res.Mode, res.Warmup, res.MaxSeeds)
	}
}

// Loops never outnumber the cores, and when no loop count up to them meets
// the SLO, plan says so and names the busiest resource.
func TestLoopsCappedAndNever(t *testing.T) {
	s := model.Scenario{Model: model.Loop, Threads: 2, Cores: 4, Requests: 1000, Arrival: model.Arrival{Kind: model.Poisson, Rate: 100},
		Classes: []model.Class{{Name: "normal", Fraction: 1, CPU: model.FixedDist(time.Millisecond), Wait: model.FixedDist(20 * time.Millisecond), Blocking: true}}, Seed: 1}
	s.Normalize()
	res, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<5ms"), Max: 64, Requests: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Max != 4 || res.Answer != 0 {
		t.Errorf("Max, Answer = %d, %d; want 4 (the cores), 0", res.Max, res.Answer)
	}
	keys := map[string]bool{}
	for _, n := range res.Notes {
		keys[n.Key] = true
	}
	if !keys["plan.note.loops.cap"] || !keys["plan.note.loops.never"] {
		t.Errorf("Notes = %v; want the cap and the never note", res.Notes)
	}
	for _, p := range res.Curve {
		if p.Size > 4 {
			t.Errorf("curve has %d loops, above the 4 cores", p.Size)
		}
	}
	// The same loops meet a looser SLO: 21 ms of blocking per request.
	res, err = Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<100ms"), Max: 64, Requests: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Answer < 1 || res.Answer > 4 {
		t.Errorf("Answer for p99<100ms = %d; want 1 to 4 loops", res.Answer)
	}
}

// The field report's 50 ms Redis: a wait that grows from 2 ms to 50 ms
// needs more threads for the same SLO, and today's size queues what
// Little's law says does not fit.
func TestSlowdown(t *testing.T) {
	if raceOn || testing.Short() {
		t.Skip("about a million simulated requests (TestDeterministic covers the parallel code)")
	}
	s := model.Scenario{Model: model.Pool, Threads: 20, Cores: 64, Requests: 1000, Arrival: model.Arrival{Kind: model.Poisson, Rate: 400},
		Classes: []model.Class{{Name: "normal", Fraction: 1, CPU: model.FixedDist(time.Millisecond), Wait: model.ExpDist(2 * time.Millisecond)}}, Seed: 1}
	s.Normalize()
	d := Slowdown{From: 2 * time.Millisecond, To: 50 * time.Millisecond}
	res, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<300ms"), Max: 128, Curve: 4, Requests: 2000, Slowdown: &d, Precision: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	sr := res.Slow
	if sr == nil || res.Answer == 0 || sr.Answer <= res.Answer {
		t.Fatalf("answers %d then %+v; want more threads after the slowdown", res.Answer, sr)
	}
	// 400/s x 51 ms = 20.4 threads busy on average: 20 cannot keep up.
	if math.Abs(sr.Holding-20.4) > 0.01 || sr.Excess < 0.39 || sr.AtToday == nil || !sr.AtToday.Overloaded {
		t.Errorf("at today's 20 threads: holding %.2f, excess %.2f, overloaded %v; want 20.4, 0.4, true", sr.Holding, sr.Excess, sr.AtToday != nil && sr.AtToday.Overloaded)
	}
	if sr.Growth <= 0 {
		t.Errorf("Growth = %v; want the excess arrivals per second", sr.Growth)
	}
	if _, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<300ms"), Slowdown: &Slowdown{From: 3 * time.Millisecond, To: time.Second}}); !isField(err, "--downstream-slowdown") {
		t.Errorf("slowdown of a wait the scenario lacks: err = %v; want a --downstream-slowdown field error", err)
	}
}

func isField(err error, field string) bool {
	var fe *model.FieldError
	return errors.As(err, &fe) && fe.Field == field
}

func TestDeterministic(t *testing.T) {
	cfg := Config{Scenario: mmcScenario(400, 10*time.Millisecond), SLOs: slos(t, "p99<54ms", "rps>300"), Max: 10, Curve: 4, Requests: 1000, Precision: 0.2}
	var out [2][]byte
	for i := range out {
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		out[i], err = json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Error("two runs of the same plan differ")
	}
}

// Sizes not simulated and scenarios with no limit still encode: NaN and
// infinities are null, never an encoding error.
func TestJSONOfSkippedSizes(t *testing.T) {
	for _, s := range []model.Scenario{mmcScenario(400, 10*time.Millisecond), func() model.Scenario {
		s := mmcScenario(400, 10*time.Millisecond)
		s.Classes[0].Wait = model.Dist{}
		return s
	}()} {
		res, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<54ms"), Max: 8, Requests: 500})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatalf("json.Marshal(plan result) = %v", err)
		}
		if p := res.Point(1); s.Classes[0].Wait.Mean > 0 && (p == nil || p.Simulated || !strings.Contains(string(b), `"switches_per_sec":null`)) {
			t.Errorf("size 1 at 400/s x 10 ms: %+v; want it skipped, its switches null", p)
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, Config{Scenario: mmcScenario(400, 10*time.Millisecond), SLOs: slos(t, "p99<54ms")})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run(cancelled) = %v; want context.Canceled", err)
	}
}

func TestBadQuestions(t *testing.T) {
	s := mmcScenario(400, 10*time.Millisecond)
	for _, c := range []struct {
		cfg   Config
		field string
	}{
		{Config{Scenario: s}, "--slo"},
		{Config{Scenario: s, SLOs: slos(t, "other.p99<1s")}, "--slo"},
		{Config{Scenario: s, SLOs: slos(t, "batch<1s")}, "--slo"},
		{Config{Scenario: s, SLOs: slos(t, "p99<1s"), Knob: Loops}, "--size"},
		{Config{Scenario: s, SLOs: slos(t, "p99<1s"), Min: 10, Max: 5}, "--max"},
		{Config{Scenario: s, SLOs: slos(t, "p99<1s"), Requests: 10}, "--requests"},
		{Config{Scenario: s, SLOs: slos(t, "p99<1s"), Seeds: 1000}, "--seeds"},
	} {
		if _, err := Run(context.Background(), c.cfg); !isField(err, c.field) {
			t.Errorf("Run(%+v) = %v; want a %s field error", c.cfg.SLOs, err, c.field)
		}
	}
}

func TestKnee(t *testing.T) {
	var curve []Point
	for n, v := range []float64{100, 40, 20, 15, 13, 12, 11.5, 11.2} {
		curve = append(curve, Point{Size: n + 1, Simulated: true, Values: []Num{Num(v)}})
	}
	if got := knee(curve); got != 3 {
		t.Errorf("knee = %d; want 3", got)
	}
}

func TestSpread(t *testing.T) {
	if got := spread(1, 5, 20); len(got) != 5 || got[4] != 5 {
		t.Errorf("spread(1, 5, 20) = %v", got)
	}
	got := spread(1, 1024, 20)
	if len(got) > 20 || got[0] != 1 || got[len(got)-1] != 1024 {
		t.Errorf("spread(1, 1024, 20) = %v", got)
	}
}

// The text and the SVG of a small deterministic plan, in both languages.
func TestGoldenText(t *testing.T) {
	s := ch15(t)
	res, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "batch<350ms", "normal.p99<80ms"), Max: 12})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		if err := WriteText(&b, l, res); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "plan_ch15."+string(l)+".golden"), b.Bytes())
		if strings.Contains(b.String(), "%!") || strings.Contains(b.String(), "plan.") {
			t.Errorf("%s text has a formatting error or a missing key:\n%s", l, b.String())
		}
		var svg bytes.Buffer
		if err := WriteSVG(&svg, l, res); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(svg.String(), "<?xml") || strings.Count(svg.String(), "<svg") != 1 || !strings.Contains(svg.String(), "answer 7") && l == msg.EN {
			t.Errorf("SVG (%s) is not one document with the answer marked", l)
		}
	}
}

// The analytic scan over c is linear and stops once larger pools cannot
// help: an SLO below the service time's own p99 (46 ms for an exponential
// 10 ms) over a range of 100,000 sizes has no analytic answer, at once.
func TestCrossCheckUnreachableIsQuick(t *testing.T) {
	res := &Result{SLOs: slos(t, "p99<20ms"), Min: 1, Max: MaxSize}
	cc := crossCheck(mmcScenario(1000, 10*time.Millisecond), Threads, res)
	if cc == nil || cc.Answer != 0 || cc.Agree != true {
		t.Errorf("crossCheck(unreachable) = %+v; want no answer, agreeing with none", cc)
	}
	res = &Result{SLOs: slos(t, "p99<56ms"), Min: 1, Max: MaxSize}
	if cc := crossCheck(mmcScenario(1000, 10*time.Millisecond), Threads, res); cc == nil || cc.Answer != 12 {
		t.Errorf("crossCheck(p99<56ms at 1000/s x 10 ms) = %+v; want 12", cc)
	}
}

// A size reused from a smaller one where no request waited for a thread
// is exactly what simulating it gives.
func TestNoWaitReuseIsExact(t *testing.T) {
	s := mmcScenario(400, 10*time.Millisecond)
	// The loosest precision goal: the answer's refinement (run on to the
	// goal) then leaves every size at the length its decision needed, so
	// a size is the same whether it is the answer or not.
	res, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<54ms", "mean<20ms"), Max: 64, Requests: 2000, Precision: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Point(64)
	if p == nil || p.SameAs == 0 {
		t.Fatalf("point 64 = %+v; want it reused from a smaller size", p)
	}
	direct, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<54ms", "mean<20ms"), Min: 64, Max: 64, Requests: 2000, Precision: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	d := direct.Point(64)
	for i := range p.Values {
		if p.Values[i] != d.Values[i] || p.SeedMin[i] != d.SeedMin[i] || p.SeedMax[i] != d.SeedMax[i] {
			t.Errorf("SLO %d at 64: reused %v [%v, %v], simulated %v [%v, %v]", i, p.Values[i], p.SeedMin[i], p.SeedMax[i], d.Values[i], d.SeedMin[i], d.SeedMax[i])
		}
	}
	if p.RPS != d.RPS || p.Cost != d.Cost {
		t.Errorf("at 64: reused rps %v cost %+v, simulated %v %+v", p.RPS, p.Cost, d.RPS, d.Cost)
	}
}

// Other knobs: the machine's cores for a CPU-bound pool, and carriers for
// virtual threads whose waits are pinned (they hold the carrier).
func TestOtherKnobs(t *testing.T) {
	pool := model.Scenario{Model: model.Pool, Threads: 64, Requests: 1000, Arrival: model.Arrival{Kind: model.Poisson, Rate: 1500},
		Classes: []model.Class{{Name: "normal", Fraction: 1, CPU: model.ExpDist(time.Millisecond)}}, Seed: 1}
	pool.Normalize()
	// 1 core serves at most 1,000/s; 2 serve 2,000/s.
	res, err := Run(context.Background(), Config{Scenario: pool, Knob: Cores, SLOs: slos(t, "rps>=1400"), Max: 16, Requests: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Answer != 2 {
		t.Errorf("cores for 1,500/s of 1 ms CPU = %d; want 2", res.Answer)
	}
	virt := model.Scenario{Model: model.Virtual, Threads: 1, Cores: 64, Requests: 1000, Arrival: model.Arrival{Kind: model.Poisson, Rate: 100},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(50 * time.Millisecond), Blocking: true}}, Seed: 1}
	virt.Normalize()
	// Pinned 50 ms waits at 100/s keep 5 carriers busy on average: 5 or
	// fewer cannot keep up.
	res, err = Run(context.Background(), Config{Scenario: virt, SLOs: slos(t, "p99<500ms"), Max: 32, Requests: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Knob != Carriers || res.Answer < 6 || res.Answer > 12 {
		t.Errorf("carriers for pinned waits = %s %d; want 6 to 12", res.Knob, res.Answer)
	}
	if p := res.Point(5); p == nil || !p.Overloaded {
		t.Errorf("5 carriers = %+v; want overloaded", p)
	}
}
