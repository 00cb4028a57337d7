package probe

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/plan"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/stats"
)

// Fit tolerances, each with why.
const (
	// FitTol is the largest relative p99 residual of a step below
	// FitBelow of the ceiling before the fit is called off (the issue's
	// acceptance: 15%).
	FitTol   = 0.15
	FitBelow = 0.9
	// expSpread: a no-load service time whose p90 is this many times its
	// p50 is modelled as exponential (an exponential's ratio is 3.3, a
	// fixed one's 1); below it, fixed.
	expSpread = 1.8
	// uslTol: a USL peak this far from the measured ceiling is a
	// disagreement worth naming.
	uslTol = 0.15
	// cfTol: closed form against the simulator (plan's M/D/c tolerance).
	cfTol    = plan.TolMDc
	simSeeds = 3
	maxSeeds = 16
	// neighboursBound: other processes using this share of the machine
	// (%) during a step make every figure partly the machine's.
	neighboursBound = 50.0
	// quietBound: a compared step at which other processes took this
	// share of the machine (%) or more is judged apart in the fit: on 2
	// CPUs that is 0.4 of a core taken from the target and the
	// generator, and their wake-ups wait behind it (measured here: a
	// pool of 8 x 20 ms read +80% at 88%, a 4 ms CPU handler +890% at
	// 22%).
	quietBound = 20.0
)

// Prediction is the fitted model at one step's rate.
type Prediction struct {
	P50MS float64 `json:"p50_ms"`
	P99MS float64 `json:"p99_ms"`
	P99Lo float64 `json:"p99_lo_ms"` // over the seeds
	P99Hi float64 `json:"p99_hi_ms"`
	// P999MS is the seeds' highest p99.9: the longest tail one window of
	// the model reads (tailStep).
	P999MS float64  `json:"p999_ms"`
	RPS    float64  `json:"rps"`
	ResP50 plan.Num `json:"residual_p50"` // (measured - predicted) / predicted
	ResP99 plan.Num `json:"residual_p99"`
	ResRPS plan.Num `json:"residual_rps"`
	// Compared: the step is below FitBelow of the ceiling, where the fit
	// is held to FitTol (above it a real server sheds or times out what a
	// model's unbounded queue keeps).
	Compared bool `json:"compared"`
	// Closed-form figures (NaN: none).
	CFP50MS plan.Num `json:"closed_form_p50_ms"`
	CFP99MS plan.Num `json:"closed_form_p99_ms"`
	USLRPS  plan.Num `json:"usl_rps"`
}

// USL is the Universal Scalability Law fitted to (in flight, throughput)
// points: X(N) = lambda N / (1 + sigma (N-1) + kappa N (N-1)).
type USL struct {
	Lambda float64  `json:"lambda_rps"` // throughput of one request in flight
	Sigma  float64  `json:"sigma"`      // contention
	Kappa  float64  `json:"kappa"`      // coherency
	NStar  plan.Num `json:"n_star"`     // concurrency of peak throughput (null: none, kappa 0)
	Peak   float64  `json:"peak_rps"`
	Points int      `json:"points"`
}

// At is the USL's throughput at concurrency n.
func (u *USL) At(n float64) float64 {
	return u.Lambda * n / (1 + u.Sigma*(n-1) + u.Kappa*n*(n-1))
}

// ClosedForm names the queueing formula beside the simulator.
type ClosedForm struct {
	Kind    string  `json:"kind"` // M/M/c, M/D/c (approximation), M/D/1+D (serialized)
	Servers int     `json:"servers"`
	HoldMS  float64 `json:"hold_ms"`
	RestMS  float64 `json:"rest_ms,omitempty"` // serialized: the service time outside the section
	Approx  bool    `json:"approximation"`
}

// analyze fills the verdict, the fitted scenario and the predictions.
//
// It returns the fit's largest residuals (simStep -1 when no step was
// predicted), which the search reads to decide a retake.
func analyze(cfg *Config, res *Result, s0 float64) worstFit {
	none := worstFit{simStep: -1, cfStep: -1, busyStep: -1, lateStep: -1}
	lang := cfg.Lang
	s0, s0p50, s0p90, s0q := noLoadService(res.Steps, s0)
	for i := range res.Steps {
		res.Steps[i].Busy = math.Round(res.Steps[i].OKRPS*s0/1e3*10) / 10
	}
	res.ServiceMS, res.ServiceP50 = round3(s0), round3(s0p50)
	if s0 <= 0 {
		res.ShapeName = string(Unbounded)
		return none
	}
	apart := res.Placement != nil && !res.Placement.Shared && res.Placement.Failed == ""
	v := classify(res.Steps, s0, s0p50, machineCPUs(res.Steps), apart, lang)
	if res.Stall != nil && v.Shape != Generator {
		loopBlocked(&v, res.Stall, lang)
	} else {
		res.Stall = nil
	}
	res.Shape, res.ShapeName, res.Confidence = v.Shape, string(v.Shape), math.Round(v.Confidence*100)/100
	res.RunnerUp = string(v.RunnerUp)
	res.Limit, res.CeilingRPS = v.Limit, v.Ceiling
	if v.Shape == ConnCap {
		cc := v.Conns
		res.ConnCap = &cc
	}
	if v.Shape == Unbounded {
		res.GaveOut = v.GaveOut
	}
	res.Evidence = append(res.Evidence, v.Evidence...)
	res.Warnings = append(res.Warnings, v.Warnings...)
	machineWarnings(res, lang)
	if v.Shape == Undecided {
		// Nothing to fit: the evidence names what would decide it.
		for i := range v.Evidence {
			if strings.HasPrefix(v.Evidence[i].Key, "probe.undecided.") {
				res.Undecided = &v.Evidence[i]
			}
		}
		res.Limit = nil
		return none
	}
	if v.Shape == Generator {
		res.Limit, res.CeilingRPS = nil, nil
		res.Notes = append(res.Notes, note(lang, "probe.note.no_conclusion"))
		return none
	}
	dist := model.FixedDist
	res.Dist = "fixed"
	if s0p50 > 0 && s0p90/s0p50 > expSpread {
		dist, res.Dist = model.ExpDist, "exponential"
	}
	sFit := s0
	if v.Shape == LoopBlocked {
		// The stalls are the blocking class's: the other requests' time
		// is the median, held fixed, not a mean and a spread the stalls
		// stretched (a loop at 1% x 100 ms read "exp:61.7ms" for 50 ms).
		dist, res.Dist, sFit = model.FixedDist, "fixed", s0p50
	}
	res.Fit = fitCPU(res.Steps, sFit)
	hold := holdTime(v, s0, res.Dist, res.Fit)
	sc := fitScenario(v, s0, dist, res)
	if sc == nil {
		return none
	}
	res.Fit.Threads, res.Fit.Cores = sc.Threads, sc.CoreCount()
	if res.Dist == "fixed" && v.Shape != LoopBlocked {
		// An exponential holding time carries its own spread; a stalled
		// loop's light steps carry the stalls, which the model makes.
		q, from := lightQuantiles(res.Steps, s0p50, res.CeilingRPS, queueServers(v, sc))
		if q == nil {
			q, from = s0q, nil
		}
		res.Spread = newSpread(q, hold)
		if res.Spread != nil {
			res.Spread.From = from
		}
	}
	res.Scenario = sc
	res.Closed = closedFormOf(v, hold, res.Dist)
	res.USL = fitUSL(res.Steps, s0)
	w := fitSlice(cfg, res, sc)
	fitNotes(res, w, v, s0, lang)
	return w
}

