package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/waitlab/waitlab/internal/msg"
)

// NotifyContext returns a context cancelled by the first SIGINT or SIGTERM,
// so a command stops, prints what it measured and exits 130. A second
// signal ends the process at once (exit 130): whatever a command is stuck
// in, the user can always get their terminal back. stop releases the
// signals.
func NotifyContext(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-done:
			return
		}
		select {
		case <-sigs:
			fmt.Fprintln(os.Stderr, msg.T(envLang(), "cli.signal.second"))
			os.Exit(130)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}
