//go:build linux

package experiment

import (
	"context"
	"fmt"
	"github.com/waitlab/waitlab/internal/supervise"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Experiment 11: the field report's write path (two external calls, a
// Redis Lua decrement, an INSERT, a publish), blocking against
// non-blocking. The report's finding was that non-blocking won about 5x
// on 2 cores, and still 5.3x with the external API at 0 ms: the CPU per
// request differed (JPA, .block() and sync clients against R2DBC and
// non-blocking clients), not the waiting. So each model here gets the
// CPU per request the report's throughput implies, calibrated to this
// server's one core: 1/210 s for the blocking pool, 1/1,000 s for the
// loop; five downstream calls in sequence, at 0 ms and at a real delay;
// and a show_sql-like line written synchronously per request on the
// blocking side.

// The calibration: the published TPS on 2 cores, the server's one core
// here, less the about 0.1 ms this server spends on HTTP and five
// loopback round trips per request.
const (
	wpBlockingTPS    = 210.0
	wpNonBlockingTPS = 1000.0
	wpOverhead       = 100 * time.Microsecond
	wpCalls          = 5
	wpDelay          = 20 * time.Millisecond
	wpThreads        = 200
)

func wpCPU(tps float64) time.Duration {
	return time.Duration(float64(time.Second)/tps) - wpOverhead
}

func init() {
	Register(&Experiment{Name: "write-path", Order: 11, Run: runWritePath, Claims: wpClaims, JVM: runWritePathJVM, JDK: logJDK})
}

// wpCalibrated: the CPU per request of both sides is set from the
// published 210 and 1,000 TPS, so both multiples (with the delay and at
// 0 ms, where throughput is 1 / CPU) follow from them by construction.
var wpCalibrated = []string{"exp.fig.wp.blocking", "exp.fig.wp.nonblock"}

// 900-1,060 against about 210 TPS (about 5x), 5.3x with the external
// latency at 0, p99 at 1,000 users 7.3 s against 1.7 s, show_sql +10-15%.
var wpClaims = []ClaimDef{
	{ID: "wp.x", Source: "exp.src.field.write", Published: 980.0 / 210, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.2, TolWhy: "exp.tol.calibrated", Null: 1,
		Calibrated: wpCalibrated},
	{ID: "wp.x0", Source: "exp.src.field.write", Published: 5.3, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.2, TolWhy: "exp.tol.calibrated", Null: 1,
		Calibrated: wpCalibrated},
	{ID: "wp.p99", Source: "exp.src.field.write", Published: 7.3 / 1.7, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.25, TolWhy: "exp.tol.shape", Null: 1},
	{ID: "wp.showsql", Source: "exp.src.field.write", Published: 12.5, Quantity: "share", Unit: "%", Digits: 1, Tolerance: 0.2, TolWhy: "exp.tol.range", Null: 0},
}

type wpCond struct {
	key     string
	model   string
	delay   time.Duration
	showSQL bool
}

// wpServes names the claims each row feeds (--only runs the rows an
// asked-for claim reads).
var wpServes = map[string][]string{
	"pool-delay":     {"wp.x", "wp.p99", "wp.showsql"},
	"loop-delay":     {"wp.x", "wp.p99"},
	"pool-0":         {"wp.x0"},
	"loop-0":         {"wp.x0"},
	"pool-delay-sql": {"wp.showsql"},
}

func runWritePath(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := 10*time.Second, 5*time.Second
	vus := 1000
	if r.Opt.Quick {
		d, w, vus = 1500*time.Millisecond, 500*time.Millisecond, 100
	}
	loops := max(len(supervise.Place().Target), 1)
	t.Recipe = r.T_("exp.wp.recipe", wpCalls, Num(float64(vus), 0), d.Seconds(), w.Seconds(), r.Opt.Repeat, wpThreads, loops)
	t.Scaling = r.placementNote() + " " + r.T_("exp.wp.calibration", Num(wpBlockingTPS, 0), Num(float64(wpCPU(wpBlockingTPS))/1e6, 2),
		Num(wpNonBlockingTPS, 0), Num(float64(wpCPU(wpNonBlockingTPS))/1e6, 2), Num(float64(wpOverhead)/1e3, 0))
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 0},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 0},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	t.Published = wpPublished(r)
	conds := []wpCond{
		{"pool-delay", "pool", wpDelay, false},
		{"loop-delay", "loop", wpDelay, false},
	}
	if !r.Opt.Quick {
		conds = append(conds,
			wpCond{"pool-0", "pool", 0, false},
			wpCond{"loop-0", "loop", 0, false},
			wpCond{"pool-delay-sql", "pool", wpDelay, true})
	}
	dir, err := os.MkdirTemp("", "waitlab-exp-wp-")
	if err != nil {
		return fmt.Errorf("experiment write-path: %w", err)
	}
	defer os.RemoveAll(dir)
	logFile := filepath.Join(dir, "show_sql.log")
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(wpServes[c.key]...) {
			continue // --only: no asked-for claim reads this row
		}
		tgt := []string{"--model", c.model, "--calls", strconv.Itoa(wpCalls)}
		procs := 0
		if c.model == "pool" {
			tgt = append(tgt, "--threads", strconv.Itoa(wpThreads), "--queue", "10000", "--cpu", wpCPU(wpBlockingTPS).String())
			procs = targetProcs(wpThreads)
		} else {
			tgt = append(tgt, "--threads", strconv.Itoa(loops), "--cpu", wpCPU(wpNonBlockingTPS).String())
		}
		if c.showSQL {
			tgt = append(tgt, "--log", "sync", "--log-file", logFile)
		}
		tr := trial{
			Downstream: []string{"--delay", c.delay.String()},
			Target:     tgt,
			GOMAXPROCS: procs,
			Load:       closedSpec(vus, d, w, 60*time.Second),
		}
		label := r.T_("exp.wp.row."+c.model, Num(float64(c.delay)/1e6, 0))
		if c.showSQL {
			label = r.T_("exp.wp.row.sql", Num(float64(c.delay)/1e6, 0))
		}
		row, reps, err := r.loadRow(ctx, c.key, label, tr)
		os.Remove(logFile)
		if err != nil {
			return fmt.Errorf("experiment write-path: %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
	}
	ok := func(k string) []float64 { return t.Vals(k, "ok_rps") }
	r.Claim("wp.x", ratios(ok("loop-delay"), ok("pool-delay")), "")
	if r.Opt.Quick {
		for _, id := range []string{"wp.x0", "wp.showsql"} {
			r.ClaimNotRun(id, r.T_("exp.quick.notrun"))
		}
	}
	r.Claim("wp.x0", ratios(ok("loop-0"), ok("pool-0")), "")
	r.Claim("wp.p99", ratios(t.Vals("pool-delay", "p99_ms"), t.Vals("loop-delay", "p99_ms")), "")
	r.Claim("wp.showsql", costs(ok("pool-delay-sql"), ok("pool-delay")), "")
	if p, l := t.Median("pool-delay", "ok_rps"), t.Median("loop-delay", "ok_rps"); !math.IsNaN(p) && !math.IsNaN(l) {
		// Little's law beside the published reading: users / throughput.
		r.Note("exp.wp.note.little", Num(float64(vus), 0), Num(p, 0), float64(vus)/p, Num(l, 0), float64(vus)/l)
	}
	r.Note("exp.wp.note.why")
	t.Plots = []Plot{{File: "write-path.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms"}}}
	return nil
}

// wpPublished is the field report's write-path figures.
func wpPublished(r *Bench) *Published {
	return &Published{Source: fieldSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.wp.pub.result")},
		Rows: [][]string{
			{r.T_("exp.wp.pub.tps"), "900–1,060 / ~210 (~5×)"},
			{r.T_("exp.wp.pub.zero"), "5.3×"},
			{r.T_("exp.wp.pub.p99"), "1.7 s / 7.3 s"},
			{r.T_("exp.wp.pub.showsql"), "+10–15%"},
		}}
}
