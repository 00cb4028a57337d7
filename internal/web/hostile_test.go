package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
)

// serveLab runs ListenAndServe on 127.0.0.1:0 with cfg and returns the
// lab's address and a stop that shuts it down and waits.
func serveLab(t *testing.T, cfg Config) (addr string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- ListenAndServe(ctx, "127.0.0.1:0", cfg, func(url string, _ bool) { ready <- url })
	}()
	select {
	case u := <-ready:
		addr = strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/")
	case err := <-done:
		t.Fatalf("ListenAndServe: %v", err)
	}
	return addr, func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ListenAndServe after the stop: %v", err)
		}
	}
}

// realGet is a real client: GET path on a fresh connection.
func realGet(addr, path string) error {
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	defer c.CloseIdleConnections()
	resp, err := c.Get("http://" + addr + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %s", resp.Status)
	}
	return nil
}

// Issue 19, fault 6: serve set only ReadHeaderTimeout, so idle and
// dripping connections stayed open for ever (246 of them under ulimit -n
// 256 made accept fail, and real requests timed out). It now closes them
// after its timeouts.
func TestServeClosesIdleAndDrippingConnections(t *testing.T) {
	before := runtime.NumGoroutine()
	cfg := DefaultConfig()
	d := 300 * time.Millisecond
	cfg.Timeouts = netguard.Timeouts{Header: d, Read: d, Write: 5 * time.Second, Idle: d}
	addr, stop := serveLab(t, cfg)
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	silent, drip, kept := dial(), dial(), dial()
	defer silent.Close()
	defer drip.Close()
	defer kept.Close()
	fmt.Fprintf(kept, "GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	go func() { // a header byte every 50 ms for up to 10 s
		for _, b := range []byte(strings.Repeat("GET / HTTP/1.1\r\nX: y", 10)) {
			if _, err := drip.Write([]byte{b}); err != nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	for name, c := range map[string]net.Conn{"silent": silent, "dripping": drip, "idle after a request": kept} {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, err := io.Copy(io.Discard, c)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("%s connection still open after 10 s; want it closed after the %v timeouts", name, d)
		}
	}
	stop()
	netguardtest.NoGoroutineLeft(t, before)
}

// At its connection cap, serve gives the slot of the connection idle
// longest to a new client: a flood of idle sockets cannot keep a real
// user out (nor, below the file-descriptor limit, make accept fail).
func TestServeCapKeepsASlotForARealUser(t *testing.T) {
	before := runtime.NumGoroutine()
	cfg := DefaultConfig()
	cfg.MaxConns = 16
	addr, stop := serveLab(t, cfg)
	netguardtest.Battery(t, addr, []netguardtest.Attack{netguardtest.Idle(48)}, func() error { return realGet(addr, "/") })
	stop()
	netguardtest.NoGoroutineLeft(t, before)
}

// The hostile-client battery against serve: idle, slowloris, never-read
// and many connections, a real client answered during each.
func TestServeHostileBattery(t *testing.T) {
	before := runtime.NumGoroutine()
	cfg := DefaultConfig()
	cfg.MaxConns = 64
	addr, stop := serveLab(t, cfg)
	req := []byte("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	netguardtest.Battery(t, addr, []netguardtest.Attack{
		netguardtest.Idle(100),
		netguardtest.Slowloris(40, req),
		// Enough pipelined requests to fill the socket buffers both ways,
		// so answers wait on a client that never reads.
		netguardtest.NeverRead(4, req, 500),
		netguardtest.Many(100, req),
	}, func() error { return realGet(addr, "/") })
	stop()
	netguardtest.NoGoroutineLeft(t, before)
}
