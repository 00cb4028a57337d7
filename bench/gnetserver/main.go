// Command gnetserver is the gnet v2 baseline of the target-server
// benchmark: a hello-world HTTP/1.1 responder with the same response bytes
// as `waitlab target` (status line, Server, Date, Content-Type,
// Content-Length, "Hello, World!"), keep-alive and pipelining. It is its own
// Go module so the waitlab module does not depend on gnet.
//
// It understands only what the benchmark sends: requests without bodies,
// ended by an empty line.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/panjf2000/gnet/v2"
)

const body = "Hello, World!"

// date holds the current Date header line, refreshed every second.
var date atomic.Pointer[[]byte]

func refreshDate() {
	b := []byte(time.Now().UTC().Format("Mon, 02 Jan 2006 15:04:05 GMT"))
	date.Store(&b)
}

type server struct {
	gnet.BuiltinEventEngine
	addr string
}

func (s *server) OnBoot(eng gnet.Engine) gnet.Action {
	fmt.Printf("gnetserver listening on %s\n", s.addr)
	return gnet.None
}

var sep = []byte("\r\n\r\n")

func appendResponse(dst []byte) []byte {
	dst = append(dst, "HTTP/1.1 200 OK\r\nServer: waitlab\r\nDate: "...)
	dst = append(dst, *date.Load()...)
	dst = append(dst, "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "...)
	dst = strconv.AppendInt(dst, int64(len(body)), 10)
	dst = append(dst, "\r\n\r\n"...)
	return append(dst, body...)
}

type connState struct{ out []byte }

func (s *server) OnOpen(c gnet.Conn) ([]byte, gnet.Action) {
	c.SetContext(&connState{out: make([]byte, 0, 4096)})
	return nil, gnet.None
}

func (s *server) OnTraffic(c gnet.Conn) gnet.Action {
	st := c.Context().(*connState)
	in, _ := c.Peek(-1)
	used := 0
	for {
		i := bytes.Index(in[used:], sep)
		if i < 0 {
			break
		}
		used += i + len(sep)
		st.out = appendResponse(st.out)
	}
	if used > 0 {
		c.Discard(used)
	}
	if len(in)-used > 8<<10 {
		return gnet.Close
	}
	if len(st.out) > 0 {
		c.Write(st.out)
		st.out = st.out[:0]
	}
	return gnet.None
}

func main() {
	addr := flag.String("listen", "127.0.0.1:8082", "address to listen on")
	loops := flag.Int("loops", 1, "event loops")
	flag.Parse()
	refreshDate()
	go func() {
		for range time.Tick(time.Second) {
			refreshDate()
		}
	}()
	s := &server{addr: *addr}
	err := gnet.Run(s, "tcp://"+*addr, gnet.WithNumEventLoop(*loops), gnet.WithTCPNoDelay(gnet.TCPNoDelay), gnet.WithLockOSThread(true))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gnetserver:", err)
		os.Exit(1)
	}
}