// cpuScenario makes sc the fit of a CPU-bound server (fm its CPU and
// wait, filled as it goes).
func cpuScenario(sc *model.Scenario, v Verdict, s0 float64, dist func(time.Duration) model.Dist, fm *FitModel, steps []Step) {
	ms := func(x float64) time.Duration { return time.Duration(x * 1e6).Round(time.Microsecond) }
	// The cores' worth the target was seen to use at its ceiling (its
	// CPU per request times the ceiling), not the CPUs it may use: the
	// generator and the neighbours took the rest. A fraction of a
	// core is whole cores each that much slower (the CPU per request
	// stretched by cores / used, the wait shortened as much, so the
	// no-load service time stays s0), which puts the model's ceiling
	// where the server's was: rounded to whole cores instead, a
	// target that had 1.62 of 2 CPUs was modelled 23% faster than it
	// ran and its p99 read 71% under the measured.
	cpu := s0
	if fm.CPUMS > 0 {
		cpu = fm.CPUMS
	}
	used := 1.0
	if v.Ceiling != nil && *v.Ceiling > 0 {
		used = *v.Ceiling * cpu / 1e3
	}
	cores := max(int(math.Ceil(used-0.05)), 1)
	stretched := cpu
	if used < wholeCore*float64(cores) {
		stretched = cpu * float64(cores) / used
		fm.CoreSpeed, fm.CoresUsed = round3(used/float64(cores)), round3(used)
	}
	wait := math.Max(s0-stretched, 0)
	cl := model.Class{Name: "request", Fraction: 1, CPU: model.FixedDist(ms(stretched))}
	if fm.CPUMS <= 0 {
		cl.CPU = dist(ms(stretched))
	} else if wait >= 0.001 {
		cl.Wait = dist(ms(wait))
	}
	fm.WaitMS = round3(wait)
	// With the server's threads known, a pool of them taking turns on
	// the cores, as the kernel slices them; else threads that never
	// bind (the CPU did first). A waitlab target reports its threads;
	// a pre-fork server's are its children's (serveThreads).
	threads, from := serveThreads(steps)
	if threads > cores {
		fm.ThreadsFrom = from
	}
	sc.Model, sc.Threads, sc.Cores = model.Virtual, cores, cores
	if threads > cores {
		sc.Model, sc.Threads = model.Pool, threads
		sl := kernelSlice(machineCPUs(steps))
		sc.Slice = model.FixedDist(sl)
		fm.SliceMS = round3(float64(sl) / 1e6)
	}
	sc.Classes = []model.Class{cl}
	fm.Cores, fm.CoresFrom = cores, "ceiling"
}

// loopBlockedScenario makes sc the fit of a stalled loop: its loops (one
// when they cannot be told), each request's service time (normal) a wait
// the loop registers, and the blocking class: the stall's share of the
// requests, each holding its loop for the stall's length.
func loopBlockedScenario(sc *model.Scenario, st *Stall, normal model.Class) {
	sc.Model, sc.Threads = model.Loop, max(st.Loops, 1)
	normal.Name, normal.Fraction = "normal", 1-st.StallShare
	blocking := model.Class{Name: "blocking", Fraction: st.StallShare, Blocking: true,
		Wait: model.FixedDist(time.Duration(st.StallMS * 1e6).Round(time.Microsecond))}
	sc.Classes = []model.Class{normal, blocking}
	sc.Placement = model.Placement{Kind: model.Random}
}

// fitSlice predicts every step with sc and, when sc takes turns in
// slices and fits badly, once more with each request's CPU run to its
// end; it keeps the better of the two (sc and the steps' predictions
// changed to match) and says so in res.Fit.
//
// Why both: who slices a server's cores is not visible from outside. The
// kernel gives runnable threads turns of about 1.5 ms (gunicorn's
// workers, Tomcat's threads), but a Go server whose goroutines hold the
// scheduler's few Ps is preempted only after 10 ms, so a request's few
// milliseconds of CPU run to their end, first come first served: a pool
// of 8 x (4 ms CPU + 8 ms wait) on one CPU read p99 +18% against the
// sliced model and 0% against the run-to-end one.
func fitSlice(cfg *Config, res *Result, sc *model.Scenario) worstFit {
	w := predictSteps(cfg, res, *sc)
	if sc.Slice.IsZero() || w.simStep < 0 || math.Abs(w.sim) <= FitTol {
		return w
	}
	kept := make([]*Prediction, len(res.Steps))
	for i := range res.Steps {
		kept[i] = res.Steps[i].Pred
	}
	alt := *sc
	alt.Slice = model.Dist{}
	wa := predictSteps(cfg, res, alt)
	if wa.simStep >= 0 && math.Abs(wa.sim) < math.Abs(w.sim) {
		res.Fit.SliceTried, res.Fit.SliceResid = res.Fit.SliceMS, round3(100*w.sim)
		res.Fit.SliceMS = 0
		*sc = alt
		return wa
	}
	for i := range res.Steps {
		res.Steps[i].Pred = kept[i]
	}
	return w
}

// noLoadService is the service time at no load (mean, p50, p90; ms): the
// calibration's, or a lighter one seen at an open step the server kept
// up with (one user on a busy machine can draw few samples, and a server
// whose idle workers all wake for one connection is slowest when nearly
// idle). A tight one (p90 near p50: a fixed holding time) is its median;
// the rare slow ones above it are the machine's scheduling, which a busy
// machine adds to every mean. A spread one is its mean.
func noLoadService(steps []Step, s0 float64) (mean, p50, p90 float64, q []float64) {
	mean = s0
	for _, st := range steps {
		if st.Kind == "calibrate" {
			p50, p90, q = st.SvcP50MS, st.SvcP90MS, st.SvcQMS
		}
	}
	for _, st := range steps {
		if !st.Closed && st.Met && st.OK >= 50 && st.SvcMeanMS > 0 && st.SvcMeanMS < mean {
			mean, p50, p90, q = st.SvcMeanMS, st.SvcP50MS, st.SvcP90MS, st.SvcQMS
		}
	}
	if p50 > 0 && p90/p50 <= expSpread {
		mean = math.Min(mean, p50)
	}
	return mean, p50, p90, q
}

// Spread is the light-load latency's spread around a fixed service
// time: the measured latency's quantiles at the light steps (pooled, see
// lightQuantiles; the no-load step's service time without them) less the
// fixed time the model holds a thread for, added to every simulated
// request's latency.
//
// Why: a fixed holding time (an M/D/c) predicts a p99 at low load equal
// to the holding time itself, but every request measured from outside
// also carries what is not queueing: the generator's own latency, the
// kernel's hand-over of the connection, the scheduler's wake-ups. At no
// load that is the whole gap between the measured p99 and p50 (the
// probe's first session saw 28-170% at low load from it). The model
// keeps the fixed time for what queues and adds the measured spread,
// drawn from those quantiles, to what is seen; the two are taken as
// independent.
type Spread struct {
	// Q are the quantile levels and OffMS the offsets (ms) at them.
	Q     []float64 `json:"q"`
	OffMS []float64 `json:"offset_ms"`
	// From are the steps whose quantiles were pooled (lightQuantiles);
	// empty: the no-load step's alone.
	From []int `json:"from_steps,omitempty"`
}

// Light steps, whose latency quantiles the spread pools: below
// lightBelow of the ceiling, where the verdict's servers at that share of
// the ceiling make at most lightWait of the arrivals wait (Erlang C: a
// pool of 64 at half its ceiling makes almost none wait, a pool of 8 6%,
// one lock half), their median service within lightP50 of the no-load
// one, fewer than lateApart of their sends late (a generator's stall is
// not the server's spread), not retaken (a stall's tail is not the
// spread either, and its retake stands for it), and at least lightSamples
// successes (a p99 with an interval, probe.go's p99Interval). A step where requests queue would count its
// queue twice: once in the spread, once in the simulation (a lock at 48%
// of its ceiling read its p99 23% under the model so).
const (
	lightBelow   = 0.5
	lightWait    = 0.01
	lightP50     = 1.1
	lightSamples = 1000
)

