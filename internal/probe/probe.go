// Package probe measures a real HTTP server from outside and models it:
// `waitlab probe URL`.
//
// Why: a team with a Tomcat or a Netty service and no waitlab target needs
// to know where it falls over, why (threads, a lock, the CPU, or the load
// generator itself) and what to change. waitlab has the generator
// (internal/loadgen), the model (internal/sim) and the sizing answer
// (internal/plan); probe joins them on a server nobody here wrote.
//
// How, in four parts:
//   - search (this file): a calibration at one virtual user (the service
//     time at no load), a short closed scout (a first guess of the
//     ceiling, labelled closed), then open-model steps (Poisson arrivals,
//     latency timed from each request's intended send, so coordinated
//     omission cannot hide a queue) that double until an SLO breaks and
//     then bisect to the highest rate at which every SLO holds; never
//     above MaxRate, never past Budget; then, while the budget allows, a
//     retake of a step whose stall left the fit undecided (retake);
//   - shape (shape.go): the server's shape told from the steps, with the
//     evidence for each call (Little's law, the ceiling, CPU, the
//     generator's own CPU and late sends);
//   - fit (fit.go): a scenario for sim/plan/lab fitted to the shape, the
//     simulator run at every step's rate, the M/M/c or M/D/c closed form
//     and the Universal Scalability Law beside it;
//   - answer (size.go): plan on the fitted scenario for a sizing question,
//     and a confirmation run where the knob can be changed.
//
// The generator runs in this process through loadgen's Go API. probe
// emits numbers and catalog keys; text.go and html.go render them.
package probe

