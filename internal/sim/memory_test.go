package sim

import (
	"math"
	"testing"
	"time"
	"unsafe"

	"github.com/waitlab/waitlab/internal/model"
)

// burstOnLoops is the scenario (issue 13, item 9) at size n: 8 loops,
// 200us of CPU, 2s non-blocking waits, 1% of requests blocking 100ms. In a
// burst every continuation queues behind the burst, so all n requests are in
// flight at once.
func burstOnLoops(n int) model.Scenario {
	s := model.Scenario{Model: model.Loop, Threads: 8, Requests: n, Seed: 1,
		Classes: []model.Class{
			{Name: "normal", Fraction: 0.99, CPU: model.FixedDist(200 * time.Microsecond), Wait: model.FixedDist(2 * time.Second)},
			{Name: "blocking", Fraction: 0.01, CPU: model.FixedDist(200 * time.Microsecond), Wait: model.FixedDist(100 * time.Millisecond), Blocking: true},
		}}
	s.Normalize()
	return s
}

// Issue 13, item 9: a request in flight costs a slot of 20 bytes and no
// allocation of its own (its draws are made again from its index, the
// slots grow in chunks), so 30,000 requests in flight take a few hundred
// allocations, not one or more per request.
func TestRequestsInFlightDoNotAllocateEach(t *testing.T) {
	if sz := unsafe.Sizeof(req{}); sz > 20 {
		t.Errorf("a request in flight takes %d bytes; want at most 20", sz)
	}
	s := burstOnLoops(30_000)
	var res *model.Result
	allocs := testing.AllocsPerRun(1, func() {
		var err error
		if res, err = Run(s, Options{}); err != nil {
			t.Fatal(err)
		}
	})
	if res.Completed != s.Requests {
		t.Fatalf("completed %d of %d", res.Completed, s.Requests)
	}
	// In flight at once: all of them (Little's law over the run).
	if res.InFlightMean < float64(s.Requests)/2 {
		t.Errorf("in flight %.0f; want the burst's continuations queued behind it (about %d)", res.InFlightMean, s.Requests/2)
	}
	if allocs > 2000 {
		t.Errorf("Run allocated %.0f times for %d requests in flight; want a bounded number (slab chunks, queues, recorders)", allocs, s.Requests)
	}
}

// The trace still records every request's start and first lane (they are
// kept beside the slots only when a trace is asked for).
func TestTraceRecordsStartAndLaneWithoutSlotFields(t *testing.T) {
	s := burstOnLoops(5000)
	res, err := Run(s, Options{Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Trace.Records) != s.Requests {
		t.Fatalf("%d records; want %d", len(res.Trace.Records), s.Requests)
	}
	for _, r := range res.Trace.Records {
		if r.Lane != int32(r.ID%8) || r.Start < r.Arrival || r.End < r.Start+200*time.Microsecond {
			t.Fatalf("record %+v: want lane = id mod 8, start after arrival, end after start + CPU", r)
		}
	}
}

// Issue 13: Little's law over a run whose latencies add up past what a
// Duration holds (3000 requests of 1h one after another on one thread:
// 4.5 million hours in all) is (n+1)/2, not a wrapped negative number.
func TestInFlightDoesNotOverflowOnLongRuns(t *testing.T) {
	s := model.Scenario{Model: model.Pool, Threads: 1, Requests: 3000, Seed: 1,
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(time.Hour)}}}
	s.Normalize()
	res, err := Run(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := 1500.5; math.Abs(res.InFlightMean-want) > 0.01 {
		t.Errorf("in flight %v; want %v", res.InFlightMean, want)
	}
	if res.MakespanMS != 3000*3600*1e3 {
		t.Errorf("makespan %v ms; want 3000 h", res.MakespanMS)
	}
}
