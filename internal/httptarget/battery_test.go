package httptarget

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
)

// The hostile-client battery against the target (issue 19), in every
// model: idle, slowloris, never-read and many connections, a real client
// answered during each; no goroutine is left after shutdown.
func TestTargetHostileBattery(t *testing.T) {
	req := []byte("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
	for _, m := range model.Kinds {
		t.Run(string(m), func(t *testing.T) {
			before := runtime.NumGoroutine()
			cfg := Config{Model: m, MaxConns: 64, Listen: "127.0.0.1:0", Threads: 4, Offload: 4}
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Start(); err != nil {
				t.Fatal(err)
			}
			addr := s.Addr().String()
			netguardtest.Battery(t, addr, []netguardtest.Attack{
				netguardtest.Idle(100),
				netguardtest.Slowloris(40, req),
				netguardtest.NeverRead(8, req, 2000),
				netguardtest.Many(100, req),
			}, func() error { _, err := get(s, "/"); return err })
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			s.Shutdown(ctx)
			netguardtest.NoGoroutineLeft(t, before)
		})
	}
}
