package probe

import (
	"math"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
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
func consistent(res *Result, lang msg.Lang) {
	if c := res.CeilingRPS; c != nil && res.CapacityRPS > *c {
		res.CapacityRPS = math.Floor(*c)
	}
	if res.Stopped != "budget" || Shape(res.ShapeName) != Unbounded {
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
