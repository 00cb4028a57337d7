package target

import (
	"os"
	"testing"

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
