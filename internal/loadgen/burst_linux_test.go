package loadgen

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"golang.org/x/sys/unix"
)

// feedBurst feeds wire to a loop connection's reader (the burst's, the
// epoll engine's) in reads of at most step bytes (all at once when step
// <= 0), then the end of the stream, as loop.read, loop.parse and
// loop.finish do.
func feedBurst(wire string, step int) (status int, k errKind) {
	c := &econn{buf: make([]byte, maxHeader)}
	c.tags = tags{index: -1, loop: -1}
	c.field = c.tags.read
	if step <= 0 {
		step = len(wire) + 1
	}
	for len(wire) > 0 {
		if !c.makeRoom() {
			return 0, kindBadResponse
		}
		n := copy(c.buf[c.w:], wire[:min(step, len(wire))])
		c.w += n
		wire = wire[n:]
		if done, k := c.consume(); done {
			if k == kindOK && c.r < c.w {
				k = kindBadResponse // bytes after the response (finish)
			}
			if k != kindOK {
				return 0, k
			}
			return c.rr.Head.Status, kindOK
		}
	}
	if c.rr.EOF() {
		return c.rr.Head.Status, kindOK // what the loop does at the end of the stream
	}
	return 0, kindClosed
}

func TestBurstParse(t *testing.T) {
	tests := []struct {
		name   string
		wire   string
		status int
		kind   errKind
	}{
		{"content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 200, kindOK},
		{"empty body", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", 200, kindOK},
		{"chunked with extension and trailer", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x\r\nhello\r\nA\r\n0123456789\r\n0\r\nX: 1\r\n\r\n", 200, kindOK},
		{"interim 100", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", 204, kindOK},
		{"body to the end of the stream", "HTTP/1.1 200 OK\r\n\r\nall of this is body", 200, kindOK},
		{"503 is an answer", "HTTP/1.1 503 Busy\r\nContent-Length: 0\r\n\r\n", 503, kindOK},
		{"not http", "SSH-2.0\r\n\r\n", 0, kindBadResponse},
		{"bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", 0, kindBadResponse},
		{"chunk without its CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXY0\r\n\r\n", 0, kindBadResponse},
		{"status 600", "HTTP/1.1 600 What\r\nContent-Length: 0\r\n\r\n", 0, kindBadResponse},
		{"cut short", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhel", 0, kindClosed},
		{"head cut short", "HTTP/1.1 200 OK\r\nContent-Le", 0, kindClosed},
		{"head too long", "HTTP/1.1 200 OK\r\nX: " + strings.Repeat("a", maxHeader) + "\r\n\r\n", 0, kindBadResponse},
	}
	for _, tt := range tests {
		for _, step := range []int{0, 1, 2, 5, 64} {
			if status, k := feedBurst(tt.wire, step); status != tt.status || k != tt.kind {
				t.Errorf("%s (reads of %d): status %d, %s; want %d, %s", tt.name, step, status, kindNames[k], tt.status, kindNames[tt.kind])
			}
		}
	}
	// Bytes after a complete response in the same read are no answer to
	// anything: a protocol error, as on the other paths.
	if _, k := feedBurst("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiHTTP/1.1 200 OK\r\n\r\n", 0); k != kindBadResponse {
		t.Errorf("extra bytes after the response: %s, want bad_response", kindNames[k])
	}
}

// FuzzBurstParse: whatever the server sends, in whatever pieces, the
// burst's parser agrees with the client's reader on the first response:
// the same status, or the same failure.
func FuzzBurstParse(f *testing.F) {
	f.Add("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 3)
	f.Add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 1)
	f.Add("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-Waitlab-Req: 4\r\n\r\nuntil close", 4)
	f.Add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n", 7)
	f.Fuzz(func(t *testing.T, wire string, step int) {
		if step < 0 {
			step = -step
		}
		step %= 64
		if len(wire) > maxHeader/2 {
			return // the client's buffer bounds its reads differently near its end
		}
		status, k := feedBurst(wire, step)
		c := newClient("unused", nil, time.Second)
		c.c = &memConn{segs: []string{wire}, step: step}
		cst, _, ck := c.roundTrip([]byte("GET / HTTP/1.1\r\n\r\n"), false, time.Now().Add(time.Second))
		if ck != kindOK {
			cst = 0
		}
		if status != cst || k != ck {
			t.Errorf("%q in reads of %d: burst %d %s, client %d %s", wire, step, status, kindNames[k], cst, kindNames[ck])
		}
	})
}

// burstServer serves each connection with answer (serveConns) and
// returns its URL.
func burstServer(t *testing.T, answer func(c net.Conn)) string {
	return "http://" + serveConns(t, answer) + "/"
}

// tagged answers one request with its index, in two writes with a pause
// between them (the head split from the chunked body).
func tagged(c net.Conn) {
	br := bufio.NewReader(c)
	line, err := br.ReadString('\n')
	if err != nil {
		return
	}
	for {
		l, err := br.ReadString('\n')
		if err != nil || l == "\r\n" {
			break
		}
	}
	idx := "-1"
	if f := strings.Fields(line); len(f) > 1 {
		if u, err := url.Parse(f[1]); err == nil {
			idx = u.Query().Get("req")
		}
	}
	fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nX-Waitlab-Req: %s\r\nX-Waitlab-Class: normal\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n", idx)
	time.Sleep(time.Millisecond)
	fmt.Fprintf(c, "5\r\nhello\r\n0\r\n\r\n")
}

func burstScenario(t *testing.T, n int) model.Scenario {
	t.Helper()
	s := model.Scenario{Name: "burst", Model: model.Virtual, Threads: 2, Requests: n, Seed: 1,
		Arrival: model.Arrival{Kind: model.Burst},
		Classes: []model.Class{{Name: "normal", Fraction: 1}}}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	return s
}

// The burst on the epoll engine's loop and on the goroutine engine, to a
// literal address and to a host name, reads the same answers the same
// way: every request answered, its index checked, one connection each.
func TestBurstBothPathsAgree(t *testing.T) {
	u := burstServer(t, tagged)
	for _, engine := range []string{loadresult.EngineEpoll, loadresult.EngineGoroutines} {
		for _, target := range []string{u, strings.Replace(u, "127.0.0.1", "localhost", 1)} {
			res, err := RunScenario(context.Background(), ScenarioConfig{Scenario: burstScenario(t, 40), URL: target, Timeout: 10 * time.Second, Engine: engine})
			if err != nil {
				t.Fatal(err)
			}
			r, sk := res.Result, res.Sockets
			if got := res.Load.Engine; got != engine {
				t.Errorf("%s on %s: the load ran on %q (%s)", target, engine, got, res.Load.EngineWhy)
			}
			if r.Completed != 40 || sk.Failed != 0 || sk.IndexMismatch != 0 || sk.ClassMismatch != 0 || sk.Untagged != 0 {
				t.Errorf("%s on %s: completed %d, failed %d (%v), index %d, class %d, untagged %d; want 40 answered and checked",
					target, engine, r.Completed, sk.Failed, sk.Errors, sk.IndexMismatch, sk.ClassMismatch, sk.Untagged)
			}
			if sk.Connections != 40 || sk.ConnectP50MS <= 0 {
				t.Errorf("%s on %s: %d connections, set-up p50 %v ms; want 40 and a set-up time", target, engine, sk.Connections, sk.ConnectP50MS)
			}
			// The load result says what the generator spent (its report
			// read "generator 0.0%" when it did not). Not the machine's:
			// /proc/stat counts in 10 ms ticks, and a 20 ms run on a busy
			// machine can read none.
			if c := res.Load.CPU; c.GenNS <= 0 {
				t.Errorf("%s on %s: load result CPU %+v; want the generator's", target, engine, c)
			}
		}
	}
}

// A server that never answers: every request fails as a timeout once its
// time is up, and the run ends.
func TestBurstTimesOut(t *testing.T) {
	u := burstServer(t, func(c net.Conn) { c.Read(make([]byte, 1024)); time.Sleep(2 * time.Second) })
	res, err := RunScenario(context.Background(), ScenarioConfig{Scenario: burstScenario(t, 10), URL: u, Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if sk := res.Sockets; res.Result.Completed != 0 || sk.Failed != 10 || sk.Errors["timeout"] != 10 {
		t.Errorf("completed %d, failed %d, errors %v; want 10 timeouts", res.Result.Completed, sk.Failed, sk.Errors)
	}
}

// Nothing listening: every request is refused, none is lost.
func TestBurstRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	res, err := RunScenario(context.Background(), ScenarioConfig{Scenario: burstScenario(t, 10), URL: "http://" + addr + "/", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if sk := res.Sockets; sk.Failed != 10 || sk.Refused != 10 {
		t.Errorf("failed %d, refused %d, errors %v; want 10 refused", sk.Failed, sk.Refused, sk.Errors)
	}
}

// A cancelled burst stops waiting at once and says it was interrupted;
// the requests it had not answered count as failed, not as answered.
func TestBurstCancelled(t *testing.T) {
	u := burstServer(t, func(c net.Conn) { c.Read(make([]byte, 1024)); time.Sleep(5 * time.Second) })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	res, err := RunScenario(ctx, ScenarioConfig{Scenario: burstScenario(t, 20), URL: u, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	// Not woken, the loop would wait until the server closes (after 5 s):
	// 20 closed connections instead of 20 requests cut short.
	if sk := res.Sockets; !res.Result.Interrupted || res.Result.Completed != 0 || sk.Failed != 20 || sk.Errors["timeout"] != 20 {
		t.Errorf("interrupted %v, completed %d, failed %d, errors %v; want interrupted, 0 answered, 20 cut short", res.Result.Interrupted, res.Result.Completed, sk.Failed, sk.Errors)
	}
}

// backlogServer listens with a backlog of one and accepts nothing until
// hold has passed, then answers every connection with answer: the
// connections of a burst past the accept queue wait for their handshake
// (their SYNs dropped and sent again), so their requests cannot go out at
// connect's return.
func backlogServer(t *testing.T, hold time.Duration, answer func(c net.Conn)) string {
	t.Helper()
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.Bind(fd, &unix.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		unix.Close(fd)
		t.Fatal(err)
	}
	if err := unix.Listen(fd, 1); err != nil {
		unix.Close(fd)
		t.Fatal(err)
	}
	sa, err := unix.Getsockname(fd)
	if err != nil {
		unix.Close(fd)
		t.Fatal(err)
	}
	f := os.NewFile(uintptr(fd), "backlog-1")
	ln, err := net.FileListener(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		time.Sleep(hold)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { defer c.Close(); answer(c) }()
		}
	}()
	return fmt.Sprintf("http://127.0.0.1:%d/", sa.(*unix.SockaddrInet4).Port)
}

// Connections whose handshake is not done at connect's return (the
// accept queue full) still carry their requests on both engines: the
// epoll loop writes each request once its connection is up (its dial
// path's wait for writability) and counts the set-up then.
func TestBurstWaitsForTheHandshake(t *testing.T) {
	u := backlogServer(t, 100*time.Millisecond, tagged)
	for _, engine := range []string{loadresult.EngineEpoll, loadresult.EngineGoroutines} {
		res, err := RunScenario(context.Background(), ScenarioConfig{Scenario: burstScenario(t, 12), URL: u, Timeout: 30 * time.Second, Engine: engine})
		if err != nil {
			t.Fatal(err)
		}
		if r, sk := res.Result, res.Sockets; r.Completed != 12 || sk.Failed != 0 || sk.IndexMismatch != 0 || sk.Connections != 12 {
			t.Errorf("%s: completed %d, failed %d (%v), index %d, %d connections; want 12 answered on 12", engine, r.Completed, sk.Failed, sk.Errors, sk.IndexMismatch, sk.Connections)
		}
	}
}
