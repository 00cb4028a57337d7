package plan

import (
	"math"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
)

// Knob is the setting a plan sizes.
type Knob string

// The knobs. Threads, loops and carriers are all Scenario.Threads, named
// after what they are in each model.
const (
	Threads     Knob = "threads"      // pool threads
	Loops       Knob = "loops"        // event loops (loop, offload): never above the cores
	OffloadPool Knob = "offload-pool" // the offload pool (offload)
	Carriers    Knob = "carriers"     // carrier threads (virtual)
	Cores       Knob = "cores"        // the machine's CPU cores
)

// DefaultKnob is the knob a model sizes: threads for pool, loops for loop,
// the offload pool for offload, carriers for virtual.
func DefaultKnob(m model.Kind) Knob {
	switch m {
	case model.Loop:
		return Loops
	case model.Offload:
		return OffloadPool
	case model.Virtual:
		return Carriers
	}
	return Threads
}

// ParseKnob parses a knob name for model m ("" is the model's default).
// A knob the model does not have is a *model.FieldError for "--size".
func ParseKnob(s string, m model.Kind) (Knob, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	v = strings.ReplaceAll(v, "_", "-")
	if v == "" {
		return DefaultKnob(m), nil
	}
	if v == "offload" {
		v = string(OffloadPool)
	}
	k := Knob(v)
	ok := false
	switch k {
	case Threads:
		ok = m == model.Pool
	case Loops:
		ok = m.HasLoops()
	case OffloadPool:
		ok = m == model.Offload
	case Carriers:
		ok = m == model.Virtual
	case Cores:
		ok = true
	default:
		return "", model.NewFieldError("--size", "plan.err.knob.unknown", s)
	}
	if !ok {
		return "", model.NewFieldError("--size", "plan.err.knob.model", string(k), string(m), string(DefaultKnob(m)))
	}
	return k, nil
}

// Get returns the knob's value in s.
func (k Knob) Get(s model.Scenario) int {
	switch k {
	case OffloadPool:
		return s.OffloadPool
	case Cores:
		return s.CoreCount()
	}
	return s.Threads
}

// Set returns s with the knob set to n.
func (k Knob) Set(s model.Scenario, n int) model.Scenario {
	s.Classes = append([]model.Class(nil), s.Classes...)
	switch k {
	case OffloadPool:
		s.OffloadPool = n
	case Cores:
		s.Cores = n
	default:
		s.Threads = n
	}
	return s
}

// demand is the mean time one request holds each kind of resource.
type demand struct {
	cpu      float64 // CPU, seconds
	held     float64 // waits that hold the thread that makes them (pool: every wait)
	blocking float64 // waits of blocking classes (held by a loop, an offload thread or a pinned carrier)
	lock     float64 // time under the shared lock
	calls    float64 // waits per request that park an OS thread (context switches)
}

func meanOf(c model.Class) (cpu, wait float64) {
	cpu = c.CPU.Mean.Seconds()
	n := c.CallCount()
	w := c.Wait.Mean.Seconds()
	if n == 0 {
		return cpu, 0
	}
	if (c.Fanout == model.Parallel || c.Fanout == model.Pipelined) && n > 1 {
		if c.Wait.Kind == model.Exp {
			h := 0.0 // E[max of n exponentials] = mean * H_n
			for i := 1; i <= n; i++ {
				h += 1 / float64(i)
			}
			return cpu, w * h
		}
		return cpu, w
	}
	return cpu, w * float64(n)
}

func demandOf(s model.Scenario) demand {
	var d demand
	for _, c := range s.Classes {
		cpu, wait := meanOf(c)
		d.cpu += c.Fraction * cpu
		d.held += c.Fraction * wait
		if c.Blocking {
			d.blocking += c.Fraction * wait
		}
		if s.SharedLock {
			d.lock += c.Fraction * c.Wait.Mean.Seconds() * float64(c.CallCount())
		}
		n := float64(c.CallCount())
		switch {
		case c.Fanout == model.Pipelined && n > 0:
			n = 1 // one round trip
		case c.Fanout == model.Parallel && n > 0 && s.Model == model.Pool && s.FanoutPool == 0:
			n = 1 // a pool thread parks once for a parallel fan-out
		}
		switch {
		case s.Model == model.Pool:
			d.calls += c.Fraction * n
		case c.Blocking && s.Model == model.Offload:
			d.calls += c.Fraction * n * 2 // the offload thread parks; the loop is woken for the continuation
		case c.Blocking:
			d.calls += c.Fraction * n
		}
	}
	return d
}

