package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/waitlab/waitlab/internal/msg"
)

// exitInterrupted is the exit code of a command an interrupt cut short
// (128 + SIGINT): the one place cli maps an interrupt to its code. An
// interrupted run never passes, whatever it measured.
const exitInterrupted = 130

// interrupted is the exit of a command an interrupt cut short, with err
// (nil: nothing more to say than the interrupt).
func interrupted(err error) *ExitError { return &ExitError{Code: exitInterrupted, Err: err} }

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
			os.Exit(exitInterrupted)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}
