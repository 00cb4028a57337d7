package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
)

// hasFlag reports whether -name/--name is among args.
func hasFlag(args []string, name string) bool {
	_, ok := launch.FlagValue(args, name)
	return ok
}

// targetConfig reads `--config FILE` (when given) and `--engine` into a
// configuration, and returns the other words.
func targetConfig(args []string) (launch.Config, []string, error) {
	base := launch.Config{Engine: launch.Go}
	if path, ok := launch.FlagValue(args, "config"); ok {
		c, err := launch.Load(path)
		if err != nil {
			return base, nil, inLang(envLang(), err)
		}
		base = c
	}
	if v, ok := launch.FlagValue(args, "engine"); ok {
		e, err := launch.ParseEngine(v)
		if err != nil {
			return base, nil, inLang(envLang(), err)
		}
		base.Engine = e
	}
	return base, launch.DropFlag(launch.DropFlag(args, "config"), "engine"), nil
}

// runJVMTarget is `waitlab target --engine tomcat|netty`: the server is
// started through launch (the one starter), served in the foreground
// until Ctrl-C or its death, then stopped with its report printed.
func runJVMTarget(ctx context.Context, env *Env, base launch.Config, args []string) error {
	fs := newFlags(env, "target")
	lang := langFlag(fs)
	cfg := base
	cfg.Bind(fs)
	l, err := parseNoArgs(fs, args, lang, "target.err.args")
	if err != nil {
		return err
	}
	if cfg.Listen == "" {
		cfg.Listen = "127.0.0.1:8080"
	}
	srv, err := launch.Start(ctx, cfg, launch.Options{Name: string(cfg.Engine)})
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(nil)
		}
		return inLang(l, err)
	}
	fmt.Fprintln(env.Stdout, msg.T(l, "target.jvm.listening", cfg.Engine, srv.Addr, srv.About.Describe(l)))
	// Started by a waitlab parent in turn: pass the address on.
	if err := supervise.Controlled().Ready(srv.Addr); err != nil {
		srv.Stop()
		return fmt.Errorf("target: tell the parent it is ready: %w", err)
	}
	ctx = supervise.Controlled().Context(ctx)
	select {
	case <-ctx.Done():
	case <-srv.Exited():
		srv.Stop()
		return errors.New(msg.T(l, "target.jvm.died", cfg.Engine, srv.Why()))
	}
	rep := srv.Stop()
	_ = supervise.Controlled().Report(rep)
	fmt.Fprintln(env.Stderr, rep.Describe(l))
	return nil
}
