package sim

import (
	"math"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// The field report's fan-out argument, as closed forms: ten 50 ms lookups
// per request on a pool of N threads.
//   - sequential: a request holds its thread 500 ms; ceiling N / 0.5 s;
//   - parallel on a fan-out pool of K threads: latency about 50 ms when
//     idle, but each request still takes 10 x 50 ms of thread time, now on
//     the fan-out pool: ceiling K / 0.5 s, the same when K = N;
//   - pipelined: one 50 ms round trip; ceiling N / 0.05 s.
func TestFanoutPoolKeepsTheCeiling(t *testing.T) {
	const threads, calls, wait = 20, 10, 50.0
	run := func(fan model.Fanout, pool int, arrival model.Arrival, requests int) *model.Result {
		t.Helper()
		s := scen(model.Pool, threads, requests, none, ms(wait), func(s *model.Scenario) {
			s.Classes[0].Calls, s.Classes[0].Fanout, s.FanoutPool, s.Arrival = calls, fan, pool, arrival
		})
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		r, err := Run(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// One request alone: latency is the waits' own arithmetic.
	one := model.Arrival{Kind: model.Burst}
	if r := run(model.Sequential, 0, one, 1); r.All.MaxMS != calls*wait {
		t.Errorf("sequential, one request: %v ms; want %v", r.All.MaxMS, calls*wait)
	}
	if r := run(model.Parallel, threads, one, 1); r.All.MaxMS != wait || r.PeakThreads != calls+1 {
		t.Errorf("parallel on a fan-out pool, one request: %v ms with %d threads busy; want %v ms with %d (the request's own and ten workers)",
			r.All.MaxMS, r.PeakThreads, wait, calls+1)
	}
	if r := run(model.Pipelined, 0, one, 1); r.All.MaxMS != wait || r.PeakThreads != 1 {
		t.Errorf("pipelined, one request: %v ms with %d threads; want %v ms with 1", r.All.MaxMS, r.PeakThreads, wait)
	}
	// Far above every ceiling: throughput is the ceiling.
	over := model.Arrival{Kind: model.Rate, Rate: 2000}
	ceiling := func(threads int, hold float64) float64 { return float64(threads) / (hold / 1000) }
	for _, c := range []struct {
		name string
		fan  model.Fanout
		pool int
		want float64
	}{
		{"sequential", model.Sequential, 0, ceiling(threads, calls*wait)},
		{"parallel on a fan-out pool as big as the pool", model.Parallel, threads, ceiling(threads, calls*wait)},
		{"parallel on a fan-out pool of half", model.Parallel, threads / 2, ceiling(threads/2, calls*wait)},
		{"pipelined", model.Pipelined, 0, ceiling(threads, wait)},
	} {
		r := run(c.fan, c.pool, over, 4000)
		if math.Abs(r.ThroughputRPS-c.want)/c.want > 0.02 {
			t.Errorf("%s at 2,000/s: %.1f req/s; want the ceiling %.1f", c.name, r.ThroughputRPS, c.want)
		}
	}
}

// Parallel blocking calls under offload each take an offload thread at
// once when threads are free (a regression: one wake for all of them left
// the others queued behind the first).
func TestOffloadParallelCallsRunTogether(t *testing.T) {
	s := scen(model.Offload, 1, 1, none, ms(100), func(s *model.Scenario) {
		s.Classes[0].Calls, s.Classes[0].Fanout, s.Classes[0].Blocking, s.OffloadPool = 4, model.Parallel, true, 4
	})
	r, err := Run(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.MakespanMS != 100 || r.PeakThreads != 5 {
		t.Errorf("4 parallel blocking calls on 4 offload threads: %v ms, %d busy; want 100 ms, 5", r.MakespanMS, r.PeakThreads)
	}
}

func TestFanoutPoolOnlyInPool(t *testing.T) {
	s := scen(model.Loop, 2, 1, none, ms(1), func(s *model.Scenario) { s.FanoutPool = 4 })
	err := s.Validate()
	fe, ok := err.(*model.FieldError)
	if !ok || fe.Field != "fanout_pool" {
		t.Errorf("loop with a fan-out pool: Validate = %v; want a fanout_pool field error", err)
	}
}

// The trace shows the fan-out threads, and the request's own thread held
// until the last call ends.
func TestFanoutTrace(t *testing.T) {
	s := scen(model.Pool, 1, 1, none, ms(10), func(s *model.Scenario) {
		s.Classes[0].Calls, s.Classes[0].Fanout, s.FanoutPool = 3, model.Parallel, 2
	})
	r, err := Run(s, Options{Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	tr := r.Trace
	if len(tr.Lanes) != 3 || tr.Lanes[0] != model.LaneThread || tr.Lanes[1] != model.LaneWorker || tr.Lanes[2] != model.LaneWorker {
		t.Fatalf("lanes = %v; want a thread and two fan-out workers", tr.Lanes)
	}
	var own, workers float64
	for _, sp := range tr.Spans {
		d := float64(sp.End-sp.Start) / 1e6
		if sp.Lane == 0 {
			own += d
		} else {
			workers += d
		}
	}
	// Three 10 ms calls on two workers: 20 ms; the request's thread waits
	// all of it; thread-time on the workers is the calls' 30 ms.
	if r.MakespanMS != 20 || own != 20 || workers != 30 {
		t.Errorf("makespan %v, own thread %v ms, workers %v ms; want 20, 20, 30", r.MakespanMS, own, workers)
	}
}