import (
	"context"
	"errors"
	"io"
	"math"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Defaults of a probe.
const (
	DefaultBudget  = 60 * time.Second
	DefaultMaxRate = 20_000.0
	// A step's window is the longer of DefaultStepMin and the time for
	// DefaultSamples successes, at most DefaultStepMax: a p99 is trusted
	// when it rests on enough samples beyond it (5,000 successes put 50
	// there, and its 95% interval of ranks at p98.7-p99.3) and when the
	// window outlasts the machine's short stalls (a few milliseconds of a
	// busy core move a one-second window's p99 by a quarter). Measured on
	// a pool of 64 x 5 ms (docs/probe.md, "Longer steps"): with 600
	// successes in 1-3 s windows one step in two probes missed the fit by
	// 38%; with 3-6 s windows every step of two probes was within 9%.
	DefaultStepMin = 2 * time.Second
	DefaultStepMax = 6 * time.Second
	DefaultWarmup  = 300 * time.Millisecond
	DefaultSamples = 5000
	DefaultBisect  = 4
	// ScoutVUs is the closed scout's virtual users.
	ScoutVUs = 16
	// bisectGap: bisection stops when the gap between the highest good and
	// the lowest bad rate is below this fraction of the bad one.
	bisectGap = 0.08
	// behindBound: an open step whose ok throughput is below this share
	// of the offered rate did not keep up, whatever its latency says.
	behindBound = 0.9
)

// DefaultSLOs are the objectives when none is given.
var DefaultSLOs = []string{"p99<1s", "errors<1%"}

// Config is one probe. Parse fills and checks it (Validate).
type Config struct {
	URL         string
	AllowRemote bool
	SLOs        []loadreport.Threshold
	MaxRate     float64
	Budget      time.Duration
	// StepMin and StepMax bound a step's measured window; Warmup is sent
	// before each window and not measured.
	StepMin, StepMax, Warmup time.Duration
	Samples                  int
	MaxBisect                int
	// VUsSweep replaces the open steps by a closed sweep of virtual users
	// (1, 2, 4, ... up to it), labelled as closed everywhere.
	VUsSweep int
	// TargetPID and MetricsURL say where the target's CPU is read (as
	// `load` does); MetricsURL "" reads none.
	TargetPID  int
	MetricsURL string
	// ThreadsURL, with TargetPID, is a /metrics page read once for the
	// thread count a waitlab target reports (waitlab_target_threads),
	// which loadgen reads only from MetricsURL ("" none).
	ThreadsURL string
	Seed       int64
	Timeout    time.Duration // per request (0: from the SLOs, 1 s to 5 s)
	Version    string
	Lang       msg.Lang
	// FitMax bounds the simulations of the fit: the requests one step's
	// prediction runs per seed (0: 40,000) and each size plan tries for
	// --size-for (0: 10,000). Tests under the race detector, which slows
	// the simulator tenfold, lower it.
	FitMax int
	// Progress, when set, is told when a step starts (Step.Done false) and
	// when it ends.
	Progress func(Progress)
	// Placement is where the target (when the probe started it) and the
	// generator run; nil when the target is not the probe's to place.
	Placement *supervise.Pinning
	// Exited, when set, says whether the target has exited: "" while it
	// runs, else why it ended (a child the caller started: its exit and
	// its last words). A probe whose server stopped answering names it.
	Exited func() string
}

// Progress is one step starting or ending.
type Progress struct {
	Step    Step
	Done    bool
	Elapsed time.Duration
	Budget  time.Duration
}

// Step is one measured run of the search.
type Step struct {
	Index int `json:"index"`
	// Kind is calibrate (closed, 1 virtual user), scout (closed),
	// step (open, going up), bisect (open), sweep (closed) or confirm.
	Kind       string  `json:"kind"`
	Closed     bool    `json:"closed"`
	VUs        int     `json:"vus,omitempty"`
	OfferedRPS float64 `json:"offered_rps"`
	OKRPS      float64 `json:"ok_rps"`
	Achieved   float64 `json:"achieved_rps"`
	Requests   int64   `json:"requests"`
	OK         int64   `json:"ok"`
	Errors     int64   `json:"errors"`
	ErrorPct   float64 `json:"error_pct"`
	// ErrorKinds are the failed requests by kind (failure.go: refused,
	// timeout, reset, status, bad_response, other), StatusCodes the HTTP
	// statuses among them ("500, 503").
	ErrorKinds  map[string]int64 `json:"error_kinds,omitempty"`
	StatusCodes string           `json:"status_codes,omitempty"`
	// BodyBytes is the bytes read per answer (warm-up included; bytes of
	// answers still being read count too, so a body that never ends
	// shows).
	BodyBytes float64 `json:"bytes_per_answer,omitempty"`
	// Latency from the intended send (the open model's honest figure).
	P50MS  float64 `json:"p50_ms"`
	P99MS  float64 `json:"p99_ms"`
	MeanMS float64 `json:"mean_ms"`
	// P99Lo and P99Hi are the p99's 95% interval from the sample's own
	// size (p99Interval; 0: too few successes for one).
	P99Lo float64 `json:"p99_lo_ms,omitempty"`
	P99Hi float64 `json:"p99_hi_ms,omitempty"`
	// Service time: from the actual send.
	SvcP50MS  float64 `json:"service_p50_ms"`
	SvcP90MS  float64 `json:"service_p90_ms"`
	SvcMeanMS float64 `json:"service_mean_ms"`
	// SvcQMS are the service time's min, p50, p90, p95, p99, p99.9 and
	// max.
	SvcQMS []float64 `json:"service_quantiles_ms,omitempty"`
	// LatQMS are the same quantiles of the latency (from the intended
	// send): the light steps' are the spread the fit adds (fit.go).
	LatQMS []float64 `json:"latency_quantiles_ms,omitempty"`
	// InFlight is Little's law over the wire: ok throughput x mean
	// service time, the requests inside the server on average.
	InFlight float64 `json:"in_flight"`
	// Busy is ok throughput x the service time at no load: the requests'
	// worth of work that completes at once. It stops growing at a
	// concurrency limit while InFlight keeps climbing.
	Busy          float64  `json:"busy"`
	LatePct       float64  `json:"late_pct"`
	Unsent        int64    `json:"unsent"`
	GenCPUPct     float64  `json:"generator_cpu_pct"`
	GenCores      float64  `json:"generator_cores"`
	TargetCPUPct  *float64 `json:"target_cpu_pct"`
	TargetThreads int      `json:"target_threads,omitempty"`
	// TargetCPUMS is the target's CPU time per request (ms; nil unknown),
	// TargetCores the CPUs its affinity allows (0 unknown), TargetKids the
	// --target-pid's child processes counted with it (a pre-fork server),
	// TargetInProcess a target in the generator's own process (its CPU is
	// the generator's too, so no split is drawn).
	TargetCPUMS *float64 `json:"target_cpu_per_request_ms,omitempty"`
	TargetCores int      `json:"target_cores,omitempty"`
	TargetKids  int      `json:"target_children,omitempty"`
	// TargetKidThreads are the threads of those children (sysinfo.Tree):
	// a pre-fork server's workers, which take turns on its cores.
	TargetKidThreads int      `json:"target_children_threads,omitempty"`
	TargetInProcess  bool     `json:"target_in_process,omitempty"`
	OthersCPUPct     *float64 `json:"others_cpu_pct,omitempty"` // other processes, % of the machine
	// MachinePct is the whole machine's CPU busy (every process, % of all
	// its CPUs; 0 unknown), MachineCPUs the CPUs it has online (0
	// unknown): the analysis counts the machine by them, not by this
	// process's affinity, which a generator pinned by hand narrows.
	MachinePct  float64  `json:"machine_cpu_pct,omitempty"`
	MachineCPUs int      `json:"machine_cpus,omitempty"`
	Conns       int      `json:"connections"`
	ConnsUsed   int      `json:"connections_used"`
	WindowS     float64  `json:"window_s"`
	Met         bool     `json:"met"`
	Breaches    []string `json:"breaches,omitempty"`
	Warnings    []string `json:"warnings,omitempty"` // loadgen's warning codes
	Interrupted bool     `json:"interrupted,omitempty"`
	// RetakenAs is the index of the step that measured this one's rate
	// again (retake); 0: none. The fit compares the retake, not this
	// step, and a note says why.
	RetakenAs int `json:"retaken_as,omitempty"`
	// Pooled, on a retake of a step whose p99 missed the model with no
	// stall to blame, is both windows' latencies together: the fit
	// compares that p99, not the retake's own (nil: the retake stands
	// alone, as after a stall).
	Pooled *Pooled `json:"pooled,omitempty"`
	// Pred is the fitted model at this step (fit.go).
	Pred *Prediction `json:"predicted,omitempty"`
	// JVM is a JVM target's heap and collector over the step, from its
	// /metrics (gaveout.go; nil: no such page).
	JVM *JVMStep `json:"jvm,omitempty"`
}

// Pooled is the latency of two windows at one rate, their samples merged
// (Step.Pooled): With is the other step's index, OK their successes
// together, P99Lo and P99Hi the pooled p99's 95% interval from that
// count (p99Interval).
type Pooled struct {
	With  int     `json:"with"`
	OK    int64   `json:"ok"`
	P99MS float64 `json:"p99_ms"`
	P99Lo float64 `json:"p99_lo_ms,omitempty"`
	P99Hi float64 `json:"p99_hi_ms,omitempty"`
}

// Saturated says the server did not keep up at this step: it completed
// clearly fewer than were offered, or its service time grew well past
// the no-load one (s0 ms).
func (s Step) Saturated(s0 float64) bool {
	if s.Closed {
		return s.VUs > 1 && s.Busy < 0.75*float64(s.VUs)
	}
	// A service time that climbed counts only at a step that also broke
	// an SLO: a busy machine alone stretches some means at steps the
	// server keeps up with.
	return (s.OfferedRPS > 0 && s.OKRPS < behindBound*s.OfferedRPS) || (!s.Met && s0 > 0 && s.SvcMeanMS > 3*s0)
}

// Result is a probe's outcome. Its JSON is `waitlab probe --json`.
type Result struct {
	URL         string   `json:"url"`
	SLOs        []string `json:"slos"`
	MaxRate     float64  `json:"max_rate"`
	BudgetS     float64  `json:"budget_s"`
	ElapsedS    float64  `json:"elapsed_s"`
	Shape       Shape    `json:"-"`
	ShapeName   string   `json:"shape"`
	Confidence  float64  `json:"confidence"`
	RunnerUp    string   `json:"runner_up,omitempty"`
	Limit       *int     `json:"concurrency_limit"`
	ServiceMS   float64  `json:"service_ms"`
	ServiceP50  float64  `json:"service_p50_ms"`
	CeilingRPS  *float64 `json:"ceiling_rps"`
	CapacityRPS float64  `json:"capacity_rps"`
	// CapacityAtLeast: the budget ended before any step broke an SLO, so
	// CapacityRPS is the highest rate tried, a lower bound (a shape told
	// by its light steps, as a stalled loop is, stands all the same).
	CapacityAtLeast bool `json:"capacity_at_least,omitempty"`
	// Stopped says why the search ended (a catalog key's last part):
	// breach_bisected, max_rate, budget, interrupted, dead, errors_only,
	// refused, too_large, sweep_done.
	Stopped  string          `json:"stopped"`
	Evidence []Note          `json:"evidence"`
	Scenario *model.Scenario `json:"scenario"`
	USL      *USL            `json:"usl"`
	Closed   *ClosedForm     `json:"closed_form,omitempty"`
	Notes    []Note          `json:"notes"`
	Size     *SizeAnswer     `json:"size_for,omitempty"`
	Confirm  *Step           `json:"confirm,omitempty"`
	Steps    []Step          `json:"steps"`
	Warnings []Note          `json:"warnings"`
	Dist     string          `json:"service_dist,omitempty"` // fixed or exponential
	// Spread is the measured no-load spread the fit adds to a fixed
	// service time (nil: none, or an exponential one).
	Spread *Spread `json:"service_spread,omitempty"`
	// Fit is what the fitted scenario assumes (fit.go).
	Fit *FitModel `json:"fit_model,omitempty"`
	// Failure, when set, is why the probe could not finish (exit 1); the
	// steps measured so far are kept, and nothing is concluded from them:
	// no shape, no ceiling, no model. Failures are the failing step's
	// requests by kind (failure.go), LastHealthyRPS the highest rate an
	// open step held every SLO at before it (0: none).
	Failure        *Note            `json:"failure,omitempty"`
	Failures       map[string]int64 `json:"failures,omitempty"`
	LastHealthyRPS float64          `json:"last_healthy_rps,omitempty"`
	// Interrupted says the probe (or its confirmation) was cut short:
	// nothing is concluded from the steps, or from the cut window. With
	// a shape, the search had finished and its verdict stands; only the
	// sizing or the confirmation after it was cut.
	Interrupted bool `json:"interrupted,omitempty"`
	// GaveOut, for shape unbounded, is what gave out where an SLO broke
	// (generator, heap, cpu, connections, timeouts, errors, latency), or
	// none; for a server that stopped answering (Failure), heap or
	// process when its own side tells it (deadGaveOut).
	GaveOut string `json:"gave_out,omitempty"`
	// ConnCap, for shape connection-cap: the most connections the
	// generator held open at a step that kept every SLO, and the fewest
	// at one where they were refused or reset; the cap lies between.
	ConnCap *[2]int `json:"connection_cap,omitempty"`
	// Stall is what the light steps' latencies say of a blocked event
	// loop (stall.go; nil: no stall read, and then no loop-blocked).
	Stall *Stall `json:"stall,omitempty"`
	// Undecided, with shape undecided, says what would decide it.
	Undecided *Note `json:"undecided,omitempty"`
	// Loops is the event loops the target runs and where the figure
	// came from (gaveout.go; nil: not told).
	Loops *LoopCount `json:"loops,omitempty"`
	// Placement is where a target the probe started and the generator
	// ran (nil: the target was not the probe's to place).
	Placement *supervise.Pinning `json:"placement,omitempty"`
}

// Note is a sentence: a catalog key and its arguments.
type Note struct {
	Key  string `json:"key"`
	Args []any  `json:"args,omitempty"`
	Text string `json:"text"`
}

func note(lang msg.Lang, key string, args ...any) Note {
	return Note{Key: key, Args: args, Text: msg.T(lang, key, args...)}
}

// ErrFailed is returned (wrapped in a *FailError) when the server died or
// answered errors only; the Result is returned with it.
var ErrFailed = errors.New("probe failed")

// FailError says why a probe ended without an answer.
type FailError struct{ Note Note }

func (e *FailError) Error() string { return e.Note.Text }
func (e *FailError) Unwrap() error { return ErrFailed }

// Validate checks c and fills its defaults. Errors are *model.FieldError
// naming the flag.
func (c *Config) Validate() error {
	u, _, err := loadgen.ParseURL(c.URL)
	if err != nil {
		return model.NewFieldError("URL", "probe.err.url", c.URL)
	}
	if !c.AllowRemote && !netguard.LoopbackHost(u.Hostname()) {
		return model.NewFieldError("URL", "probe.err.remote", u.Hostname())
	}
	// Below one request a second the shortest window holds no request.
	if !(c.MaxRate >= 1) || c.MaxRate > loadgen.MaxRate {
		return model.NewFieldError("--max-rate", "probe.err.maxrate", c.MaxRate, loadgen.MaxRate)
	}
	if c.StepMin == 0 {
		c.StepMin = DefaultStepMin
	}
	if c.StepMax == 0 {
		c.StepMax = max(DefaultStepMax, c.StepMin)
	}
	switch {
	case c.Warmup == 0:
		c.Warmup = DefaultWarmup
	case c.Warmup < 0:
		c.Warmup = 0 // asked for none
	}
	if c.Samples == 0 {
		c.Samples = DefaultSamples
	}
	if c.MaxBisect == 0 {
		c.MaxBisect = DefaultBisect
	}
	if c.StepMin < 100*time.Millisecond || c.StepMax < c.StepMin {
		return model.NewFieldError("--step", "probe.err.step", c.StepMin.String(), c.StepMax.String())
	}
	if c.Budget == 0 {
		c.Budget = DefaultBudget
	}
	// The least that can run one open step: the calibration, the scout
	// and one open step at its shortest window, each with its warm-up and
	// its drain (a quarter of the window: fits). A slow server's first
	// step takes longer; a probe the budget ends before it ran one ends
	// undecided, with about how long it needs (consistent).
	need := MinBudget(c.StepMin, c.Warmup)
	switch {
	case c.Budget > loadgen.MaxDuration:
		return model.NewFieldError("--budget", "probe.err.budget_long", c.Budget.String(), loadgen.MaxDuration.String())
	case c.Budget < need:
		return model.NewFieldError("--budget", "probe.err.budget", c.Budget.String(), need.String())
	}
	if c.VUsSweep < 0 || c.VUsSweep > 2000 {
		return model.NewFieldError("--vus-sweep", "probe.err.vus", c.VUsSweep)
	}
	if len(c.SLOs) == 0 {
		for _, s := range DefaultSLOs {
			t, _ := loadreport.ParseThreshold(s)
			c.SLOs = append(c.SLOs, t)
		}
	}
	if c.Timeout == 0 {
		bound := 0.0
		for _, t := range c.SLOs {
			if strings.HasPrefix(t.Op, "<") && t.Metric != "errors" && !strings.HasSuffix(t.Metric, "rps") {
				bound = max(bound, t.Value)
			}
		}
		c.Timeout = min(max(time.Duration(2*bound*1e6), time.Second), 5*time.Second)
	}
	if c.Lang == "" {
		c.Lang = msg.EN
	}
	return nil
}

// MinBudget is the least budget that can run one open step with these
// windows: the calibration (min), the scout (min/2) and one open step at
// its shortest window (min), each with its warm-up and a drain of a
// quarter of its window, rounded up to a tenth of a second.
func MinBudget(stepMin, warmup time.Duration) time.Duration {
	d := 3*warmup + (stepMin+stepMin/2+stepMin)*5/4
	return (d + 99*time.Millisecond).Truncate(100 * time.Millisecond)
}

// ParseSLO parses one --slo (the threshold grammar of `load`).
func ParseSLO(s string) (loadreport.Threshold, error) {
	t, err := loadreport.ParseThreshold(s)
	var fe *model.FieldError
	if errors.As(err, &fe) {
		// The threshold's own message, named by the flag: it localizes
		// whole (it already quotes the input).
		return t, model.NewFieldError("--slo", fe.Key, fe.Args...)
	}
	if err != nil {
		return t, model.NewFieldError("--slo", "probe.err.slo", s, err.Error())
	}
	return t, nil
}

// prober is one probe in progress (not a runner.Runner: it holds the probe's steps and asks loadgen for each).
type prober struct {
	ctx   context.Context // the probe's (alive's request ends with it)
	cfg   Config
	t0    time.Time
	steps []Step
	s0    float64 // service time at no load, ms (mean)
	// threads is the ThreadsURL's reading (-1: not read yet, 0: none).
	threads int
	// lat is each open step's latency histogram (from the intended
	// send), by index: a retake that pools two windows merges them.
	lat map[int]*hdrhistogram.Histogram
	// jvm says whether the target's page has JVM figures (-1: not read
	// yet, 0: none).
	jvm int
}

// pageURL is the target's /metrics page the probe reads itself: the
// one the generator reads the CPU from, else the one the threads are.
func (r *prober) pageURL() string {
	if r.cfg.MetricsURL != "" {
		return r.cfg.MetricsURL
	}
	return r.cfg.ThreadsURL
}

// readJVM is the target's JVM figures now (ok false: none, or no page).
// A page without them is not read again.
func (r *prober) readJVM() (jvmPage, bool) {
	if r.jvm == 0 {
		return jvmPage{}, false
	}
	pg, ok := parseJVMPage(readPage(r.pageURL(), r.cfg.AllowRemote))
	if r.jvm < 0 && r.pageURL() != "" {
		r.jvm = 0
		if ok {
			r.jvm = 1
		}
	}
	return pg, ok
}

func (r *prober) elapsed() time.Duration { return time.Since(r.t0) }

// fits says whether a step of window d (plus its warm-up and a drain)
// still fits the budget.
func (r *prober) fits(d time.Duration) bool {
	return r.elapsed()+r.cfg.Warmup+d+d/4 <= r.cfg.Budget
}

// window is the measured window of an open step at rate: long enough for
// Samples successes, within the bounds; twice as long, and within twice
// the bounds, for the first open step (first).
//
// Why the first: it is the lowest rate, so it has the fewest samples,
// and it is the one step below the ceiling that every probe compares
// with the model (the others either double past the ceiling or bisect
// near it). On a slow server its p99 decided the fit on a few samples: a
// pool of 8 x 20 ms at 184 req/s got 1,105 successes in 6 s, and three
// probes read 30.2, 27.0 and 26.0 ms there (the first's 95% interval
// 27.0-32.5) where 40 s at that rate read 26.96 ms; the model said
// 25.6-25.9. Twice the samples narrow the interval by 1.4.
func (r *prober) window(rate float64, first bool) time.Duration {
	n, lo, hi := float64(r.cfg.Samples), r.cfg.StepMin, r.cfg.StepMax
	if first {
		n, lo, hi = 2*n, 2*lo, 2*hi
	}
	d := time.Duration(n / rate * float64(time.Second))
	return min(max(d, lo), hi)
}

// Run probes cfg.URL. ctx ends it early (the result says interrupted).
// It returns the result with a *FailError when the server died or
// answered errors only, and a *model.FieldError for bad input.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	r := &prober{ctx: ctx, cfg: cfg, t0: time.Now(), threads: -1, jvm: -1}
	res := &Result{URL: cfg.URL, MaxRate: cfg.MaxRate, BudgetS: cfg.Budget.Seconds(), Steps: []Step{}, Warnings: []Note{}, Notes: []Note{}, Evidence: []Note{},
		Placement: cfg.Placement}
	if res.Placement == nil && cfg.TargetPID > 0 && cfg.TargetPID != os.Getpid() {
		// A target someone else pinned apart from this process (taskset
		// on both): the CPUs are not shared, which the warnings and the
		// generator's verdict (ClassifyApart) depend on.
		res.Placement = supervise.Apart(sysinfo.AllowedCPUs(), sysinfo.AffinityOf(cfg.TargetPID))
	}
	for _, t := range cfg.SLOs {
		res.SLOs = append(res.SLOs, t.Text)
	}
	fail := r.search(ctx, res)
	if fail == nil && res.Stopped != "interrupted" && r.cfg.VUsSweep == 0 {
		fail = r.retake(ctx, res)
	}
	if fail == nil && ctx.Err() == nil {
		// A target whose process ended is down, whatever the search made
		// of its last steps: a step that could not run because of it (the
		// generator finds no --target-pid) is no interrupt, and a search
		// that ended by its budget or its bisection has no shape to tell.
		if f := r.exitedFailure(res); f != nil {
			fail = f
		}
	}
	res.Steps = r.steps
	res.ElapsedS = r.elapsed().Seconds()
	if res.Stopped == "interrupted" || ctx.Err() != nil {
		// Cut short: the steps are kept, and nothing is concluded from
		// them (no shape, no capacity, no model).
		res.Stopped, res.Interrupted, res.CapacityRPS, res.ShapeName = "interrupted", true, 0, ""
		return res, nil
	}
	if fail != nil {
		res.Failure, res.CapacityRPS, res.ShapeName = fail, 0, ""
		res.LastHealthyRPS = lastHealthy(r.steps)
		if fail.Key == "probe.fail.too_large" {
			res.Failures = map[string]int64{KindResponse: 1}
		}
		if n := len(r.steps); n > 0 {
			last := r.steps[n-1]
			res.Failures = last.ErrorKinds
			if fail.Key == "probe.fail.body" || fail.Key == "probe.fail.too_large_at" {
				// Every answer was too large to be a request's.
				res.Failures = map[string]int64{KindResponse: max(last.Requests, 1)}
			}
		}
		deadGaveOut(&cfg, res, r.steps)
		return res, &FailError{Note: *fail}
	}
	if len(r.steps) > 0 && r.cfg.VUsSweep == 0 {
		sc := scanSteps(r.steps, r.s0)
		res.Loops = r.loops()
		n := sc.threads // a pool target's threads, as before: unlabelled, not loops
		if res.Loops != nil {
			n = res.Loops.N
		}
		res.Stall = readStall(r.steps, r.lat, r.steps[0].P50MS, sc.ceiling, n)
		if s := res.Stall; s != nil && s.Loops > 0 && res.Loops == nil && n == 0 {
			res.Loops = &LoopCount{N: s.Loops, From: "held"}
		}
		if s := res.Stall; s != nil && res.Loops != nil {
			s.LoopsFrom = res.Loops.From
		}
	}
	analyze(&cfg, res, r.s0)
	consistent(&cfg, res)
	return res, nil
}

