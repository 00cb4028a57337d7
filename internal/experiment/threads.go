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
// calls), driven by 3,000 virtual users that connect at once: errors,
// p99, throughput without errors, the server's context switches per
// request and the machine's run queue. The field report: 1,600 threads
// gave 15-21% errors and a p99 of 44 s where 200 threads did better.
//
// Why the published errors can happen at all: by Little's law they were
// not the client's 60 s timeouts (257 - 203 = 54 errors/s x 60 s would
// need more users than the 3,000 there were), so they were the server's
// own limits giving up on requests it held. A thread-per-request server
// has two kinds: the time a new connection may take to deliver its
// request (Tomcat's connectionTimeout; the target's --header-timeout,
// counted from the accept), and the bound on each downstream round trip
// (a client's read timeout; the target's --downstream-timeout, 10 s). With
// 200 threads the rest of the 3,000 users wait in the queue in front,
// where no timer of the handler runs; with 1,600 the waiting moves inside
// the handler: every thread is runnable on the one core, the code that
// reads requests and the thread whose downstream reply is in both wait
// their turn among 1,600, and the timers fire. The target counts both
// (waitlab_target_timeouts_total, waitlab_target_downstream_errors_total)
// and the downstream reports the delay it gave, so each row shows which
// limit made its errors, and that the downstream itself answered in time.
// The calibration: 4 ms of CPU per request puts the 200-thread row near
// the published blocking write path's ~210 TPS on the server's one core.

func init() {
	Register(&Experiment{Name: "threads", Order: 6, Run: runThreads, Claims: thClaims, JVM: runThreadsJVM, JDK: thJDK})
}

// The write path at 1,600 threads: 15-21% errors, p99 44 s; at 3,000
// users 257 TPS of which 203 without errors.
var thClaims = []ClaimDef{
	{ID: "th.errors", Source: "exp.src.field.write", Published: 18, Quantity: "share", Unit: "%", Digits: 1, Tolerance: 0.17, TolWhy: "exp.tol.range", Null: 0},
	{ID: "th.p99", Source: "exp.src.field.write", Published: 44000, Quantity: "latency", Unit: "ms", Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull},
	{ID: "th.okshare", Source: "exp.src.field.write", Published: 100 * 203.0 / 257, Quantity: "share", Unit: "%", Digits: 0, Tolerance: 0.10, TolWhy: "exp.tol.shape", Null: 100},
}

// The threads recipe's fixed parts: 3,000 users, 4 ms of CPU and two
// 5 ms calls per request, the client's timeout of k6 (60 s), the
// target's header timeout.
const (
	thVUs           = 3000
	thCPU           = "4ms"
	thCall          = 5 * time.Millisecond
	thCalls         = 2
	thTimeout       = 60 * time.Second
	thHeaderTimeout = 10 * time.Second
)

func runThreads(ctx context.Context, r *Bench) error {
	t := r.T
	// No warm-up: the 3,000 users' connections arriving at once are the
	// published condition ("up to 3,000 users" from a standing start).
	d, _ := r.windows(30*time.Second, 3*time.Second)
	vus := thVUs
	if r.Opt.Quick {
		vus = 600
	}
	t.Recipe = r.T_("exp.th.recipe", thCPU, thCalls, thCall.Milliseconds(), Num(float64(vus), 0), thTimeout.Seconds(),
		thHeaderTimeout.Seconds(), d.Seconds(), r.Opt.Repeat)
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "rps", Label: r.T_("exp.th.col.rps"), Digits: 0},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "hdr_timeouts", Label: r.T_("exp.th.col.hdr"), Digits: 0},
		{Key: "ds_errors", Label: r.T_("exp.th.col.dserr"), Digits: 0},
		{Key: "ds_delay_ms", Label: r.T_("exp.col.dsdelay"), Digits: 1},
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
		if n == 200 && len(r.Opt.Only) > 0 {
			continue // --only: every claim reads the 1,600-thread row; 200 is the comparison
		}
		row, err := r.thRow(ctx, n, vus, d)
		if err != nil {
			return err
		}
		if row == nil {
			break
		}
	}
	thJudge(r)
	t.Plots = []Plot{{File: "threads.svg", Title: t.Title, Keys: []string{"ok_rps", "errors_pct", "p99_ms"}}}
	return nil
}

