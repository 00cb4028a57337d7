package downstream

import (
	"context"
	"net"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/model"
)

func TestParseReply(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		err  error
		kind Kind
		text string
		nil_ bool
	}{
		{in: "+PONG\r\n", n: 7, kind: Simple, text: "PONG"},
		{in: "-ERR x\r\n", n: 8, kind: Error, text: "ERR x"},
		{in: ":42\r\n", n: 5, kind: Integer},
		{in: "$5\r\nhello\r\n+X", n: 11, kind: Bulk, text: "hello"},
		{in: "$-1\r\n", n: 5, kind: Bulk, nil_: true},
		{in: "*2\r\n$1\r\na\r\n:1\r\n", n: 15, kind: Array},
		{in: "*0\r\n", n: 4, kind: Array},
		{in: "$5\r\nhel", err: ErrIncomplete},
		{in: "+PON", err: ErrIncomplete},
		{in: "*2\r\n$1\r\na\r\n", err: ErrIncomplete},
		{in: "?x\r\n", err: ErrProtocol},
		{in: "$5\r\nhelloXX", err: ErrProtocol},
		{in: "$abc\r\n", err: ErrProtocol},
	}
	for _, tt := range tests {
		var r Reply
		n, err := ParseReply([]byte(tt.in), &r)
		if err != tt.err || n != tt.n {
			t.Errorf("ParseReply(%q) = %d, %v; want %d, %v", tt.in, n, err, tt.n, tt.err)
			continue
		}
		if err == nil && (r.Kind != tt.kind || string(r.Text) != tt.text || r.Nil != tt.nil_) {
			t.Errorf("ParseReply(%q) = %c %q nil=%v; want %c %q nil=%v", tt.in, r.Kind, r.Text, r.Nil, tt.kind, tt.text, tt.nil_)
		}
	}
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		err  error
		args []string
	}{
		{in: "*1\r\n$4\r\nPING\r\n", n: 14, args: []string{"PING"}},
		{in: "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n", n: 27, args: []string{"SET", "k", "v"}},
		{in: "PING\r\n", n: 6, args: []string{"PING"}},
		{in: "echo  hi there\n", n: 15, args: []string{"echo", "hi", "there"}},
		{in: "*1\r\n$4\r\nPI", err: ErrIncomplete},
		{in: "PING", err: ErrIncomplete},
		{in: "*0\r\n", err: ErrProtocol},
		{in: "*1\r\n:4\r\n", err: ErrProtocol},
		{in: "*99\r\n", err: ErrProtocol},
	}
	for _, tt := range tests {
		var c Command
		n, err := ParseCommand([]byte(tt.in), &c)
		if err != tt.err || n != tt.n {
			t.Errorf("ParseCommand(%q) = %d, %v; want %d, %v", tt.in, n, err, tt.n, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		var got []string
		for i := 0; i < c.N; i++ {
			got = append(got, string(c.Args[i]))
		}
		if len(got) != len(tt.args) {
			t.Errorf("ParseCommand(%q) args = %q; want %q", tt.in, got, tt.args)
			continue
		}
		for i := range got {
			if got[i] != tt.args[i] {
				t.Errorf("ParseCommand(%q) args = %q; want %q", tt.in, got, tt.args)
			}
		}
	}
}

func FuzzParseReply(f *testing.F) {
	for _, s := range []string{"+PONG\r\n", "$5\r\nhello\r\n", "*2\r\n$1\r\na\r\n:1\r\n", "$-1\r\n", "-ERR\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var r Reply
		n, err := ParseReply(in, &r)
		if err != nil && n != 0 || n > len(in) {
			t.Fatalf("ParseReply(%q) = %d, %v", in, n, err)
		}
	})
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"*1\r\n$4\r\nPING\r\n", "PING\r\n", "*2\r\n$3\r\nGET\r\n$1\r\nk\r\n", "SET a b\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var c Command
		n, err := ParseCommand(in, &c)
		if err != nil && n != 0 || n > len(in) || c.N > len(c.Args) {
			t.Fatalf("ParseCommand(%q) = %d, %v", in, n, err)
		}
		if err == nil {
			// What a client encodes, the server parses back.
			args := make([]string, c.N)
			for i := range args {
				args[i] = string(c.Args[i])
			}
			if c.N == 0 {
				return
			}
			enc := AppendCommand(nil, args...)
			var c2 Command
			if n2, err := ParseCommand(enc, &c2); err != nil || n2 != len(enc) || c2.N != c.N {
				t.Fatalf("ParseCommand(AppendCommand(%q)) = %d, %v", args, n2, err)
			}
		}
	})
}

func startServer(t *testing.T, delay time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Delay: model.FixedDist(delay)}
	done := make(chan error, 1)
	go func() { done <- s.Serve(context.Background(), ln) }()
	t.Cleanup(func() {
		s.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve() = %v; want nil after Close", err)
		}
	})
	return ln.Addr().String()
}

