//go:build linux

package experiment

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
)

// The downstream's counts come from its typed report (downstream.Report
// on the control channel), never its text.
func TestDownstreamServed(t *testing.T) {
	b, err := json.Marshal(downstream.ReportOf(downstream.Stats{Commands: 4012,
		Delay: downstream.DelaySummary{Count: 4012, AchievedP50: 10800 * time.Microsecond}}))
	if err != nil {
		t.Fatal(err)
	}
	if n, p50 := downstreamServed(b); n != 4012 || p50 != 10800*time.Microsecond {
		t.Fatalf("downstreamServed(%s) = %v, %v; want 4012, 10.8ms", b, n, p50)
	}
	for _, bad := range []string{"", "{", "[]"} {
		if n, p50 := downstreamServed([]byte(bad)); n != 0 || p50 != 0 {
			t.Errorf("downstreamServed(%q) = %v, %v; want 0, 0", bad, n, p50)
		}
	}
}
