package watchdog

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
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

// threadState reads the scheduler state of thread tid of this process from
// /proc/self/task/TID/stat: "blocked" for S or D, "running" for R, "" when
// unknown.
func threadState(tid int) string {
	if tid <= 0 {
		return ""
	}
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return ""
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return ""
	}
	switch b[i+2] {
	case 'S', 'D':
		return StateBlocked
	case 'R':
		return StateRunning
	}
	return ""
}
