package loadgen

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/uring"
)

// needUring skips when this kernel (or its seccomp filter) refuses rings.
func needUring(t *testing.T) {
	t.Helper()
	r, err := uring.New(8, uring.Options{})
	if err != nil {
		t.Skipf("no io_uring here: %v", err)
	}
	r.Close()
}

// countingServer is an httptest server that counts the connections it
// accepted.
func countingServer(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &conns
}

// Against the project's own target, the io_uring engine counts what the
// epoll engine counts: every request answered, on one kept-alive
// connection per user, the same bytes per response.
func TestUringAgainstTarget(t *testing.T) {
	needUring(t)
	srv, err := httptarget.New(httptarget.Config{Model: model.Loop, Threads: 1, Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatalf("httptarget.New: %v", err)
	}
	if err := srv.Start(); err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}()
	const n, vus = 3000, 8
	var perReq [2]int64
	for i, engine := range []string{loadresult.EngineEpoll, loadresult.EngineUring} {
		res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: "http://" + srv.Addr().String() + "/"}},
			Arrival: model.Arrival{Kind: model.VUs, VUs: vus}, Requests: n, Engine: engine})
		if res.Requests != n || res.OK != n || len(res.Errors) != 0 || res.Opened != vus {
			t.Errorf("%s: %d requests, %d ok, errors %v, %d connections; want %d, %d, none, %d", engine, res.Requests, res.OK, res.Errors, res.Opened, n, n, vus)
		}
		perReq[i] = res.BytesReceived / max(res.Requests, 1)
	}
	if perReq[0] != perReq[1] {
		t.Errorf("bytes per response: epoll %d, io_uring %d; want the same", perReq[0], perReq[1])
	}
}

// Keep-alive, chunked bodies, Connection: close and status classes, each
// on the io_uring engine, with the server's own count of connections.
func TestUringResponses(t *testing.T) {
	needUring(t)
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/chunked":
			for i := 0; i < 3; i++ {
				w.Write([]byte(strings.Repeat("x", 1000)))
				w.(http.Flusher).Flush() // no Content-Length: chunked
			}
		case "/big":
			// Many receives a response, and a connection's receive
			// buffer filled and emptied again within one.
			w.Header().Set("Content-Length", "100000")
			w.Write([]byte(strings.Repeat("y", 100000)))
		case "/close":
			w.Header().Set("Connection", "close")
			w.Write([]byte("bye"))
		case "/busy":
			w.WriteHeader(http.StatusServiceUnavailable)
		case "/missing":
			w.WriteHeader(http.StatusNotFound)
		default:
			w.Write([]byte("ok"))
		}
	})
	const n, vus = 200, 4
	for _, tt := range []struct {
		path      string
		ok        int64
		errs      map[string]int64
		conns     int64
		bytesOver int64 // at least this many bytes per request
	}{
		{"/", n, nil, vus, 2},
		{"/chunked", n, nil, vus, 3000},
		{"/big", n, nil, vus, 100000},
		{"/close", n, nil, n, 3},
		{"/busy", 0, map[string]int64{"status_503": n}, vus, 0},
		{"/missing", 0, map[string]int64{"status_404": n}, vus, 0},
	} {
		before := conns.Load()
		res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + tt.path}},
			Arrival: model.Arrival{Kind: model.VUs, VUs: vus}, Requests: n, Engine: loadresult.EngineUring})
		got := conns.Load() - before
		if res.Requests != n || res.OK != tt.ok || len(res.Errors) != len(tt.errs) || got != tt.conns || res.BytesReceived < tt.bytesOver*n {
			t.Errorf("%s: %d requests, %d ok, errors %v, %d server connections, %d bytes; want %d, %d, %v, %d, >= %d",
				tt.path, res.Requests, res.OK, res.Errors, got, res.BytesReceived, n, tt.ok, tt.errs, tt.conns, tt.bytesOver*n)
		}
		for k, v := range tt.errs {
			if res.Errors[k] != v {
				t.Errorf("%s: errors[%s] = %d; want %d", tt.path, k, res.Errors[k], v)
			}
		}
	}
}

// resetServer reads a request and resets the connection (SO_LINGER 0).
func resetServer(t *testing.T) string {
	t.Helper()
	return serveConns(t, func(c net.Conn) {
		c.Read(make([]byte, 4096))
		c.(*net.TCPConn).SetLinger(0)
	})
}

