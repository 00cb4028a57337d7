package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
)

// TestMain lets the test binary serve as the in-process run's child:
// started with live.ChildCommand it does what `waitlab __run-child` does.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == live.ChildCommand {
		ctx := supervise.Controlled().Context(context.Background())
		if err := live.ServeChild(ctx, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func self(t *testing.T) Process {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Process{Exe: exe}
}

func pool(requests int, wait time.Duration) model.Scenario {
	s := model.Scenario{Model: model.Pool, Threads: 2, Requests: requests, Seed: 1,
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(wait)}}}
	s.Normalize()
	return s
}

// Issue 13, item 4: on a context already cancelled no run starts, and
// Repeat says "interrupted" with a typed error, never a nil median.
func TestRepeatOnACancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, warmup := range []bool{true, false} {
		rep, runs, err := Repeat(ctx, self(t), pool(4, time.Millisecond), Options{}, 3, warmup, nil)
		if !errors.Is(err, supervise.ErrInterrupted) || rep != nil || runs != nil {
			t.Errorf("Repeat(cancelled, warmup %v) = %v, %v, %v; want supervise.ErrInterrupted and nothing else", warmup, rep, runs, err)
		}
	}
}

// A Repeat interrupted after its first run keeps that run and says it was
// interrupted (the cancel comes at the progress call of run 2).
func TestRepeatInterruptedAfterOneRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := pool(4, time.Millisecond)
	rep, runs, err := Repeat(ctx, self(t), s, Options{}, 3, false, func(run, of int) {
		if run == 2 {
			cancel()
		}
	})
	if err != nil {
		t.Fatalf("Repeat = %v", err)
	}
	if len(rep.Runs) != 1 || len(runs) != 1 || runs[0].Child == nil || !rep.Interrupted || rep.Median == nil || !rep.Median.Interrupted || rep.Median.Completed != s.Requests {
		t.Errorf("Repeat interrupted after run 1: %d runs, interrupted %v, median %+v; want the one run, marked interrupted", len(rep.Runs), rep.Interrupted, rep.Median)
	}
}

// The counted runs come back in order with their traces; the warm-up
// runs without one and is not counted.
func TestRepeatCountsTheRunsAfterTheWarmup(t *testing.T) {
	s := pool(6, time.Millisecond)
	var seen []int
	rep, runs, err := Repeat(context.Background(), self(t), s, Options{Trace: true}, 2, true, func(run, of int) { seen = append(seen, run) })
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seen) != "[0 1 2]" || len(runs) != 2 || len(rep.Runs) != 2 || rep.Warmup == nil {
		t.Fatalf("progress %v, %d runs, %d counted, warm-up %v", seen, len(runs), len(rep.Runs), rep.Warmup != nil)
	}
	if rep.Warmup.Trace != nil {
		t.Error("the warm-up kept a trace")
	}
	for i, r := range rep.Runs {
		if r.Trace == nil || len(r.Trace.Records) != s.Requests {
			t.Errorf("run %d: no full trace", i+1)
		}
	}
}

// scripted is a Runner whose runs are given: run i returns script[i]'s
// result or error, and cancel (if set) is called as run cancelAt starts.
type scripted struct {
	via      string
	script   []func() (*Run, error)
	calls    *int
	cancelAt int
	cancel   context.CancelFunc
}

func (s scripted) Via() string                { return s.via }
func (s scripted) Check(model.Scenario) error { return nil }
func (s scripted) Run(ctx context.Context, _ model.Scenario, _ Options) (*Run, error) {
	i := *s.calls
	*s.calls++
	if s.cancel != nil && i == s.cancelAt {
		s.cancel()
	}
	return s.script[i]()
}

// Issue 45, item 2: an HTTP run interrupted in its first counted run
// (the child's error, after a whole warm-up) came back with the warm-up's
// result but no Run, and fillHTTP indexed runs[0] out of range. Every
// aggregated result has its Run.
func TestRepeatInterruptedInTheFirstCountedRunKeepsTheWarmupRun(t *testing.T) {
	s := pool(4, time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	warm := &Run{Result: &model.Result{Completed: 4, MakespanMS: 5}, HTTP: &HTTPRun{}}
	calls := 0
	r := scripted{via: ViaHTTP, calls: &calls, cancelAt: 1, cancel: cancel, script: []func() (*Run, error){
		func() (*Run, error) { return warm, nil },
		func() (*Run, error) { return nil, fmt.Errorf("%w (the target went)", supervise.ErrInterrupted) },
	}}
	rep, runs, err := Repeat(ctx, r, s, Options{}, 3, true, nil)
	if err != nil {
		t.Fatalf("Repeat = %v", err)
	}
	if len(runs) != len(rep.Runs) || len(runs) != 1 || runs[0] != warm {
		t.Fatalf("Repeat gave %d results and %d runs; want the warm-up's one of each", len(rep.Runs), len(runs))
	}
	if !rep.Interrupted || !rep.Median.Interrupted {
		t.Errorf("Repeat interrupted in run 1: interrupted %v, median %v; want both marked", rep.Interrupted, rep.Median.Interrupted)
	}
}

// Issue 45, the interrupt class: a run the user interrupted whose
// requests all finished anyway (a burst over HTTP answers what is in
// flight) came back whole and unmarked, and `run --via http` exited 0.
// An interrupt is never a whole measurement.
func TestRepeatInterruptedDuringAWholeRunIsMarked(t *testing.T) {
	s := pool(4, time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	whole := func() (*Run, error) {
		return &Run{Result: &model.Result{Completed: 4, MakespanMS: 5}, HTTP: &HTTPRun{}}, nil
	}
	calls := 0
	r := scripted{via: ViaHTTP, calls: &calls, cancelAt: 1, cancel: cancel, script: []func() (*Run, error){whole, whole}}
	rep, runs, err := Repeat(ctx, r, s, Options{}, 1, true, nil)
	if err != nil || len(runs) != 1 {
		t.Fatalf("Repeat = %d runs, %v", len(runs), err)
	}
	if !rep.Interrupted || !rep.Median.Interrupted {
		t.Errorf("Repeat interrupted during its one run: interrupted %v, median %v; want both marked", rep.Interrupted, rep.Median.Interrupted)
	}
}
