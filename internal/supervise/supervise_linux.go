package supervise

import (
	"fmt"
	"os/exec"
	"runtime"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/osthread"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// ErrUnsupported is nil on Linux, where children can be supervised.
var ErrUnsupported error

// procAttr puts the child in its own process group and has the kernel
// kill it when this process's lasting thread (so this process) dies.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// startPinned starts cmd on the lasting thread (Pdeathsig is tied to the
// forking thread). A child inherits the affinity of the thread that forks
// it, so that thread narrows its own mask to cpus, starts the child and
// restores its mask; no other goroutine runs on it. When the mask cannot
// be set the child starts unpinned and pinErr says why: the one policy.
func startPinned(cmd *exec.Cmd, cpus []int) (pinned []int, pinErr, err error) {
	osthread.OnLastingThread(func() {
		if len(cpus) == 0 {
			err = cmd.Start()
			return
		}
		var old unix.CPUSet
		if e := unix.SchedGetaffinity(0, &old); e != nil {
			pinErr = fmt.Errorf("sched_getaffinity: %w", e)
			err = cmd.Start()
			return
		}
		set := cpuSet(cpus)
		if e := unix.SchedSetaffinity(0, &set); e != nil {
			pinErr = fmt.Errorf("sched_setaffinity to CPUs %v: %w", cpus, e)
			err = cmd.Start()
			return
		}
		err = cmd.Start()
		if e := unix.SchedSetaffinity(0, &old); e != nil && err == nil {
			// The lasting thread stays narrowed: later children would
			// inherit it, so say so loudly.
			err = fmt.Errorf("restore the forking thread's affinity: %w", e)
		}
		pinned = append([]int(nil), cpus...)
	})
	return pinned, pinErr, err
}

func cpuSet(cpus []int) unix.CPUSet {
	var s unix.CPUSet
	for _, c := range cpus {
		s.Set(c)
	}
	return s
}

// AllowedCPUs lists the CPUs this process may run on, in order
// (sysinfo.AllowedCPUs).
func AllowedCPUs() []int { return sysinfo.AllowedCPUs() }

// AffinityOf lists the CPUs process pid may run on (sysinfo.AffinityOf).
func AffinityOf(pid int) []int { return sysinfo.AffinityOf(pid) }

// PinSelf moves every thread of this process to cpus (threads started
// later inherit it from their creator) and returns the function that
// moves them back to what each had. With no cpus it does nothing. A
// thread that cannot be moved is skipped; the error says how many were
// not (the same policy as a child's: say so, go on unpinned).
//
// GOMAXPROCS follows the pinning while it lasts, and the restore puts
// back the count it found. Go reads the affinity once, at start: a
// generator of 2 Ps moved onto one CPU ran two threads that the kernel
// sliced in turns of 1.5 ms, and a response read by the waiting one was
// timed that much late (a probe's p99 at moderate load read 23-40% above
// the model's).
func PinSelf(cpus []int) (restore func(), err error) {
	if len(cpus) == 0 {
		return func() {}, nil
	}
	procs := runtime.GOMAXPROCS(len(cpus))
	defer func() {
		if err != nil {
			runtime.GOMAXPROCS(procs) // some threads stay where they were: so do the Ps
		}
	}()
	set := cpuSet(cpus)
	old := map[int]unix.CPUSet{}
	failed := 0
	var first error
	for _, tid := range threadIDs() {
		var o unix.CPUSet
		if e := unix.SchedGetaffinity(tid, &o); e != nil {
			continue // the thread has ended
		}
		if e := unix.SchedSetaffinity(tid, &set); e != nil {
			failed++
			if first == nil {
				first = e
			}
			continue
		}
		old[tid] = o
	}
	if failed > 0 {
		err = fmt.Errorf("sched_setaffinity of %d threads to CPUs %v: %w", failed, cpus, first)
	}
	return func() {
		runtime.GOMAXPROCS(procs)
		var all unix.CPUSet
		for _, o := range old {
			for c := 0; c < len(o)*64; c++ {
				if o.IsSet(c) {
					all.Set(c)
				}
			}
		}
		for _, tid := range threadIDs() {
			o, ok := old[tid]
			if !ok {
				o = all // a thread started while pinned
			}
			_ = unix.SchedSetaffinity(tid, &o)
		}
	}, err
}

// threadIDs lists this process's threads (none when they cannot be read).
func threadIDs() []int {
	ids, _ := sysinfo.ThreadIDs()
	return ids
}
