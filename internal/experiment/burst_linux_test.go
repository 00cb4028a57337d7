//go:build linux

package experiment

import (
	"context"
	"math"
	"net"
	"net/http"
	"testing"
	"time"
)

// rawBurst opens every connection, sends one request on each and reads
// each answer whole; a connection to a port nobody listens on fails
// without a latency.
func TestRawBurstAnswersEveryConnection(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("Hello, World!")) })}
	go srv.Serve(ln)
	defer srv.Close()
	const n = 200
	lat, dial, connAt, issue, err := rawBurst(context.Background(), ln.Addr().String(), n, time.Now().Add(20*time.Second))
	if err != nil {
		t.Fatalf("rawBurst = %v", err)
	}
	if !(issue > 0) {
		t.Errorf("issue time %v ms; want > 0", issue)
	}
	for i := 0; i < n; i++ {
		if math.IsNaN(lat[i]) || !(dial[i] > 0) || !(connAt[i] > 0) || lat[i] < connAt[i] {
			t.Fatalf("connection %d: latency %v, connect %v, connected at %v; want an answer after its connect", i, lat[i], dial[i], connAt[i])
		}
	}
	// A closed port: every connect is refused, nothing is answered.
	dead := ln.Addr().String()
	srv.Close()
	lat, dial, _, _, err = rawBurst(context.Background(), dead, 5, time.Now().Add(5*time.Second))
	if err != nil {
		t.Fatalf("rawBurst to a closed port = %v; want per-connection failures", err)
	}
	for i := range lat {
		if !math.IsNaN(lat[i]) || dial[i] != 0 {
			t.Errorf("closed port, connection %d: latency %v, connect %v; want NaN and 0", i, lat[i], dial[i])
		}
	}
}

// A run is at whole seconds only when the kernel counted an overflow:
// a dropped SYN (a slow connect) or a dropped final ACK (a fast connect,
// a batch past 0.9 s); a slow batch without an overflow is the client's
// own delay.
func TestBurstClass(t *testing.T) {
	for _, c := range []struct {
		o    burstOutcome
		want string
	}{
		{burstOutcome{batch: 180}, "fast"},
		{burstOutcome{batch: 1010, slow: 40, overflows: 78}, "seconds"},
		{burstOutcome{batch: 1100, overflows: 24}, "seconds"},
		{burstOutcome{batch: 1300, slow: 3}, "fast"},
		{burstOutcome{batch: 240, overflows: 5}, "fast"},
		{burstOutcome{batch: 30000, undone: 2, overflows: 900}, "undone"},
	} {
		if got := burstClass(c.o); got != c.want {
			t.Errorf("burstClass(%+v) = %s; want %s", c.o, got, c.want)
		}
	}
}
