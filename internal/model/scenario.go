// Package model is waitlab's shared vocabulary: the Scenario that the
// simulator, the real executors, the CLI, scenario files and the web API all
// read; durations, distributions, arrivals and pacers; the request plan that
// makes model and reality run the same requests; and the Result both report.
// It holds types, parsing and validation, and no behaviour beyond that.
package model

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Kind is a server concurrency model.
type Kind string

// The concurrency models (see SPEC.md, "The concurrency models").
const (
	Pool    Kind = "pool"    // N platform threads, FIFO queue; a request holds its thread throughout
	Loop    Kind = "loop"    // N event loops; non-blocking waits free the loop
	Offload Kind = "offload" // loops, plus a pool of K threads that takes the blocking waits
	Virtual Kind = "virtual" // a thread per request on M carriers, held only for CPU (and pinned waits)
)

// Kinds lists the models in display order.
var Kinds = []Kind{Pool, Loop, Offload, Virtual}

// ParseKind parses a model name.
func ParseKind(s string) (Kind, error) {
	k := Kind(strings.ToLower(strings.TrimSpace(s)))
	for _, m := range Kinds {
		if k == m {
			return k, nil
		}
	}
	return "", parseErr("err.model.unknown", s)
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Kind) UnmarshalText(b []byte) error {
	v, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// HasLoops reports whether requests are bound to event loops.
func (k Kind) HasLoops() bool { return k == Loop || k == Offload }

// Fanout says how a request's downstream calls are made.
type Fanout string

// Fan-out modes.
const (
	Sequential Fanout = "sequential"
	Parallel   Fanout = "parallel"
	// Pipelined sends every call of a request in one round trip (Redis
	// pipelining, a batched query): one wait, the slowest of the calls',
	// made the way the model makes one call.
	Pipelined Fanout = "pipelined"
)

// UnmarshalText implements encoding.TextUnmarshaler.
func (f *Fanout) UnmarshalText(b []byte) error {
	switch v := Fanout(strings.ToLower(strings.TrimSpace(string(b)))); v {
	case Sequential, Parallel, Pipelined:
		*f = v
		return nil
	case "":
		*f = Sequential
		return nil
	}
	return parseErr("err.class.fanout", string(b))
}

// Assign says how requests are bound to event loops.
type Assign string

// Loop assignment modes.
const (
	RoundRobin Assign = "round-robin" // request i goes to loop i mod N (Netty, Reactor)
	Shared     Assign = "shared"      // one queue; any free loop takes the next request
)

// UnmarshalText implements encoding.TextUnmarshaler.
func (a *Assign) UnmarshalText(b []byte) error {
	switch v := Assign(strings.ToLower(strings.TrimSpace(string(b)))); v {
	case RoundRobin, Shared:
		*a = v
		return nil
	case "", "rr", "roundrobin":
		*a = RoundRobin
		return nil
	}
	return parseErr("err.assign", string(b))
}

// PlacementKind says which requests get the rarer classes.
type PlacementKind string

// Placement modes.
const (
	Random PlacementKind = "random" // each request draws its class (seeded)
	Every  PlacementKind = "every"  // every K-th request is of the last class
	Spread PlacementKind = "spread" // the rarer classes are spread evenly over time and over loops
)

// Placement is a placement mode; text forms "random", "spread", "every:K".
// The zero value is random.
type Placement struct {
	Kind PlacementKind
	K    int
}

// ParsePlacement parses the text form of a placement.
func ParsePlacement(s string) (Placement, error) {
	k, arg, hasArg := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	switch PlacementKind(k) {
	case Random, "":
		if !hasArg {
			return Placement{Kind: Random}, nil
		}
	case Spread:
		if !hasArg {
			return Placement{Kind: Spread}, nil
		}
	case Every:
		n, err := strconv.Atoi(arg)
		if hasArg && err == nil && n >= 1 {
			return Placement{Kind: Every, K: n}, nil
		}
		return Placement{}, parseErr("err.placement.k")
	}
	return Placement{}, parseErr("err.placement.unknown", s)
}

// String returns the text form.
func (p Placement) String() string {
	if p.Kind == Every {
		return "every:" + strconv.Itoa(p.K)
	}
	if p.Kind == "" {
		return string(Random)
	}
	return string(p.Kind)
}

// MarshalText implements encoding.TextMarshaler.
func (p Placement) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (p *Placement) UnmarshalText(b []byte) error {
	v, err := ParsePlacement(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Class is a kind of request: its share of all requests, its CPU time and
// its waits.
//
// A request runs its CPU work, then makes Calls downstream calls (one when
// Calls is 0 and Wait is not zero), each taking a sample of Wait, in
// sequence or in parallel. Blocking says the waits hold the thread that
// makes them: on a loop they stall the loop; under offload they go to the
// offload pool; on virtual threads they are pinned waits that hold the
// carrier. In the pool model every wait holds the thread anyway.
type Class struct {
	Name     string  `yaml:"name" json:"name"`
	Fraction float64 `yaml:"fraction" json:"fraction"`
	CPU      Dist    `yaml:"cpu" json:"cpu"`
	Wait     Dist    `yaml:"wait" json:"wait"`
	Blocking bool    `yaml:"blocking" json:"blocking"`
	Calls    int     `yaml:"calls" json:"calls"`
	Fanout   Fanout  `yaml:"fanout" json:"fanout"`
}

// CallCount returns how many waits a request of this class makes.
func (c Class) CallCount() int {
	if c.Calls > 0 {
		return c.Calls
	}
	if c.Wait.IsZero() {
		return 0
	}
	return 1
}

// Scenario is one workload on one server model: the single description that
// scenario files (YAML), CLI flags and the web API (JSON) fill in, and that
// the simulator and the real executors run. Call Normalize, then Validate.
type Scenario struct {
	Name        string `yaml:"name,omitempty" json:"name,omitempty"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`

	Model Kind `yaml:"model" json:"model"`
	// Threads is the pool size (pool), the loop count (loop, offload) or
	// the carrier count (virtual).
	Threads int `yaml:"threads" json:"threads"`
	// OffloadPool is the offload pool size K (offload only).
	OffloadPool int `yaml:"offload_pool,omitempty" json:"offload_pool,omitempty"`
	// FanoutPool is the pool model's fan-out executor: a bounded pool of
	// K threads with a FIFO queue on which a request's parallel calls run,
	// each holding a thread for its wait, while the request's own thread
	// waits for all of them (CompletableFuture.supplyAsync on an executor,
	// then join). A request then holds up to Calls+1 threads for about
	// 1/Calls of the time: lower latency, the same thread-time per
	// request, the same ceiling. 0: the request's own thread waits for
	// the slowest call and no other thread is held (an asynchronous
	// client). Pool model only.
	FanoutPool int `yaml:"fanout_pool,omitempty" json:"fanout_pool,omitempty"`
	// Cores is the simulated machine's CPU cores; 0 means Threads, so a
	// model is never silently CPU-starved.
	Cores int `yaml:"cores,omitempty" json:"cores,omitempty"`
	// Slice is the OS's time slice (fixed): when more lanes have CPU work
	// than there are cores, a lane runs at most this long before it goes
	// to the back of the queue for a core and the next runnable lane takes
	// it, as the kernel time-slices real threads. 0 (the default) runs a
	// CPU segment to its end once it has a core, a FIFO core queue. A
	// fitted scenario of a CPU-heavy server sets it (probe): there the
	// waiting threads' share of the cores is what its tail is made of.
	Slice Dist `yaml:"slice,omitempty" json:"slice,omitzero"`

	Requests int     `yaml:"requests" json:"requests"`
	Arrival  Arrival `yaml:"arrival" json:"arrival"`
	// Think is each virtual user's pause between a response and its next
	// request (closed model only).
	Think Dist `yaml:"think,omitempty" json:"think,omitempty"`

	Classes []Class `yaml:"classes" json:"classes"`
	// SharedLock makes every downstream call hold one lock shared by all
	// requests for its whole duration (a connection validated with PING
	// inside a synchronized block): calls are serialised, so throughput is
	// capped at 1 / call time whatever the thread count.
	SharedLock bool      `yaml:"shared_lock,omitempty" json:"shared_lock,omitempty"`
	Placement  Placement `yaml:"placement,omitempty" json:"placement"`
	Assign     Assign    `yaml:"assign,omitempty" json:"assign,omitempty"`
	Seed       int64     `yaml:"seed" json:"seed"`
}

// Limits on what a scenario may ask for, each checked by Validate before
// any work starts, so that what is obeyed fits the machine and every sum
// of virtual time fits a time.Duration.
const (
	// MaxRequests: the simulator can hold every request in flight at once
	// (a burst on loops: about 84 bytes each with the latency record,
	// 0.85 GB at 10M; docs/sim.md).
	MaxRequests = 10_000_000
	MaxThreads  = 1_000_000
	MaxCalls    = 1000
	// MaxClasses bounds the request classes (each has its own latency
	// record and a line in every report).
	MaxClasses = 100
	// MaxEvents bounds requests x (calls + 1), the simulator's events: at
	// a few million events a second, under a minute.
	MaxEvents = 100_000_000
	// MaxDuration bounds every duration of a scenario (a CPU time, a
	// wait, a think time; the mean of an exponential): the latency
	// record's own range is 1 us to 1 h.
	MaxDuration = time.Hour
	// MaxVirtualTime bounds the scenario's total work in virtual time:
	// requests x the mean request (CPU, waits, think time), or the
	// arrivals' own span, whichever is longer. A time.Duration holds 292
	// years; this leaves room for every sum the results take.
	MaxVirtualTime = 100 * 365 * 24 * time.Hour
	// MinSlice and MaxSlice bound Slice: Linux's slices are 0.75-24 ms;
	// below 10 us the simulated preemptions would outnumber the requests'
	// own events a thousand to one.
	MinSlice = 10 * time.Microsecond
	MaxSlice = time.Second
)

// Normalize fills defaults that depend on other fields: class fractions of
// a single class, fan-out mode, loop assignment, placement. It is
// idempotent.
func (s *Scenario) Normalize() {
	if s.Arrival.Kind == "" {
		s.Arrival.Kind = Burst
	}
	if s.Placement.Kind == "" {
		s.Placement.Kind = Random
	}
	if s.Assign == "" {
		s.Assign = RoundRobin
	}
	if len(s.Classes) == 1 && s.Classes[0].Fraction == 0 {
		s.Classes[0].Fraction = 1
	}
	for i := range s.Classes {
		c := &s.Classes[i]
		if c.Fanout == "" {
			c.Fanout = Sequential
		}
		if c.Name == "" {
			c.Name = "class" + strconv.Itoa(i+1)
		}
	}
}

// CoreCount returns the simulated machine's cores (Cores, or Threads).
func (s Scenario) CoreCount() int {
	if s.Cores > 0 {
		return s.Cores
	}
	return s.Threads
}

// ClassIndex returns the index of the named class, or -1.
func (s Scenario) ClassIndex(name string) int {
	for i, c := range s.Classes {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// Validate checks every field and returns the first problem as a
// *FieldError naming the field and the fix.
func (s Scenario) Validate() error {
	for _, step := range []func() error{s.checkShape, s.checkArrival, s.checkClasses, s.checkWork, s.checkPlacement} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// checkShape checks the model and its sizes: threads, pools, cores and
// requests.
func (s Scenario) checkShape() error {
	if s.Model == "" {
		return fieldErr("model", "err.model.missing")
	}
	if _, err := ParseKind(string(s.Model)); err != nil {
		return fieldErr("model", "err.model.unknown", string(s.Model))
	}
	if s.Threads < 1 || s.Threads > MaxThreads {
		return fieldErr("threads", "err.threads", s.Threads, MaxThreads)
	}
	if s.Model == Offload && s.OffloadPool < 1 {
		return fieldErr("offload_pool", "err.offload.missing", s.OffloadPool)
	}
	if s.Model != Offload && s.OffloadPool != 0 {
		return fieldErr("offload_pool", "err.offload.unused", string(s.Model))
	}
	if s.OffloadPool > MaxThreads {
		return fieldErr("offload_pool", "err.offload.max", s.OffloadPool, MaxThreads)
	}
	if s.FanoutPool < 0 || s.FanoutPool > MaxThreads {
		return fieldErr("fanout_pool", "err.fanoutpool.range", s.FanoutPool, MaxThreads)
	}
	if s.FanoutPool > 0 && s.Model != Pool {
		return fieldErr("fanout_pool", "err.fanoutpool.unused", string(s.Model))
	}
	if s.Cores < 0 || s.Cores > MaxThreads {
		return fieldErr("cores", "err.cores", s.Cores, MaxThreads)
	}
	if !s.Slice.IsZero() && (s.Slice.Kind == Exp || s.Slice.Mean < MinSlice || s.Slice.Mean > MaxSlice) {
		return fieldErr("slice", "err.slice", s.Slice.String(), MinSlice.String(), MaxSlice.String())
	}
	if s.Requests < 1 || s.Requests > MaxRequests {
		return fieldErr("requests", "err.requests", s.Requests, MaxRequests)
	}
	return nil
}

// checkArrival checks the arrival and the think time (virtual users only).
func (s Scenario) checkArrival() error {
	switch s.Arrival.Kind {
	case Burst:
	case Rate, Poisson:
		if !(s.Arrival.Rate > 0) || math.IsInf(s.Arrival.Rate, 0) {
			return fieldErr("arrival", "err.arrival.rate")
		}
		if s.Arrival.Rate > 1e9 {
			return fieldErr("arrival", "err.parse.rate.max", s.Arrival.Rate)
		}
	case VUs:
		if s.Arrival.VUs < 1 || s.Arrival.VUs > MaxThreads {
			return fieldErr("arrival", "err.arrival.vus", MaxThreads)
		}
	default:
		return fieldErr("arrival", "err.arrival.unknown", string(s.Arrival.Kind))
	}
	if !s.Think.IsZero() && s.Arrival.Kind != VUs {
		return fieldErr("think", "err.think.open")
	}
	if err := checkDist("think", s.Think); err != nil {
		return err
	}
	return nil
}

// checkClasses checks the classes: at least one, named once each, their
// fractions summing to 1.
func (s Scenario) checkClasses() error {
	if len(s.Classes) == 0 {
		return fieldErr("classes", "err.classes.none")
	}
	if len(s.Classes) > MaxClasses {
		return fieldErr("classes", "err.classes.max", len(s.Classes), MaxClasses)
	}
	sum := 0.0
	names := map[string]bool{}
	for i, c := range s.Classes {
		f := fmt.Sprintf("classes[%d]", i)
		if c.Name != "" {
			f = "classes." + c.Name
		}
		if names[c.Name] {
			return fieldErr(f+".name", "err.class.dup", c.Name)
		}
		names[c.Name] = true
		if math.IsNaN(c.Fraction) || c.Fraction < 0 || c.Fraction > 1 {
			return fieldErr(f+".fraction", "err.class.fraction", c.Fraction)
		}
		sum += c.Fraction
		if err := c.check(f); err != nil {
			return err
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		return fieldErr("classes", "err.classes.sum", sum)
	}
	return nil
}

// check checks one class's distributions, calls and fan-out; f names it.
func (c Class) check(f string) error {
	if err := checkDist(f+".cpu", c.CPU); err != nil {
		return err
	}
	if err := checkDist(f+".wait", c.Wait); err != nil {
		return err
	}
	if c.Calls < 0 || c.Calls > MaxCalls {
		return fieldErr(f+".calls", "err.class.calls", c.Calls, MaxCalls)
	}
	if c.Calls > 0 && c.Wait.IsZero() {
		return fieldErr(f+".wait", "err.class.callswait", c.Calls)
	}
	if c.Fanout != "" && c.Fanout != Sequential && c.Fanout != Parallel && c.Fanout != Pipelined {
		return fieldErr(f+".fanout", "err.class.fanout", string(c.Fanout))
	}
	return nil
}

// checkPlacement checks the placement and the loop assignment.
func (s Scenario) checkPlacement() error {
	switch s.Placement.Kind {
	case Random, Spread, "":
	case Every:
		if s.Placement.K < 1 {
			return fieldErr("placement", "err.placement.k")
		}
		if len(s.Classes) != 2 {
			return fieldErr("placement", "err.placement.every", len(s.Classes))
		}
	default:
		return fieldErr("placement", "err.placement.unknown", string(s.Placement.Kind))
	}
	switch s.Assign {
	case RoundRobin, Shared, "":
	default:
		return fieldErr("assign", "err.assign", string(s.Assign))
	}
	return nil
}

// checkWork bounds the events (requests x (calls + 1), plus the slices
// of a CPU segment longer than Slice) and the total
// virtual time, after every field is known to be in range. Both use the
// heaviest class that has requests, or the mean over the classes.
func (s Scenario) checkWork() error {
	calls := 0
	var mean float64 // ns per request: CPU, waits, think
	for _, c := range s.Classes {
		if c.Fraction > 0 {
			calls = max(calls, c.CallCount())
		}
		mean += c.Fraction * (float64(c.CPU.Mean) + float64(c.CallCount())*float64(c.Wait.Mean))
	}
	if s.Arrival.Kind == VUs {
		mean += float64(s.Think.Mean)
	}
	// A time slice adds an event each time a CPU segment is cut.
	slices := int64(0)
	if !s.Slice.IsZero() {
		for _, c := range s.Classes {
			if c.Fraction > 0 {
				slices = max(slices, int64(c.CPU.Mean/s.Slice.Mean))
			}
		}
	}
	if ev := int64(s.Requests) * (int64(calls+1) + slices); ev > MaxEvents {
		return fieldErr("requests", "err.events", s.Requests, calls, ev, int64(MaxEvents))
	}
	total := float64(s.Requests) * mean
	if s.Arrival.Kind == Rate || s.Arrival.Kind == Poisson {
		total = max(total, float64(s.Requests)/s.Arrival.Rate*1e9)
	}
	if !(total <= float64(MaxVirtualTime)) {
		years := total / float64(365*24*time.Hour)
		return fieldErr("requests", "err.virtual.time", s.Requests, years, float64(MaxVirtualTime/(365*24*time.Hour)))
	}
	return nil
}

func checkDist(field string, d Dist) error {
	if d.Mean < 0 {
		return fieldErr(field, "err.dist.negative", d.Mean.String())
	}
	if d.Mean > MaxDuration {
		return fieldErr(field, "err.dist.max", d.Mean.String(), MaxDuration.String())
	}
	if d.Kind != Fixed && d.Kind != Exp && d.Kind != "" {
		return fieldErr(field, "err.dist.kind", string(d.Kind))
	}
	return nil
}
