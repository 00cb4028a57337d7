package lab

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/osthread"
)

// choosePinning splits the CPUs this process may run on: the first for the
// generator, the rest for the target. nil (no pinning) with fewer than two
// or when asked not to.
func choosePinning(cores int, off bool) *Pinning {
	if off || cores < 2 {
		return nil
	}
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil
	}
	var cpus []int
	for c := 0; c < 1024 && len(cpus) < set.Count(); c++ {
		if set.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	if len(cpus) < 2 {
		return nil
	}
	return &Pinning{Generator: cpus[:1], Target: cpus[1:]}
}

func cpuSet(cpus []int) unix.CPUSet {
	var s unix.CPUSet
	for _, c := range cpus {
		s.Set(c)
	}
	return s
}

// startPinned starts cmd with the target's CPUs, from the thread that
// lasts as long as the process (osthread.OnLastingThread: the target's
// Pdeathsig is tied to the forking thread). A child inherits the affinity
// of the thread that forks it, so that thread takes the target's CPUs for
// the fork and its own back after.
func startPinned(cmd *exec.Cmd, pin *Pinning) error {
	var err error
	osthread.OnLastingThread(func() { err = startOnThisThread(cmd, pin) })
	return err
}

func startOnThisThread(cmd *exec.Cmd, pin *Pinning) error {
	if pin == nil {
		return cmd.Start()
	}
	var old unix.CPUSet
	if err := unix.SchedGetaffinity(0, &old); err != nil {
		return cmd.Start()
	}
	set := cpuSet(pin.Target)
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return cmd.Start()
	}
	err := cmd.Start()
	_ = unix.SchedSetaffinity(0, &old)
	return err
}

// pinSelf moves every thread of this process to the generator's CPUs
// (threads started later inherit it from their creator) and returns the
// function that moves them back to what each had.
func pinSelf(pin *Pinning) func() {
	if pin == nil {
		return func() {}
	}
	set := cpuSet(pin.Generator)
	old := map[int]unix.CPUSet{}
	for _, tid := range threadIDs() {
		var o unix.CPUSet
		if unix.SchedGetaffinity(tid, &o) != nil {
			continue
		}
		if unix.SchedSetaffinity(tid, &set) == nil {
			old[tid] = o
		}
	}
	return func() {
		var all unix.CPUSet
		for _, o := range old {
			for c := 0; c < 1024; c++ {
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
	}
}

// threadIDs lists this process's threads.
func threadIDs() []int {
	ents, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range ents {
		if n, err := strconv.Atoi(e.Name()); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// childAttr puts the target in its own process group and has the kernel
// kill it when this process dies (Pdeathsig).
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
