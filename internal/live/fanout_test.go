package live

import (
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// A pool with a fan-out pool: every parallel call is held by a fan-out
// thread, never more than K at once, and each request's own thread holds
// one span that covers all of its calls (the join).
func TestPoolFanoutRunsCallsOnTheFanoutPool(t *testing.T) {
	const threads, k, calls, requests = 2, 3, 4, 6
	s := scenario(model.Pool, threads, requests, 10*time.Millisecond, false)
	s.FanoutPool = k
	s.Classes[0].Calls, s.Classes[0].Fanout = calls, model.Parallel
	res := run(t, s, Options{Trace: true})
	tr := res.Trace
	if len(tr.Lanes) != threads+k || tr.Lanes[threads] != model.LaneWorker {
		t.Fatalf("lanes = %v; want %d threads then %d fan-out workers", tr.Lanes, threads, k)
	}
	var worker []model.Span
	own := map[int64]model.Span{}
	for _, sp := range tr.Spans {
		if int(sp.Lane) >= threads {
			worker = append(worker, sp)
		} else if sp.Kind == model.SpanHold {
			if _, dup := own[sp.Req]; dup {
				t.Errorf("request %d: two hold spans on its own thread; want one join", sp.Req)
			}
			own[sp.Req] = sp
		}
	}
	if len(worker) != requests*calls {
		t.Errorf("%d call spans on the fan-out pool; want %d", len(worker), requests*calls)
	}
	byReq := map[int64]int{}
	for _, sp := range worker {
		byReq[sp.Req]++
		j, ok := own[sp.Req]
		if !ok || sp.Start < j.Start || sp.End > j.End {
			t.Errorf("call %+v is not inside its request's join %+v", sp, j)
		}
	}
	for id, n := range byReq {
		if n != calls {
			t.Errorf("request %d: %d calls on the fan-out pool; want %d", id, n, calls)
		}
	}
	if got := maxOverlap(worker, func(s model.Span) time.Duration { return s.Start }, func(s model.Span) time.Duration { return s.End }); got > k {
		t.Errorf("%d fan-out calls at once; want at most %d", got, k)
	}
}

// A pipelined request makes one wait, however many calls it has.
func TestPipelinedIsOneRoundTrip(t *testing.T) {
	s := scenario(model.Pool, 2, 4, 10*time.Millisecond, false)
	s.Classes[0].Calls, s.Classes[0].Fanout = 5, model.Pipelined
	res := run(t, s, Options{Trace: true})
	holds := map[int64]int{}
	for _, sp := range res.Trace.Spans {
		if sp.Kind == model.SpanHold {
			holds[sp.Req]++
		}
	}
	for id := int64(0); id < 4; id++ {
		if holds[id] != 1 {
			t.Errorf("request %d: %d waits; want one round trip", id, holds[id])
		}
	}
}
