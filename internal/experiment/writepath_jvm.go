//go:build linux

package experiment

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Experiment 11 on the JVM engine: the write path's five calls on
// Debian's Tomcat (a pool of platform threads, each call a sleep that
// holds the request's thread) against our server on Debian's Netty (one
// event loop per server core, each call a wait scheduled on the loop,
// which goes on serving). Both spin the same round wpJVMCPU per request;
// Tomcat and Netty add their own CPU, measured in each row. Nothing is
// set from the published 210 and 1,000 TPS, so the claims are mechanism
// claims: a side's throughput is min(requests in flight ÷ (CPU + waits),
// cores ÷ CPU per request), the pool's requests in flight at most its
// threads; and in a closed load a request's latency is users ÷
// throughput (Little's law). The published 5.3x at 0 ms was the CPU of
// JPA, .block() and the blocking clients against R2DBC and the
// non-blocking ones: none of those is on this machine, so wp.x0 is not
// run here. show_sql's cost is a Logback line per request, written
// synchronously, on the pool at 0 ms, where its CPU is the pool's limit.

// wpJVMCPU is the CPU each request spins on either side: a round
// figure, the chapters' 200 µs, not set from anything published.
const (
	wpJVMCPU     = 200 * time.Microsecond
	wpJVMTimeout = 60 * time.Second
)

// wpJVMServes names the claims each JVM row feeds.
var wpJVMServes = map[string][]string{
	"pool-delay": {"wp.x", "wp.p99"},
	"loop-delay": {"wp.x", "wp.p99"},
	"pool-0":     {"wp.showsql"},
	"pool-0-sql": {"wp.showsql"},
}

type wpJVMCond struct {
	key   string
	loop  bool
	delay time.Duration
	sql   bool
}

func runWritePathJVM(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	// The JIT's first pass is the JVM's cold start: the warm-up is as
	// long as the Go engine's at full length, and a second at --quick.
	w = max(w, time.Second)
	if !r.Opt.Quick {
		w = 5 * time.Second
	}
	threads, vus := wpThreads, 1000
	if r.Opt.Quick {
		// Fewer threads and users keep the pool's ceiling (threads ÷
		// the waits) under the users' within the quick run's seconds.
		threads, vus = 20, 100
	}
	cores := max(len(supervise.Place().Target), 1)
	r.server = fmt.Sprintf("Tomcat (maxThreads %d, acceptCount %d, maxConnections %d), Logback; Netty (loops %d)", threads,
		logAcceptCount, logMaxConnections, cores)
	t.Recipe = r.T_("exp.wp.jvm.recipe", wpCalls, wpDelay.Milliseconds(), Num(float64(wpJVMCPU)/1e6, 1), threads, cores, vus,
		d.Seconds(), w.Seconds(), r.Opt.Repeat, logAcceptCount, logMaxConnections)
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 0},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 0},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "cpu_req_ms", Label: r.T_("exp.vl.jvm.col.cpureq"), Digits: 2},
		{Key: "lines_per_req", Label: r.T_("exp.log.col.lines"), Digits: 2},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	t.Published = wpPublished(r)
	conds := []wpJVMCond{{"pool-delay", false, wpDelay, false}, {"loop-delay", true, wpDelay, false}}
	if !r.Opt.Quick {
		conds = append(conds, wpJVMCond{"pool-0", false, 0, false}, wpJVMCond{"pool-0-sql", false, 0, true})
	}
	dir, err := os.MkdirTemp("", "waitlab-exp-wp-")
	if err != nil {
		return fmt.Errorf("experiment write-path (JVM): %w", err)
	}
	defer os.RemoveAll(dir)
	logFile := filepath.Join(dir, "show_sql.log")
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(wpJVMServes[c.key]...) {
			continue // --only: no asked-for claim reads this row
		}
		tr := trial{
			Target:     wpJVMTarget(r, c, threads, cores, logFile),
			Load:       closedSpec(vus, d, w, wpJVMTimeout),
			Metrics:    []string{"waitlab_target_log_lines_total", "waitlab_target_requests_total"},
			KeepReport: true,
		}
		label := r.T_("exp.wp.jvm.row.pool", threads, Num(float64(c.delay)/1e6, 0))
		switch {
		case c.loop:
			label = r.T_("exp.wp.jvm.row.loop", cores, Num(float64(c.delay)/1e6, 0))
		case c.sql:
			label = r.T_("exp.wp.jvm.row.sql", threads, Num(float64(c.delay)/1e6, 0))
		}
		row, reps, err := r.loadRow(ctx, c.key, label, tr)
		os.Remove(logFile)
		if err != nil {
			return fmt.Errorf("experiment write-path (JVM): %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
		setCPUPerRequest(row)
		row.Cells["lines_per_req"] = ratioCell(row, "waitlab_target_log_lines_total", "waitlab_target_requests_total", 1)
		conc := vus
		if !c.loop {
			conc = min(vus, threads)
		}
		if v := wpJVMPredict(row, conc, cores, c.delay); !math.IsNaN(v) {
			row.SetModel("ok_rps", v)
		}
	}
	wpJVMClaims(r, vus)
	t.Plots = []Plot{{File: "write-path.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms"}}}
	return nil
}