// queueServers is how many serve in parallel at the verdict's bound: a
// pool's limit, one lock, a CPU-bound server's cores; 0 when none is
// known (unbounded).
func queueServers(v Verdict, sc *model.Scenario) int {
	switch v.Shape {
	case Pool:
		if v.Limit != nil {
			return *v.Limit
		}
	case Serialized:
		return 1
	case CPU:
		return sc.CoreCount()
	}
	return 0
}

// lightQuantiles pools the latency quantiles (Step.LatQMS) of the open
// steps that kept up without queueing, level by level, each step
// weighing the same; nil when no step qualifies.
//
// The latency, timed from the intended send, is what the fit compares
// with the model, so the generator's own lateness at a light step is
// part of the spread, as the Spread's doc says: a pool of 64 x 5 ms read
// p99 8.0 ms against a service p99 of 7.4 ms at 2,713/s.
//
// Why pooled: the model holds that what is not queueing (the spread) is
// the same at every load, so it is fitted over every load where it can
// be seen alone, as any one parameter is fitted over its data, and the
// residuals then say whether the assumption held. Taken from one step,
// the lightest, it carried that step's own load: a pool of 64 x 5 ms on
// one CPU read p99 8.7 ms at 1,344/s and 7.0-7.2 ms at 2,778-5,416/s,
// so a spread from the 5,416/s step missed the first by +35% and one
// from the first would have missed the others by -17%. Each step weighs
// the same because each is one observation of the spread at one load;
// weighted by samples, the higher rates' longer windows would outvote
// the light ones.
func lightQuantiles(steps []Step, p50 float64, ceiling *float64, servers int) (q []float64, from []int) {
	var n float64
	for _, st := range steps {
		if st.Closed || !st.Met || st.OK < lightSamples || len(st.LatQMS) != len(spreadLevels) || st.LatePct >= lateApart || st.RetakenAs > 0 {
			continue
		}
		if ceiling != nil && st.OfferedRPS >= lightBelow**ceiling {
			continue
		}
		if ceiling != nil && servers > 0 && plan.ErlangC(servers, float64(servers)*st.OfferedRPS / *ceiling) > lightWait {
			continue
		}
		if p50 > 0 && st.SvcP50MS > lightP50*p50 {
			continue
		}
		if q == nil {
			q = make([]float64, len(spreadLevels))
		}
		for i, v := range st.LatQMS {
			q[i] += v
		}
		n++
		from = append(from, st.Index)
	}
	for i := range q {
		q[i] /= n
	}
	return q, from
}

// spreadLevels are the levels of Step.SvcQMS.
var spreadLevels = []float64{0, 0.5, 0.9, 0.95, 0.99, 0.999, 1}

// newSpread is the spread of quantiles q (Step.SvcQMS) around hold ms;
// nil without them.
func newSpread(q []float64, hold float64) *Spread {
	if len(q) != len(spreadLevels) || hold <= 0 {
		return nil
	}
	s := &Spread{Q: spreadLevels}
	prev := math.Inf(-1)
	for _, v := range q {
		v = math.Max(v-hold, prev) // quantiles never fall
		s.OffMS = append(s.OffMS, round3(v))
		prev = v
	}
	return s
}

// at is the offset at level u in [0, 1], linear between the levels.
func (s *Spread) at(u float64) float64 {
	for i := 1; i < len(s.Q); i++ {
		if u <= s.Q[i] {
			f := (u - s.Q[i-1]) / (s.Q[i] - s.Q[i-1])
			return s.OffMS[i-1] + f*(s.OffMS[i]-s.OffMS[i-1])
		}
	}
	return s.OffMS[len(s.OffMS)-1]
}

// machineWarnings warns of other processes' CPU and a generator that
// shared the target's CPUs.
func machineWarnings(res *Result, lang msg.Lang) {
	others := 0.0
	for _, st := range res.Steps {
		if st.OthersCPUPct != nil {
			others = math.Max(others, *st.OthersCPUPct)
		}
	}
	if others >= neighboursBound {
		res.Warnings = append(res.Warnings, note(lang, "probe.warn.neighbours", num0(others)))
		// A limit far below the threads the server itself reports, read
		// while other processes held the machine, is the CPU share the
		// machine left it rather than its pool.
		threads := 0
		for _, st := range res.Steps {
			threads = max(threads, st.TargetThreads)
		}
		if res.Limit != nil && Shape(res.ShapeName) == Pool && threads > 0 && float64(*res.Limit) < 0.5*float64(threads) {
			res.Warnings = append(res.Warnings, note(lang, "probe.warn.machine_limit", *res.Limit, threads, num0(others)))
			res.Confidence = math.Round(math.Max(res.Confidence-0.3, 0.1)*100) / 100
		}
	}
	for _, st := range res.Steps {
		if slices.Contains(st.Warnings, "shared_cpu") || slices.Contains(st.Warnings, "shared_cpu_unknown") {
			if p := res.Placement; p != nil && !p.Shared && p.Failed == "" {
				// Apart on CPUs, still one machine: its softirqs, caches
				// and memory are shared.
				res.Warnings = append(res.Warnings, note(lang, "probe.warn.colocated_pinned", cpuList(p.Generator), cpuList(p.Server)))
			} else if n := machineCPUs(res.Steps); p != nil && p.Shared && n >= 2 {
				// The probe started the target but could not place it
				// apart: its own affinity (taskset -c 0, a cgroup) left
				// it one CPU of a machine that has more.
				res.Warnings = append(res.Warnings, note(lang, "probe.warn.colocated_affinity", n))
			} else {
				res.Warnings = append(res.Warnings, note(lang, "probe.warn.colocated"))
			}
			break
		}
	}
}

// worstFit is the largest compared residuals: the simulator's p99
// against the measured one, and the closed form's against the
// simulator's (step -1: none compared).
//
// A compared step at which other processes took quietBound of the
// machine or more is kept apart (busy): there the latency is the
// scheduler's as much as the server's, which no model of the server
// holds, and the note says so with the share beside it.
//
// So is a step at which the generator sent lateApart or more of its
// requests late with connections to spare (late): with a free
// connection a send is late only when the generator itself ran late (its
// own stall, or the machine's), and once half as many sends are late as
// the p99 looks at, that p99 times the generator's schedule as much as
// the server. Measured: a pool of 8 x 20 ms at 190 req/s read p99 99 ms
// against the model's 26.7, with 1.1% of sends late on 31 of 192
// connections, the generator at 2% of a core and the machine 5.6% busy,
// where two other probes read 25-27 ms there.
type worstFit struct {
	sim, cf         float64
	simStep, cfStep int
	busy            float64
	busyStep        int
	busyOthers      float64
	late            float64
	lateStep        int
	latePct         float64
}

// lateApart is the share of late sends (more than 5 ms behind their
// intended time, %) at which a compared step is judged apart, and a
// light step does not count for the spread: half the 1% a p99 looks at.
// With that many a stall's worth above the rest, the p99 is the rest's
// p99.5 or beyond. Measured: a pool of 64 x 5 ms at 2,732 req/s read p99
// 17.2 ms with 0.97% of sends late, against 6.9-9.1 ms at the steps
// around it; pooled into the spread, that step put the model's p99 at
// 11 ms at every rate.
const lateApart = 0.5

