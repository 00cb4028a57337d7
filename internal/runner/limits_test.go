package runner

import (
	"errors"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

func scenario(m model.Kind, threads, requests int, wait time.Duration, blocking bool) model.Scenario {
	s := model.Scenario{
		Model: m, Threads: threads, Requests: requests, Seed: 1,
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(wait), Blocking: blocking}},
	}
	s.Normalize()
	return s
}

func TestCheckRefusesTooBig(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    model.Scenario
		key  string
	}{
		{"threads", scenario(model.Pool, 20_000, 10, time.Millisecond, false), "run.err.threads"},
		{"offload threads", func() model.Scenario {
			s := scenario(model.Offload, 2, 10, time.Millisecond, true)
			s.OffloadPool = 10_000
			return s
		}(), "run.err.threads"},
		{"requests", scenario(model.Virtual, 2, 3_000_000, 0, false), "run.err.requests"},
		{"wall", scenario(model.Pool, 2, 1000, 2*time.Second, false), "run.err.wall"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(tc.s, 0)
			var tb *TooBigError
			if !errors.As(err, &tb) || tb.Key != tc.key || !errors.Is(err, ErrTooBig) {
				t.Fatalf("Check(%s) = %v; want a TooBigError %s", tc.name, err, tc.key)
			}
		})
	}
	if err := Check(scenario(model.Pool, 4, 12, 200*time.Millisecond, false), 0); err != nil {
		t.Errorf("Check(lab pool) = %v; want nil", err)
	}
	if err := Check(scenario(model.Loop, 4, 12, time.Millisecond, false), 11*time.Minute); err == nil {
		t.Errorf("Check(expected 11m) = nil; want a refusal")
	}
}

func TestScaleToCores(t *testing.T) {
	p, _ := model.LookupPreset("ch15-offload64")
	s, sc, ok := ScaleToCores(p.Scenario, 2)
	if !ok || s.Threads != 2 || s.Requests != 500 || s.OffloadPool != 16 || sc.Factor != 0.25 {
		t.Fatalf("ScaleToCores(ch15-offload64, 2) = threads %d requests %d pool %d factor %v ok %v; want 2, 500, 16, 0.25, true",
			s.Threads, s.Requests, s.OffloadPool, sc.Factor, ok)
	}
	if s.Classes[1].Fraction != 0.01 || s.Placement != p.Scenario.Placement {
		t.Errorf("scaled blocking fraction %v placement %v; want 0.01 and %v unchanged", s.Classes[1].Fraction, s.Placement, p.Scenario.Placement)
	}
	if p.Scenario.Threads != 8 {
		t.Errorf("ScaleToCores changed its argument")
	}
	p4, _ := model.LookupPreset("ch15-offload4")
	if s, _, _ := ScaleToCores(p4.Scenario, 2); s.OffloadPool != 1 {
		t.Errorf("ScaleToCores(ch15-offload4, 2).OffloadPool = %d; want 1", s.OffloadPool)
	}
	if _, _, ok := ScaleToCores(scenario(model.Pool, 200, 10, 0, false), 2); ok {
		t.Errorf("ScaleToCores(pool) scaled a pool; want it unchanged")
	}
}

// Issue 13: `run --repeat 1000000` is refused by the 10-minute rule (each
// run is a child process), and so are runs that fit alone but not
// repeated; what fits passes.
func TestCheckRepeat(t *testing.T) {
	tiny := scenario(model.Pool, 1, 1, 0, false)
	lab := scenario(model.Pool, 4, 12, 200*time.Millisecond, false) // about 0.6 s a run
	for _, tc := range []struct {
		name     string
		s        model.Scenario
		expected time.Duration
		n        int
		key      string
	}{
		{"a million repeats", tiny, 0, 1_000_000, "run.err.repeat.max"},
		{"zero repeats", tiny, 0, 0, "run.err.repeat.max"},
		{"1000 lab runs (10 minutes)", lab, 600 * time.Millisecond, 1000, "run.err.wall.repeat"},
		{"one run too long", lab, 11 * time.Minute, 1, "run.err.wall"},
		{"10 lab runs", lab, 600 * time.Millisecond, 10, ""},
		{"1000 tiny runs", tiny, 0, MaxRepeat, ""},
	} {
		err := CheckRepeat(tc.s, tc.expected, tc.n, true)
		if tc.key == "" {
			if err != nil {
				t.Errorf("CheckRepeat(%s) = %v; want nil", tc.name, err)
			}
			continue
		}
		var tb *TooBigError
		if !errors.As(err, &tb) || tb.Key != tc.key {
			t.Errorf("CheckRepeat(%s) = %v; want a TooBigError %s", tc.name, err, tc.key)
		}
	}
}