// calibrate is the search's first contact: a refused connection said at
// once, then the closed calibration at one user (once more, longer, when
// not one request ended in it). ok false: the search ends (the note says
// why, or nil for an interrupt).
func (r *prober) calibrate(ctx context.Context, res *Result) (cal Step, ok bool, fail *Note) {
	lang := r.cfg.Lang
	if addr := refusedAt(ctx, r.cfg.URL, r.cfg.AllowRemote, r.cfg.Timeout); addr != "" {
		res.Stopped = "refused"
		n := note(lang, "probe.fail.refused", addr)
		return cal, false, &n
	}
	if size := tooLarge(ctx, r.cfg.URL, r.cfg.AllowRemote, r.cfg.Timeout); size > 0 {
		res.Stopped = "too_large"
		n := note(lang, "probe.fail.too_large", num0(float64(size)/(1<<20)), maxBodyBytes>>20)
		return cal, false, &n
	}
	cal, err := r.run(ctx, "calibrate", 0, 1, r.cfg.StepMin)
	if err != nil {
		res.Stopped = "setup"
		n := note(lang, "probe.fail.setup", err.Error())
		return cal, false, &n
	}
	if cal.Interrupted {
		res.Stopped = "interrupted"
		return cal, false, nil
	}
	if cal.Requests == 0 && r.fits(2*r.cfg.StepMax) {
		// Not one answer inside the window: a slow first contact (a cold
		// server, a busy machine). Once more, longer, before calling it.
		if cal, err = r.run(ctx, "calibrate", 0, 1, 2*r.cfg.StepMax); err != nil || cal.Interrupted {
			res.Stopped = "interrupted"
			return cal, false, nil
		}
	}
	if cal.BodyBytes > maxBodyBytes {
		return cal, false, r.dead(cal, res)
	}
	if cal.Requests == 0 {
		res.Stopped = "dead"
		n := note(lang, "probe.fail.no_answer", num1(r.elapsed().Seconds()))
		return cal, false, &n
	}
	if cal.OK == 0 {
		res.Stopped = "errors_only"
		if !onlyStatus(cal.ErrorKinds) {
			res.Stopped = "dead"
		}
		n := stepFailure(lang, cal, r.steps)
		return cal, false, &n
	}
	return cal, true, nil
}