// predictSteps simulates sc at every open step's rate and fills its
// prediction, the closed form's and the USL's.
func predictSteps(cfg *Config, res *Result, sc model.Scenario) worstFit {
	w := worstFit{simStep: -1, cfStep: -1, busyStep: -1, lateStep: -1}
	ceil := math.Inf(1)
	if res.CeilingRPS != nil {
		ceil = *res.CeilingRPS
	}
	cf := res.Closed
	for i := range res.Steps {
		st := &res.Steps[i]
		if st.Closed || st.OfferedRPS <= 0 || st.OK == 0 {
			continue
		}
		p := predict(sc, res.Spread, st.OfferedRPS, st.WindowS+cfg.Warmup.Seconds(), cfg.Warmup.Seconds(), cfg.Seed, cfg.FitMax)
		if p == nil {
			continue
		}
		p.ResP50 = resid(st.P50MS, p.P50MS)
		p99, _, _, _ := fitP99(st)
		p.ResP99 = resid(p99, p.P99MS)
		p.ResRPS = resid(st.OKRPS, p.RPS)
		p.Compared = st.OfferedRPS < FitBelow*ceil && st.RetakenAs == 0
		p.CFP50MS, p.CFP99MS = plan.Num(math.NaN()), plan.Num(math.NaN())
		if cf != nil {
			p.CFP50MS = plan.Num(cf.quantile(st.OfferedRPS, 0.5))
			p.CFP99MS = plan.Num(cf.quantile(st.OfferedRPS, 0.99))
		}
		p.USLRPS = plan.Num(math.NaN())
		if res.USL != nil {
			p.USLRPS = plan.Num(res.USL.At(st.InFlight))
		}
		busy := st.OthersCPUPct != nil && *st.OthersCPUPct >= quietBound
		late := !busy && lateStep(*st)
		if r := float64(p.ResP99); p.Compared && !math.IsNaN(r) {
			switch {
			case busy:
				if math.Abs(r) >= math.Abs(w.busy) {
					w.busy, w.busyStep, w.busyOthers = r, st.Index, *st.OthersCPUPct
				}
			case late:
				if math.Abs(r) >= math.Abs(w.late) {
					w.late, w.lateStep, w.latePct = r, st.Index, st.LatePct
				}
			case math.Abs(r) >= math.Abs(w.sim):
				w.sim, w.simStep = r, st.Index
			}
		}
		if p.Compared && cf != nil && !math.IsNaN(float64(p.CFP99MS)) && !math.IsInf(float64(p.CFP99MS), 0) {
			if d := float64(resid(float64(p.CFP99MS), p.P99MS)); !math.IsNaN(d) && math.Abs(d) >= math.Abs(w.cf) {
				w.cf, w.cfStep = d, st.Index
			}
		}
		st.Pred = p
	}
	return w
}

// fitNotes says how well the simulator, the closed form and the USL fit,
// each by a verdict over the residuals.
func fitNotes(res *Result, w worstFit, v Verdict, s0 float64, lang msg.Lang) {
	if fm := res.Fit; fm != nil {
		res.Notes = append(res.Notes, assumeNote(lang, fm, res.Dist))
		if fm.ThreadsFrom == "children" {
			kids := 0
			for _, st := range res.Steps {
				kids = max(kids, st.TargetKids)
			}
			res.Notes = append(res.Notes, note(lang, "probe.fit.threads_children", fm.Threads, kids))
		}
		if fm.OutsideMS > 0 {
			res.Notes = append(res.Notes, note(lang, "probe.fit.outside", num2(fm.OutsideMS), num2(s0), *res.Limit, num0(*res.CeilingRPS), num2(s0-fm.OutsideMS)))
		}
		if fm.SliceTried > 0 {
			res.Notes = append(res.Notes, note(lang, "probe.fit.run_to_end", trimNum(fm.SliceTried, 2), pct1(fm.SliceResid/100), pct1(w.sim), w.simStep))
		}
	}
	if sp := res.Spread; sp != nil && len(sp.From) > 0 {
		res.Notes = append(res.Notes, spreadNote(res, sp, lang))
	}
	switch {
	case w.busyStep >= 0 && w.simStep < 0 && w.lateStep < 0:
		// Every compared step was a busy one: the verdict rests on them.
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_busy_all", num0(w.busyOthers)))
		w.sim, w.simStep = w.busy, w.busyStep
	case w.busyStep >= 0:
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_busy", pct1(w.busy), w.busyStep, num0(w.busyOthers)))
	}
	if w.lateStep >= 0 {
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_late", w.lateStep, num1(w.latePct), pct1(w.late)))
	}
	for _, st := range res.Steps {
		if st.RetakenAs > 0 && st.Pred != nil {
			res.Notes = append(res.Notes, retakenNote(lang, st, predicted(res, st.RetakenAs)))
		}
	}
	noisy, tail := noisyStep(res, w.simStep), tailStep(res, w.simStep)
	switch {
	case w.simStep < 0 && w.lateStep >= 0:
		// Every step compared timed the generator's lateness too: the
		// fit is not decided either way.
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_late_all"))
	case w.simStep < 0:
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_none"))
	case math.Abs(w.sim) <= FitTol:
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_good", pct1(w.sim), w.simStep, pct1(FitTol)))
	case noisy != nil:
		// The measured p99's own interval holds the prediction: the step
		// cannot tell the model from the server at this tolerance, which
		// is neither a fit nor a broken assumption.
		st := noisy
		p99, lo, hi, ok := fitP99(st)
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_noisy", w.simStep, num2(p99), num2(lo), num2(hi), ok,
			num2(st.Pred.P99MS), pct1(w.sim), pct1(FitTol)))
	case tail != nil:
		// A tail longer than any of the model's windows: a stall moved
		// the p99, which says nothing of the model either way.
		st := tail
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_tail", w.simStep, pct1(w.sim), pct1(FitTol), num2(st.LatQMS[p999Level]),
			trimNum(st.LatQMS[p999Level]/st.Pred.P999MS, 2), num2(st.Pred.P999MS)))
	default:
		res.Notes = append(res.Notes, note(lang, "probe.note.fit_off", pct1(w.sim), w.simStep, pct1(FitTol), distName(lang, res.Dist), num2(s0)))
		if fm := res.Fit; fm != nil && fm.CPUMS >= cpuShare*s0 && fm.Threads > fm.Cores {
			if fm.SliceMS > 0 || fm.SliceTried > 0 {
				// Sliced round robin, still off: what the model leaves out
				// of the kernel's scheduler.
				res.Notes = append(res.Notes, note(lang, "probe.note.fit_cpu_slice", trimNum(fm.CPUMS, 2), pct1(fm.CPUMS/s0), fm.Threads, coresN(lang, fm.Cores), trimNum(max(fm.SliceMS, fm.SliceTried), 2)))
			} else {
				// A CPU-heavy request on more threads than cores, run to
				// its end on a free core (first come, first served); the
				// OS slices the cores among every runnable thread.
				res.Notes = append(res.Notes, note(lang, "probe.note.fit_cpu_fifo", trimNum(fm.CPUMS, 2), pct1(fm.CPUMS/s0), fm.Threads, coresN(lang, fm.Cores)))
			}
		}
		if h, ok := heldLonger(res, s0); ok && w.sim > 0 {
			res.Notes = append(res.Notes, note(lang, "probe.note.fit_held", num2(h), *res.Limit, num0(*res.CeilingRPS), num2(s0), pct1(h/s0-1)))
		}
	}
	if cf := res.Closed; cf != nil && w.cfStep >= 0 {
		if math.Abs(w.cf) > cfTol {
			res.Notes = append(res.Notes, note(lang, "probe.note.cf_off", cf.Kind, pct1(w.cf), w.cfStep, distName(lang, res.Dist)))
		} else {
			res.Notes = append(res.Notes, note(lang, "probe.note.cf_good", cf.Kind, pct1(w.cf), w.cfStep))
		}
	}
	if u := res.USL; u != nil && u.Peak > 0 && res.CeilingRPS != nil {
		d := float64(resid(u.Peak, *res.CeilingRPS))
		switch {
		case math.Abs(d) > uslTol && v.Shape == Pool && res.Limit != nil:
			res.Notes = append(res.Notes, note(lang, "probe.note.usl_knee", num0(u.Peak), num0(*res.CeilingRPS), pct1(d), *res.Limit))
		case math.Abs(d) > uslTol:
			res.Notes = append(res.Notes, note(lang, "probe.note.usl_off", num0(u.Peak), num0(*res.CeilingRPS), pct1(d)))
		default:
			res.Notes = append(res.Notes, note(lang, "probe.note.usl_good", num0(u.Peak), num0(*res.CeilingRPS), pct1(d)))
		}
	}
}

