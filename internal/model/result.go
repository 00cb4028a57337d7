package model

import (
	"math"
	"time"
)

// Summary describes a set of latencies (milliseconds). Percentiles are
// nearest-rank; with a streaming histogram they are within its precision
// (Result.Precision says which).
type Summary struct {
	Count  int64   `json:"count"`
	MeanMS float64 `json:"mean_ms"`
	P50MS  float64 `json:"p50_ms"`
	P90MS  float64 `json:"p90_ms"`
	P95MS  float64 `json:"p95_ms,omitempty"` // simulated open and closed runs
	P99MS  float64 `json:"p99_ms"`
	P999MS float64 `json:"p999_ms,omitempty"` // simulated open and closed runs
	MaxMS  float64 `json:"max_ms"`

	// The 95% confidence intervals of a simulated open or closed run
	// (batch means after the warm-up: internal/sim, docs/sim.md), absent
	// for a burst (exact given its seed) and for real runs.
	P50CI        *CI `json:"p50_ci95_ms,omitempty"`
	P90CI        *CI `json:"p90_ci95_ms,omitempty"`
	P95CI        *CI `json:"p95_ci95_ms,omitempty"`
	P99CI        *CI `json:"p99_ci95_ms,omitempty"`
	P999CI       *CI `json:"p999_ci95_ms,omitempty"`
	MeanCI       *CI `json:"mean_ci95_ms,omitempty"`
	ThroughputCI *CI `json:"throughput_ci95_rps,omitempty"`
}

// CI is a 95% confidence interval, [lo, hi].
type CI [2]float64

// Half returns the interval's half-width relative to its centre v (0.021
// for ±2.1%); +Inf when v is 0.
func (c *CI) Half(v float64) float64 {
	if c == nil {
		return 0
	}
	h := (c[1] - c[0]) / 2
	if v == 0 {
		if h == 0 {
			return 0
		}
		return math.Inf(1)
	}
	if v < 0 {
		v = -v
	}
	return h / v
}

// Holds reports whether v lies in the interval.
func (c *CI) Holds(v float64) bool { return c != nil && c[0] <= v && v <= c[1] }

// Throughput definitions, echoed in every result so a reader knows which.
const (
	ThroughputBatch  = "completed / makespan (batch: all requests arrive at t=0)"
	ThroughputWindow = "completions per second over the measured window (first arrival to last completion)"
)

// Result is what a run of a scenario measured, whether simulated (Mode
// "sim") or real (Mode "real"). JSON field names are part of the CLI's
// contract.
type Result struct {
	Mode                 string             `json:"mode"`
	Scenario             Scenario           `json:"scenario"`
	Seed                 int64              `json:"seed"`
	MakespanMS           float64            `json:"makespan_ms"`
	ThroughputRPS        float64            `json:"throughput_rps"`
	ThroughputDefinition string             `json:"throughput_definition"`
	Requests             int                `json:"requests"`
	Completed            int                `json:"completed"`
	All                  Summary            `json:"all"`
	Classes              map[string]Summary `json:"classes"`
	QueueWait            Summary            `json:"queue_wait"`
	PeakThreads          int                `json:"peak_threads"`
	InFlightMean         float64            `json:"in_flight_mean"`
	// Precision is "exact" (every latency kept) or "hdr-3" (a streaming
	// histogram with 3 significant digits, used beyond ExactLimit samples).
	Precision string     `json:"precision"`
	Loops     []LoopStat `json:"loops,omitempty"`
	Events    int64      `json:"events,omitempty"` // simulator events processed

	// Simulated open and closed runs only (absent for a burst, whose
	// figures are exact given its seed, and for real runs).
	//
	// Converged: the warm-up ended within the first half of the run, the
	// batches of the intervals are nearly uncorrelated, and (with a
	// precision goal) every figure it names is within it. Unconverged
	// says why not, Unsettled names the figures off their goal.
	Converged   *bool    `json:"converged,omitempty"`
	Unconverged []string `json:"unconverged,omitempty"`
	Unsettled   []string `json:"unsettled,omitempty"`
	// WarmupRequests is how many completions (the first ones) the
	// warm-up detection (MSER-5) left out of every figure but the
	// makespan, the in-flight mean and the counts.
	WarmupRequests *int `json:"warmup_requests,omitempty"`
	// Batches and BatchSize describe the intervals' batch means.
	Batches   int `json:"batches,omitempty"`
	BatchSize int `json:"batch_size,omitempty"`
	// QueueWaitCI is the interval of the mean queue wait (QueueWait.MeanCI).
	QueueWaitCI *CI `json:"queue_wait_ci95_ms,omitempty"`
	// PrecisionGoal is the relative half-width asked for (0.05 for 5%),
	// RequestsAsked the requests before the run was extended to meet it.
	PrecisionGoal float64 `json:"precision_goal,omitempty"`
	RequestsAsked int     `json:"requests_asked,omitempty"`

	// Real runs only.
	Env           *Env     `json:"env,omitempty"`
	OSThreadsPeak int      `json:"os_threads_peak,omitempty"`
	CPUMS         float64  `json:"cpu_ms,omitempty"`
	Stalls        *Stalls  `json:"stalls,omitempty"`
	Warnings      []string `json:"warnings,omitempty"`
	Interrupted   bool     `json:"interrupted,omitempty"`
	// JVM is the JVM's facts, for a run on the JVM (Mode "jvm").
	JVM *JVMFacts `json:"jvm,omitempty"`

	// Trace is the per-thread timeline, kept only when asked for.
	Trace *Trace `json:"-"`
}

