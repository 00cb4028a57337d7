package runner

// A scenario's views side by side: the model (sim) and the real runs
// (in process, over HTTP, on the JVM), with the ratios real/model and the
// published figures of the preset the scenario came from. This is the one
// place that assembles them, so `waitlab run`, the web lab and the
// experiments print the same numbers from the same code: Prepare scales
// and checks a Config once, and Measure takes the Prepared run.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/jvmexec"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Config is one `waitlab run`: a scenario and how to measure it.
type Config struct {
	Scenario model.Scenario
	// Preset names the preset the scenario started from ("" for none): its
	// published figures are attached when the scenario is that preset at
	// its reference settings.
	Preset string
	// Exe is the binary each real run is a fresh child process of.
	Exe string
	// Repeat is the number of counted runs (at least 1); Warmup adds one
	// uncounted run first.
	Repeat int
	Warmup bool
	// Options are the real run's (stall threshold, trace, version).
	Options Options
	// ScaleToCores shrinks loops or carriers to Cores (ScaleToCores).
	ScaleToCores bool
	Cores        int
	// Caps bound what a caller accepts; zero fields fall back to live's
	// machine-wide refusals only.
	Caps Caps
	// Progress, when set, is called before each run (0: the warm-up) with
	// the model's expected duration of one run.
	Progress func(run, of int, expected time.Duration)
	// Runners are the real views, in order: Process fills Real, HTTP the
	// HTTP fields, JVM the JVM fields. Empty: Runners(Via, Exe, HTTP,
	// JVM), for callers that name a view (ViaProcess, the default,
	// ViaHTTP, ViaBoth, ViaJVM or ViaJVMGo) rather than build its runner.
	Runners []Runner
	Via     string
	HTTP    HTTPOptions
	// JVM configures the JVM view (ViaJVM): the JDK and the pin mechanism.
	JVM jvmexec.Options
}

// Caps are a caller's own limits on a real run, checked before anything
// starts (the web lab sets them lower than the CLI).
type Caps struct {
	MaxRequests int
	MaxThreads  int
	// MaxWall bounds the model's expected wall time of all runs together.
	MaxWall time.Duration
}

// CapError is a real run refused by the caller's caps: Cap names which
// ("requests", "threads", "wall"), Limit is the cap and Got the request.
type CapError struct {
	Cap        string
	Limit, Got float64
}

func (e *CapError) Error() string {
	return fmt.Sprintf("runner: %s %g over the cap %g", e.Cap, e.Got, e.Limit)
}

// Outcome is a real run beside its model. Its JSON is `waitlab run
// --json`'s object when compared or repeated.
type Outcome struct {
	Model     *model.Result      `json:"model,omitempty"`
	Real      *model.Result      `json:"real,omitempty"`
	Ratio     map[string]float64 `json:"ratio,omitempty"`
	Range     map[string]Range   `json:"real_range,omitempty"`
	Reference map[string]float64 `json:"reference,omitempty"`
	Scaling   *Scaling           `json:"scaling,omitempty"`
	Runs      []*model.Result    `json:"runs,omitempty"`
	// StallStates counts the median run's loop stalls by what the loop's
	// thread was doing when seen: "blocked" in the kernel, "running" (CPU
	// work or crowded off its core), "" (ended before it was seen).
	StallStates map[string]int64 `json:"stall_states,omitempty"`

	// The HTTP view (http.go), when asked for: the median result over
	// HTTP, its ratios to the model, its range and runs, and what only
	// sockets show.
	HTTP      *model.Result      `json:"http,omitempty"`
	HTTPRatio map[string]float64 `json:"http_ratio,omitempty"`
	HTTPRange map[string]Range   `json:"http_range,omitempty"`
	HTTPRuns  []*model.Result    `json:"http_runs,omitempty"`
	Sockets   *HTTPSockets       `json:"sockets,omitempty"`
	// HTTPRepeated holds every run over HTTP.
	HTTPRepeated *Repeated `json:"-"`
	// HTTPLoad is the median HTTP run as the load report reads it.
	HTTPLoad *loadresult.Result `json:"-"`

	// The JVM view (JVM), when asked for: the median result on the
	// JVM (its JVM facts in JVM.JVM), its ratios to the model and to the Go
	// run, its range and runs.
	JVM         *model.Result      `json:"jvm,omitempty"`
	JVMRatio    map[string]float64 `json:"jvm_ratio,omitempty"`
	JVMGoRatio  map[string]float64 `json:"jvm_go_ratio,omitempty"`
	JVMRange    map[string]Range   `json:"jvm_range,omitempty"`
	JVMRuns     []*model.Result    `json:"jvm_runs,omitempty"`
	JVMRepeated *Repeated          `json:"-"`

	// Scenario is what ran (after scaling).
	Scenario model.Scenario `json:"-"`
	// Repeated holds every run; MedianRun is the child response the median
	// stands for (its stalls and stacks).
	Repeated  *Repeated           `json:"-"`
	MedianRun *live.ChildResponse `json:"-"`
}