// heldLonger is the time (ms) a pool's worker is held at the ceiling by
// Little's law (limit ÷ ceiling), when it is heldBy or more above the
// fixed no-load service time s0.
//
// Why: the model holds a worker for s0 and adds the spread outside it,
// as the generator's and the kernel's share. A worker held longer at the
// ceiling than s0 holds some of the spread itself (a late wake from its
// own wait, its hand-over), so under load the queue forms behind the
// longer time: a pool of 8 x 20 ms read 8 ÷ 374/s = 21.39 ms against
// 20.82, and its p99 at 78% of the ceiling 22% above the model.
func heldLonger(res *Result, s0 float64) (float64, bool) {
	if Shape(res.ShapeName) != Pool || res.Dist != "fixed" || res.Limit == nil || res.CeilingRPS == nil || *res.CeilingRPS <= 0 || s0 <= 0 {
		return 0, false
	}
	h := 1e3 * float64(*res.Limit) / *res.CeilingRPS
	return h, h >= (1+heldBy)*s0
}

// heldBy is how much longer than the no-load service time a worker must
// be held at the ceiling for the fit's note to name it.
const heldBy = 0.02

// spreadNote says which steps the spread was fitted on and which
// compared steps the model predicts without their own data.
func spreadNote(res *Result, sp *Spread, lang msg.Lang) Note {
	var out []int
	for _, st := range res.Steps {
		if st.Pred != nil && st.Pred.Compared && !slices.Contains(sp.From, st.Index) {
			out = append(out, st.Index)
		}
	}
	p99 := num2(sp.at(0.99))
	if len(out) == 0 {
		return note(lang, "probe.fit.spread_self", indexList(sp.From), p99)
	}
	return note(lang, "probe.fit.spread_from", stepsText(lang, "probe.fit.on_one", "probe.fit.on_many", sp.From), p99,
		stepsText(lang, "probe.fit.steps_one", "probe.fit.steps_many", out))
}

// coresN is "1 core", "2 cores" (코어 N개).
func coresN(lang msg.Lang, n int) string {
	return byCount(lang, n, "probe.fit.core_one", "probe.fit.core_many", n)
}

// stepsText is the steps ix in the phrase one (a single step) or many.
func stepsText(lang msg.Lang, one, many string, ix []int) string {
	return byCount(lang, len(ix), one, many, indexList(ix))
}

// byCount is message one for n == 1, else many, with arg.
func byCount(lang msg.Lang, n int, one, many string, arg any) string {
	if n == 1 {
		return msg.T(lang, one, arg)
	}
	return msg.T(lang, many, arg)
}

