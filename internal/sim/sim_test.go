package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// scen builds a one-class scenario; edit may change anything.
func scen(m model.Kind, threads, requests int, cpu, wait model.Dist, edit func(*model.Scenario)) model.Scenario {
	s := model.Scenario{Model: m, Threads: threads, Requests: requests, Seed: 7,
		Classes: []model.Class{{Name: "normal", CPU: cpu, Wait: wait}}}
	if m == model.Offload {
		s.OffloadPool = 1
	}
	if edit != nil {
		edit(&s)
	}
	s.Normalize()
	return s
}

var (
	none = model.Dist{}
	ms   = func(v float64) model.Dist { return model.FixedDist(time.Duration(v * 1e6)) }
	exp  = func(v float64) model.Dist { return model.ExpDist(time.Duration(v * 1e6)) }
)

// Each model's waiting rules, checked on small cases whose answer can be
// worked out by hand.
func TestSemantics(t *testing.T) {
	cases := []struct {
		name     string
		s        model.Scenario
		makespan float64
		peak     int
	}{
		{"pool parallel fan-out waits for the slowest call",
			scen(model.Pool, 1, 1, none, ms(100), func(s *model.Scenario) { s.Classes[0].Calls, s.Classes[0].Fanout = 10, model.Parallel }), 100, 1},
		{"pool sequential calls add up",
			scen(model.Pool, 1, 1, none, ms(100), func(s *model.Scenario) { s.Classes[0].Calls = 10 }), 1000, 1},
		{"loop sequential registered calls add up",
			scen(model.Loop, 1, 1, none, ms(10), func(s *model.Scenario) { s.Classes[0].Calls = 3 }), 30, 1},
		{"shared lock serialises calls whatever the thread count",
			scen(model.Pool, 8, 100, none, ms(2), func(s *model.Scenario) { s.SharedLock = true }), 200, 8},
		{"shared lock serialises registered calls on a loop",
			scen(model.Loop, 2, 100, none, ms(2), func(s *model.Scenario) { s.SharedLock = true }), 200, 2},
		{"shared lock serialises parallel calls",
			scen(model.Virtual, 2, 10, none, ms(2), func(s *model.Scenario) {
				s.SharedLock, s.Classes[0].Calls, s.Classes[0].Fanout = true, 3, model.Parallel
			}), 60, 2},
		{"pinned virtual threads hold their carriers",
			scen(model.Virtual, 2, 12, none, ms(2000), func(s *model.Scenario) { s.Classes[0].Blocking = true }), 12000, 2},
		{"offload pool of 2 takes the blocking calls two at a time",
			scen(model.Offload, 1, 12, none, ms(2000), func(s *model.Scenario) { s.Classes[0].Blocking, s.OffloadPool = true, 2 }), 12000, 3},
		{"offload pool of 12 takes them all at once",
			scen(model.Offload, 1, 12, none, ms(2000), func(s *model.Scenario) { s.Classes[0].Blocking, s.OffloadPool = true, 12 }), 2000, 13},
		{"fewer cores than threads: CPU waits for a core",
			scen(model.Pool, 4, 4, ms(10), none, func(s *model.Scenario) { s.Cores = 2 }), 20, 4},
		{"one loop runs CPU work one request after another",
			scen(model.Loop, 1, 10, ms(1), none, nil), 10, 1},
		{"shared queue of loops",
			scen(model.Loop, 2, 10, ms(1), none, func(s *model.Scenario) { s.Assign = model.Shared }), 5, 2},
		{"closed model: one user, no think time",
			scen(model.Pool, 4, 10, ms(10), none, func(s *model.Scenario) { s.Arrival = model.Arrival{Kind: model.VUs, VUs: 1} }), 100, 1},
		{"closed model: think time between requests",
			scen(model.Pool, 4, 10, ms(10), none, func(s *model.Scenario) {
				s.Arrival, s.Think = model.Arrival{Kind: model.VUs, VUs: 1}, ms(5)
			}), 145, 1},
		{"fixed rate slower than service: no queue",
			scen(model.Pool, 1, 10, ms(1), none, func(s *model.Scenario) { s.Arrival = model.Arrival{Kind: model.Rate, Rate: 100} }), 91, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.s.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			r := run(t, c.s, Options{Trace: true})
			if r.MakespanMS != c.makespan {
				t.Errorf("Run(%s).MakespanMS = %v; want %v", c.name, r.MakespanMS, c.makespan)
			}
			if r.PeakThreads != c.peak {
				t.Errorf("Run(%s).PeakThreads = %d; want %d", c.name, r.PeakThreads, c.peak)
			}
			if r.Completed != c.s.Requests || len(r.Trace.Records) != c.s.Requests {
				t.Errorf("Run(%s): completed %d, records %d; want %d", c.name, r.Completed, len(r.Trace.Records), c.s.Requests)
			}
		})
	}
}

// A continuation goes back to its own loop and waits behind what is queued
// there: request 0's 1 ms wait ends at 2 ms, but its loop is busy with the
// other nine requests' CPU work until 10 ms.
func TestContinuationWaitsForItsLoop(t *testing.T) {
	r := run(t, scen(model.Loop, 1, 10, ms(1), ms(1), nil), Options{Trace: true})
	if got := r.Trace.Records[0].End; got != 10*time.Millisecond {
		t.Errorf("Run(1 loop, 10 x (1ms CPU + 1ms wait)): request 0 ends at %v; want 10ms", got)
	}
	if r.MakespanMS != 11 {
		t.Errorf("Run(1 loop, 10 x (1ms CPU + 1ms wait)).MakespanMS = %v; want 11", r.MakespanMS)
	}
}

