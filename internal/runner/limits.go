package runner

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// The refusals of a real run, whichever way it runs: checked before
// anything starts, by Prepare (and by Check for the callers that start a
// run their own way, as `load --scenario` does).
const (
	// MaxThreads is the most OS threads (pool threads, loops plus offload
	// threads, or carriers) a real run will start: the executors' own
	// ceiling (live.MaxThreads).
	MaxThreads = live.MaxThreads
	// MaxWall is the longest a real run may be expected to take.
	MaxWall = 10 * time.Minute
	// MaxRequests is the most requests a real run keeps times for (every
	// request's arrival, start and end are kept, as for exact percentiles).
	MaxRequests = model.ExactLimit
	// MaxGoroutines is the most virtual threads (or virtual users) a real
	// run keeps waiting at once: each is a goroutine of a few KB.
	MaxGoroutines = 1_000_000
	// MaxRepeat is the most runs one command repeats (each is a child
	// process and a result kept for the medians).
	MaxRepeat = 1000
	// ChildStart is the least a run costs besides its own work: starting
	// the child process and exchanging the request and the result (about
	// 40 ms per run measured on a 2-core VM; a quarter of it, as a lower
	// bound like Estimate).
	ChildStart = 10 * time.Millisecond
)

// ErrTooBig is wrapped by the refusals of scenarios too big to run for
// real (see Check).
var ErrTooBig = errors.New("too big for a real run")

// TooBigError says why a scenario is refused before anything starts. Key
// is a message catalog entry; Args fill it.
type TooBigError struct {
	Key  string
	Args []any
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("runner: %s %v: %v", e.Key, e.Args, ErrTooBig)
}

func (e *TooBigError) Unwrap() error { return ErrTooBig }

// Check refuses, with a *TooBigError, a scenario too big for a real run:
// more than MaxThreads threads, more than MaxRequests requests, or an
// expected wall time above MaxWall. expected is the model's makespan (0 if
// unknown); the estimate is the larger of it and Estimate(s).
func Check(s model.Scenario, expected time.Duration) error {
	if n := live.Threads(s); n > MaxThreads {
		return &TooBigError{Key: "run.err.threads", Args: []any{n, MaxThreads}}
	}
	if s.Requests > MaxRequests {
		return &TooBigError{Key: "run.err.requests", Args: []any{s.Requests, MaxRequests}}
	}
	if s.Arrival.Kind == model.VUs && s.Arrival.VUs > MaxGoroutines {
		return &TooBigError{Key: "run.err.vus", Args: []any{s.Arrival.VUs, MaxGoroutines}}
	}
	if s.Model == model.Virtual && s.Arrival.Kind == model.Burst && s.Requests > MaxGoroutines && hasWaits(s) {
		return &TooBigError{Key: "run.err.goroutines", Args: []any{s.Requests, MaxGoroutines}}
	}
	if est := max(expected, Estimate(s, sysinfo.Cores())); est > MaxWall {
		return &TooBigError{Key: "run.err.wall", Args: []any{est.Round(time.Second).String(), MaxWall.String()}}
	}
	return nil
}

// CheckRepeat is Check for n runs of s one after another, after one
// uncounted warm-up run when warmup is set (Repeat): n must be 1 to
// MaxRepeat, and all the runs together must be expected to take at most
// MaxWall, each run costing its expected time (the larger of expected and
// Estimate) plus ChildStart. It refuses with a *TooBigError.
func CheckRepeat(s model.Scenario, expected time.Duration, n int, warmup bool) error {
	if n < 1 || n > MaxRepeat {
		return &TooBigError{Key: "run.err.repeat.max", Args: []any{n, MaxRepeat}}
	}
	if err := Check(s, expected); err != nil {
		return err
	}
	runs := n
	if warmup {
		runs++
	}
	per := max(expected, Estimate(s, sysinfo.Cores())) + ChildStart
	if total := float64(per) * float64(runs); total > float64(MaxWall) {
		return &TooBigError{Key: "run.err.wall.repeat", Args: []any{runs, per.Round(time.Millisecond).String(),
			time.Duration(total).Round(time.Second).String(), MaxWall.String()}}
	}
	return nil
}