func indexList(ix []int) string {
	s := make([]string, len(ix))
	for i, v := range ix {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}

// retakenNote says why st was measured again (as re), from its own
// figures: a miss with no stall (then both windows' pooled p99 too), its
// late sends, or its tail against the model's longest p99.9.
func retakenNote(lang msg.Lang, st Step, re *Step) Note {
	if re != nil && re.Pooled != nil {
		pl := re.Pooled
		return note(lang, "probe.note.retaken_miss", st.Index, num2(st.P99MS), pct1(float64(st.Pred.ResP99)), st.RetakenAs,
			num2(re.P99MS), pl.OK, num2(pl.P99MS), num2(pl.P99Lo), num2(pl.P99Hi))
	}
	if lateStep(st) {
		return note(lang, "probe.note.retaken_late", st.Index, num1(st.LatePct), pct1(float64(st.Pred.ResP99)), st.RetakenAs)
	}
	return note(lang, "probe.note.retaken_tail", st.Index, num2(st.LatQMS[p999Level]), trimNum(st.LatQMS[p999Level]/st.Pred.P999MS, 2),
		num2(st.Pred.P999MS), pct1(float64(st.Pred.ResP99)), st.RetakenAs)
}

// lateStep says the generator sent lateApart or more of st's requests
// late with connections to spare: its own stall, or the machine's.
func lateStep(st Step) bool {
	return st.LatePct >= lateApart && st.ConnsUsed < st.Conns
}

// retakeStep is the step the search measures again (retake) for w, the
// fit's residuals over res, or -1, and whether the fit then pools the
// two windows' latencies (pool) instead of letting the retake stand for
// the step. The one compared step that decides the fit against the model
// is measured again when:
//   - a stall moved its p99 (a tail past any of the model's windows, with
//     the p99's interval clear of the model), or the generator sent late:
//     the stall is the machine's, not the server's, so the retake stands
//     for the step;
//   - its p99 missed the model beyond FitTol with no stall to blame: a
//     second window at the same rate, pooled with the first, says
//     whether the miss is the server's or that window's.
//
// A retake itself is not taken again: a stall or a miss met twice at one
// rate is left for the notes to report.
//
// Why pool a miss: near its ceiling a server's p99 moves between windows
// by more than the tolerance. A waitlab pool of 64 x 5 ms on one CPU, 4 s
// windows at 10,600 req/s (87% of its ceiling), one target, read p99s of
// 7.3 to 13.9 ms in the same minute (33 ms once), each window's own
// interval a tenth of a millisecond wide: its requests' latencies come in
// episodes, not one by one, and an interval counting only the sampling
// does not see that. One probe read +27.5% against the model at that
// rate, the next +6.9% after a retake (docs/probe.md). Two windows are
// twice the episodes, and a miss both confirm is the model's.
func retakeStep(res *Result, w worstFit) (int, bool) {
	i, pool := -1, false
	switch {
	case w.simStep >= 0 && math.Abs(w.sim) > FitTol && noisyStep(res, w.simStep) == nil && tailStep(res, w.simStep) != nil:
		i = w.simStep
	case w.simStep >= 0 && math.Abs(w.sim) > FitTol:
		i, pool = w.simStep, true
	case w.simStep < 0 && w.lateStep >= 0:
		i = w.lateStep
	}
	if st := predicted(res, i); st != nil && st.Kind != "retake" && st.RetakenAs == 0 {
		return i, pool
	}
	return -1, false
}

// fitP99 is the measured p99 the fit compares at st, with its 95%
// interval and the successes it rests on: both windows' pooled when st
// is a retake that pooled them (Step.Pooled), else st's own.
func fitP99(st *Step) (p99, lo, hi float64, ok int64) {
	if pl := st.Pooled; pl != nil {
		return pl.P99MS, pl.P99Lo, pl.P99Hi, pl.OK
	}
	return st.P99MS, st.P99Lo, st.P99Hi, st.OK
}

// predicted is step i when it has a prediction, else nil.
func predicted(res *Result, i int) *Step {
	for k := range res.Steps {
		if st := &res.Steps[k]; st.Index == i && st.Pred != nil {
			return st
		}
	}
	return nil
}

// noisyStep is step i when its measured p99's 95% interval (fitP99)
// holds the model's p99, else nil.
func noisyStep(res *Result, i int) *Step {
	st := predicted(res, i)
	if st == nil {
		return nil
	}
	if _, lo, hi, _ := fitP99(st); lo > 0 && lo <= st.Pred.P99MS && st.Pred.P99MS <= hi {
		return st
	}
	return nil
}

// tailStep is step i when its measured p99.9 is tailBound or more times
// the longest p99.9 any of the model's windows read (Prediction.P999MS),
// else nil.
func tailStep(res *Result, i int) *Step {
	if st := predicted(res, i); st != nil && st.Pred.P999MS > 0 && len(st.LatQMS) == len(spreadLevels) &&
		st.LatQMS[p999Level] >= tailBound*st.Pred.P999MS {
		return st
	}
	return nil
}

// tailBound: a compared step whose p99.9 is this many times the longest
// the model's windows read met a stall the model has no part for (the
// machine's, or the server's process's), and its p99 moved with it; a
// miss there is undecided, not a broken assumption. Measured over the
// sixth session's 73 probes, analysed again with this rule
// (docs/probe.md): the misses of the lock and of the pool of 64 had
// 1.29-1.77 times the model's p99.9 and the stalled pool of 8 3.9, where
// a miss of the model itself (the CPU-bound target at 641b080, +24.8%)
// had 0.94.
const tailBound = 1.25

// p999Level is the p99.9's index in spreadLevels.
var p999Level = slices.Index(spreadLevels, 0.999)

// assumeNote is the fit's assumptions in one sentence.
func assumeNote(lang msg.Lang, fm *FitModel, dist string) Note {
	cores := msg.T(lang, "probe.fit.cores."+fm.CoresFrom)
	if fm.CoreSpeed > 0 {
		cores = msg.T(lang, "probe.fit.cores.ceiling_share", num2(fm.CoresUsed), pct1(fm.CoreSpeed))
	}
	beside := msg.T(lang, "probe.fit.beside", num2(fm.GenCores), num0(fm.OthersPct))
	if fm.SectionMS > 0 {
		return note(lang, "probe.fit.assume_serial", num2(fm.SectionMS), distName(lang, dist), num2(fm.RestMS), fm.Threads, beside)
	}
	if fm.CPUMS > 0 && fm.SliceMS > 0 {
		return note(lang, "probe.fit.assume_slice", trimNum(fm.CPUMS, 3), msg.T(lang, "probe.fit.from."+fm.CPUFrom),
			num2(fm.WaitMS), distName(lang, dist), fm.Threads, coresN(lang, fm.Cores), cores, trimNum(fm.SliceMS, 2), beside)
	}
	if fm.CPUMS > 0 {
		return note(lang, "probe.fit.assume", trimNum(fm.CPUMS, 3), msg.T(lang, "probe.fit.from."+fm.CPUFrom),
			num2(fm.WaitMS), distName(lang, dist), fm.Threads, coresN(lang, fm.Cores), cores, beside)
	}
	return note(lang, "probe.fit.assume_nocpu", num2(fm.WaitMS), distName(lang, dist), msg.T(lang, "probe.fit.missing."+fm.CPUMissing), fm.Threads, beside)
}

// fitScenario is the scenario of the verdict: a file sim -f, plan -f and
// the lab load.
func fitScenario(v Verdict, s0 float64, dist func(time.Duration) model.Dist, res *Result) *model.Scenario {
	ms := func(x float64) time.Duration { return time.Duration(x * 1e6).Round(time.Microsecond) }
	rate := res.CapacityRPS
	if rate <= 0 {
		rate = 1e3 / s0
	}
	sc := model.Scenario{
		Name:        "probed",
		Description: "fitted by waitlab probe " + res.URL + " (shape " + string(v.Shape) + ")",
		Requests:    20_000,
		Arrival:     model.Arrival{Kind: model.Poisson, Rate: math.Round(rate*10) / 10},
		Seed:        1,
	}
	fm := res.Fit
	if fm == nil {
		fm = &FitModel{WaitMS: s0}
	}
	// The request: its measured CPU on the target's cores, then the rest
	// of the service time as a wait (all of it a wait when the CPU is not
	// known).
	class := func() model.Class {
		cl := model.Class{Name: "request", Fraction: 1}
		if fm.WaitMS >= 0.001 {
			cl.Wait = dist(ms(fm.WaitMS))
		}
		if fm.CPUMS > 0 {
			cl.CPU = model.FixedDist(ms(fm.CPUMS))
		}
		return cl
	}
	switch v.Shape {
	case Pool:
		sc.Model, sc.Threads = model.Pool, max(*v.Limit, 1)
		sc.Classes = []model.Class{class()}
		if fm.CPUMS > 0 {
			sc.Cores = min(fm.Cores, sc.Threads)
			if sc.Threads > sc.Cores {
				// More threads than cores: the kernel slices the cores
				// among the runnable ones, and so does the model.
				sl := kernelSlice(machineCPUs(res.Steps))
				sc.Slice = model.FixedDist(sl)
				fm.SliceMS = round3(float64(sl) / 1e6)
			}
		}
	case Serialized:
		// A section of 1/ceiling under one shared lock; the rest of the
		// service time is work that never queues (cores = threads).
		threads := 200
		for _, st := range res.Steps {
			if st.TargetThreads > 0 {
				threads = st.TargetThreads
			}
		}
		sec := math.Min(v.Section, s0)
		sc.Model, sc.Threads, sc.SharedLock = model.Pool, threads, true
		cl := model.Class{Name: "request", Fraction: 1, Wait: dist(ms(sec))}
		if rest := s0 - sec; rest >= 0.001 {
			cl.CPU = model.FixedDist(ms(rest))
		}
		sc.Classes = []model.Class{cl}
		fm.SectionMS, fm.RestMS = round3(sec), round3(s0-sec)
	case CPU:
		cpuScenario(&sc, v, s0, dist, fm, res.Steps)
	case LoopBlocked:
		loopBlockedScenario(&sc, res.Stall, class())
	case Unbounded:
		// No limit found: virtual threads whose waits unmount, on the
		// machine's CPUs.
		sc.Model, sc.Threads = model.Virtual, machineCPUs(res.Steps)
		sc.Classes = []model.Class{class()}
		if fm.CPUMS > 0 {
			sc.Threads = max(fm.Cores, 1)
		}
	default:
		return nil
	}
	sc.Normalize()
	if err := sc.Validate(); err != nil {
		return nil
	}
	return &sc
}

// serveThreads is how many threads serve the target's requests, as the
// steps saw them, and from where: the count a waitlab target reports
// ("metrics"), else the threads of the --target-pid's children
// ("children": a pre-fork server, whose master serves none), else 0.
//
// Why the children's: a CPU-heavy pre-fork server is a pool of its
// workers taking turns on its cores, not threads that never bind.
// gunicorn's 4 sync workers, each 4.5 ms of CPU and 4 ms asleep on one
// core, read p99 26.8 and 27.3 ms at 90 req/s in two probes; modelled
// as requests that each run their CPU to the end, first come first
// served, 32.0 and 38.9 ms (-16%, -30%); as 4 threads in the kernel's
// 1.5 ms turns, 26.9 and 30.7 ms (-1%, -11%).
func serveThreads(steps []Step) (int, string) {
	reported, kids := 0, 0
	for _, st := range steps {
		reported = max(reported, st.TargetThreads)
		kids = max(kids, st.TargetKidThreads)
	}
	switch {
	case reported > 0:
		return reported, "metrics"
	case kids > 0:
		return kids, "children"
	}
	return 0, ""
}

// wholeCore: a target that used this share of its cores at its ceiling
// or more had them whole (the reading's own error is about 1%).
const wholeCore = 0.98

// FitModel is what the fitted scenario assumes, shown beside the fit:
// the service time split into the target's CPU and a wait, the threads
// and the cores, and what ran beside the target that the model leaves
// out.
type FitModel struct {
	// CPUMS is the target's CPU per request (0: not measured, the whole
	// service time is a wait), CPUFrom where it was read (a step count
	// and the source), WaitMS the rest of the service time.
	CPUMS   float64 `json:"cpu_ms"`
	CPUFrom string  `json:"cpu_from,omitempty"`
	WaitMS  float64 `json:"wait_ms"`
	// Why the CPU is unknown: in_process (the target shares the
	// generator's process), unknown (no --target-pid or metrics).
	CPUMissing string `json:"cpu_missing,omitempty"`
	// OutsideMS is the share of the no-load service time outside the
	// workers (holdTime), added to what is seen, not held.
	OutsideMS float64 `json:"outside_ms,omitempty"`
	// SectionMS and RestMS (serialized): the section passed one at a
	// time under one lock, and the rest of the service time outside it,
	// never queued.
	SectionMS float64 `json:"section_ms,omitempty"`
	RestMS    float64 `json:"rest_ms,omitempty"`
	Threads   int     `json:"threads"`
	// ThreadsFrom is where a cpu shape's threads were read (serveThreads:
	// metrics or children); empty for the other shapes, whose threads are
	// the limit found.
	ThreadsFrom string `json:"threads_from,omitempty"`
	// Cores are the simulated machine's cores: the target's affinity,
	// the machine's CPUs, or (cpu shape) the cores its ceiling used.
	Cores     int    `json:"cores"`
	CoresFrom string `json:"cores_from,omitempty"`
	// CoresUsed and CoreSpeed (cpu shape): the cores' worth the target
	// used at its ceiling when it is a fraction of Cores, and the speed
	// each modelled core runs at (CoresUsed / Cores; 0: whole cores).
	CoresUsed float64 `json:"cores_used,omitempty"`
	CoreSpeed float64 `json:"core_speed,omitempty"`
	// SliceMS is the time slice the model's cores take turns in (0: a
	// request's CPU runs to its end): set when a pool has more threads
	// than cores and CPU to share (kernelSlice).
	SliceMS float64 `json:"slice_ms,omitempty"`
	// SliceTried and SliceResid: turns of SliceTried ms were simulated
	// too and fitted worse (their worst p99 residual, %), so the fit runs
	// each request's CPU to its end (fitSlice).
	SliceTried float64 `json:"slice_tried_ms,omitempty"`
	SliceResid float64 `json:"slice_resid_pct,omitempty"`
	// The most the generator used (cores) and the other processes took
	// (% of the machine) at a compared step: CPU the model does not hold.
	GenCores  float64 `json:"generator_cores"`
	OthersPct float64 `json:"others_cpu_pct"`
}

// machineCPUs is the CPUs the machine has online, as the steps read them
// (Step.MachineCPUs), else this process's (runtime.NumCPU).
//
// Why not runtime.NumCPU alone: it counts this process's affinity, and a
// generator pinned by hand to one CPU (taskset -c 0 waitlab probe
// --target-pid) then counted a 2-CPU machine as one. A gunicorn of 4
// CPU-heavy workers read cpu live and a pool of 2 when the same steps were
// analysed again unpinned; and the kernel scales its time slice by the
// CPUs online, not by a process's mask.
func machineCPUs(steps []Step) int {
	n := 0
	for _, st := range steps {
		n = max(n, st.MachineCPUs)
	}
	if n == 0 {
		n = runtime.NumCPU()
	}
	return n
}

// kernelSlice is the time slice Linux's scheduler (EEVDF, and CFS's
// minimum granularity before it) gives a thread among others on a CPU by
// default: 0.75 ms scaled by 1 + log2 of the CPUs, at most 8 (the
// kernel's logarithmic tunable scaling): 1.5 ms on 2 CPUs, 3 ms from 8.
// The live value is in debugfs, which is seldom mounted.
func kernelSlice(cpus int) time.Duration {
	f := 1
	for n := min(max(cpus, 1), 8); n > 1; n >>= 1 {
		f++
	}
	return time.Duration(f) * 750 * time.Microsecond
}

// cpuStepsMin: a step's CPU per request counts only over this many
// successes; below, the target's idle work (timers, a master's
// heartbeat, the /metrics page itself) weighs on too few requests.
const cpuStepsMin = 50

// holdTime is how long a pool's worker is held per request (ms): N /
// ceiling by Little's law at saturation, when that is below the no-load
// service time s0 (and above half of it). The rest of s0 is outside the
// workers (the generator's own latency, the connection's hand-over), seen
// in every latency but holding no worker: it moves into the spread added
// to what is seen. Why: a hold of s0 puts the model's ceiling below the
// measured one by that outside share (2.5% for gunicorn's 8 workers,
// 21.3 ms against 8/385 req/s = 20.8 ms), and near the ceiling p99 is
// steep in it (-22% at 98% of the ceiling).
//
// Only a fixed hold is moved: an exponential one has no spread to carry
// the rest. fm.WaitMS is set to the hold less the CPU.
func holdTime(v Verdict, s0 float64, dist string, fm *FitModel) float64 {
	hold := s0
	if v.Shape == Pool && dist == "fixed" && v.Limit != nil && v.Ceiling != nil && *v.Ceiling > 0 {
		if h := 1e3 * float64(*v.Limit) / *v.Ceiling; h < s0 && h > 0.5*s0 && h > fm.CPUMS {
			hold = round3(h)
			fm.OutsideMS = round3(s0 - hold)
		}
	}
	fm.WaitMS = round3(math.Max(hold-fm.CPUMS, 0))
	return hold
}

// fitCPU splits the service time s0 into the target's CPU and a wait:
// the CPU per request at the busiest step that kept up (open, or a
// closed sweep's; enough requests to drown the target's idle work), at
// most s0; the cores are its affinity's, else the machine's.
//
// Why the busiest, not the median: a server's CPU per request falls as
// its load grows (a pool thread that finds the next request ready skips
// the poller's hand-off and two thread switches; a loop reads many
// requests per wake-up), and it is near the ceiling that the CPU binds.
// Measured on a pool of 64 x 5 ms on one CPU: 97 us a request at 1,100
// req/s, 83 us at 11,900; the median put the model's ceiling 13% under
// the server's.
func fitCPU(steps []Step, s0 float64) *FitModel {
	fm := &FitModel{WaitMS: s0, CPUMissing: "unknown"}
	busiest := -1.0
	from, inProc := "", false
	for _, st := range steps {
		inProc = inProc || st.TargetInProcess
		if st.TargetCores > 0 && fm.Cores == 0 {
			fm.Cores, fm.CoresFrom = st.TargetCores, "affinity"
		}
		if st.TargetCPUMS != nil && (!st.Closed || st.Kind == "sweep") && st.Met && st.OK >= cpuStepsMin && st.Kind != "confirm" {
			if st.OKRPS > busiest {
				busiest, fm.CPUMS = st.OKRPS, *st.TargetCPUMS
			}
		}
		if !st.Closed && st.Kind != "calibrate" && st.Kind != "confirm" {
			fm.GenCores = math.Max(fm.GenCores, math.Round(st.GenCores*100)/100)
			if st.OthersCPUPct != nil {
				fm.OthersPct = math.Max(fm.OthersPct, *st.OthersCPUPct)
			}
		}
	}
	if fm.Cores == 0 {
		fm.Cores, fm.CoresFrom = machineCPUs(steps), "machine"
	}
	if inProc {
		fm.CPUMissing = "in_process"
	}
	if busiest < 0 {
		return fm
	}
	from = "target"
	for _, st := range steps {
		if st.TargetKids > 0 {
			from = "tree" // --target-pid and its children
		}
	}
	fm.CPUMS = round4(math.Min(fm.CPUMS, s0))
	fm.WaitMS = round3(math.Max(s0-fm.CPUMS, 0))
	fm.CPUFrom, fm.CPUMissing = from, ""
	return fm
}

// predict simulates sc at rate for runs as long as the step (their
// warm-up left out), over enough seeds for predictMin requests in all.
func predict(sc model.Scenario, sp *Spread, rate, span, warm float64, seed int64, maxN int) *Prediction {
	if maxN <= 0 {
		maxN = 40_000
	}
	n := int(math.Min(math.Max(rate*span, min(2000, float64(maxN))), float64(maxN)))
	skip := int64(float64(n) * math.Max(warm/span, 0.1))
	seeds := max(simSeeds, min(int(math.Ceil(min(predictMin, float64(simSeeds*maxN))/float64(n))), maxSeeds))
	var all []float64
	var p99s []float64
	p999, rpsSum := 0.0, 0.0
	for k := 0; k < seeds; k++ {
		s := sc
		s.Arrival = model.Arrival{Kind: model.Poisson, Rate: rate}
		s.Requests = n
		s.Seed = seed + int64(k)*7919 + 1
		rng := rand.New(rand.NewPCG(uint64(s.Seed), 0x5eed))
		var lat []float64
		var first, last time.Duration
		_, err := sim.Run(s, sim.Options{RecordsOnly: true, OnDone: func(r model.Record) {
			if r.ID < skip {
				return
			}
			if first == 0 || r.Arrival < first {
				first = r.Arrival
			}
			last = max(last, r.End)
			l := float64(r.End-r.Arrival) / 1e6
			if sp != nil {
				l = math.Max(l+sp.at(rng.Float64()), 0)
			}
			lat = append(lat, l)
		}})
		if err != nil || len(lat) == 0 {
			return nil
		}
		slices.Sort(lat)
		p99s = append(p99s, quantile(lat, 0.99))
		p999 = max(p999, quantile(lat, 0.999))
		all = append(all, lat...)
		if last > first {
			rpsSum += float64(len(lat)) / (last - first).Seconds()
		}
	}
	slices.Sort(all)
	slices.Sort(p99s)
	// The p99 is the seeds' median: a step's measured p99 is one
	// window's, and near a ceiling the windows differ (a queue builds in
	// some and not in others), so the p99 of all seeds' latencies pooled
	// is the worst windows' more than a typical one's. gunicorn's 7
	// workers at 300 req/s (89% of their ceiling) read p99 56.0 ms in one
	// window, where 16 seeds pooled said 69.4 ms.
	mid := len(p99s) / 2
	p99 := p99s[mid]
	if len(p99s)%2 == 0 {
		p99 = (p99s[mid-1] + p99s[mid]) / 2
	}
	return &Prediction{P50MS: round3(quantile(all, 0.5)), P99MS: round3(p99),
		P99Lo: round3(p99s[0]), P99Hi: round3(p99s[len(p99s)-1]), P999MS: round3(p999), RPS: math.Round(rpsSum / float64(seeds))}
}

// predictMin is the fewest requests a prediction simulates over its
// seeds (within simSeeds x Config.FitMax), each seed a run as long as the
// step, at most maxSeeds of them. Why: the model's p99 is a sample too. A
// step of 184 req/s for 6 s was simulated on three seeds of 2,000
// requests, 20 beyond the p99 in each, and their p99s spread 23.7-26.7 ms
// (-7% to +4% of the pooled 25.6): noise of the same size as the
// measured step's, inside a 15% tolerance. Why more seeds and not longer
// runs: the measured p99 is a window's, and near the ceiling a queue
// needs longer than a window to settle, so a longer run predicts another
// figure (the report golden's pool of 8 x 20 ms at its ceiling of 400
// req/s: p99 117 ms over the step's 1.3 s, 552 ms over 20,000 requests);
// each seed stays the step's length.
// The seeds' lowest and highest p99 (Prediction.P99Lo, P99Hi) are then
// the range one window of the model reads.
const predictMin = 20_000.0

func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	return sorted[stats.Rank(q, len(sorted))-1]
}