// search runs the steps; a non-nil note says why it failed.
func (r *prober) search(ctx context.Context, res *Result) *Note {
	cal, ok, fail := r.calibrate(ctx, res)
	if !ok {
		return fail
	}
	r.s0 = cal.SvcMeanMS
	if r.cfg.VUsSweep > 0 {
		return r.sweep(ctx, res)
	}
	scout, err := r.run(ctx, "scout", 0, ScoutVUs, r.cfg.StepMin/2)
	if err != nil || scout.Interrupted {
		res.Stopped = "interrupted"
		return nil
	}
	if f := r.dead(scout, res); f != nil {
		return f
	}
	rate := max(0.5*scout.OKRPS, 1)
	rate = min(rate, r.cfg.MaxRate)
	good, bad := 0.0, 0.0
	okMax := 0.0    // the most a step that broke an SLO completed, req/s
	lightP99 := 0.0 // the first open step's p99, ms
	for first := true; ; first = false {
		w := r.window(rate, first)
		if first && !r.fits(w) {
			w = r.window(rate, false) // a short budget: the usual window
		}
		if !r.fits(w) {
			res.Stopped = "budget"
			break
		}
		st, err := r.run(ctx, "step", rate, 0, w)
		if err != nil || st.Interrupted {
			res.Stopped = "interrupted"
			break
		}
		if f := r.dead(st, res); f != nil {
			return f
		}
		if !st.Met {
			bad, okMax = rate, st.OKRPS
			break
		}
		good = rate
		if rate >= r.cfg.MaxRate {
			res.Stopped = "max_rate"
			break
		}
		if first {
			lightP99 = st.P99MS
		}
		rate = min(nextRate(rate, st, lightP99), r.cfg.MaxRate)
	}
	for i := 0; bad > 0 && i < r.cfg.MaxBisect && (bad-good)/bad > bisectGap; i++ {
		mid := bisectRate(good, bad, okMax)
		w := r.window(mid, false)
		if !r.fits(w) {
			res.Stopped = "budget"
			break
		}
		st, err := r.run(ctx, "bisect", mid, 0, w)
		if err != nil || st.Interrupted {
			res.Stopped = "interrupted"
			break
		}
		if f := r.dead(st, res); f != nil {
			return f
		}
		if st.Met {
			good = mid
		} else {
			bad, okMax = mid, max(okMax, st.OKRPS)
		}
	}
	if res.Stopped == "" {
		res.Stopped = "breach_bisected"
	}
	if f := r.check(ctx, res); f != nil {
		return f
	}
	// The capacity is what the best good step really offered.
	for _, st := range r.steps {
		if !st.Closed && st.Met && st.Kind != "confirm" && math.Abs(st.OfferedRPS-good) <= math.Abs(res.CapacityRPS-good) {
			res.CapacityRPS = math.Round(st.OfferedRPS)
		}
	}
	if good == 0 {
		res.CapacityRPS = 0
	}
	return nil
}