// ExactLimit is how many latencies a result keeps for exact percentiles
// before it switches to a streaming histogram.
const ExactLimit = 2_000_000

// LoopStat is what landed on one event loop.
type LoopStat struct {
	Loop     int   `json:"loop"`
	Requests int64 `json:"requests"`
	Blocking int64 `json:"blocking"`
	// BlockingIDs lists the first MaxLoopIDs blocking requests on the loop.
	BlockingIDs []int64 `json:"blocking_ids,omitempty"`
}

// MaxLoopIDs caps LoopStat.BlockingIDs.
const MaxLoopIDs = 64

// Stalls summarises what the blocked-loop watchdog saw in a real run.
type Stalls struct {
	ThresholdMS float64 `json:"threshold_ms"`
	Count       int64   `json:"count"`
	WorstMS     float64 `json:"worst_ms"`
	WorstLoop   int     `json:"worst_loop"`
	WorstReq    int64   `json:"worst_request"`
	PerLoop     []int64 `json:"per_loop"`
}

// Env is the environment a result was measured in.
type Env struct {
	Version       string  `json:"version"`
	GoVersion     string  `json:"go_version"`
	OS            string  `json:"os"`
	Arch          string  `json:"arch"`
	GOMAXPROCS    int     `json:"gomaxprocs"`
	NumCPU        int     `json:"num_cpu"`
	CPUModel      string  `json:"cpu_model"`
	CgroupCPUs    float64 `json:"cgroup_cpus,omitempty"` // CPU quota / period, when limited
	KernelRelease string  `json:"kernel,omitempty"`
}

// LaneKind is what a timeline lane stands for.
type LaneKind string

// Lane kinds.
const (
	LaneThread  LaneKind = "thread"
	LaneLoop    LaneKind = "loop"
	LaneOffload LaneKind = "offload"
	LaneCarrier LaneKind = "carrier"
	// LaneWorker is a thread of the pool model's fan-out pool
	// (Scenario.FanoutPool).
	LaneWorker LaneKind = "worker"
)

// SpanKind is what a lane was doing during a span.
type SpanKind uint8

// Span kinds. Idle is the absence of a span.
const (
	SpanCPU   SpanKind = iota + 1 // running CPU work
	SpanHold                      // waiting while holding the thread (blocking or pinned wait, or a pool thread's wait)
	SpanLock                      // waiting for the shared lock while holding the thread
	SpanReady                     // runnable, holding the thread, waiting for a free CPU core
)

// Span is one stretch of one lane's time.
type Span struct {
	Lane  int32
	Kind  SpanKind
	Req   int64
	Start time.Duration
	End   time.Duration
}

// Record is one request's life: when it arrived, when a thread first took
// it, when it finished, and the lane that took it first.
type Record struct {
	ID      int64
	Class   int
	Arrival time.Duration
	Start   time.Duration
	End     time.Duration
	Lane    int32
}

// Trace is a run's timeline: lanes, what each did when, and every request.
// Its JSON is a documented contract (trace_json.go).
type Trace struct {
	// Source is what drew it: "model" (the simulator) or "real" (a real
	// run); "" when unknown.
	Source  string     `json:"source,omitempty"`
	Lanes   []LaneKind `json:"lanes"`
	Spans   []Span     `json:"spans"`
	Records []Record   `json:"records"`
}

// MaxTraceRequests is the largest scenario whose timeline is kept.
const MaxTraceRequests = 100_000
