//go:build linux

package experiment

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/model"
)

// Experiment 7 on the JVM engine: Debian's Tomcat, a pool of sdThreads
// platform threads, each request ten lookups through our blocking RESP
// client to the built-in delay server (which reports the delay it gave).
// Part one: the lookups one after another or fanned out (each on a
// helper thread while the request's thread waits), under the pool's
// ceiling; sd.fanout is a mechanism claim, the p50 ratio against
// (CPU + 10 × delay) ÷ (CPU + delay) from this run's measured delay and
// CPU per request. Part two: the downstream goes from 2 ms to 50 ms in
// the middle of a run above the ceiling, and Little's law (throughput ×
// latency) is set beside Tomcat's thread count (sd.inflight). Our Netty
// handler's downstream calls block its loop (the RESP client is
// blocking), so the reactive side's in-flight claim is not run here.

func runSlowDownstreamJVM(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := r.windows(6*time.Second, 1200*time.Millisecond)
	r.server = fmt.Sprintf("Tomcat (maxThreads %d, acceptCount %d, maxConnections %d)", sdThreads, logAcceptCount, logMaxConnections)
	t.Recipe = r.T_("exp.sd.jvm.recipe", sdThreads, sdLookups, sdSlow.Milliseconds(), Num(sdUnder, 0), d.Seconds(), w.Seconds(), r.Opt.Repeat,
		logAcceptCount, logMaxConnections)
	t.Scaling = r.placementNote()
	sdHeader(r)
	t.Columns = append(t.Columns, Column{Key: "cpu_req_ms", Label: r.T_("exp.vl.jvm.col.cpureq"), Digits: 2},
		Column{Key: "ds_delay_ms", Label: r.T_("exp.col.dsdelay"), Digits: 1})
	target := func(f model.Fanout) []string {
		return []string{"--engine", string(launch.Tomcat), "--java", r.jdk.Home, "--model", "pool", "--threads", strconv.Itoa(sdThreads),
			"--accept-count", strconv.Itoa(logAcceptCount), "--max-connections", strconv.Itoa(logMaxConnections),
			"--calls", strconv.Itoa(sdLookups), "--fanout", string(f)}
	}
	// The downstream's step counts from its own start, before Tomcat's:
	// part one's runs measure how long a Tomcat takes to start (each
	// run's wall time less its load), which places the step.
	start, trials := time.Now(), 0
	for _, f := range []model.Fanout{model.Sequential, model.Parallel} {
		c := sdCond{model.Pool, f, sdUnder}
		if ctx.Err() != nil || !r.Wants(sdServes(c)...) {
			break
		}
		tr := trial{
			Downstream: []string{"--delay", sdSlow.String()},
			Target:     target(f),
			Load:       rateSpec(c.rate, d, w),
			KeepReport: true,
		}
		label := r.T_("exp.sd.row", string(model.Pool), r.T_("exp.sd.fanout."+string(f)), Num(c.rate, 0))
		row, reps, err := r.sdRow(ctx, c.key(), label, tr)
		if err != nil {
			return fmt.Errorf("experiment slow-downstream (JVM): %s: %w", label, err)
		}
		if row == nil {
			break
		}
		trials += len(reps)
		r.warnRow(row, reps)
		setCPUPerRequest(row)
		r.noteServer(sdThreads, "")
	}
	seq, par := sdCond{model.Pool, model.Sequential, sdUnder}.key(), sdCond{model.Pool, model.Parallel, sdUnder}.key()
	delay := cellMedian(t, seq, "ds_delay_ms")
	cpu := (cellMedian(t, seq, "cpu_req_ms") + cellMedian(t, par, "cpu_req_ms")) / 2
	r.ClaimPredicted("sd.fanout", ratios(t.Vals(seq, "p50_ms"), t.Vals(par, "p50_ms")), (cpu+sdLookups*delay)/(cpu+delay), "")
	if s, p := t.Median(seq, "p50_ms"), t.Median(par, "p50_ms"); !math.IsNaN(s) && !math.IsNaN(p) && p > 0 && delay > 0 {
		r.Note("exp.sd.jvm.fanout", Num(s, 0), Num(p, 0), Num(delay, 1), Num(cpu, 2), Num((cpu+sdLookups*delay)/(cpu+delay), 1), Num(s/p, 1))
	}

	// Part two: 2 ms, then 50 ms, in the middle of the run (as the Go
	// engine's step), about 0.4 into the window to leave room for the
	// start-up estimate's error (--quick leaves it to a full run: a
	// third Tomcat would not fit its 30 s).
	sd, sw, settle := 8*time.Second, 2*time.Second, time.Second
	boot := 5 * time.Second
	if trials > 0 {
		boot = max(time.Second, time.Since(start)/time.Duration(trials)-d-w-500*time.Millisecond)
	}
	after := boot + sw + time.Duration(0.4*float64(sd)) + 300*time.Millisecond
	t.Recipe += " " + r.T_("exp.sd.recipe.step", sdFast.Milliseconds(), sdSlow.Milliseconds(), sdLookups, Num(sdOver, 0), sd.Seconds(), settle.Seconds())
	if r.Opt.Quick {
		r.ClaimNotRun("sd.inflight", r.T_("exp.quick.notrun"))
	} else if ctx.Err() == nil && r.Wants(sdStepServes[model.Pool]...) {
		tr := trial{
			Downstream: []string{"--delay", sdFast.String(), "--delay-step", sdSlow.String() + "@" + after.String()},
			Target:     target(model.Sequential),
			Load:       rateSpec(sdOver, sd, sw),
			Metrics:    []string{"waitlab_target_os_threads"},
		}
		if err := r.sdStepRows(ctx, model.Pool, tr, after, settle); err != nil {
			return fmt.Errorf("experiment slow-downstream (JVM): step: %w", err)
		}
	}
	key := "step-pool-after"
	if t.Row(key) != nil {
		var perThread []float64
		for _, v := range t.Vals(key, "in_flight") {
			perThread = append(perThread, v/sdThreads)
		}
		r.Claim("sd.inflight", perThread, "")
		ok, p50 := t.Median(key, "ok_rps"), t.Median(key, "p50_ms")
		r.Note("exp.sd.jvm.little", Num(ok, 0), Num(p50/1000, 2), Num(t.Median(key, "in_flight"), 0), sdThreads,
			Num(sdCeiling(sdSlow), 0), Num(math.Max(0, t.Median(key, "in_flight")-sdThreads), 0))
	}
	r.ClaimNotRun("sd.inflight-loop", r.T_("exp.sd.jvm.noloop"))
	t.Plots = []Plot{{File: "slow-downstream.svg", Title: t.Title, Keys: []string{"ok_rps", "p50_ms", "in_flight"}}}
	return nil
}