// nextRate is the rate after a met open step st at rate: twice it while
// the server is far from its knee, and only halfway to twice it past the
// knee (st's p99 more than kneeP99 times the first open step's, lightP99
// ms, or any error): the bisection of the doubling step.
//
// Why: a server with no limit of its own (virtual threads) gives out
// somewhere (its heap, its connections), and one doubling past the knee
// can take it there: a probe that doubled from 4,967 req/s to 9,795 ran a
// server on virtual threads out of heap. Halving the step each knee
// approaches that point at a rate the server can still answer.
func nextRate(rate float64, st Step, lightP99 float64) float64 {
	if st.Errors > 0 || lightP99 > 0 && st.P99MS > kneeP99*lightP99 {
		return 1.5 * rate
	}
	return 2 * rate
}

// kneeP99: a step whose p99 is this many times the first open step's is
// past the knee.
const kneeP99 = 2.0

// check runs the closed check of a limit the open steps suggest: as many
// virtual users as the ceiling x the no-load service time, for half the
// shortest window, when the budget allows. A pool of N completes about N
// / service time with N users, each finding a worker free; a server whose
// ceiling is something else (a loop its stalls fill, a lock) does not.
// Classify reads it (a pool is called only when it agrees).
func (r *prober) check(ctx context.Context, res *Result) *Note {
	sc := scanSteps(r.steps, r.s0)
	n := int(math.Round(sc.ceiling * r.s0 / 1e3))
	if len(sc.sat) == 0 || n < 2 || n > maxCheckVUs || !r.fits(r.cfg.StepMin/2) {
		return nil
	}
	st, err := r.run(ctx, "check", 0, n, r.cfg.StepMin/2)
	if err != nil || st.Interrupted {
		res.Stopped = "interrupted"
		return nil
	}
	return r.dead(st, res)
}

