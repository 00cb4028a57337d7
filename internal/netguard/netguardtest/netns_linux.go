package netguardtest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// NetnsHost starts an HTTP server on 198.18.N.2:8080 inside a network
// namespace of its own, joined to this one by a veth pair (198.18.N.1 on
// this side): a host that is not this machine's loopback, as the issue's
// test host was. It counts the requests the server logs. Skips unless
// root with `ip netns` and python3; everything it made is removed at the
// end.
func NetnsHost(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("a network namespace needs root")
	}
	ip, err := exec.LookPath("ip")
	py, perr := exec.LookPath("python3")
	if err != nil || perr != nil {
		t.Skip("no ip or python3 here")
	}
	n := os.Getpid()%200 + 20
	ns, host, peer := fmt.Sprintf("wlng%d", os.Getpid()), fmt.Sprintf("wlh%d", os.Getpid()%100000), fmt.Sprintf("wlp%d", os.Getpid()%100000)
	sub := fmt.Sprintf("198.18.%d", n)
	run := func(args ...string) error {
		out, err := exec.Command(ip, args...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("ip %s: %v %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	if err := run("netns", "add", ns); err != nil {
		t.Skipf("ip netns does not work here: %v", err)
	}
	t.Cleanup(func() { _ = run("netns", "del", ns); _ = run("link", "del", host) })
	for _, args := range [][]string{
		{"link", "add", host, "type", "veth", "peer", "name", peer},
		{"link", "set", peer, "netns", ns},
		{"addr", "add", sub + ".1/30", "dev", host},
		{"link", "set", host, "up"},
		{"netns", "exec", ns, "ip", "addr", "add", sub + ".2/30", "dev", peer},
		{"netns", "exec", ns, "ip", "link", "set", peer, "up"},
		{"netns", "exec", ns, "ip", "link", "set", "lo", "up"},
	} {
		if err := run(args...); err != nil {
			t.Skipf("cannot build the test host: %v", err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv := exec.CommandContext(ctx, ip, "netns", "exec", ns, py, "-u", "-m", "http.server", "8080", "--bind", sub+".2")
	stderr, _ := srv.StderrPipe()
	if err := srv.Start(); err != nil {
		cancel()
		t.Skipf("cannot start the test host's server: %v", err)
	}
	t.Cleanup(func() { cancel(); _ = srv.Wait() })
	var hits atomic.Int64
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "\"GET ") {
				hits.Add(1)
			}
		}
	}()
	addr := sub + ".2:8080"
	for end := time.Now().Add(10 * time.Second); ; {
		if resp, err := (&http.Client{Timeout: time.Second}).Get("http://" + addr + "/"); err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(end) {
			t.Skip("the test host did not answer within 10 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	for end := time.Now().Add(5 * time.Second); hits.Load() == 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
	hits.Store(0)
	return addr, &hits
}
