package httptarget

import (
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/model"
)

// startDelayServer runs a delay server on 127.0.0.1:0 and returns it with
// its address (its Stats count commands, connections and pipelining).
func startDelayServer(t *testing.T, d time.Duration) (*downstream.Server, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ds := &downstream.Server{Delay: model.FixedDist(d)}
	done := make(chan error, 1)
	go func() { done <- ds.Serve(context.Background(), ln) }()
	t.Cleanup(func() { ds.Close(); <-done })
	return ds, ln.Addr().String()
}

// status fetches path on a fresh connection and returns its status.
func status(t *testing.T, s *Server, path string) int {
	t.Helper()
	st, err := get(s, path)
	if err != nil {
		t.Fatalf("GET %s = %v", path, err)
	}
	return st
}

// With --fanout-pool 2, three requests of six parallel calls each go
// through the pool: never more than two calls at once, every call
// reaches the downstream, the gauges are exported, and the pool's
// threads stop on Shutdown.
func TestFanoutPoolBounded(t *testing.T) {
	ds, addr := startDelayServer(t, 5*time.Millisecond)
	s := start(t, Config{Model: model.Pool, Threads: 4, FanoutPool: 2, Knobs: Knobs{Downstream: addr, Calls: 6, Parallel: true}})
	if _, st, errs := burst(t, s, "/", 3, 3); st[200] != 3 || errs > 0 {
		t.Fatalf("statuses %v, errors %d; want 3 × 200", st, errs)
	}
	f := s.fan
	if peak := f.peak.Load(); peak < 1 || peak > 2 {
		t.Errorf("peak busy fan-out threads = %d; want 1 or 2 (K=2)", peak)
	}
	if n := f.calls.Load(); n != 18 {
		t.Errorf("fan-out pool made %d calls; want 18", n)
	}
	if n := ds.Stats().Commands; n != 18 {
		t.Errorf("downstream answered %d commands; want 18", n)
	}
	// A query's parallel calls take the pool too; sequential ones do not.
	if st := status(t, s, "/?calls=3&fanout=sequential"); st != 200 || f.calls.Load() != 18 {
		t.Errorf("sequential: %d, pool calls %d; want 200 and none on the pool", st, f.calls.Load())
	}
	if st := status(t, s, "/?wait=1ms&calls=4&fanout=parallel"); st != 200 || f.calls.Load() != 22 {
		t.Errorf("parallel waits: %d, pool calls %d; want 200 and 4 more on the pool", st, f.calls.Load())
	}
	page := string(s.Metrics())
	for _, name := range []string{"waitlab_target_fanout_threads 2", "waitlab_target_fanout_busy_threads 0", "waitlab_target_fanout_queued_calls 0", "waitlab_target_fanout_calls_total 22"} {
		if !strings.Contains(page, name+"\n") {
			t.Errorf("/metrics lacks %q", name)
		}
	}
	if err := s.Shutdown(context.Background()); err != nil {
		t.Fatalf("Shutdown = %v", err)
	}
	if _, open := <-f.jobs; open {
		t.Error("the fan-out pool's queue is still open after Shutdown")
	}
}

// Without the fan-out pool nothing changes: no pool, no gauges.
func TestNoFanoutPool(t *testing.T) {
	_, addr := startDelayServer(t, 0)
	s := start(t, Config{Model: model.Pool, Knobs: Knobs{Downstream: addr, Calls: 3, Parallel: true}})
	if st := status(t, s, "/"); st != 200 || s.fan != nil {
		t.Fatalf("status %d, fan %v; want 200 and no fan-out pool", st, s.fan)
	}
	if strings.Contains(string(s.Metrics()), "waitlab_target_fanout_") {
		t.Error("/metrics shows fan-out gauges without a fan-out pool")
	}
}

// Pipelined: a request's N calls reach the delay server on one
// connection, all N in flight at once (one round trip), in every model
// and both ways of calling (the loop's non-blocking connection, the
// blocking client on a pool thread, a goroutine, a blocking loop and the
// offload pool).
func TestPipelinedOneConnection(t *testing.T) {
	for _, tc := range []struct {
		m        model.Kind
		blocking bool
	}{{model.Pool, false}, {model.Loop, false}, {model.Loop, true}, {model.Offload, true}, {model.Virtual, false}} {
		name := string(tc.m)
		if tc.blocking {
			name += "-blocking"
		}
		t.Run(name, func(t *testing.T) {
			ds, addr := startDelayServer(t, 20*time.Millisecond)
			threads := 0
			if tc.m != model.Pool {
				threads = 1 // one loop: one idle downstream connection list
			}
			s := start(t, Config{Model: tc.m, Threads: threads, Knobs: Knobs{Downstream: addr, Calls: 5, Pipelined: true, Blocking: tc.blocking}})
			if st := status(t, s, "/"); st != 200 {
				t.Fatalf("status %d; want 200", st)
			}
			if st := ds.Stats(); st.Commands != 5 || st.Conns != 1 || st.MaxInFlight != 5 {
				t.Errorf("after one request: %+v; want 5 commands on 1 connection, all 5 in flight", st)
			}
			// A query asks for it on top of other knobs, and the
			// connection is reused.
			if st := status(t, s, "/?calls=7&fanout=pipelined"); st != 200 {
				t.Fatalf("?fanout=pipelined: status %d; want 200", st)
			}
			if st := ds.Stats(); st.Commands != 12 || st.Conns != 1 || st.MaxInFlight != 7 {
				t.Errorf("after ?calls=7&fanout=pipelined: %+v; want 12 commands on 1 connection, 7 in flight", st)
			}
		})
	}
}

