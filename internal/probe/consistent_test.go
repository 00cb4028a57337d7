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
