//go:build linux

package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Experiment 9: a closed-model sweep of virtual users against the pool
// (200 threads) and two event loops, on a light CPU-bound path and on a
// heavy I/O path, in process beside the model (on this machine's cores):
// throughput and p99 for each, where they cross, and where the model says
// they should.

func init() {
	Register(&Experiment{Name: "crossover", Order: 9, Run: runCrossover, Claims: xClaims, JVM: runCrossoverJVM, JDK: thJDK})
}

// The read path of the field report, CPU-bound on 2 cores: reactive
// ahead at 60 users (655 vs 451 TPS), blocking ahead at 1,000 (941 vs
// 698), no errors up to 5,000.
var xClaims = []ClaimDef{
	{ID: "x.read60", Source: "exp.src.field.read", Published: 655.0 / 451, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.shape", Null: 1,
		Calibrated: []string{"exp.fig.x.pool60", "exp.fig.x.loop60", "exp.fig.x.pool1000", "exp.fig.x.loop1000"}},
	{ID: "x.read1000", Source: "exp.src.field.read", Published: 941.0 / 698, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.shape", Null: 1,
		Calibrated: []string{"exp.fig.x.pool1000", "exp.fig.x.loop1000"}},
	{ID: "x.errors5000", Source: "exp.src.field.read", Published: 0, Quantity: "share", Unit: "%", Digits: 1, Tolerance: 0.5, TolWhy: "exp.tol.zero", Null: NoNull},
}

type xPath struct {
	key string
	// cpu and wait per model: the read path's are calibrated per model
	// (xCalibrated), the I/O path's are the same for both.
	cpu, wait map[model.Kind]time.Duration
	// requests per user, and the bounds of a point's total.
	perUser, minReq, maxReq int
}

// xCalibrated is the read path, per model, calibrated to the field
// report's four figures on 2 cores: at 1,000 users both sides are
// CPU-bound, so the CPU per request is 2 cores / TPS (941 blocking, 698
// reactive: the reactive pipeline's overhead); at 60 users neither is,
// so a request's latency is users / TPS (451 and 655) and its wait is
// that latency less its CPU (the reactive side's calls overlap).
func xCalibrated() (cpu, wait map[model.Kind]time.Duration) {
	c := func(tps float64) time.Duration { return time.Duration(2 / tps * float64(time.Second)) }
	w := func(tps60, tps1000 float64) time.Duration {
		return time.Duration(60/tps60*float64(time.Second)) - c(tps1000)
	}
	return map[model.Kind]time.Duration{model.Pool: c(941), model.Loop: c(698)},
		map[model.Kind]time.Duration{model.Pool: w(451, 941), model.Loop: w(655, 698)}
}

// xServes names the claims each row feeds (--only runs the rows an
// asked-for claim reads; x.errors5000 is never run).
var xServes = map[string][]string{"read-60": {"x.read60"}, "read-1000": {"x.read1000"}}

