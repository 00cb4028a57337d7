// Package launch starts a server child from its configuration, as data:
// waitlab's own target (`waitlab target`), Debian's Tomcat serving our
// servlet, or our server on Debian's Netty. Start pins the child to the
// server's CPUs through supervise, waits until it is ready and returns a
// Server whose Stop gives the child's typed report. Every caller that
// starts a target (runner, probe, the experiments, `waitlab target
// --engine`) starts it here: the `waitlab target` command line is spelled
// only in Config.TargetArgs, and the JVM servers' base directories and
// command lines only in this package.
package launch

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Options say how to start a configuration's child.
type Options struct {
	// Exe is the waitlab binary the Go target runs from (default this
	// one).
	Exe string
	// Name names the child in errors and records (default "target").
	Name string
	// CPUs pins the child (none: unpinned).
	CPUs []int
	// Env is added to the child's environment.
	Env []string
	// Lang is the Go target's --lang (default en: parents read its text).
	Lang string
	// Stdout receives the child's standard output (else discarded).
	Stdout io.Writer
}

// Server is a started, ready server child. Its supervise.Child is there
// for what every child has (PID, Exited, Why, PinErr, Kill).
type Server struct {
	*supervise.Child
	// Addr is the host:port it serves at.
	Addr   string
	Config Config
	About  About

	once sync.Once
	rep  *Report
	// warmed is the connections warm opened (each one the server
	// accepted before any counted request).
	warmed int64
}

// About is what was started: the engine, its version and the JVM's, and
// the limits it was given (every result echoes them).
type About struct {
	Engine  Engine  `json:"engine"`
	Version string  `json:"version,omitempty"` // "Apache Tomcat/10.1.60", "Netty 4.1.48.Final"
	JDK     string  `json:"jdk,omitempty"`
	Limits  *Limits `json:"limits,omitempty"`
}

// Limits are a JVM server's connector limits as given to it. A limit
// that is not stated is what made public Tomcat-vs-Netty comparisons
// wrong, so each is written out, defaults included.
type Limits struct {
	Model string `json:"model"`
	// MaxThreads is Tomcat's maxThreads (pool); 0 where it does not apply.
	MaxThreads int `json:"max_threads,omitempty"`
	// MaxThreadsIgnored: on virtual threads Tomcat ignores maxThreads.
	MaxThreadsIgnored bool   `json:"max_threads_ignored,omitempty"`
	Carriers          int    `json:"carriers,omitempty"`         // virtual threads' scheduler parallelism
	Loops             int    `json:"loops,omitempty"`            // netty worker loops
	Offload           int    `json:"offload,omitempty"`          // netty offload executors
	OffloadExecutor   string `json:"offload_executor,omitempty"` // which Netty executor runs the handler
	// Queue says what waits for a thread: Tomcat's executor queue is
	// unbounded, and the pool grows to maxThreads before anything queues.
	Queue                string  `json:"queue"`
	AcceptCount          int     `json:"accept_count"`
	MaxConnections       int     `json:"max_connections"`
	KeepAliveTimeoutMS   float64 `json:"keepalive_timeout_ms"`
	MaxKeepAliveRequests int     `json:"max_keepalive_requests"`
	// Heap is -Xmx as given ("" the JVM's default), HoldKB what each
	// request holds on the heap while in flight.
	Heap   string `json:"heap,omitempty"`
	HoldKB int    `json:"hold_kb,omitempty"`
}

// Report is a stopped server's typed report: the Go target's counters and
// stalls (httptarget.Report), and what a JVM server measures beside them.
type Report struct {
	httptarget.Report
	// JVM is a JVM server's own figures (nil for the Go target).
	JVM *JVMReport `json:"jvm,omitempty"`
	// Killed: it did not stop within supervise.Grace and was killed.
	Killed bool `json:"killed,omitempty"`
	// Missing: it sent no report (it died, or was killed).
	Missing bool `json:"missing,omitempty"`
	// WarmConns are the connections of launch's warm-up among the
	// accepted ones (Conns).
	WarmConns int64 `json:"warm_connections,omitempty"`
}

// JVMReport is what a JVM server reports beside the Go target's fields.
type JVMReport struct {
	Version     string  `json:"version"`
	InFlight    int64   `json:"in_flight"`
	ThreadsPeak int     `json:"threads_peak"`
	CPUMS       float64 `json:"cpu_ms"`
	GCMS        float64 `json:"gc_ms"`
	GCCount     int64   `json:"gc_count"`
	// LoopLagMaxMS is the worst lateness of Netty's lag probe on any
	// worker loop (the loop's own answer to "was it blocked"), from the
	// first counted request on (the warm-up's JIT compiling is not in it).
	LoopLagMaxMS float64 `json:"loop_lag_max_ms,omitempty"`
	// OffloadThreads are the distinct threads the offload group ran on.
	OffloadThreads int `json:"offload_threads,omitempty"`
	// Moved are the connections Netty moved to the loop the scenario's
	// plan names for their first request (it had bound them to another
	// when it accepted them).
	Moved int64 `json:"moved,omitempty"`
}

// ReadyError is a child that did not become ready: why it ended and what
// it wrote on stderr.
type ReadyError struct {
	Name   string
	Err    error
	Why    string
	Stderr string
}

