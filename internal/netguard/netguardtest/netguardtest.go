// Package netguardtest is the hostile-client battery the servers' tests
// share (issue 19): clients that connect and send nothing, drip a request
// a byte at a time, pipeline requests and never read the answers, or open
// many connections, each held while a real client is served beside them.
// It is test support, like net/http/httptest: only tests import it.
//
// The battery asserts behaviour with generous bounds: a real client is
// answered within RealClientBound while an attack holds, and after the
// server shut down no goroutine is left behind. It asserts no ratio and no
// timing beyond those bounds.
package netguardtest

import (
	"net"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// RealClientBound is how soon a real client must be answered during an
// attack: far above a served request's time on a loaded machine (the race
// detector beside other race tests on 2 CPUs once took a probe past 1 s),
// and half the shortest timeout a server under test keeps (the target's
// 10 s header timeout), so a server that let the attack hold it answers
// only when that timeout frees it, or never while the attack holds, and
// fails.
const RealClientBound = 5 * time.Second

// Attack is one kind of hostile client.
type Attack struct {
	Name string
	// start opens the attack's connections and returns once they are
	// open; stop closes them.
	start func(t *testing.T, addr string) (stop func())
}

// smallWindow dials with a small receive buffer, set before the connect so
// the window the server sees is small: a client that never reads fills it
// after a few answers, and the attack holds the server's writes rather
// than making it render megabytes into the kernel.
var smallWindow = net.Dialer{Timeout: 5 * time.Second, Control: func(_, _ string, rc syscall.RawConn) error {
	return rc.Control(func(fd uintptr) {
		syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4<<10)
	})
}}

// conns dials n connections to addr and calls each(c) on each in its own
// goroutine; stop closes them and waits for the goroutines.
func conns(t *testing.T, addr string, n int, each func(c net.Conn, quit <-chan struct{})) func() {
	t.Helper()
	quit := make(chan struct{})
	var wg sync.WaitGroup
	var open []net.Conn
	for i := 0; i < n; i++ {
		c, err := smallWindow.Dial("tcp", addr)
		if err != nil {
			break // the server's backlog is full: the attack holds what it has
		}
		open = append(open, c)
		if each != nil {
			wg.Add(1)
			go func() { defer wg.Done(); each(c, quit) }()
		}
	}
	if len(open) == 0 {
		t.Fatalf("could not connect to %s", addr)
	}
	return func() {
		close(quit)
		for _, c := range open {
			c.Close()
		}
		wg.Wait()
	}
}

// Idle opens n connections that send nothing.
func Idle(n int) Attack {
	return Attack{Name: "idle", start: func(t *testing.T, addr string) func() { return conns(t, addr, n, nil) }}
}

// Slowloris opens n connections that each send request one byte every
// 50 ms, never finishing while the attack holds.
func Slowloris(n int, request []byte) Attack {
	return Attack{Name: "slowloris", start: func(t *testing.T, addr string) func() {
		return conns(t, addr, n, func(c net.Conn, quit <-chan struct{}) {
			tick := time.NewTicker(50 * time.Millisecond)
			defer tick.Stop()
			for i := 0; i < len(request)-1; i++ {
				select {
				case <-quit:
					return
				case <-tick.C:
				}
				c.SetWriteDeadline(time.Now().Add(time.Second))
				if _, err := c.Write(request[i : i+1]); err != nil {
					return // closed by the server: what it should do
				}
			}
		})
	}}
}

// NeverRead opens n connections that each write request repeat times
// (pipelined) and never read an answer.
func NeverRead(n int, request []byte, repeat int) Attack {
	return Attack{Name: "never-read", start: func(t *testing.T, addr string) func() {
		return conns(t, addr, n, func(c net.Conn, quit <-chan struct{}) {
			for i := 0; i < repeat; i++ {
				select {
				case <-quit:
					return
				default:
				}
				c.SetWriteDeadline(time.Now().Add(200 * time.Millisecond))
				if _, err := c.Write(request); err != nil {
					// The server stopped reading (back-pressure) or
					// closed: wait for the end of the attack.
					<-quit
					return
				}
			}
		})
	}}
}

// Many opens n connections that each send one whole request, read
// nothing, and stay open.
func Many(n int, request []byte) Attack {
	return Attack{Name: "many", start: func(t *testing.T, addr string) func() {
		return conns(t, addr, n, func(c net.Conn, quit <-chan struct{}) {
			c.SetWriteDeadline(time.Now().Add(time.Second))
			c.Write(request)
			<-quit
		})
	}}
}

// Battery holds each attack against addr in turn and, while it holds,
// asks probe (a real client's request on a fresh connection) three times;
// each must succeed within RealClientBound.
func Battery(t *testing.T, addr string, attacks []Attack, probe func() error) {
	t.Helper()
	for _, a := range attacks {
		stop := a.start(t, addr)
		time.Sleep(100 * time.Millisecond) // the attack reaches the server
		for i := 0; i < 3; i++ {
			start := time.Now()
			err := probe()
			if d := time.Since(start); err != nil || d > RealClientBound {
				t.Errorf("%s attack on %s: a real client got %v after %v; want an answer within %v", a.Name, addr, err, d.Round(time.Millisecond), RealClientBound)
			}
		}
		stop()
	}
}

// NoGoroutineLeft fails t unless the goroutines come back to before (the
// count before the server started) within a few seconds of shutdown.
func NoGoroutineLeft(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Errorf("%d goroutines after shutdown, %d before the server started:\n%s", n, before, strings.TrimSpace(string(buf)))
	}
}
