package netguardtest

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// NetnsHost starts an HTTP server on 198.18.N.2:8080 inside a network
// namespace of its own, joined to this one by a veth pair (198.18.N.1 on
// this side): a host that is not this machine's loopback, as the issue's
// test host was. It counts the requests the server receives. Skips
// unless root with `ip netns`; everything it made is removed at the end.
func NetnsHost(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("a network namespace needs root")
	}
	ip, err := exec.LookPath("ip")
	if err != nil {
		t.Skip("no ip here")
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
	ln, err := listenIn(ns, sub+".2:8080")
	if err != nil {
		t.Skipf("cannot listen in the test host: %v", err)
	}
	var hits atomic.Int64
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) })}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
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
	hits.Store(0)
	return addr, &hits
}

// listenIn opens a TCP listener at addr inside the named network
// namespace: this goroutine's thread enters it (setns), listens, and
// comes back; the socket stays in the namespace. A thread that cannot
// come back stays locked, and Go ends it with the goroutine.
func listenIn(ns, addr string) (net.Listener, error) {
	runtime.LockOSThread()
	home, err := os.Open("/proc/thread-self/ns/net")
	if err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	defer home.Close()
	target, err := os.Open("/var/run/netns/" + ns)
	if err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	defer target.Close()
	if err := unix.Setns(int(target.Fd()), unix.CLONE_NEWNET); err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	ln, lerr := net.Listen("tcp", addr)
	if err := unix.Setns(int(home.Fd()), unix.CLONE_NEWNET); err != nil {
		if ln != nil {
			ln.Close()
		}
		return nil, err // the thread stays locked in the namespace and ends with us
	}
	runtime.UnlockOSThread()
	return ln, lerr
}