// onlyTimeouts says every failure of st was a timeout (or nothing ended
// within its window).
func onlyTimeouts(st Step) bool {
	return st.ErrorKinds[KindTimeout] == st.Errors
}

// alive says the server answers one request (not an HTTP error) once the
// queue a step left has had a timeout's time to drain: a lock overloaded
// until every request of a step timed out is not a server that died.
// The request goes through netguard's client, like every other.
func (r *prober) alive() bool {
	ctx := r.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	select {
	case <-ctx.Done():
		return false
	case <-time.After(r.cfg.Timeout):
	}
	cl := netguard.Client(2*r.cfg.Timeout, r.cfg.AllowRemote)
	defer cl.CloseIdleConnections()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.cfg.URL, nil)
	if err != nil {
		return false
	}
	resp, err := cl.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.ContentLength > maxBodyBytes {
		return false // an answer too large to be a request's is no sign of health
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(resp.Body, maxBodyBytes+1))
	return resp.StatusCode < 400 && n <= maxBodyBytes
}

// maxBodyBytes: answers averaging more than this are not a request's
// (a probe measures how a server handles requests, not how fast it
// streams); the probe fails, its failure of kind bad_response. A server
// sending 1 GB bodies was read as "serialized, ceiling 0 req/s".
const maxBodyBytes = 16 << 20

// maxCheckVUs bounds the closed check's users (--vus-sweep's bound).
const maxCheckVUs = 2000

// bisectRate is the next rate the bisection tries between good (every
// SLO held) and bad (one broke), given okMax, the most any breaking step
// completed (req/s): the midpoint, or nearer good the rate at which a
// server that completes at most okMax falls behind (behindBound) with a
// margin, when that lies between good and the midpoint.
//
// Why: a server that held its ceiling at the breaking step breaks at
// that rate too, so one step there narrows the bracket more than the
// midpoint. A lock that completed 453 req/s at 888 offered, bracket
// 444-888, was bisected at 666, 555, 500 and 472 before the gap closed;
// from 513 it closes after one more step. It is still a measured
// step: a server that completes more at a lower rate (its overload
// collapsed) reads met there, and the bisection goes on above it.
func bisectRate(good, bad, okMax float64) float64 {
	mid := (good + bad) / 2
	if c := okMax / behindBound * (1 + bisectGap/4); c > good && c < mid {
		return c
	}
	return mid
}

// retake measures once more, at its own rate and for its own window, a
// step that decides the fit against the model (retakeStep), while the
// budget allows; the step keeps its figures and is marked RetakenAs, and
// the fit compares the retake instead: alone after a stall, both windows
// pooled after a miss with none (pool). At most maxRetakes of them; a
// non-nil note says the server failed during one.
//
// Why: on a shared machine a few requests in a thousand meet a 10-20 ms
// stall of the machine or of the server's process, which moves one step's
// p99 past the tolerance in about one probe in four (the lock at 2.3 ms a
// section, the pool of 64 at 5 ms: docs/probe.md). The stall is not the
// server's shape; a second window at the same rate says whether it
// repeats. Both windows are kept and reported.
func (r *prober) retake(ctx context.Context, res *Result) *Note {
	for range maxRetakes {
		tmp := &Result{URL: res.URL, MaxRate: res.MaxRate, BudgetS: res.BudgetS, Placement: res.Placement, SLOs: res.SLOs,
			CapacityRPS: res.CapacityRPS, Steps: slices.Clone(r.steps), Warnings: []Note{}, Notes: []Note{}, Evidence: []Note{}}
		i, pool := retakeStep(tmp, analyze(&r.cfg, tmp, r.s0))
		if i < 0 {
			return nil
		}
		orig := r.steps[i]
		w, ok := retakeWindow(max(time.Duration(orig.WindowS*float64(time.Second)).Round(time.Millisecond), r.cfg.StepMin),
			r.window(orig.OfferedRPS, false), r.cfg.Budget-r.elapsed()-r.cfg.Warmup)
		if !ok {
			return nil
		}
		st, err := r.run(ctx, "retake", orig.OfferedRPS, 0, w)
		if err != nil || st.Interrupted {
			res.Stopped = "interrupted"
			return nil
		}
		r.steps[i].RetakenAs = st.Index
		if pool {
			r.steps[st.Index].Pooled = pooled(i, r.lat[i], r.lat[st.Index])
		}
		if f := r.dead(st, res); f != nil {
			return f
		}
	}
	return nil
}

