//go:build linux

package experiment

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/stats"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Experiment 7: a slow downstream. Part one: ten 50 ms lookups per
// request, made one after another, in parallel, or pipelined (one round
// trip for all ten), in pool, loop and virtual, over HTTP at a fixed
// rate. In pool, parallel lookups run on a fan-out pool as big as the
// request pool (the CompletableFuture-on-an-executor way): each request is
// about ten times faster, but it still takes ten lookups' worth of thread
// time, so the ceiling (threads / (10 x 50 ms)) does not move; loop and
// virtual fan out without holding threads. Part two: the downstream goes
// from 2 ms to 50 ms in the middle of a run: pool throughput falls to
// threads / latency and its bounded queue sheds, while loop and virtual
// only slow down. Little's law puts the requests in flight beside the
// pool's thread count, as the field report did ("1,885 in flight > 1,600
// threads").

const (
	sdLookups = 10
	sdSlow    = 50 * time.Millisecond
	sdFast    = 2 * time.Millisecond
	// sdThreads is the pool (and its fan-out pool): small enough for this
	// machine's one server core, and a ceiling of
	// sdThreads / (sdLookups x sdSlow) = 200 req/s that a rate can pass.
	sdThreads = 100
	// sdUnder and sdOver are the offered rates: half the pool's ceiling,
	// and one and a half times it.
	sdUnder = 100.0
	sdOver  = 300.0
	// sdQueue is the pool's queue bound (the target's --queue): beyond
	// it, requests are shed with 503.
	sdQueue = 100
)

func init() {
	Register(&Experiment{Name: "slow-downstream", Order: 7, Needs: "redis-server (optional)", Run: runSlowDownstream, Claims: sdClaims,
		JVM: runSlowDownstreamJVM, JDK: thJDK})
}

// Ten lookups: 2.7 s in sequence, 0.22 s fanned out (12x); 50 ms into
// Redis: 396 req/s x 4.76 s = 1,885 in flight over 1,600 threads (1.18x).
var sdClaims = []ClaimDef{
	{ID: "sd.fanout", Source: "exp.src.field.fanout", Published: 2.7 / 0.22, Quantity: "multiple", Unit: "×", Digits: 1, Tolerance: 0.2, TolWhy: "exp.tol.shape", Null: 1},
	{ID: "sd.inflight", Source: "exp.src.field.redis50", Published: 1885.0 / 1600, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.2, TolWhy: "exp.tol.shape", Null: 1},
	// Reactive: 648 x 3.06 s = 1,983 in flight on a handful of threads,
	// against the pool's 1,885: the loop's in flight over the pool's.
	{ID: "sd.inflight-loop", Source: "exp.src.field.redis50", Published: 1983.0 / 1885, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.2, TolWhy: "exp.tol.shape", Null: NoNull},
}

// sdCond is one condition of part one.
type sdCond struct {
	model  model.Kind
	fanout model.Fanout
	rate   float64
}

func (c sdCond) key() string {
	return fmt.Sprintf("%s-%s-%.0f", c.model, c.fanout, c.rate)
}

// sdServes names the claims a fan-out row feeds (--only runs the rows an
// asked-for claim reads): the pool's sequential and parallel lookups
// under its ceiling.
func sdServes(c sdCond) []string {
	if c.model == model.Pool && c.rate == sdUnder && (c.fanout == model.Sequential || c.fanout == model.Parallel) {
		return []string{"sd.fanout"}
	}
	return nil
}

// sdStepServes names the claims each model's step rows feed.
var sdStepServes = map[model.Kind][]string{
	model.Pool: {"sd.inflight", "sd.inflight-loop"},
	model.Loop: {"sd.inflight-loop"},
}

