//go:build linux

package experiment

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Experiment 5: the same load with per-request logging off, synchronous,
// and asynchronous (a bounded queue that drops lines when full, or blocks
// the request): first while the validation lock dominates, then without
// it. The field report saw logging cost 1.3x while the lock capped
// throughput, and 42% once the lock was gone: one bottleneck hides the
// next.

func init() {
	Register(&Experiment{Name: "logging", Order: 5, Run: runLogging, Claims: logClaims, JVM: runLoggingJVM, JDK: logJDK})
}

// logLockCPU is the in-lock line's cost, calibrated to 59 -> 76 TPS:
// with the lock held 1/76 s per request, a line inside the locked path
// that takes 1/59 - 1/76 s brings throughput to 59.
var logLockCPU = 3791 * time.Microsecond // (1/59 - 1/76) s

var logClaims = []ClaimDef{
	{ID: "log.lock", Source: "exp.src.field.logging", Published: 76.0 / 59, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.calibrated", Null: 1,
		Calibrated: []string{"exp.fig.log.lock59", "exp.fig.vl.on"}},
	{ID: "log.cost", Source: "exp.src.field.logging", Published: 42, Quantity: "share", Unit: "%", Digits: 0, Tolerance: 0.25, TolWhy: "exp.tol.shape", Null: 0},
	// "A DEBUG-level side that pays nothing": throughput with logging
	// off over throughput with every request's line at DEBUG while the
	// logger is at INFO. Nothing is a ratio of 1; ±5% is the spread of
	// two runs of the same target here (the off rows: 0.1-3%), and a
	// level with no direction: a filtered line that still cost would be
	// not reproduced.
	{ID: "log.debug", Source: "exp.src.field.logging", Published: 1, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.05, TolWhy: "exp.tol.same", Null: NoNull},
}

type logCond struct {
	key  string
	lock bool
	args []string
}