func resid(measured, predicted float64) plan.Num {
	if predicted <= 0 || math.IsNaN(predicted) || math.IsInf(predicted, 0) {
		return plan.Num(math.NaN())
	}
	return plan.Num(math.Round((measured-predicted)/predicted*1e4) / 1e4)
}

// closedFormOf is the queueing formula for the verdict, when there is one.
func closedFormOf(v Verdict, s0 float64, dist string) *ClosedForm {
	switch v.Shape {
	case Pool:
		cf := &ClosedForm{Kind: "M/M/c", Servers: max(*v.Limit, 1), HoldMS: s0}
		if dist == "fixed" {
			cf.Kind, cf.Approx = "M/D/c", true
		}
		return cf
	case Serialized:
		sec := math.Min(v.Section, s0)
		return &ClosedForm{Kind: "M/D/1+D", Servers: 1, HoldMS: sec, RestMS: s0 - sec, Approx: true}
	}
	return nil
}

// quantile of the sojourn time at rate (ms); +Inf when unstable: plan's
// closed form (plan.SojournQuantile), so probe --size-for and plan print
// the same figure for the same queue. Serialized (M/D/1+D): an M/D/1
// queue on the section, plus the rest of the service time, which does
// not queue.
func (cf *ClosedForm) quantile(rate, q float64) float64 {
	kind := cf.Kind
	if kind == "M/D/1+D" {
		kind = "M/D/c"
	}
	return round3((plan.SojournQuantile(kind, cf.Servers, rate, cf.HoldMS/1e3, q) + cf.RestMS/1e3) * 1e3)
}