func TestServerCommands(t *testing.T) {
	addr := startServer(t, 0)
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	conn := &Conn{nc: nc}
	for _, cmd := range [][]string{{"PING"}, {"SET", "k", "v"}, {"GET", "k"}, {"ECHO", "hi"}} {
		if err := conn.Do(AppendCommand(nil, cmd...), 5*time.Second); err != nil {
			t.Errorf("Do(%q) = %v; want nil", cmd, err)
		}
	}
	var r Reply
	ParseReply(conn.buf, &r)
	if string(r.Text) != "hi" {
		t.Errorf("ECHO hi answered %q; want hi", r.Text)
	}
	if err := conn.Do(AppendCommand(nil, "NOPE"), 5*time.Second); err == nil {
		t.Errorf("Do(NOPE) = nil; want an error reply")
	}
	// Pipelined commands are all answered, in order.
	nc.Write([]byte("PING\r\nECHO a\r\nECHO b\r\n"))
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	want := "+PONG\r\n$1\r\na\r\n$1\r\nb\r\n"
	got := make([]byte, 0, 64)
	for len(got) < len(want) {
		b := make([]byte, 64)
		n, err := nc.Read(b)
		got = append(got, b[:n]...)
		if err != nil {
			break
		}
	}
	if string(got) != want {
		t.Errorf("pipelined replies = %q; want %q", got, want)
	}
}

// The delay server answers no sooner than its delay; through the proxy the
// injected delays add up.
func TestDelayAndProxy(t *testing.T) {
	const d = 30 * time.Millisecond
	addr := startServer(t, d)
	c := &Client{Addr: addr}
	defer c.Close()
	start := time.Now()
	if err := c.Do(CmdPing); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el < d {
		t.Errorf("PING through a %v delay server took %v; want at least %v", d, el, d)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{Upstream: addr, Delay: model.FixedDist(d)}
	go p.Serve(context.Background(), ln)
	defer p.Close()
	pc := &Client{Addr: ln.Addr().String()}
	defer pc.Close()
	start = time.Now()
	if err := pc.Do(CmdGet); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el < 2*d {
		t.Errorf("GET through proxy (%v) and server (%v) took %v; want at least %v", d, d, el, 2*d)
	}
}

func TestNBConn(t *testing.T) {
	addr := startServer(t, 0)
	sa, err := Resolve(addr)
	if err != nil {
		t.Fatal(err)
	}
	c, err := DialNonblock(sa)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for round := 0; round < 3; round++ {
		c.Start(CmdPing)
		for {
			done, err := c.Write()
			if err != nil {
				t.Fatalf("Write() = %v", err)
			}
			if done {
				break
			}
			unix.Poll([]unix.PollFd{{Fd: int32(c.FD), Events: unix.POLLOUT}}, 5000)
		}
		for {
			done, err := c.Read()
			if err != nil {
				t.Fatalf("Read() = %v", err)
			}
			if done {
				break
			}
			unix.Poll([]unix.PollFd{{Fd: int32(c.FD), Events: unix.POLLIN}}, 5000)
		}
		if string(c.reply.Text) != "PONG" {
			t.Errorf("round %d: reply %q; want PONG", round, c.reply.Text)
		}
	}
}

// The server measures the delay it gave: every reply counted, none given
// sooner than asked, and the lateness is what is over the asked delay.
func TestDelayMeasured(t *testing.T) {
	const d = 2 * time.Millisecond
	s := &Server{Delay: model.FixedDist(d)}
	addr := serve(t, s)
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	conn := &Conn{nc: nc}
	for i := 0; i < 20; i++ {
		if err := conn.Do(CmdPing, 5*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	st := s.Stats()
	dl := st.Delay
	if dl.Count != 20 || st.Commands != 20 {
		t.Fatalf("delay summary counts %d, commands %d; want 20 and 20", dl.Count, st.Commands)
	}
	// HDR buckets at 3 digits: within 0.1% below the true value.
	if dl.AchievedP50 < d-d/1000 || dl.AchievedMax < dl.AchievedP99 || dl.AchievedP99 < dl.AchievedP50 {
		t.Errorf("achieved p50 %v, p99 %v, max %v; want ordered and p50 at least %v", dl.AchievedP50, dl.AchievedP99, dl.AchievedMax, d)
	}
	if diff := dl.AchievedP50 - dl.LateP50 - d; diff < -d/100 || diff > d/100 {
		t.Errorf("achieved p50 %v and late p50 %v do not add up to the asked %v", dl.AchievedP50, dl.LateP50, d)
	}
}

// A window is saturated when most of its replies were late, and the loop's
// share of it says whose the time was.
func TestSaturationVerdict(t *testing.T) {
	for _, tc := range []struct {
		w         Saturation
		sat, busy bool
	}{
		{Saturation{Commands: 10, Late: 6, Busy: 0.9}, true, true},
		{Saturation{Commands: 10, Late: 6, Busy: 0.1}, true, false},
		{Saturation{Commands: 10, Late: 5, Busy: 0.9}, false, true},
		{Saturation{}, false, false},
	} {
		if got := tc.w.saturated(); got != tc.sat {
			t.Errorf("%+v saturated = %v; want %v", tc.w, got, tc.sat)
		}
		if got := tc.w.LoopBusy(); got != tc.busy {
			t.Errorf("%+v LoopBusy = %v; want %v", tc.w, got, tc.busy)
		}
	}
	if got := lateSlack(time.Millisecond); got != 100*time.Microsecond {
		t.Errorf("lateSlack(1ms) = %v; want 5%% + %v = 100µs", got, SchedSlack)
	}
}
