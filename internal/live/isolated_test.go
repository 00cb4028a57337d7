package live

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
)

// TestMain lets the test binary serve as the child process: started with
// ChildCommand it does what main does, signal handling first, then
// ServeChild.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == ChildCommand {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := ServeChild(supervise.Controlled().Context(ctx), os.Stdin, os.Stdout)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func selfExe(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// Issue 13, item 4: no child is started on a context already cancelled
// (runner.Repeat's test has the repeats).
func TestNoChildOnCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	started := false
	afterStart = func() { started = true }
	defer func() { afterStart = nil }()
	s := scenario(model.Pool, 2, 4, time.Millisecond, false)
	if resp, err := Isolated(ctx, selfExe(t), s, Options{}); !errors.Is(err, supervise.ErrInterrupted) || resp != nil {
		t.Errorf("Isolated(cancelled) = %v, %v; want supervise.ErrInterrupted", resp, err)
	}
	if started {
		t.Errorf("a child was started on a cancelled context")
	}
}

// Issue 13, item 4: an interrupt in the child's first instant (right after
// it started, before it could install its signal handler) does not kill
// it with "signal: interrupt": the cancel goes through the child's cancel
// pipe, and the child reports an interrupted run.
func TestInterruptInTheChildsFirstInstant(t *testing.T) {
	s := scenario(model.Pool, 2, 6, 300*time.Millisecond, false)
	for i := 0; i < 3; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		afterStart = cancel
		resp, err := Isolated(ctx, selfExe(t), s, Options{})
		afterStart = nil
		cancel()
		if err != nil {
			t.Fatalf("Isolated(interrupted at start) = %v; want the child to live and report an interrupted run", err)
		}
		if !resp.Result.Interrupted || resp.Result.Completed == s.Requests {
			t.Fatalf("Isolated(interrupted at start) = %+v; want an interrupted result", resp.Result)
		}
	}
}
