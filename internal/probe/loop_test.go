package probe

import (
	"fmt"
	"math"
	"net/http"
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
		if l := res.Loops; l == nil || l.N != 1 || l.From != "metrics" {
			p = append(p, fmt.Sprintf("loops = %+v, want 1 from the target's /metrics", l))
		}
		if res.Scenario == nil || res.Scenario.Model != model.Loop || len(res.Scenario.Classes) != 2 {
			p = append(p, fmt.Sprintf("scenario = %+v, want a loop with a blocking class", res.Scenario))
		}
		return p
	})
	stillAnswers(t, cfg.URL)
}

// stillAnswers checks the probed server answers after the probe: no test
// server is left dead by what measured it.
func stillAnswers(t *testing.T, url string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("the server no longer answers after the probe: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the server answers %d after the probe", resp.StatusCode)
	}
}

// The other servers of the project's own target: virtual threads
// waiting 50 ms have no pool, so no limit within a bounded rate (and the
// probe must not call them a pool); a pool of 4 threads waiting 50 ms at
// the default budget (the web page's too, now the CLI's) is a pool of 4,
// its capacity never above its ceiling.
func TestVirtualAndPoolOf4(t *testing.T) {
	if testing.Short() {
		t.Skip("live probes of 25 s and 60 s; TestClassify and TestConsistent* keep the rules on synthetic steps")
	}
	t.Run("virtual", func(t *testing.T) {
		s := startTarget(t, httptarget.Config{Model: model.Virtual, Knobs: httptarget.Knobs{Wait: model.FixedDist(50 * time.Millisecond)}})
		cfg := quick("http://"+s.Addr().String()+"/", 25*time.Second, 800)
		cfg.MetricsURL = "http://" + s.Addr().String() + "/metrics"
		attempt(t, func() *Result { return probeOf(t, cfg) }, func(res *Result) []string {
			if res.ShapeName != string(Unbounded) || res.GaveOut == "" {
				return []string{fmt.Sprintf("shape = %s (gave out %q), want unbounded naming what gave out", res.ShapeName, res.GaveOut)}
			}
			return nil
		})
		stillAnswers(t, cfg.URL)
	})
	t.Run("pool of 4 at the default budget", func(t *testing.T) {
		s := startTarget(t, httptarget.Config{Model: model.Pool, Threads: 4, Knobs: httptarget.Knobs{Wait: model.FixedDist(50 * time.Millisecond)}})
		cfg := Config{URL: "http://" + s.Addr().String() + "/", MaxRate: 5000, Seed: 1, MetricsURL: "http://" + s.Addr().String() + "/metrics"}
		if raceEnabled {
			cfg.FitMax = 2000
		}
		attempt(t, func() *Result { return probeOf(t, cfg) }, func(res *Result) []string {
			if res.ShapeName != string(Pool) || limitOf(res) != 4 {
				return []string{fmt.Sprintf("shape = %s, limit %d; want a pool of 4", res.ShapeName, limitOf(res))}
			}
			if res.CeilingRPS == nil || res.CapacityRPS > *res.CeilingRPS {
				return []string{fmt.Sprintf("capacity %v above the ceiling %v", res.CapacityRPS, fmtRate(res.CeilingRPS))}
			}
			return nil
		})
		stillAnswers(t, cfg.URL)
	})
}
