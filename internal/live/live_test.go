package live

import (
	"context"
	"slices"
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

func run(t *testing.T, s model.Scenario, opt Options) *model.Result {
	t.Helper()
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	res, err := Run(context.Background(), s, opt)
	if err != nil {
		t.Fatalf("Run(%s) = %v", s.Model, err)
	}
	if res.Mode != "real" || res.Completed != s.Requests || res.Env == nil || res.Interrupted {
		t.Fatalf("Run(%s) = mode %q completed %d/%d env %v interrupted %v; want real, all completed, env set",
			s.Model, res.Mode, res.Completed, s.Requests, res.Env != nil, res.Interrupted)
	}
	if opt.Trace && (res.Trace == nil || len(res.Trace.Records) != s.Requests) {
		t.Fatalf("Run(%s, Trace) kept no full trace", s.Model)
	}
	return res
}

// maxOverlap returns the most intervals [from(x), to(x)) open at once.
func maxOverlap[T any](xs []T, from, to func(T) time.Duration) int {
	type ev struct {
		at time.Duration
		d  int
	}
	var evs []ev
	for _, x := range xs {
		evs = append(evs, ev{from(x), 1}, ev{to(x), -1})
	}
	slices.SortFunc(evs, func(a, b ev) int {
		if a.at != b.at {
			return compareDur(a.at, b.at)
		}
		return a.d - b.d // ends before starts at the same instant
	})
	n, m := 0, 0
	for _, e := range evs {
		n += e.d
		m = max(m, n)
	}
	return m
}

func recStart(r model.Record) time.Duration   { return r.Start }
func recEnd(r model.Record) time.Duration     { return r.End }
func spanStart(s model.Span) time.Duration    { return s.Start }
func spanEnd(s model.Span) time.Duration      { return s.End }
func recArrival(r model.Record) time.Duration { return r.Arrival }

func TestEveryModelRunsThePlannedRequests(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    model.Scenario
	}{
		{"pool", scenario(model.Pool, 3, 9, 5*time.Millisecond, false)},
		{"loop", scenario(model.Loop, 2, 9, 5*time.Millisecond, false)},
		{"loop-blocking", scenario(model.Loop, 2, 9, 2*time.Millisecond, true)},
		{"offload", func() model.Scenario {
			s := scenario(model.Offload, 2, 9, 5*time.Millisecond, true)
			s.OffloadPool = 2
			return s
		}()},
		{"virtual", scenario(model.Virtual, 2, 9, 5*time.Millisecond, false)},
		{"virtual-pinned", scenario(model.Virtual, 2, 9, 2*time.Millisecond, true)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.s
			s.Classes = []model.Class{
				{Name: "a", Fraction: 0.5, CPU: model.FixedDist(100 * time.Microsecond), Wait: s.Classes[0].Wait, Blocking: s.Classes[0].Blocking},
				{Name: "b", Fraction: 0.5, Wait: model.ExpDist(3 * time.Millisecond), Calls: 2, Blocking: s.Classes[0].Blocking},
			}
			s.Normalize()
			res := run(t, s, Options{Trace: true})
			p := model.NewPlanner(s)
			var want model.Request
			for _, rec := range res.Trace.Records {
				p.Fill(rec.ID, &want)
				if rec.Class != want.Class {
					t.Errorf("request %d ran as class %d; the planner says %d", rec.ID, rec.Class, want.Class)
				}
				if !(rec.Arrival <= rec.Start && rec.Start <= rec.End) {
					t.Errorf("request %d: arrival %v start %v end %v; want arrival <= start <= end", rec.ID, rec.Arrival, rec.Start, rec.End)
				}
				if want.Loop >= 0 && int(rec.Lane) != want.Loop {
					t.Errorf("request %d ran on loop %d; the planner binds it to loop %d", rec.ID, rec.Lane, want.Loop)
				}
			}
			if res.Classes["a"].Count+res.Classes["b"].Count != int64(s.Requests) {
				t.Errorf("classes count %d + %d; want %d", res.Classes["a"].Count, res.Classes["b"].Count, s.Requests)
			}
			if res.CPUMS <= 0 || res.OSThreadsPeak < 1 || res.MakespanMS <= 0 || res.ThroughputRPS <= 0 {
				t.Errorf("cpu_ms %v os_threads_peak %d makespan %v throughput %v; want all above 0", res.CPUMS, res.OSThreadsPeak, res.MakespanMS, res.ThroughputRPS)
			}
		})
	}
}

