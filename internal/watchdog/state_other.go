//go:build !linux

package watchdog

// Thread states a Stall can report (see state_linux.go); off Linux the
// state of a thread cannot be read, so stalls carry none.
const (
	StateBlocked = "blocked"
	StateRunning = "running"
)

func gettid() int { return 0 }

func threadState(int) string { return "" }
