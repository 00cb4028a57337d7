//go:build linux

package fdtable

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// firstSize is the table a process starts with (NR_OPEN_DEFAULT on
// 64-bit Linux): below it there is nothing to grow.
const firstSize = 64

func reserve(n int) (int, error) {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("fdtable: getrlimit: %w", err)
	}
	if lim.Cur < uint64(n) {
		n = int(lim.Cur)
	}
	if n <= firstSize {
		return 0, nil
	}
	// F_DUPFD gives the lowest free descriptor >= its argument: asking
	// for n-1 makes the kernel grow the table to hold it (to the next
	// power of two) in one step; the descriptor is closed at once.
	fd, err := unix.Open("/dev/null", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0, fmt.Errorf("fdtable: open /dev/null: %w", err)
	}
	defer unix.Close(fd)
	high, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, n-1)
	if err != nil {
		return 0, fmt.Errorf("fdtable: F_DUPFD to %d: %w", n-1, err)
	}
	unix.Close(high)
	return n, nil
}