func TestPoolHoldsAThreadPerRequest(t *testing.T) {
	res := run(t, scenario(model.Pool, 3, 12, 10*time.Millisecond, false), Options{Trace: true})
	if got := maxOverlap(res.Trace.Records, recStart, recEnd); got != 3 {
		t.Errorf("pool of 3: %d requests in service at once; want 3", got)
	}
	if res.PeakThreads != 3 {
		t.Errorf("PeakThreads = %d; want 3", res.PeakThreads)
	}
	for _, sp := range res.Trace.Spans {
		if sp.Kind != model.SpanHold || sp.Lane < 0 || sp.Lane >= 3 {
			t.Errorf("span %+v; want only hold spans on lanes 0-2", sp)
		}
	}
}

func TestPoolThreadsAreOSThreads(t *testing.T) {
	res := run(t, scenario(model.Pool, 60, 60, 20*time.Millisecond, false), Options{})
	if res.OSThreadsPeak < 60 {
		t.Errorf("pool of 60: OSThreadsPeak = %d; want at least 60", res.OSThreadsPeak)
	}
}

func TestVirtualBoundsCarriersAndThreads(t *testing.T) {
	res := run(t, scenario(model.Virtual, 2, 200, 20*time.Millisecond, false), Options{Trace: true})
	if got := maxOverlap(res.Trace.Records, recStart, recEnd); got < 100 {
		t.Errorf("virtual, unpinned waits: %d requests in flight at once; want most of the 200", got)
	}
	if res.PeakThreads > 2 {
		t.Errorf("PeakThreads = %d; want at most the 2 carriers", res.PeakThreads)
	}
	if res.OSThreadsPeak >= 100 {
		t.Errorf("OSThreadsPeak = %d for 200 virtual threads on 2 carriers; want far fewer than 100", res.OSThreadsPeak)
	}
	// Pinned waits hold the carrier: at most 2 at a time.
	res = run(t, scenario(model.Virtual, 2, 8, 5*time.Millisecond, true), Options{Trace: true})
	var holds []model.Span
	for _, sp := range res.Trace.Spans {
		if sp.Kind == model.SpanHold {
			holds = append(holds, sp)
		}
	}
	if len(holds) != 8 || maxOverlap(holds, spanStart, spanEnd) > 2 {
		t.Errorf("pinned: %d hold spans, %d at once; want 8, at most 2", len(holds), maxOverlap(holds, spanStart, spanEnd))
	}
}

func TestBlockingLoopStallsAndSerialises(t *testing.T) {
	s := scenario(model.Loop, 2, 8, 15*time.Millisecond, true)
	res := run(t, s, Options{Trace: true, StallThreshold: 5 * time.Millisecond})
	if res.Stalls == nil || res.Stalls.Count != 8 {
		t.Fatalf("Stalls = %+v; want 8 (one per blocking request)", res.Stalls)
	}
	if res.Stalls.WorstMS < 15 || len(res.Stalls.PerLoop) != 2 || res.Stalls.PerLoop[0] != 4 || res.Stalls.PerLoop[1] != 4 {
		t.Errorf("Stalls = %+v; want worst >= 15ms, 4 per loop", res.Stalls)
	}
	for lane := int32(0); lane < 2; lane++ {
		var on []model.Record
		for _, r := range res.Trace.Records {
			if r.Lane == lane {
				on = append(on, r)
			}
		}
		if got := maxOverlap(on, recStart, recEnd); got != 1 {
			t.Errorf("loop %d served %d blocking requests at once; want 1", lane, got)
		}
	}
	if len(res.Loops) != 2 || res.Loops[0].Blocking != 4 || res.Loops[1].Requests != 4 {
		t.Errorf("Loops = %+v; want 4 blocking requests on each loop", res.Loops)
	}
}

func TestNonBlockingLoopOverlapsWaits(t *testing.T) {
	// Waits of 150ms with a 100ms threshold: a blocked loop would show,
	// a loop merely preempted on a busy machine would not.
	res := run(t, scenario(model.Loop, 2, 40, 150*time.Millisecond, false), Options{Trace: true, StallThreshold: 100 * time.Millisecond})
	if res.Stalls == nil || res.Stalls.Count != 0 {
		t.Errorf("Stalls = %+v; want none", res.Stalls)
	}
	if got := maxOverlap(res.Trace.Records, recStart, recEnd); got < 20 {
		t.Errorf("2 loops, registered waits: %d requests in flight at once; want most of the 40", got)
	}
}

