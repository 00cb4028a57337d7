//go:build linux

package experiment

import (
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
)

// The downstream's counts come from its typed report (downstream.Report
// on the control channel), never its text.
func TestDownstreamServed(t *testing.T) {
	rep := downstream.ReportOf(downstream.Stats{Commands: 4012,
		Delay: downstream.DelaySummary{Count: 4012, AchievedP50: 10800 * time.Microsecond}})
	if n, p50 := downstreamServed(rep); n != 4012 || p50 != 10800*time.Microsecond {
		t.Fatalf("downstreamServed(%+v) = %v, %v; want 4012, 10.8ms", rep, n, p50)
	}
	rep.Missing = true
	if n, p50 := downstreamServed(rep); n != 0 || p50 != 0 {
		t.Errorf("downstreamServed(missing) = %v, %v; want 0, 0", n, p50)
	}
}
