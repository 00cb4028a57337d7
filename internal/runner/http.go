package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// A scenario over real sockets.
//
// RunHTTP starts `waitlab target -f SCENARIO` in a fresh child process of
// the same binary on loopback (port 0; the address comes in its Ready
// message on supervise's control channel), runs the scenario's load in
// this process (loadgen.RunScenario), reads the target's /proc entry (peak
// OS threads, CPU time), stops it, reads its Report (stalls and counters,
// as data), and fills the same model.Result as the model and the
// in-process run. Generator and target are pinned to
// different cores where the machine has two or more (Pinning says which).
// One child per run: --repeat N starts N targets (plus the warm-up).

// HTTPOptions configure the HTTP view.
type HTTPOptions struct {
	// Listen is the target's address (default 127.0.0.1:0, any free port).
	Listen string
	// Backlog is the target's listen backlog (default 4096; the kernel
	// caps it at net.core.somaxconn).
	Backlog int
	// MaxConns caps the generator's connections (default
	// loadgen.DefaultScenarioConns).
	MaxConns int
	// NoPin leaves generator and target on every core.
	NoPin bool
	// OnTarget, when set, is called with each target's process id and
	// address once it is ready, before the load starts (tests use it to
	// kill one mid-run).
	OnTarget func(pid int, addr string)
	// Records keeps every answered request's record in the result's
	// Trace (loadgen.ScenarioConfig.Records).
	Records bool
	// Engine is the server that serves the scenario: waitlab's Go target
	// (""), Tomcat or Netty (launch).
	Engine launch.Engine
	// Java is the JDK a JVM engine runs on (`--java`: a JDK home or its
	// bin/java); "" is jdk.Find's order (JAVA_HOME, PATH, /usr/lib/jvm).
	Java string
}

// HTTPRun is what one run over HTTP measured beyond the model.Result.
type HTTPRun struct {
	Result *model.Result
	// Server is what served it (engine, version, JDK, limits) and
	// Report the server's own report.
	Server  launch.About
	Report  *launch.Report
	Sockets loadgen.Sockets
	Kernel  Kernel
	Pinning *Pinning
	Load    *loadresult.Result
}

// Kernel is what the kernel says about the target's listen socket over a
// run: SYNs or connections dropped because the accept queue was full
// (TcpExt ListenOverflows, ListenDrops in /proc/net/netstat, machine-wide,
// as a delta over the run), net.core.somaxconn and the backlog asked for
// (the kernel uses the smaller).
type Kernel struct {
	ListenOverflows int64 `json:"listen_overflows"`
	ListenDrops     int64 `json:"listen_drops"`
	Somaxconn       int   `json:"somaxconn"`
	Backlog         int   `json:"backlog"`
	// Known is false when /proc/net/netstat could not be read.
	Known bool `json:"known"`
}

// Pinning says where generator and target ran.
type Pinning struct {
	Generator []int `json:"generator_cpus"`
	Target    []int `json:"target_cpus"`
	// Failed is why the pinning was asked for but did not happen (a
	// sched_setaffinity error): generator and target then shared every
	// CPU (supervise's one policy: say so, run unpinned).
	Failed string `json:"pin_failed,omitempty"`
}

// ErrTargetDied is a target child that exited before the run ended.
var ErrTargetDied = errors.New("runner: the target process died during the run")

// CheckHTTP refuses, before anything starts, a scenario this machine
// cannot serve over sockets: more connections than the open-file limit
// allows (after raising the soft limit to the hard one), or a listen
// address that is taken. Errors are *TooBigError (exit 2).
func CheckHTTP(s model.Scenario, o HTTPOptions) error {
	if s.Requests > loadgen.MaxScenarioRequests {
		return &TooBigError{Key: "http.err.requests", Args: []any{s.Requests, loadgen.MaxScenarioRequests}}
	}
	need := Connections(s, o) + 64
	soft, hard := raiseNoFile()
	if uint64(need) > soft {
		return &TooBigError{Key: "http.err.nofile", Args: []any{Connections(s, o), soft, hard}}
	}
	if o.Listen != "" {
		if err := probeListen(o.Listen); err != nil {
			return &TooBigError{Key: "http.err.port", Args: []any{o.Listen}}
		}
	}
	return nil
}

// Connections returns how many connections the generator may have open at
// once for s: every burst request its own (up to the cap), the cap for the
// open model, a connection per virtual user and loop for the closed one.
func Connections(s model.Scenario, o HTTPOptions) int {
	cap := o.MaxConns
	if cap <= 0 {
		cap = loadgen.DefaultScenarioConns
	}
	switch s.Arrival.Kind {
	case model.VUs:
		groups := 1
		if s.Model.HasLoops() && s.Assign != model.Shared {
			groups = s.Threads
		}
		return min(s.Arrival.VUs, s.Requests) * min(groups, max(s.Requests, 1))
	}
	return min(s.Requests, cap)
}