// pooled is the latencies of step i (a) and of its retake (b) together;
// nil when either window has none.
func pooled(i int, a, b *hdrhistogram.Histogram) *Pooled {
	if a == nil || b == nil || a.TotalCount() == 0 || b.TotalCount() == 0 {
		return nil
	}
	h := hdrhistogram.Import(a.Export())
	h.Merge(b)
	at := func(q float64) float64 { return float64(h.ValueAtQuantile(q)) / 1e3 }
	lo, hi := p99Interval(h.TotalCount(), at)
	return &Pooled{With: i, OK: h.TotalCount(), P99MS: round3(at(99)), P99Lo: lo, P99Hi: hi}
}

// retakeWindow is a retake's window: the stalled step's own (w) when it
// fits what is left of the budget after the warm-up (left; a window d
// fits with its drain, d + d/4), else the longest that fits, down to an
// ordinary open step's window at that rate (ordinary), which the first
// step's is twice; false when not even that fits.
//
// Why: the first open step, which every probe compares with the model,
// is the one a stall most often leaves undecided, and its doubled window
// (12 s on a slow server) is the one least likely to fit at the end of
// the search: a lock probe whose bisection took one step more than usual
// had 10 s left and no retake (docs/probe.md). A retake as long as any
// other step rests on the samples every other step's p99 rests on, and
// its interval says how far that carries.
func retakeWindow(w, ordinary, left time.Duration) (time.Duration, bool) {
	fit := left * 4 / 5 // the longest d with d + d/4 <= left
	switch {
	case w <= fit:
		return w, true
	case ordinary <= fit:
		return fit.Truncate(time.Millisecond), true
	}
	return 0, false
}

// maxRetakes is how many steps a probe measures again.
const maxRetakes = 2

// sweep is the closed alternative: 1, 2, 4, ... virtual users.
func (r *prober) sweep(ctx context.Context, res *Result) *Note {
	for vus := 2; ; vus *= 2 {
		vus = min(vus, r.cfg.VUsSweep)
		if !r.fits(r.cfg.StepMin) {
			res.Stopped = "budget"
			return nil
		}
		st, err := r.run(ctx, "sweep", 0, vus, r.cfg.StepMin)
		if err != nil || st.Interrupted {
			res.Stopped = "interrupted"
			return nil
		}
		if f := r.dead(st, res); f != nil {
			return f
		}
		if st.Met {
			res.CapacityRPS = max(res.CapacityRPS, st.OKRPS)
		}
		if !st.Met || vus >= r.cfg.VUsSweep {
			res.Stopped = "sweep_done"
			return nil
		}
	}
}

// dead says the server stopped answering at st (no success at all, or
// answers too large to be a request's), or nil.
func (r *prober) dead(st Step, res *Result) *Note {
	if st.BodyBytes > maxBodyBytes {
		res.Stopped = "too_large"
		n := note(r.cfg.Lang, "probe.fail.body", st.Index, num0(st.BodyBytes/(1<<20)), maxBodyBytes>>20)
		return &n
	}
	if st.OK > 0 || st.Requests == 0 && st.Unsent == 0 && st.Kind == "calibrate" {
		return nil
	}
	if st.Kind != "calibrate" && onlyTimeouts(st) {
		// A server that switched to answers too large to finish within
		// a request's timeout: a bad response, not an overload.
		ctx := r.ctx
		if ctx == nil {
			ctx = context.Background()
		}
		if size := tooLarge(ctx, r.cfg.URL, r.cfg.AllowRemote, r.cfg.Timeout); size > 0 {
			res.Stopped = "too_large"
			n := note(r.cfg.Lang, "probe.fail.too_large_at", st.Index, num0(float64(size)/(1<<20)), maxBodyBytes>>20)
			return &n
		}
	}
	if st.Kind != "calibrate" && onlyTimeouts(st) && r.alive() {
		// Every request of the step timed out, and the server answers
		// once its queue has drained: overloaded, not dead. The step is
		// a breach, and the search goes on below it.
		return nil
	}
	if st.Requests == 0 && st.Unsent == 0 {
		if 1e3*st.WindowS < 2*r.s0 {
			return nil // a window too short for the service time: no sign
		}
		// Not one request ended within the window: the server holds them.
		res.Stopped = "dead"
		n := note(r.cfg.Lang, "probe.fail.held", st.Index, num1(st.WindowS))
		return &n
	}
	res.Stopped = "dead"
	if onlyStatus(st.ErrorKinds) {
		res.Stopped = "errors_only"
	}
	n := stepFailure(r.cfg.Lang, st, r.steps)
	return &n
}

