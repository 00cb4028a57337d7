//go:build linux

package experiment

import (
	"context"
	"fmt"
	"math"
	"net"
	"os/exec"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Experiment 4: a downstream 2 ms away (the built-in delay server, and a
// real Redis behind the latency proxy when redis-server is installed); the
// pool target with and without the validation lock (a PING round trip
// under one process-wide lock before each call), at 200 and 1,600
// threads, each driven by as many virtual users: with the lock,
// throughput stays near 1/RTT whatever the thread count.

const fieldSource = "Load-test field report on a WebFlux migration (2-core containers)"

// The calibration to the field report's measured 76 and 700 TPS (its
// "2 ms -> 500/s" is arithmetic, not a measurement): with the lock on,
// throughput is 1 / (the time the lock is held per request), so the
// downstream answers after 1/76 s; with it off the path is CPU-bound on
// the server's one core, so each request spins 1/700 s less what this
// server spends on HTTP per request (about 0.13 ms).
const (
	vlDelay = time.Second / 76
	vlCPU   = time.Second/700 - 130*time.Microsecond
	// vlTimeout is the generator's timeout: with the lock, 1,600 users
	// each wait 1,600 / 76 = 21 s, as the published ones did; a shorter
	// timeout would turn the cap into errors.
	vlTimeout = 60 * time.Second
)

func init() {
	Register(&Experiment{Name: "validate-lock", Order: 4, Needs: "redis-server (optional)", Run: runValidateLock, Claims: vlClaims,
		JVM: runValidateLockJVM, JDK: thJDK})
}

var vlClaims = []ClaimDef{
	{ID: "vl.on", Source: "exp.src.field.lock", Published: 76, Quantity: "throughput", Unit: "req/s", Tolerance: 0.15, TolWhy: "exp.tol.calibrated", Null: NoNull,
		Calibrated: []string{"exp.fig.vl.on"}},
	{ID: "vl.off", Source: "exp.src.field.lock", Published: 700, Quantity: "throughput", Unit: "req/s", Tolerance: 0.15, TolWhy: "exp.tol.calibrated", Null: NoNull,
		Calibrated: []string{"exp.fig.vl.off"}},
	{ID: "vl.x", Source: "exp.src.field.lock", Published: 700.0 / 76, Quantity: "multiple", Unit: "×", Digits: 1, Tolerance: 0.15, TolWhy: "exp.tol.calibrated", Null: 1,
		Calibrated: []string{"exp.fig.vl.on", "exp.fig.vl.off"}},
	{ID: "vl.threads", Source: "exp.src.field.lock", Published: 1, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.10, TolWhy: "exp.tol.shape", Null: NoNull},
	// "and doubles round trips": downstream commands per request, lock
	// on over lock off (PING + the call against the call alone).
	{ID: "vl.rtt", Source: "exp.src.field.lock", Published: 2, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.05, TolWhy: "exp.tol.count", Null: 1},
}

type lockCond struct {
	key     string
	threads int
	lock    bool
}

// vlServes names the claims each condition feeds (--only runs the ones
// an asked-for claim reads; the 1,600-user row without the lock feeds a
// note only).
var vlServes = map[string][]string{
	"lock-200":   {"vl.on", "vl.x", "vl.threads", "vl.rtt"},
	"lock-1600":  {"vl.threads"},
	"nolock-200": {"vl.off", "vl.x", "vl.rtt"},
}

func runValidateLock(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	delay, hold, cpu, calib := r.vlCalibrate(ctx)
	t.Recipe = r.T_("exp.vl.recipe", Num(float64(delay)/1e6, 2), Num(float64(cpu)/1e6, 2), d.Seconds(), w.Seconds(), r.Opt.Repeat)
	t.Scaling = r.placementNote() + " " + r.T_("exp.vl.calibration", Num(float64(vlDelay)/1e6, 1), Num(float64(vlCPU)/1e6, 2)) + " " + calib
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 1},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
		{Key: "ds_per_req", Label: r.T_("exp.col.dsperreq"), Digits: 2},
		{Key: "ds_delay_ms", Label: r.T_("exp.col.dsdelay"), Digits: 2},
	}
	t.Published = &Published{Source: fieldSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.col.okrps")},
		Rows: [][]string{
			{r.T_("exp.vl.pub.on"), "76"},
			{r.T_("exp.vl.pub.off"), "700"},
		},
		Note: r.T_("exp.vl.pub.note")}
	conds := []lockCond{{"lock-200", 200, true}, {"lock-1600", 1600, true}, {"nolock-200", 200, false}, {"nolock-1600", 1600, false}}
	if r.Opt.Quick {
		// 1,600 users under the lock wait 21 s each: a full run's.
		conds = []lockCond{conds[0], conds[2]}
		r.ClaimNotRun("vl.threads", r.T_("exp.quick.notrun"))
	}
	backends := []string{"builtin"}
	var redis string
	if r.Opt.Quick {
		r.Note("exp.vl.redis.quick")
	} else if _, err := exec.LookPath("redis-server"); err == nil {
		addr, err := r.startRedis(ctx)
		if err != nil {
			r.Note("exp.vl.redis.failed", err)
		} else {
			redis = addr
			backends = append(backends, "redis")
		}
	} else {
		r.Note("exp.vl.redis.missing")
	}
	for _, be := range backends {
		for _, c := range conds {
			if ctx.Err() != nil {
				break
			}
			if !r.Wants(vlServes[c.key]...) {
				continue // --only: no asked-for claim reads this row
			}
			tr := trial{
				Downstream: []string{"--delay", delay.String()},
				Target:     []string{"--model", "pool", "--threads", strconv.Itoa(c.threads), "--cpu", cpu.String()},
				GOMAXPROCS: targetProcs(c.threads),
				Load:       closedSpec(c.threads, d, w, vlTimeout),
			}
			if be == "redis" {
				tr.Redis = redis
			}
			if c.lock {
				tr.Target = append(tr.Target, "--validate-lock")
			}
			label := r.T_("exp.vl.row", Num(float64(c.threads), 0), onOff(r, c.lock))
			if be == "redis" {
				label += " · Redis"
			}
			row, reps, err := r.loadRow(ctx, be+"-"+c.key, label, tr)
			if err != nil {
				return fmt.Errorf("experiment validate-lock: %s: %w", label, err)
			}
			if row == nil {
				break
			}
			r.warnRow(row, reps)
			if c.lock {
				row.SetModel("ok_rps", lockModel(c.threads, hold, cpu))
				row.SetPublished("ok_rps", 76)
			} else {
				row.SetPublished("ok_rps", 700)
			}
		}
	}
	// The claims rest on the built-in downstream (it is always there);
	// the Redis rows, when present, get a note with the same numbers.
	vals := func(be, key string) []float64 { return t.Vals(be+"-"+key, "ok_rps") }
	r.Claim("vl.on", vals("builtin", "lock-200"), "")
	r.Claim("vl.off", vals("builtin", "nolock-200"), "")
	r.Claim("vl.x", ratios(vals("builtin", "nolock-200"), vals("builtin", "lock-200")), "")
	r.Claim("vl.threads", ratios(vals("builtin", "lock-1600"), vals("builtin", "lock-200")), "")
	r.Claim("vl.rtt", ratios(t.Vals("builtin-lock-200", "ds_per_req"), t.Vals("builtin-nolock-200", "ds_per_req")), "")
	for _, be := range backends {
		on2, on16 := t.Median(be+"-lock-200", "ok_rps"), t.Median(be+"-lock-1600", "ok_rps")
		off2, off16 := t.Median(be+"-nolock-200", "ok_rps"), t.Median(be+"-nolock-1600", "ok_rps")
		if math.IsNaN(off16) {
			continue
		}
		name := r.T_("exp.vl.builtin")
		if be == "redis" {
			name = "Redis"
		}
		// The lock's share of each second: requests x the time it is held.
		r.Note("exp.vl.note.cap", name, on2, on16, 100*on2*delay.Seconds(), 100*on16*delay.Seconds(), off2, off16)
	}
	t.Plots = []Plot{{File: "validate-lock.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms"}}}
	return nil
}