// fitUSL fits the USL to the steps' (in flight, ok throughput) points,
// lambda fixed at one request's throughput (1 / service time at no load):
// N lambda / X - 1 = sigma (N-1) + kappa N (N-1) is linear in sigma and
// kappa, solved by least squares with both kept at or above 0.
func fitUSL(steps []Step, s0 float64) *USL {
	lambda := 1e3 / s0
	var saa, sab, sbb, say, sby float64
	pts := 0
	for _, st := range steps {
		n, x := st.InFlight, st.OKRPS
		if st.OK == 0 || n <= 0 || x <= 0 || st.Kind == "confirm" {
			continue
		}
		a, b := n-1, n*(n-1)
		y := n*lambda/x - 1
		saa += a * a
		sab += a * b
		sbb += b * b
		say += a * y
		sby += b * y
		pts++
	}
	if pts < 3 {
		return nil
	}
	sigma, kappa := 0.0, 0.0
	if det := saa*sbb - sab*sab; det > 0 {
		sigma = (say*sbb - sby*sab) / det
		kappa = (sby*saa - say*sab) / det
	}
	if sigma < 0 || kappa < 0 || saa*sbb-sab*sab <= 0 {
		// One of them at 0: refit the other alone.
		s1 := 0.0
		if saa > 0 {
			s1 = math.Max(say/saa, 0)
		}
		k1 := 0.0
		if sbb > 0 {
			k1 = math.Max(sby/sbb, 0)
		}
		// Keep the one-parameter fit with the smaller squared error.
		e1, e2 := 0.0, 0.0
		for _, st := range steps {
			n, x := st.InFlight, st.OKRPS
			if st.OK == 0 || n <= 0 || x <= 0 || st.Kind == "confirm" {
				continue
			}
			y := n*lambda/x - 1
			e1 += math.Pow(y-s1*(n-1), 2)
			e2 += math.Pow(y-k1*n*(n-1), 2)
		}
		sigma, kappa = s1, 0.0
		if e2 < e1 {
			sigma, kappa = 0, k1
		}
	}
	u := &USL{Lambda: round3(lambda), Sigma: sig4(sigma), Kappa: sig4(kappa), Points: pts}
	if kappa > 0 && sigma < 1 {
		ns := math.Sqrt((1 - sigma) / kappa)
		u.NStar = plan.Num(math.Round(ns*10) / 10)
		u.Peak = math.Round(u.At(ns))
	} else {
		u.NStar = plan.Num(math.Inf(1))
		if sigma > 0 {
			u.Peak = math.Round(lambda / sigma)
		} else {
			u.Peak = math.Inf(1)
		}
	}
	if math.IsInf(u.Peak, 0) {
		u.Peak = 0
	}
	return u
}

func round3(v float64) float64 { return math.Round(v*1e3) / 1e3 }

func sig4(v float64) float64 {
	if v == 0 {
		return 0
	}
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return f
}

func pct1(v float64) string { return trimNum(100*v, 1) + "%" }

func trimNum(v float64, prec int) string {
	if math.IsNaN(v) {
		return "-"
	}
	if math.IsInf(v, 0) {
		return "∞"
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

func distName(lang msg.Lang, d string) string {
	if d == "exponential" {
		return msg.T(lang, "probe.dist.exponential")
	}
	return msg.T(lang, "probe.dist.fixed")
}

// cpuList writes CPUs as a list ("0", "2,3").
func cpuList(cpus []int) string {
	parts := make([]string, len(cpus))
	for i, c := range cpus {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, ",")
}
