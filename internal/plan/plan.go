// Package plan answers sizing questions: given a scenario, the knob its
// model sizes (pool threads, event loops, the offload pool, carriers, or
// cores) and service-level objectives (p99<200ms, rps>1000), what is the
// smallest size that meets every objective?
//
// It answers with the simulator (internal/sim): open-model arrivals, a
// warm-up left out of the figures, several seeds per size (more near the
// bound, where the answer is a close call), an exponential then binary
// search (the figures are monotone in the size), and the curve of each
// figure against the size with its knee and what going bigger costs
// (threads, stack memory, context switches). Where queueing theory has a
// closed form (a pool with exponential holding times is M/M/c; fixed ones
// are M/D/c, approximated) it prints the analytic answer beside the
// simulated one and flags a disagreement. Confirm runs the answer and the
// size below it for real (internal/live) and compares.
//
// plan is a recipe: it sits above the engines and below cli and web. It
// emits numbers and catalog keys; WriteText and WriteSVG render them.
package plan

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sim"
)

// Defaults of a plan.
const (
	DefaultRequests = 20_000 // simulated requests per seed (open and closed models)
	DefaultSeeds    = 3
	DefaultMaxSeeds = 12
	DefaultWarmup   = 0.1  // fraction of each run's requests left out
	DefaultMax      = 1024 // largest size tried (loops: the cores)
	DefaultCurve    = 20   // sizes on the curve
	// MaxSize is the largest size a plan may try.
	MaxSize = 100_000
	// MaxRequests is the most requests per simulated run (each run keeps
	// its requests' records until it is reduced).
	MaxRequests = 500_000
	// overloadDrain is the drain (time from the last arrival to the last
	// end, over the arrivals' span) above which an open run did not keep up.
	overloadDrain = 0.05
	// NearSaturation is the utilisation above which a size's tail latency
	// swings widely from run to run (the queue's memory grows as
	// 1/(1-rho)^2): an answer this busy is flagged.
	NearSaturation = 0.95
)

// Tolerances of the cross-check: the largest relative difference between
// the simulated and the analytic figure before it is flagged.
const (
	TolMMc = 0.10
	TolMDc = 0.25
)

// Slowdown is a wait that grows: every wait whose mean is From becomes To.
type Slowdown struct {
	From time.Duration `json:"from"`
	To   time.Duration `json:"to"`
}

// MarshalJSON writes the durations in their text form: {"from":"2ms","to":"50ms"}.
func (d Slowdown) MarshalJSON() ([]byte, error) {
	return []byte(`{"from":"` + d.From.String() + `","to":"` + d.To.String() + `"}`), nil
}

// ParseSlowdown parses FROM:TO, such as 2ms:50ms.
func ParseSlowdown(s string) (Slowdown, error) {
	a, b, ok := cut(s, ':')
	if !ok {
		return Slowdown{}, model.NewFieldError("--downstream-slowdown", "plan.err.slowdown.syntax", s)
	}
	from, err1 := time.ParseDuration(a)
	to, err2 := time.ParseDuration(b)
	if err1 != nil || err2 != nil || from <= 0 || to <= 0 {
		return Slowdown{}, model.NewFieldError("--downstream-slowdown", "plan.err.slowdown.syntax", s)
	}
	return Slowdown{From: from, To: to}, nil
}

func cut(s string, sep byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// Apply returns s with the slowdown applied, and whether any wait matched.
func (d Slowdown) Apply(s model.Scenario) (model.Scenario, bool) {
	s.Classes = append([]model.Class(nil), s.Classes...)
	hit := false
	for i := range s.Classes {
		if s.Classes[i].Wait.Mean == d.From {
			s.Classes[i].Wait.Mean = d.To
			hit = true
		}
	}
	return s, hit
}

// Config is one sizing question. Scenario should be normalized and valid;
// the zero values of the other fields are the defaults.
type Config struct {
	Scenario model.Scenario
	Knob     Knob // "": the model's (DefaultKnob)
	SLOs     []SLO
	// Min and Max bound the sizes tried (0: 1 and DefaultMax; loops are
	// never above the cores).
	Min, Max int
	// Requests is the simulated requests per seed for open and closed
	// models (0: DefaultRequests; at most MaxRequests). A burst
	// keeps its own requests: the batch is the question.
	Requests int
	Seeds    int     // seeds per size to start with (0: DefaultSeeds)
	MaxSeeds int     // most seeds per size near the bound (0: DefaultMaxSeeds)
	Warmup   float64 // fraction of each run left out (0: DefaultWarmup; burst: none)
	Workers  int     // simulations at once (0: GOMAXPROCS)
	Curve    int     // sizes on the curve (0: DefaultCurve)
	// Slowdown, if set, also answers the same question with a grown wait.
	Slowdown *Slowdown
	// Precision is the largest relative half-width of the 95% interval of
	// a figure an SLO names before a size stops running longer (0:
	// DefaultPrecision). Open and closed models only.
	Precision float64
	// Progress, if set, is told after each size is simulated: the size and
	// how many sizes are done. It is called from the simulating
	// goroutines, possibly at once: it must be safe for concurrent use.
	Progress func(size, done int)
}

// Stall is a precise run that stopped short of the goal: doubling its
// requests per seed from FromRequests to ToRequests widened (or kept) the
// widest relative half-width of its SLO figures, From to To. Such an
// interval rests on rare long waits that a longer run meets more of,
// not on too few samples, so doubling again is not expected to reach
// the goal before MaxRequests: the point keeps its wider, longer run's
// interval, and the answer says so (plan.note.stalled).
type Stall struct {
	FromRequests int     `json:"from_requests"`
	ToRequests   int     `json:"to_requests"`
	From         float64 `json:"from"`
	To           float64 `json:"to"`
}

// Note is a sentence of the answer: a catalog key and its arguments.
type Note struct {
	Key  string `json:"key"`
	Args []any  `json:"args,omitempty"`
}

// Num is a float64 that encodes NaN and infinities as JSON null.
type Num float64

// MarshalJSON implements json.Marshaler.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, math.Round(f*1e4)/1e4, 'g', -1, 64), nil
}