// vlCalibrate measures this machine's costs beside the published ones
// before the counted rows (full runs only): one short run with the lock
// (200 users) and one without. With the lock, 1/throughput is the time
// the lock is held per request; the downstream reports the delay it
// actually gave, and the difference is the holder's own wake-up, write
// and read, which the delay is then shortened by, so the lock is held
// 1/76 s. Without it, 1/throughput is the CPU per request on the
// server's core, and the spun CPU is moved by the difference from
// 1/700 s. It returns the downstream's delay, the CPU per request and a
// sentence with the measured figures (the defaults and why, in --quick or
// when a probe measured nothing). hold is the time the lock is expected
// to be held per request, the model's wait: the delay plus the holder's
// own measured time.
func (r *Bench) vlCalibrate(ctx context.Context) (delay, hold, cpu time.Duration, note string) {
	delay, hold, cpu = vlDelay, vlDelay, vlCPU
	if r.Opt.Quick {
		return delay, hold, cpu, r.T_("exp.vl.calib.quick")
	}
	probe := func(lock bool) (okRPS, given float64) {
		tr := trial{
			Downstream: []string{"--delay", vlDelay.String()},
			Target:     []string{"--model", "pool", "--threads", "200", "--cpu", vlCPU.String()},
			GOMAXPROCS: targetProcs(200),
			Load:       closedSpec(200, 3*time.Second, time.Second, vlTimeout),
		}
		if lock {
			tr.Target = append(tr.Target, "--validate-lock")
		}
		o, err := r.runTrial(ctx, tr)
		if err != nil || o.Rep.OKRPS <= 0 {
			return math.NaN(), math.NaN()
		}
		return o.Rep.OKRPS, float64(o.DownstreamDelayP50) / 1e6
	}
	r.Progressf("exp.progress.calibrate")
	onRPS, given := probe(true)
	offRPS, _ := probe(false)
	if math.IsNaN(onRPS) || math.IsNaN(offRPS) || given <= 0 {
		return delay, hold, cpu, r.T_("exp.vl.calib.none")
	}
	holdExtra := 1000/onRPS - given              // ms the lock is held beyond the delay given
	cpuExtra := 1000/offRPS - float64(vlCPU)/1e6 // ms per request beyond the spun CPU
	delay = max(time.Millisecond, vlDelay-time.Duration(holdExtra*1e6))
	cpu = max(100*time.Microsecond, time.Second/700-time.Duration(cpuExtra*1e6))
	hold = delay + time.Duration(holdExtra*1e6)
	return delay, hold, cpu, r.T_("exp.vl.calib", Num(onRPS, 0), Num(float64(vlDelay)/1e6, 2), Num(given, 2), Num(holdExtra, 2),
		Num(float64(delay)/1e6, 2), Num(offRPS, 0), Num(float64(vlCPU)/1e6, 2), Num(cpuExtra, 2), Num(float64(cpu)/1e6, 2))
}

