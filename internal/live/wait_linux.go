package live

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// blockFor holds the calling OS thread in nanosleep(2) for d, retrying
// with the time left when a signal interrupts it. This is a blocking wait:
// unlike time.Sleep, which parks only the goroutine, the thread can do
// nothing else meanwhile.
func blockFor(d time.Duration) {
	if d <= 0 {
		return
	}
	ts := unix.NsecToTimespec(int64(d))
	for {
		var rem unix.Timespec
		err := unix.Nanosleep(&ts, &rem)
		if err != unix.EINTR {
			return
		}
		ts = rem
	}
}

// spin burns d of the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID),
// so time the OS gives to other threads does not count. The caller must be
// locked to its OS thread.
func spin(d time.Duration) {
	if d <= 0 {
		return
	}
	end := sysinfo.ThreadCPU() + d
	for sysinfo.ThreadCPU() < end {
	}
}
