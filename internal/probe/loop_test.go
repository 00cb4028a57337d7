package probe

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/model"
)

// The first server: the project's own target as one event loop on
// which 1 request in 100 blocks the loop 100 ms and every other waits
// 50 ms without blocking. The probe must call it loop-blocked, not a
// pool, with the stall's length within 20% and its share within 30%.
func TestLoopBlocked(t *testing.T) {
	if testing.Short() {
		t.Skip("a live probe of 30 s; TestReadStall keeps the reading on synthetic latencies")
	}
	s := startTarget(t, httptarget.Config{Model: model.Loop, Threads: 1, Knobs: httptarget.Knobs{
		Wait: model.FixedDist(50 * time.Millisecond), BlockFraction: 0.01, Block: model.FixedDist(100 * time.Millisecond)}})
	cfg := quick("http://"+s.Addr().String()+"/", 30*time.Second, 2000)
	cfg.StepMin, cfg.StepMax, cfg.Samples = 2*time.Second, 4*time.Second, 2000
	cfg.MetricsURL = "http://" + s.Addr().String() + "/metrics"
	attempt(t, func() *Result { return probeOf(t, cfg) }, func(res *Result) []string {
		if res.ShapeName != string(LoopBlocked) || res.Stall == nil {
			return []string{fmt.Sprintf("shape = %s, want loop-blocked (stall %+v)", res.ShapeName, res.Stall)}
		}
		var p []string
		if d := math.Abs(res.Stall.StallMS/100 - 1); d > 0.2 {
			p = append(p, fmt.Sprintf("stall_ms = %.1f, want 100 within 20%%", res.Stall.StallMS))
		}
		if d := math.Abs(res.Stall.StallShare/0.01 - 1); d > 0.3 {
			p = append(p, fmt.Sprintf("stall_share = %.4f, want 0.01 within 30%%", res.Stall.StallShare))
		}
		if res.Scenario == nil || res.Scenario.Model != model.Loop || len(res.Scenario.Classes) != 2 {
			p = append(p, fmt.Sprintf("scenario = %+v, want a loop with a blocking class", res.Scenario))
		}
		return p
	})
}
