package runner

import (
	"context"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// counted is a Runner that counts how often it is checked and run: its
// runs return the scenario's requests as completed.
type counted struct{ checks, runs *int }

func (c counted) Via() string { return ViaProcess }
func (c counted) Check(model.Scenario) error {
	*c.checks++
	return nil
}
func (c counted) Run(_ context.Context, s model.Scenario, _ Options) (*Run, error) {
	*c.runs++
	return &Run{Result: &model.Result{Mode: "real", Requests: s.Requests, Completed: s.Requests, MakespanMS: 10}}, nil
}

// Issue 39: a run is prepared once and the Prepared is passed on. The web
// lab checks a run before it waits in line and then measures it; it used
// to prepare it again inside the measurement (lab.Prepare, then lab.Run
// preparing anew), scaling and checking twice. Each runner is checked
// once, and Measure runs the prepared (scaled) scenario.
func TestMeasureUsesThePreparedRun(t *testing.T) {
	var checks, runs int
	p, _ := model.LookupPreset("ch15-offload64")
	cfg := Config{Scenario: p.Scenario, Repeat: 2, Warmup: true, ScaleToCores: true, Cores: 2,
		Runners: []Runner{counted{&checks, &runs}}}
	prep, err := Prepare(cfg)
	if err != nil {
		t.Fatalf("Prepare = %v", err)
	}
	if checks != 1 {
		t.Fatalf("Prepare checked the runner %d times; want 1", checks)
	}
	if got := prep.Scenario(); got.Threads != 2 || got.Requests != 500 {
		t.Fatalf("Prepared scenario = %d loops, %d requests; want the scaled 2 and 500", got.Threads, got.Requests)
	}
	out, err := Measure(context.Background(), prep)
	if err != nil {
		t.Fatalf("Measure = %v", err)
	}
	if checks != 1 || runs != 3 {
		t.Errorf("after Measure: %d checks, %d runs; want 1 check (prepared once) and 3 runs (a warm-up and 2)", checks, runs)
	}
	if out.Scaling == nil || out.Scenario.Threads != 2 || out.Model == nil || out.Real == nil {
		t.Errorf("Measure = scaling %v, scenario threads %d, model %v, real %v; want the prepared scaling and scenario, both results",
			out.Scaling, out.Scenario.Threads, out.Model != nil, out.Real != nil)
	}
	// Measure refuses by the model (the wall cap) without running.
	cfg.Caps.MaxWall = time.Nanosecond
	prep, err = Prepare(cfg)
	if err != nil {
		t.Fatalf("Prepare = %v", err)
	}
	runs = 0
	if _, err := Measure(context.Background(), prep); err == nil || runs != 0 {
		t.Errorf("Measure over the wall cap = %v after %d runs; want a CapError before any run", err, runs)
	}
}