// thRow runs the pool of n threads and adds its row.
func (r *Bench) thRow(ctx context.Context, n, vus int, d time.Duration) (*Row, error) {
	tr := trial{
		Downstream: []string{"--delay", thCall.String()},
		Target: []string{"--model", "pool", "--threads", strconv.Itoa(n), "--queue", "10000",
			"--cpu", thCPU, "--calls", strconv.Itoa(thCalls), "--header-timeout", thHeaderTimeout.String(),
			// Tomcat's NIO connector hands a connection back to its one
			// poller after every request; the target's default lingers
			// 1 ms on it, so a keep-alive request seldom met the poller.
			"--linger", "-1ns"},
		// One P per pool thread: every thread can be runnable at once,
		// as a JVM's platform threads can, so the OS run queue and its
		// context switches are the ones a thread pool of this size
		// makes.
		GOMAXPROCS: n + 2,
		Load:       closedSpec(vus, d, 0, thTimeout),
		Metrics:    []string{"waitlab_target_timeouts_total", "waitlab_target_downstream_errors_total"},
	}
	label := r.T_("exp.th.row", Num(float64(n), 0))
	row, reps, err := r.loadRow(ctx, strconv.Itoa(n), label, tr)
	if err != nil {
		return nil, fmt.Errorf("experiment threads: %s: %w", label, err)
	}
	if row != nil {
		if c, ok := row.Cells["waitlab_target_timeouts_total"]; ok {
			row.Cells["hdr_timeouts"] = c
		}
		if c, ok := row.Cells["waitlab_target_downstream_errors_total"]; ok {
			row.Cells["ds_errors"] = c
		}
		r.warnRow(row, reps)
	}
	return row, nil
}

// thJudgeClaims judges the three claims on the 1,600-thread row, the same on
// both engines (a quick run makes none of them).
func thJudgeClaims(r *Bench) {
	t := r.T
	if r.Opt.Quick {
		why := r.T_("exp.th.quick", Num(thVUs, 0), thHeaderTimeout.Seconds())
		for _, id := range []string{"th.errors", "th.p99", "th.okshare"} {
			r.ClaimNotRun(id, why)
		}
		return
	}
	r.Claim("th.errors", t.Vals("1600", "errors_pct"), "")
	r.Claim("th.p99", t.Vals("1600", "p99_ms"), "")
	r.Claim("th.okshare", ratioPct(t.Vals("1600", "ok_rps"), t.Vals("1600", "rps")), "")
}

// thJudge judges the claims and writes the notes, each chosen by a
// verdict or a measured count.
func thJudge(r *Bench) {
	t := r.T
	thJudgeClaims(r)
	if t.Row("200") == nil || t.Row("1600") == nil {
		return
	}
	r.Note("exp.th.note.compare",
		t.Median("1600", "ok_rps")/t.Median("200", "ok_rps"),
		t.Median("1600", "p99_ms")/math.Max(t.Median("200", "p99_ms"), 1e-9),
		t.Median("200", "errors_pct"), t.Median("1600", "errors_pct"),
		t.Median("200", "ctxsw_per_req"), t.Median("1600", "ctxsw_per_req"))
	if r.Opt.Quick {
		return // the failure's condition was not run: no sentence on its cause
	}
	errs, hdr, dse := t.Median("1600", "errors_pct"), t.Median("1600", "hdr_timeouts"), t.Median("1600", "ds_errors")
	effect := r.Verdict("th.errors") == Reproduced || r.Verdict("th.errors") == Direction
	switch {
	case effect && hdr > 0 && t.Median("1600", "reset_pct") >= 90:
		r.Note("exp.th.note.why.hdr", Num(hdr, 0), thHeaderTimeout.Seconds(), Num(t.Median("200", "hdr_timeouts"), 0), t.Median("1600", "reset_pct"))
	case effect && dse > 0 && t.Median("1600", "reset_pct") < 50:
		r.Note("exp.th.note.why.ds", Num(dse, 0), Num(t.Median("200", "ds_errors"), 0), t.Median("1600", "ds_delay_ms"), thCall.Milliseconds())
	case errs > 0:
		r.Note("exp.th.note.why.other", errs, Num(hdr, 0))
	default:
		r.Note("exp.th.note.why.none", errs)
	}
}
