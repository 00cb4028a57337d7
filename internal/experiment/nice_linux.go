package experiment

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// DefaultNice is the priority an experiment runs at, as bench/ scripts
// do: WAITLAB_NICE when set ("0" leaves the priority alone), else -10 for
// root (other work on a shared machine then disturbs the measurements
// less), else 0.
func DefaultNice() int {
	if v := os.Getenv("WAITLAB_NICE"); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	if os.Geteuid() == 0 {
		return -10
	}
	return 0
}

// setNice sets the nice value of every thread of this process. Linux
// keeps nice per thread and a new thread or child process inherits its
// creator's, so setting all current threads covers the children the
// experiment starts too.
func setNice(n int) error {
	tids, err := sysinfo.ThreadIDs()
	if err != nil {
		return fmt.Errorf("experiment: list threads: %w", err)
	}
	for _, tid := range tids {
		if err := unix.Setpriority(unix.PRIO_PROCESS, tid, n); err != nil && err != unix.ESRCH {
			return fmt.Errorf("experiment: set nice %d: %w", n, err)
		}
	}
	return nil
}

// currentNice returns the calling thread's nice value.
func currentNice() int {
	p, err := unix.Getpriority(unix.PRIO_PROCESS, 0)
	if err != nil {
		return 0
	}
	// The raw syscall returns 20 - nice.
	return 20 - p
}