// Estimate is a quick lower bound of a real run's wall time on cores
// cores, without simulating: the total CPU work spread over the cores, the
// arrivals' own schedule, and for each request its own CPU plus waits (the
// mean request times the number of waves through the lanes).
func Estimate(s model.Scenario, cores int) time.Duration {
	var cpu, wait float64 // mean per request, ns
	for _, c := range s.Classes {
		n := float64(c.CallCount())
		w := float64(c.Wait.Mean)
		if c.Fanout == model.Parallel && n > 0 {
			n = 1
		}
		cpu += c.Fraction * float64(c.CPU.Mean)
		wait += c.Fraction * w * n
	}
	req := float64(s.Requests)
	est := cpu * req / float64(max(cores, 1))
	lanes := float64(max(s.Threads, 1))
	switch s.Arrival.Kind {
	case model.Rate, model.Poisson:
		est = max(est, req/s.Arrival.Rate*1e9)
	case model.VUs:
		lanes = min(lanes, float64(s.Arrival.VUs))
		think := float64(s.Think.Mean)
		est = max(est, req/float64(s.Arrival.VUs)*(cpu+wait+think))
	}
	if s.Model == model.Pool {
		est = max(est, math.Ceil(req/lanes)*(cpu+wait))
	}
	if est > float64(math.MaxInt64) {
		return time.Duration(math.MaxInt64)
	}
	return time.Duration(est)
}

func hasWaits(s model.Scenario) bool {
	for _, c := range s.Classes {
		if c.CallCount() > 0 && c.Fraction > 0 {
			return true
		}
	}
	return false
}

// Scaling says how ScaleToCores changed a scenario.
type Scaling struct {
	Factor      float64 `json:"factor"`
	Loops       [2]int  `json:"loops"`        // from, to
	Requests    [2]int  `json:"requests"`     // from, to
	OffloadPool [2]int  `json:"offload_pool"` // from, to
}

// ScaleToCores shrinks a scenario whose loops or carriers outnumber cores
// so that they do not: lanes become cores, and the requests and the
// offload pool shrink by the same factor, so each loop sees the same work,
// the same blocking fraction (spread the same way) and the same share of
// offload threads. A pool model, or one already small enough, is returned
// unchanged with ok false.
func ScaleToCores(s model.Scenario, cores int) (model.Scenario, Scaling, bool) {
	if s.Model == model.Pool || s.Threads <= cores || cores < 1 {
		return s, Scaling{}, false
	}
	f := float64(cores) / float64(s.Threads)
	sc := Scaling{Factor: f, Loops: [2]int{s.Threads, cores}, Requests: [2]int{s.Requests, 0}, OffloadPool: [2]int{s.OffloadPool, s.OffloadPool}}
	out := s
	out.Classes = append([]model.Class(nil), s.Classes...)
	out.Threads = cores
	out.Requests = max(1, int(math.Round(float64(s.Requests)*f)))
	if s.OffloadPool > 0 {
		out.OffloadPool = max(1, int(math.Round(float64(s.OffloadPool)*f)))
	}
	if s.Cores > 0 {
		out.Cores = max(1, int(math.Round(float64(s.Cores)*f)))
	}
	if s.Arrival.Kind == model.Rate || s.Arrival.Kind == model.Poisson {
		out.Arrival.Rate = s.Arrival.Rate * f
	}
	if s.Arrival.Kind == model.VUs {
		out.Arrival.VUs = max(1, int(math.Round(float64(s.Arrival.VUs)*f)))
	}
	sc.Requests[1], sc.OffloadPool[1] = out.Requests, out.OffloadPool
	return out, sc, true
}
