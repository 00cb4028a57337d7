package probe

import (
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/msg"
)

// One answer, consistent with itself: a capacity offered above the
// ceiling (a step holds its SLOs completing 90% of what it was offered)
// is brought down to the ceiling, and the fitted scenario opens at a rate
// the model holds the SLOs at.
func TestConsistentCapacity(t *testing.T) {
	cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 1000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1, FitMax: 4000}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	res := &Result{URL: cfg.URL, Steps: synthetic(20, 400, 0, 10, 0), Stopped: "breach_bisected", CapacityRPS: 440}
	analyze(&cfg, res, 20)
	consistent(&cfg, res)
	if res.CeilingRPS == nil || res.CapacityRPS > *res.CeilingRPS {
		t.Fatalf("capacity %v above the ceiling %v", res.CapacityRPS, res.CeilingRPS)
	}
	sc := res.Scenario
	if sc == nil || sc.Arrival.Rate > res.CapacityRPS || sc.Arrival.Rate <= 0 {
		t.Fatalf("scenario %+v at capacity %v", sc, res.CapacityRPS)
	}
	p := predict(*sc, res.Spread, sc.Arrival.Rate, 10, 0.3, cfg.Seed, cfg.FitMax)
	if p == nil || !latencyHolds(cfg.SLOs, p) {
		t.Errorf("the scenario at %v req/s breaks the SLOs in sim: %+v", sc.Arrival.Rate, p)
	}
}

// A search the budget ended before anything broke is undecided, with
// about how long would decide it, never "no limit"; with a scout that
// saw a limit, it says so.
func TestConsistentBudgetUndecided(t *testing.T) {
	cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 5000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1, FitMax: 4000}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	steps := synthetic(50, 0, 0, 10, 0)[:3]
	scout := steps[1]
	scout.Kind, scout.Closed, scout.VUs, scout.OfferedRPS, scout.OKRPS, scout.SvcMeanMS = "scout", true, 16, 0, 80, 200 // 4 at once of 16
	steps = append([]Step{steps[0], scout}, steps[2:]...)
	res := &Result{URL: cfg.URL, Steps: steps, Stopped: "budget", MaxRate: 5000, BudgetS: 30, ElapsedS: 29, CapacityRPS: 100}
	analyze(&cfg, res, 50)
	consistent(&cfg, res)
	if res.ShapeName != string(Undecided) || res.Undecided == nil || res.Scenario != nil {
		t.Fatalf("shape %s, undecided %v, scenario %v; want undecided with no scenario", res.ShapeName, res.Undecided, res.Scenario != nil)
	}
	text := VerdictText(msg.EN, res)
	if !strings.Contains(text, "run longer (about") || strings.Contains(text, "no limit within") || !strings.Contains(text, "closed scout of 16 users saw only 4") {
		t.Errorf("verdict %q", text)
	}
}

// The plateau a pool is called on: a saturated step completing what a
// lower rate already completed (the live pool of 4 x 50 ms on a machine
// at a load of 36: 75 req/s kept up at 77, 72 at 122, and 60 at 80 with
// the generator late), confirmed by the closed check; without a lower
// step at that throughput, undecided.
func TestPlateauOfAPool(t *testing.T) {
	mk := func(i int, kind string, offered, ok float64, met bool) Step {
		return Step{Index: i, Kind: kind, OfferedRPS: offered, OKRPS: ok, Requests: int64(ok * 2), OK: int64(ok * 2), Met: met,
			SvcMeanMS: 50, SvcP50MS: 50, SvcP90MS: 52, P50MS: 50, P99MS: 60, MeanMS: 50, InFlight: ok * 0.05, Conns: 100, ConnsUsed: 10, WindowS: 2}
	}
	cal := mk(0, "calibrate", 0, 20, true)
	cal.Closed, cal.VUs = true, 1
	chk := mk(5, "check", 0, 72, true)
	chk.Closed, chk.VUs = true, 4
	steps := []Step{cal, mk(1, "step", 40, 39, true), mk(2, "step", 77, 75, true), mk(3, "step", 122, 72, false), mk(4, "bisect", 80, 60, false), chk}
	if v := Classify(steps, 50, 50, 2, msg.EN); v.Shape != Pool || v.Limit == nil || *v.Limit != 4 {
		t.Errorf("%s (limit %v); want a pool of 4: %v", v.Shape, v.Limit, v.Evidence)
	}
	steps[2] = mk(2, "step", 77, 45, false) // no lower rate completed 72
	steps[2].OKRPS = 45
	if v := Classify(steps, 50, 50, 2, msg.EN); v.Shape != Undecided {
		t.Errorf("%s; want undecided without a plateau: %v", v.Shape, v.Evidence)
	}
}

// A stalled loop is told by its light steps, so its shape stands when the
// budget ends before any limit; its capacity is then a lower bound, and
// the verdict says "at least" and how long would measure the limit,
// never "no limit" (a 30 s probe of a 1%/100 ms loop said "the capacity
// within the SLOs is 270 req/s" and "no limit within the range tried").
func TestConsistentLoopBlockedBudget(t *testing.T) {
	cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 20000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1, FitMax: 4000}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stopped string
		atLeast bool
	}{{"budget", true}, {"breach_bisected", false}} {
		res := &Result{URL: cfg.URL, Shape: LoopBlocked, ShapeName: string(LoopBlocked), Confidence: 0.9, Stopped: c.stopped,
			MaxRate: 20000, BudgetS: 30, ElapsedS: 22, CapacityRPS: 270, ServiceMS: 50.3,
			Stall:    &Stall{StallMS: 101, StallShare: 0.0077, HeldPerStall: 27.6, Loops: 1, LoopsFrom: "metrics", CeilingRPS: 1288},
			Evidence: []Note{note(msg.EN, "probe.ev.unbounded", "270", "50.3")}}
		consistent(&cfg, res)
		text := VerdictText(msg.EN, res)
		if res.CapacityAtLeast != c.atLeast || res.ShapeName != string(LoopBlocked) {
			t.Errorf("stopped %s: capacity_at_least %v, shape %s; want %v, loop-blocked", c.stopped, res.CapacityAtLeast, res.ShapeName, c.atLeast)
		}
		if c.atLeast && (!strings.Contains(text, "at least 270 req/s") || !strings.Contains(text, "run longer (about") || strings.Contains(text, "no limit")) {
			t.Errorf("budget ended: verdict %q", text)
		}
		if !c.atLeast && strings.Contains(text, "at least") {
			t.Errorf("a limit seen: verdict %q", text)
		}
	}
}
