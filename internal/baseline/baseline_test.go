package baseline

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

const testURL = "http://127.0.0.1:8080/"

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// synth is a seeded synthetic run: secs seconds of rate ok responses, each
// wait + an exponential queueing delay of mean jitter, and per second a
// drift factor (the machine's neighbours) drawn around 1 with spread
// drift. It goes through the file format (Write, ReadResult), as files do.
func synth(t *testing.T, rng *rand.Rand, name string, secs, rate int, wait, jitter time.Duration, drift float64) *loadresult.Result {
	t.Helper()
	lat := make([][]time.Duration, secs)
	runDrift := 1 + drift*rng.NormFloat64()
	for s := range lat {
		f := max(runDrift+drift*rng.NormFloat64(), 0.2)
		for range rate {
			q := time.Duration(rng.ExpFloat64() * float64(jitter) * f)
			lat[s] = append(lat[s], wait+q)
		}
	}
	return roundTrip(t, name, loadgen.SyntheticRun(testURL, t0, lat, nil))
}

func roundTrip(t *testing.T, name string, r *loadresult.Result) *loadresult.Result {
	t.Helper()
	var b bytes.Buffer
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	out, err := loadresult.ReadResult(b.Bytes())
	if err != nil {
		t.Fatalf("ReadResult(SyntheticRun) = %v", err)
	}
	out.SetSource(name)
	return out
}

func row(v *Verdict, name string) Metric {
	for _, m := range v.Metrics {
		if m.Name == name {
			return m
		}
	}
	return Metric{}
}

// measure's quantiles follow HdrHistogram's rule: the same figures as a
// report of the same seconds.
func TestMeasureMatchesReport(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	r := synth(t, rng, "a", 6, 200, 20*time.Millisecond, 2*time.Millisecond, 0)
	raw := sideUnits([]*loadresult.Result{r}, r)
	var all []int64
	for _, s := range raw {
		all = append(all, s.vals...)
	}
	b := &bins{vals: sortedUnique(all)}
	var us []*unit
	for i := range raw {
		u := raw[i].u
		for j, v := range raw[i].vals {
			u.idx = append(u.idx, b.index(v))
			u.cnt = append(u.cnt, raw[i].cnts[j])
		}
		us = append(us, &u)
	}
	st := measure(us, b, make([]int64, len(b.vals)), true)
	// Per-second histograms keep 2 digits, the run's 3: within 1%.
	for _, c := range []struct {
		m int
		q float64
	}{{mP50, 50}, {mP90, 90}, {mP99, 99}} {
		want := r.LatencyQuantile(c.q)
		if math.Abs(st[c.m]/want-1) > 0.01 {
			t.Errorf("measure p%v = %.3f ms; the report says %.3f", c.q, st[c.m], want)
		}
	}
	if want := float64(r.WindowOK) / 6; st[mOKRPS] != want {
		t.Errorf("measure ok_rps = %v; want %v", st[mOKRPS], want)
	}
	if want := float64(r.Service.SumNS) / float64(r.Service.Count) / 1e6; math.Abs(st[mService]-want) > 1e-9 {
		t.Errorf("measure service = %v; want %v", st[mService], want)
	}
}

// A/A: twenty pairs of runs of one synthetic server, whose neighbours
// drift from second to second and from run to run, compared in both
// orders: at most one false alarm in twenty (the rate), and none
// expected on these seeds.
func TestAAFalseAlarms(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2026))
	alarms, total := 0, 0
	for i := range 20 {
		a := synth(t, rng, "a", 8, 150, 20*time.Millisecond, 1*time.Millisecond, 0.15)
		b := synth(t, rng, "b", 8, 150, 20*time.Millisecond, 1*time.Millisecond, 0.15)
		for _, p := range [][2]*loadresult.Result{{a, b}, {b, a}} {
			v, err := Compare([]*loadresult.Result{p[0]}, []*loadresult.Result{p[1]}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			total++
			if !v.Pass {
				alarms++
				t.Logf("pair %d: false alarm on %v", i, v.Regressions)
			}
		}
	}
	t.Logf("A/A: %d false alarms in %d comparisons", alarms, total)
	if alarms*20 > total {
		t.Errorf("A/A: %d false alarms in %d comparisons; want at most 1 in 20", alarms, total)
	}
}