// A sequential or parallel request never pipelines: each connection has
// one command in flight (the contrast that makes the test above mean
// something).
func TestNotPipelined(t *testing.T) {
	ds, addr := startDelayServer(t, 5*time.Millisecond)
	s := start(t, Config{Model: model.Loop, Threads: 1, Knobs: Knobs{Downstream: addr, Calls: 4}})
	for _, q := range []string{"/", "/?fanout=parallel"} {
		if st := status(t, s, q); st != 200 {
			t.Fatalf("%s: status %d", q, st)
		}
	}
	if st := ds.Stats(); st.Commands != 8 || st.MaxInFlight != 1 {
		t.Errorf("%+v; want 8 commands, never 2 on one connection", st)
	}
	if st := status(t, s, "/?fanout=sideways"); st != 400 {
		t.Errorf("?fanout=sideways: %d; want 400", st)
	}
}

// Pipelined local waits (no downstream) are one wait, the slowest: in a
// pool they never touch the fan-out pool.
func TestPipelinedWaits(t *testing.T) {
	s := start(t, Config{Model: model.Pool, FanoutPool: 2, Knobs: Knobs{Wait: model.FixedDist(time.Millisecond), Calls: 4, Pipelined: true}})
	if st := status(t, s, "/"); st != 200 || s.fan.calls.Load() != 0 {
		t.Errorf("status %d, fan-out calls %d; want 200 and none", st, s.fan.calls.Load())
	}
}

func TestFanoutConfigRefused(t *testing.T) {
	for _, tc := range []struct {
		cfg   Config
		field string
	}{
		{Config{Model: model.Loop, FanoutPool: 4}, "fanout-pool"},
		{Config{Model: model.Virtual, FanoutPool: 4}, "fanout-pool"},
		{Config{Model: model.Offload, FanoutPool: 4}, "fanout-pool"},
		{Config{Model: model.Pool, FanoutPool: -1}, "fanout-pool"},
		{Config{Model: model.Pool, Threads: MaxThreads, FanoutPool: 1}, "fanout-pool"},
		{Config{Knobs: Knobs{Parallel: true, Pipelined: true, Wait: model.FixedDist(1)}}, "fanout"},
	} {
		c := tc.cfg
		c.Normalize()
		err := c.Validate()
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("Validate(%+v) = %v; want a FieldError on %s", tc.cfg, err, tc.field)
		}
	}
	c := Config{Model: model.Loop, FanoutPool: 4}
	c.Normalize()
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "--model pool") {
		t.Errorf("fan-out pool on a loop: %v; want the fix (--model pool) in the message", err)
	}
}

// A scenario's fan-out pool and pipelined class reach the target.
func TestScenarioFanout(t *testing.T) {
	sc := model.Scenario{
		Name: "fan", Model: model.Pool, Threads: 4, FanoutPool: 2, Requests: 6, Seed: 3,
		Classes: []model.Class{
			{Name: "par", Fraction: 0.5, Wait: model.FixedDist(time.Millisecond), Calls: 3, Fanout: model.Parallel},
			{Name: "pipe", Fraction: 0.5, Wait: model.FixedDist(time.Millisecond), Calls: 3, Fanout: model.Pipelined},
		},
	}
	sc.Normalize()
	s := startScenario(t, sc)
	if s.Config().FanoutPool != 2 || s.fan == nil {
		t.Fatalf("FanoutPool %d, fan %v; want the scenario's 2", s.Config().FanoutPool, s.fan)
	}
	par := 0
	for i := 0; i < sc.Requests; i++ {
		p := s.makePlan(int64(i+1), nil)
		if p.parallel {
			par++
		}
		if p.sc.name == "pipe" && (!p.pipelined || p.parallel) {
			t.Errorf("request %d of class pipe: parallel %v pipelined %v", i, p.parallel, p.pipelined)
		}
		if st := status(t, s, "/?"+IndexParam+"="+strconv.Itoa(i)); st != 200 {
			t.Fatalf("request %d: status %d", i, st)
		}
	}
	if got := s.fan.calls.Load(); got != int64(3*par) {
		t.Errorf("fan-out pool made %d calls; want %d (3 per parallel request, none for pipelined)", got, 3*par)
	}
	other := sc
	other.Model, other.FanoutPool = model.Loop, 0
	if cfg := ScenarioConfig(other, Config{}); cfg.FanoutPool != 0 {
		t.Errorf("a loop scenario's config has FanoutPool %d", cfg.FanoutPool)
	}
}

// A pipelined request waits for all N replies: against a downstream that
// answers each read once (so a pipelined batch of three gets one reply),
// it fails (502, after the downstream timeout) in every model, where
// sequential calls on the same connections succeed.
func TestPipelinedNeedsEveryReply(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			go func() {
				// One reply per read: a client that waits for each
				// reply gets them all, a pipelined batch (one write, one
				// read here) gets one.
				buf := make([]byte, 4096)
				for {
					if _, err := c.Read(buf); err != nil {
						return
					}
					c.Write([]byte("$-1\r\n"))
				}
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	addr := ln.Addr().String()
	for _, tc := range []struct {
		m        model.Kind
		blocking bool
	}{{model.Pool, false}, {model.Loop, false}, {model.Loop, true}, {model.Offload, true}, {model.Virtual, false}} {
		s := start(t, Config{Model: tc.m, DownstreamTimeout: 200 * time.Millisecond, Knobs: Knobs{Downstream: addr, Blocking: tc.blocking}})
		if st := status(t, s, "/?calls=3"); st != 200 {
			t.Errorf("%s blocking=%v: 3 sequential calls = %d; want 200", tc.m, tc.blocking, st)
		}
		if st := status(t, s, "/?calls=3&fanout=pipelined"); st != 502 {
			t.Errorf("%s blocking=%v: 3 pipelined calls with 1 reply = %d; want 502", tc.m, tc.blocking, st)
		}
	}
}