// wpJVMTarget is a condition's server: Tomcat's pool or Netty's loops,
// the same request on both.
func wpJVMTarget(r *Bench, c wpJVMCond, threads, cores int, logFile string) []string {
	args := []string{"--java", r.jdk.Home}
	if c.loop {
		args = append(args, "--engine", string(launch.Netty), "--model", "loop", "--threads", strconv.Itoa(cores))
	} else {
		args = append(args, "--engine", string(launch.Tomcat), "--model", "pool", "--threads", strconv.Itoa(threads),
			"--accept-count", strconv.Itoa(logAcceptCount), "--max-connections", strconv.Itoa(logMaxConnections))
	}
	args = append(args, "--cpu", wpJVMCPU.String())
	if c.delay > 0 {
		args = append(args, "--calls", strconv.Itoa(wpCalls), "--wait", c.delay.String())
	}
	if c.sql {
		args = append(args, "--log", "sync", "--log-file", logFile)
	}
	return args
}

// wpJVMPredict is a side's predicted throughput from the CPU per request
// measured in its row: the smaller of its requests in flight over a
// request's time (its CPU and its five waits, one after another) and its
// cores over its CPU per request.
func wpJVMPredict(row *Row, conc, cores int, delay time.Duration) float64 {
	c := row.Cells["cpu_req_ms"].Median / 1000
	if !(c > 0) {
		return math.NaN()
	}
	return math.Min(float64(conc)/(c+wpCalls*delay.Seconds()), float64(cores)/c)
}

// wpJVMClaims judges the JVM rows: wp.x against the two sides' predicted
// throughputs, wp.p99 against Little's law on their measured ones (a
// closed load's latency is users ÷ throughput), wp.showsql as measured.
func wpJVMClaims(r *Bench, vus int) {
	t := r.T
	ok := func(k string) []float64 { return t.Vals(k, "ok_rps") }
	r.ClaimPredicted("wp.x", ratios(ok("loop-delay"), ok("pool-delay")), cellModel(t, "loop-delay")/cellModel(t, "pool-delay"), "")
	xp, xl := cellMedian(t, "pool-delay", "ok_rps"), cellMedian(t, "loop-delay", "ok_rps")
	// Little's law: each side's latency is users ÷ its throughput, and
	// never less than one request's own time (its waits and CPU).
	floor := wpCalls * wpDelay.Seconds()
	r.ClaimPredicted("wp.p99", ratios(t.Vals("pool-delay", "p99_ms"), t.Vals("loop-delay", "p99_ms")),
		math.Max(float64(vus)/xp, floor)/math.Max(float64(vus)/xl, floor), "")
	r.ClaimNotRun("wp.x0", r.T_("exp.wp.jvm.nox0"))
	if r.Opt.Quick {
		r.ClaimNotRun("wp.showsql", r.T_("exp.quick.notrun"))
	}
	r.Claim("wp.showsql", costs(ok("pool-0-sql"), ok("pool-0")), "")
	if p, l := t.Row("pool-delay"), t.Row("loop-delay"); p != nil && l != nil {
		r.Note("exp.wp.jvm.note", Num(p.Cells["cpu_req_ms"].Median, 2), Num(l.Cells["cpu_req_ms"].Median, 2),
			Num(cellModel(t, "pool-delay"), 0), Num(cellModel(t, "loop-delay"), 0), Num(xp, 0), Num(xl, 0))
		r.Note("exp.wp.note.little", Num(float64(vus), 0), Num(xp, 0), float64(vus)/xp, Num(xl, 0), float64(vus)/xl)
	}
	if s, o := t.Median("pool-0-sql", "ok_rps"), t.Median("pool-0", "ok_rps"); !math.IsNaN(s) && !math.IsNaN(o) {
		r.Note("exp.log.jvm.lines", Num(t.Median("pool-0-sql", "lines_per_req"), 2), Num(100*(1-s/o), 0))
	}
	r.Note("exp.wp.jvm.why")
}
