package downstream

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/model"
)

func TestParseDelayStep(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  DelayStep
		field string // "" when it parses
	}{
		{in: "50ms@10s", want: DelayStep{Delay: model.FixedDist(50 * time.Millisecond), After: 10 * time.Second}},
		{in: " exp:2ms @ 1m30s ", want: DelayStep{Delay: model.ExpDist(2 * time.Millisecond), After: 90 * time.Second}},
		{in: "0@0", want: DelayStep{Delay: model.FixedDist(0)}},
		{in: "50ms", field: "delay-step"},
		{in: "50ms@", field: "delay-step"},
		{in: "@10s", field: "delay-step"},
		{in: "soon@10s", field: "delay-step"},
		{in: "50ms@later", field: "delay-step"},
		{in: "50ms@-1s", field: "delay-step"},
		{in: "-5ms@1s", field: "delay-step"},
		{in: "5ms@1s@2s", field: "delay-step"},
	} {
		got, err := ParseDelayStep(tc.in)
		if tc.field == "" {
			if err != nil || got != tc.want {
				t.Errorf("ParseDelayStep(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			}
			continue
		}
		var fe *model.FieldError
		if err == nil || !asFieldError(err, &fe) || fe.Field != tc.field || !strings.Contains(err.Error(), "--delay-step") {
			t.Errorf("ParseDelayStep(%q) = %v; want an error on %s naming --delay-step", tc.in, err, tc.field)
		}
	}
}

func asFieldError(err error, fe **model.FieldError) bool {
	e, ok := err.(*model.FieldError)
	*fe = e
	return ok
}

// Whatever the input, ParseDelayStep returns a step or an error naming
// the flag, never panics, and a step it returns reads back the same.
func FuzzParseDelayStep(f *testing.F) {
	for _, s := range []string{"50ms@10s", "exp:50ms@0", "0@0", "50ms", "@", "1h@-1s", "5ms@1s@2s", "exp:@", "\x00@\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseDelayStep(s)
		if err != nil {
			if !strings.Contains(err.Error(), "delay-step") {
				t.Fatalf("ParseDelayStep(%q) = %v; the error must name delay-step", s, err)
			}
			return
		}
		if st.After < 0 || st.Delay.Mean < 0 {
			t.Fatalf("ParseDelayStep(%q) = %+v: negative", s, st)
		}
		back, err := ParseDelayStep(st.String())
		if err != nil || back != st {
			t.Fatalf("ParseDelayStep(%q) = %+v, String %q reads back as %+v, %v", s, st, st.String(), back, err)
		}
	})
}

// command sends one inline command on c and returns its reply line.
func command(t *testing.T, c net.Conn, r *bufio.Reader, cmd string) string {
	t.Helper()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write([]byte(cmd + "\r\n")); err != nil {
		t.Fatal(err)
	}
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return strings.TrimSpace(line)
}

func dial(t *testing.T, addr string) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, bufio.NewReader(c)
}

// The delay step changes the delay: before it, a command on a server with
// no delay is answered; after it (the step's own switch, fired here
// rather than waited for), a command is given the step's hour, which the
// server's stats show held in its queue. Then the reverse on a second
// server: an hour's delay stepped down to none, where a command sent
// after the step is answered while one sent before it still waits.
func TestDelayStepServer(t *testing.T) {
	s := &Server{Step: &DelayStep{Delay: model.FixedDist(time.Hour), After: time.Hour}}
	addr := serve(t, s)
	c, r := dial(t, addr)
	if got := command(t, c, r, "PING"); got != "+PONG" {
		t.Fatalf("PING before the step = %q", got)
	}
	if st := s.Stats(); st.Stepped != 0 || st.StepOn {
		t.Fatalf("before the step: %+v; want nothing stepped", st)
	}
	s.step.fire()
	c2, _ := dial(t, addr)
	c2.Write([]byte("PING\r\n"))
	waitFor(t, func() bool { st := s.Stats(); return st.Stepped == 1 && st.QueuedBytes > 0 })
	if st := s.Stats(); st.Commands != 1 || !st.StepOn {
		t.Errorf("after the step: %+v; want the second PING held (1 command answered, step on)", st)
	}

	slow := &Server{Delay: model.FixedDist(time.Hour), Step: &DelayStep{After: time.Hour}}
	addr = serve(t, slow)
	a, _ := dial(t, addr)
	a.Write([]byte("PING\r\n"))
	waitFor(t, func() bool { return slow.Stats().QueuedBytes > 0 })
	slow.step.fire()
	b, br := dial(t, addr)
	if got := command(t, b, br, "ECHO after"); got != "$5" {
		t.Fatalf("ECHO after the step = %q; want its answer", got)
	}
	if st := slow.Stats(); st.Commands != 1 || st.Stepped != 1 || st.QueuedBytes == 0 {
		t.Errorf("stats %+v; want the command sent after the step answered, the one before still held", st)
	}
}

