package model

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Issue 45, item 11: a FIFO as input waited for its writer for good. The
// wait ends with ctx, whether it is for the writer (open) or for data
// (read), and a writer that comes is read.
func TestReadFileFIFOEndsWithContext(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	read := func(ctx context.Context) error {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(ctx, fifo, 1<<20); done <- err }()
		select {
		case err := <-done:
			return err
		case <-time.After(time.Minute):
			t.Fatal("ReadFile(FIFO) still waiting a minute after its context ended")
			return nil
		}
	}
	// No writer: the open waits until the cancel.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	if err := read(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadFile(FIFO, no writer) = %v; want context.Canceled", err)
	}
	// A writer that opens and never writes: the read waits until the cancel.
	ctx, cancel = context.WithCancel(context.Background())
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		<-ctx.Done()
		time.Sleep(50 * time.Millisecond)
		w.Close()
	}()
	time.AfterFunc(100*time.Millisecond, cancel)
	if err := read(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadFile(FIFO, a silent writer) = %v; want context.Canceled", err)
	}
	// A writer that writes is read.
	go func() {
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.WriteString("hello")
			w.Close()
		}
	}()
	data, err := ReadFile(context.Background(), fifo, 1<<20)
	if err != nil || string(data) != "hello" {
		t.Errorf("ReadFile(FIFO with a writer) = %q, %v; want hello", data, err)
	}
}
