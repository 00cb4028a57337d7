package jvmexec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Passes is how many times the child runs the plan: once cold, once measured.
const Passes = 2

// MainClass is the child's entry point (java/base/waitlab/jvm/Main.java).
const MainClass = "waitlab.jvm.Main"

// afterReady, if set (tests), is called once the child is ready.
var afterReady func(pid int)

// Run runs s once on the JVM (s normalized and valid; Check first). opt
// is the Go runs' options: Trace keeps the measured pass's lanes and
// records, StallThreshold is a loop task's stall, Version and OnStart as
// for live.Isolated. When ctx ends the child is told through its cancel
// pipe, writes what the pass under way measured (Result.Interrupted) and
// exits; nothing measured is supervise.ErrInterrupted. The child is stopped, its
// process group killed after supervise.Grace, and its files removed
// before Run returns.
func Run(ctx context.Context, s model.Scenario, opt live.Options, jo Options) (*model.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("jvmexec: not started: %w: %w", supervise.ErrInterrupted, err)
	}
	if err := Check(s, jo); err != nil {
		return nil, err
	}
	if opt.Trace && s.Requests > model.MaxTraceRequests {
		return nil, model.NewFieldError("--timeline", "sim.err.trace", s.Requests, model.MaxTraceRequests)
	}
	j, err := Find(s, jo)
	if err != nil {
		return nil, err
	}
	classes, compiled, err := Compile(ctx, j)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("jvmexec: compiling: %w", supervise.ErrInterrupted)
		}
		return nil, err
	}
	dir, err := os.MkdirTemp("", "waitlab-jvm-")
	if err != nil {
		return nil, fmt.Errorf("jvmexec: %w", err)
	}
	defer os.RemoveAll(dir)
	pin := PinOf(s, j, jo)
	if err := writePlanFile(filepath.Join(dir, "plan"), s, pin, opt.Trace); err != nil {
		return nil, err
	}
	stall := opt.StallThreshold
	if stall <= 0 {
		stall = 10 * time.Millisecond
	}
	flags := Flags(s, j)
	args := append(append([]string{}, flags...), "-cp", classes, MainClass, dir, strconv.FormatInt(int64(stall), 10))
	c, err := supervise.Start(supervise.Spec{Name: "jvm", Exe: j.Java, Args: args, Control: true})
	if err != nil {
		return nil, fmt.Errorf("jvmexec: %w", err)
	}
	defer c.Stop()
	var peak atomic.Int64
	sampling := make(chan struct{})
	go sampleThreads(c, &peak, sampling)
	if _, err := c.WaitReady(ctx); err != nil {
		<-sampling
		if ctx.Err() != nil {
			return nil, fmt.Errorf("jvmexec: %w (the JVM was stopped before it started)", supervise.ErrInterrupted)
		}
		return nil, fmt.Errorf("jvmexec: %s did not start: %w", j.Java, err)
	}
	if afterReady != nil {
		afterReady(c.PID)
	}
	if opt.OnStart != nil {
		opt.OnStart()
	}
	interrupted, werr := c.Await(ctx)
	<-sampling
	body, rerr := os.ReadFile(filepath.Join(dir, "result"))
	if rerr != nil {
		return nil, fmt.Errorf("jvmexec: %w", c.Unreported(interrupted, werr, rerr))
	}
	res, err := decode(body, s)
	if err != nil {
		if errors.Is(err, supervise.ErrInterrupted) {
			return nil, err
		}
		return nil, fmt.Errorf("jvmexec: %w", err)
	}
	res.Interrupted = res.Interrupted || (interrupted && res.Completed < res.Requests)
	facts := res.JVM
	facts.Home, facts.Classes, facts.Compiled = j.Home, classes, compiled
	if facts.Vendor == "" {
		facts.Vendor = j.Vendor
	}
	if s.Model == model.Virtual {
		facts.Carriers = s.Threads
	}
	env := collectEnv(opt.Version)
	res.Env = &env
	res.OSThreadsPeak = int(peak.Load())
	for _, w := range live.Warnings(s, sysinfo.Cores()) {
		res.Warnings = append(res.Warnings, w.Text(msg.EN))
	}
	return res, nil
}

func writePlanFile(path string, s model.Scenario, pin string, trace bool) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("jvmexec: %w", err)
	}
	if _, err := WritePlan(f, s, pin, trace, Passes); err != nil {
		f.Close()
		return fmt.Errorf("jvmexec: write plan: %w", err)
	}
	return f.Close()
}

// sampleThreads records the child's peak OS thread count until it exits.
func sampleThreads(c *supervise.Child, peak *atomic.Int64, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		if n, err := pidThreads(c.PID); err == nil && int64(n) > peak.Load() {
			peak.Store(int64(n))
		}
		select {
		case <-c.Exited():
			return
		case <-t.C:
		}
	}
}

// Lanes are a run's trace lanes, as live's: threads, loops or carriers,
// then offload threads, then fan-out threads.
func Lanes(s model.Scenario) []model.LaneKind {
	kind := model.LaneThread
	switch s.Model {
	case model.Loop, model.Offload:
		kind = model.LaneLoop
	case model.Virtual:
		kind = model.LaneCarrier
	}
	var out []model.LaneKind
	for i := 0; i < s.Threads; i++ {
		out = append(out, kind)
	}
	for i := 0; i < s.OffloadPool; i++ {
		out = append(out, model.LaneOffload)
	}
	for i := 0; i < s.FanoutPool; i++ {
		out = append(out, model.LaneWorker)
	}
	return out
}
