package httptarget

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// start runs a server on 127.0.0.1:0 and shuts it down with the test.
func start(t *testing.T, cfg Config) *Server {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	if cfg.Threads == 0 {
		switch cfg.Model {
		case model.Pool:
			cfg.Threads = 8
		default:
			cfg.Threads = 2
		}
	}
	if cfg.Offload == 0 {
		cfg.Offload = 4
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New(%+v) = %v", cfg, err)
	}
	if err := s.Start(); err != nil {
		t.Fatalf("Start() = %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.Shutdown(ctx)
	})
	return s
}

func url(s *Server, path string) string { return "http://" + s.Addr().String() + path }

func TestHTTPClient(t *testing.T) {
	for _, m := range model.Kinds {
		t.Run(string(m), func(t *testing.T) {
			s := start(t, Config{Model: m})
			c := &http.Client{Timeout: 10 * time.Second}
			defer c.CloseIdleConnections()
			for i := 0; i < 5; i++ {
				resp, err := c.Get(url(s, "/"))
				if err != nil {
					t.Fatalf("GET / = %v", err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || string(body) != "Hello, World!" {
					t.Fatalf("GET / = %d %q; want 200 %q", resp.StatusCode, body, "Hello, World!")
				}
			}
			// A POST with a body, then a query override.
			resp, err := c.Post(url(s, "/echo"), "text/plain", strings.NewReader(strings.Repeat("x", 3000)))
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("POST /echo = %v, %v; want 200", resp, err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			resp, err = c.Get(url(s, "/?wait=20ms&cpu=1ms"))
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("GET /?wait=20ms = %v, %v; want 200", resp, err)
			}
			resp.Body.Close()
			resp, err = c.Get(url(s, "/?wait=banana"))
			if err != nil || resp.StatusCode != 400 {
				t.Fatalf("GET /?wait=banana = %v, %v; want 400", resp, err)
			}
			resp.Body.Close()
			// Many at once, over several connections.
			var wg sync.WaitGroup
			errs := make(chan error, 40)
			for i := 0; i < 40; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					resp, err := c.Get(url(s, "/?wait=5ms"))
					if err != nil {
						errs <- err
						return
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						errs <- fmt.Errorf("status %d", resp.StatusCode)
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Errorf("concurrent GET: %v", err)
			}
			if st := s.Stats(); st.Requests < 48 {
				t.Errorf("Stats().Requests = %d; want at least 48", st.Requests)
			}
		})
	}
}

// rawExchange writes in on a fresh connection and reads until the server
// closes or timeout, returning everything read.
func rawExchange(t *testing.T, s *Server, in string, wantClose bool) string {
	t.Helper()
	nc, err := net.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if _, err := nc.Write([]byte(in)); err != nil {
		t.Fatal(err)
	}
	deadline := 5 * time.Second
	if !wantClose {
		deadline = 500 * time.Millisecond
	}
	nc.SetReadDeadline(time.Now().Add(deadline))
	var out bytes.Buffer
	_, err = io.Copy(&out, nc)
	var ne net.Error
	timedOut := err != nil && errorsAs(err, &ne) && ne.Timeout()
	if wantClose && timedOut {
		t.Errorf("server kept the connection open after %q; want it closed", trunc(in))
	}
	return out.String()
}

func errorsAs(err error, ne *net.Error) bool {
	e, ok := err.(net.Error)
	if ok {
		*ne = e
	}
	return ok
}

func trunc(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// readResponses parses n responses from raw.
func readResponses(t *testing.T, raw string, n int) []*http.Response {
	t.Helper()
	br := bufio.NewReader(strings.NewReader(raw))
	var out []*http.Response
	for i := 0; i < n; i++ {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("response %d of %d: %v\nraw: %q", i+1, n, err, trunc(raw))
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(bytes.NewReader(b))
		out = append(out, resp)
	}
	return out
}

func TestRawHTTP(t *testing.T) {
	big := "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 9000) + "\r\n\r\n"
	for _, m := range model.Kinds {
		t.Run(string(m), func(t *testing.T) {
			s := start(t, Config{Model: m})
			// Pipelining: three requests in one write, answered in order;
			// the last asks to close.
			raw := rawExchange(t, s, "GET /?wait=10ms HTTP/1.1\r\nHost: x\r\n\r\nPOST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nbodyGET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", true)
			rs := readResponses(t, raw, 3)
			for i, r := range rs {
				if r.StatusCode != 200 {
					t.Errorf("pipelined response %d: status %d; want 200", i, r.StatusCode)
				}
			}
			if !rs[2].Close {
				t.Errorf("response to Connection: close lacks Connection: close")
			}
			// Malformed: 400 and close.
			raw = rawExchange(t, s, "BLAH\r\n\r\n", true)
			if rs := readResponses(t, raw, 1); rs[0].StatusCode != 400 {
				t.Errorf("malformed request: status %d; want 400", rs[0].StatusCode)
			}
			// Header over 8 KiB: 431.
			raw = rawExchange(t, s, big, true)
			if rs := readResponses(t, raw, 1); rs[0].StatusCode != 431 {
				t.Errorf("9 KB header: status %d; want 431", rs[0].StatusCode)
			}
			// HTTP/1.0 closes by default.
			raw = rawExchange(t, s, "GET / HTTP/1.0\r\n\r\n", true)
			if rs := readResponses(t, raw, 1); rs[0].StatusCode != 200 {
				t.Errorf("HTTP/1.0: status %d; want 200", rs[0].StatusCode)
			}
			// HEAD: the header with the body's length, and no body.
			raw = rawExchange(t, s, "HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", true)
			if !strings.HasPrefix(raw, "HTTP/1.1 200") || !strings.Contains(raw, "Content-Length: 13\r\n") || !strings.HasSuffix(raw, "\r\n\r\n") {
				t.Errorf("HEAD: %q; want 200 with Content-Length 13 and no body", raw)
			}
			// Keep-alive: the connection stays open after a response.
			raw = rawExchange(t, s, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", false)
			if rs := readResponses(t, raw, 1); rs[0].StatusCode != 200 || rs[0].Close {
				t.Errorf("keep-alive: status %d close=%v; want 200 and open", rs[0].StatusCode, rs[0].Close)
			}
			// Body split across writes.
			nc, err := net.Dial("tcp", s.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			nc.Write([]byte("POST / HTTP/1.1\r\nHost: x\r\nContent-Le"))
			time.Sleep(20 * time.Millisecond)
			nc.Write([]byte("ngth: 6\r\n\r\nab"))
			time.Sleep(20 * time.Millisecond)
			nc.Write([]byte("cdef"))
			nc.SetReadDeadline(time.Now().Add(5 * time.Second))
			resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
			if err != nil || resp.StatusCode != 200 {
				t.Errorf("split request: %v, %v; want 200", resp, err)
			}
			nc.Close()
			// Metrics.
			rm, err := http.Get(url(s, "/metrics"))
			if err != nil {
				t.Fatal(err)
			}
			mb, _ := io.ReadAll(rm.Body)
			rm.Body.Close()
			for _, want := range []string{`waitlab_target_requests_total{code="200"}`, `waitlab_target_requests_total{code="400"}`, `waitlab_target_requests_total{code="431"}`, "waitlab_target_request_duration_seconds_bucket", "waitlab_target_in_flight_requests", "waitlab_target_os_threads", "waitlab_target_queue_length", "waitlab_target_log_dropped_total"} {
				if !bytes.Contains(mb, []byte(want)) {
					t.Errorf("/metrics lacks %s", want)
				}
			}
			if got := bytes.Contains(mb, []byte(`waitlab_target_threads{model="pool"}`)); got != (m == model.Pool) {
				t.Errorf("/metrics has waitlab_target_threads = %v; want it only for pool (where in flight above it means queued)", got)
			}
			if m.HasLoops() && !bytes.Contains(mb, []byte(`waitlab_target_loop_task_duration_seconds_bucket{loop="1"`)) {
				t.Errorf("/metrics lacks the per-loop task histogram")
			}
		})
	}
}

// A client that sends its request and half-closes still gets the answer,
// also when the request waits first.
func TestHalfClose(t *testing.T) {
	for _, m := range model.Kinds {
		s := start(t, Config{Model: m})
		nc, err := net.Dial("tcp", s.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		nc.Write([]byte("GET /?wait=50ms HTTP/1.1\r\nHost: x\r\n\r\n"))
		nc.(*net.TCPConn).CloseWrite()
		nc.SetReadDeadline(time.Now().Add(5 * time.Second))
		b, _ := io.ReadAll(nc)
		nc.Close()
		if rs := readResponses(t, string(b), 1); rs[0].StatusCode != 200 {
			t.Errorf("%s: half-closed request: status %d; want 200", m, rs[0].StatusCode)
		}
	}
}

// Loop 0 accepting as well as serving (Netty with one group).
func TestSharedAcceptor(t *testing.T) {
	for _, m := range []model.Kind{model.Loop, model.Offload} {
		s := start(t, Config{Model: m, Acceptor: "shared", Threads: 3})
		c := &http.Client{Timeout: 5 * time.Second}
		for i := 0; i < 6; i++ {
			c.CloseIdleConnections() // new connections, spread over the loops
			resp, err := c.Get(url(s, "/?wait=1ms"))
			if err != nil {
				t.Fatalf("%s shared acceptor: GET = %v", m, err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("%s shared acceptor: status %d", m, resp.StatusCode)
			}
		}
	}
}

// A client that expects 100-continue gets it before sending its body.
func TestExpectContinue(t *testing.T) {
	for _, m := range model.Kinds {
		s := start(t, Config{Model: m})
		nc, err := net.Dial("tcp", s.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		nc.Write([]byte("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"))
		nc.SetReadDeadline(time.Now().Add(5 * time.Second))
		br := bufio.NewReader(nc)
		line, err := br.ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
			t.Errorf("%s: first line %q, %v; want HTTP/1.1 100 Continue", m, line, err)
			nc.Close()
			continue
		}
		br.ReadString('\n') // the blank line
		nc.Write([]byte("hello"))
		resp, err := http.ReadResponse(br, nil)
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("%s: after the body: %v, %v; want 200", m, resp, err)
		}
		nc.Close()
	}
}

// TestPoolThreadsExistWhenReady: a pool's (and an offload pool's) threads
// are made before Start returns, so a burst sent the moment the target is
// ready does not wait for the runtime to make them (spawnLocked).
func TestPoolThreadsExistWhenReady(t *testing.T) {
	const n = 300
	for _, cfg := range []Config{
		{Model: model.Pool, Threads: n},
		{Model: model.Offload, Threads: 1, Offload: n},
	} {
		t.Run(string(cfg.Model), func(t *testing.T) {
			start(t, cfg)
			got, err := sysinfo.OSThreads()
			if err != nil {
				t.Skipf("no thread count here: %v", err)
			}
			if got < n {
				t.Errorf("%s: %d OS threads when Start returned; want at least the pool's %d", cfg.Model, got, n)
			}
		})
	}
}
