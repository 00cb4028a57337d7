package loadgen

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/uring"
)

// forEachEngine runs a behaviour test on the event loop (plain http's
// default) and on the goroutine-per-connection client (https's, forced
// here for http).
func forEachEngine(t *testing.T, f func(*testing.T)) {
	t.Run("epoll", func(t *testing.T) {
		testEngine = loadresult.EngineEpoll
		defer func() { testEngine = "" }()
		f(t)
	})
	t.Run("uring", func(t *testing.T) {
		if !haveUring() {
			t.Skip("no io_uring here")
		}
		testEngine = loadresult.EngineUring
		defer func() { testEngine = "" }()
		f(t)
	})
	t.Run("goroutines", func(t *testing.T) {
		testEngine = loadresult.EngineGoroutines
		defer func() { testEngine = "" }()
		f(t)
	})
}

// haveUring reports whether this kernel lets the process set up a ring.
func haveUring() bool {
	r, err := uring.New(8, uring.Options{})
	if err == nil {
		r.Close()
	}
	return err == nil
}

// testEngine is the engine run() asks for (forEachEngine sets it; tests
// of one package run one at a time unless they call t.Parallel).
var testEngine string

func rate(r float64) model.Arrival { return model.Arrival{Kind: model.Rate, Rate: r} }

func newServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h) // listens on 127.0.0.1:0
	t.Cleanup(srv.Close)
	return srv
}

func run(t *testing.T, cfg Config) (*loadresult.Result, *loadreport.Report) {
	t.Helper()
	if cfg.Engine == "" {
		cfg.Engine = testEngine
	}
	res, err := Run(context.Background(), cfg)
	if err == nil && cfg.Engine != "" && res.Engine != cfg.Engine {
		t.Fatalf("Run on the %s engine measured on %s (%s)", cfg.Engine, res.Engine, res.EngineWhy)
	}
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res, loadreport.Analyze(res, msg.EN)
}

func hasWarning(rep *loadreport.Report, code string) bool {
	for _, w := range rep.Warnings {
		if w.Code == code {
			return true
		}
	}
	return false
}

// A server that answers after a fixed 20 ms: every request is answered,
// and both latency (from the intended send) and service time (from the
// actual send) read at least the 20 ms the server takes, latency never
// below service time. Those are bounds the code guarantees, so they hold
// on a loaded machine. How little the generator adds on top (about 1 ms at
// p50 on a quiet machine) is a timing: BenchmarkFixedDelayOverhead
// measures it.
func TestFixedDelayServer(t *testing.T) { forEachEngine(t, testFixedDelayServer) }

func testFixedDelayServer(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(20 * time.Millisecond)
		w.Write([]byte("ok"))
	})
	res, last := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: rate(50),
		Duration: 2 * time.Second, Warmup: 200 * time.Millisecond})
	if res.OK < 90 || res.Requests != res.OK {
		t.Fatalf("ok = %d of %d (errors %v); want about 100, all ok", res.OK, res.Requests, res.Errors)
	}
	if last.Latency.P50MS < last.ServiceTime.P50MS {
		t.Errorf("latency p50 %.3f < service time p50 %.3f; the intended send is never after the actual one", last.Latency.P50MS, last.ServiceTime.P50MS)
	}
	if last.ServiceTime.P50MS < 20 || last.ServiceTime.MinMS < 20 {
		t.Errorf("service time p50 %.3f ms, min %.3f ms; the server takes at least 20 ms", last.ServiceTime.P50MS, last.ServiceTime.MinMS)
	}
	if !hasWarning(last, "few_samples") || !hasWarning(last, "shared_cpu_unknown") || !hasWarning(last, "little") {
		t.Errorf("warnings = %+v; want few_samples, shared_cpu_unknown and little", last.Warnings)
	}
	if len(last.Series) < 2 {
		t.Errorf("series has %d seconds; want 2", len(last.Series))
	}
}

// A server that stalls for 1 s once, during a constant-rate run on one
// connection: the requests due during the stall wait in the generator, so
// the latency from the intended send shows the stall at p99 and the
// service time (from the actual send) does not.
func TestStallShowsInCorrectedLatencyOnly(t *testing.T) {
	forEachEngine(t, testStallShowsInCorrectedLatencyOnly)
}

