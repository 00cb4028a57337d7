//go:build linux

package experiment

import (
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
)

// The downstream's last line, in the catalog's English, is what
// parseDownstreamStop reads: a catalog change that breaks it fails here.
func TestParseDownstreamStop(t *testing.T) {
	line := msg.T(msg.EN, "downstream.stopped.delay", int64(4012), 10800*time.Microsecond, 12*time.Millisecond,
		30*time.Millisecond, 40*time.Microsecond, time.Millisecond)
	n, p50 := parseDownstreamStop("listening\n" + line + "\n")
	if n != 4012 || p50 != 10800*time.Microsecond {
		t.Fatalf("parseDownstreamStop(%q) = %v, %v; want 4012, 10.8ms", line, n, p50)
	}
	one := msg.T(msg.EN, "downstream.stopped.delay", int64(1), 500*time.Microsecond, time.Millisecond, time.Millisecond, 0*time.Microsecond, 0*time.Microsecond)
	if n, p50 := parseDownstreamStop(one); n != 1 || p50 != 500*time.Microsecond {
		t.Fatalf("parseDownstreamStop(%q) = %v, %v; want 1, 500µs", one, n, p50)
	}
	if n, p50 := parseDownstreamStop("stopped (12 commands answered)"); n != 0 || p50 != 0 {
		t.Fatalf("a line without the delay gave %v, %v; want 0, 0", n, p50)
	}
}

func FuzzParseDownstreamStop(f *testing.F) {
	f.Add("stopped (3 commands answered; delay given p50 1.2ms, p99 2ms, max 3ms; later than asked by p50 0s, p99 0s)")
	f.Add("stopped (99999999999999999999 commands answered; delay given p50 9999999999h, p99")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		n, p50 := parseDownstreamStop(s)
		if n < 0 || p50 < 0 {
			t.Fatalf("negative figures from %q: %v, %v", s, n, p50)
		}
	})
}
