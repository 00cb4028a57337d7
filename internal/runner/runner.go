// Package runner is the one home of a real run, whichever way it runs:
// its options, its refusals (Check, CheckRepeat, the caps), its repeats
// (Repeat, Aggregate), its views beside the model (Prepare, Measure,
// Outcome) and its text (WriteText). A Runner runs a scenario once for
// real and returns its model.Result. Process runs it in a fresh child
// process with the real executors (live.Isolated); HTTP serves it from a
// fresh `waitlab target` child over loopback sockets and drives it with
// the scenario load (loadgen.RunScenario); JVM runs it on waitlab's Java
// executors in a JVM child (jvmexec). All start their children through
// supervise. `waitlab run --via`, `plan --confirm --via`, the web lab and
// the experiments choose runners by one Via vocabulary, never spell their
// own, and never reach live: it keeps the executors and the child
// protocol.
package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/waitlab/waitlab/internal/jvmexec"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Ways a run runs (Runner.Via, `--via`, the web lab's ?via=): one
// vocabulary for the runners and the views a Config asks for.
const (
	// ViaProcess: the Go executors in a fresh child process (Process).
	ViaProcess = "process"
	// ViaHTTP: a target child served over loopback sockets (HTTP).
	ViaHTTP = "http"
	// ViaJVM: waitlab's Java executors in a JVM child (JVM).
	ViaJVM = "jvm"
	// ViaBoth (a Config's views): in process, then over HTTP.
	ViaBoth = "both"
	// ViaJVMGo (a Config's views): the Go run, then the JVM's (`run --via
	// jvm --compare`).
	ViaJVMGo = "jvm+process"
)

// Runners returns the runners of a Via (ViaProcess when empty): the
// in-process one, the HTTP one with o, both (ViaBoth), the JVM one with
// jo alone (ViaJVM), or the Go run then the JVM (ViaJVMGo), in that order.
func Runners(via, exe string, o HTTPOptions, jo jvmexec.Options) []Runner {
	p, h := Process{Exe: exe}, HTTP{Exe: exe, Options: o}
	switch via {
	case ViaJVM:
		return []Runner{JVM{Options: jo}}
	case ViaJVMGo:
		return []Runner{p, JVM{Options: jo}}
	case ViaHTTP:
		return []Runner{h}
	case ViaBoth:
		return []Runner{p, h}
	}
	return []Runner{p}
}

// Options tune a real run, whichever way it runs.
type Options struct {
	// StallThreshold is the loop watchdog's threshold (0: the watchdog's
	// default, 10 ms).
	StallThreshold time.Duration
	// Trace keeps the per-lane timeline and every request's record.
	Trace bool
	// Version is echoed in Result.Env.
	Version string
	// OnStart, if set, is called once the run is under way (its child
	// started; over HTTP before the target starts).
	OnStart func()
}

// executor is o as the executors take it (live.Isolated, jvmexec.Run).
func (o Options) executor() live.Options {
	return live.Options{StallThreshold: o.StallThreshold, Trace: o.Trace, Version: o.Version, OnStart: o.OnStart}
}

// Runner makes one real run of a scenario.
type Runner interface {
	// Via names the way it runs: ViaProcess, ViaHTTP or ViaJVM.
	Via() string
	// Check refuses, before anything starts, a scenario this runner
	// cannot run on this machine (*TooBigError, *model.FieldError).
	Check(s model.Scenario) error
	// Run runs s once. opt.OnStart is called once the run is under way;
	// with opt.Trace the result carries every request's record
	// (Result.Trace.Records). A run cut short by ctx returns what it
	// measured (Result.Interrupted) or an error wrapping supervise.ErrInterrupted.
	Run(ctx context.Context, s model.Scenario, opt Options) (*Run, error)
}

// Run is one real run: its result, and what only its way of running shows.
type Run struct {
	Result *model.Result
	// Child is the in-process run's child response (its stalls with
	// their stacks); nil over HTTP.
	Child *live.ChildResponse
	// HTTP is what only sockets show; nil in process.
	HTTP *HTTPRun
}

// Process runs each run in a fresh child process of Exe (the waitlab
// binary) with the real executors.
type Process struct{ Exe string }

// Via implements Runner.
func (Process) Via() string { return ViaProcess }

// Check implements Runner: a real run's refusals (Check).
func (Process) Check(s model.Scenario) error { return Check(s, 0) }

// Run implements Runner.
func (p Process) Run(ctx context.Context, s model.Scenario, opt Options) (*Run, error) {
	resp, err := live.Isolated(ctx, p.Exe, s, opt.executor())
	if err != nil {
		return nil, err
	}
	return &Run{Result: resp.Result, Child: resp}, nil
}