// raiseNoFile raises this process's soft open-file limit to the hard one
// (children inherit it) and returns both.
func raiseNoFile() (soft, hard uint64) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return math.MaxInt32, math.MaxInt32
	}
	if rl.Cur < rl.Max {
		up := rl
		up.Cur = rl.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &up) == nil {
			rl = up
		}
	}
	return rl.Cur, rl.Max
}

// probeListen reports whether addr can be listened on (and lets go of it).
func probeListen(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return ln.Close()
}

// RunHTTP runs s once over HTTP: a fresh target child of exe, the load in
// this process. threshold is the target's stall threshold.
func RunHTTP(ctx context.Context, exe string, s model.Scenario, threshold time.Duration, version string, o HTTPOptions) (*HTTPRun, error) {
	if err := ctx.Err(); err != nil {
		return nil, supervise.ErrInterrupted
	}
	if o.Listen == "" {
		o.Listen = "127.0.0.1:0"
	}
	if o.Backlog <= 0 {
		o.Backlog = 4096
	}
	dir, err := os.MkdirTemp("", "waitlab-http")
	if err != nil {
		return nil, fmt.Errorf("runner: scenario file: %w", err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "scenario.json")
	body, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("runner: encode scenario: %w", err)
	}
	if err := os.WriteFile(file, body, 0o600); err != nil {
		return nil, fmt.Errorf("runner: scenario file: %w", err)
	}
	pin := ChoosePinning(sysinfo.Cores(), o.NoPin)
	tg, err := startTarget(ctx, exe, file, o, threshold, pin)
	if err != nil {
		return nil, err
	}
	defer tg.Stop()
	if tg.PinErr != nil && pin != nil {
		pin = &Pinning{Failed: tg.PinErr.Error()}
	}
	if o.OnTarget != nil {
		o.OnTarget(tg.PID, tg.addr)
	}
	if pin != nil && pin.Failed == "" {
		restore, perr := supervise.PinSelf(pin.Generator)
		defer restore()
		if perr != nil {
			pin.Failed = perr.Error()
		}
	}

	// The load runs until done, interrupted, or the target dies.
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var died bool
	var diedMu sync.Mutex
	go func() {
		select {
		case <-tg.Exited():
			diedMu.Lock()
			died = true
			diedMu.Unlock()
			cancel()
		case <-lctx.Done():
		}
	}()
	peak := &threadPeak{pid: tg.PID}
	peak.start()
	cpu0, _ := sysinfo.PidCPU(tg.PID)
	ns0, nsOK0 := readNetstat()
	lr, err := loadgen.RunScenario(lctx, loadgen.ScenarioConfig{
		Scenario: s, URL: "http://" + tg.addr + "/", MaxConns: o.MaxConns, Version: version, Records: o.Records,
	})
	ns1, nsOK1 := readNetstat()
	cpu1, cpuErr := sysinfo.PidCPU(tg.PID)
	threads := peak.stop()
	diedMu.Lock()
	d := died
	diedMu.Unlock()
	if !d && (err != nil || lr.Sockets.Failed > 0) && ctx.Err() == nil {
		// Failures may be the target dying: give its exit a moment to
		// be seen before blaming anything else.
		select {
		case <-tg.Exited():
		case <-time.After(2 * time.Second):
		}
	}
	if d || tg.HasExited() {
		return nil, fmt.Errorf("%w: %s", ErrTargetDied, tg.Why())
	}
	if err != nil {
		return nil, err
	}
	rep := tg.Stop()
	if rep.Killed && ctx.Err() == nil {
		return nil, fmt.Errorf("runner: the target did not stop within %v and was killed", supervise.Grace)
	}
	res := lr.Result
	if ctx.Err() != nil {
		// The user's interrupt came during the run: whatever finished
		// after it (a burst's requests already in flight) does not make
		// the run whole in the user's eyes, and it concludes nothing.
		res.Interrupted = true
	}
	if res.Interrupted && res.Completed == 0 {
		return nil, supervise.ErrInterrupted
	}
	env := sysinfo.Collect(version)
	res.Env = &env
	res.OSThreadsPeak = threads
	if cpuErr == nil {
		res.CPUMS = float64(cpu1-cpu0) / 1e6
	}
	if s.Model.HasLoops() {
		res.Stalls, err = stallsOf(tg.Child.Report(), s.Threads, threshold)
		if err != nil {
			return nil, err
		}
	}
	k := Kernel{Somaxconn: somaxconn(), Backlog: o.Backlog, Known: nsOK0 && nsOK1}
	if k.Known {
		k.ListenOverflows = ns1.overflows - ns0.overflows
		k.ListenDrops = ns1.drops - ns0.drops
	}
	return &HTTPRun{Result: res, Server: tg.About, Report: rep, Sockets: lr.Sockets, Kernel: k, Pinning: pin, Load: lr.Load}, nil
}

