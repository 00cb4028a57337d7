package loadgen

import (
	"net"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
)

// A server that answers each request with its response and a forged
// second one: the extra bytes are a protocol error, never the next
// request's answer (issue 13, item 14).
func TestUnaskedBytesAreNoAnswer(t *testing.T) { forEachEngine(t, testUnaskedBytesAreNoAnswer) }

func testUnaskedBytesAreNoAnswer(t *testing.T) {
	addr := rawServer(t, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
	res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: "http://" + addr + "/"}},
		Arrival: model.Arrival{Kind: model.VUs, VUs: 1}, Requests: 20, Timeout: 2 * time.Second})
	if res.OK != 0 || res.Errors["bad_response"] != res.Requests || res.Requests == 0 {
		t.Errorf("%d requests, %d ok, errors %v; want every one a bad response", res.Requests, res.OK, res.Errors)
	}
}

// A status of 600 is no HTTP status: it counts as an error, and the run's
// counts add up (it used to count as neither ok nor error).
func TestStatusBeyond599IsAnError(t *testing.T) { forEachEngine(t, testStatusBeyond599IsAnError) }

func testStatusBeyond599IsAnError(t *testing.T) {
	addr := rawServer(t, "HTTP/1.1 600 What\r\nContent-Length: 0\r\n\r\n")
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: "http://" + addr + "/"}},
		Arrival: model.Arrival{Kind: model.VUs, VUs: 1}, Requests: 10})
	if res.OK != 0 || rep.ErrorCount != res.Requests || res.Requests != 10 {
		t.Errorf("%d requests, %d ok, %d errors (%v); want 10 errors", res.Requests, res.OK, rep.ErrorCount, res.Errors)
	}
	if br := loadreport.Check(rep, nil, "en"); len(br) == 0 {
		t.Error("loadreport.Check = no breach; want the error-rate breach")
	}
}

// The recorder never drops a request whatever its status: out-of-range
// statuses are errors.
func TestRecorderCountsEveryStatus(t *testing.T) {
	rec := newRecorder(1)
	for _, st := range []int{0, 42, 99, 200, 503, 600, 999, -1} {
		rec.record(0, 0, 0, time.Millisecond, st, kindOK)
	}
	res := &loadresult.Result{}
	rec.fill(res)
	var failed int64
	for _, n := range res.Errors {
		failed += n
	}
	if res.Requests != 8 || res.OK != 1 || failed != 7 {
		t.Errorf("recorded %d, ok %d, errors %v; want 8, 1 ok, 7 errors", res.Requests, res.OK, res.Errors)
	}
}

// With a warm-up against a server that never answers, the warm-up's
// timeouts show in the result and the run fails: it used to report 0
// requests, 0 errors (issue 13, item 14).
func TestWarmupAgainstSilentServer(t *testing.T) { forEachEngine(t, testWarmupAgainstSilentServer) }

func testWarmupAgainstSilentServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		var conns []net.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c) // never answered
		}
	}()
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: "http://" + ln.Addr().String() + "/"}},
		Arrival: rate(40), Warmup: 500 * time.Millisecond, Duration: 500 * time.Millisecond,
		Timeout: 700 * time.Millisecond, Connections: 4})
	if res.Warmup == nil || res.Warmup.Requests == 0 || res.Warmup.OK != 0 || res.Warmup.Errors["timeout"] == 0 {
		t.Errorf("warm-up %+v; want its requests and their timeouts recorded", res.Warmup)
	}
	if br := loadreport.Check(rep, nil, "en"); len(br) == 0 {
		t.Errorf("loadreport.Check = no breach for %d requests, %d never sent; want the run to fail", res.Requests, res.Unsent)
	}
}

// At a steady state the window's completions are one window's arrivals:
// warm-up requests that end inside the window count in its rates (and
// Little's law), those that end before it or after its cutoff do not, and
// none of them is in the measured latencies.
func TestWindowCountsWarmupCompletionsInside(t *testing.T) {
	rec := newRecorder(1)
	rec.cutoff.Store(int64(10 * time.Second))
	// Sent in the warm-up, 1 s latency: ends before, inside, and after.
	rec.recordWarm(-3*time.Second, -2*time.Second, 200, kindOK)
	rec.recordWarm(-500*time.Millisecond, 500*time.Millisecond, 200, kindOK)
	rec.recordWarm(-200*time.Millisecond, 800*time.Millisecond, 503, kindOK)
	// Sent in the window: one ends inside, one after the cutoff.
	rec.record(0, time.Second, time.Second, 2*time.Second, 200, kindOK)
	rec.record(0, 9500*time.Millisecond, 9500*time.Millisecond, 10500*time.Millisecond, 200, kindOK)
	res := &loadresult.Result{WarmupNS: int64(3 * time.Second)}
	rec.fill(res)
	if res.WindowRequests != 3 || res.WindowOK != 2 {
		t.Errorf("window completions %d, ok %d; want 3 (two warm-up ends inside, one request sent inside), 2 ok", res.WindowRequests, res.WindowOK)
	}
	if want := int64(2 * time.Second); res.WindowServiceNS != want {
		t.Errorf("window service time %v; want %v (the two ok completions inside)", time.Duration(res.WindowServiceNS), time.Duration(want))
	}
	if res.Requests != 2 || res.Latency.Count != 2 || res.Warmup == nil || res.Warmup.Requests != 3 {
		t.Errorf("measured %d (latencies %d), warm-up %+v; want the 2 sent in the window measured and 3 warm-up", res.Requests, res.Latency.Count, res.Warmup)
	}
}
