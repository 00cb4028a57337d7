package probe

import (
	"math"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
)

// consistent makes a finished probe's answer agree with itself: the
// capacity is never above the ceiling, and a search the budget ended
// before anything broke says it is undecided, with about how long a
// probe would take to decide, instead of "no limit".
//
// Why: a capacity is the rate of a step that held every SLO, offered; a
// step holds them while completing 90% of what it was offered, so a
// capacity 10% above the ceiling passed (88 req/s against a ceiling of
// 79 on the web page). A budget that stopped the doubling at 2 steps had
// seen no limit only because it looked no further (the web page's 30 s
// against a pool of 4, which its own scout had shown).
func consistent(cfg *Config, res *Result) {
	lang := cfg.Lang
	if c := res.CeilingRPS; c != nil && res.CapacityRPS > *c {
		res.CapacityRPS = math.Floor(*c)
	}
	if res.Stopped == "budget" && Shape(res.ShapeName) == LoopBlocked && sawNoLimit(res) {
		// The stall told the shape at the light steps; the limit is
		// what the budget did not reach: no "no limit" for it.
		res.CapacityAtLeast = true
		for i, e := range res.Evidence {
			if e.Key == "probe.ev.unbounded" {
				res.Evidence[i] = note(lang, "probe.loop.budget", num0(res.CapacityRPS), num1(res.BudgetS), num0(decideBudget(res).Seconds()))
			}
		}
	}
	if res.Stopped != "budget" || Shape(res.ShapeName) != Unbounded {
		labRate(cfg, res)
		return
	}
	need := decideBudget(res)
	res.Shape, res.ShapeName, res.Confidence, res.RunnerUp = Undecided, string(Undecided), 0, ""
	res.Limit, res.CeilingRPS, res.Scenario, res.Closed, res.USL, res.Spread, res.Fit = nil, nil, nil, nil, nil, nil, nil
	for i := range res.Steps {
		res.Steps[i].Pred = nil
	}
	res.Notes = nil
	n := note(lang, "probe.undecided.budget", num0(need.Seconds()), num1(res.BudgetS))
	res.Undecided = &n
	res.Evidence = []Note{*res.Undecided}
	for _, st := range res.Steps {
		if st.Kind == "scout" && st.Saturated(res.ServiceMS) && st.SvcMeanMS > 2*res.ServiceMS {
			// The closed scout saw a limit the open steps had no time to:
			// fewer completing at once than its users, each request's
			// service time stretched by the queue (a server that answers
			// at once is bound by the generator's round trip instead).
			res.Evidence = append(res.Evidence, note(lang, "probe.undecided.scout", st.VUs, num1(st.Busy)))
		}
	}
}

// sawNoLimit reports whether res's steps kept up everywhere: the
// classification's "kept up at every step" stands and no step broke an
// SLO short of a saturation.
func sawNoLimit(res *Result) bool {
	kept := false
	for _, e := range res.Evidence {
		switch e.Key {
		case "probe.ev.unbounded":
			kept = true
		case "probe.ev.breach_unsaturated":
			return false
		}
	}
	return kept
}

// decideBudget is about how long a probe of res's server would take to
// reach --max-rate by doubling and bisect once there: the steps it has
// not run, each an ordinary window (the longest) with its warm-up and
// drain, after what it took so far; at least twice the budget given.
func decideBudget(res *Result) time.Duration {
	last := 0.0
	for _, st := range res.Steps {
		if !st.Closed {
			last = max(last, st.OfferedRPS)
		}
	}
	steps := float64(DefaultBisect)
	if last > 0 && res.MaxRate > last {
		steps += math.Ceil(math.Log2(res.MaxRate / last))
	}
	per := DefaultStepMax + DefaultStepMax/4 + DefaultWarmup
	need := time.Duration(res.ElapsedS*float64(time.Second)) + time.Duration(steps)*per
	need = max(need, 2*time.Duration(res.BudgetS*float64(time.Second)))
	return need.Round(10 * time.Second)
}

// labRate sets the fitted scenario's arrival rate, the one the lab link
// opens it at: the stated capacity when the model meets the SLOs there
// in sim, else the highest rate below it where it does (bisected, five
// simulations at most), with a note giving both.
//
// Why: the lab link is the verdict shown; a scenario opened at a rate
// the model cannot hold showed p50 2.0 s beside a probe's "p99 < 1 s
// met" (the web page, a pool of 4 at 88 req/s over its ceiling of 79).
func labRate(cfg *Config, res *Result) {
	sc := res.Scenario
	if sc == nil || res.CapacityRPS <= 0 {
		return
	}
	span, warm := 10.0, cfg.Warmup.Seconds()
	holds := func(rate float64) bool {
		p := predict(*sc, res.Spread, rate, span, warm, cfg.Seed, cfg.FitMax)
		return p != nil && latencyHolds(cfg.SLOs, p)
	}
	rate := res.CapacityRPS
	if !holds(rate) {
		lo, hi := 0.0, rate
		for range 5 {
			if mid := (lo + hi) / 2; holds(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		rate = math.Floor(lo)
		res.Notes = append(res.Notes, note(cfg.Lang, "probe.note.lab_rate", num0(res.CapacityRPS), num0(rate)))
	}
	sc.Arrival.Rate = rate
}

// latencyHolds says the prediction p meets every latency SLO on p50 or
// p99 (the model has no errors, and the other quantiles it does not
// carry).
func latencyHolds(slos []loadreport.Threshold, p *Prediction) bool {
	for _, t := range slos {
		var v float64
		switch t.Metric {
		case "p50":
			v = p.P50MS
		case "p99":
			v = p.P99MS
		default:
			continue
		}
		if t.Op == "<" && !(v < t.Value) || t.Op == "<=" && !(v <= t.Value) {
			return false
		}
	}
	return true
}
