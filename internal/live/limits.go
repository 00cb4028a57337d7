package live

import (
	"fmt"
	"runtime/debug"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// MaxThreads is the most OS threads (pool threads, loops plus offload
// threads, or carriers) the executors start for one run: Run refuses more
// (runner.Check refuses them first, in the user's words).
const MaxThreads = 10_000

// A run may start MaxThreads threads for its lanes, but Go's runtime kills
// the process at 10,000 OS threads in all ("fatal error: thread
// exhaustion"), its own and the load generator's included: raise that
// limit so the count runner.Check allows really runs (`run --model pool
// --threads 9990` crashed).
func init() {
	const want = MaxThreads + 2000
	if prev := debug.SetMaxThreads(want); prev > want {
		debug.SetMaxThreads(prev)
	}
}

// Threads returns how many OS threads the executor of s starts for its
// lanes: pool threads plus fan-out threads, loops plus offload threads,
// or carriers.
func Threads(s model.Scenario) int { return s.Threads + s.OffloadPool + s.FanoutPool }

// Warning is something a reader of a real result must know about where it
// was measured: a message catalog key and its arguments.
type Warning struct {
	Key  string
	Args []any
}

// Text renders the warning in lang.
func (w Warning) Text(lang msg.Lang) string { return msg.T(lang, w.Key, w.Args...) }

// Warnings returns the warnings for a real run of s on cores cores: loops
// or carriers that outnumber the cores (the OS time-slices them, so when
// one blocks, the others get its core and the cost of blocking looks
// smaller than on a machine with a core per loop), and a model that
// assumes more cores than there are for its CPU work.
func Warnings(s model.Scenario, cores int) []Warning {
	var w []Warning
	switch {
	case s.Model.HasLoops() && s.Threads > cores:
		w = append(w, Warning{"run.warn.loops", []any{s.Threads, cores}})
	case s.Model == model.Virtual && s.Threads > cores:
		w = append(w, Warning{"run.warn.carriers", []any{s.Threads, cores}})
	}
	if s.CoreCount() > cores && hasCPU(s) {
		w = append(w, Warning{"run.warn.cores", []any{s.CoreCount(), cores}})
	}
	return w
}

func hasCPU(s model.Scenario) bool {
	for _, c := range s.Classes {
		if c.CPU.Mean > 0 && c.Fraction > 0 {
			return true
		}
	}
	return false
}

// guard refuses a run the executors cannot hold: more than MaxThreads
// threads, or more requests than a run keeps times for (every request's
// job is allocated up front). The parent refuses these first in the
// user's words (runner.Check); this keeps a child that is sent one anyway
// from dying of it.
func guard(s model.Scenario) error {
	if n := Threads(s); n > MaxThreads {
		return fmt.Errorf("live: %d threads, over the executors' ceiling of %d", n, MaxThreads)
	}
	if s.Requests > model.ExactLimit {
		return fmt.Errorf("live: %d requests, over the %d a run keeps times for", s.Requests, model.ExactLimit)
	}
	return nil
}
