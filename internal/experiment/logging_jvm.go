//go:build linux

package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/waitlab/waitlab/internal/downstream"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
)

// Experiment 5 on the JVM engine: the field report's logging on its own
// stack, Debian's Tomcat (our servlet, `waitlab target --engine tomcat`,
// started through launch) with Logback writing each request's line:
// synchronously (a FileAppender), behind Logback's AsyncAppender (which
// drops INFO lines once its queue is 80% full), or not at all. Nothing is
// calibrated from the published outputs: Logback costs what it costs. The
// handler spends the Go engine's CPU per request and waits as long as its
// downstream call (a sleep: the JVM servers have no downstream client),
// so the two engines' rows are the same request. The lock's rows
// (logLockJVM) put the validation lock around a PING to Redis and write
// one Logback line inside it; log.lock is judged against the ratio of
// the measured hold times. The DEBUG row logs every line at DEBUG with
// the logger at INFO (launch's --log-level and --log-line-level), so
// Logback filters them: log.debug is judged as on the Go engine, with
// the log file's size as the evidence.

// logJDK is the least JDK Debian's Tomcat 10 runs on.
const logJDK = 17

// The JVM server's connector limits, stated (Tomcat's defaults).
const (
	logAcceptCount    = 100
	logMaxConnections = 8192
)

func runLoggingJVM(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	threads := 200
	if r.Opt.Quick {
		threads = 50
	}
	r.server = fmt.Sprintf("Tomcat (maxThreads %d, acceptCount %d, maxConnections %d), Logback", threads, logAcceptCount, logMaxConnections)
	t.Recipe = r.T_("exp.log.jvm.recipe", threads, Num(float64(vlCPU)/1e6, 2), Num(float64(vlDelay)/1e6, 1), d.Seconds(), w.Seconds(), r.Opt.Repeat,
		logAcceptCount, logMaxConnections)
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 1},
		{Key: "lines_per_req", Label: r.T_("exp.log.col.lines"), Digits: 2},
		{Key: "dropped_pct", Label: r.T_("exp.log.col.dropped"), Digits: 1},
		{Key: "hold_ms", Label: r.T_("exp.vl.jvm.col.hold"), Digits: 3},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	dir, err := os.MkdirTemp("", "waitlab-exp-log-")
	if err != nil {
		return fmt.Errorf("experiment logging (JVM): %w", err)
	}
	defer os.RemoveAll(dir)
	logFile := filepath.Join(dir, "requests.log")
	conds := logJVMConds(r.Opt.Quick, logFile)
	// The claims each row serves (--only skips the rest; the async row
	// serves a note).
	serves := map[string][]string{"off": {"log.cost", "log.debug"}, "sync": {"log.cost", "log.debug"}, "debug": {"log.debug"}}
	debugBytes := int64(-1)
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if len(r.Opt.Only) > 0 && !r.Wants(serves[c.key]...) {
			continue
		}
		server := r.tomcatPool(threads)
		server.CPU, server.Wait = vlCPU.String(), vlDelay.String()
		tr := trial{
			Target:     c.log.on(server),
			Load:       closedSpec(threads, d, w, vlTimeout),
			Metrics:    []string{"waitlab_target_log_dropped_total", "waitlab_target_log_lines_total", "waitlab_target_requests_total"},
			KeepReport: true,
		}
		label := r.T_("exp.log.row."+c.key, threads)
		row, reps, err := r.loadRow(ctx, c.key, label, tr)
		if c.key == "debug" && row != nil {
			// The evidence that filtered lines are not written: the
			// log file's size after the run.
			debugBytes = fileSize(logFile)
		}
		os.Remove(logFile)
		if err != nil {
			return fmt.Errorf("experiment logging (JVM): %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
		r.noteServer(threads, ", Logback")
	}
	for i := range t.Rows {
		row := &t.Rows[i]
		row.Cells["lines_per_req"] = ratioCell(row, "waitlab_target_log_lines_total", "waitlab_target_requests_total", 1)
		row.Cells["dropped_pct"] = ratioCell(row, "waitlab_target_log_dropped_total", "waitlab_target_requests_total", 100)
	}
	r.Claim("log.cost", costs(t.Vals("sync", "ok_rps"), t.Vals("off", "ok_rps")), "")
	if err := logLockJVM(ctx, r, threads, d, w, logFile); err != nil {
		return err
	}
	if r.Opt.Quick {
		r.ClaimNotRun("log.debug", r.T_("exp.log.debug.quick"))
	} else if t.Row("debug") != nil {
		r.Claim("log.debug", ratios(t.Vals("off", "ok_rps"), t.Vals("debug", "ok_rps")), r.debugEvidence(debugBytes, t.Median("debug", "ok_rps"), t.Median("sync", "ok_rps")))
	}
	off := t.Median("off", "ok_rps")
	if sync := t.Median("sync", "ok_rps"); !math.IsNaN(sync) && !math.IsNaN(off) {
		r.Note("exp.log.jvm.lines", Num(t.Median("sync", "lines_per_req"), 2), Num(100*(1-sync/off), 0))
	}
	if drop := t.Median("async-drop", "ok_rps"); !math.IsNaN(drop) && !math.IsNaN(off) {
		r.Note("exp.log.jvm.async", Num(100*(1-drop/off), 0), Num(t.Median("async-drop", "lines_per_req"), 2), Num(t.Median("async-drop", "dropped_pct"), 1))
	}
	r.Note("exp.log.jvm.why")
	t.Plots = []Plot{{File: "logging.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms"}}}
	return nil
}