func onOff(r *Bench, on bool) string {
	if on {
		return r.T_("exp.vl.on")
	}
	return r.T_("exp.vl.off")
}

// targetProcs is the GOMAXPROCS of a target with n request threads on its
// own CPUs: one P per thread plus two, capped like live.ChildGOMAXPROCS
// (at four per core, at least 8), so a thread waking from a blocking call
// finds a P while the OS still time-slices every thread.
func targetProcs(n int) int {
	cores := max(len(supervise.Place().Target), 1)
	return min(n+2, max(4*cores, 8))
}

// lockModel is the model's throughput for the lock rows: the pool with n
// threads, n virtual users, one 2 ms call per request under the shared
// lock (the PING; the call after it is outside the lock and does not
// change the cap).
func lockModel(n int, delay, cpu time.Duration) float64 {
	s := model.Scenario{Model: model.Pool, Threads: n, Requests: 4000,
		Arrival:    model.Arrival{Kind: model.VUs, VUs: n},
		Cores:      max(len(supervise.Place().Target), 1),
		Classes:    []model.Class{{Name: "normal", Fraction: 1, CPU: model.FixedDist(cpu), Wait: model.FixedDist(delay), Calls: 1}},
		SharedLock: true, Seed: 1}
	s.Normalize()
	res, err := sim.Run(s, sim.Options{})
	if err != nil {
		return math.NaN()
	}
	return res.ThroughputRPS
}

// loadRow runs tr Repeat times (each with its own warm-up window) and adds
// the row; nil when interrupted before any run.
func (r *Bench) loadRow(ctx context.Context, key, label string, tr trial) (*Row, []*loadreport.Report, error) {
	r.T.WarmupEach = true
	samples := Samples{}
	var reps []*loadreport.Report
	d := time.Duration(tr.Load.Duration).String()
	for i := 1; i <= r.Opt.Repeat; i++ {
		if ctx.Err() != nil {
			break
		}
		r.Progressf("exp.progress.trial", label, i, r.Opt.Repeat, d)
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
		samples.Add(loadFigures(o))
		reps = append(reps, o.Rep)
	}
	if len(reps) == 0 {
		return nil, nil, nil
	}
	return r.T.AddRow(key, label, samples.Cells()), reps, nil
}

// startRedis starts redis-server on a free loopback port, without
// persistence, on the generator's CPUs, and waits until it accepts.
func (r *Bench) startRedis(ctx context.Context) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	ln.Close()
	_, port, _ := net.SplitHostPort(addr)
	exe, err := exec.LookPath("redis-server")
	if err != nil {
		return "", err
	}
	p, out, err := r.procs.start("redis-server", exe, supervise.Place().Generator, nil, false,
		"--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes")
	if err != nil {
		return "", err
	}
	_ = out
	p.Addr = addr
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return addr, nil
		}
		select {
		case <-p.waited:
			return "", fmt.Errorf("redis-server exited: %v: %s", p.err, p.stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	p.stop(time.Second)
	return "", fmt.Errorf("redis-server did not accept connections on %s within 5 s", addr)
}