// target is one target child process and the address it serves.
type target struct {
	*launch.Server
	addr string
}

// startTarget starts the target child serving the scenario file (launch,
// the one starter: the engine o.Engine, pinned, its Ready awaited).
func startTarget(ctx context.Context, exe, file string, o HTTPOptions, threshold time.Duration, pin *Pinning) (*target, error) {
	var cpus []int
	if pin != nil {
		cpus = pin.Target
	}
	cfg := launch.Config{Engine: o.Engine, Scenario: file, Listen: o.Listen, Backlog: o.Backlog,
		StallThreshold: launch.Duration(threshold), Drain: launch.Duration(5 * time.Second)}
	if o.Engine.IsJVM() {
		cfg.Java = o.Java
	}
	srv, err := launch.Start(ctx, cfg, launch.Options{Exe: exe, CPUs: cpus})
	if err != nil {
		var fe *model.FieldError
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, fmt.Errorf("runner: %w", err)
	}
	return &target{Server: srv, addr: srv.Addr}, nil
}

// stallsOf is the watchdog summary in a target's report (the control
// channel's last message, httptarget.Report): an error when a loop target
// sent none, so a run never passes without its stalls.
func stallsOf(report []byte, loops int, threshold time.Duration) (*model.Stalls, error) {
	var rep httptarget.Report
	if len(report) == 0 {
		return nil, errors.New("runner: the target stopped without reporting its stalls")
	}
	if err := json.Unmarshal(report, &rep); err != nil {
		return nil, fmt.Errorf("runner: the target's report: %w", err)
	}
	st := &model.Stalls{ThresholdMS: float64(threshold) / 1e6, PerLoop: make([]int64, loops), WorstReq: -1}
	if rep.Stalls == nil {
		return st, nil
	}
	st.Count, st.WorstMS, st.WorstLoop, st.WorstReq = rep.Stalls.Count, rep.Stalls.WorstMS, rep.Stalls.WorstLoop, rep.Stalls.WorstReq
	copy(st.PerLoop, rep.Stalls.PerLoop)
	return st, nil
}

// threadPeak samples a process's OS thread count every peakEvery, and
// once more at stop.
//
// The sampler runs in the generator's process, on the generator's core, so
// it is kept sparse: reading /proc/PID/status of a target with 500 threads
// costs about 32 us, and every 2 ms (as it was) that was a wake-up and a
// read on the critical path of a burst. Sparse sampling loses little: the
// Go runtime does not free an idle OS thread (only a locked goroutine's
// exit ends its thread), so a target's thread count only falls at
// shutdown, and the count at stop holds any peak a sampler would have
// seen; the samples are there for the threads that do end.
type threadPeak struct {
	pid  int
	peak int
	done chan struct{}
	wg   sync.WaitGroup
}

const peakEvery = 20 * time.Millisecond

func (t *threadPeak) start() {
	t.done = make(chan struct{})
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		tick := time.NewTicker(peakEvery)
		defer tick.Stop()
		for {
			if n := procThreads(t.pid); n > t.peak {
				t.peak = n
			}
			select {
			case <-t.done:
				return
			case <-tick.C:
			}
		}
	}()
}

func (t *threadPeak) stop() int {
	close(t.done)
	t.wg.Wait()
	if n := procThreads(t.pid); n > t.peak {
		t.peak = n
	}
	return t.peak
}

// procThreads is process pid's thread count (0 when it is gone).
func procThreads(pid int) int {
	n, _ := sysinfo.PidThreads(pid)
	return n
}

type netstat struct{ overflows, drops int64 }

// readNetstat reads TcpExt ListenOverflows and ListenDrops.
func readNetstat() (netstat, bool) {
	m, err := sysinfo.Netstat()
	o, ok1 := m["ListenOverflows"]
	d, ok2 := m["ListenDrops"]
	if err != nil || !ok1 || !ok2 {
		return netstat{}, false
	}
	return netstat{overflows: int64(o), drops: int64(d)}, true
}

// somaxconn reads net.core.somaxconn (0 when unknown).
func somaxconn() int {
	v, _ := sysinfo.Sysctl("net/core/somaxconn")
	n, _ := strconv.Atoi(v)
	return n
}