// Point is one size on the curve.
type Point struct {
	Size int `json:"size"`
	// Values holds each SLO's figure, pooled over the seeds (latency
	// percentiles over every seed's samples; rps and batch the mean of
	// the seeds'). NaN (null) when not simulated.
	Values []Num `json:"values"`
	// SeedMin and SeedMax are the spread of each figure over the seeds.
	SeedMin []Num `json:"seed_min"`
	SeedMax []Num `json:"seed_max"`
	// Samples is how many samples each figure rests on (requests after
	// the warm-up, of its class; for rps and batch, the seeds).
	Samples []int `json:"samples"`
	// Analytic is each SLO's closed-form figure, when there is one.
	Analytic []Num `json:"analytic,omitempty"`
	Met      bool  `json:"met"`
	// Overloaded: the size cannot keep up with the arrivals (a resource
	// at 100% or more by mean-value analysis, or the run's queue still
	// draining long after the last arrival): latency grows with the length
	// of the run, so no latency SLO is met whatever the figure says.
	Overloaded bool `json:"overloaded,omitempty"`
	// Simulated is false for a size left out because mean-value analysis
	// already says it is overloaded.
	Simulated bool `json:"simulated"`
	// Borderline: an SLO's bound lies within two standard errors of the
	// figure even with the most seeds.
	Borderline bool `json:"borderline,omitempty"`
	// Few: a latency figure rests on fewer than 100 samples beyond its
	// percentile (a max always does).
	Few        bool     `json:"few_samples,omitempty"`
	Seeds      int      `json:"seeds"`
	RPS        Num      `json:"rps"`
	MeanMS     Num      `json:"mean_ms"`
	QueueMS    Num      `json:"queue_mean_ms"`
	InFlight   Num      `json:"in_flight"` // Little's law: rps x mean latency
	Bottleneck Resource `json:"bottleneck"`
	Cost       Cost     `json:"cost"`
	// SameAs is the smaller size this one repeats exactly: a pool in which
	// no request waited for a thread there runs the same with more.
	SameAs int `json:"same_as,omitempty"`
	// Open and closed models: each SLO's 95% interval ([null, null] when
	// it has none), its verdict on it (met, failed, undecided), whether
	// every seed's run converged, the mean warm-up MSER-5 found, and the
	// requests each seed ran (grown while the size was undecided).
	CI              [][2]Num `json:"ci95,omitempty"`
	Verdicts        []string `json:"verdicts,omitempty"`
	Undecided       bool     `json:"undecided,omitempty"`
	Converged       bool     `json:"converged"`
	Warmup          int      `json:"warmup"`
	RequestsPerSeed int      `json:"requests_per_seed,omitempty"`
	// Stalled is set when a size run on for precision (the answer and
	// the size below it) stopped because doubling its requests did not
	// narrow its interval: From is the half-width (relative, the widest
	// over the SLOs) before the doubling, To after it, both short of the
	// precision goal.
	Stalled *Stall `json:"precision_stalled,omitempty"`

	runs  []run
	seeds []*seedRun // by seed, while the point may run longer
	// held: the search's point keeps runs and seeds for refine (made).
	// prevReqs and prevH are its last decided, converged run's requests
	// a seed and half-width (0 requests: none), for the stall rule.
	held     bool
	prevReqs int
	prevH    float64
	noWait   bool
	reqs     int
}

// CrossCheck is the closed-form answer beside the simulated one.
type CrossCheck struct {
	// Kind is "M/M/c" (exact) or "M/D/c" (the Cosmetatos approximation).
	Kind   string  `json:"kind"`
	Approx bool    `json:"approximation"`
	Lambda float64 `json:"lambda_rps"`
	HoldMS float64 `json:"hold_ms"` // mean holding time, 1/mu
	// Answer is the smallest size in [Min, Max] whose closed-form figures
	// meet every SLO that has one (0: none).
	Answer int  `json:"answer"`
	Agree  bool `json:"agree"`
	// Worst is the largest relative difference between simulated and
	// analytic figures over the simulated, stable, well-sampled sizes.
	Worst     float64  `json:"worst_rel_diff"`
	WorstSize int      `json:"worst_size"`
	Tolerance float64  `json:"tolerance"`
	Without   []string `json:"slos_without_closed_form,omitempty"`
	// Beyond lists the sizes where the closed form lies outside the
	// simulation's interval, with the assumption that broke.
	Beyond []Beyond `json:"beyond_interval,omitempty"`
}

// SlowdownResult answers the question again with the grown wait.
type SlowdownResult struct {
	Slowdown Slowdown `json:"slowdown"`
	Answer   int      `json:"answer"` // 0: none up to Max
	// AtToday is the slowed scenario at today's size.
	Today   int    `json:"today"`
	AtToday *Point `json:"at_today"`
	// InFlight is Little's law at today's size: arrival rate x mean
	// latency. Holding is how many of them hold a thread (rate x mean
	// holding time, for a model whose threads hold requests); Excess is
	// what cannot have one and waits in the queue (or is shed by a
	// bounded one): max(0, Holding - threads).
	Rate     float64 `json:"rate_rps"`
	InFlight float64 `json:"in_flight"`
	Holding  float64 `json:"holding"`
	Excess   float64 `json:"excess"`
	Queued   float64 `json:"queued"` // rate x mean queue wait (Little's law on the queue)
	// Growth is, when today's size is overloaded, how many more requests
	// arrive each second than it can complete.
	Growth float64 `json:"growth_per_sec,omitempty"`
	Curve  []Point `json:"curve"`
}

// Result is a plan's answer.
type Result struct {
	Scenario model.Scenario `json:"scenario"`
	Knob     Knob           `json:"knob"`
	Today    int            `json:"today"` // the knob's value in the scenario as given
	SLOs     []SLO          `json:"slos"`
	Min      int            `json:"min"`
	Max      int            `json:"max"`
	// Mode is "open" (rate or poisson arrivals), "closed" (virtual users)
	// or "burst" (a batch at t = 0).
	Mode     string `json:"mode"`
	Requests int    `json:"requests_per_seed"`
	Warmup   int    `json:"warmup_per_seed"`
	Seeds    int    `json:"seeds"`     // seeds per size at first
	MaxSeeds int    `json:"max_seeds"` // most seeds any size used
	// SeedLimit is the most seeds a close call may get.
	SeedLimit int `json:"seed_limit"`
	// Answer is the smallest size that meets every SLO (0: none in range).
	Answer     int             `json:"answer"`
	Knee       int             `json:"knee"`
	Few        bool            `json:"few_samples"` // the answer's figures rest on too few samples
	Borderline bool            `json:"borderline"`  // the answer or the size below is a close call
	Limit      *Resource       `json:"limit,omitempty"`
	Curve      []Point         `json:"curve"`
	Cross      *CrossCheck     `json:"cross_check,omitempty"`
	Slow       *SlowdownResult `json:"slowdown,omitempty"`
	Notes      []Note          `json:"notes,omitempty"`
	// Simulated is the total simulated requests; Evaluations the sizes
	// simulated (with any number of seeds).
	Simulated   int64 `json:"simulated_requests"`
	Evaluations int   `json:"evaluations"`
	// Spread is the widest relative spread of the first SLO's figure over
	// the seeds, among the simulated sizes that are not overloaded.
	Spread float64 `json:"spread"`
	// Precision is the goal each size ran to (open and closed models);
	// Undecided lists the sizes whose interval still straddled an SLO
	// when the budget ran out.
	Precision float64 `json:"precision,omitempty"`
	Undecided []int   `json:"undecided,omitempty"`
}

