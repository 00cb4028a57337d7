package sim

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 13: a long simulation (20,000 requests of 1000 calls: 20 million
// events) stops soon after its context is cancelled. The test cancels at
// the first progress report, an observable event, not after a sleep.
func TestRunContextStopsWhenCancelled(t *testing.T) {
	s := model.Scenario{Model: model.Loop, Threads: 4, Requests: 20_000, Seed: 1,
		Classes: []model.Class{{Name: "normal", Fraction: 1, Calls: 1000, Wait: model.ExpDist(time.Millisecond)}}}
	s.Normalize()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var reports []int64
	res, err := RunContext(ctx, s, Options{OnProgress: func(ev int64) {
		reports = append(reports, ev)
		cancel()
	}})
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("RunContext(cancelled at the first progress) = %v, %v; want no result and context.Canceled", res, err)
	}
	if len(reports) != 1 || reports[0] != CheckEvery {
		t.Errorf("progress reports %v; want one, at %d events (then it stopped)", reports, CheckEvery)
	}

	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := RunContext(done, s, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("RunContext(already cancelled) = %v; want context.Canceled before any work", err)
	}
}

// Run and RunContext with a live context give the same result.
func TestRunContextSameAsRun(t *testing.T) {
	s := burstOnLoops(5_000)
	s.Classes[0].Calls = 20 // 105,000 events: one progress report
	a, err := Run(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	b, err := RunContext(context.Background(), s, Options{OnProgress: func(int64) { n++ }})
	if err != nil {
		t.Fatal(err)
	}
	if a.MakespanMS != b.MakespanMS || a.All != b.All || a.Events != b.Events {
		t.Errorf("Run %+v and RunContext %+v differ", a.All, b.All)
	}
	if want := int(a.Events / CheckEvery); n != want {
		t.Errorf("%d progress reports for %d events; want %d", n, a.Events, want)
	}
}
