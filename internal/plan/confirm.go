package plan

import (
	"context"
	"errors"
	"fmt"
	"github.com/waitlab/waitlab/internal/supervise"
	"math"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Real says how Confirm runs a size for real: the runner (runner.Process
// in a fresh child process, runner.HTTP against a target over loopback),
// the version its results carry, and, if set, Progress, told before each
// run (0 is the uncounted warm-up). Each run keeps every request's record
// (Result.Trace), so the plan computes the same figures from it as from a
// simulation.
type Real struct {
	Runner   runner.Runner
	Version  string
	Progress func(s model.Scenario, run, of int)
}

// run runs s runs times after one warm-up, as `waitlab run` does. It
// reports whether the runs were cut short; an interrupt before anything
// was measured is that, with no results, not an error.
func (r Real) run(ctx context.Context, s model.Scenario, runs int) ([]*model.Result, bool, error) {
	if err := r.Runner.Check(s); err != nil {
		return nil, false, err
	}
	var progress func(run, of int)
	if r.Progress != nil {
		progress = func(run, of int) { r.Progress(s, run, of) }
	}
	rep, _, err := runner.Repeat(ctx, r.Runner, s, runner.Options{Trace: true, Version: r.Version}, runs, true, progress)
	if err != nil {
		if errors.Is(err, supervise.ErrInterrupted) || ctx.Err() != nil && !errors.Is(err, runner.ErrTargetDied) {
			return nil, true, nil
		}
		return nil, false, fmt.Errorf("plan: real run: %w", err)
	}
	return rep.Runs, rep.Interrupted, nil
}

// ConfirmSize is one size run for real beside its prediction.
type ConfirmSize struct {
	Size     int `json:"size"`
	Requests int `json:"requests"`
	Warmup   int `json:"warmup"`
	// Predicted is each SLO's figure simulated for exactly this run (same
	// requests, same seed, same warm-up); Measured the median over the
	// real runs, with their range.
	Predicted    []Num `json:"predicted"`
	Measured     []Num `json:"measured"`
	MeasuredMin  []Num `json:"measured_min"`
	MeasuredMax  []Num `json:"measured_max"`
	PredictedMet bool  `json:"predicted_met"`
	// Few: a latency figure of this short run rests on fewer than 100
	// samples beyond its percentile, so predicted and measured may differ
	// by chance alone.
	Few         bool `json:"few_samples,omitempty"`
	MeasuredMet bool `json:"measured_met"`
	Runs        int  `json:"runs"`
	Interrupted bool `json:"interrupted,omitempty"`
	// RealRPS and PredictedRPS are the throughput of the window.
	PredictedRPS Num        `json:"predicted_rps"`
	RealRPS      Num        `json:"real_rps"`
	Env          *model.Env `json:"env,omitempty"`
	// LoadAvg is the machine's 1-minute load average when the size's runs
	// ended (Linux /proc/loadavg; 0 if unknown): other work competes with
	// the real run for the cores.
	LoadAvg  float64  `json:"load_avg,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

// Confirmation is the answer run for real: the answer and the size below.
type Confirmation struct {
	Via   string        `json:"via"`
	Sizes []ConfirmSize `json:"sizes"`
	// Held: the answer met every SLO for real, and the run was whole.
	Held bool `json:"held"`
	// Separated: the size below missed an SLO for real, as predicted.
	Separated bool `json:"separated"`
}

// Interrupted reports whether a size's runs were cut short (or never
// started): the confirmation concludes nothing.
func (c *Confirmation) Interrupted() bool {
	for _, s := range c.Sizes {
		if s.Interrupted {
			return true
		}
	}
	return false
}

// ConfirmSeconds bounds the length of one real run of an open model: its
// requests are cut to the arrival rate times this.
const ConfirmSeconds = 5

// ConfirmScenario is the scenario a real run of size n runs: the plan's
// scenario at n, with the requests of one simulated seed (a burst keeps
// its batch; an open model is cut to ConfirmSeconds of arrivals, at least
// 1,000 requests; a closed one to 5,000).
func ConfirmScenario(res *Result, n int) model.Scenario {
	s := res.Knob.Set(res.Scenario, n)
	switch res.Mode {
	case "burst":
	case "open":
		s.Requests = min(res.Requests, max(1000, int(s.Arrival.Rate*ConfirmSeconds)))
	default:
		s.Requests = min(res.Requests, 5000)
	}
	return s
}

// Confirm runs the answer and the size below it for real as r says, runs
// times each, and compares each SLO's figure with a simulation of the same
// run. An interrupt is never an error: the size it cut short (or did not
// let start) is reported Interrupted, with what was measured before it,
// and the confirmation neither holds nor separates (Interrupted).
func Confirm(ctx context.Context, res *Result, r Real, runs int) (*Confirmation, error) {
	if res.Answer == 0 {
		return nil, model.NewFieldError("--confirm", "plan.err.confirm.none")
	}
	c := &Confirmation{Via: r.Runner.Via()}
	sizes := []int{res.Answer}
	if res.Answer-1 >= 1 {
		sizes = append(sizes, res.Answer-1)
	}
	for _, n := range sizes {
		if ctx.Err() != nil {
			// Not run: the confirmation is cut short, and says so.
			c.Sizes = append(c.Sizes, ConfirmSize{Size: n, Interrupted: true})
			break
		}
		s := ConfirmScenario(res, n)
		warm := int64(0)
		if res.Mode != "burst" {
			warm = int64(math.Round(float64(s.Requests) * float64(res.Warmup) / float64(res.Requests)))
		}
		cs := ConfirmSize{Size: n, Requests: s.Requests, Warmup: int(warm)}
		var recs []model.Record
		if _, err := sim.Run(s, sim.Options{OnDone: func(r model.Record) { recs = append(recs, r) }, RecordsOnly: true}); err != nil {
			return nil, err
		}
		pred := reduce(s, records{slimAll(recs)}, warm, res.SLOs, false)
		cs.PredictedRPS = Num(pred.rps)
		cs.PredictedMet = true
		for i, o := range res.SLOs {
			if o.Latency() && !enough(o, len(pred.samples[i])) {
				cs.Few = true
			}
			v := figure(o, pred.samples[i], pred.rps, pred.batch)
			cs.Predicted = append(cs.Predicted, Num(v))
			cs.PredictedMet = cs.PredictedMet && o.Meets(v)
		}
		results, cut, err := r.run(ctx, s, runs)
		if err != nil {
			return nil, err
		}
		cs.Interrupted = cut
		var reals []run
		for _, rr := range results {
			cs.Interrupted = cs.Interrupted || rr.Interrupted
			if rr.Trace == nil && cs.Interrupted {
				continue // the warm-up that stood for a cut-short run: no records, no figure
			}
			if rr.Trace == nil {
				return nil, fmt.Errorf("plan: real run of %s=%d came back without its records", res.Knob, n)
			}
			reals = append(reals, reduce(s, records{slimAll(rr.Trace.Records)}, warm, res.SLOs, false))
			cs.Env = rr.Env
			cs.Warnings = rr.Warnings
		}
		cs.Runs = len(reals)
		cs.LoadAvg = loadAvg()
		cs.MeasuredMet = !cs.Interrupted && len(reals) > 0
		var rps []float64
		for _, rr := range reals {
			rps = append(rps, rr.rps)
		}
		cs.RealRPS = Num(median(rps))
		for i, o := range res.SLOs {
			if len(reals) == 0 {
				break // no run came back whole: no figure, and no range of none
			}
			per := make([]float64, len(reals))
			for j, rr := range reals {
				per[j] = figure(o, rr.samples[i], rr.rps, rr.batch)
			}
			m := median(per)
			lo, hi := minmax(per)
			cs.Measured = append(cs.Measured, Num(m))
			cs.MeasuredMin, cs.MeasuredMax = append(cs.MeasuredMin, Num(lo)), append(cs.MeasuredMax, Num(hi))
			cs.MeasuredMet = cs.MeasuredMet && o.Meets(m)
		}
		c.Sizes = append(c.Sizes, cs)
		if cs.Interrupted {
			break // the size below is not run: nothing more to measure
		}
	}
	if len(c.Sizes) > 0 {
		c.Held = c.Sizes[0].MeasuredMet
	}
	if len(c.Sizes) > 1 {
		c.Separated = !c.Sizes[1].MeasuredMet && !c.Sizes[1].Interrupted
	}
	return c, nil
}

// loadAvg reads the 1-minute load average (0 if it cannot).
func loadAvg() float64 {
	l, _ := sysinfo.LoadAvg()
	return l[0]
}
