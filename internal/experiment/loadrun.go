//go:build linux

package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// trial is one load run against a fresh server: an optional downstream,
// the target, and the generator, each a child process of the waitlab
// binary, the server pinned apart from the generator (Place). The
// generator's own --warmup window is the uncounted warm-up of each run,
// on the same server process the counted window then measures.
type trial struct {
	// Downstream is the downstream's configuration (nil: none); the
	// target's Downstream is its address.
	Downstream *downstream.Config
	// Redis, when set, is a real Redis the downstream proxies to.
	Redis string
	// Target is the server's configuration (any engine); runTrial sets
	// where it listens, its drain and its downstream. GOMAXPROCS is the
	// Go target's (0: the Go default).
	Target     launch.Config
	GOMAXPROCS int
	// Load is the generator's run (closedSpec, openSpec); runTrial adds
	// the URL and the target's pid and metrics page.
	Load loadgen.Spec
	// Path is the URL path and query (default "/").
	Path string
	// Metrics are target metric names summed over their labels after
	// the load.
	Metrics []string
	// GenOnServer pins the generator to the server's CPUs instead of its
	// own (the colocated-generator experiment's mistake, on purpose).
	GenOnServer bool
	// KeepReport stops the target after the load and keeps its stop
	// report in the bench (a JVM target's server and counters).
	KeepReport bool
}

// trialOut is what one trial measured.
type trialOut struct {
	Rep     *loadreport.Report
	Res     *loadresult.Result
	Metrics map[string]float64
	// CtxSwitches is the target's voluntary plus involuntary context
	// switches during the load (summed over its threads).
	CtxSwitches float64
	// RunQueue is the machine's runnable tasks (procs_running), sampled
	// every 100 ms during the load: mean and max.
	RunQueueMean, RunQueueMax float64
	// DownstreamReady is when the downstream printed its address (it
	// serves from then on: a --delay-step counts from about here).
	DownstreamReady time.Time
	// DownstreamCommands and DownstreamDelayP50 are what the downstream
	// said when it stopped: the commands it answered over the whole run
	// and the median delay it achieved (from reading a command to writing
	// its reply); 0 when there was no downstream or it said nothing.
	DownstreamCommands  float64
	DownstreamDelayP50  time.Duration
	TargetRequestsTotal float64
}

// undermining are the generator's warning codes that make a row's
// figures unreliable; the others (closed model, shared CPU, Little's
// law) describe the run.
var undermining = map[string]bool{
	"interrupted": true, "gen_cpu": true, "generator_bound": true, "behind": true, "behind_conns": true,
	"late": true, "errors": true, "no_ok": true, "window": true, "few_samples": true,
	"neighbours": true, "neighbours_with_target": true,
}

func (r *Bench) runTrial(ctx context.Context, tr trial) (*trialOut, error) {
	place := supervise.Place()
	exe := r.Opt.Exe
	cfg := tr.Target
	cfg.Listen, cfg.Drain = "127.0.0.1:0", launch.Duration(2*time.Second)
	var dsReady time.Time
	var ds *proc
	if tr.Downstream != nil {
		dc := *tr.Downstream
		dc.Listen, dc.Proxy = "127.0.0.1:0", tr.Redis
		var err error
		ds, err = r.procs.startDownstream(ctx, "downstream", exe, place.Generator, dc)
		if err != nil {
			return nil, err
		}
		dsReady = time.Now()
		defer ds.stop(5 * time.Second)
		cfg.Downstream = ds.Addr
	}
	var env []string
	if tr.GOMAXPROCS > 0 {
		env = append(env, "GOMAXPROCS="+strconv.Itoa(tr.GOMAXPROCS))
	}
	tg, err := r.procs.startTarget(ctx, "target", exe, place.Target, env, cfg)
	if err != nil {
		return nil, err
	}
	defer tg.stop(5 * time.Second)

	dir, err := os.MkdirTemp("", "waitlab-exp-")
	if err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	defer os.RemoveAll(dir)
	path := tr.Path
	if path == "" {
		path = "/"
	}
	base := "http://" + tg.Addr
	spec := tr.Load
	spec.URL, spec.TargetPID, spec.TargetMetrics = base+path, tg.PID, base+"/metrics"

	cs0 := sysinfo.CtxSwitches(tg.PID)
	rq := startRunQueueSampler()
	genCPUs := place.Generator
	if tr.GenOnServer {
		genCPUs = place.Target
	}
	res, lerr := r.runGenerator(ctx, "load", genCPUs, dir, spec)
	rqMean, rqMax := rq.stop()
	cs1 := sysinfo.CtxSwitches(tg.PID)
	out := &trialOut{CtxSwitches: cs1 - cs0, RunQueueMean: rqMean, RunQueueMax: rqMax, Metrics: map[string]float64{}, DownstreamReady: dsReady}
	out.Metrics = scrapeSums(base+"/metrics", append([]string{"waitlab_target_requests_total"}, tr.Metrics...))
	out.TargetRequestsTotal = out.Metrics["waitlab_target_requests_total"]
	if tr.KeepReport {
		r.targetReport, _ = json.Marshal(tg.srv.Stop())
		tg.stop(5 * time.Second)
	}
	if ds != nil {
		// It reports what it served as it stops.
		out.DownstreamCommands, out.DownstreamDelayP50 = downstreamServed(ds.ds.Stop())
		ds.stop(5 * time.Second)
	}
	if lerr != nil {
		return nil, lerr
	}
	out.Res = res
	out.Rep = loadreport.Analyze(res, r.Opt.Lang)
	return out, nil
}

// downstreamServed is a downstream's report read: the commands it
// answered and the median delay it gave (0, 0 when it sent none).
func downstreamServed(r downstream.Report) (commands float64, p50 time.Duration) {
	if r.Missing {
		return 0, 0
	}
	return float64(r.Commands), time.Duration(r.DelayP50NS)
}

// loadFigures are a trial's figures for a table row.
func loadFigures(o *trialOut) map[string]float64 {
	rep := o.Rep
	f := map[string]float64{
		"rps":    rep.AchievedRPS,
		"ok_rps": rep.OKRPS,
		"p50_ms": rep.Latency.P50MS,
		"p99_ms": rep.Latency.P99MS,
		"gencpu": rep.GeneratorCPUPct,
		"runq":   o.RunQueueMean,
	}
	if rep.Requests > 0 {
		f["errors_pct"] = 100 * float64(rep.ErrorCount) / float64(rep.Requests)
		f["ctxsw_per_req"] = o.CtxSwitches / float64(rep.Requests)
	}
	if o.DownstreamCommands > 0 && o.TargetRequestsTotal > 0 {
		f["ds_per_req"] = o.DownstreamCommands / o.TargetRequestsTotal
	}
	if o.DownstreamDelayP50 > 0 {
		f["ds_delay_ms"] = float64(o.DownstreamDelayP50) / 1e6
	}
	if rep.ErrorCount > 0 && o.Res != nil {
		f["reset_pct"] = 100 * float64(o.Res.Errors["reset"]) / float64(rep.ErrorCount)
	}
	if rep.TargetCPUPct != nil {
		f["srvcpu"] = *rep.TargetCPUPct
	}
	for k, v := range o.Metrics {
		f[k] = v
	}
	return f
}

// warnRow attaches the undermining warnings of a row's runs to the row
// and the table (each code once per row, its first message).
func (r *Bench) warnRow(row *Row, reps []*loadreport.Report, also ...string) {
	seen := map[string]bool{}
	for _, rep := range reps {
		for _, w := range rep.Warnings {
			if !(undermining[w.Code] || slices.Contains(also, w.Code)) || seen[w.Code] {
				continue
			}
			seen[w.Code] = true
			row.Warn = append(row.Warn, w.Code)
			r.T.Warnings = append(r.T.Warnings, RowWarning{Row: row.Label, Code: w.Code, Message: w.Message})
		}
	}
}

// placementNote states where the processes ran.
func (r *Bench) placementNote() string {
	p := supervise.Place()
	if p.Shared {
		return r.T_("exp.place.shared")
	}
	return r.T_("exp.place.pinned", cpuList(p.Target), cpuList(p.Generator))
}

// runQueueSampler samples /proc/stat's procs_running every 100 ms; its
// goroutine owns the sums until stop.
type runQueueSampler struct {
	done      chan struct{}
	wg        sync.WaitGroup
	sum, maxV float64
	n         int
}