// A/B: the candidate waits 26 ms instead of 20: p50 and p99 fail, with
// intervals above 0, in the same conditions as the A/A test.
func TestABDetectsSlowerWait(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 26))
	a := synth(t, rng, "a.json", 8, 150, 20*time.Millisecond, 1*time.Millisecond, 0.15)
	b := synth(t, rng, "b.json", 8, 150, 26*time.Millisecond, 1*time.Millisecond, 0.15)
	v, err := Compare([]*loadresult.Result{a}, []*loadresult.Result{b}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Pass || v.Method != MethodBlocks {
		t.Errorf("A/B: pass %v, method %s; want a failure by blocks", v.Pass, v.Method)
	}
	for _, name := range []string{"p50", "p99"} {
		m := row(v, name)
		if !m.Fails || m.Verdict != Worse || !(m.Lo > 0) {
			t.Errorf("A/B %s: %+v; want worse beyond the tolerance, interval above 0", name, m)
		}
	}
	if m := row(v, "ok_rps"); m.Fails || m.Verdict == Worse {
		t.Errorf("A/B ok_rps: %+v; the rate did not change", m)
	}
	// Reversed, the same change is better, and passes.
	v, err = Compare([]*loadresult.Result{b}, []*loadresult.Result{a}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Pass || row(v, "p50").Verdict != Better {
		t.Errorf("B/A: pass %v, p50 %+v; want a pass, p50 better", v.Pass, row(v, "p50"))
	}
}

// Three runs a side: the interval comes from across runs, and a small
// real change (3%) is significant but within the tolerance: worse, no
// failure.
func TestAcrossRunsWithinTolerance(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var base, cand []*loadresult.Result
	for i := range 3 {
		s := t0.Add(time.Duration(i) * time.Minute)
		for _, side := range []struct {
			out  *[]*loadresult.Result
			wait time.Duration
		}{{&base, 20 * time.Millisecond}, {&cand, 20600 * time.Microsecond}} {
			lat := make([][]time.Duration, 8)
			for sec := range lat {
				for range 150 {
					lat[sec] = append(lat[sec], side.wait+time.Duration(rng.ExpFloat64()*20e3))
				}
			}
			*side.out = append(*side.out, roundTrip(t, "r", loadgen.SyntheticRun(testURL, s, lat, nil)))
		}
	}
	v, err := Compare(base, cand, Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := row(v, "p50")
	if v.Method != MethodRuns || m.Verdict != Worse || m.Fails || !v.Pass {
		t.Errorf("3+3 runs, +3%%: method %s, p50 %+v, pass %v; want runs, worse within the tolerance, pass", v.Method, m, v.Pass)
	}
}

// A candidate whose every request failed never passes; one with no
// request at all, and bad input, is an InputError naming the file.
func TestNoSamplesAndBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	a := synth(t, rng, "base.json", 8, 100, 20*time.Millisecond, time.Millisecond, 0)
	failed := roundTrip(t, "failed.json", loadgen.SyntheticRun(testURL, t0, make([][]time.Duration, 8), []int64{100, 100, 100, 100, 100, 100, 100, 100}))
	v, err := Compare([]*loadresult.Result{a}, []*loadresult.Result{failed}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Pass || !v.CandidateNoOK || row(v, "p50").Verdict != Worse || row(v, "error_rate").Verdict != Worse {
		t.Errorf("all failed: pass %v, no ok %v, p50 %+v, errors %+v; want a failure", v.Pass, v.CandidateNoOK, row(v, "p50"), row(v, "error_rate"))
	}
	empty := roundTrip(t, "empty.json", loadgen.SyntheticRun(testURL, t0, make([][]time.Duration, 8), nil))
	other := synth(t, rng, "other.json", 8, 100, 20*time.Millisecond, time.Millisecond, 0)
	other.URL = "http://127.0.0.1:9090/"
	for _, c := range []struct {
		name       string
		base, cand []*loadresult.Result
		opt        Options
		file, key  string
	}{
		{"no samples", []*loadresult.Result{a}, []*loadresult.Result{empty}, Options{}, "empty.json", "baseline.err.nosamples"},
		{"baseline failed", []*loadresult.Result{failed}, []*loadresult.Result{a}, Options{}, "failed.json", "baseline.err.baseline_no_ok"},
		{"url", []*loadresult.Result{a}, []*loadresult.Result{other}, Options{}, "other.json", "baseline.err.url"},
		{"no candidate", []*loadresult.Result{a}, nil, Options{}, "candidate", "baseline.err.none"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compare(c.base, c.cand, c.opt)
			var ie *InputError
			if !errors.As(err, &ie) || ie.File != c.file || ie.Key != c.key {
				t.Fatalf("Compare = %v; want an InputError %s naming %s", err, c.key, c.file)
			}
			if s := ie.Localize(msg.KO); !strings.Contains(s, c.file) {
				t.Errorf("Korean message %q does not name %s", s, c.file)
			}
		})
	}
	if _, err := Compare([]*loadresult.Result{a}, []*loadresult.Result{other}, Options{AllowDifferentURL: true}); err != nil {
		t.Errorf("AllowDifferentURL: %v", err)
	}
}

// The fairness check names the generator placement when the baseline's
// generator ran apart from the target and the candidate's shared its CPU;
// Strict fails it; an expected change is not a warning.
func TestFairnessPlacement(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	a := synth(t, rng, "apart.json", 8, 150, 20*time.Millisecond, time.Millisecond, 0)
	b := synth(t, rng, "shared.json", 8, 150, 20*time.Millisecond, time.Millisecond, 0)
	a.Conditions = &loadresult.Conditions{GenCPUs: "1", TargetCPUs: "0", TargetInfo: map[string]string{"model": "pool", "lock": "off"}}
	b.Conditions = &loadresult.Conditions{GenCPUs: "0", TargetCPUs: "0", TargetInfo: map[string]string{"model": "pool", "lock": "on"}}
	v, err := Compare([]*loadresult.Result{a}, []*loadresult.Result{b}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]Finding{}
	for _, f := range v.Findings {
		keys[f.Key] = f
	}
	p, ok := keys["placement"]
	if !ok || p.BaseKind != PlaceApart || p.CandKind != PlaceShared || v.Fair {
		t.Fatalf("findings %+v; want placement apart -> shared, unfair", v.Findings)
	}
	if _, ok := keys["target_lock"]; !ok {
		t.Errorf("findings %+v; want the target's lock", v.Findings)
	}
	if !v.Pass {
		t.Errorf("not strict: pass %v; an unfair comparison still passes without --strict", v.Pass)
	}
	var out bytes.Buffer
	if err := WriteText(&out, v, msg.EN); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	unfair := strings.Index(text, "not a like-for-like comparison")
	if unfair < 0 || unfair > strings.Index(text, "p50 (ms)") || !strings.Contains(text, "generator placement") {
		t.Errorf("text does not say first that it is not like for like, naming the placement:\n%s", text)
	}
	v, _ = Compare([]*loadresult.Result{a}, []*loadresult.Result{b}, Options{Strict: true})
	if v.Pass {
		t.Errorf("strict: pass; want a failure")
	}
	// Pinned alike, with the lock changed on purpose: fair.
	b.Conditions.GenCPUs = "1"
	v, _ = Compare([]*loadresult.Result{a}, []*loadresult.Result{b}, Options{Strict: true, Expected: []string{"target_lock"}})
	if !v.Fair || !v.Pass {
		t.Errorf("expected lock change: fair %v pass %v, findings %+v", v.Fair, v.Pass, v.Findings)
	}
}

// JSON: nulls, not NaN, and the table and findings for tools; HTML: one
// self-contained page with the three plots.
func TestOutputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	a := synth(t, rng, "a", 8, 150, 20*time.Millisecond, time.Millisecond, 0)
	failed := roundTrip(t, "f", loadgen.SyntheticRun(testURL, t0, make([][]time.Duration, 8), []int64{5, 5, 5, 5, 5, 5, 5, 5}))
	v, err := Compare([]*loadresult.Result{a}, []*loadresult.Result{failed}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var j bytes.Buffer
	if err := WriteJSON(&j, v); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Pass    bool `json:"pass"`
		Metrics []struct {
			Name string   `json:"name"`
			Cand *float64 `json:"candidate"`
		} `json:"metrics"`
		Fairness []Finding `json:"fairness"`
	}
	if err := json.Unmarshal(j.Bytes(), &back); err != nil {
		t.Fatalf("JSON: %v\n%s", err, j.String())
	}
	if back.Pass || len(back.Metrics) != numMetrics || back.Metrics[0].Cand != nil || back.Fairness == nil {
		t.Errorf("JSON = %s", j.String())
	}
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		var h bytes.Buffer
		if err := WriteHTML(&h, v, lang); err != nil {
			t.Fatal(err)
		}
		page := h.String()
		if strings.Count(page, "<svg") != 3 || strings.Contains(page, "<script") || !strings.Contains(page, "<table>") {
			t.Errorf("HTML (%s): want three SVG plots, a table, no script", lang)
		}
	}
}

