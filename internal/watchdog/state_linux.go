package watchdog

import (
	"syscall"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Thread states a Stall can report.
const (
	// StateBlocked: the loop's thread was asleep in the kernel (a
	// blocking system call such as a sleep, a read or a lock wait).
	StateBlocked = "blocked"
	// StateRunning: the thread was running or runnable (CPU work, or
	// waiting for a core the OS gave to someone else).
	StateRunning = "running"
)

func gettid() int { return syscall.Gettid() }

// threadState is the scheduler state of thread tid of this process:
// "blocked" for S or D, "running" for R, "" when unknown.
func threadState(tid int) string {
	switch sysinfo.ThreadState(tid) {
	case 'S', 'D':
		return StateBlocked
	case 'R':
		return StateRunning
	}
	return ""
}