func runSlowDownstream(ctx context.Context, r *Bench) error {
	t := r.T
	quick := r.Opt.Quick
	d, w := r.windows(6*time.Second, 1200*time.Millisecond)
	t.Recipe = r.T_("exp.sd.recipe", sdLookups, sdSlow.Milliseconds(), sdThreads, sdThreads, sdQueue,
		Num(sdUnder, 0), Num(sdOver, 0), d.Seconds(), w.Seconds(), r.Opt.Repeat)
	t.Scaling = r.placementNote()
	sdHeader(r)

	// The downstream: the built-in delay server, or a real Redis behind
	// the latency proxy when one is installed (not in --quick).
	var redis string
	switch {
	case quick:
		r.Note("exp.sd.redis.quick")
	default:
		if _, err := exec.LookPath("redis-server"); err != nil {
			r.Note("exp.sd.redis.missing")
		} else if addr, err := r.startRedis(ctx); err != nil {
			r.Note("exp.sd.redis.failed", err)
		} else {
			redis = addr
			r.Note("exp.sd.redis.used")
		}
	}

	conds := sdConds(quick)
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(sdServes(c)...) {
			continue // --only: no asked-for claim reads this row
		}
		tr := trial{
			Downstream: []string{"--delay", sdSlow.String()},
			Redis:      redis,
			Target:     sdTarget(c.model, c.fanout),
			GOMAXPROCS: sdProcs(c.model),
			Load:       rateSpec(c.rate, d, w),
			Metrics:    []string{"waitlab_target_os_threads"},
		}
		label := r.T_("exp.sd.row", string(c.model), r.T_("exp.sd.fanout."+string(c.fanout)), Num(c.rate, 0))
		row, reps, err := r.sdRow(ctx, c.key(), label, tr)
		if err != nil {
			return fmt.Errorf("experiment slow-downstream: %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
		if m, ok := sdModel(c, sdSlow, d+w); ok {
			row.SetModel("ok_rps", m.ThroughputRPS)
			row.SetModel("p50_ms", m.All.P50MS)
			row.SetModel("in_flight", m.InFlightMean)
		}
	}
	sdFanoutNotes(r)

	// Part two: 2 ms, then 50 ms, in the middle of the run.
	sd, sw := 8*time.Second, 2*time.Second
	settle := time.Second
	if quick {
		sd, sw, settle = 4*time.Second, 500*time.Millisecond, 500*time.Millisecond
	}
	// The step comes about a third into the measured window: the load
	// starts a little after the downstream does, so its window begins
	// about sw after the downstream is ready.
	after := sw + time.Duration(0.3*float64(sd)) + 300*time.Millisecond
	stepModels := []model.Kind{model.Pool, model.Loop, model.Virtual}
	if quick {
		stepModels = []model.Kind{model.Pool} // under 20 s: the pool's fall; the full run adds loop and virtual
	}
	t.Recipe += " " + r.T_("exp.sd.recipe.step", sdFast.Milliseconds(), sdSlow.Milliseconds(), sdLookups, Num(sdOver, 0), sd.Seconds(), settle.Seconds())
	for _, m := range stepModels {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(sdStepServes[m]...) {
			continue // --only: no asked-for claim reads this model's step
		}
		tr := trial{
			Downstream: []string{"--delay", sdFast.String(), "--delay-step", sdSlow.String() + "@" + after.String()},
			Redis:      redis,
			Target:     sdTarget(m, model.Sequential),
			GOMAXPROCS: sdProcs(m),
			Load:       rateSpec(sdOver, sd, sw),
			Metrics:    []string{"waitlab_target_os_threads", "waitlab_target_shed_total"},
		}
		if err := r.sdStepRows(ctx, m, tr, after, settle); err != nil {
			return fmt.Errorf("experiment slow-downstream: step, %s: %w", m, err)
		}
	}
	sdStepNotes(r)
	r.Note("exp.sd.note.why")
	t.Plots = []Plot{{File: "slow-downstream.svg", Title: t.Title, Keys: []string{"ok_rps", "p50_ms", "in_flight"}}}
	return nil
}

// sdHeader sets the table's columns and the published table.
func sdHeader(r *Bench) {
	t := r.T
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 0},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 0},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "in_flight", Label: r.T_("exp.sd.col.inflight"), Digits: 0},
		{Key: "threads", Label: r.T_("exp.sd.col.threads"), Digits: 0},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	t.Published = &Published{Source: fieldSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.sd.pub.result")},
		Rows: [][]string{
			{r.T_("exp.sd.pub.seq"), r.T_("exp.sd.pub.seq.v")},
			{r.T_("exp.sd.pub.par"), r.T_("exp.sd.pub.par.v")},
			{r.T_("exp.sd.pub.pool"), r.T_("exp.sd.pub.pool.v")},
			{r.T_("exp.sd.pub.slow.blocking"), r.T_("exp.sd.pub.slow.blocking.v")},
			{r.T_("exp.sd.pub.slow.reactive"), r.T_("exp.sd.pub.slow.reactive.v")},
		}}
}