// Point returns the curve's point of size n, or nil.
func (r *Result) Point(n int) *Point {
	for i := range r.Curve {
		if r.Curve[i].Size == n {
			return &r.Curve[i]
		}
	}
	return nil
}

// Mode of a scenario's arrivals.
func modeOf(s model.Scenario) string {
	switch s.Arrival.Kind {
	case model.Burst:
		return "burst"
	case model.VUs:
		return "closed"
	}
	return "open"
}

// planner is one search. Its evaluations run on several goroutines at
// once (the seeds of a size, and sizes in batches): cache is guarded by
// mu, sims and evals are atomic, and everything else is set before the
// first evaluation and only read after. A Point in the cache is complete
// when stored and never changed after.
type planner struct {
	cfg  Config
	base model.Scenario
	knob Knob
	mode string
	reqs int
	warm int64
	// sem holds a token for each simulation that may run at once
	// (Workers of them). bufs (guarded by mu) are record buffers reused
	// from run to run (fresh memory for 80,000 records a seed was a tenth
	// of a plan's CPU): a run takes one and gives it back once its records
	// are reduced, or, paused to be extended (seedRun), once its point's
	// figures are made.
	sem   chan struct{}
	bufs  [][]slim
	mu    sync.Mutex
	cache map[int]*Point
	sims  atomic.Int64
	evals atomic.Int64
	// stableFrom is the first size not certainly overloaded (open model,
	// latency ceilings only), found by the search; 0 if not looked for.
	stableFrom int
}

// Run answers cfg. It checks ctx between simulations and returns ctx's
// error when cancelled. Errors about the question are *model.FieldError.
// Run is safe to call from several goroutines; the Result it returns is
// the caller's, and plain data.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	s := cfg.Scenario
	s.Normalize()
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if len(cfg.SLOs) == 0 {
		return nil, model.NewFieldError("--slo", "plan.err.slo.none")
	}
	knob := cfg.Knob
	if knob == "" {
		knob = DefaultKnob(s.Model)
	}
	if _, err := ParseKnob(string(knob), s.Model); err != nil {
		return nil, err
	}
	res := &Result{Knob: knob, SLOs: cfg.SLOs, Mode: modeOf(s), Today: knob.Get(s)}
	for _, o := range cfg.SLOs {
		if o.Class != "" && s.ClassIndex(o.Class) < 0 {
			return nil, model.NewFieldError("--slo", "plan.err.slo.class", o.Text, o.Class, classNames(s))
		}
		if o.Metric == "batch" && res.Mode != "burst" {
			return nil, model.NewFieldError("--slo", "plan.err.slo.batch", o.Text, s.Arrival.String())
		}
	}
	// The machine stays the same while the knob moves: cores not given
	// were "as many as threads", fixed now at today's count.
	if s.Cores == 0 && knob != Cores {
		s.Cores = s.CoreCount()
		res.Notes = append(res.Notes, Note{Key: "plan.note.cores", Args: []any{s.Cores}})
	}
	if cfg.Min == 0 {
		cfg.Min = 1
	}
	if cfg.Max == 0 {
		cfg.Max = DefaultMax
		if knob == Cores {
			cfg.Max = 256
		}
	}
	if cfg.Min < 1 || cfg.Min > MaxSize {
		return nil, model.NewFieldError("--min", "plan.err.range", cfg.Min, MaxSize)
	}
	if cfg.Max < cfg.Min || cfg.Max > MaxSize {
		return nil, model.NewFieldError("--max", "plan.err.max", cfg.Max, cfg.Min, MaxSize)
	}
	if knob == Loops && cfg.Max > s.CoreCount() {
		res.Notes = append(res.Notes, Note{Key: "plan.note.loops.cap", Args: []any{cfg.Max, s.CoreCount()}})
		cfg.Max = s.CoreCount()
		if cfg.Min > cfg.Max {
			return nil, model.NewFieldError("--min", "plan.err.loops.min", cfg.Min, s.CoreCount())
		}
	}
	if cfg.Requests == 0 {
		cfg.Requests = DefaultRequests
	}
	if cfg.Requests < 100 || cfg.Requests > MaxRequests {
		return nil, model.NewFieldError("--requests", "plan.err.requests", cfg.Requests, MaxRequests)
	}
	if cfg.Seeds == 0 {
		cfg.Seeds = DefaultSeeds
	}
	if cfg.MaxSeeds == 0 {
		cfg.MaxSeeds = max(DefaultMaxSeeds, cfg.Seeds)
	}
	if cfg.Seeds < 1 || cfg.Seeds > 100 || cfg.MaxSeeds < cfg.Seeds || cfg.MaxSeeds > 100 {
		return nil, model.NewFieldError("--seeds", "plan.err.seeds", cfg.Seeds)
	}
	if cfg.Warmup == 0 {
		cfg.Warmup = DefaultWarmup
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Curve <= 0 {
		cfg.Curve = DefaultCurve
	}
	if cfg.Precision == 0 {
		cfg.Precision = DefaultPrecision
	}
	if !(cfg.Precision > 0) || cfg.Precision > sim.MaxPrecision {
		return nil, model.NewFieldError("--precision", "conf.err.precision.range", cfg.Precision, sim.MaxPrecision*100)
	}
	if res.Mode == "burst" && s.Requests > MaxRequests {
		return nil, model.NewFieldError("--requests", "plan.err.requests", s.Requests, MaxRequests)
	}
	p := newPlanner(cfg, s, knob, res.Mode)
	res.Scenario, res.Min, res.Max, res.Seeds = s, cfg.Min, cfg.Max, cfg.Seeds
	res.SeedLimit = cfg.MaxSeeds
	if res.Mode == "burst" && !p.seeded() {
		res.Seeds, res.SeedLimit = 1, 1
		res.Notes = append(res.Notes, Note{Key: "plan.note.oneseed"})
	}
	res.Requests, res.Warmup = p.reqs, int(p.warm)
	if res.Mode != "burst" {
		res.Precision = cfg.Precision
	}
	if err := p.answer(ctx, res); err != nil {
		return nil, err
	}
	if cfg.Slowdown != nil {
		slowed, ok := cfg.Slowdown.Apply(s)
		if !ok {
			return nil, model.NewFieldError("--downstream-slowdown", "plan.err.slowdown.nomatch", cfg.Slowdown.From.String(), waitNames(s))
		}
		sp := newPlanner(cfg, slowed, knob, res.Mode)
		sr, err := sp.slowdown(ctx, res.Today, *cfg.Slowdown)
		if err != nil {
			return nil, err
		}
		res.Slow = sr
		res.Simulated += sp.sims.Load()
		res.Evaluations += int(sp.evals.Load())
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the caller has gone: an answer found without simulating is not delivered either
	}
	return res, nil
}

