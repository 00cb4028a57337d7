package probe

import (
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// capListener accepts at most max connections open at once and resets
// any past them (SO_LINGER 0, then close): a maxConnections with no
// backlog to wait in.
type capListener struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open int
}

type capConn struct {
	net.Conn
	l    *capListener
	once sync.Once
}

func (c *capConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.open--
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		l.mu.Lock()
		full := l.open >= l.max
		if !full {
			l.open++
		}
		l.mu.Unlock()
		if full {
			if tc, ok := c.(*net.TCPConn); ok {
				_ = tc.SetLinger(0)
			}
			c.Close()
			continue
		}
		return &capConn{Conn: c, l: l}, nil
	}
}

// A server that resets connections past a cap of 12 open, each request
// 20 ms: the probe calls it connection-cap (or, with its failures named
// by kind, a failure), never a pool or unbounded.
func TestConnectionCap(t *testing.T) {
	if testing.Short() {
		t.Skip("a live probe of 20 s; TestClassifyConnCap keeps the rule on synthetic steps")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { time.Sleep(20 * time.Millisecond) }),
		IdleTimeout: 2 * time.Second}
	go srv.Serve(&capListener{Listener: ln, max: 12})
	defer srv.Close()
	cfg := quick("http://"+ln.Addr().String()+"/", 20*time.Second, 2000)
	attempt(t, func() *Result { return probeOf(t, cfg) }, func(res *Result) []string {
		if res.ShapeName != string(ConnCap) || res.ConnCap == nil {
			return []string{fmt.Sprintf("shape = %s, want connection-cap", res.ShapeName)}
		}
		if c := res.ConnCap; c[0] > 12 || c[1] < 12 {
			return []string{fmt.Sprintf("the cap said to lie between %d and %d connections; it is 12", c[0], c[1])}
		}
		return nil
	})
	stillAnswers(t, cfg.URL)
}

// The rule on synthetic steps: failures that are mostly refused or reset
// connections at the steps that broke an SLO make a connection cap; the
// same failures as timeouts do not.
func TestClassifyConnCap(t *testing.T) {
	for _, tc := range []struct {
		kind string
		want Shape
	}{{KindReset, ConnCap}, {KindRefused, ConnCap}, {KindTimeout, Pool}} {
		steps := synthetic(20, 400, 0, 10, 0)
		for i := range steps {
			steps[i].ConnsUsed = 8
			if !steps[i].Met {
				steps[i].Errors, steps[i].Requests = 40, 440
				steps[i].ErrorKinds = map[string]int64{tc.kind: 40}
				steps[i].ConnsUsed = 14
			}
		}
		v := Classify(steps, 20, 20, 2, "en")
		if v.Shape != tc.want || tc.want == ConnCap && v.Conns != [2]int{8, 14} {
			t.Errorf("failures by %s: %s (connections %v), want %s; %v", tc.kind, v.Shape, v.Conns, tc.want, v.Evidence)
		}
	}
}
