// Package osthread is what a server thread does to its own OS thread in
// waitlab's real runs and target server: burn CPU time measured on the
// thread's own CPU clock, and block in the kernel. Both the real executors
// (live) and the target server use it, so "200us of CPU" and "a blocking
// 100ms call" mean the same thing in both; a wait that holds a thread is
// Block (nanosleep: the executors, the target's loops) or Park (the
// target's pool threads, whose goroutines are locked to them), and Park's
// comment says why the two differ. Spin and Block act on the
// calling thread only; every function is safe to call from any goroutine.
// OnLastingThread is the one thread that lasts as long as the process,
// for forking children that carry Pdeathsig.
package osthread

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Block holds the calling OS thread in nanosleep(2) for d, retrying with
// the time left when a signal interrupts it. This is a blocking wait:
// unlike time.Sleep, which parks only the goroutine, the thread can do
// nothing else meanwhile (a JDBC call, a synchronous log append).
func Block(d time.Duration) {
	if d <= 0 {
		return
	}
	ts := unix.NsecToTimespec(int64(d))
	for {
		var rem unix.Timespec
		if err := unix.Nanosleep(&ts, &rem); err != unix.EINTR {
			return
		}
		ts = rem
	}
}

// Spin burns d of the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID),
// so time the OS gives to other threads does not count. The goroutine is
// locked to its thread while it spins (the lock nests: a thread that was
// already locked stays locked).
func Spin(d time.Duration) {
	if d <= 0 {
		return
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	end := sysinfo.ThreadCPU() + d
	for sysinfo.ThreadCPU() < end {
	}
}

// Pin locks the calling goroutine to its OS thread and that thread to
// cpu (sched_setaffinity on the thread alone), for measurements that put
// one side on each core (bench/netfloor, bench/wakecost). The goroutine
// stays locked: its thread keeps the affinity until it exits.
func Pin(cpu int) error {
	runtime.LockOSThread()
	var s unix.CPUSet
	s.Set(cpu)
	return unix.SchedSetaffinity(0, &s)
}
