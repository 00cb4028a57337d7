package downstream

import (
	"context"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
)

// The hostile-client battery against downstream (issue 19): idle,
// slowloris, never-read and many connections, a real client's PING
// answered during each; no goroutine is left once it is closed.
func TestDownstreamHostileBattery(t *testing.T) {
	before := runtime.NumGoroutine()
	s := &Server{MaxQueued: 256 << 10}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(context.Background(), ln) }()
	addr := ln.Addr().String()
	setup, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	if err := (&Conn{nc: setup}).Do(AppendCommand(nil, "SET", "big", strings.Repeat("b", 64<<10)), 5*time.Second); err != nil {
		t.Fatal(err)
	}
	setup.Close()
	get := AppendCommand(nil, "GET", "big")
	netguardtest.Battery(t, addr, []netguardtest.Attack{
		netguardtest.Idle(100),
		netguardtest.Slowloris(40, AppendCommand(nil, "PING")),
		netguardtest.NeverRead(8, get, 200),
		netguardtest.Many(100, get),
	}, func() error {
		nc, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			return err
		}
		defer nc.Close()
		return (&Conn{nc: nc}).Do(CmdPing, 5*time.Second)
	})
	s.Close()
	<-done
	netguardtest.NoGoroutineLeft(t, before)
}