func classNames(s model.Scenario) string {
	var out string
	for i, c := range s.Classes {
		if i > 0 {
			out += ", "
		}
		out += c.Name
	}
	return out
}

func waitNames(s model.Scenario) string {
	var out string
	for _, c := range s.Classes {
		if c.Wait.IsZero() {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += c.Name + " " + c.Wait.Mean.String()
	}
	if out == "" {
		return "-"
	}
	return out
}

func newPlanner(cfg Config, s model.Scenario, knob Knob, mode string) *planner {
	p := &planner{cfg: cfg, base: s, knob: knob, mode: mode, sem: make(chan struct{}, cfg.Workers), cache: map[int]*Point{}}
	for range cfg.Workers {
		p.sem <- struct{}{}
	}
	p.reqs = cfg.Requests
	if mode == "burst" {
		p.reqs = s.Requests
	} else {
		p.warm = int64(math.Round(float64(p.reqs) * cfg.Warmup))
		if mode == "closed" {
			// Every user's first request goes out at once: leave out at
			// least two rounds of the users.
			p.warm = min(max(p.warm, 2*int64(s.Arrival.VUs)), int64(p.reqs)/2)
		}
	}
	return p
}

// answer searches, draws the curve, and fills res.
func (p *planner) answer(ctx context.Context, res *Result) error {
	ans, err := p.search(ctx)
	defer p.releaseHeld()
	if err != nil {
		return err
	}
	if ans > 0 {
		for _, n := range []int{ans, ans - 1} {
			if err := p.refine(ctx, n); err != nil {
				return err
			}
		}
		// Refined, the answer can turn undecided: search again from the
		// cache (refined points stay).
		p.mu.Lock()
		pt := p.cache[ans]
		p.mu.Unlock()
		if pt != nil && !pt.Met {
			if ans, err = p.search(ctx); err != nil {
				return err
			}
		}
	}
	res.Answer = ans
	if err := p.evalMany(ctx, p.curveSizes(ans, res.Today)); err != nil {
		return err
	}
	res.Curve = p.curve()
	for _, pt := range res.Curve {
		res.MaxSeeds = max(res.MaxSeeds, pt.Seeds)
		if pt.Simulated && !pt.Overloaded && len(pt.Values) > 0 {
			lo, hi := float64(pt.SeedMin[0]), float64(pt.SeedMax[0])
			if v := float64(pt.Values[0]); v > 0 && !math.IsNaN(lo) && !math.IsInf(lo, 0) {
				res.Spread = max(res.Spread, (hi-lo)/v)
			}
		}
	}
	p.answerNotes(res, ans)
	res.Knee = knee(res.Curve)
	for _, pt := range res.Curve {
		if pt.Undecided {
			res.Undecided = append(res.Undecided, pt.Size)
		}
	}
	if a := res.Point(ans); a != nil && p.mode != "burst" {
		res.Warmup = a.Warmup
	}
	res.Cross = crossCheck(p.base, p.knob, res)
	res.Simulated, res.Evaluations = p.sims.Load(), int(p.evals.Load())
	return nil
}

// curveSizes are the sizes the answer's curve shows: up to Curve sizes
// from the last certainly overloaded size (or Min) to Max when they fit,
// else to twice the answer, with the answer, the size below it and today's
// size, then the sizes that show what going bigger costs.
func (p *planner) curveSizes(ans, today int) []int {
	lo := max(p.cfg.Min, p.stableFrom-1)
	hi := p.cfg.Max
	if ans > 0 && p.cfg.Max-lo+1 > p.cfg.Curve {
		hi = min(p.cfg.Max, max(2*ans, lo+p.cfg.Curve/2))
	}
	sizes := spread(lo, hi, p.cfg.Curve)
	if lo > p.cfg.Min {
		sizes = append(sizes, p.cfg.Min)
	}
	extra := []int{today}
	if ans > 0 {
		extra = append(extra, ans, ans-1, 2*ans, 4*ans, p.cfg.Max)
	} else {
		extra = append(extra, p.cfg.Max)
	}
	for _, n := range extra {
		if n >= p.cfg.Min && n <= p.cfg.Max {
			sizes = append(sizes, n)
		}
	}
	slices.Sort(sizes)
	return slices.Compact(sizes)
}

// answerNotes adds to res, once its curve is simulated, what the answer
// ans needs said: saturation, a borderline or non-monotone curve, the
// limit when no size meets the SLOs, stalled precision, and sizes that
// failed before their warm-up ended.
func (p *planner) answerNotes(res *Result, ans int) {
	if ans > 0 {
		a := res.Point(ans)
		if u := a.Bottleneck.Util; u >= NearSaturation {
			res.Notes = append(res.Notes, Note{Key: "plan.note.saturation", Args: []any{ans, "plan.res." + a.Bottleneck.Name, u * 100}})
		}
		res.Few = a.Few
		res.Borderline = a.Borderline
		if b := res.Point(ans - 1); b != nil && b.Borderline {
			res.Borderline = true
		}
		for _, pt := range res.Curve {
			if pt.Size > ans && !pt.Met && !pt.Borderline {
				res.Notes = append(res.Notes, Note{Key: "plan.note.nonmonotone.above", Args: []any{pt.Size, ans}})
				break
			}
		}
		for _, pt := range res.Curve {
			if pt.Size < ans && pt.Met {
				res.Notes = append(res.Notes, Note{Key: "plan.note.nonmonotone.below", Args: []any{pt.Size, ans}})
				break
			}
		}
	} else {
		last := res.Curve[len(res.Curve)-1]
		b := last.Bottleneck
		res.Limit = &b
		if p.knob == Loops {
			res.Notes = append(res.Notes, Note{Key: "plan.note.loops.never", Args: []any{p.cfg.Max}})
		}
	}
	for _, n := range []int{ans, ans - 1} {
		if pt := res.Point(n); ans > 0 && pt != nil && pt.Stalled != nil {
			st := pt.Stalled
			res.Notes = append(res.Notes, Note{Key: "plan.note.stalled", Args: []any{n, p.cfg.Precision * 100, group(int64(st.FromRequests)), group(int64(st.ToRequests)), st.From * 100, st.To * 100}})
		}
	}
	var early []string
	for _, pt := range res.Curve {
		if pt.Simulated && !pt.Converged && !pt.Overloaded && pt.SameAs == 0 && !pt.Undecided && p.failedFromEmpty(&pt) {
			early = append(early, strconv.Itoa(pt.Size))
		}
	}
	if len(early) > 0 {
		key := "plan.note.failed_early"
		if len(early) > 1 {
			key = "plan.note.failed_early_many"
		}
		res.Notes = append(res.Notes, Note{Key: key, Args: []any{strings.Join(early, ", ")}})
	}
}

// search is the exponential then binary search for the smallest size that
// meets every SLO (0 if Max does not).
func (p *planner) search(ctx context.Context) (int, error) {
	lo, hi := p.cfg.Min, p.cfg.Max
	x := lo
	// Sizes certainly overloaded need not be tried when every SLO is a
	// latency ceiling: start at the first that is not.
	if p.mode == "open" && p.ceilingsOnly() {
		a, b := lo, hi+1
		for a < b {
			m := (a + b) / 2
			if Bottleneck(p.knob.Set(p.base, m)).Util >= 1 {
				a = m + 1
			} else {
				b = m
			}
		}
		p.stableFrom = a
		if a > hi {
			// Even Max is overloaded: say so from Max's simulation.
			pt, err := p.evalHeld(ctx, hi)
			if err != nil || pt.Met {
				return ifMet(pt, hi), err
			}
			return 0, nil
		}
		x = a
	}
	fail := x - 1
	for {
		pt, err := p.evalHeld(ctx, x)
		if err != nil {
			return 0, err
		}
		if pt.Met {
			break
		}
		p.releaseHeld(x) // only the last failure can be the size below the answer
		fail = x
		if x >= hi {
			return 0, nil
		}
		x = min(hi, max(x+1, 2*x))
	}
	for fail+1 < x {
		m := (fail + x) / 2
		pt, err := p.evalHeld(ctx, m)
		if err != nil {
			return 0, err
		}
		if pt.Met {
			x = m
		} else {
			fail = m
		}
		p.releaseHeld(fail, x) // the answer is x or above, the size below it fail or above
	}
	return x, nil
}

func ifMet(pt *Point, n int) int {
	if pt != nil && pt.Met {
		return n
	}
	return 0
}

func (p *planner) ceilingsOnly() bool {
	for _, o := range p.cfg.SLOs {
		if !o.Ceiling() {
			return false
		}
	}
	return true
}

// spread returns up to n sizes from lo to hi: all of them when they fit,
// else evenly spaced (geometrically when hi/lo is large).
func spread(lo, hi, n int) []int {
	if hi-lo+1 <= n {
		out := make([]int, 0, hi-lo+1)
		for i := lo; i <= hi; i++ {
			out = append(out, i)
		}
		return out
	}
	out := make([]int, 0, n)
	geo := float64(hi)/float64(lo) > 8
	for i := 0; i < n; i++ {
		f := float64(i) / float64(n-1)
		var v float64
		if geo {
			v = float64(lo) * math.Pow(float64(hi)/float64(lo), f)
		} else {
			v = float64(lo) + f*float64(hi-lo)
		}
		out = append(out, int(math.Round(v)))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// evalMany evaluates sizes in ascending order, Workers sizes at a time (each
// size's seeds run in parallel too), so a larger size can reuse a smaller
// one's runs when they are exactly the same (noWaitBelow).
func (p *planner) evalMany(ctx context.Context, sizes []int) error {
	sorted := slices.Clone(sizes)
	slices.Sort(sorted)
	for len(sorted) > 0 {
		batch := sorted[:min(len(sorted), p.cfg.Workers)]
		sorted = sorted[len(batch):]
		var wg sync.WaitGroup
		errs := make([]error, len(batch))
		for i, n := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = p.eval(ctx, n)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// eval returns the point of size n, simulating it (with more seeds while
// it is a close call) if not yet done.
func (p *planner) eval(ctx context.Context, n int) (*Point, error) {
	return p.evalTo(ctx, n, false, false)
}

// evalHeld is eval for the search: the point is held (see made), so that
// refine can run it on from where it stopped.
func (p *planner) evalHeld(ctx context.Context, n int) (*Point, error) {
	return p.evalTo(ctx, n, false, true)
}

// refine runs size n on until its figures are also within the precision
// goal (the answer and the size below it: the figures a reader acts on):
// a held point goes on from its paused seeds, where it stopped; any
// other is simulated again, replacing the cached point. Both give the
// same point, run for run.
func (p *planner) refine(ctx context.Context, n int) error {
	p.mu.Lock()
	pt, ok := p.cache[n]
	p.mu.Unlock()
	if !ok || !pt.Simulated || pt.Overloaded || pt.SameAs > 0 || p.mode == "burst" || p.settled(pt, true) {
		return nil
	}
	if pt.held && len(pt.runs) > 0 {
		s := p.knob.Set(p.base, n)
		err := p.runOn(ctx, s, pt, true)
		pt.held = false
		p.made(pt, s, false) // from its longer runs: one may have met a wait the shorter did not
		return err
	}
	p.mu.Lock()
	delete(p.cache, n)
	p.mu.Unlock()
	_, err := p.evalTo(ctx, n, true, false)
	return err
}

// evalTo is eval; precise also runs on until every figure is within the
// precision goal (otherwise a size stops once decided and converged);
// held keeps the point's runs and seeds (see made).
func (p *planner) evalTo(ctx context.Context, n int, precise, held bool) (*Point, error) {
	p.mu.Lock()
	if pt, ok := p.cache[n]; ok {
		p.mu.Unlock()
		return pt, nil
	}
	p.mu.Unlock()
	s := p.knob.Set(p.base, n)
	pt := &Point{Size: n, Bottleneck: Bottleneck(s)}
	if p.mode == "open" && p.ceilingsOnly() && pt.Bottleneck.Util >= 1 {
		pt.Overloaded = true
		nan := make([]Num, len(p.cfg.SLOs))
		for i := range nan {
			nan[i] = Num(math.NaN())
		}
		pt.Values, pt.SeedMin, pt.SeedMax = nan, nan, nan
		pt.Samples = make([]int, len(p.cfg.SLOs))
		pt.RPS, pt.MeanMS, pt.QueueMS, pt.InFlight = Num(math.NaN()), Num(math.NaN()), Num(math.NaN()), Num(math.NaN())
		pt.Cost = costOf(s, math.NaN(), 0)
		p.store(pt)
		return pt, nil
	}
	if q := p.noWaitBelow(n); q != nil {
		// Exact reuse: in a pool where no request ever waited for a thread
		// at a smaller size, more threads only add idle ones, and every
		// seed's run is the same, event for event.
		c := *q
		c.Size, c.SameAs, c.Bottleneck = n, q.Size, pt.Bottleneck
		c.runs, c.seeds, c.held = nil, nil, false // q's, if held, are q's alone
		c.Cost = costOf(s, float64(q.RPS), 0)
		p.store(&c)
		return &c, nil
	}
	p.evals.Add(1)
	seeds := p.cfg.Seeds
	if p.mode == "burst" && !p.seeded() {
		seeds = 1 // nothing is drawn: every seed gives the same run
	}
	pt.reqs = p.reqs
	if err := p.addRuns(ctx, s, pt, seeds); err != nil {
		p.release(pt)
		return nil, err
	}
	p.summarize(s, pt)
	if err := p.runOn(ctx, s, pt, precise); err != nil {
		p.release(pt)
		return nil, err
	}
	// Only a point refine may run on is held: not a burst, not overloaded,
	// not already within the precision goal (refine's own tests).
	p.made(pt, s, held && p.mode != "burst" && !pt.Overloaded && !p.settled(pt, true))
	p.store(pt)
	return pt, nil
}

// runOn runs a summarized point on (longer, then with more seeds) until
// it is settled, or stalled (see Stall), or its budget is spent.
func (p *planner) runOn(ctx context.Context, s model.Scenario, pt *Point, precise bool) error {
	for {
		seeds := len(pt.runs)
		if p.mode == "burst" {
			if !pt.Borderline || seeds >= p.cfg.MaxSeeds {
				return nil
			}
			seeds = min(p.cfg.MaxSeeds, 2*seeds)
		} else {
			// Open and closed: run longer until decided, converged and
			// precise; then, if still a straddle, more seeds.
			if pt.Overloaded || p.settled(pt, precise) {
				return nil
			}
			// A decided, converged size that runs on only for precision
			// stops when a doubling did not narrow its interval.
			h := p.halfWidth(pt)
			if precise && pt.Converged && !pt.Undecided && pt.prevReqs > 0 && h >= pt.prevH {
				pt.Stalled = &Stall{FromRequests: pt.prevReqs, ToRequests: pt.reqs, From: pt.prevH, To: h}
				return nil
			}
			if pt.Converged && !pt.Undecided {
				pt.prevReqs, pt.prevH = pt.reqs, h
			} else {
				pt.prevReqs = 0
			}
			switch {
			case pt.reqs < MaxRequests:
				pt.reqs = min(MaxRequests, 2*pt.reqs)
				pt.runs = nil
				if p.cfg.Progress != nil { // a long size still says it is working
					p.cfg.Progress(pt.Size, int(p.evals.Load())-1)
				}
			case pt.Undecided && seeds < p.cfg.MaxSeeds:
				seeds = min(p.cfg.MaxSeeds, 2*seeds)
			default:
				return nil
			}
		}
		if err := p.addRuns(ctx, s, pt, seeds); err != nil {
			return err
		}
		p.summarize(s, pt)
	}
}

// made records that pt's figures are made. A held point (the search's:
// it may become the answer or the size below it, which refine runs on)
// keeps its runs and its paused seeds until releaseHeld; any other gives
// them back now. Its figures are made, and a stored point is never
// summarized again unless refine runs it on, so its samples, up to
// MaxRequests a seed, need not stay for the rest of the plan.
func (p *planner) made(pt *Point, s model.Scenario, held bool) {
	pt.RequestsPerSeed = pt.reqs
	pt.Simulated = true
	if p.cfg.Progress != nil {
		p.cfg.Progress(pt.Size, int(p.evals.Load()))
	}
	// Whether no request waited for a thread in any of its last runs,
	// in a pool sized by threads (see noWaitBelow).
	pt.noWait = p.knob == Threads && s.Model == model.Pool
	for _, r := range pt.runs {
		pt.noWait = pt.noWait && !r.waited
	}
	if held {
		pt.held = true
		return
	}
	p.release(pt)
	pt.runs = nil
}

// releaseHeld gives back the runs and seeds of every held point but keep
// (sizes; the search's bracket), or of all of them when keep is empty.
func (p *planner) releaseHeld(keep ...int) {
	var drop []*Point
	p.mu.Lock()
	for n, pt := range p.cache {
		if pt.held && !slices.Contains(keep, n) {
			drop = append(drop, pt)
		}
	}
	p.mu.Unlock()
	for _, pt := range drop {
		p.release(pt) // takes mu for the buffers
		pt.runs, pt.held = nil, false
	}
}

// noWaitBelow returns a simulated size below n at which no request waited
// for a thread in any seed, if the cache has one.
func (p *planner) noWaitBelow(n int) *Point {
	p.mu.Lock()
	defer p.mu.Unlock()
	var best *Point
	for m, pt := range p.cache {
		if m < n && pt.noWait && pt.SameAs == 0 && (best == nil || m < best.Size) {
			best = pt
		}
	}
	return best
}

func (p *planner) store(pt *Point) {
	p.mu.Lock()
	if _, ok := p.cache[pt.Size]; !ok {
		p.cache[pt.Size] = pt
	}
	p.mu.Unlock()
}

// seeded reports whether the scenario draws anything from its seed.
func (p *planner) seeded() bool {
	s := p.base
	if s.Arrival.Kind == model.Poisson || (len(s.Classes) > 1 && s.Placement.Kind == model.Random) {
		return true
	}
	for _, c := range s.Classes {
		if c.CPU.Kind == model.Exp || c.Wait.Kind == model.Exp {
			return true
		}
	}
	return !s.Think.IsZero() && s.Think.Kind == model.Exp
}

// addRuns simulates seeds len(pt.runs) .. want-1 of s, in parallel, at
// pt.reqs requests each. A seed that ran at fewer requests for this point
// (the point doubles its requests until it is precise) is extended rather
// than simulated again from its start, where the simulator allows it
// (sim.Paused): its run of pt.reqs is the same, record for record.
func (p *planner) addRuns(ctx context.Context, s model.Scenario, pt *Point, want int) error {
	have := len(pt.runs)
	if want <= have {
		return nil
	}
	for len(pt.seeds) < want {
		pt.seeds = append(pt.seeds, nil)
	}
	runs := make([]run, want-have)
	errs := make([]error, len(runs))
	var wg sync.WaitGroup
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case <-p.sem:
			case <-ctx.Done():
				errs[i] = ctx.Err()
				return
			}
			defer func() { p.sem <- struct{}{} }()
			if err := ctx.Err(); err != nil {
				errs[i] = err
				return
			}
			sc := s
			sc.Seed = s.Seed + int64(have+i)
			sc.Requests = pt.reqs
			recs, err := p.simulate(ctx, sc, &pt.seeds[have+i])
			if err != nil {
				errs[i] = fmt.Errorf("plan: simulate %s=%d seed %d: %w", p.knob, pt.Size, sc.Seed, err)
				return
			}
			runs[i] = reduce(sc, recs, p.warm, p.cfg.SLOs, p.mode != "burst")
			p.done(&pt.seeds[have+i], recs)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	pt.runs = append(pt.runs, runs...)
	return nil
}

// seedRun is one seed of a point that may run longer: its run, paused
// before its last request arrives, and the records of the completions
// before the pause: the parts of the shorter runs it was extended from
// (full), then cur, whose first kept records are the latest run's (the
// drain's follow them while they are reduced). A longer run goes on in a
// new part, so no record is copied or grown into fresh memory.
type seedRun struct {
	paused *sim.Paused
	full   records
	cur    []slim
	kept   int
}

func (r *seedRun) records() records { return append(r.full[:len(r.full):len(r.full)], r.cur) }

// simulate returns the records of sc's run. A run that can be extended
// and may be (below MaxRequests) is kept in *sr, paused, and is extended
// the next time the point asks for more requests; any other run is
// simulated whole into a buffer from the pool.
func (p *planner) simulate(ctx context.Context, sc model.Scenario, sr **seedRun) (records, error) {
	if r := *sr; r != nil {
		before := r.paused.Requests()
		have := r.full.len() + r.kept
		r.cur = r.cur[:r.kept]
		r.full = append(r.full, r.cur)
		r.cur, r.kept = p.buffer(sc.Requests-have), 0
		err := r.paused.Extend(ctx, sc.Requests)
		if err == nil {
			p.sims.Add(int64(sc.Requests - before))
			r.kept = len(r.cur)
			if _, err := r.paused.Finish(ctx); err != nil {
				return nil, err
			}
			return r.records(), nil
		}
		if !errors.Is(err, sim.ErrNotExtendable) {
			return nil, err
		}
		// Not to be extended (a schedule that ended): simulate it anew.
		p.putBuffers(r.records())
		*sr = nil
	}
	opt := sim.Options{RecordsOnly: true}
	if sc.Requests < MaxRequests && sim.Extendable(sc, opt) {
		r := &seedRun{cur: p.buffer(sc.Requests)}
		opt.OnDone = func(rec model.Record) { r.cur = append(r.cur, slimOf(rec)) }
		paused, err := sim.RunPaused(ctx, sc, opt)
		if err != nil {
			p.putBuffers(r.records())
			return nil, err
		}
		p.sims.Add(int64(sc.Requests))
		r.paused, r.kept = paused, len(r.cur)
		if _, err := paused.Finish(ctx); err != nil {
			p.putBuffers(r.records())
			return nil, err
		}
		*sr = r
		return r.records(), nil
	}
	recs := p.buffer(sc.Requests)
	opt.OnDone = func(r model.Record) { recs = append(recs, slimOf(r)) }
	if _, err := sim.RunContext(ctx, sc, opt); err != nil {
		p.putBuffers(records{recs})
		return nil, err
	}
	p.sims.Add(int64(sc.Requests))
	return records{recs}, nil
}

// done is called once a run's records are reduced: a paused seed drops
// its drain's records (a longer run goes on from the pause, not from the
// drain), any other run's buffer goes back to the pool.
func (p *planner) done(sr **seedRun, recs records) {
	if r := *sr; r != nil && r.paused.Requests() < MaxRequests {
		r.cur = r.cur[:r.kept]
		return
	}
	// A run at MaxRequests is never extended: its memory goes back now,
	// not when its point is made.
	*sr = nil
	p.putBuffers(recs)
}

// release gives a point's paused seeds' buffers back: its figures are
// made, and it runs no longer.
func (p *planner) release(pt *Point) {
	for _, r := range pt.seeds {
		if r != nil {
			p.putBuffers(r.records())
		}
	}
	pt.seeds = nil
}

// buffer returns an empty record buffer with room for n: the smallest in
// the pool that has it, or a new one (the pool's largest is dropped
// then, so that the pool keeps the sizes the plan uses).
func (p *planner) buffer(n int) []slim {
	p.mu.Lock()
	best, large := -1, -1
	for i, b := range p.bufs {
		if cap(b) >= n && (best < 0 || cap(b) < cap(p.bufs[best])) {
			best = i
		}
		if large < 0 || cap(b) > cap(p.bufs[large]) {
			large = i
		}
	}
	take := best
	if take < 0 {
		take = large
	}
	var b []slim
	if take >= 0 {
		b = p.bufs[take]
		p.bufs = slices.Delete(p.bufs, take, take+1)
	}
	p.mu.Unlock()
	if cap(b) < n {
		b = make([]slim, 0, n)
	}
	return b[:0]
}

func (p *planner) putBuffers(rs records) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, b := range rs {
		p.bufs = append(p.bufs, b[:0])
	}
	// The pool keeps as many buffers as a batch of sizes has seeds (its
	// paused seeds hold theirs between runs), the largest: a buffer no run
	// takes again is memory the plan keeps for nothing.
	for len(p.bufs) > p.cfg.Workers*p.cfg.Seeds {
		small := 0
		for i, x := range p.bufs {
			if cap(x) < cap(p.bufs[small]) {
				small = i
			}
		}
		p.bufs = slices.Delete(p.bufs, small, small+1)
	}
}

// summarize computes a point's figures from its runs.
func (p *planner) summarize(s model.Scenario, pt *Point) {
	k := len(p.cfg.SLOs)
	pt.Seeds = len(pt.runs)
	pt.Values, pt.SeedMin, pt.SeedMax = make([]Num, k), make([]Num, k), make([]Num, k)
	pt.Samples = make([]int, k)
	pt.Borderline, pt.Few = false, false
	var rps, mean, q, drain float64
	peak := 0
	for _, r := range pt.runs {
		rps += r.rps
		mean += r.meanLat
		q += r.meanQ
		drain += r.drain
		peak = max(peak, r.inFlight)
	}
	n := float64(len(pt.runs))
	rps, mean, q, drain = rps/n, mean/n, q/n, drain/n
	pt.RPS, pt.MeanMS, pt.QueueMS = Num(rps), Num(mean), Num(q)
	pt.InFlight = Num(rps * mean / 1e3)
	pt.Overloaded = p.mode == "open" && (pt.Bottleneck.Util >= 1 || drain > overloadDrain)
	pt.Met = true
	detect := p.mode != "burst"
	if detect {
		pt.CI, pt.Verdicts = make([][2]Num, k), make([]string, k)
		pt.Undecided, pt.Converged = false, true
		w := 0
		for _, r := range pt.runs {
			pt.Converged = pt.Converged && r.conv
			w += r.warm
		}
		pt.Warmup = w / max(len(pt.runs), 1)
	}
	for i, o := range p.cfg.SLOs {
		per := make([]float64, len(pt.runs))
		for j, r := range pt.runs {
			per[j] = seedFigure(o, r, i)
		}
		var v float64
		if o.Latency() {
			var all int
			v, all = pooledFigure(o, pt.runs, i)
			pt.Samples[i] = all
			if !enough(o, all) {
				pt.Few = true
			}
		} else {
			for _, x := range per {
				v += x
			}
			v /= n
			pt.Samples[i] = len(pt.runs)
		}
		lo, hi := minmax(per)
		pt.Values[i], pt.SeedMin[i], pt.SeedMax[i] = Num(v), Num(lo), Num(hi)
		if detect {
			var ci [2]Num
			if o.Latency() {
				es := make([]est, len(pt.runs))
				for j, r := range pt.runs {
					es[j] = r.est[i]
				}
				ci, _ = pooledCI(v, es)
			} else {
				ci, _ = seedsCI(per)
			}
			pt.CI[i] = ci
			vd := verdict(o, ci)
			if pt.Overloaded && o.Ceiling() {
				vd = VerdictFailed
			}
			pt.Verdicts[i] = vd
			pt.Met = pt.Met && vd == VerdictMet
			if vd == VerdictUndecided {
				pt.Undecided = true
			}
			continue
		}
		ok := o.Meets(v) && !(pt.Overloaded && o.Ceiling())
		pt.Met = pt.Met && ok
		if se := stderr(per); se > 0 && math.Abs(v-o.Value) < 2*se && !(pt.Overloaded && o.Ceiling()) {
			pt.Borderline = true
		}
	}
	if detect {
		// A size that certainly fails one SLO is failed, whatever the
		// others' intervals: it runs no longer to decide them.
		if slices.Contains(pt.Verdicts, VerdictFailed) {
			pt.Undecided = false
		}
		pt.Borderline = pt.Undecided
	}
	pt.Cost = costOf(s, rps, peak)
}

// knee is the size past which the first SLO's figure improves little: the
// point of the curve farthest from the chord between its first and last
// stable points (figures normalised to [0,1]).
func knee(curve []Point) int {
	var xs, ys []float64
	var ns []int
	for _, pt := range curve {
		if !pt.Simulated || pt.Overloaded || len(pt.Values) == 0 || math.IsNaN(float64(pt.Values[0])) {
			continue
		}
		xs, ys, ns = append(xs, float64(pt.Size)), append(ys, float64(pt.Values[0])), append(ns, pt.Size)
	}
	if len(ns) == 0 {
		return 0
	}
	if len(ns) < 3 {
		return ns[0]
	}
	x0, x1 := xs[0], xs[len(xs)-1]
	y0, y1 := minmax(ys)
	if x1 == x0 || y1 == y0 {
		return ns[0]
	}
	best, at := -1.0, ns[0]
	fy0, fy1 := (ys[0]-y0)/(y1-y0), (ys[len(ys)-1]-y0)/(y1-y0)
	for i := range xs {
		x := (xs[i] - x0) / (x1 - x0)
		y := (ys[i] - y0) / (y1 - y0)
		line := fy0 + (fy1-fy0)*x
		if d := math.Abs(y - line); d > best+1e-12 {
			best, at = d, ns[i]
		}
	}
	return at
}

// slowdown answers the question again for the slowed scenario, and
// measures it at today's size.
func (p *planner) slowdown(ctx context.Context, today int, d Slowdown) (*SlowdownResult, error) {
	sr := &SlowdownResult{Slowdown: d, Today: today}
	ans, err := p.search(ctx)
	if err != nil {
		return nil, err
	}
	sr.Answer = ans
	if today >= 1 {
		pt, err := p.eval(ctx, today)
		if err != nil {
			return nil, err
		}
		at := *pt
		at.runs = nil
		sr.AtToday = &at
		s := p.knob.Set(p.base, today)
		rate, open := openRate(s)
		if !open {
			rate = float64(pt.RPS)
		}
		sr.Rate = rate
		if !math.IsNaN(float64(pt.MeanMS)) {
			sr.InFlight = rate * float64(pt.MeanMS) / 1e3
			sr.Queued = rate * float64(pt.QueueMS) / 1e3
		}
		dm := demandOf(s)
		if s.Model == model.Pool {
			sr.Holding = rate * (dm.cpu + dm.held)
			sr.Excess = max(0, sr.Holding-float64(s.Threads))
		}
		if b := pt.Bottleneck; open && b.Util > 1 {
			sr.Growth = rate - b.Capacity
		}
	}
	sr.Curve = p.curve()
	return sr, nil
}

// curve returns every evaluated size in order, without the raw samples
// (the figures are what the result keeps).
func (p *planner) curve() []Point {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]Point, 0, len(p.cache))
	for _, pt := range p.cache {
		c := *pt
		c.runs = nil
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Point) int { return a.Size - b.Size })
	return out
}