// sdConds are part one's conditions: in --quick the pool's three fan-outs
// under its ceiling and the loop above it; in a full run each fan-out of
// the pool under and above, and of loop and virtual above.
func sdConds(quick bool) []sdCond {
	var conds []sdCond
	fanouts := []model.Fanout{model.Sequential, model.Parallel, model.Pipelined}
	if quick {
		for _, f := range fanouts {
			conds = append(conds, sdCond{model.Pool, f, sdUnder})
		}
		conds = append(conds, sdCond{model.Loop, model.Parallel, sdOver})
	} else {
		for _, rate := range []float64{sdUnder, sdOver} {
			for _, f := range fanouts {
				conds = append(conds, sdCond{model.Pool, f, rate})
			}
		}
		for _, m := range []model.Kind{model.Loop, model.Virtual} {
			for _, f := range fanouts {
				conds = append(conds, sdCond{m, f, sdOver})
			}
		}
	}
	return conds
}

// sdTarget are the target's arguments for a model and a fan-out: the
// pool of sdThreads (and a fan-out pool as big for parallel lookups)
// with its queue bound, or the other models on their defaults.
func sdTarget(m model.Kind, f model.Fanout) []string {
	a := []string{"--model", string(m), "--calls", strconv.Itoa(sdLookups), "--fanout", string(f)}
	if m == model.Pool {
		a = append(a, "--threads", strconv.Itoa(sdThreads), "--queue", strconv.Itoa(sdQueue))
		if f == model.Parallel {
			a = append(a, "--fanout-pool", strconv.Itoa(sdThreads))
		}
	}
	return a
}

// sdProcs is the target's GOMAXPROCS: the pool's as in the other pool
// experiments (its threads block in the kernel and need no P while they
// do), the Go default otherwise.
func sdProcs(m model.Kind) int {
	if m == model.Pool {
		return targetProcs(sdThreads)
	}
	return 0
}

// rateSpec is an open-model run at rate for d after a warm-up of w, with
// connections enough for every request to be in flight for a few seconds
// (rate x 4 s): the generator must never be the one that queues, or a
// slow server looks like a closed model.
func rateSpec(rate float64, d, w time.Duration) loadgen.Spec {
	return openSpec(rate, d, w, 10*time.Second, int(math.Ceil(rate*4)))
}

// sdRow runs tr Repeat times and adds its row: the generator's figures,
// Little's law over the window (in_flight) and the target's OS threads.
func (r *Bench) sdRow(ctx context.Context, key, label string, tr trial) (*Row, []*loadreport.Report, error) {
	r.T.WarmupEach = true
	samples := Samples{}
	var reps []*loadreport.Report
	for i := 1; i <= r.Opt.Repeat && ctx.Err() == nil; i++ {
		r.Progressf("exp.progress.trial", label, i, r.Opt.Repeat, time.Duration(tr.Load.Duration).String())
		o, err := r.runTrial(ctx, tr)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return nil, nil, err
		}
		if o.Res.Interrupted {
			r.T.Interrupted = true
		}
		f := loadFigures(o)
		f["in_flight"] = o.Rep.InFlight
		if v, ok := o.Metrics["waitlab_target_os_threads"]; ok {
			f["threads"] = v
		}
		samples.Add(f)
		reps = append(reps, o.Rep)
	}
	if len(reps) == 0 {
		return nil, nil, nil
	}
	return r.T.AddRow(key, label, samples.Cells()), reps, nil
}

