package model

// JVMFacts is what a run on the JVM (internal/jvmexec) says about the JVM
// it ran on, in every such result: which JDK, how it was started, what it
// saw, and the cold first pass apart from the measured (warm) one.
type JVMFacts struct {
	Version             string   `json:"java_version"`
	Vendor              string   `json:"vendor,omitempty"`
	VM                  string   `json:"vm,omitempty"`
	Home                string   `json:"home"`
	Flags               []string `json:"flags"`
	AvailableProcessors int      `json:"available_processors"`
	GC                  []string `json:"gc"`
	// Carriers is the virtual-thread scheduler's parallelism and maximum
	// pool size (virtual only); CarriersSeen how many carrier threads ran
	// requests (-1: not known).
	Carriers     int `json:"carriers,omitempty"`
	CarriersSeen int `json:"carriers_seen,omitempty"`
	// Pin is how a blocking class's wait pins its carrier (virtual only):
	// "synchronized" or "native" (a native frame: an upcall from C).
	Pin string `json:"pin,omitempty"`
	// Pinned counts the jdk.VirtualThreadPinned events a JFR recording of
	// the measured pass saw (threshold JFRThresholdMS), by reason in
	// PinnedReasons; nil when not recorded (not virtual).
	Pinned        *int64           `json:"pinned_events,omitempty"`
	PinnedReasons map[string]int64 `json:"pinned_reasons,omitempty"`
	// PinVerdict is what the JFR count says (virtual threads with a
	// blocking class): PinVerdictPinned, PinVerdictJEP491 (none, waiting
	// in synchronized on JDK 24 or later) or PinVerdictNone.
	PinVerdict     string  `json:"pin_verdict,omitempty"`
	JFRThresholdMS float64 `json:"jfr_threshold_ms"`
	// CPUClock is what timed the CPU work: "thread" (ThreadMXBean's
	// thread CPU clock), "native" (clock_gettime of the carrier's thread
	// CPU clock, through FFM) or "wall".
	CPUClock string `json:"cpu_clock"`
	// Cold is the first pass in the same JVM (class loading, the JIT and
	// the first calls in it), reported apart; the result's figures are
	// the pass after it.
	Cold *ColdPass `json:"cold,omitempty"`
	// Classes is where the compiled classes were, Compiled whether this
	// run compiled them (false: reused from the cache).
	Classes  string `json:"classes"`
	Compiled bool   `json:"compiled"`
}

// Pin verdicts (JVMFacts.PinVerdict).
const (
	PinVerdictPinned = "pinned"
	PinVerdictJEP491 = "not_pinned_jep491"
	PinVerdictNone   = "not_pinned"
)

// ColdPass is the first, cold pass of a JVM run.
type ColdPass struct {
	MakespanMS  float64 `json:"makespan_ms"`
	P50MS       float64 `json:"p50_ms"`
	P99MS       float64 `json:"p99_ms"`
	Completed   int     `json:"completed"`
	Interrupted bool    `json:"interrupted,omitempty"`
}