// noteServer reads the server's name and version from the last kept stop
// report into the bench's server (echoed in the JVM claims and rows),
// with the connector limits it was given. The server description is one
// per experiment and every JVM row carries it, so threads is 0 where the
// rows differ in their pool (their labels name it).
func (r *Bench) noteServer(threads int, suffix string) *launch.Report {
	var rep launch.Report
	if len(r.targetReport) == 0 || json.Unmarshal(r.targetReport, &rep) != nil || rep.JVM == nil || rep.JVM.Version == "" {
		return nil
	}
	pool := ""
	if threads > 0 {
		pool = fmt.Sprintf("maxThreads %d, ", threads)
	}
	r.server = fmt.Sprintf("%s (%sacceptCount %d, maxConnections %d)%s", rep.JVM.Version,
		pool, logAcceptCount, logMaxConnections, suffix)
	return &rep
}

// logLockJVM measures log.lock on Tomcat: the validation lock around a
// PING to Redis (the source's stated 2 ms away, through the latency
// proxy; the built-in delay server where redis-server is missing), the
// request log off, then Logback's synchronous line written by the
// lock's holder (--log-in-lock) besides each request's own. Nothing is
// calibrated: the line costs what Logback costs. With the lock,
// throughput is 1 ÷ the hold time, so the claim is judged against the
// ratio of the two rows' measured hold times.
func logLockJVM(ctx context.Context, r *Bench, threads int, d, w time.Duration, logFile string) error {
	t := r.T
	if r.Opt.Quick && len(r.Opt.Only) == 0 {
		// Two more Tomcats would take --quick past its 30 s; --only
		// log.lock runs these two rows alone.
		r.ClaimNotRun("log.lock", r.T_("exp.log.jvm.lockquick"))
		return nil
	}
	redis := ""
	if _, err := exec.LookPath("redis-server"); err == nil && ctx.Err() == nil && r.Wants("log.lock") {
		var err error
		if redis, err = r.startRedis(ctx); err != nil {
			return fmt.Errorf("experiment logging (JVM): redis: %w", err)
		}
	}
	for _, c := range []logCond{{"lock-off", true, logKnobs{mode: "off"}},
		{"lock-sync", true, logKnobs{mode: "sync", file: logFile, inLock: true}}} {
		if ctx.Err() != nil || !r.Wants("log.lock") {
			break
		}
		server := r.tomcatPool(threads)
		server.ValidateLock = true
		tr := trial{
			Downstream: &downstream.Config{Delay: vlJVMRTT.String()},
			Redis:      redis,
			Target:     c.log.on(server),
			Load:       closedSpec(threads, d, w, vlTimeout),
			Metrics:    []string{"waitlab_target_log_dropped_total", "waitlab_target_log_lines_total", "waitlab_target_requests_total", vlHeld, vlHolds},
			KeepReport: true,
		}
		label := r.T_("exp.log.row."+c.key, threads)
		row, reps, err := r.loadRow(ctx, c.key, label, tr)
		os.Remove(logFile)
		if err != nil {
			return fmt.Errorf("experiment logging (JVM): %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
		row.Cells["hold_ms"] = ratioCell(row, vlHeld, vlHolds, 1000)
		row.Cells["lines_per_req"] = ratioCell(row, "waitlab_target_log_lines_total", "waitlab_target_requests_total", 1)
		row.Cells["dropped_pct"] = ratioCell(row, "waitlab_target_log_dropped_total", "waitlab_target_requests_total", 100)
		r.noteServer(threads, ", Logback, Redis")
	}
	off, sync := cellMedian(t, "lock-off", "hold_ms"), cellMedian(t, "lock-sync", "hold_ms")
	r.ClaimPredicted("log.lock", ratios(t.Vals("lock-off", "ok_rps"), t.Vals("lock-sync", "ok_rps")), sync/off, "")
	if a, b := t.Median("lock-off", "ok_rps"), t.Median("lock-sync", "ok_rps"); off > 0 && sync > 0 && !math.IsNaN(a) && !math.IsNaN(b) {
		r.Note("exp.log.jvm.lock", Num(off, 3), Num(sync, 3), Num(1000*(sync-off), 0), Num(1000/off, 0), Num(1000/sync, 0), Num(a, 0), Num(b, 0),
			Num(1e6*(1.0/59-1.0/76), 0))
	}
	return nil
}

// logJVMConds are the rows without the lock: off, then (a full run) the
// DEBUG row next to it (Logback's synchronous appender, each line at
// DEBUG, the logger at INFO: filtered), sync, and (a full run) async.
func logJVMConds(quick bool, logFile string) []logCond {
	conds := []logCond{{"off", false, logKnobs{mode: "off"}}}
	if !quick {
		conds = append(conds, logCond{"debug", false, logKnobs{mode: "sync", file: logFile, level: "info", lineLevel: "debug"}})
	}
	conds = append(conds, logCond{"sync", false, logKnobs{mode: "sync", file: logFile}})
	if !quick {
		conds = append(conds, logCond{"async-drop", false, logKnobs{mode: "async", file: logFile}})
	}
	return conds
}

// fileSize is a file's size in bytes, -1 when it cannot be read (a
// filtered log's appender may not create it: 0 bytes either way).
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		return -1
	}
	return fi.Size()
}
