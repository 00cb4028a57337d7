package cli

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is an io.Writer safe to read while a command writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// start runs a long-lived command until the returned cancel is called and
// waits for its first stdout line to match re; it returns the submatch.
func startCommand(t *testing.T, re string, args ...string) (string, func() (int, string)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb lockedBuffer
	done := make(chan int, 1)
	go func() { done <- Main(ctx, args, strings.NewReader(""), &out, &errb) }()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := rx.FindStringSubmatch(out.String()); m != nil {
			return m[1], func() (int, string) {
				cancel()
				select {
				case code := <-done:
					return code, errb.String()
				case <-time.After(15 * time.Second):
					t.Fatalf("%v did not stop after cancel", args)
					return -1, ""
				}
			}
		}
		select {
		case code := <-done:
			t.Fatalf("%v exited %d early: %s%s", args, code, out.String(), errb.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	t.Fatalf("%v printed no line matching %s: %q", args, re, out.String())
	return "", nil
}

func TestTargetCommand(t *testing.T) {
	addr, stop := startCommand(t, `http://(127\.0\.0\.1:\d+)`, "target", "--model", "pool", "--threads", "4", "--listen", "127.0.0.1:0", "--wait", "5ms")
	resp, err := http.Get("http://" + addr + "/?cpu=100us")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "Hello, World!" {
		t.Errorf("GET / = %d %q; want 200 Hello, World!", resp.StatusCode, body)
	}
	code, errs := stop()
	if code != 0 || !strings.Contains(errs, "stopped after finishing") {
		t.Errorf("target after SIGINT: exit %d, stderr %q; want 0 and the drained line", code, errs)
	}
}

// The :PORT form (every interface) is accepted with --allow-remote; it
// failed with "lookup : no such host". Port 0, closed at once.
func TestTargetListenEveryInterface(t *testing.T) {
	addr, stop := startCommand(t, `http://(\S+:\d+)`, "target", "--allow-remote", "--listen", ":0")
	if !strings.HasPrefix(addr, "0.0.0.0:") {
		t.Errorf("--listen :0 listens on %s; want 0.0.0.0:port", addr)
	}
	if code, errs := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, errs)
	}
}

func TestDownstreamCommand(t *testing.T) {
	addr, stop := startCommand(t, `on (127\.0\.0\.1:\d+)`, "downstream", "--listen", "127.0.0.1:0", "--delay", "1ms")
	// The target uses it, through a proxy that adds a delay of its own.
	paddr, pstop := startCommand(t, `on (127\.0\.0\.1:\d+)`, "downstream", "--listen", "127.0.0.1:0", "--proxy", addr, "--delay", "1ms")
	taddr, tstop := startCommand(t, `http://(127\.0\.0\.1:\d+)`, "target", "--model", "loop", "--threads", "1", "--listen", "127.0.0.1:0", "--downstream", paddr, "--calls", "2", "--fanout", "parallel")
	resp, err := http.Get("http://" + taddr + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET / through downstream = %d; want 200", resp.StatusCode)
	}
	for _, s := range []func() (int, string){tstop, pstop, stop} {
		if code, errs := s(); code != 0 {
			t.Errorf("exit %d: %s", code, errs)
		}
	}
}

func TestTargetBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"target", "--listen", "0.0.0.0:8080"},
		{"target", "--model", "fork"},
		{"target", "--cpu", "banana"},
		{"target", "--fanout", "sideways"},
		{"target", "--log", "sync"},
		{"target", "--validate-lock"},
		{"target", "extra"},
		{"downstream", "--listen", "0.0.0.0:6380"},
		{"downstream", "--delay", "soon"},
	} {
		if code, _, errs := run(t, args...); code != 2 || errs == "" {
			t.Errorf("Main(%q) = %d, %q; want 2 with a message", args, code, errs)
		}
	}
	// Issue 11, items 6 and 7: numbers that would crash, eat memory or be
	// silently replaced, and listen addresses that failed late: one line
	// naming the flag, exit 2, before anything starts.
	for _, tc := range []struct {
		args []string
		flag string
	}{
		{[]string{"target", "--model", "pool", "--threads", "10001"}, "--threads"},
		{[]string{"target", "--model", "offload", "--threads", "2", "--offload", "10000"}, "offload"},
		{[]string{"target", "--model", "virtual", "--carriers", "1000000"}, "--carriers"},
		{[]string{"target", "--block-fraction", "NaN"}, "--block-fraction"},
		{[]string{"target", "--queue", "-1"}, "--queue"},
		{[]string{"target", "--max-conns", "-5"}, "--max-conns"},
		{[]string{"target", "--keepalive", "-1s"}, "--keepalive"},
		{[]string{"target", "--header-timeout", "0s"}, "--header-timeout"},
		{[]string{"target", "--body-timeout", "-1s"}, "--body-timeout"},
		{[]string{"target", "--queue", "0"}, "--queue"},
		{[]string{"target", "--query-knobs", "maybe"}, "--query-knobs"},
		{[]string{"target", "--listen", "127.0.0.1:99999"}, "127.0.0.1:99999"},
		{[]string{"target", "--allow-remote", "--listen", "no.such.host.invalid:8080"}, "no.such.host.invalid"},
		{[]string{"downstream", "--listen", "127.0.0.1:99999"}, "127.0.0.1:99999"},
		{[]string{"downstream", "--max-store", "-1"}, "--max-store"},
		{[]string{"target", "--db", "root@tcp(127.0.0.1:3306"}, "--db"},
		{[]string{"target", "--db", "root@tcp(127.0.0.1:1)/", "--downstream-timeout", "1s"}, "--db"},
		{[]string{"target", "--model", "loop", "--fanout-pool", "4"}, "--fanout-pool"},
		{[]string{"target", "--model", "virtual", "--fanout-pool", "4"}, "--model pool"},
		{[]string{"target", "--model", "pool", "--fanout-pool", "-1"}, "fanout-pool"},
		{[]string{"target", "--fanout", "both"}, "pipelined"},
		{[]string{"downstream", "--delay-step", "50ms"}, "--delay-step"},
		{[]string{"downstream", "--delay-step", "slow@10s"}, "--delay-step"},
		{[]string{"downstream", "--delay-step", "50ms@soon"}, "e.g. 10s"},
	} {
		code, _, errs := run(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.flag) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("Main(%q) = %d, %q; want exit 2 and one line naming %s", tc.args, code, errs, tc.flag)
		}
	}
	if _, _, errs := run(t, "downstream", "--delay-step", "50ms", "--lang", "ko"); !strings.Contains(errs, "지연@시점") {
		t.Errorf("downstream --delay-step 50ms --lang ko: %q; want the Korean message", errs)
	}
	if _, _, errs := run(t, "target", "--listen", "0.0.0.0:8080", "--lang", "ko"); !strings.Contains(errs, "루프백") {
		t.Errorf("target --listen 0.0.0.0 --lang ko: %q; want the Korean message", errs)
	}
}

// The slow-downstream pieces from the command line: a delay server and a
// proxy with a delay step, a pool target with a fan-out pool, parallel
// and pipelined requests through them.
func TestSlowDownstreamCommand(t *testing.T) {
	addr, stop := startCommand(t, `on (127\.0\.0\.1:\d+)`, "downstream", "--listen", "127.0.0.1:0", "--delay-step", "1ms@0s")
	paddr, pstop := startCommand(t, `on (127\.0\.0\.1:\d+)`, "downstream", "--listen", "127.0.0.1:0", "--proxy", addr, "--delay-step", "1ms@1h")
	line, tstop := startCommand(t, `http://(127\.0\.0\.1:\d+ \(model=pool[^)]*)`, "target", "--model", "pool", "--threads", "4", "--fanout-pool", "2", "--listen", "127.0.0.1:0", "--downstream", paddr, "--calls", "4", "--fanout", "parallel")
	if !strings.Contains(line, "fanout-pool=2") {
		t.Errorf("start-up line %q does not name the fan-out pool", line)
	}
	taddr := strings.Fields(line)[0]
	for _, q := range []string{"/", "/?fanout=pipelined", "/?fanout=sequential"} {
		resp, err := http.Get("http://" + taddr + q)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s = %d; want 200", q, resp.StatusCode)
		}
	}
	for _, stopper := range []func() (int, string){tstop, pstop, stop} {
		if code, errs := stopper(); code != 0 {
			t.Errorf("exit %d: %s", code, errs)
		}
	}
}