func startRunQueueSampler() *runQueueSampler {
	s := &runQueueSampler{done: make(chan struct{})}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-s.done:
				return
			case <-t.C:
				if v, ok := sysinfo.ProcsRunning(); ok {
					s.sum += v
					s.maxV = max(s.maxV, v)
					s.n++
				}
			}
		}
	}()
	return s
}

func (s *runQueueSampler) stop() (mean, maxV float64) {
	close(s.done)
	s.wg.Wait()
	if s.n == 0 {
		return 0, 0
	}
	return s.sum / float64(s.n), s.maxV
}

// scrapeSums reads the target's /metrics page (started by the
// experiment, on loopback) and sums each named metric over its label
// sets; a name asked for twice counts once (runTrial adds the request
// count to every recipe's list). An unreadable page gives no sums.
func scrapeSums(url string, names []string) map[string]float64 {
	// Read after the load, when the target is idle; on a machine others
	// load heavily a JVM's page can still miss one 3 s window, so it gets
	// a second (a missing count leaves the row's figure out, never 0).
	pg, err := scrape.Once(url, 3*time.Second, false)
	if err != nil {
		if pg, err = scrape.Once(url, 3*time.Second, false); err != nil {
			return map[string]float64{}
		}
	}
	return sumsOf(pg, names)
}

func sumsOf(pg scrape.Page, names []string) map[string]float64 {
	out := map[string]float64{}
	for _, n := range names {
		if v, ok := pg.Sum(n); ok {
			out[n] = v
		}
	}
	return out
}

// closedSpec is a closed-model run of vus users for d after a warm-up of
// w, each request bounded by timeout.
//
// On the epoll engine, named: auto picks io_uring for a closed run, and
// the experiments' calibrations (the colocated generator's CPU, the
// docs' published runs) were measured on epoll; a change of engine is a
// change of the experiments' generator, to be made with their docs run.
func closedSpec(vus int, d, w, timeout time.Duration) loadgen.Spec {
	return loadgen.Spec{VUs: vus, Duration: loadgen.Duration(d), Warmup: loadgen.Duration(w), Timeout: loadgen.Duration(timeout),
		Engine: loadresult.EngineEpoll}
}

// openSpec is an open-model run at rate for d after a warm-up of w, on at
// most conns connections.
func openSpec(rate float64, d, w, timeout time.Duration, conns int) loadgen.Spec {
	return loadgen.Spec{Rate: loadgen.Number(strconv.FormatFloat(rate, 'f', -1, 64)), Duration: loadgen.Duration(d),
		Warmup: loadgen.Duration(w), Timeout: loadgen.Duration(timeout), Connections: conns}
}

// runGenerator runs the load generator described by spec as its own
// process pinned to cpus (`waitlab load --config FILE`, its result file
// beside it in dir) and reads its result back. The generator is a child
// rather than a goroutine of this process so that its CPU is its own,
// measured and pinned apart from the server's.
func (r *Bench) runGenerator(ctx context.Context, name string, cpus []int, dir string, spec loadgen.Spec) (*loadresult.Result, error) {
	cfg, err := json.Marshal(spec)
	if err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	cfgFile, outFile := filepath.Join(dir, name+".spec.json"), filepath.Join(dir, name+".json")
	if err := os.WriteFile(cfgFile, cfg, 0o644); err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	_, lerr := r.procs.runToEnd(ctx, name, r.Opt.Exe, cpus, generatorArgs(cfgFile, outFile)...)
	data, rerr := os.ReadFile(outFile)
	if rerr != nil || len(data) == 0 {
		if lerr != nil {
			return nil, lerr
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("experiment: the generator wrote no result: %v", rerr)
	}
	res, err := loadresult.ReadResult(data)
	if err != nil {
		return nil, fmt.Errorf("experiment: read the generator's result: %w", err)
	}
	return res, nil
}

// generatorArgs is the generator's command line: the load comes from
// the spec file, the result goes to out (progress is off: stderr is not
// a terminal).
func generatorArgs(spec, out string) []string {
	return []string{"load", "--config", spec, "--out", out}
}

// windows returns the measured window and the warm-up of a load run.
func (r *Bench) windows(full, quick time.Duration) (d, w time.Duration) {
	if r.Opt.Quick {
		return quick, quick / 4
	}
	return full, full / 5
}
