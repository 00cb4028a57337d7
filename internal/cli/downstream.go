package cli

import (
	"context"
	"fmt"
	"net"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
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
	proxy := fs.String("proxy", "", "forward to this RESP server (e.g. a real Redis at 127.0.0.1:6379) instead of answering")
	seed := fs.Int64("seed", 0, "random seed for exponential delays")
	l, err := parseNoArgs(fs, args, lang, "target.err.args")
	if err != nil {
		return err
	}
	d, err := model.ParseDist(*delay)
	if err != nil {
		return usagef("%s", msg.T(l, "target.err.dist", "delay", err))
	}
	host, _, err := net.SplitHostPort(*listen)
	if err != nil {
		return inLang(l, model.NewFieldError("listen", "target.err.listen", *listen))
	}
	if ip := net.ParseIP(host); !*allowRemote && host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return inLang(l, model.NewFieldError("listen", "target.err.remote", *listen))
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("downstream: %w", err)
	}
	if *proxy != "" {
		p := &downstream.Proxy{Upstream: *proxy, Delay: d, Seed: *seed}
		fmt.Fprintln(env.Stdout, msg.T(l, "downstream.proxying", ln.Addr(), *proxy, d))
		return p.Serve(ctx, ln)
	}
	s := &downstream.Server{Delay: d, Seed: *seed}
	fmt.Fprintln(env.Stdout, msg.T(l, "downstream.listening", ln.Addr(), d))
	err = s.Serve(ctx, ln)
	fmt.Fprintln(env.Stderr, msg.T(l, "downstream.stopped", s.Stats().Commands))
	return err
}