func TestOffloadMovesBlockingOffTheLoops(t *testing.T) {
	s := scenario(model.Offload, 2, 4, 150*time.Millisecond, true)
	s.OffloadPool = 1
	res := run(t, s, Options{Trace: true, StallThreshold: 100 * time.Millisecond})
	if res.Stalls == nil || res.Stalls.Count != 0 {
		t.Errorf("Stalls = %+v; want none: the loops never block", res.Stalls)
	}
	var holds []model.Span
	for _, sp := range res.Trace.Spans {
		if sp.Kind == model.SpanHold {
			if sp.Lane != 2 {
				t.Errorf("hold span on lane %d; want only the offload thread (lane 2)", sp.Lane)
			}
			holds = append(holds, sp)
		}
	}
	if len(holds) != 4 || maxOverlap(holds, spanStart, spanEnd) != 1 {
		t.Errorf("%d offloaded calls, %d at once; want 4, one at a time on a pool of 1", len(holds), maxOverlap(holds, spanStart, spanEnd))
	}
}

func TestSharedLockSerialisesCalls(t *testing.T) {
	for _, tc := range []struct {
		name     string
		m        model.Kind
		blocking bool
		parallel bool
	}{
		{"pool", model.Pool, false, false},
		{"loop", model.Loop, false, false},
		{"loop-parallel", model.Loop, false, true},
		{"loop-blocking", model.Loop, true, false},
		{"offload", model.Offload, true, false},
		{"virtual", model.Virtual, false, false},
		{"virtual-parallel", model.Virtual, false, true},
		{"virtual-pinned", model.Virtual, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scenario(tc.m, 4, 8, 5*time.Millisecond, tc.blocking)
			if tc.m == model.Offload {
				s.OffloadPool = 4
			}
			if tc.parallel {
				s.Classes[0].Calls = 2
				s.Classes[0].Fanout = model.Parallel
			}
			s.SharedLock = true
			res := run(t, s, Options{Trace: true})
			// Every call holds the one lock, so the 8 (or 16) calls of 5ms
			// run one at a time: the burst takes at least their sum.
			calls := 8 * s.Classes[0].CallCount()
			var last time.Duration
			for _, r := range res.Trace.Records {
				last = max(last, r.End)
			}
			if want := time.Duration(calls) * 5 * time.Millisecond; last < want {
				t.Errorf("%d calls of 5ms under one lock: all done by %v; want them serialised, at least %v", calls, last, want)
			}
		})
	}
}

func TestFanout(t *testing.T) {
	// 3 calls of 100ms: three in a row take 300ms, all at once 100ms. The
	// parallel bound leaves 100ms for scheduling on a loaded machine under
	// the race detector (20ms calls once took 74ms there).
	for _, m := range []model.Kind{model.Pool, model.Loop, model.Virtual} {
		for _, fan := range []model.Fanout{model.Sequential, model.Parallel} {
			t.Run(string(m)+"/"+string(fan), func(t *testing.T) {
				s := scenario(m, 2, 2, 100*time.Millisecond, false)
				s.Classes[0].Calls = 3
				s.Classes[0].Fanout = fan
				res := run(t, s, Options{Trace: true})
				for _, r := range res.Trace.Records {
					lat := r.End - r.Arrival
					if fan == model.Sequential && lat < 300*time.Millisecond {
						t.Errorf("sequential 3 x 100ms: request %d took %v; want at least 300ms", r.ID, lat)
					}
					// Parallel calls overlap: well under the 300ms of three in a row.
					if fan == model.Parallel && (lat < 100*time.Millisecond || lat >= 200*time.Millisecond) {
						t.Errorf("parallel 3 x 100ms: request %d took %v; want 100ms to well under 300ms", r.ID, lat)
					}
				}
			})
		}
	}
}

func TestClosedModelKeepsUsersInFlight(t *testing.T) {
	s := scenario(model.Pool, 4, 12, 5*time.Millisecond, false)
	s.Arrival = model.Arrival{Kind: model.VUs, VUs: 2}
	res := run(t, s, Options{Trace: true})
	if got := maxOverlap(res.Trace.Records, recArrival, recEnd); got > 2 {
		t.Errorf("2 virtual users: %d requests in flight at once; want at most 2", got)
	}
}

func TestOpenArrivalsAreIntendedTimes(t *testing.T) {
	s := scenario(model.Loop, 1, 10, time.Millisecond, false)
	s.Arrival = model.Arrival{Kind: model.Rate, Rate: 500}
	res := run(t, s, Options{Trace: true})
	for _, r := range res.Trace.Records {
		if want := time.Duration(r.ID) * 2 * time.Millisecond; r.Arrival != want {
			t.Errorf("request %d arrival = %v; want the pacer's %v", r.ID, r.Arrival, want)
		}
	}
	if res.ThroughputDefinition != model.ThroughputWindow {
		t.Errorf("ThroughputDefinition = %q; want the window definition for an open rate", res.ThroughputDefinition)
	}
}