// A server that resets every connection: every request is an error, of
// the same kinds as on the epoll engine, none ok; a closed port: refused.
func TestUringResetsAndRefusals(t *testing.T) {
	needUring(t)
	addr := resetServer(t)
	var kinds [2]map[string]int64
	for i, engine := range []string{loadresult.EngineEpoll, loadresult.EngineUring} {
		res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: "http://" + addr + "/"}},
			Arrival: model.Arrival{Kind: model.VUs, VUs: 2}, Requests: 100, Engine: engine})
		if res.Requests != 100 || res.OK != 0 || res.Errors["reset"]+res.Errors["closed"] != 100 {
			t.Errorf("%s against a resetting server: %d requests, %d ok, errors %v; want 100, 0, all reset or closed", engine, res.Requests, res.OK, res.Errors)
		}
		kinds[i] = res.Errors
	}
	if kinds[1]["reset"] == 0 {
		t.Errorf("io_uring engine saw no reset: %v (epoll: %v)", kinds[1], kinds[0])
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: "http://" + closed + "/"}},
		Arrival: model.Arrival{Kind: model.VUs, VUs: 1}, Requests: 20, Engine: loadresult.EngineUring})
	if res.OK != 0 || res.Errors["connect_refused"] != 20 {
		t.Errorf("closed port: %d ok, errors %v; want 0 and 20 connect_refused", res.OK, res.Errors)
	}
}

// A request the server holds past the timeout is a timeout; the user's
// next request, on a new connection, is answered (the cancelled receive
// of the old one does not write into the new one's buffer).
func TestUringTimeoutThenAnswer(t *testing.T) {
	needUring(t)
	var n atomic.Int64
	srv, _ := countingServer(t, func(w http.ResponseWriter, _ *http.Request) {
		if n.Add(1)%5 == 1 {
			time.Sleep(300 * time.Millisecond)
		}
		w.Write([]byte("ok"))
	})
	res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}}, Timeout: 100 * time.Millisecond,
		Arrival: model.Arrival{Kind: model.VUs, VUs: 1}, Requests: 20, Engine: loadresult.EngineUring})
	if res.Requests != 20 || res.Errors["timeout"] != 4 || res.OK != 16 {
		t.Errorf("%d requests, %d ok, errors %v; want 20, 16 ok, 4 timeouts", res.Requests, res.OK, res.Errors)
	}
}

// When the ring cannot be set up (a seccomp filter, io_uring_disabled),
// the run is measured on the epoll engine and says why, in the result and
// in the report.
func TestUringFallback(t *testing.T) {
	defer func(f func(uint32, uring.Options) (*uring.Ring, error)) { uringSetup = f }(uringSetup)
	uringSetup = func(uint32, uring.Options) (*uring.Ring, error) {
		return nil, errors.New("io_uring_setup: operation not permitted")
	}
	srv, _ := countingServer(t, func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	res, err := Run(context.Background(), Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}},
		Arrival: model.Arrival{Kind: model.VUs, VUs: 2}, Requests: 50, Engine: loadresult.EngineUring})
	if err != nil {
		t.Fatal(err)
	}
	if res.Engine != loadresult.EngineEpoll || !strings.HasPrefix(res.EngineWhy, loadresult.WhyUringFailed) ||
		!strings.Contains(res.EngineWhy, "not permitted") || res.OK != 50 {
		t.Errorf("engine %q (%q), %d ok; want epoll, why %q..., 50 ok", res.Engine, res.EngineWhy, res.OK, loadresult.WhyUringFailed)
	}
	var file bytes.Buffer
	if err := res.Write(&file); err != nil {
		t.Fatal(err)
	}
	if _, err := loadresult.ReadResult(file.Bytes()); err != nil {
		t.Errorf("the fallback's result file does not read back: %v", err)
	}
	var text strings.Builder
	loadreport.WriteText(&text, loadreport.Analyze(res, msg.EN), msg.EN, 0)
	if !strings.Contains(text.String(), "fell back to epoll: the io_uring engine could not start: io_uring_setup: operation not permitted") {
		t.Errorf("the report does not say why:\n%s", text.String())
	}
}

// A ring much smaller than the connections' entries (and completions in
// flight beyond its completion queue, which the kernel then holds on its
// overflow list) still runs every request: a full ring is submitted to
// make room, and completions reaped for room are handled later.
func TestUringSmallRing(t *testing.T) {
	needUring(t)
	defer func(f func(uint32, uring.Options) (*uring.Ring, error)) { uringSetup = f }(uringSetup)
	uringSetup = func(uint32, uring.Options) (*uring.Ring, error) { return uring.New(4, uring.Options{CQEntries: 8}) }
	srv, _ := countingServer(t, func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	res, _ := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}},
		Arrival: model.Arrival{Kind: model.VUs, VUs: 40}, Requests: 2000, Engine: loadresult.EngineUring})
	if res.Requests != 2000 || res.OK != 2000 || len(res.Errors) != 0 {
		t.Errorf("%d requests, %d ok, errors %v; want 2000 ok", res.Requests, res.OK, res.Errors)
	}
}

// BenchmarkEngineClosedUring: BenchmarkEngineClosed on the io_uring ring,
// which is what auto runs for it (skipped where the kernel has no ring).
func BenchmarkEngineClosedUring(b *testing.B) {
	r, err := uringSetup(8, uring.Options{})
	if err != nil {
		b.Skip("no io_uring here:", err)
	}
	r.Close()
	benchEngine(b, model.Arrival{Kind: model.VUs, VUs: 50}, 0, loadresult.EngineUring)
}