func runLogging(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	threads := 200
	if r.Opt.Quick {
		// Under the lock each of the users waits users / 76 s: fewer of
		// them keep the quick run short.
		threads = 50
	}
	t.Recipe = r.T_("exp.log.recipe", threads, Num(float64(vlDelay)/1e6, 1), Num(float64(vlCPU)/1e6, 2), d.Seconds(), w.Seconds(), r.Opt.Repeat)
	t.Scaling = r.placementNote() + " " + r.T_("exp.vl.calibration", Num(float64(vlDelay)/1e6, 1), Num(float64(vlCPU)/1e6, 2)) +
		" " + r.T_("exp.log.calibration", Num(float64(logLockCPU)/1e6, 2))
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 1},
		{Key: "dropped_pct", Label: r.T_("exp.log.col.dropped"), Digits: 1},
		{Key: "blocked_us", Label: r.T_("exp.log.col.blocked"), Digits: 1},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	t.Published = &Published{Source: fieldSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.col.okrps")},
		Rows: [][]string{
			{r.T_("exp.log.pub.lockon"), "59 -> 76 (1.3x)"},
			{r.T_("exp.log.pub.lockoff"), r.T_("exp.log.pub.cost42")},
			{r.T_("exp.log.pub.debug"), r.T_("exp.log.pub.nothing")},
		},
		Note: r.T_("exp.log.pub.note")}
	dir, err := os.MkdirTemp("", "waitlab-exp-log-")
	if err != nil {
		return fmt.Errorf("experiment logging: %w", err)
	}
	defer os.RemoveAll(dir)
	logFile := filepath.Join(dir, "requests.log")
	debugBytes := int64(-1)
	conds := []logCond{
		{"lock-off", true, []string{"--log", "off"}},
		{"lock-sync", true, []string{"--log", "sync", "--log-file", logFile, "--log-in-lock", "--lock-log-cpu", logLockCPU.String()}},
		{"off", false, []string{"--log", "off"}},
		// The DEBUG side: the same sync appender, every request's line
		// at DEBUG, the logger at INFO; run next to the off row, which
		// it is compared with, so that the machine's drift between them
		// is as small as the order allows.
		{"debug", false, []string{"--log", "sync", "--log-file", logFile, "--log-level", "info", "--log-line-level", "debug"}},
		{"sync", false, []string{"--log", "sync", "--log-file", logFile}},
		{"async-drop", false, []string{"--log", "async", "--log-file", logFile}},
		{"async-block", false, []string{"--log", "async", "--log-block", "--log-file", logFile}},
	}
	if r.Opt.Quick {
		// The DEBUG and async rows come with a full run.
		conds = slices.DeleteFunc(conds, func(c logCond) bool { return c.key == "debug" || strings.HasPrefix(c.key, "async") })
	}
	// The claims each condition serves (--only skips the rest; the
	// async rows serve a note, not a claim).
	serves := map[string][]string{"lock-off": {"log.lock"}, "lock-sync": {"log.lock"}, "off": {"log.cost", "log.debug"},
		"sync": {"log.cost", "log.debug"}, "debug": {"log.debug"}}
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if len(r.Opt.Only) > 0 && !r.Wants(serves[c.key]...) {
			continue
		}
		tr := trial{
			Downstream: []string{"--delay", vlDelay.String()},
			Target:     append([]string{"--model", "pool", "--threads", strconv.Itoa(threads), "--cpu", vlCPU.String()}, c.args...),
			GOMAXPROCS: targetProcs(threads),
			Load:       closedSpec(threads, d, w, vlTimeout),
			Metrics:    []string{"waitlab_target_log_dropped_total", "waitlab_target_log_blocked_seconds_total", "waitlab_target_requests_total"},
		}
		if c.lock {
			tr.Target = append(tr.Target, "--validate-lock")
		}
		label := r.T_("exp.log.row."+c.key, threads)
		row, reps, err := r.loadRow(ctx, c.key, label, tr)
		if c.key == "debug" && row != nil {
			// The evidence that filtered lines are not written, whatever
			// the throughput says: the log file's size after the run.
			fi, serr := os.Stat(logFile)
			debugBytes = -1
			if serr == nil {
				debugBytes = fi.Size()
			}
		}
		os.Remove(logFile)
		if err != nil {
			return fmt.Errorf("experiment logging: %s: %w", label, err)
		}
		if row == nil {
			break
		}
		r.warnRow(row, reps)
	}
	// Dropped lines and blocked time per request come from the target's
	// counters over its whole run (warm-up included), so they are shares.
	for i := range t.Rows {
		row := &t.Rows[i]
		row.Cells["dropped_pct"] = ratioCell(row, "waitlab_target_log_dropped_total", "waitlab_target_requests_total", 100)
		row.Cells["blocked_us"] = ratioCell(row, "waitlab_target_log_blocked_seconds_total", "waitlab_target_requests_total", 1e6)
	}
	off := t.Median("off", "ok_rps")
	r.Claim("log.lock", ratios(t.Vals("lock-off", "ok_rps"), t.Vals("lock-sync", "ok_rps")), "")
	r.Claim("log.cost", costs(t.Vals("sync", "ok_rps"), t.Vals("off", "ok_rps")), "")
	if r.Opt.Quick {
		r.ClaimNotRun("log.debug", r.T_("exp.log.debug.quick"))
	} else if t.Row("debug") != nil {
		r.Claim("log.debug", ratios(t.Vals("off", "ok_rps"), t.Vals("debug", "ok_rps")), r.debugEvidence(debugBytes, t.Median("debug", "ok_rps"), t.Median("sync", "ok_rps")))
	}
	if drop, blk := t.Median("async-drop", "ok_rps"), t.Median("async-block", "ok_rps"); !math.IsNaN(blk) {
		r.Note("exp.log.note.async", 100*(1-drop/off), t.Median("async-drop", "dropped_pct"), 100*(1-blk/off))
	}
	r.Note("exp.log.note.why")
	t.Plots = []Plot{{File: "logging.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms"}}}
	return nil
}

// debugEvidence is the sentence beside log.debug: how many bytes the
// filtered run wrote (the count that does not depend on the load) and
// what the same appender costs when the line passes.
func (r *Bench) debugEvidence(bytes int64, debug, sync float64) string {
	if bytes < 0 {
		return ""
	}
	return r.T_("exp.log.debug.bytes", Num(float64(bytes), 0), Num(debug, 0), Num(sync, 0))
}

// ratioCell is the per-run ratio of two summed counters, scaled: the
// counters are medians of the runs, so this is the ratio of medians.
func ratioCell(row *Row, num, den string, scale float64) Cell {
	n, okN := row.Cells[num]
	dd, okD := row.Cells[den]
	if !okN || !okD || dd.Median <= 0 {
		return Cell{Median: 0, Min: 0, Max: 0, Runs: dd.Runs}
	}
	v := scale * n.Median / dd.Median
	return Cell{Median: v, Min: v, Max: v, Runs: 1}
}
