//go:build linux

package experiment

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"
)

// Experiment 6: the pool with 200 and with 1,600 threads on this
// machine's cores, under a write-like path (CPU work plus two downstream
// calls), driven by more virtual users than either has threads: errors,
// p99, throughput without errors, the server's context switches per
// request and the machine's run queue. The field report: 1,600 threads
// gave 15-21% errors and a p99 of 44 s where 200 threads did better.

func init() {
	Register(&Experiment{Name: "threads", Order: 6, Run: runThreads, Claims: thClaims})
}

// The write path at 1,600 threads: 15-21% errors, p99 44 s; at 3,000
// users 257 TPS of which 203 without errors.
var thClaims = []ClaimDef{
	{ID: "th.errors", Source: "exp.src.field.write", Published: 18, Quantity: "share", Unit: "%", Digits: 1, Tolerance: 0.17, TolWhy: "exp.tol.range", Null: 0},
	{ID: "th.p99", Source: "exp.src.field.write", Published: 44000, Quantity: "latency", Unit: "ms", Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull},
	{ID: "th.okshare", Source: "exp.src.field.write", Published: 100 * 203.0 / 257, Quantity: "share", Unit: "%", Digits: 0, Tolerance: 0.10, TolWhy: "exp.tol.shape", Null: 100},
}

func runThreads(ctx context.Context, r *Runner) error {
	t := r.T
	d, w := r.windows(10*time.Second, 1500*time.Millisecond)
	// More users than the small pool has threads (they queue for it),
	// fewer than the large one (all of them hold a thread at once).
	vus := 1000
	if r.Opt.Quick {
		vus = 500
	}
	const cpu, call, calls = "1ms", 5 * time.Millisecond, 2
	timeout := 10 * time.Second
	t.Recipe = r.T_("exp.th.recipe", cpu, calls, call.Milliseconds(), Num(float64(vus), 0), timeout.Seconds(), d.Seconds(), w.Seconds(), r.Opt.Repeat)
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "rps", Label: r.T_("exp.th.col.rps"), Digits: 0},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 0},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 0},
		{Key: "ctxsw_per_req", Label: r.T_("exp.col.ctxsw"), Digits: 1},
		{Key: "runq", Label: r.T_("exp.col.runq"), Digits: 1},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	t.Published = &Published{Source: fieldSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.th.pub.result")},
		Rows: [][]string{
			{r.T_("exp.th.pub.1600"), r.T_("exp.th.pub.1600.v")},
			{r.T_("exp.th.pub.3000"), r.T_("exp.th.pub.3000.v")},
			{r.T_("exp.th.pub.200"), r.T_("exp.th.pub.200.v")},
		}}
	for _, n := range []int{200, 1600} {
		if ctx.Err() != nil {
			break
		}
		tr := trial{
			Downstream: []string{"--delay", call.String()},
			Target: []string{"--model", "pool", "--threads", strconv.Itoa(n), "--queue", "10000",
				"--cpu", cpu, "--calls", strconv.Itoa(calls)},
			// One P per pool thread: every thread can be runnable at once,
			// as a JVM's platform threads can, so the OS run queue and its
			// context switches are the ones a thread pool of this size
			// makes.
			GOMAXPROCS: n + 2,
			Load:       closedSpec(vus, d, w, timeout),
		}
		label := r.T_("exp.th.row", Num(float64(n), 0))
		row, reps, err := r.loadRow(ctx, strconv.Itoa(n), label, tr)
		if err != nil {
			return fmt.Errorf("experiment threads: %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
	}
	r.Claim("th.errors", t.Vals("1600", "errors_pct"), "")
	r.Claim("th.p99", t.Vals("1600", "p99_ms"), "")
	r.Claim("th.okshare", ratioPct(t.Vals("1600", "ok_rps"), t.Vals("1600", "rps")), "")
	a, b := t.Row("200"), t.Row("1600")
	if a != nil && b != nil {
		r.Note("exp.th.note.compare",
			t.Median("1600", "ok_rps")/t.Median("200", "ok_rps"),
			t.Median("1600", "p99_ms")/math.Max(t.Median("200", "p99_ms"), 1e-9),
			t.Median("200", "errors_pct"), t.Median("1600", "errors_pct"),
			t.Median("200", "ctxsw_per_req"), t.Median("1600", "ctxsw_per_req"))
	}
	if r.Verdict("th.errors") == Reproduced || r.Verdict("th.errors") == Direction {
		r.Note("exp.th.note.why.errors")
	} else {
		r.Note("exp.th.note.why.none", t.Median("1600", "errors_pct"))
	}
	t.Plots = []Plot{{File: "threads.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms", "ctxsw_per_req"}}}
	return nil
}
