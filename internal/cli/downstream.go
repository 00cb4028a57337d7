package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/supervise"
)

func init() {
	register(&command{name: "downstream", summary: "downstream.summary", run: runDownstream})
}

func runDownstream(ctx context.Context, env *Env, args []string) error {
	var cfg downstream.Config
	if path, ok := launch.FlagValue(args, "config"); ok {
		c, err := downstream.LoadConfig(path)
		if err != nil {
			return inLang(envLang(), err)
		}
		cfg, args = c, launch.DropFlag(args, "config")
	}
	cfg = cfg.WithDefaults()
	fs := newFlags(env, "downstream")
	lang := langFlag(fs)
	cfg.Bind(fs)
	// Read before this flag set; here for --help.
	fs.String("config", "", "read the downstream's configuration from a JSON `file` (downstream.Config; flags given too win)")
	allowRemote := fs.Bool("allow-remote", false, "allow a non-loopback --listen address")
	l, err := parseNoArgs(fs, args, lang, "target.err.args")
	if err != nil {
		return err
	}
	d, step, err := cfg.Parsed()
	if err != nil {
		return inLang(l, err)
	}
	if err := cfg.Check(); err != nil {
		return inLang(l, err)
	}
	if cfg.Proxy != "" {
		if err := downstream.CheckUpstream(cfg.Proxy, nil); err != nil {
			return inLang(l, err)
		}
		if !*allowRemote && !netguard.LoopbackHost(cfg.Proxy) {
			return inLang(l, model.NewFieldError("proxy", "downstream.err.proxy.remote", cfg.Proxy))
		}
	}
	ln, err := listenDownstream(l, cfg.Listen, *allowRemote)
	if err != nil {
		return err
	}
	if cfg.Proxy != "" {
		return serveProxy(ctx, env, l, &downstream.Proxy{Upstream: cfg.Proxy, Delay: d, Seed: cfg.Seed, MaxClients: cfg.MaxClients, Step: step}, ln)
	}
	s := &downstream.Server{Delay: d, Seed: cfg.Seed, MaxStore: cfg.MaxStore, MaxClients: cfg.MaxClients, MaxQueued: cfg.MaxQueued, Step: step}
	return serveDownstream(ctx, env, l, s, ln)
}

// serveProxy forwards on ln until ctx ends, and reports what it refused
// as it stops (the server's report, its counters of commands zero: a
// proxy counts no commands).
func serveProxy(ctx context.Context, env *Env, l msg.Lang, p *downstream.Proxy, ln net.Listener) error {
	if err := downstream.CheckUpstream(p.Upstream, ln.Addr()); err != nil {
		ln.Close()
		return inLang(l, err)
	}
	fmt.Fprintln(env.Stdout, msg.T(l, "downstream.proxying", ln.Addr(), p.Upstream, p.Delay))
	printStep(env, l, p.Step)
	if err := supervise.Controlled().Ready(ln.Addr().String()); err != nil {
		return fmt.Errorf("downstream: tell the parent it is ready: %w", err)
	}
	err := p.Serve(ctx, ln)
	_ = supervise.Controlled().Report(downstream.Report{Refused: p.Stats().Refused, Proxy: true})
	return err
}

// listenDownstream checks --listen (host:port, loopback unless
// --allow-remote) and listens on it.
func listenDownstream(l msg.Lang, listen string, allowRemote bool) (net.Listener, error) {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return nil, inLang(l, model.NewFieldError("listen", "target.err.listen", listen))
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return nil, inLang(l, model.NewFieldError("listen", "target.err.port", listen))
	}
	if ip := net.ParseIP(host); !allowRemote && host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, inLang(l, model.NewFieldError("listen", "target.err.remote", listen))
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) {
			return nil, inLang(l, model.NewFieldError("listen", "target.err.resolve", listen))
		}
		return nil, fmt.Errorf("downstream: %w", err)
	}
	return ln, nil
}

// serveDownstream serves RESP on ln until ctx ends, saying when the loop
// saturates and, at the end, what delays it achieved.
func serveDownstream(ctx context.Context, env *Env, l msg.Lang, s *downstream.Server, ln net.Listener) error {
	fmt.Fprintln(env.Stdout, msg.T(l, "downstream.listening", ln.Addr(), s.Delay))
	printStep(env, l, s.Step)
	s.OnSaturated = func(w downstream.Saturation) {
		key := "downstream.starved"
		if w.LoopBusy() {
			key = "downstream.saturated"
		}
		fmt.Fprintln(env.Stderr, msg.T(l, key, w.Window.Round(time.Millisecond), w.Commands, w.Late,
			downstream.SchedSlack, w.LateP50.Round(time.Microsecond), w.PerSecond(), 100*w.Busy))
	}
	if err := supervise.Controlled().Ready(ln.Addr().String()); err != nil {
		return fmt.Errorf("downstream: tell the parent it is ready: %w", err)
	}
	err := s.Serve(ctx, ln)
	st := s.Stats()
	_ = supervise.Controlled().Report(downstream.ReportOf(st))
	if dl := st.Delay; dl.Count > 0 {
		fmt.Fprintln(env.Stderr, msg.T(l, "downstream.stopped.delay", st.Commands, us(dl.AchievedP50), us(dl.AchievedP99), us(dl.AchievedMax), us(dl.LateP50), us(dl.LateP99)))
	} else {
		fmt.Fprintln(env.Stderr, msg.T(l, "downstream.stopped", st.Commands))
	}
	return err
}

// us rounds a measured delay to the microsecond for printing.
func us(d time.Duration) time.Duration { return d.Round(time.Microsecond) }

// printStep says when the delay step comes (nothing without one).
func printStep(env *Env, l msg.Lang, step *downstream.DelayStep) {
	if step != nil {
		fmt.Fprintln(env.Stdout, msg.T(l, "downstream.step", step.Delay, step.After))
	}
}
