package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// recorded runs s as Run does, in records only, and returns its records
// (in completion order) and its result as JSON.
func recorded(t testing.TB, s model.Scenario) ([]model.Record, string) {
	t.Helper()
	var recs []model.Record
	res, err := Run(s, Options{RecordsOnly: true, OnDone: func(r model.Record) { recs = append(recs, r) }})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	return recs, string(b)
}

// checkChain runs s paused at n requests and extends it to each of more, and
// checks that every step's records and result are Run's for that many.
func checkChain(t testing.TB, s model.Scenario, n int, more ...int) {
	t.Helper()
	var kept []model.Record // the completions before the pause
	var got []model.Record  // kept, then the drain's
	draining := false
	opt := Options{RecordsOnly: true, OnDone: func(r model.Record) {
		if draining {
			got = append(got, r)
		} else {
			kept = append(kept, r)
		}
	}}
	sc := s
	sc.Requests = n
	p, err := RunPaused(context.Background(), sc, opt)
	if err != nil {
		t.Fatalf("RunPaused(%d): %v", n, err)
	}
	for k, m := range append([]int{n}, more...) {
		if k > 0 {
			if err := p.Extend(context.Background(), m); err != nil {
				t.Fatalf("Extend(%d): %v", m, err)
			}
		}
		if p.Requests() != m {
			t.Fatalf("Requests() = %d after extending to %d", p.Requests(), m)
		}
		draining, got = true, append([]model.Record(nil), kept...)
		res, err := p.Finish(context.Background())
		draining = false
		if err != nil {
			t.Fatalf("Finish at %d: %v", m, err)
		}
		sc.Requests = m
		want, wantRes := recorded(t, sc)
		if len(got) != len(want) {
			t.Fatalf("%d requests: %d records, Run gave %d", m, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%d requests: record %d (of %d kept before the pause) = %+v, Run gave %+v", m, i, len(kept), got[i], want[i])
			}
		}
		if b, _ := json.Marshal(res); string(b) != wantRes {
			t.Fatalf("%d requests: result\n%s\nRun gave\n%s", m, b, wantRes)
		}
	}
}

