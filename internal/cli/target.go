package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	target "github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
)

func init() {
	register(&command{name: "target", summary: "target.summary", run: runTarget})
}

// targetFlags are the knob target's flags that are not target.Config
// fields as they stand (parsed into it by apply).
type targetFlags struct {
	modelName, cpu, wait, block, fanout string
	cpuProfile                          string
}

func runTarget(ctx context.Context, env *Env, args []string) error {
	if _, cfg := launch.FlagValue(args, "config"); cfg || hasFlag(args, "engine") {
		base, rest, err := targetConfig(args)
		if err != nil {
			return err
		}
		if base.Engine.IsJVM() {
			return runJVMTarget(ctx, env, base, rest) // target_jvm.go
		}
		// The Go target: the file's fields as its flags, then the
		// command line's (which win).
		fileArgs, err := base.TargetArgs("")
		if err != nil {
			return err
		}
		args = append(fileArgs, rest...)
	}
	if wantsScenario(args) {
		return runTargetScenario(ctx, env, args) // target_scenario.go
	}
	fs := newFlags(env, "target")
	lang := langFlag(fs)
	var cfg target.Config
	f := &targetFlags{}
	addTargetServerFlags(fs, &cfg)
	f.addKnobFlags(fs, &cfg)
	// Read before this flag set (targetConfig); here for --help.
	fs.String("config", "", "read the server's configuration from a JSON `file` (launch.Config; flags given too win)")
	fs.String("engine", "go", "the server: go (this one), tomcat or netty (see waitlab target --engine tomcat --help)")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the server's whole run to `file` (for bench/)")
	l, err := parseNoArgs(fs, args, lang, "target.err.args")
	if err != nil {
		return err
	}
	if err := refuseZeros(fs, l); err != nil {
		return err
	}
	if err := f.apply(l, &cfg); err != nil {
		return err
	}
	cfg.Events = env.Stderr
	srv, err := target.New(cfg)
	if err != nil {
		return inLang(l, err)
	}
	if f.cpuProfile != "" {
		stop, err := startCPUProfile(f.cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	if err := srv.Start(); err != nil {
		return inLang(l, err)
	}
	c := srv.Config()
	fmt.Fprintln(env.Stdout, msg.T(l, "target.listening", srv.Addr(), c.String()))
	if err := supervise.Controlled().Ready(srv.Addr().String()); err != nil {
		return fmt.Errorf("target: tell the parent it is ready: %w", err)
	}
	return serveUntilDone(ctx, env, l, srv)
}

// addTargetServerFlags are the server's own flags: where it listens, its
// threads and queues, its limits and timeouts.
func addTargetServerFlags(fs *flag.FlagSet, c *target.Config) {
	fs.StringVar(&c.Listen, "listen", "127.0.0.1:8080", "address to listen on (loopback unless --allow-remote)")
	fs.BoolVar(&c.AllowRemote, "allow-remote", false, "allow a non-loopback --listen address")
	fs.BoolVar(&c.NoStallStacks, "no-stall-stacks", false, "print loop stalls without their goroutine stacks (each distinct stack is printed once otherwise)")
	fs.IntVar(&c.Backlog, "backlog", 4096, "listen backlog (the kernel caps it at net.core.somaxconn)")
	fs.IntVar(&c.Threads, "threads", 0, "pool threads (pool, default 200) or event loops (loop, offload; default GOMAXPROCS)")
	fs.IntVar(&c.Queue, "queue", 100, "pool: requests waiting for a free thread; beyond it they get 503")
	fs.DurationVar(&c.Linger, "linger", time.Millisecond, "pool: with nothing queued, how long a thread waits on its connection for the next keep-alive request before handing it back to the poller (-1ns: at once)")
	fs.StringVar(&c.Acceptor, "acceptor", "own", "loop, offload: own (separate acceptor thread) or shared (loop 0 accepts)")
	fs.IntVar(&c.Offload, "offload", 16, "offload: pool size K for blocking work")
	fs.IntVar(&c.OffloadQueue, "offload-queue", 10000, "offload: work waiting for the pool beyond this gets 503")
	fs.IntVar(&c.FanoutPool, "fanout-pool", 0, "pool: K threads that run a request's parallel calls (FIFO queue) while its thread waits for them all; 0: a helper goroutine per call")
	fs.IntVar(&c.Carriers, "carriers", 0, "virtual: GOMAXPROCS (0: leave as is)")
	fs.IntVar(&c.MaxConns, "max-conns", 10000, "open connections; beyond it one idle for 500ms or more is closed to make room, else the new one gets 503. Memory: an idle connection holds no buffer, a busy one at most ~160 KiB (pipelining without reading) plus its body from --body-memory")
	fs.DurationVar(&c.KeepAlive, "keepalive", 20*time.Second, "idle keep-alive timeout (an idle connection holds no buffer)")
	fs.DurationVar(&c.HeaderTimeout, "header-timeout", 10*time.Second, "a request header (from its first byte, or a new connection from its accept) must be in within this, in total")
	fs.DurationVar(&c.BodyTimeout, "body-timeout", 30*time.Second, "a request body (at most 1 MiB) must be in within this from the end of its header")
	fs.DurationVar(&c.WriteTimeout, "write-timeout", 30*time.Second, "a connection whose client takes none of its answers for this long is closed (answers queue up to 64 KiB, then its pipelined requests wait)")
	fs.DurationVar(&c.DownstreamTimeout, "downstream-timeout", 10*time.Second, "one downstream round trip in every model; past it the request gets 502")
	fs.Int64Var(&c.BodyMemory, "body-memory", 512<<20, "bytes all connections together may hold for request bodies being received (beyond 16 KiB each); a body that finds no room gets 503")
	fs.StringVar(&c.QueryKnobs, "query-knobs", "auto", "query parameters override the knobs: on, off, or auto (on, but off with --allow-remote)")
	fs.DurationVar(&c.QueryMax, "query-max", 10*time.Second, "the most time a query may ask for (cpu, wait, block, and their sum over the calls); beyond it 400")
	fs.IntVar(&c.QueryMaxCalls, "query-max-calls", 16, "the most calls a query may ask for (up to 64); beyond it 400")
	fs.DurationVar(&c.Drain, "drain", 10*time.Second, "on SIGINT/SIGTERM, how long to let in-flight requests finish")
	fs.DurationVar(&c.StallThreshold, "stall-threshold", 10*time.Millisecond, "loop watchdog: a task holding its loop longer is a stall")
}

// addKnobFlags are what each request does: the model, its work, its calls,
// its log.
func (f *targetFlags) addKnobFlags(fs *flag.FlagSet, c *target.Config) {
	fs.StringVar(&f.modelName, "model", "loop", "concurrency model: pool, loop, offload or virtual")
	fs.StringVar(&f.cpu, "cpu", "", "CPU time per request, spun on the serving thread: 1ms or exp:1ms")
	fs.StringVar(&f.wait, "wait", "", "wait per call when there is no downstream: 50ms or exp:50ms")
	fs.BoolVar(&c.Knobs.Blocking, "blocking", false, "waits and downstream calls block the thread (stall a loop; go to the pool in offload)")
	fs.Float64Var(&c.Knobs.BlockFraction, "block-fraction", 0, "fraction of requests that make one blocking call of --block")
	fs.StringVar(&f.block, "block", "", "duration of the blocking call (with --block-fraction)")
	fs.StringVar(&c.Knobs.Downstream, "downstream", "", "RESP service each call goes to (waitlab downstream or Redis), host:port")
	fs.StringVar(&c.DB, "db", "", "MariaDB/MySQL DSN, e.g. 'root@tcp(127.0.0.1:3306)/': the --block-fraction call becomes SELECT SLEEP(--block) through database/sql, bounded by --downstream-timeout")
	fs.IntVar(&c.Knobs.Calls, "calls", 0, "calls per request (default 1 with --wait or --downstream)")
	fs.StringVar(&f.fanout, "fanout", "sequential", "calls one after another (sequential), all at once (parallel), or all written on one connection in one round trip (pipelined)")
	fs.BoolVar(&c.Knobs.ValidateLock, "validate-lock", false, "hold one shared lock across a PING to the downstream before each call (the bug)")
	fs.BoolVar(&c.Knobs.LogInLock, "log-in-lock", false, "with --validate-lock: write one log line while the lock is held (logging inside the locked path)")
	fs.DurationVar(&c.Knobs.LockLogCPU, "lock-log-cpu", 0, "with --log-in-lock: CPU spun to format that line, under the lock")
	fs.StringVar(&c.Log, "log", "off", "per-request log: off, sync (a write before answering) or async (bounded queue)")
	fs.StringVar(&c.LogFile, "log-file", "", "file the request log goes to")
	fs.IntVar(&c.LogQueue, "log-queue", 1024, "async log: queue length")
	fs.BoolVar(&c.LogBlock, "log-block", false, "async log: a full queue blocks the request instead of dropping the line")
	fs.StringVar(&c.LogLevel, "log-level", "info", "the logger's level: debug, info, warn or error; a line below it is neither formatted nor written")
	fs.StringVar(&c.LogLineLevel, "log-line-level", "info", "the level each request's line is logged at: debug, info, warn or error")
	fs.StringVar(&c.Body, "body", "Hello, World!", "response body")
	fs.Int64Var(&c.Seed, "seed", 0, "random seed for the per-request draws")
}

// refuseZeros refuses a zero given on the command line for a flag whose
// zero in target.Config means "the default".
func refuseZeros(fs *flag.FlagSet, l msg.Lang) error {
	// Zero means "the default" in target.Config, so a zero given on the
	// command line would be silently replaced: refuse it here (negatives
	// Validate refuses). --threads and --carriers 0 are documented.
	var zero error
	fs.Visit(func(f *flag.Flag) {
		if zero != nil {
			return
		}
		switch f.Name {
		case "backlog", "queue", "offload", "offload-queue", "max-conns", "log-queue", "query-max-calls",
			"body-memory", "keepalive", "header-timeout", "body-timeout", "write-timeout", "downstream-timeout", "query-max", "drain", "stall-threshold":
			if v := f.Value.String(); v == "0" || v == "0s" {
				zero = usagef("%s", msg.T(l, "target.err.zero", f.Name))
			}
		}
	})
	return zero
}

// apply parses the flags that are text into cfg.
func (f *targetFlags) apply(l msg.Lang, cfg *target.Config) error {
	k, err := model.ParseKind(f.modelName)
	if err != nil {
		return inLang(l, model.NewFieldError("model", "target.err.model", f.modelName))
	}
	cfg.Model = k
	for _, d := range []struct {
		name string
		s    string
		dst  *model.Dist
	}{{"cpu", f.cpu, &cfg.Knobs.CPU}, {"wait", f.wait, &cfg.Knobs.Wait}, {"block", f.block, &cfg.Knobs.Block}} {
		if d.s == "" {
			continue
		}
		v, err := model.ParseDist(d.s)
		if err != nil {
			return usagef("%s", msg.T(l, "target.err.dist", d.name, err))
		}
		*d.dst = v
	}
	switch f.fanout {
	case "sequential":
	case "parallel":
		cfg.Knobs.Parallel = true
	case "pipelined":
		cfg.Knobs.Pipelined = true
	default:
		return usagef("%s", msg.T(l, "target.err.fanout", f.fanout))
	}
	return nil
}

// startCPUProfile writes a CPU profile to path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// serveUntilDone serves until the context ends (Ctrl-C, SIGTERM) or a part
// of the server dies, then drains: a dead part is an error (exit 1), a
// drain that runs out of time is said, not failed.
func serveUntilDone(ctx context.Context, env *Env, l msg.Lang, srv *target.Server) error {
	c := srv.Config()
	var died error
	select {
	case <-ctx.Done():
	case died = <-srv.Failed():
		// A part of the server died: it cannot serve, so stop and fail.
	}
	fmt.Fprintln(env.Stderr, msg.T(l, "target.stopping", c.Drain))
	err := srv.Shutdown(context.Background())
	if died != nil {
		return died
	}
	if err != nil && !errors.Is(err, target.ErrDrainTimeout) {
		return err
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, msg.T(l, "target.drain.timeout", c.Drain))
	} else {
		fmt.Fprintln(env.Stderr, msg.T(l, "target.drained", srv.Stats().Requests))
	}
	return nil
}

// inLang turns a *model.FieldError into a usage error worded in the
// command's --lang (Main words field errors in the environment's language,
// having no --lang of its own).
func inLang(l msg.Lang, err error) error {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		return &UsageError{Err: errors.New(fe.Localize(l))}
	}
	return err
}
