package plan

import (
	"bytes"
	"context"
	"fmt"
	"github.com/waitlab/waitlab/internal/supervise"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
)

// cutRunner is a Runner whose warm-up measures (without records, as a
// warm-up does) and whose first counted run is interrupted: cancel is
// called and the run returns ErrInterrupted, as a child killed by the
// user's SIGINT does.
type cutRunner struct{ cancel context.CancelFunc }

func (cutRunner) Via() string                { return runner.ViaProcess }
func (cutRunner) Check(model.Scenario) error { return nil }
func (c cutRunner) Run(_ context.Context, s model.Scenario, opt runner.Options) (*runner.Run, error) {
	if !opt.Trace {
		return &runner.Run{Result: &model.Result{Completed: s.Requests, MakespanMS: 300}}, nil
	}
	c.cancel()
	return nil, fmt.Errorf("%w (the child stopped)", supervise.ErrInterrupted)
}

// Issue 45, item 7: SIGINT during plan --confirm ended in "came back
// without its records" (exit 1) and lost the answer. The confirmation
// comes back, marked interrupted, concluding nothing, and prints.
func TestConfirmInterruptedMarksItAndConcludesNothing(t *testing.T) {
	res, err := Run(context.Background(), Config{Scenario: ch15(t), SLOs: slos(t, "batch<350ms"), Max: 20})
	if err != nil || res.Answer == 0 {
		t.Fatalf("Run = %v, answer %d", err, res.Answer)
	}
	for _, already := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		if already {
			cancel() // the interrupt came before the first real run
		}
		c, err := Confirm(ctx, res, Real{Runner: cutRunner{cancel}}, 2)
		cancel()
		if err != nil {
			t.Fatalf("Confirm (interrupted, before it started %v) = %v; want the confirmation", already, err)
		}
		if !c.Interrupted() || c.Held || c.Separated || len(c.Sizes) != 1 || c.Sizes[0].Runs != 0 {
			t.Errorf("Confirm (interrupted) = %+v; want one size, interrupted, no runs, neither held nor separated", c)
		}
		var b bytes.Buffer
		if err := WriteConfirm(&b, msg.EN, res, c); err != nil {
			t.Fatal(err)
		}
		// No run came back whole: no measured figure, no range of none
		// (it printed "4000.0 ms" and "+Inf–-Inf").
		if out := b.String(); !strings.Contains(out, "was interrupted") || strings.Contains(out, "did NOT meet") || strings.Contains(out, " no\n") ||
			strings.Contains(out, "Inf") || len(c.Sizes[0].Measured) != 0 {
			t.Errorf("WriteConfirm (interrupted) concludes:\n%s", out)
		}
	}
}

// Issue 45, item 10: an arrival rate whose offered load is far beyond
// Max (poisson:1e9 on the lab pool's 200 ms waits) made the cross-check
// build Erlang B up to the offered load, 2e8 steps (13 s of CPU, after
// the web lab's visitor had gone). With waits of an hour that would be
// 3.6e12 steps, hours of CPU; the cross-check is bounded by Max, so Run returns.
func TestCrossCheckBoundedByMax(t *testing.T) {
	p, _ := model.LookupPreset("lab-pool")
	s := p.Scenario
	a, err := model.ParseArrival("poisson:1e9")
	if err != nil {
		t.Fatal(err)
	}
	s.Arrival, s.Requests = a, 2000
	s.Classes = append([]model.Class(nil), s.Classes...)
	for i := range s.Classes {
		s.Classes[i].Wait = model.FixedDist(time.Hour)
	}
	s.Normalize()
	done := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), Config{Scenario: s, SLOs: slos(t, "p99<1s"), Max: 256, Requests: 2000, Seeds: 2, MaxSeeds: 4, Curve: 12, Workers: 1})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run = %v; want an answer (or none) for the scenario", err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("plan.Run at poisson:1e9, hour-long waits, still running after 2 minutes")
	}
}

// Issue 45, item 10: work stops when its caller goes. A Run whose
// context has ended returns its error, whatever the arrival.
func TestRunStopsWhenItsCallerGoes(t *testing.T) {
	p, _ := model.LookupPreset("lab-pool")
	s := p.Scenario
	s.Arrival, _ = model.ParseArrival("poisson:1e9")
	s.Requests = 2000
	s.Normalize()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := Run(ctx, Config{Scenario: s, SLOs: slos(t, "p99<1s"), Max: 256, Requests: 2000, Workers: 1}); err == nil {
		t.Errorf("Run(cancelled) = answer %d, nil; want the context's error", res.Answer)
	}
}