// The timeline shows what each lane did: lock waits, core waits, holds.
func TestTraceSpans(t *testing.T) {
	kinds := func(r *model.Result) map[model.SpanKind]time.Duration {
		m := map[model.SpanKind]time.Duration{}
		for _, s := range r.Trace.Spans {
			m[s.Kind] += s.End - s.Start
		}
		return m
	}
	r := run(t, scen(model.Pool, 2, 2, none, ms(10), func(s *model.Scenario) { s.SharedLock = true }), Options{Trace: true})
	if k := kinds(r); k[model.SpanLock] != 10*time.Millisecond || k[model.SpanHold] != 20*time.Millisecond {
		t.Errorf("Run(pool 2, lock, 2 x 10ms) spans = %v; want 10ms lock and 20ms hold", k)
	}
	r = run(t, scen(model.Pool, 2, 2, ms(10), none, func(s *model.Scenario) { s.Cores = 1 }), Options{Trace: true})
	if k := kinds(r); k[model.SpanReady] != 10*time.Millisecond || k[model.SpanCPU] != 20*time.Millisecond {
		t.Errorf("Run(pool 2, 1 core, 2 x 10ms CPU) spans = %v; want 10ms ready and 20ms CPU", k)
	}
	if got := r.Trace.Lanes; len(got) != 2 || got[0] != model.LaneThread {
		t.Errorf("Run(pool 2).Trace.Lanes = %v; want 2 threads", got)
	}
	r = run(t, preset(t, "ch15-offload4"), Options{Trace: true})
	if n := len(r.Trace.Lanes); n != 12 || r.Trace.Lanes[8] != model.LaneOffload {
		t.Errorf("Run(ch15-offload4).Trace.Lanes = %v; want 8 loops and 4 offload threads", r.Trace.Lanes)
	}
}

func TestLoopStats(t *testing.T) {
	r := run(t, preset(t, "ch15-onloop"), Options{})
	var reqs, blocking int64
	for i, l := range r.Loops {
		if l.Loop != i || int64(len(l.BlockingIDs)) != l.Blocking {
			t.Errorf("Loops[%d] = %+v; want loop %d with its blocking ids", i, l, i)
		}
		for _, id := range l.BlockingIDs {
			if id%8 != int64(i) {
				t.Errorf("Loops[%d] lists request %d, which round-robin binds to loop %d", i, id, id%8)
			}
		}
		reqs += l.Requests
		blocking += l.Blocking
	}
	if len(r.Loops) != 8 || reqs != 2000 || blocking != 20 {
		t.Errorf("Run(ch15-onloop).Loops: %d loops, %d requests, %d blocking; want 8, 2000, 20", len(r.Loops), reqs, blocking)
	}
	if r := run(t, preset(t, "lab-pool"), Options{}); r.Loops != nil {
		t.Errorf("Run(lab-pool).Loops = %v; want none for a pool", r.Loops)
	}
}

// Same seed, same scenario: the same bytes.
func TestDeterministic(t *testing.T) {
	s := scen(model.Offload, 4, 5000, exp(0.2), exp(5), func(s *model.Scenario) {
		s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 2000}
		s.OffloadPool = 3
		s.Classes = append(s.Classes, model.Class{Name: "blocking", Fraction: 0.05, CPU: exp(0.2), Wait: exp(20), Blocking: true, Calls: 2, Fanout: model.Parallel})
		s.Classes[0].Fraction = 0.95
		s.SharedLock = true
	})
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	enc := func() []byte {
		r := run(t, s, Options{Trace: true})
		b, err := json.Marshal(struct {
			R *model.Result
			T *model.Trace
		}{r, r.Trace})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := enc(), enc()
	if !bytes.Equal(a, b) {
		t.Error("Run twice with the same seed gave different results")
	}
	s.Seed++
	if c := enc(); bytes.Equal(a, c) {
		t.Error("Run with another seed gave the same result")
	}
}

func TestRefusals(t *testing.T) {
	s := scen(model.Pool, 1, model.MaxTraceRequests+1, none, ms(1), nil)
	_, err := Run(s, Options{Trace: true})
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "--timeline" {
		t.Errorf("Run(%d requests, trace) error = %v; want a FieldError on --timeline", s.Requests, err)
	}
	s.Threads = 0
	if _, err := Run(s, Options{}); !errors.As(err, &fe) || fe.Field != "threads" {
		t.Errorf("Run(0 threads) error = %v; want a FieldError on threads", err)
	}
}

// Huge durations are refused before any work (issue 13: a wait of a
// million hours printed a clamped makespan and a negative in-flight
// figure); the longest allowed ones run and add up without wrapping.
func TestHugeDurations(t *testing.T) {
	s := scen(model.Pool, 1, 3, model.FixedDist(math.MaxInt64/2), model.FixedDist(math.MaxInt64/2), func(s *model.Scenario) { s.Classes[0].Calls = 5 })
	var fe *model.FieldError
	if _, err := Run(s, Options{}); !errors.As(err, &fe) || fe.Key != "err.dist.max" {
		t.Fatalf("Run(huge durations) error = %v; want the duration bound", err)
	}
	s = scen(model.Pool, 1, 3, model.FixedDist(model.MaxDuration), model.ExpDist(model.MaxDuration), func(s *model.Scenario) { s.Classes[0].Calls = 5 })
	r := run(t, s, Options{Trace: true})
	if r.MakespanMS <= 0 || r.Completed != 3 || r.InFlightMean <= 0 {
		t.Errorf("Run(longest durations) = makespan %v, completed %d, in flight %v; want positive, 3, positive", r.MakespanMS, r.Completed, r.InFlightMean)
	}
}