// run measures one step: open at rate, or closed with vus.
func (r *prober) run(ctx context.Context, kind string, rate float64, vus int, window time.Duration) (Step, error) {
	st := Step{Index: len(r.steps), Kind: kind, OfferedRPS: rate, VUs: vus, Closed: vus > 0}
	if r.cfg.Progress != nil {
		r.cfg.Progress(Progress{Step: st, Elapsed: r.elapsed(), Budget: r.cfg.Budget})
	}
	lc := loadgen.Config{
		Targets:    []loadgen.Target{{Method: "GET", URL: r.cfg.URL}},
		Duration:   window,
		Warmup:     r.cfg.Warmup,
		Timeout:    r.cfg.Timeout,
		Seed:       r.cfg.Seed + int64(len(r.steps)),
		TargetPID:  r.cfg.TargetPID,
		MetricsURL: r.cfg.MetricsURL,
		Version:    r.cfg.Version,
	}
	if vus > 0 {
		lc.Arrival = model.Arrival{Kind: model.VUs, VUs: vus}
	} else {
		lc.Arrival = model.Arrival{Kind: model.Poisson, Rate: rate}
		// Enough connections that a server queue a whole second long
		// does not turn into the generator's own wait for a connection.
		lc.Connections = int(min(max(math.Ceil(rate*r.cfg.Timeout.Seconds()/2), 16), 2000))
	}
	pid := r.cfg.TargetPID
	tree0, _, treeOK := sysinfo.TreeCPU(pid)
	treeOK = treeOK && pid != os.Getpid()
	jvm0, jvmOK := r.readJVM()
	watch := r.watchJVM(jvmOK)
	t0 := time.Now()
	lr, err := loadgen.Run(ctx, lc)
	elapsed := time.Since(t0)
	seen, seenAt, seenOK := watch.end()
	if err != nil {
		return st, err
	}
	if jvm1, ok := r.readJVM(); ok && jvmOK {
		st.JVM = jvmStep(jvm0, jvm1, elapsed)
	} else if seenOK {
		st.JVM = jvmStep(jvm0, seen, seenAt.Sub(t0)) // it stopped answering: its last reading within the step
	}
	rep := loadreport.Analyze(lr, r.cfg.Lang)
	breaches := loadreport.Check(rep, r.cfg.SLOs, r.cfg.Lang)
	fillStep(&st, rep, lr, r.s0)
	// The tree's CPU covers the warm-up, the window and what the run took
	// around them (its dials, and the requests still in flight at the
	// window's end, which at an overloaded step take up to the timeout):
	// its rate is over the whole run, read at the step's rate.
	var tree sysinfo.Tree
	var span time.Duration
	if t1, ok := sysinfo.ReadTree(pid); treeOK && ok {
		tree, tree.CPU = t1, t1.CPU-tree0
		span = max(elapsed, r.cfg.Warmup+time.Duration(st.WindowS*float64(time.Second)))
	}
	targetCPU(&st, lr, tree, span)
	if r.threads < 0 {
		r.threads = reportedThreads(r.cfg.ThreadsURL, r.cfg.AllowRemote)
	}
	if st.TargetThreads == 0 {
		st.TargetThreads = r.threads
	}
	if !st.Closed && st.OfferedRPS > 0 && st.OKRPS < behindBound*st.OfferedRPS {
		// Within a short window a queue that grows without end can still
		// look fast: a rate the server does not keep up with is never met.
		breaches = append(breaches, msg.T(r.cfg.Lang, "probe.breach.behind", num0(st.OKRPS), num0(st.OfferedRPS), pct1(st.OKRPS/st.OfferedRPS)))
	}
	st.Breaches = breaches
	st.Met = len(breaches) == 0 && !rep.Interrupted
	if vus > 0 {
		st.OfferedRPS = 0
	}
	if !st.Closed && lr.Latency.Count > 0 {
		if r.lat == nil {
			r.lat = map[int]*hdrhistogram.Histogram{}
		}
		r.lat[st.Index] = lr.Latency.Histogram()
	}
	r.steps = append(r.steps, st)
	if r.cfg.Progress != nil {
		r.cfg.Progress(Progress{Step: st, Done: true, Elapsed: r.elapsed(), Budget: r.cfg.Budget})
	}
	return st, nil
}

// levelsOf is p at spreadLevels: min, p50, p90, p95, p99, p99.9, max.
func levelsOf(p loadreport.Percentiles) []float64 {
	return []float64{p.MinMS, p.P50MS, p.P90MS, p.P95MS, p.P99MS, p.P999MS, p.MaxMS}
}

func fillStep(st *Step, rep *loadreport.Report, lr *loadresult.Result, s0 float64) {
	st.Interrupted = rep.Interrupted
	if !st.Closed {
		st.OfferedRPS = rep.OfferedRPS
	}
	st.OKRPS, st.Achieved = rep.OKRPS, rep.AchievedRPS
	st.Requests, st.OK, st.Errors = rep.Requests, rep.OK, rep.ErrorCount
	st.ErrorKinds, st.StatusCodes = groupKinds(rep.Errors), statusCodes(rep.Errors)
	answers := rep.Requests
	if lr.Warmup != nil {
		answers += lr.Warmup.Requests
	}
	st.BodyBytes = float64(lr.BytesReceived) / float64(max(answers, 1))
	if rep.Requests > 0 {
		st.ErrorPct = 100 * float64(rep.ErrorCount) / float64(rep.Requests)
		st.LatePct = 100 * float64(rep.Late) / float64(rep.Requests)
	}
	if !rep.Latency.NoData() {
		st.P50MS, st.P99MS, st.MeanMS = rep.Latency.P50MS, rep.Latency.P99MS, rep.Latency.MeanMS
		st.P99Lo, st.P99Hi = p99Interval(lr.Latency.Count, lr.LatencyQuantile)
		st.LatQMS = levelsOf(rep.Latency)
	}
	if !rep.ServiceTime.NoData() {
		p := rep.ServiceTime
		st.SvcP50MS, st.SvcP90MS, st.SvcMeanMS = p.P50MS, p.P90MS, p.MeanMS
		st.SvcQMS = levelsOf(p)
	}
	st.InFlight = rep.InFlight
	if s0 == 0 {
		s0 = st.SvcMeanMS
	}
	st.Busy = st.OKRPS * s0 / 1e3
	st.Unsent = rep.Unsent
	st.GenCPUPct = rep.GeneratorCPUPct
	if lr.WindowNS > 0 {
		st.GenCores = float64(lr.CPU.GenNS) / float64(lr.WindowNS)
	}
	st.TargetCPUPct = rep.TargetCPUPct
	st.OthersCPUPct = rep.OthersCPUPct
	if lr.CPU.MachineNS > 0 {
		st.MachinePct = math.Round(1000*float64(lr.CPU.MachineBusyNS)/float64(lr.CPU.MachineNS)) / 10
	}
	st.MachineCPUs = lr.CPU.MachineCPUs
	st.TargetThreads = lr.CPU.TargetThreads
	st.Conns, st.ConnsUsed = rep.Connections, rep.ConnectionsUsed
	st.WindowS = rep.WindowS
	for _, w := range rep.Warnings {
		st.Warnings = append(st.Warnings, w.Code)
	}
}

// p99Interval is a 95% interval for the p99 of n samples, read from their
// quantile function at (0-100): the samples at the ranks that hold the
// true p99 with 95% probability, n x 0.99 -+ 1.96 sqrt(n x 0.99 x 0.01)
// (the binomial's normal approximation, fair from n x 0.01 x 0.99 >= 10,
// about 1,000 samples; below, no interval). It counts only the sampling:
// requests that stall together (a core's hiccup) widen the true one, so
// it is the least a step's p99 is uncertain by.
func p99Interval(n int64, at func(q float64) float64) (lo, hi float64) {
	if n < 1000 {
		return 0, 0
	}
	half := 1.96 * math.Sqrt(0.99*0.01/float64(n))
	return round3(at(100 * (0.99 - half))), round3(at(100 * math.Min(0.99+half, 1)))
}