// Interrupted reports whether the measurement was cut short.
func (o *Outcome) Interrupted() bool {
	return (o.Real != nil && o.Real.Interrupted) || (o.HTTP != nil && o.HTTP.Interrupted) || (o.JVM != nil && o.JVM.Interrupted)
}

// JSON returns what `--json` prints: the real result alone, or the whole
// outcome when it is compared, repeated or scaled.
func (o *Outcome) JSON(compare bool) any {
	if !compare && len(o.Runs) <= 1 && o.Scaling == nil && o.HTTP == nil && o.JVM == nil {
		return o.Real
	}
	c := *o
	if !compare {
		c.Model, c.Ratio, c.Reference, c.HTTPRatio, c.JVMRatio, c.JVMGoRatio = nil, nil, nil, nil, nil, nil
	}
	if len(o.Runs) <= 1 {
		c.Range, c.Runs = nil, nil
	}
	if len(o.HTTPRuns) <= 1 {
		c.HTTPRange, c.HTTPRuns = nil, nil
	}
	if len(o.JVMRuns) <= 1 {
		c.JVMRange, c.JVMRuns = nil, nil
	}
	return &c
}

// Prepared is a Config scaled and checked, ready for Measure: made only by
// Prepare, so a run is prepared once and passed on (the web lab checks a
// run before it waits in line, then measures the same Prepared).
type Prepared struct {
	cfg     Config
	scaling *Scaling
}

// Scenario is the scenario that will run (after scaling).
func (p *Prepared) Scenario() model.Scenario { return p.cfg.Scenario }

// Prepare scales the scenario when asked and checks it against the
// machine's refusals, the caps and each runner's own, before any model or
// run: what needs no model first. The real executors need Linux (the
// model, sim, runs anywhere).
func Prepare(cfg Config) (*Prepared, error) {
	if supervise.ErrUnsupported != nil {
		return nil, epoll.ErrNeedsLinux
	}
	if cfg.Repeat < 1 {
		cfg.Repeat = 1
	}
	if len(cfg.Runners) == 0 {
		cfg.Runners = Runners(cfg.Via, cfg.Exe, cfg.HTTP, cfg.JVM)
	}
	var scaling *Scaling
	if cfg.ScaleToCores {
		if s2, sc, ok := ScaleToCores(cfg.Scenario, scaleCores(&cfg)); ok {
			if err := s2.Validate(); err != nil {
				return nil, err
			}
			cfg.Scenario, scaling = s2, &sc
		}
	}
	s := cfg.Scenario
	if c := cfg.Caps.MaxRequests; c > 0 && s.Requests > c {
		return nil, &CapError{Cap: "requests", Limit: float64(c), Got: float64(s.Requests)}
	}
	if c := cfg.Caps.MaxThreads; c > 0 && live.Threads(s) > c {
		return nil, &CapError{Cap: "threads", Limit: float64(c), Got: float64(live.Threads(s))}
	}
	if err := Check(s, 0); err != nil {
		return nil, err
	}
	for _, r := range cfg.Runners {
		if err := r.Check(s); err != nil {
			return nil, err
		}
	}
	return &Prepared{cfg: cfg, scaling: scaling}, nil
}

// Measure measures a prepared scenario for real beside its model: the
// model first (its makespan is the expected time the repeats are checked
// against, CheckRepeat and the wall cap), then each runner's repeats. A
// run cut short by ctx returns what it measured (Outcome.Interrupted);
// when nothing was measured it returns supervise.ErrInterrupted.
func Measure(ctx context.Context, p *Prepared) (*Outcome, error) {
	cfg := p.cfg
	s := cfg.Scenario
	modelRes, err := sim.RunContext(ctx, s, sim.Options{})
	if err != nil {
		if ctx.Err() != nil {
			return nil, supervise.ErrInterrupted
		}
		return nil, err
	}
	expected := time.Duration(modelRes.MakespanMS * 1e6)
	if err := CheckRepeat(s, expected, cfg.Repeat, cfg.Warmup); err != nil {
		return nil, err
	}
	runs := cfg.Repeat
	if cfg.Warmup {
		runs++
	}
	if c := cfg.Caps.MaxWall; c > 0 && expected*time.Duration(runs) > c {
		return nil, &CapError{Cap: "wall", Limit: c.Seconds(), Got: (expected * time.Duration(runs)).Seconds()}
	}
	if ctx.Err() != nil {
		return nil, supervise.ErrInterrupted
	}
	var progress func(run, of int)
	if cfg.Progress != nil {
		progress = func(run, of int) { cfg.Progress(run, of, expected) }
	}
	o := &Outcome{Model: modelRes, Scaling: p.scaling, Scenario: s, Reference: Reference(cfg.Preset, s)}
	if err := measureViews(ctx, cfg, o, progress); err != nil {
		return nil, err
	}
	if o.JVM != nil {
		o.JVMRatio = Ratios(s, o.Model, o.JVM)
		if o.Real != nil {
			o.JVMGoRatio = GoRatios(s, o.Real, o.JVM)
		}
	}
	return o, nil
}