// sdStepRows runs the step trial Repeat times and adds two rows: the
// seconds before the step and the seconds from settle after it. Each
// phase's figures come from the generator's per-second series, placed on
// the wall clock: the series counts from the measured window's start
// (the result's start plus its warm-up), the step from when the
// downstream was ready.
func (r *Bench) sdStepRows(ctx context.Context, m model.Kind, tr trial, after, settle time.Duration) error {
	r.T.WarmupEach = true
	before, later := Samples{}, Samples{}
	var reps []*loadreport.Report
	label := r.T_("exp.sd.step.row", string(m))
	for i := 1; i <= r.Opt.Repeat && ctx.Err() == nil; i++ {
		r.Progressf("exp.progress.trial", label, i, r.Opt.Repeat, time.Duration(tr.Load.Duration).String())
		o, err := r.runTrial(ctx, tr)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return err
		}
		if o.Res.Interrupted {
			r.T.Interrupted = true
		}
		start, err := time.Parse(time.RFC3339Nano, o.Res.Start)
		if err != nil || o.DownstreamReady.IsZero() {
			return fmt.Errorf("cannot place the step on the series: start %q: %v", o.Res.Start, err)
		}
		win := start.Add(time.Duration(o.Res.WarmupNS))
		step := o.DownstreamReady.Add(after)
		b, a := phaseFigures(o.Rep.Series, win, step, settle)
		for _, f := range []map[string]float64{b, a} {
			if f == nil {
				continue
			}
			f["srvcpu"] = 0
			if o.Rep.TargetCPUPct != nil {
				f["srvcpu"] = *o.Rep.TargetCPUPct
			}
			f["gencpu"] = o.Rep.GeneratorCPUPct
			if v, ok := o.Metrics["waitlab_target_os_threads"]; ok {
				f["threads"] = v
			}
		}
		if b != nil && b["seconds"] > 0 {
			before.Add(b)
		}
		if a != nil && a["seconds"] > 0 {
			later.Add(a)
		}
		reps = append(reps, o.Rep)
	}
	if len(reps) == 0 {
		return nil
	}
	if len(before["ok_rps"]) == 0 || len(later["ok_rps"]) == 0 {
		r.Note("exp.sd.step.nophase", string(m))
		return nil
	}
	rb := r.T.AddRow("step-"+string(m)+"-before", r.T_("exp.sd.step.before", string(m), sdFast.Milliseconds()), before.Cells())
	ra := r.T.AddRow("step-"+string(m)+"-after", r.T_("exp.sd.step.after", string(m), sdSlow.Milliseconds()), later.Cells())
	r.warnRow(ra, reps, "little_queued")
	for _, p := range []struct {
		row  *Row
		wait time.Duration
	}{{rb, sdFast}, {ra, sdSlow}} {
		if res, ok := sdModel(sdCond{m, model.Sequential, sdOver}, p.wait, 10*time.Second); ok {
			p.row.SetModel("ok_rps", res.ThroughputRPS)
		}
	}
	return nil
}

// phaseFigures splits a series into the whole seconds that ended before
// step and those that began at least settle after it, and returns each
// phase's throughput without errors, errors as a share, the median of its
// seconds' p50 and p99, and Little's law with that p50 in place of the
// mean (the series keeps no per-second mean); nil for an empty phase.
func phaseFigures(series []loadreport.Point, win, step time.Time, settle time.Duration) (before, after map[string]float64) {
	var bs, as []loadreport.Point
	for _, p := range series {
		if p.Partial {
			continue
		}
		from := win.Add(time.Duration(p.T) * time.Second)
		switch {
		case !from.Add(time.Second).After(step):
			bs = append(bs, p)
		case !from.Before(step.Add(settle)):
			as = append(as, p)
		}
	}
	return phase(bs), phase(as)
}

func phase(ps []loadreport.Point) map[string]float64 {
	if len(ps) == 0 {
		return nil
	}
	var ok, errs float64
	var p50s, p99s []float64
	for _, p := range ps {
		ok += float64(p.OK)
		errs += float64(p.Errors)
		if p.P50MS != nil {
			p50s = append(p50s, *p.P50MS)
		}
		if p.P99MS != nil {
			p99s = append(p99s, *p.P99MS)
		}
	}
	n := float64(len(ps))
	f := map[string]float64{"seconds": n, "ok_rps": ok / n}
	if ok+errs > 0 {
		f["errors_pct"] = 100 * errs / (ok + errs)
	}
	if len(p50s) > 0 {
		f["p50_ms"] = stats.SpreadOf(p50s).Median
		f["in_flight"] = f["ok_rps"] * f["p50_ms"] / 1000
	}
	if len(p99s) > 0 {
		f["p99_ms"] = stats.SpreadOf(p99s).Median
	}
	return f
}

// sdModel simulates a condition for span at its rate: the model's
// throughput (its ceiling when the rate is above it), p50 and Little's
// law. The model has no bounded queue, so above the ceiling its p50 keeps
// growing with the run: the caller shows only what holds.
func sdModel(c sdCond, wait time.Duration, span time.Duration) (*model.Result, bool) {
	s := model.Scenario{Model: c.model, Threads: sdThreads,
		Requests: int(c.rate * span.Seconds()),
		Arrival:  model.Arrival{Kind: model.Rate, Rate: c.rate},
		Classes:  []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(wait), Calls: sdLookups, Fanout: c.fanout}},
		Seed:     1}
	if c.model != model.Pool {
		s.Threads = max(len(supervise.Place().Target), 1)
	}
	if c.model == model.Pool && c.fanout == model.Parallel {
		s.FanoutPool = sdThreads
	}
	s.Normalize()
	if s.Validate() != nil {
		return nil, false
	}
	res, err := sim.Run(s, sim.Options{})
	if err != nil || res.ThroughputRPS <= 0 {
		return nil, false
	}
	return res, true
}

