package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/supervise"
)

func init() {
	register(&command{name: "downstream", summary: "downstream.summary", run: runDownstream})
}

func runDownstream(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "downstream")
	lang := langFlag(fs)
	listen := fs.String("listen", "127.0.0.1:6380", "address to listen on (loopback unless --allow-remote)")
	allowRemote := fs.Bool("allow-remote", false, "allow a non-loopback --listen address")
	delay := fs.String("delay", "0", "delay before each answer (or, with --proxy, added to each request): 50ms or exp:50ms")
	delayStep := fs.String("delay-step", "", "DELAY@AFTER: from AFTER after the start, every delay becomes DELAY (e.g. 50ms@10s: the downstream gets slower mid-run)")
	proxy := fs.String("proxy", "", "forward to this RESP server (host:port, e.g. a real Redis at 127.0.0.1:6379; loopback unless --allow-remote, never this proxy's own address) instead of answering")
	seed := fs.Int64("seed", 0, "random seed for exponential delays")
	maxStore := fs.Int64("max-store", downstream.DefaultMaxStore, "bytes SET may keep (keys and values); past it SET answers -OOM")
	maxClients := fs.Int("max-clients", downstream.DefaultMaxClients, "connections served at once; more get -ERR and are closed")
	maxQueued := fs.Int("max-queued", downstream.DefaultMaxQueued, "reply bytes queued for one client; past it the client is not read until it reads (the proxy queues at most 256 KiB per client)")
	l, err := parseNoArgs(fs, args, lang, "target.err.args")
	if err != nil {
		return err
	}
	d, err := model.ParseDist(*delay)
	if err != nil {
		return usagef("%s", msg.T(l, "target.err.dist", "delay", err))
	}
	var step *downstream.DelayStep
	if *delayStep != "" {
		st, err := downstream.ParseDelayStep(*delayStep)
		if err != nil {
			return inLang(l, err)
		}
		step = &st
	}
	for _, v := range []struct {
		flag string
		n    int64
	}{{"max-store", *maxStore}, {"max-clients", int64(*maxClients)}, {"max-queued", int64(*maxQueued)}} {
		if v.n < 1 {
			return usagef("%s", msg.T(l, "downstream.err.positive", v.flag, v.n))
		}
	}
	if *proxy != "" {
		if err := downstream.CheckUpstream(*proxy, nil); err != nil {
			return inLang(l, err)
		}
		if !*allowRemote && !netguard.LoopbackHost(*proxy) {
			return inLang(l, model.NewFieldError("proxy", "downstream.err.proxy.remote", *proxy))
		}
	}
	ln, err := listenDownstream(l, *listen, *allowRemote)
	if err != nil {
		return err
	}
	if *proxy != "" {
		if err := downstream.CheckUpstream(*proxy, ln.Addr()); err != nil {
			ln.Close()
			return inLang(l, err)
		}
		p := &downstream.Proxy{Upstream: *proxy, Delay: d, Seed: *seed, MaxClients: *maxClients, Step: step}
		fmt.Fprintln(env.Stdout, msg.T(l, "downstream.proxying", ln.Addr(), *proxy, d))
		printStep(env, l, step)
		if err := supervise.Controlled().Ready(ln.Addr().String()); err != nil {
			return fmt.Errorf("downstream: tell the parent it is ready: %w", err)
		}
		return p.Serve(ctx, ln)
	}
	s := &downstream.Server{Delay: d, Seed: *seed, MaxStore: *maxStore, MaxClients: *maxClients, MaxQueued: *maxQueued, Step: step}
	return serveDownstream(ctx, env, l, s, ln)
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
