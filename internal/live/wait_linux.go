package live

import (
	"os"
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

// parker is a blocking eventfd on which one thread sleeps in the kernel
// (park) until another wakes it (unpark). An unpark before the park is not
// lost: the counter keeps it.
type parker struct{ fd int }

func newParker() (*parker, error) {
	fd, err := unix.Eventfd(0, unix.EFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("eventfd", err)
	}
	return &parker{fd: fd}, nil
}

func (p *parker) park() {
	var b [8]byte
	for {
		if _, err := unix.Read(p.fd, b[:]); err != unix.EINTR {
			return
		}
	}
}

func (p *parker) unpark() {
	one := [8]byte{1}
	for {
		if _, err := unix.Write(p.fd, one[:]); err != unix.EINTR {
			return
		}
	}
}

func (p *parker) close() { _ = unix.Close(p.fd) }