func (e *ReadyError) Error() string {
	s := fmt.Sprintf("launch: %s: %v", e.Name, e.Err)
	if t := strings.TrimSpace(e.Stderr); t != "" && !strings.Contains(s, t) {
		s += ": " + lastLines(t, 12)
	}
	return s
}

func (e *ReadyError) Unwrap() error { return e.Err }

func lastLines(s string, n int) string {
	l := strings.Split(s, "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}

// Start starts cfg's server, pinned to o.CPUs, and waits until it serves
// (its Ready message on the control channel). Bad configurations and a
// missing JDK or package are *model.FieldError (exit 2) before anything
// starts; a child that dies or is not ready in time is a *ReadyError.
func Start(ctx context.Context, cfg Config, o Options) (*Server, error) {
	if o.Name == "" {
		o.Name = "target"
	}
	if o.Lang == "" {
		o.Lang = "en"
	}
	if err := checkListen(cfg.Listen); err != nil {
		return nil, err
	}
	var (
		spec    supervise.Spec
		about   About
		cleanup = func() {}
		err     error
	)
	if cfg.Engine.IsJVM() {
		spec, about, cleanup, err = prepareJVM(ctx, &cfg, o)
	} else {
		about = About{Engine: Go}
		spec, err = prepareGo(cfg, o)
	}
	if err != nil {
		return nil, err
	}
	spec.Name, spec.CPUs, spec.Stdout, spec.Control = o.Name, o.CPUs, o.Stdout, true
	spec.Env = append(spec.Env, o.Env...)
	c, err := supervise.Start(spec)
	if err != nil {
		cleanup()
		return nil, fmt.Errorf("launch: %w", err)
	}
	go func() { <-c.Exited(); cleanup() }()
	addr, err := c.WaitReady(ctx)
	if err != nil {
		c.Stop()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &ReadyError{Name: o.Name, Err: err, Why: c.Why(), Stderr: c.Stderr()}
	}
	srv := &Server{Child: c, Addr: addr, Config: cfg, About: about}
	if cfg.Engine.IsJVM() {
		srv.warmed = warm(ctx, addr, about.Limits)
	}
	return srv, nil
}

// warm sends a fresh JVM server warmRounds rounds of concurrent requests
// to /healthz (which the server neither counts nor plans): its connector,
// its pool's threads and the JIT are warm before a run measures it, as a
// server in service is. The handler's own path is left cold: it is a few
// lines, and a request there would be counted and drawn.
func warm(ctx context.Context, addr string, l *Limits) int64 {
	var opened atomic.Int64
	n := 8
	if l != nil {
		n = max(n, min(64, l.MaxThreads+l.Carriers+l.Loops+l.Offload))
	}
	var d net.Dialer
	for round := 0; round < warmRounds && ctx.Err() == nil; round++ {
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := d.DialContext(ctx, "tcp", addr)
				if err != nil {
					return
				}
				opened.Add(1)
				defer c.Close()
				_ = c.SetDeadline(time.Now().Add(5 * time.Second))
				if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err == nil {
					_, _ = io.Copy(io.Discard, c)
				}
			}()
		}
		wg.Wait()
	}
	return opened.Load()
}

// warmRounds is how many rounds warm sends.
const warmRounds = 30

// prepareGo is the Go target's command line.
func prepareGo(cfg Config, o Options) (supervise.Spec, error) {
	exe := o.Exe
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return supervise.Spec{}, fmt.Errorf("launch: %w", err)
		}
	}
	for _, f := range []struct {
		name string
		set  bool
	}{{"heap", cfg.Heap != ""}, {"hold-kb", cfg.HoldKB != 0}} {
		if f.set { // a JVM's heap: the Go target has none to bound
			return supervise.Spec{}, model.NewFieldError(f.name, "launch.err.jvm_only", f.name)
		}
	}
	args, err := cfg.TargetArgs(o.Lang)
	if err != nil {
		return supervise.Spec{}, err
	}
	spec := supervise.Spec{Exe: exe, Args: append([]string{"target"}, args...)}
	if v, ok := flagValue(cfg.Flags, "engine"); ok {
		if e, err := ParseEngine(v); err == nil && e.IsJVM() {
			// `waitlab target --engine tomcat|netty` starts a JVM and is
			// ready when it is: the JVM's start timeout, not a Go
			// target's (seen past 15 s under load).
			spec.ReadyTimeout = JVMReadyTimeout
		}
	}
	return spec, nil
}

// checkListen refuses a fixed port that is taken, before a JVM spends
// seconds starting to find it so (port 0 is always free).
func checkListen(addr string) error {
	if addr == "" || strings.HasSuffix(addr, ":0") {
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return model.NewFieldError("listen", "launch.err.port", addr)
	}
	return ln.Close()
}

// Stop asks the server to stop (its drain), kills its process group after
// supervise.Grace, and returns its report. It may be called more than
// once; later calls return the first report.
func (s *Server) Stop() *Report {
	s.once.Do(func() {
		killed := s.Child.Stop()
		s.rep = decodeReport(s.Child.Report())
		s.rep.Killed = killed
		if !s.rep.Missing {
			s.rep.WarmConns = s.warmed
		}
	})
	return s.rep
}

// decodeReport reads a report's body (Missing when there is none or it
// cannot be read).
func decodeReport(b []byte) *Report {
	r := &Report{}
	if len(b) == 0 || json.Unmarshal(b, r) != nil {
		return &Report{Missing: true}
	}
	return r
}