func scenarioOf(t testing.TB, yaml string) model.Scenario {
	t.Helper()
	s, err := model.ParseYAML([]byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	return s
}

// A run started at n and extended to 2n and 4n is, at each step, the run
// of that many requests: every record, in completion order, and the
// result. The cases cover every model, both open arrivals and the closed
// one, CPU queueing for too few cores, time slices, the shared lock,
// fan-out, offload and several classes.
func TestExtendIsTheLongerRun(t *testing.T) {
	cases := map[string]string{
		"pool M/M/c":       "model: pool\nthreads: 11\ncores: 64\narrival: poisson:1000\nclasses:\n  - wait: exp:10ms\n",
		"pool near full":   "model: pool\nthreads: 4\narrival: poisson:390\nclasses:\n  - wait: exp:10ms\n",
		"pool few cores":   "model: pool\nthreads: 8\ncores: 2\nslice: 1ms\narrival: poisson:300\nclasses:\n  - {cpu: exp:3ms, wait: 5ms}\n",
		"pool fixed rate":  "model: pool\nthreads: 3\narrival: rate:250\nclasses:\n  - {cpu: 1ms, wait: exp:8ms, calls: 2}\n",
		"pool lock":        "model: pool\nthreads: 20\narrival: poisson:400\nshared_lock: true\nclasses:\n  - wait: exp:2ms\n",
		"pool fan-out":     "model: pool\nthreads: 6\nfanout_pool: 4\narrival: poisson:200\nclasses:\n  - {wait: exp:5ms, calls: 3, fanout: parallel}\n",
		"loop blocking":    "model: loop\nthreads: 2\ncores: 2\narrival: poisson:800\nclasses:\n  - {fraction: 0.95, cpu: exp:200us, wait: exp:3ms}\n  - {fraction: 0.05, wait: 2ms, blocking: true}\n",
		"loop shared":      "model: loop\nthreads: 3\nassign: shared\narrival: poisson:900\nplacement: every:4\nclasses:\n  - {fraction: 0.75, cpu: 300us, wait: 1ms}\n  - {fraction: 0.25, cpu: 1ms, wait: exp:4ms, calls: 2, fanout: pipelined}\n",
		"offload":          "model: offload\nthreads: 2\noffload_pool: 3\ncores: 1\narrival: poisson:500\nplacement: random\nclasses:\n  - {fraction: 0.8, cpu: exp:300us}\n  - {fraction: 0.2, wait: 4ms, blocking: true, calls: 2}\n",
		"virtual":          "model: virtual\nthreads: 2\narrival: poisson:700\nshared_lock: true\nclasses:\n  - {fraction: 0.5, cpu: 200us, wait: exp:1ms, calls: 2, fanout: parallel}\n  - {fraction: 0.5, wait: 1ms, blocking: true}\n",
		"closed think":     "model: pool\nthreads: 4\narrival: vus:10\nthink: exp:5ms\nclasses:\n  - wait: exp:6ms\n",
		"closed no think":  "model: loop\nthreads: 2\narrival: vus:8\nclasses:\n  - {cpu: exp:500us, wait: 2ms}\n",
		"three classes":    "model: pool\nthreads: 5\narrival: poisson:300\nplacement: spread\nclasses:\n  - {fraction: 0.5, wait: exp:5ms}\n  - {fraction: 0.3, wait: 10ms}\n  - {fraction: 0.2, cpu: 2ms}\n",
		"overloaded queue": "model: pool\nthreads: 2\narrival: poisson:400\nclasses:\n  - wait: exp:10ms\n",
	}
	for name, y := range cases {
		t.Run(name, func(t *testing.T) {
			s := scenarioOf(t, "requests: 10\n"+y)
			for _, n := range []int{40, 1000} {
				checkChain(t, s, n, 2*n, 4*n)
			}
		})
	}
}

// RunPaused refuses what is not the start of a longer run, and Extend what
// would not be longer.
func TestRunPausedRefusesWhatIsNotExtendable(t *testing.T) {
	opt := Options{RecordsOnly: true, OnDone: func(model.Record) {}}
	for name, y := range map[string]string{
		"burst":           "model: pool\nthreads: 2\nrequests: 10\nclasses:\n  - wait: 1ms\n",
		"more users":      "model: pool\nthreads: 2\nrequests: 5\narrival: vus:8\nclasses:\n  - wait: 1ms\n",
		"two spread over": "model: pool\nthreads: 2\nrequests: 50\narrival: poisson:100\nplacement: spread\nclasses:\n  - {fraction: 0.9, wait: 1ms}\n  - {fraction: 0.1, wait: 5ms}\n",
	} {
		s := scenarioOf(t, y)
		if _, err := RunPaused(context.Background(), s, opt); !errors.Is(err, ErrNotExtendable) {
			t.Errorf("%s: RunPaused = %v, want ErrNotExtendable", name, err)
		}
	}
	s := scenarioOf(t, "model: pool\nthreads: 2\nrequests: 50\narrival: poisson:100\nclasses:\n  - wait: 1ms\n")
	if _, err := RunPaused(context.Background(), s, Options{Trace: true, RecordsOnly: true, OnDone: opt.OnDone}); !errors.Is(err, ErrNotExtendable) {
		t.Errorf("RunPaused with a trace = %v, want ErrNotExtendable", err)
	}
	if _, err := RunPaused(context.Background(), s, Options{RecordsOnly: true}); !errors.Is(err, ErrNotExtendable) {
		t.Errorf("RunPaused without OnDone = %v, want ErrNotExtendable", err)
	}
	p, err := RunPaused(context.Background(), s, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Extend(context.Background(), 50); !errors.Is(err, ErrNotExtendable) {
		t.Errorf("Extend to as many = %v, want ErrNotExtendable", err)
	}
	if err := p.Extend(context.Background(), model.MaxRequests+1); err == nil {
		t.Errorf("Extend past model.MaxRequests = nil, want the scenario's field error")
	}
}

// Any scenario RunPaused accepts gives, extended, the longer run.
func FuzzExtend(f *testing.F) {
	f.Add([]byte("model: pool\nthreads: 4\nrequests: 30\narrival: poisson:500\nclasses:\n  - wait: exp:10ms\n"), uint8(2))
	f.Add([]byte("model: loop\nthreads: 2\nrequests: 30\narrival: vus:3\nthink: exp:1ms\nclasses:\n  - {name: a, fraction: 0.5, wait: 1ms, blocking: true}\n  - {name: b, fraction: 0.5, cpu: 1ms, calls: 3, wait: exp:1ms, fanout: parallel}\nplacement: every:2\n"), uint8(3))
	f.Add([]byte("model: offload\nthreads: 3\noffload_pool: 2\ncores: 1\nrequests: 40\narrival: poisson:1000\nassign: shared\nshared_lock: true\nclasses:\n  - {fraction: 0.9, cpu: exp:1ms}\n  - {fraction: 0.1, wait: 10ms, blocking: true, calls: 2}\n"), uint8(1))
	f.Add([]byte("model: virtual\nthreads: 2\nrequests: 20\narrival: rate:100\nshared_lock: true\nclasses:\n  - {fraction: 0.5, wait: 1ms, calls: 2, fanout: parallel}\n  - {fraction: 0.5, wait: 1ms, blocking: true}\n"), uint8(4))
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		s, err := model.ParseYAML(data)
		if err != nil || s.Validate() != nil {
			return
		}
		small(&s, 300)
		if s.Validate() != nil || !Extendable(s, Options{RecordsOnly: true}) {
			return
		}
		more := s.Requests + 1 + int(k)%s.Requests
		t.Run(fmt.Sprint(s.Requests, "+", more), func(t *testing.T) { checkChain(t, s, s.Requests, more) })
	})
}