// Issue 45, item 16: --changed with a misspelled condition was ignored in
// silence; it is refused with the names there are.
func TestCheckExpectedRefusesUnknownConditions(t *testing.T) {
	r := &loadresult.Result{Conditions: &loadresult.Conditions{TargetInfo: map[string]string{"lock": "on", "pid": "1"}}}
	rs := []*loadresult.Result{r}
	for _, c := range []struct {
		names   []string
		results [][]*loadresult.Result
		ok      bool
	}{
		{[]string{"load_model", "think"}, nil, true},
		{[]string{"load_mdoel"}, nil, false},
		{[]string{"target_lock"}, nil, true}, // before the candidate's run
		{[]string{"target_"}, nil, false},
		{[]string{"target_lock"}, [][]*loadresult.Result{rs, rs}, true},
		{[]string{"target_lokc"}, [][]*loadresult.Result{rs, rs}, false},
		{[]string{"target_pid"}, [][]*loadresult.Result{rs, rs}, false},
	} {
		err := CheckExpected(c.names, c.results...)
		var ie *InputError
		if c.ok != (err == nil) || !c.ok && (!errors.As(err, &ie) || !strings.Contains(err.Error(), "load_model")) {
			t.Errorf("CheckExpected(%v, %d sides) = %v; want ok %v (a refusal listing the names)", c.names, len(c.results), err, c.ok)
		}
	}
}
