//go:build !linux

package osthread

import (
	"fmt"
	"runtime"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
)

// Block off Linux: the real runs and the target server, its only callers,
// refuse to start off Linux (they need epoll), so this exists only for the
// package to build. It holds the OS thread as well as Go allows.
func Block(d time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	time.Sleep(d)
}

// Spin off Linux burns wall-clock time (there is no per-thread CPU clock
// to read); see Block for why that is enough.
func Spin(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
	}
}

// Pin off Linux locks the goroutine to its thread and says it cannot pin.
func Pin(cpu int) error {
	runtime.LockOSThread()
	return fmt.Errorf("osthread: pinning a thread to a CPU: %w", epoll.ErrNeedsLinux)
}