func runCrossover(ctx context.Context, r *Bench) error {
	t := r.T
	cores := sysinfo.Cores()
	const poolThreads = 200
	rc, rw := xCalibrated()
	same := func(d time.Duration) map[model.Kind]time.Duration {
		return map[model.Kind]time.Duration{model.Pool: d, model.Loop: d}
	}
	paths := []xPath{
		{"read", rc, rw, 4, 200, 10000},
		{"io", same(500 * time.Microsecond), same(100 * time.Millisecond), 4, 200, 10000},
	}
	vus := []int{10, 60, 200, 1000, 5000}
	if r.Opt.Quick {
		vus = []int{60, 200}
		paths[0].maxReq, paths[1].maxReq = 400, 200
		paths[0].minReq, paths[1].minReq = 100, 100
	}
	t.Recipe = r.T_("exp.x.recipe", poolThreads, cores, r.Opt.Repeat)
	t.Scaling = r.T_("exp.x.calibration", Num(float64(rc[model.Pool])/1e6, 2), Num(float64(rc[model.Loop])/1e6, 2),
		Num(float64(rw[model.Pool])/1e6, 1), Num(float64(rw[model.Loop])/1e6, 1))
	t.Columns = []Column{
		{Key: "pool_rps", Label: r.T_("exp.x.col.pool.rps"), Digits: 0},
		{Key: "loop_rps", Label: r.T_("exp.x.col.loop.rps"), Digits: 0},
		{Key: "pool_p99", Label: r.T_("exp.x.col.pool.p99"), Digits: 1},
		{Key: "loop_p99", Label: r.T_("exp.x.col.loop.p99"), Digits: 1},
	}
	t.Published = &Published{Source: fieldSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.x.pub.reactive"), r.T_("exp.x.pub.blocking")},
		Rows: [][]string{
			{r.T_("exp.x.pub.60"), "655", "451"},
			{r.T_("exp.x.pub.1000"), "698", "941"},
		},
		Note: r.T_("exp.x.pub.note")}
	for _, p := range paths {
		for _, n := range vus {
			if ctx.Err() != nil {
				break
			}
			if !r.Wants(xServes[p.key+"-"+strconv.Itoa(n)]...) {
				continue // --only: no asked-for claim reads this row
			}
			cells := map[string]Cell{}
			models := map[string]float64{}
			for _, k := range []model.Kind{model.Pool, model.Loop} {
				threads := poolThreads
				if k == model.Loop {
					threads = cores
				}
				// Each user makes about ten requests (at least the path's
				// minimum, at most its maximum): long enough for a steady
				// state, short enough at ten users on the I/O path.
				s := model.Scenario{Model: k, Threads: threads, Cores: cores, Requests: min(max(p.perUser*n, p.minReq), p.maxReq),
					Arrival: model.Arrival{Kind: model.VUs, VUs: n},
					Classes: []model.Class{{Name: "normal", Fraction: 1, CPU: model.FixedDist(p.cpu[k]), Wait: model.FixedDist(p.wait[k])}},
					Seed:    1}
				s.Normalize()
				label := fmt.Sprintf("%s %s %d VUs", p.key, k, n)
				out, err := r.labRun(ctx, label, s, "", false)
				if errors.Is(err, supervise.ErrInterrupted) {
					break
				}
				if err != nil {
					return fmt.Errorf("experiment crossover: %s: %w", label, err)
				}
				cells[string(k)+"_rps"] = outCell(out, out.Runs, "throughput_rps")
				cells[string(k)+"_p99"] = rangeCell(out, "p99_ms")
				models[string(k)+"_rps"] = out.Model.ThroughputRPS
				models[string(k)+"_p99"] = out.Model.All.P99MS
				if out.Interrupted() {
					t.Interrupted = true
				}
			}
			if len(cells) < 4 {
				break
			}
			row := t.AddRow(p.key+"-"+strconv.Itoa(n), r.T_("exp.x.row."+p.key, Num(float64(n), 0)), cells)
			for k, v := range models {
				row.SetModel(k, v)
			}
		}
		crossNote(r, p.key, vus)
	}
	r.Claim("x.read60", ratios(t.Vals("read-60", "loop_rps"), t.Vals("read-60", "pool_rps")), "")
	if r.Opt.Quick {
		r.ClaimNotRun("x.read1000", r.T_("exp.quick.notrun"))
	}
	r.Claim("x.read1000", ratios(t.Vals("read-1000", "pool_rps"), t.Vals("read-1000", "loop_rps")), "")
	r.ClaimNotRun("x.errors5000", r.T_("exp.x.errors.notrun", Num(float64(vus[len(vus)-1]), 0)))
	r.Note("exp.x.note.why")
	t.Plots = []Plot{{File: "crossover.svg", Title: t.Title, Keys: []string{"pool_rps", "loop_rps", "pool_p99", "loop_p99"}}}
	return nil
}

// crossNote says, for one path, at which user count the leader changes,
// measured and in the model.
func crossNote(r *Bench, path string, vus []int) {
	lead := func(get func(Cell) (float64, bool), spread bool) string {
		prev, where := "", ""
		for _, n := range vus {
			row := r.T.Row(path + "-" + strconv.Itoa(n))
			if row == nil {
				continue
			}
			p, ok1 := get(row.Cells["pool_rps"])
			l, ok2 := get(row.Cells["loop_rps"])
			if !ok1 || !ok2 {
				continue
			}
			cur := "tie"
			pc, lc := row.Cells["pool_rps"], row.Cells["loop_rps"]
			switch {
			case spread && pc.Runs > 1 && lc.Runs > 1:
				// Measured: a lead only where the runs' ranges do not
				// overlap, so a crossing does not flip between runs.
				if pc.Min > lc.Max {
					cur = "pool"
				} else if lc.Min > pc.Max {
					cur = "loop"
				}
			case math.Abs(p-l) > 0.05*math.Max(p, l):
				cur = "pool"
				if l > p {
					cur = "loop"
				}
			}
			if prev != "" && cur != prev && where == "" {
				where = r.T_("exp.x.cross.at", Num(float64(n), 0), r.T_("exp.x.lead."+prev), r.T_("exp.x.lead."+cur))
			}
			prev = cur
		}
		if where == "" && prev != "" {
			where = r.T_("exp.x.cross.none", r.T_("exp.x.lead."+prev))
		}
		return where
	}
	meas := lead(func(c Cell) (float64, bool) { return c.Median, !math.IsNaN(c.Median) }, true)
	mod := lead(func(c Cell) (float64, bool) {
		if c.Model == nil {
			return 0, false
		}
		return *c.Model, true
	}, false)
	if meas != "" {
		r.Note("exp.x.note.cross", r.T_("exp.x.path."+path), meas, mod)
	}
}