// HTTP runs each run against a fresh target child of Exe over loopback,
// the load in this process.
type HTTP struct {
	Exe     string
	Options HTTPOptions
}

// Via implements Runner.
func (HTTP) Via() string { return ViaHTTP }

// Check implements Runner: CheckHTTP.
func (h HTTP) Check(s model.Scenario) error { return CheckHTTP(s, h.Options) }

// Run implements Runner.
func (h HTTP) Run(ctx context.Context, s model.Scenario, opt Options) (*Run, error) {
	o := h.Options
	o.Records = opt.Trace
	if opt.OnStart != nil {
		opt.OnStart() // before the target starts: its ready line follows
	}
	r, err := RunHTTP(ctx, h.Exe, s, opt.StallThreshold, opt.Version, o)
	if err != nil {
		return nil, err
	}
	return &Run{Result: r.Result, HTTP: r}, nil
}

// Repeat runs s n times with r, after one uncounted warm-up run (without
// its trace) when warmup is set, and aggregates the counted runs. When
// ctx is cancelled it stops: the run in progress is dropped when whole
// runs came before it (a part of a run would bias the median), and stands
// alone (Interrupted) when it is the first; Interrupted is set on the
// Repeated and its Median; a warm-up cut short stands for the run. With nothing measured it returns an error wrapping supervise.ErrInterrupted,
// never a nil Median. progress, if set, is called as each run is under way
// (0 is the warm-up). The runs come back in order, with the Run of each:
// one Run for every result aggregated, never fewer.
func Repeat(ctx context.Context, r Runner, s model.Scenario, opt Options, n int, warmup bool, progress func(run, of int)) (*Repeated, []*Run, error) {
	at := func(run int) Options {
		o := opt
		if progress != nil {
			o.OnStart = func() { progress(run, n) }
		}
		return o
	}
	// stop reports whether an error ends the repeats quietly (an
	// interrupt), rather than failing them.
	stop := func(err error) bool {
		return errors.Is(err, supervise.ErrInterrupted) || (ctx.Err() != nil && !errors.Is(err, ErrTargetDied))
	}
	rep := &Repeated{}
	var runs []*Run
	var wrun *Run
	if warmup {
		wopt := at(0)
		wopt.Trace = false
		w, err := r.Run(ctx, s, wopt)
		if err != nil {
			if stop(err) {
				return nil, nil, fmt.Errorf("%w (in the warm-up)", supervise.ErrInterrupted)
			}
			return nil, nil, err
		}
		rep.Warmup, wrun = w.Result, w
		if w.Result.Interrupted {
			rep = Aggregate(s, []*model.Result{w.Result})
			rep.Warmup = w.Result
			rep.MarkInterrupted()
			return rep, []*Run{w}, nil
		}
	}
	var results []*model.Result
	for i := 1; i <= n; i++ {
		if ctx.Err() != nil {
			break
		}
		one, err := r.Run(ctx, s, at(i))
		if err != nil {
			if stop(err) {
				break // keep what the earlier runs measured
			}
			return nil, nil, err
		}
		if one.Result.Interrupted && len(results) > 0 {
			// Cut short: the earlier, whole runs stand. A part of a run
			// (the requests that finished before the interrupt reached the
			// child, which on a busy machine is some of them) would pull
			// the median toward whichever requests happened to finish.
			break
		}
		results = append(results, one.Result)
		runs = append(runs, one)
		if one.Result.Interrupted {
			break
		}
	}
	if len(results) == 0 && wrun != nil {
		// Interrupted in the first counted run: the warm-up is what was
		// measured, and its Run comes back with it (every result has its
		// Run, so a caller's median run exists).
		results, runs = []*model.Result{wrun.Result}, []*Run{wrun}
	}
	if len(results) == 0 {
		return nil, nil, fmt.Errorf("%w (0 of %d runs)", supervise.ErrInterrupted, n)
	}
	w := rep.Warmup
	rep = Aggregate(s, results)
	rep.Warmup = w
	if ctx.Err() != nil {
		// Cut short, or whole but interrupted as it ended (a burst over
		// HTTP finishes its requests in flight), or the warm-up standing
		// for a first run that never came: the user's interrupt is
		// never a whole measurement.
		rep.MarkInterrupted()
	}
	return rep, runs, nil
}

// Executable returns the path of the running binary: the one each real
// run's child is a fresh process of (Process.Exe, HTTP.Exe).
func Executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("runner: find own binary: %w", err)
	}
	return exe, nil
}