// sdCeiling is the pool's ceiling with calls lookups of wait each, held
// one after another or on the fan-out pool: threads / thread-time.
func sdCeiling(wait time.Duration) float64 {
	return float64(sdThreads) / (float64(sdLookups) * wait.Seconds())
}

// sdFanoutNotes: the latency ratio of sequential to parallel lookups in
// the pool (published 12x, the model's 10x), and the ceiling that does
// not move.
func sdFanoutNotes(r *Bench) {
	t := r.T
	seq := t.Median(sdCond{model.Pool, model.Sequential, sdUnder}.key(), "p50_ms")
	par := t.Median(sdCond{model.Pool, model.Parallel, sdUnder}.key(), "p50_ms")
	pipe := t.Median(sdCond{model.Pool, model.Pipelined, sdUnder}.key(), "p50_ms")
	r.Claim("sd.fanout", ratios(t.Vals(sdCond{model.Pool, model.Sequential, sdUnder}.key(), "p50_ms"), t.Vals(sdCond{model.Pool, model.Parallel, sdUnder}.key(), "p50_ms")), "")
	if !math.IsNaN(seq) && !math.IsNaN(par) && par > 0 {
		r.Note("exp.sd.note.latency", Num(seq, 0), Num(par, 0), seq/par, 2.7/0.22, Num(pipe, 0))
	}
	oseq := t.Median(sdCond{model.Pool, model.Sequential, sdOver}.key(), "ok_rps")
	opar := t.Median(sdCond{model.Pool, model.Parallel, sdOver}.key(), "ok_rps")
	opipe := t.Median(sdCond{model.Pool, model.Pipelined, sdOver}.key(), "ok_rps")
	if c := sdCeiling(sdSlow); !math.IsNaN(oseq) && !math.IsNaN(opar) && oseq <= 1.05*c && opar <= 1.05*c {
		r.Note("exp.sd.note.ceiling", Num(sdOver, 0), Num(oseq, 0), Num(opar, 0), Num(sdCeiling(sdSlow), 0),
			sdThreads, sdLookups, sdSlow.Milliseconds(), Num(opipe, 0))
	}
}

// sdStepNotes: Little's law after the step, against the pool's threads,
// as the field report put it.
func sdStepNotes(r *Bench) {
	t := r.T
	for _, m := range []model.Kind{model.Pool, model.Loop, model.Virtual} {
		key := "step-" + string(m) + "-after"
		if t.Row(key) == nil {
			continue
		}
		ok, p50 := t.Median(key, "ok_rps"), t.Median(key, "p50_ms")
		inflight := t.Median(key, "in_flight")
		errs := t.Median(key, "errors_pct")
		okBefore := t.Median("step-"+string(m)+"-before", "ok_rps")
		var perThread []float64
		for _, v := range t.Vals(key, "in_flight") {
			perThread = append(perThread, v/sdThreads)
		}
		if m == model.Pool {
			r.Claim("sd.inflight", perThread, "")
		}
		if m == model.Loop {
			r.Claim("sd.inflight-loop", ratios(t.Vals(key, "in_flight"), t.Vals("step-pool-after", "in_flight")), "")
		}
		switch {
		case m == model.Pool && ok < 0.9*okBefore:
			queued := math.Max(0, inflight-sdThreads)
			r.Note("exp.sd.note.step.pool", Num(okBefore, 0), Num(ok, 0), Num(sdCeiling(sdSlow), 0),
				Num(ok, 0), p50/1000, Num(inflight, 0), sdThreads, Num(queued, 0), errs)
		case m != model.Pool && ok >= 0.9*okBefore:
			r.Note("exp.sd.note.step.other", string(m), Num(okBefore, 0), Num(ok, 0),
				Num(ok, 0), p50/1000, Num(inflight, 0), errs)
		default:
			r.Note("exp.sd.note.step.moved", string(m), Num(okBefore, 0), Num(ok, 0),
				Num(ok, 0), p50/1000, Num(inflight, 0), errs)
		}
	}
}