func TestSharedAssignment(t *testing.T) {
	s := scenario(model.Loop, 2, 20, 5*time.Millisecond, false)
	s.Assign = model.Shared
	res := run(t, s, Options{Trace: true})
	lanes := map[int32]bool{}
	for _, r := range res.Trace.Records {
		lanes[r.Lane] = true
	}
	if len(lanes) == 0 || len(lanes) > 2 {
		t.Errorf("shared queue: requests ran on lanes %v; want loops 0 and/or 1", lanes)
	}
}

func TestInterruptReturnsWhatCompleted(t *testing.T) {
	s := scenario(model.Pool, 2, 6, 300*time.Millisecond, false)
	s.Classes[0].Wait = model.FixedDist(0)
	s.Classes = []model.Class{
		{Name: "fast", Fraction: 0.5},
		{Name: "slow", Fraction: 0.5, Wait: model.FixedDist(30 * time.Second)},
	}
	s.Placement = model.Placement{Kind: model.Every, K: 2}
	s.Normalize()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	res, err := Run(ctx, s, Options{Trace: true})
	if err != nil {
		t.Fatalf("Run = %v", err)
	}
	if !res.Interrupted || res.Completed == 0 || res.Completed == s.Requests {
		t.Errorf("interrupted run: Interrupted %v Completed %d/%d; want true and some but not all", res.Interrupted, res.Completed, s.Requests)
	}
	if res.Trace != nil {
		t.Errorf("an interrupted run returned a trace; want none (threads may still be running)")
	}
	// Not a timing: a Run that waited for its waits would take their
	// 30 s; one that does not returns within a fraction of that however
	// loaded the machine.
	if d := time.Since(t0); d > 15*time.Second {
		t.Errorf("Run returned %v after the cancel; want well before the 30 s waits end", d)
	}
}

func TestWarnings(t *testing.T) {
	if w := Warnings(scenario(model.Loop, 8, 10, 0, true), 2); len(w) != 1 || w[0].Key != "run.warn.loops" {
		t.Errorf("Warnings(8 loops, 2 cores) = %v; want run.warn.loops", w)
	}
	if w := Warnings(scenario(model.Loop, 2, 10, 0, true), 2); len(w) != 0 {
		t.Errorf("Warnings(2 loops, 2 cores) = %v; want none", w)
	}
	if w := Warnings(scenario(model.Pool, 200, 10, 0, true), 2); len(w) != 0 {
		t.Errorf("Warnings(pool 200, 2 cores) = %v; want none (a pool blocks by design)", w)
	}
}

// Three parallel blocking calls on an offload pool of K threads: with
// one thread they run in turn (at least 3 x 20 ms, one offload lane);
// with three they go to more than one thread (they are handed out at
// once, so a second lane takes one before the first call's 20 ms are
// over). Lanes and lower bounds, not a wall-clock upper bound a loaded
// machine breaks.
func TestOffloadParallelCallsShareThePool(t *testing.T) {
	for _, tc := range []struct {
		pool           int
		atLeast        time.Duration
		minLanes, most int
	}{
		{1, 60 * time.Millisecond, 1, 1}, // three 20ms calls, one thread: in turn
		{3, 20 * time.Millisecond, 2, 3}, // three threads: together
	} {
		s := scenario(model.Offload, 1, 1, 20*time.Millisecond, true)
		s.OffloadPool = tc.pool
		s.Classes[0].Calls = 3
		s.Classes[0].Fanout = model.Parallel
		res := run(t, s, Options{Trace: true})
		r := res.Trace.Records[0]
		if lat := r.End - r.Arrival; lat < tc.atLeast {
			t.Errorf("offload pool %d, 3 parallel blocking 20ms calls: took %v; want at least %v", tc.pool, lat, tc.atLeast)
		}
		lanes := map[int32]bool{}
		for _, sp := range res.Trace.Spans {
			if int(sp.Lane) < len(res.Trace.Lanes) && res.Trace.Lanes[sp.Lane] == model.LaneOffload && sp.Kind == model.SpanHold {
				lanes[sp.Lane] = true
			}
		}
		if len(lanes) < tc.minLanes || len(lanes) > tc.most {
			t.Errorf("offload pool %d, 3 parallel blocking calls held %d offload lanes; want %d to %d", tc.pool, len(lanes), tc.minLanes, tc.most)
		}
	}
}