// Resource is the busiest resource of a scenario by mean-value analysis:
// each resource (threads, loops, offload threads, carriers, cores, the
// shared lock) is a set of servers, and a request holds one for a mean
// time; with arrivals at rate lambda, its utilisation is lambda x time /
// servers. A utilisation of 1 or more is certain overload (a necessary
// condition of stability), whatever a finite simulation shows.
type Resource struct {
	Name string `json:"name"` // threads, loops, offload-pool, carriers, cores, lock
	// Capacity is the most requests per second the resource can serve.
	Capacity float64 `json:"capacity_rps"`
	// Util is lambda / Capacity for an open model, else 0.
	Util float64 `json:"util,omitempty"`
}

// Bottleneck returns the resource with the lowest capacity.
func Bottleneck(s model.Scenario) Resource {
	d := demandOf(s)
	type res struct {
		name    string
		servers float64
		time    float64
	}
	lanes := map[model.Kind]string{model.Pool: "threads", model.Loop: "loops", model.Offload: "loops", model.Virtual: "carriers"}[s.Model]
	var rs []res
	switch s.Model {
	case model.Pool:
		rs = append(rs, res{lanes, float64(s.Threads), d.cpu + d.held})
	case model.Loop, model.Virtual:
		rs = append(rs, res{lanes, float64(s.Threads), d.cpu + d.blocking})
	case model.Offload:
		rs = append(rs, res{lanes, float64(s.Threads), d.cpu}, res{"offload-pool", float64(s.OffloadPool), d.blocking})
	}
	rs = append(rs, res{"cores", float64(s.CoreCount()), d.cpu})
	if s.SharedLock {
		rs = append(rs, res{"lock", 1, d.lock})
	}
	best := Resource{Capacity: math.Inf(1)}
	for _, r := range rs {
		if r.time <= 0 || r.servers <= 0 {
			continue
		}
		if c := r.servers / r.time; c < best.Capacity {
			best = Resource{Name: r.name, Capacity: c}
		}
	}
	if math.IsInf(best.Capacity, 0) { // nothing is ever held: no limit
		return Resource{}
	}
	if rate, ok := openRate(s); ok {
		best.Util = rate / best.Capacity
	}
	return best
}

// openRate is the arrival rate of an open model (rate or poisson).
func openRate(s model.Scenario) (float64, bool) {
	switch s.Arrival.Kind {
	case model.Rate, model.Poisson:
		return s.Arrival.Rate, true
	}
	return 0, false
}

// Cost is what a size costs to run, beyond the SLO's figure.
type Cost struct {
	// OSThreads is the OS threads the model starts: pool threads, loops
	// plus offload threads, or carriers.
	OSThreads int `json:"os_threads"`
	// VirtualThreads is the peak of requests in flight on virtual threads
	// (virtual model only): each is a thread of its own, on the heap.
	VirtualThreads int `json:"virtual_threads,omitempty"`
	// MemoryMiB is the stack memory those threads reserve, by the stated
	// assumptions PlatformStack and VirtualStack.
	MemoryMiB float64 `json:"memory_mib"`
	// SwitchesPerSec estimates OS context switches per second from waits
	// that park an OS thread (one to park, one to wake), where the model
	// has them; registered waits and unmounted virtual threads cost none.
	SwitchesPerSec Num `json:"switches_per_sec"` // null when not simulated
}

// Assumptions behind Cost.
const (
	// PlatformStack is the stack a platform thread reserves: 1 MiB, the
	// JVM's default -Xss on 64-bit Linux (reserved address space; the
	// resident part is what the thread has touched).
	PlatformStack = 1 << 20
	// VirtualStack is what one virtual thread or goroutine costs: a few
	// KiB (a goroutine starts with a 2 KiB stack that grows; a virtual
	// thread's stack chunks live on the heap). 4 KiB is assumed.
	VirtualStack = 4 << 10
)

func costOf(s model.Scenario, rps float64, peakInFlight int) Cost {
	c := Cost{OSThreads: s.Threads + s.OffloadPool}
	mem := float64(c.OSThreads) * PlatformStack
	if s.Model == model.Virtual {
		c.VirtualThreads = peakInFlight
		mem += float64(peakInFlight) * VirtualStack
	}
	c.MemoryMiB = mem / (1 << 20)
	c.SwitchesPerSec = Num(rps * 2 * demandOf(s).calls)
	return c
}