func testStallShowsInCorrectedLatencyOnly(t *testing.T) {
	var n atomic.Int64
	var mu sync.Mutex // the stall holds the whole server
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		if n.Add(1) == 50 {
			time.Sleep(time.Second)
		}
		mu.Unlock()
		w.Write([]byte("ok"))
	})
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: rate(100),
		Duration: 4 * time.Second, Connections: 1})
	if res.OK < 300 {
		t.Fatalf("ok = %d; want about 400", res.OK)
	}
	if rep.Latency.P99MS < 500 {
		t.Errorf("latency (from intended send) p99 = %.1f ms; want the 1 s stall to show (>= 500 ms)", rep.Latency.P99MS)
	}
	if rep.ServiceTime.P99MS > 100 {
		t.Errorf("service time p99 = %.1f ms; want it to hide the stall (< 100 ms)", rep.ServiceTime.P99MS)
	}
	if rep.ServiceTime.MaxMS < 900 {
		t.Errorf("service time max = %.1f ms; want the stalled request itself (~1 s)", rep.ServiceTime.MaxMS)
	}
	if res.Late < 50 {
		t.Errorf("late = %d; want the requests due during the stall (~100) counted as late", res.Late)
	}
}

// flakyServer is a raw keep-alive HTTP server on 127.0.0.1:0 that can die:
// kill closes the listener and every connection.
type flakyServer struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
	wg    sync.WaitGroup
}

func newFlaky(t *testing.T, answer bool) *flakyServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &flakyServer{ln: ln}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.mu.Unlock()
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				buf := make([]byte, 4096)
				n := 0
				for {
					m, err := c.Read(buf[n:])
					if err != nil {
						return
					}
					n += m
					for {
						e := headEnd(buf[:n])
						if e < 0 {
							break
						}
						n = copy(buf, buf[e:n])
						if answer {
							c.Write([]byte("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))
						}
					}
					if n == len(buf) {
						n = 0
					}
				}
			}()
		}
	}()
	t.Cleanup(s.kill)
	return s
}

func (s *flakyServer) url() string { return "http://" + s.ln.Addr().String() + "/" }

func (s *flakyServer) kill() {
	s.ln.Close()
	s.mu.Lock()
	for _, c := range s.conns {
		c.Close()
	}
	s.conns = nil
	s.mu.Unlock()
	s.wg.Wait()
}

// The target dying mid-run: errors are counted by kind, the run ends on
// time, and the report says so.
func TestTargetDiesMidRun(t *testing.T) { forEachEngine(t, testTargetDiesMidRun) }

func testTargetDiesMidRun(t *testing.T) {
	s := newFlaky(t, true)
	time.AfterFunc(time.Second, s.kill)
	start := time.Now()
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: s.url()}}, Arrival: rate(100),
		Duration: 2 * time.Second, Timeout: time.Second})
	took := time.Since(start)
	if res.OK < 50 || res.Errors["connect_refused"] < 50 {
		t.Errorf("ok = %d, errors = %v; want about 100 ok, then connect_refused", res.OK, res.Errors)
	}
	if res.Window() != 2*time.Second || res.Interrupted {
		t.Errorf("window = %v, interrupted = %v; want 2s, false", res.Window(), res.Interrupted)
	}
	if took > 2*time.Second+res.Window() { // window + timeout, with a margin for a loaded machine
		t.Errorf("the run took %v; want it to end about on time", took)
	}
	if !hasWarning(rep, "errors") {
		t.Errorf("warnings = %+v; want errors", rep.Warnings)
	}
	if b := loadreport.Check(rep, nil, msg.EN); len(b) != 1 {
		t.Errorf("loadreport.Check(default) = %q; want one breach (errors above 1%%)", b)
	}
}

func openFDs() int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(ents)
}

// settle waits until f() <= want, for at most 5 s, and returns the last value.
func settle(want int, f func() int) int {
	var got int
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if got = f(); got <= want {
			break
		}
	}
	return got
}

// A target that accepts but never answers: every request times out, and
// no goroutine or connection is left behind.
func TestNeverAnsweringTarget(t *testing.T) { forEachEngine(t, testNeverAnsweringTarget) }

func testNeverAnsweringTarget(t *testing.T) {
	s := newFlaky(t, false)
	goroutines, fds := runtime.NumGoroutine(), openFDs()
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: s.url()}}, Arrival: rate(20),
		Duration: time.Second, Timeout: 200 * time.Millisecond})
	// On a busy machine a dial may itself outlast the 200 ms: a timeout
	// either way, never an answer or another error.
	if res.OK != 0 || res.Errors["timeout"]+res.Errors["connect_timeout"] != res.Requests || res.Requests < 15 {
		t.Errorf("ok = %d, requests = %d, errors = %v; want every request a timeout", res.OK, res.Requests, res.Errors)
	}
	if !hasWarning(rep, "no_ok") {
		t.Errorf("warnings = %+v; want no_ok", rep.Warnings)
	}
	// The server side still holds its ends until it is killed.
	s.kill()
	if got := settle(goroutines, runtime.NumGoroutine); got > goroutines {
		t.Errorf("goroutines: %d after the run; want %d as before", got, goroutines)
	}
	if got := settle(fds, openFDs); got > fds {
		t.Errorf("open files: %d after the run; want %d as before", got, fds)
	}
}

