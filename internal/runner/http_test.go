package runner

import (
	"context"
	"strings"
	"testing"
	"time"

	tgt "github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
)

// serve runs a scenario target in this process on 127.0.0.1:0.
func serve(t *testing.T, s model.Scenario) string {
	t.Helper()
	srv, err := tgt.NewScenario(s, tgt.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return "http://" + srv.Addr().String() + "/"
}

// The request index travels end to end under every arrival: the
// generator's planner and the server agree on each request's index, class
// and loop, and every class's requests are counted under its name.
func TestHTTPIndexEndToEnd(t *testing.T) {
	base := model.Scenario{
		Name: "e2e", Model: model.Loop, Threads: 3, Requests: 60, Seed: 3,
		Classes: []model.Class{
			{Name: "normal", Fraction: 0.8, Wait: model.FixedDist(2 * time.Millisecond)},
			{Name: "rare", Fraction: 0.2, CPU: model.FixedDist(100 * time.Microsecond), Wait: model.FixedDist(time.Millisecond), Calls: 2, Fanout: model.Parallel},
		},
	}
	for _, tc := range []struct {
		name     string
		arrival  string
		maxConns int
		think    model.Dist
	}{
		{"burst", "burst", 0, model.Dist{}},
		{"burst-capped", "burst", 7, model.Dist{}},
		{"rate", "rate:3000", 0, model.Dist{}},
		{"poisson", "poisson:3000", 0, model.Dist{}},
		{"vus", "vus:4", 0, model.FixedDist(100 * time.Microsecond)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base
			a, err := model.ParseArrival(tc.arrival)
			if err != nil {
				t.Fatal(err)
			}
			s.Arrival, s.Think = a, tc.think
			s.Normalize()
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
			res, err := loadgen.RunScenario(context.Background(), loadgen.ScenarioConfig{Scenario: s, URL: serve(t, s), MaxConns: tc.maxConns})
			if err != nil {
				t.Fatal(err)
			}
			r, sk := res.Result, res.Sockets
			if r.Completed != s.Requests || sk.Failed != 0 {
				t.Fatalf("completed %d of %d, failed %d (%v)", r.Completed, s.Requests, sk.Failed, sk.Errors)
			}
			if sk.IndexMismatch+sk.ClassMismatch+sk.LoopMismatch+sk.Untagged != 0 {
				t.Errorf("server and planner disagree: %+v", sk)
			}
			p := model.NewPlanner(s)
			want := map[string]int64{}
			for i := int64(0); i < int64(s.Requests); i++ {
				var q model.Request
				p.Fill(i, &q)
				want[s.Classes[q.Class].Name]++
			}
			for name, n := range want {
				if got := r.Classes[name].Count; got != n {
					t.Errorf("class %s: %d requests measured, the planner has %d", name, got, n)
				}
			}
			for loop, n := range sk.ByLoop {
				if n != int64(s.Requests/s.Threads) {
					t.Errorf("loop %d served %d requests, round-robin gives %d", loop, n, s.Requests/s.Threads)
				}
			}
			if tc.maxConns > 0 && (!sk.Capped || sk.Connections > tc.maxConns) {
				t.Errorf("cap %d: capped %v, %d connections", tc.maxConns, sk.Capped, sk.Connections)
			}
			if tc.name == "burst" && sk.Connections != s.Requests {
				t.Errorf("burst: %d connections, want one per request (%d)", sk.Connections, s.Requests)
			}
			if r.MakespanMS <= 0 || r.ThroughputRPS <= 0 || res.Load.OK != int64(s.Requests) {
				t.Errorf("makespan %v, throughput %v, load ok %d", r.MakespanMS, r.ThroughputRPS, res.Load.OK)
			}
		})
	}
}

// A generator that plans another scenario than the server serves is
// caught by the index check, not reported as a clean run.
func TestHTTPIndexCheckCatchesAnotherScenario(t *testing.T) {
	s := model.Scenario{Name: "a", Model: model.Pool, Threads: 2, Requests: 30, Seed: 1,
		Classes: []model.Class{{Name: "x", Fraction: 0.5}, {Name: "y", Fraction: 0.5}}}
	s.Normalize()
	other := s
	other.Seed = 2
	res, err := loadgen.RunScenario(context.Background(), loadgen.ScenarioConfig{Scenario: other, URL: serve(t, s)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Sockets.ClassMismatch == 0 {
		t.Errorf("another seed's classes went unnoticed: %+v", res.Sockets)
	}
}

// The stalls come from the target's report (data on the control
// channel); a loop target that sent none fails the run.
func TestStallsOf(t *testing.T) {
	rep := []byte(`{"requests":9,"connections":2,"stalls":{"threshold_ms":10,"count":5,"worst_ms":101.5,"worst_loop":1,"worst_request":4,"per_loop":[2,3,7]}}`)
	st, err := stallsOf(rep, 2, 10*time.Millisecond)
	if err != nil || st.Count != 5 || st.PerLoop[0] != 2 || st.PerLoop[1] != 3 || len(st.PerLoop) != 2 || st.WorstMS != 101.5 || st.WorstReq != 4 || st.ThresholdMS != 10 {
		t.Errorf("stallsOf = %+v, %v", st, err)
	}
	if _, err := stallsOf(nil, 2, 10*time.Millisecond); err == nil {
		t.Error("a target without a report gave stalls")
	}
	if _, err := stallsOf([]byte("{"), 2, 10*time.Millisecond); err == nil {
		t.Error("a broken report gave stalls")
	}
}

// The refusals come before anything starts: a taken port, more
// connections than the open-file limit.
func TestCheckHTTPRefusals(t *testing.T) {
	s := model.Scenario{Name: "r", Model: model.Pool, Threads: 2, Requests: 10, Seed: 1,
		Classes: []model.Class{{Name: "x", Fraction: 1}}}
	s.Normalize()
	addr := strings.TrimPrefix(serve(t, s), "http://")
	addr = strings.TrimSuffix(addr, "/")
	err := CheckHTTP(s, HTTPOptions{Listen: addr})
	if err == nil || !strings.Contains(err.Error(), "http.err.port") {
		t.Errorf("CheckHTTP on a taken port = %v", err)
	}
	soft, _ := raiseNoFile()
	big := s
	big.Requests = int(min(soft+100, loadgen.MaxScenarioRequests-1))
	if soft+100 < loadgen.MaxScenarioRequests {
		err = CheckHTTP(big, HTTPOptions{MaxConns: big.Requests})
		if err == nil || !strings.Contains(err.Error(), "http.err.nofile") {
			t.Errorf("CheckHTTP with %d connections and a limit of %d = %v", big.Requests, soft, err)
		}
	}
	if err := CheckHTTP(s, HTTPOptions{Listen: "127.0.0.1:0"}); err != nil {
		t.Errorf("CheckHTTP of a small scenario = %v", err)
	}
}
