//go:build linux

package experiment

import (
	"context"
	"fmt"
	"github.com/waitlab/waitlab/internal/downstream"
	"math"
	"os/exec"
	"time"

	"github.com/waitlab/waitlab/internal/supervise"
)

// Experiment 4 on the JVM engine: the validation lock on Debian's Tomcat
// (our servlet through launch), each request one GET to a real
// redis-server through our blocking RESP client, with the lock a PING
// under one process-wide synchronized before it. Redis sits the source's
// stated round trip away (the latency proxy's delay; the field report's
// "2 ms", an input, not its measured 76 or 700 TPS) and the handler spins
// no CPU: nothing is set from the published outputs. The claims are
// judged as mechanism claims against what this run's own measurements
// predict: with the lock, throughput is capped at 1 ÷ the measured hold
// time whatever the thread count; without it, the server's cores divided
// by the measured CPU per request; so turning it off multiplies throughput
// by about hold time ÷ CPU per request × cores, set beside the published
// 9.2×.

// vlJVMRTT is the downstream's round trip: the field report's stated 2 ms.
const vlJVMRTT = 2 * time.Millisecond

// The metrics the JVM server keeps for the validate-lock.
const (
	vlHeld  = "waitlab_target_lock_held_seconds_total"
	vlHolds = "waitlab_target_lock_holds_total"
	vlCmds  = "waitlab_target_downstream_commands_total"
)

func runValidateLockJVM(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	cores := max(len(supervise.Place().Target), 1)
	r.server = fmt.Sprintf("Tomcat (acceptCount %d, maxConnections %d), Redis", logAcceptCount, logMaxConnections)
	t.Recipe = r.T_("exp.vl.jvm.recipe", Num(float64(vlJVMRTT)/1e6, 1), d.Seconds(), w.Seconds(), r.Opt.Repeat, cores,
		logAcceptCount, logMaxConnections)
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 1},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "hold_ms", Label: r.T_("exp.vl.jvm.col.hold"), Digits: 2},
		{Key: "cpu_req_ms", Label: r.T_("exp.vl.jvm.col.cpureq"), Digits: 2},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
		{Key: "cmds_per_req", Label: r.T_("exp.vl.jvm.col.cmds"), Digits: 2},
	}
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skipped = r.T_("exp.vl.jvm.noredis")
		return nil
	}
	redis, err := r.startRedis(ctx)
	if err != nil {
		t.Skipped = r.T_("exp.vl.jvm.redisfailed", err)
		return nil
	}
	conds := []lockCond{{"lock-200", 200, true}, {"lock-1600", 1600, true}, {"nolock-200", 200, false}}
	if r.Opt.Quick {
		conds = []lockCond{conds[0], conds[2]} // 1,600 users' waits at the lock are a full run's
		r.ClaimNotRun("vl.threads", r.T_("exp.vl.jvm.quick"))
	}
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(vlServes[c.key]...) {
			continue // --only: no asked-for claim reads this row
		}
		server := r.tomcatPool(c.threads)
		server.ValidateLock = c.lock
		tr := trial{
			Downstream: &downstream.Config{Delay: vlJVMRTT.String()},
			Redis:      redis,
			Target:     server,
			Load:       closedSpec(c.threads, d, w, vlTimeout),
			Metrics:    []string{vlHeld, vlHolds, vlCmds},
			KeepReport: true,
		}
		label := r.T_("exp.vl.row", Num(float64(c.threads), 0), onOff(r, c.lock))
		row, reps, err := r.loadRow(ctx, c.key, label, tr)
		if err != nil {
			return fmt.Errorf("experiment validate-lock (JVM): %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
		row.Cells["cmds_per_req"] = ratioCell(row, vlCmds, "waitlab_target_requests_total", 1)
		if c.lock {
			row.Cells["hold_ms"] = ratioCell(row, vlHeld, vlHolds, 1000)
		}
		setCPUPerRequest(row)
		r.noteServer(0, ", Redis")
	}
	r.vlJVMClaims("lock-200", "nolock-200", cores)
	t.Plots = []Plot{{File: "validate-lock.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms"}}}
	return nil
}

// vlJVMClaims judges the claims from the rows on and off (the lock's and
// the lock-free one at the same thread count): vl.on against 1 ÷ the
// measured hold time, vl.off against the server's cores ÷ the measured
// CPU per request, vl.x against their quotient; vl.threads and vl.rtt
// against the published figures, which are mechanisms already.
func (r *Bench) vlJVMClaims(on, off string, cores int) {
	// The rows' keys are the Go recipe's (vlServes), so --only reads
	// the same conditions on both engines.
	t := r.T
	hold := cellMedian(t, on, "hold_ms") / 1000
	cpu := cellMedian(t, off, "cpu_req_ms") / 1000
	capOn, capOff := 1/hold, float64(cores)/cpu
	r.ClaimPredicted("vl.on", t.Vals(on, "ok_rps"), capOn, "")
	r.ClaimPredicted("vl.off", t.Vals(off, "ok_rps"), capOff, "")
	r.ClaimPredicted("vl.x", ratios(t.Vals(off, "ok_rps"), t.Vals(on, "ok_rps")), capOff/capOn, "")
	r.Claim("vl.threads", ratios(t.Vals("lock-1600", "ok_rps"), t.Vals("lock-200", "ok_rps")), "")
	r.Claim("vl.rtt", ratios(t.Vals(on, "cmds_per_req"), t.Vals(off, "cmds_per_req")), "")
	mOn, mOff := t.Median(on, "ok_rps"), t.Median(off, "ok_rps")
	if hold > 0 && cpu > 0 && !math.IsNaN(mOn) && !math.IsNaN(mOff) && mOn > 0 {
		r.Note("exp.vl.jvm.mechanism", Num(hold*1000, 2), Num(capOn, 0), Num(mOn, 0), Num(cpu*1000, 2), cores, Num(capOff, 0), Num(mOff, 0),
			Num(capOff/capOn, 1), Num(mOff/mOn, 1))
	}
}

// cellMedian is a row's figure, NaN when absent or not above 0.
func cellMedian(t *Table, row, col string) float64 {
	if v := t.Median(row, col); v > 0 {
		return v
	}
	return math.NaN()
}