func TestClosedModelAndRequestBound(t *testing.T) { forEachEngine(t, testClosedModelAndRequestBound) }

func testClosedModelAndRequestBound(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: model.Arrival{Kind: model.VUs, VUs: 4},
		Requests: 300, Think: time.Millisecond})
	if res.Model != "closed" || res.Requests != 300 || res.OK != 300 {
		t.Errorf("model %s, requests %d, ok %d; want closed, 300, 300", res.Model, res.Requests, res.OK)
	}
	if !hasWarning(rep, "closed_model") || !hasWarning(rep, "little_vus") {
		t.Errorf("warnings = %+v; want closed_model and little_vus", rep.Warnings)
	}
	if rep.Latency != rep.ServiceTime {
		t.Errorf("closed model: latency %+v != service time %+v; they are the same measurement", rep.Latency, rep.ServiceTime)
	}
}

func TestOpenRequestBoundAndWarmup(t *testing.T) { forEachEngine(t, testOpenRequestBoundAndWarmup) }

func testOpenRequestBoundAndWarmup(t *testing.T) {
	var served atomic.Int64
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) { served.Add(1); w.Write([]byte("ok")) })
	res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: rate(200),
		Requests: 100, Warmup: 250 * time.Millisecond})
	if res.Requests != 100 || res.Offered != 100 {
		t.Errorf("requests %d, offered %d; want 100 measured", res.Requests, res.Offered)
	}
	if got := served.Load(); got < 140 {
		t.Errorf("server saw %d requests; want 100 measured plus ~50 in the warm-up", got)
	}
}

func TestStagesAndPoisson(t *testing.T) { forEachEngine(t, testStagesAndPoisson) }

func testStagesAndPoisson(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	stages, _ := model.ParseStages("1s:200,1s:0")
	// Connections to spare: on a loaded machine (-race, other tests) the
	// in-process server is slow, and this test is about the schedule.
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: model.Arrival{Kind: model.Poisson},
		Stages: stages, Seed: 7, Connections: 400})
	// The profile's area is 200 requests; a Poisson count is near it.
	if res.Offered < 140 || res.Offered > 260 || res.Requests != res.Offered {
		t.Errorf("offered %d, requests %d; want about 200, all sent", res.Offered, res.Requests)
	}
	if rep.WindowS != 2 {
		t.Errorf("window = %v s; want the stages' 2 s", rep.WindowS)
	}
}

func TestCancelEndsTheRun(t *testing.T) { forEachEngine(t, testCancelEndsTheRun) }

func testCancelEndsTheRun(t *testing.T) {
	s := newFlaky(t, false)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	res, err := Run(ctx, Config{Targets: []Target{{Method: "GET", URL: s.url()}}, Arrival: rate(50), Duration: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || time.Since(start) > 10*time.Second {
		t.Errorf("interrupted = %v after %v; want a prompt, interrupted end", res.Interrupted, time.Since(start))
	}
}

// A waitlab target's /metrics gives the target's CPU and threads: the
// report shows the shared CPU and a Little's-law comparison with threads.
func TestTargetMetricsAndPid(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte("process_cpu_seconds_total 1.5\nwaitlab_target_threads 2\n"))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(50 * time.Millisecond)
		w.Write([]byte("ok"))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	_, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}}, Arrival: rate(100),
		Duration: time.Second, MetricsURL: srv.URL + "/metrics"})
	if rep.TargetCPUPct == nil || !hasWarning(rep, "shared_cpu") || !hasWarning(rep, "little_queued") {
		t.Errorf("target cpu %v, warnings %+v; want the target's loadresult.CPU, shared_cpu and little_queued (5 in flight > 2 threads)", rep.TargetCPUPct, rep.Warnings)
	}
	_, rep = run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}}, Arrival: rate(20),
		Duration: 500 * time.Millisecond, TargetPID: os.Getpid()})
	if rep.TargetCPUPct == nil || !hasWarning(rep, "shared_cpu") {
		t.Errorf("--target-pid: target cpu %v, warnings %+v; want the target's loadresult.CPU and shared_cpu", rep.TargetCPUPct, rep.Warnings)
	}
}
