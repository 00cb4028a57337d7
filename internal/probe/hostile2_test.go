package probe

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// rawServer answers every connection with serve, on 127.0.0.1:0.
func rawServer(t *testing.T, serve func(c net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				serve(c)
			}()
		}
	}()
	return "http://" + ln.Addr().String() + "/"
}

// readRequest reads one request's head (the probe sends GETs with none).
func readRequest(r *bufio.Reader) bool {
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return false
		}
		if line == "\r\n" || line == "\n" {
			return true
		}
	}
}

// More of the hostile-server class: servers that answer with bodies that
// never end, lie about their length, drip, or redirect. Each probe ends
// in bounded time and memory, a failure named by kind (exit 1), no shape.
func TestHostileBodies(t *testing.T) {
	if testing.Short() {
		t.Skip("five probes of up to 8 s each; TestHostileServers is the fast half")
	}
	zeros := make([]byte, 64<<10)
	for _, tc := range []struct {
		name  string
		serve func(c net.Conn)
	}{
		{"1 GB body", func(c net.Conn) {
			r := bufio.NewReader(c)
			for readRequest(r) {
				fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", 1<<30)
				for sent := 0; sent < 1<<30; sent += len(zeros) {
					if _, err := c.Write(zeros); err != nil {
						return
					}
				}
			}
		}},
		{"endless chunked", func(c net.Conn) {
			r := bufio.NewReader(c)
			if !readRequest(r) {
				return
			}
			fmt.Fprint(c, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
			chunk := []byte(strconv.FormatInt(int64(len(zeros)), 16) + "\r\n" + string(zeros) + "\r\n")
			for {
				if _, err := c.Write(chunk); err != nil {
					return
				}
			}
		}},
		{"lying Content-Length", func(c net.Conn) {
			r := bufio.NewReader(c)
			if readRequest(r) {
				fmt.Fprint(c, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nshort")
			}
		}},
		{"one byte a second", func(c net.Conn) {
			r := bufio.NewReader(c)
			if !readRequest(r) {
				return
			}
			for _, b := range []byte("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok") {
				if _, err := c.Write([]byte{b}); err != nil {
					return
				}
				time.Sleep(time.Second)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := rawServer(t, tc.serve)
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			var before runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			done := make(chan struct{})
			peak := before.HeapInuse
			go func() {
				for {
					select {
					case <-done:
						return
					case <-time.After(50 * time.Millisecond):
						var m runtime.MemStats
						runtime.ReadMemStats(&m)
						peak = max(peak, m.HeapInuse)
					}
				}
			}()
			t0 := time.Now()
			res, err := Run(ctx, quick(url, 8*time.Second, 100))
			close(done)
			if el := time.Since(t0); el > 60*time.Second {
				t.Errorf("the probe took %v against a budget of 8 s", el)
			}
			if grew := int64(peak) - int64(before.HeapInuse); grew > 256<<20 {
				t.Errorf("the heap grew by %d MB", grew>>20)
			}
			var fe *FailError
			if !errors.As(err, &fe) {
				if res != nil {
					logText(t, res)
				}
				t.Fatalf("Run = %v; want a failure", err)
			}
			failedCleanly(t, res, err, fe.Note.Key)
			if len(res.Failures) == 0 {
				t.Errorf("%s: no failure counted by kind", tc.name)
			}
			t.Logf("%s: %s (kinds %v)", tc.name, fe.Note.Text, res.Failures)
		})
	}
	t.Run("redirect loop", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/", http.StatusFound) }))
		defer srv.Close()
		res, err := Run(context.Background(), quick(srv.URL+"/", 8*time.Second, 100))
		failedCleanly(t, res, err, "probe.fail.errors_only")
	})
}

// A 1 GB body sent slower than the probe reads: no request finishes
// within its timeout, so the bytes per answer stay under the cap and the
// probe read it as a dead (or, on a busier machine, a serialized) server.
// The declared length is the answer's size; the failure is a bad response.
func TestHostileSlowHugeBody(t *testing.T) {
	zeros := make([]byte, 64<<10)
	url := rawServer(t, func(c net.Conn) {
		r := bufio.NewReader(c)
		for readRequest(r) {
			fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", 1<<30)
			for sent := 0; sent < 1<<30; sent += len(zeros) {
				if _, err := c.Write(zeros); err != nil {
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := Run(ctx, quick(url, 6*time.Second, 100))
	failedCleanly(t, res, err, "probe.fail.too_large")
	if res.Failures[KindResponse] == 0 {
		t.Errorf("failures by kind %v; want %s", res.Failures, KindResponse)
	}
}

// A server that switches, mid-probe, to 1 GB answers sent slower than the
// probe reads: its steps time out, and it answers the health check, so it
// read as overloaded and the search went on below. It is a bad response.
func TestHostileSwitchesToHugeBody(t *testing.T) {
	zeros := make([]byte, 64<<10)
	start := time.Now()
	url := rawServer(t, func(c net.Conn) {
		r := bufio.NewReader(c)
		for readRequest(r) {
			if time.Since(start) < 2*time.Second {
				time.Sleep(5 * time.Millisecond)
				fmt.Fprint(c, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
				continue
			}
			fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", 1<<30)
			for sent := 0; sent < 1<<30; sent += len(zeros) {
				if _, err := c.Write(zeros); err != nil {
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := Run(ctx, quick(url, 10*time.Second, 100))
	failedCleanly(t, res, err, "probe.fail.too_large_at")
	if res.Failures[KindResponse] == 0 {
		t.Errorf("failures by kind %v; want %s", res.Failures, KindResponse)
	}
}
