package live

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/watchdog"
)

func TestServeChildRoundTrip(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0)) // ServeChild sets it for the run
	s := scenario(model.Loop, 2, 6, 15*time.Millisecond, true)
	body, _ := json.Marshal(ChildRequest{Scenario: s, Options: Options{Trace: true, StallThreshold: 5 * time.Millisecond}})
	var out bytes.Buffer
	if err := ServeChild(context.Background(), bytes.NewReader(body), &out); err != nil {
		t.Fatalf("ServeChild = %v", err)
	}
	var resp ChildResponse
	if err := json.Unmarshal(out.Bytes(), &resp); err != nil {
		t.Fatalf("ServeChild wrote %q: %v", out.String(), err)
	}
	if resp.Error != "" || resp.Result == nil || resp.Result.Completed != 6 || resp.Trace == nil || len(resp.Trace.Records) != 6 {
		t.Fatalf("ServeChild response = %+v; want a complete result with its trace", resp)
	}
	// A stall that ends between two looks of the checker (a starved
	// checker on a loaded machine) has no stack; the others name the call.
	if len(resp.Stalls) != 6 || !strings.Contains(anyStack(resp.Stalls), "osthread.Block") {
		t.Errorf("ServeChild stalls = %d, a stack %q; want 6 with the loop's stack in osthread.Block", len(resp.Stalls), anyStack(resp.Stalls))
	}
	for i := 1; i < len(resp.Stalls); i++ {
		if resp.Stalls[i].Duration > resp.Stalls[i-1].Duration {
			t.Errorf("ServeChild stalls not longest first at %d", i)
		}
	}
}

func anyStack(st []watchdog.Stall) string {
	for _, s := range st {
		if s.Stack != "" {
			return s.Stack
		}
	}
	return ""
}

func TestServeChildReportsRefusals(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	s := scenario(model.Pool, MaxThreads+1, 6, time.Millisecond, false)
	body, _ := json.Marshal(ChildRequest{Scenario: s})
	var out bytes.Buffer
	if err := ServeChild(context.Background(), bytes.NewReader(body), &out); err != nil {
		t.Fatalf("ServeChild = %v", err)
	}
	var resp ChildResponse
	_ = json.Unmarshal(out.Bytes(), &resp)
	if resp.Result != nil || !strings.Contains(resp.Error, "run.err.threads") {
		t.Errorf("ServeChild(too many threads) = %+v; want an error naming run.err.threads", resp)
	}
	if err := ServeChild(context.Background(), strings.NewReader(`{"scenario": 1}`), &out); err == nil {
		t.Errorf("ServeChild(bad JSON) = nil; want an error")
	}
}

func TestAggregateMedianMinMax(t *testing.T) {
	s := scenario(model.Loop, 2, 10, 0, false)
	s.Classes = []model.Class{{Name: "normal", Fraction: 0.9}, {Name: "blocking", Fraction: 0.1, Wait: model.FixedDist(time.Millisecond), Blocking: true}}
	mk := func(makespan, p50, np50 float64, stalls int64) *model.Result {
		return &model.Result{MakespanMS: makespan, All: model.Summary{P50MS: p50},
			Classes: map[string]model.Summary{"normal": {P50MS: np50}}, Stalls: &model.Stalls{Count: stalls}}
	}
	runs := []*model.Result{mk(300, 3, 30, 5), mk(100, 1, 10, 1), mk(200, 9, 20, 3), mk(400, 2, 40, 7), mk(500, 5, 50, 9)}
	rep := Aggregate(s, runs)
	if m := rep.Median; m.MakespanMS != 300 || m.All.P50MS != 3 || m.Classes["normal"].P50MS != 30 || m.Stalls.Count != 5 {
		t.Errorf("Aggregate median = makespan %v p50 %v normal p50 %v stalls %d; want 300, 3, 30, 5", m.MakespanMS, m.All.P50MS, m.Classes["normal"].P50MS, m.Stalls.Count)
	}
	if r := rep.Range["p50_ms"]; r != (Range{Min: 1, Median: 3, Max: 9}) {
		t.Errorf("Aggregate range p50_ms = %+v; want 1, 3, 9", r)
	}
	if r := rep.Range["normal.p50_ms"]; r != (Range{Min: 10, Median: 30, Max: 50}) {
		t.Errorf("Aggregate range normal.p50_ms = %+v; want 10, 30, 50", r)
	}
	if runs[0].MakespanMS != 300 || runs[0].Classes["normal"].P50MS != 30 {
		t.Errorf("Aggregate changed its runs")
	}
	// An even count takes the lower median: a value that was measured.
	rep = Aggregate(s, runs[:2])
	if rep.Median.MakespanMS != 100 {
		t.Errorf("Aggregate of 2 runs median makespan = %v; want the lower, 100", rep.Median.MakespanMS)
	}
}

func TestFiguresNameEveryFigureOnce(t *testing.T) {
	s := scenario(model.Offload, 2, 10, 0, false)
	s.Classes = []model.Class{{Name: "normal", Fraction: 0.5}, {Name: "blocking", Fraction: 0.5}}
	seen := map[string]bool{}
	for _, f := range Figures(s) {
		if seen[f.Key] {
			t.Errorf("Figures lists %q twice", f.Key)
		}
		seen[f.Key] = true
	}
	for _, k := range []string{"makespan_ms", "throughput_rps", "p50_ms", "p99_ms", "normal.p50_ms", "blocking.p99_ms", "os_threads_peak", "cpu_ms", "stalls", "stall_worst_ms"} {
		if !seen[k] {
			t.Errorf("Figures lacks %q", k)
		}
	}
	if f := Figures(scenario(model.Pool, 2, 10, 0, false)); len(f) == 0 || hasKey(f, "stalls") || hasKey(f, "normal.p50_ms") {
		t.Errorf("Figures(pool, one class) has loop or class figures")
	}
}

func hasKey(fs []Figure, k string) bool {
	for _, f := range fs {
		if f.Key == k {
			return true
		}
	}
	return false
}

func FuzzDecodeChildRequest(f *testing.F) {
	body, _ := json.Marshal(ChildRequest{Scenario: scenario(model.Offload, 2, 10, time.Millisecond, true), Options: Options{Trace: true}})
	f.Add(body)
	f.Add([]byte(`{"scenario":{"model":"pool","threads":4,"requests":12,"arrival":"burst","classes":[{"wait":"200ms"}]}}`))
	f.Add([]byte(`{"scenario":{"model":"loop"},"options":{"stall_threshold":5000000}}`))
	f.Add([]byte(`{"bogus":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := DecodeChildRequest(bytes.NewReader(b))
		if err != nil {
			return
		}
		// A decoded scenario is normalized, and Validate and Check answer
		// without panicking.
		if req.Scenario.Arrival.Kind == "" {
			t.Fatalf("DecodeChildRequest(%q): scenario not normalized", b)
		}
		if req.Scenario.Validate() == nil {
			_ = Check(req.Scenario, 0)
			_ = Estimate(req.Scenario, 2)
		}
	})
}
