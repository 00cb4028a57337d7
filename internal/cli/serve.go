package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/web"
)

func init() {
	register(&command{name: "serve", summary: "web.serve.summary", run: runServe})
}

// runServe is `waitlab serve`: flags, then internal/web does the work.
func runServe(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "serve")
	listen := fs.String("listen", "127.0.0.1:7070", "address to serve the lab on (loopback by default; 127.0.0.1:0 picks a free port)")
	var probeAllow multiFlag
	fs.Var(&probeAllow, "probe-allow", "a `HOST` besides loopback the \"your server\" page may load, repeatable")
	java := fs.String("java", "", "the JDK of \"Run on the JDK\" and the pinning lesson (a JDK home or its bin/java); else JAVA_HOME, java on PATH, then /usr/lib/jvm")
	lang := langFlag(fs)
	l, err := parseNoArgs(fs, args, lang, "web.serve.args")
	if err != nil {
		return err
	}
	cfg := web.DefaultConfig()
	cfg.Lang, cfg.Java = l, *java
	for _, h := range probeAllow {
		cfg.ProbeAllow = append(cfg.ProbeAllow, strings.ToLower(strings.TrimSpace(h)))
	}
	caps := cfg.Caps
	err = web.ListenAndServe(ctx, *listen, cfg, func(url string, loopback bool) {
		fmt.Fprintln(env.Stdout, msg.T(l, "web.serve.url", url))
		if loopback {
			fmt.Fprintln(env.Stdout, msg.T(l, "web.serve.loopback"))
		} else {
			fmt.Fprintln(env.Stdout, msg.T(l, "web.serve.public", *listen, caps.MaxRequests, caps.MaxThreads, caps.MaxWall.Seconds()))
		}
		fmt.Fprintln(env.Stdout, msg.T(l, "web.serve.stop"))
	})
	var le *web.ListenError
	if errors.As(err, &le) {
		return usagef("%s", msg.T(l, "web.serve.listen", *listen, le.Err))
	}
	return err
}