// The step's own timer turns it on; After 0 is on from the start.
func TestDelayStepTimer(t *testing.T) {
	for _, after := range []time.Duration{0, time.Millisecond} {
		s := &Server{Delay: model.FixedDist(time.Hour), Step: &DelayStep{After: after}}
		addr := serve(t, s)
		waitFor(t, func() bool { return s.Stats().StepOn })
		c, r := dial(t, addr)
		if got := command(t, c, r, "PING"); got != "+PONG" {
			t.Fatalf("after %v: PING = %q", after, got)
		}
		if st := s.Stats(); st.Stepped != 1 {
			t.Errorf("after %v: %+v; want 1 stepped", after, st)
		}
	}
}

// The proxy steps the same way, per chunk: an hour stepped down to none.
func TestDelayStepProxy(t *testing.T) {
	up := startServer(t, 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{Upstream: up, Delay: model.FixedDist(time.Hour), Step: &DelayStep{After: time.Hour}}
	done := make(chan error, 1)
	go func() { done <- p.Serve(context.Background(), ln) }()
	t.Cleanup(func() { p.Close(); <-done })
	a, _ := dial(t, ln.Addr().String())
	a.Write([]byte("PING\r\n"))
	waitFor(t, func() bool { return p.Stats().QueuedBytes > 0 })
	p.step.fire()
	b, br := dial(t, ln.Addr().String())
	if got := command(t, b, br, "PING"); got != "+PONG" {
		t.Fatalf("PING after the step = %q", got)
	}
	if st := p.Stats(); st.Stepped != 1 || st.QueuedBytes == 0 || !st.StepOn {
		t.Errorf("proxy stats %+v; want the later PING through, the earlier one held", st)
	}
}

// DoN pipelines: n commands on one connection, all in flight at once.
func TestClientDoN(t *testing.T) {
	s := &Server{Delay: model.FixedDist(20 * time.Millisecond)}
	addr := serve(t, s)
	c := &Client{Addr: addr}
	defer c.Close()
	for round := 1; round <= 2; round++ {
		if err := c.DoN(CmdGet, 6); err != nil {
			t.Fatalf("DoN = %v", err)
		}
		if st := s.Stats(); st.Commands != int64(6*round) || st.Conns != 1 || st.MaxInFlight != 6 {
			t.Errorf("round %d: %+v; want %d commands on 1 connection, 6 in flight", round, st, 6*round)
		}
	}
	if err := c.DoN(AppendCommand(nil, "NOPE"), 3); err == nil {
		t.Error("DoN of an unknown command = nil; want the error reply")
	}
}

// StartN makes a non-blocking connection expect n replies.
func TestNBConnStartN(t *testing.T) {
	s := &Server{Delay: model.FixedDist(20 * time.Millisecond)}
	sa, err := Resolve(serve(t, s))
	if err != nil {
		t.Fatal(err)
	}
	c, err := DialNonblock(sa)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for round, n := range []int{5, 1, 3} {
		c.StartN(CmdPing, n)
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
		if c.got != n {
			t.Errorf("round %d: %d replies; want %d", round, c.got, n)
		}
	}
	if st := s.Stats(); st.Commands != 9 || st.Conns != 1 || st.MaxInFlight != 5 {
		t.Errorf("%+v; want 9 commands on 1 connection, at most 5 in flight", st)
	}
}

// waitFor polls cond until it holds (the test's own timeout bounds it).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for !cond() {
		time.Sleep(time.Millisecond)
	}
}
