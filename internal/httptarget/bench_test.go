package httptarget

import (
	"bytes"
	"os"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/model"
)

// BenchmarkLoopServe measures the loop's user-space work for one
// hello-world request (parse, handler, metrics, watchdog beat, response),
// writing to /dev/null instead of a socket so the kernel's TCP path is
// left out. It must not allocate.
func BenchmarkLoopServe(b *testing.B) {
	s, err := New(Config{Model: model.Loop, Listen: "127.0.0.1:0", Threads: 1})
	if err != nil {
		b.Fatal(err)
	}
	ls := s.impl.(*loopServer)
	l, err := newEventLoop(ls, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer l.closeFDs()
	l.beat = s.wd.RegisterLoop(0, "bench")
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer devnull.Close()
	req := []byte("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: wrk\r\nAccept: */*\r\n\r\n")
	c := &conn{fd: int(devnull.Fd()), in: make([]byte, 0, 4096), out: make([]byte, 0, 4096), mask: 0x2001}
	b.ReportAllocs()
	for b.Loop() {
		c.in = append(c.in[:0], req...)
		l.serve(c)
	}
}

// FuzzLoopServe feeds arbitrary bytes to a loop connection (answers go to
// /dev/null) to check that no input crashes the loop or leaves it in a
// state it cannot answer from: after any input, a connection that was not
// told to close still answers a valid request.
func FuzzLoopServe(f *testing.F) {
	for _, seed := range []string{
		"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /x?calls=2&fanout=parallel HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\nab",
		"HEAD /metrics HTTP/1.0\r\n\r\n",
		"\x00\x01garbage\r\n\r\n",
	} {
		f.Add([]byte(seed))
	}
	s, err := New(Config{Model: model.Loop, Listen: "127.0.0.1:0", Threads: 1})
	if err != nil {
		f.Fatal(err)
	}
	ls := s.impl.(*loopServer)
	l, err := newEventLoop(ls, 0)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { l.closeFDs() })
	l.beat = s.wd.RegisterLoop(0, "fuzz")
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { devnull.Close() })
	// newConn binds a connection writing to /dev/null to the loop, as
	// addConn would bind a socket.
	newConn := func(t *testing.T) *conn {
		fd, err := unix.Dup(int(devnull.Fd()))
		if err != nil {
			t.Fatal(err)
		}
		c := &conn{fd: fd, in: make([]byte, 0, 4096), out: make([]byte, 0, 4096), mask: 0x2001}
		for len(l.conns) <= fd {
			l.conns = append(l.conns, nil)
		}
		l.conns[fd] = c
		l.nconns++
		s.conns.Add(1)
		return c
	}
	done := func(c *conn) {
		if l.conns[c.fd] == c {
			l.closeConn(c)
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		// Waits and CPU from the query would only slow the fuzzer down.
		for _, k := range []string{"wait=", "block=", "cpu=", "calls="} {
			if bytes.Contains(in, []byte(k)) {
				return
			}
		}
		c := newConn(t)
		defer done(c)
		if len(in) <= cap(l.rbuf) && len(in)%2 == 0 {
			// As read delivers it: in the loop's shared buffer.
			c.in, c.shared = append(l.rbuf[:0], in...), true
		} else {
			c.in = append(c.in, in...)
		}
		l.serve(c)
		if c.shared {
			t.Fatalf("serve(%q) left the connection on the shared buffer", in)
		}
		if c.t != nil {
			t.Fatalf("serve(%q) left a request in progress without waits", in)
		}
		// The loop still answers a valid request on another connection.
		c2 := newConn(t)
		defer done(c2)
		c2.in = append(c2.in, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"...)
		before := s.reqSeq.Load()
		l.serve(c2)
		if s.reqSeq.Load() != before+1 {
			t.Fatalf("after serve(%q) the loop no longer answers", in)
		}
	})
}