// measureViews repeats the runs of each runner in turn into o; a view cut
// short ends the views after it.
func measureViews(ctx context.Context, cfg Config, o *Outcome, progress func(run, of int)) error {
	measured := false
	for _, r := range cfg.Runners {
		if measured && o.Interrupted() {
			break
		}
		opt := cfg.Options
		if r.Via() == ViaHTTP {
			opt.Trace = false // the HTTP view has no timeline of the server's lanes
		}
		rep, runs, err := Repeat(ctx, r, o.Scenario, opt, cfg.Repeat, cfg.Warmup, progress)
		if err != nil {
			if measured && errors.Is(err, supervise.ErrInterrupted) {
				break // the earlier view stands
			}
			if ctx.Err() != nil && !errors.Is(err, ErrTargetDied) {
				// A child that died of our own interrupt is an
				// interruption, not a failure of the run.
				return supervise.ErrInterrupted
			}
			return err
		}
		if rep == nil || rep.Median == nil {
			return supervise.ErrInterrupted
		}
		measured = true
		switch r.Via() {
		case ViaHTTP:
			fillHTTP(o, rep, runs)
		case ViaJVM:
			o.JVM, o.JVMRepeated, o.JVMRange, o.JVMRuns = rep.Median, rep, rep.Range, rep.Runs
		default:
			fillProcess(o, rep, runs)
		}
	}
	return nil
}

// fillProcess fills o's in-process fields from the runs in process.
func fillProcess(o *Outcome, rep *Repeated, runs []*Run) {
	o.Real, o.Repeated, o.Range, o.Runs = rep.Median, rep, rep.Range, rep.Runs
	o.Ratio = Ratios(o.Scenario, o.Model, rep.Median)
	var resps []*live.ChildResponse
	for _, r := range runs {
		if r.Child != nil {
			resps = append(resps, r.Child)
		}
	}
	if len(resps) > 0 {
		o.MedianRun = MedianResponse(resps, rep.Median.MakespanMS)
		o.StallStates = o.MedianRun.StallStates
	}
}

// MedianResponse returns the run whose makespan is the median's (the
// median run's details: its stalls and their stacks).
func MedianResponse(resps []*live.ChildResponse, makespan float64) *live.ChildResponse {
	best := resps[0]
	for _, r := range resps {
		if math.Abs(r.Result.MakespanMS-makespan) < math.Abs(best.Result.MakespanMS-makespan) {
			best = r
		}
	}
	return best
}

// Reference returns the preset's published figures when s is that preset
// at its reference wait (the lab presets were measured with 0.2 s waits),
// else nil.
func Reference(preset string, s model.Scenario) map[string]float64 {
	if preset == "" {
		return nil
	}
	p, ok := model.LookupPreset(preset)
	if !ok || len(p.Reference) == 0 {
		return nil
	}
	want := p.Scenario
	want.Classes = append([]model.Class(nil), want.Classes...)
	if p.RefWait > 0 {
		for i := range want.Classes {
			want.Classes[i].Wait = model.FixedDist(p.RefWait)
		}
	}
	want.Normalize()
	got := s
	got.Normalize()
	if !reflect.DeepEqual(want, got) {
		return nil
	}
	// Published latencies of the experiments with a blocking class are
	// over the other requests: attach them to the class "normal".
	out := map[string]float64{}
	for k, v := range p.Reference {
		if len(s.Classes) > 1 && s.ClassIndex("normal") >= 0 && strings.HasPrefix(k, "p") {
			k = "normal." + k
		}
		out[k] = v
	}
	return out
}

// Ratios returns real/model for every figure both have.
func Ratios(s model.Scenario, m, r *model.Result) map[string]float64 {
	out := map[string]float64{}
	for _, f := range model.Figures(s) {
		if model.RealFigure(f.Key) {
			continue
		}
		if mv := f.Get(m); mv != 0 {
			out[f.Key] = round4(f.Get(r) / mv)
		}
	}
	return out
}

// GoRatios returns JVM/Go for every figure both real runs measure.
func GoRatios(s model.Scenario, gorun, jvm *model.Result) map[string]float64 {
	out := map[string]float64{}
	for _, f := range model.Figures(s) {
		if gv := f.Get(gorun); gv != 0 {
			out[f.Key] = round4(f.Get(jvm) / gv)
		}
	}
	return out
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }
