package loadgen

import (
	"bytes"
	"context"
	"net"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/httpwire/httpwiretest"
	"github.com/waitlab/waitlab/internal/model"
)

// memConn is a net.Conn standing for a server that answers each request
// with the next of its responses: a write queues the next one, and reads
// take what is queued in chunks of at most step bytes (EOF when nothing
// is). Bytes of a response left unread stay in front of the next one.
type memConn struct {
	segs []string
	buf  bytes.Buffer
	step int
}

func (m *memConn) Read(p []byte) (int, error) {
	if m.step > 0 && len(p) > m.step {
		p = p[:m.step]
	}
	return m.buf.Read(p)
}
func (m *memConn) Write(p []byte) (int, error) {
	if len(m.segs) > 0 {
		m.buf.WriteString(m.segs[0])
		m.segs = m.segs[1:]
	}
	return len(p), nil
}
func (m *memConn) Close() error                     { return nil }
func (m *memConn) LocalAddr() net.Addr              { return &net.TCPAddr{} }
func (m *memConn) RemoteAddr() net.Addr             { return &net.TCPAddr{} }
func (m *memConn) SetDeadline(time.Time) error      { return nil }
func (m *memConn) SetReadDeadline(time.Time) error  { return nil }
func (m *memConn) SetWriteDeadline(time.Time) error { return nil }

// readAll reads every response in wire with a client, returning statuses
// and the final error kind.
func readAll(wire string, step int, head bool) ([]int, errKind) {
	c := newClient("unused", nil, time.Second)
	c.c = &memConn{segs: strings.Split(wire, "|"), step: step}
	var got []int
	for range 10 {
		if c.c == nil {
			return got, kindOK
		}
		st, _, k := c.roundTrip([]byte("GET / HTTP/1.1\r\n\r\n"), head, time.Now().Add(time.Second))
		if k != kindOK {
			return got, k
		}
		got = append(got, st)
	}
	return got, kindOK
}

// The shared response cases (httpwiretest.Responses, the response
// reader's own), each answer delivered after its request, in reads of
// every size: a response that ends the connection leaves the client
// without one (kindOK), running out between responses reads as the server
// closing (kindClosed), and so does running out inside one.
func TestClientReadsResponses(t *testing.T) {
	for _, tt := range httpwiretest.Responses {
		want := map[string]errKind{"eof": kindClosed, "short": kindClosed, "bad": kindBadResponse}[tt.End]
		if tt.End == "eof" && tt.Closes {
			want = kindOK
		}
		for _, step := range []int{0, 1, 7} { // whole, byte by byte, odd chunks
			got, end := readAll(tt.Wire, step, tt.Head)
			if !slices.Equal(got, tt.Statuses) || end != want {
				t.Errorf("%s (reads of %d): statuses %v, end %s; want %v, end %s", tt.Name, step, got, kindNames[end], tt.Statuses, kindNames[want])
			}
		}
	}
}

// The scenario driver reads its tags through the same parser: each tag
// header, any case, and nothing when they are absent.
func TestParseHeadTags(t *testing.T) {
	tests := []struct {
		in   string
		want tags
	}{
		{"HTTP/1.1 200 OK\r\nX-Waitlab-Req: 42\r\nx-waitlab-class:  batch \r\nX-WAITLAB-LOOP: 3\r\nContent-Length: 0\r\n\r\n", tags{index: 42, class: "batch", loop: 3}},
		{"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", tags{index: -1, loop: -1}},
		{"HTTP/1.1 200 OK\r\nX-Waitlab-Req: x\r\n\r\n", tags{index: 0, loop: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.in[:20], func(t *testing.T) {
			got := tags{index: -1, loop: -1}
			if _, err := httpwire.ParseResponseHead([]byte(tt.in), got.read); err != nil || got != tt.want {
				t.Errorf("ParseResponseHead(%q) tags = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
		})
	}
}

// FuzzReadResponse feeds arbitrary bytes to the response reader: it must
// neither panic nor loop, whatever the server sends.
func FuzzReadResponse(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
		"HTTP/1.0 200 OK\r\n\r\nbody",
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n",
	} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, wire string, step int) {
		if step < 0 {
			step = -step
		}
		readAll(wire, step%64, false)
	})
}

// serveConns accepts connections on 127.0.0.1:0 and gives each to
// answer on a goroutine of its own, closing it when answer returns or
// when the test ends, whichever is first. It returns the address.
func serveConns(tb testing.TB, answer func(c net.Conn)) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	done := make(chan struct{})
	tb.Cleanup(func() { close(done); ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				go func() { <-done; c.Close() }()
				answer(c)
			}()
		}
	}()
	return ln.Addr().String()
}

// rawServer answers every request on every connection with resp, keeping
// connections alive; it stops when the test ends.
func rawServer(t testing.TB, resp string) string {
	t.Helper()
	return serveConns(t, func(c net.Conn) {
		// Allocation-free, so AllocsPerRun sees only the client.
		buf := make([]byte, 4096)
		out := []byte(resp)
		n := 0
		for {
			e := headEnd(buf[:n])
			if e < 0 {
				if n == len(buf) {
					return
				}
				m, err := c.Read(buf[n:])
				if err != nil {
					return
				}
				n += m
				continue
			}
			n = copy(buf, buf[e:n])
			if _, err := c.Write(out); err != nil {
				return
			}
		}
	})
}

// The hot path allocates nothing: a keep-alive request and its response,
// parsed, on a reused connection.
func TestClientDoesNotAllocate(t *testing.T) {
	addr := rawServer(t, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
	c := newClient(addr, nil, time.Second)
	defer c.close()
	req := []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	if st, k := c.do(req, false, time.Now().Add(5*time.Second)); st != 200 || k != kindOK {
		t.Fatalf("do = %d, %s; want 200", st, kindNames[k])
	}
	deadline := time.Now().Add(time.Minute)
	allocs := testing.AllocsPerRun(200, func() {
		if st, k := c.do(req, false, deadline); st != 200 || k != kindOK {
			t.Fatalf("do = %d, %s; want 200", st, kindNames[k])
		}
	})
	if allocs != 0 {
		t.Errorf("client.do allocates %.1f times per request; want 0", allocs)
	}
	rec := newRecorder(1)
	allocs = testing.AllocsPerRun(1000, func() {
		rec.record(0, time.Millisecond, 2*time.Millisecond, 3*time.Millisecond, 200, kindOK)
	})
	if allocs != 0 {
		t.Errorf("recorder.record allocates %.1f times per request; want 0", allocs)
	}
}

func BenchmarkClientDo(b *testing.B) {
	addr := rawServer(b, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
	c := newClient(addr, nil, time.Second)
	defer c.close()
	req := []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	deadline := time.Now().Add(time.Hour)
	b.ReportAllocs()
	for b.Loop() {
		if st, k := c.do(req, false, deadline); st != 200 || k != kindOK {
			b.Fatalf("do = %d, %s", st, kindNames[k])
		}
	}
}

func BenchmarkRecord(b *testing.B) {
	rec := newRecorder(1)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		rec.record(0, time.Duration(i)*time.Microsecond, time.Duration(i+5)*time.Microsecond, time.Duration(i+900)*time.Microsecond, 200, kindOK)
	}
}

// headEnd is the length of the request header at the start of b (up to
// its blank line), -1 when it is not whole: the test servers' framing.
func headEnd(b []byte) int {
	if i := bytes.Index(b, []byte("\r\n\r\n")); i >= 0 {
		return i + 4
	}
	return -1
}

// The event loop allocates nothing per request either: a run of 6,000
// requests allocates about as much as a run of 1,000 (setup only).
func TestLoopDoesNotAllocatePerRequest(t *testing.T) {
	addr := rawServer(t, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
	mallocs := func(n int64) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := Run(context.Background(), Config{Targets: []Target{{Method: "GET", URL: "http://" + addr + "/"}},
			Arrival: model.Arrival{Kind: model.VUs, VUs: 4}, Requests: n})
		runtime.ReadMemStats(&after)
		if err != nil || res.OK != n {
			t.Fatalf("Run(%d requests) = %d ok, %v", n, res.OK, err)
		}
		return after.Mallocs - before.Mallocs
	}
	small, large := mallocs(1000), mallocs(6000)
	t.Logf("allocations: %d for 1,000 requests, %d for 6,000", small, large)
	if large > small+500 {
		t.Errorf("6,000 requests made %d allocations, 1,000 made %d: %.2f per extra request; want 0", large, small, float64(large-small)/5000)
	}
}
