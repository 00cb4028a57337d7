package cli

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"time"

	target "github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
)

// wantsScenario reports whether `waitlab target` was given a scenario
// (-f FILE or --preset NAME): then the scenario flags replace the knobs.
func wantsScenario(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "f" || name == "preset") {
			return true
		}
	}
	return false
}

// runTargetScenario is `waitlab target -f FILE | --preset NAME [scenario
// flags]`: the target serves the scenario's requests (target.NewScenario).
func runTargetScenario(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "target")
	sf := addScenarioFlags(fs)
	lang := langFlag(fs)
	var cfg target.Config
	fs.StringVar(&cfg.Listen, "listen", "127.0.0.1:8080", "address to listen on (loopback unless --allow-remote; port 0: any free port)")
	fs.BoolVar(&cfg.AllowRemote, "allow-remote", false, "allow a non-loopback --listen address")
	fs.IntVar(&cfg.Backlog, "backlog", 4096, "listen backlog (the kernel caps it at net.core.somaxconn)")
	fs.StringVar(&cfg.Acceptor, "acceptor", "own", "loop, offload: own (separate acceptor thread) or shared (loop 0 accepts)")
	fs.DurationVar(&cfg.KeepAlive, "keepalive", 20*time.Second, "idle keep-alive timeout")
	fs.DurationVar(&cfg.Drain, "drain", 10*time.Second, "on SIGINT/SIGTERM, how long to let in-flight requests finish")
	fs.DurationVar(&cfg.StallThreshold, "stall-threshold", 10*time.Millisecond, "loop watchdog: a task holding its loop longer is a stall")
	ready := fs.Bool("ready", false, "print one line \"ready HOST:PORT\" on stdout once serving (for scripts and waitlab run --via http)")
	l, err := parseNoArgs(fs, args, lang, "target.err.args")
	if err != nil {
		return err
	}
	s, err := sf.resolve(ctx, l)
	if err != nil {
		return inLang(l, err)
	}
	cfg.Events = env.Stderr
	// One P per lane plus two, as an in-process run's child has, so a
	// thread waking from a blocking wait finds a P at once (and pinning
	// the target to fewer cores does not shrink GOMAXPROCS under it).
	if n := live.ChildGOMAXPROCS(s); n > 0 {
		runtime.GOMAXPROCS(n)
	}
	srv, err := target.NewScenario(s, cfg)
	if err != nil {
		return inLang(l, err)
	}
	if err := srv.Start(); err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return usagef("--listen: %s", msg.T(l, "http.err.port", cfg.Listen))
		}
		return err
	}
	c := srv.Config()
	fmt.Fprintln(env.Stdout, msg.T(l, "target.listening", srv.Addr(), c.String()))
	fmt.Fprintln(env.Stdout, msg.T(l, "http.target.scenario", s.Name, s.Requests, s.Seed, target.IndexParam))
	if *ready {
		fmt.Fprintf(env.Stdout, "ready %s\n", srv.Addr())
	}
	ctl := supervise.Controlled() // nil unless started by supervise (waitlab run --via http)
	if err := ctl.Ready(srv.Addr().String()); err != nil {
		return fmt.Errorf("target: tell the parent it is ready: %w", err)
	}
	if f, ok := env.Stdout.(interface{ Sync() error }); ok {
		f.Sync()
	}
	if err := serveUntilDone(ctx, env, l, srv); err != nil {
		return err
	}
	// What only the target sees, for waitlab run --via http: its
	// counters and its watchdog's summary (the worst stall's whole
	// duration, which /metrics does not carry), as data on the control
	// channel.
	if err := ctl.Report(target.ReportOf(srv.Stats())); err != nil {
		return fmt.Errorf("target: report to the parent: %w", err)
	}
	return nil
}
