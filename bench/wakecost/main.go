//go:build linux

// Command wakecost measures what a system call, a timer and a sleep cost
// the calling thread in CPU time on this machine, the prices that decide
// a load generator's CPU per request: a generator that is cheaper than the
// server per request goes idle between responses, and every idle spell is
// a sleep and a wake-up (docs/benchmarks.md, "Issue 26, fifth pass"). On a
// virtual machine a wake-up can cost more CPU than the work of a request.
//
//	wakecost [-n 20000]
//
// Linux only. The thread measured is pinned to CPU 1 and the waker (the
// "woken" line) to CPU 0, as bench/load_compare.sh pins the generator and
// the server. CPU is the thread's own CPU clock (sysinfo.ThreadCPU).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/osthread"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// pin locks the goroutine to its thread and the thread to cpu.
func pin(cpu int) {
	if err := osthread.Pin(cpu); err != nil {
		fmt.Fprintln(os.Stderr, "wakecost: pin to CPU", cpu, ":", err)
		os.Exit(1)
	}
}

func report(what string, n int, cpu, wall time.Duration) {
	fmt.Printf("%-46s cpu %7.2f us each, wall %7.2f us each\n", what, float64(cpu.Nanoseconds())/1e3/float64(n), float64(wall.Nanoseconds())/1e3/float64(n))
}

func main() {
	n := flag.Int("n", 20000, "repetitions of each measurement")
	flag.Parse()
	if runtime.NumCPU() < 2 {
		fmt.Fprintln(os.Stderr, "wakecost: needs 2 CPUs (CPU 0 wakes CPU 1)")
		os.Exit(2)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		pin(1)
		// The thread's timer slack (50 us by default) would stretch the
		// sleeps; waitlab's loop sets 1 us too.
		unix.Prctl(unix.PR_SET_TIMERSLACK, 1000, 0, 0, 0)

		c0, t0 := sysinfo.ThreadCPU(), time.Now()
		for i := 0; i < *n; i++ {
			unix.Getppid()
		}
		report("system call (getppid)", *n, sysinfo.ThreadCPU()-c0, time.Since(t0))

		fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, "wakecost: timerfd:", err)
			os.Exit(1)
		}
		far := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(10 * time.Second))}
		var zero unix.ItimerSpec
		c0, t0 = sysinfo.ThreadCPU(), time.Now()
		for i := 0; i < *n; i++ {
			unix.TimerfdSettime(fd, 0, &far, nil)
			unix.TimerfdSettime(fd, 0, &zero, nil)
		}
		report("timer armed and disarmed (2 system calls)", *n, sysinfo.ThreadCPU()-c0, time.Since(t0))
		unix.Close(fd)

		for _, d := range []time.Duration{20 * time.Microsecond, 100 * time.Microsecond} {
			ts := unix.NsecToTimespec(int64(d))
			c0, t0 = sysinfo.ThreadCPU(), time.Now()
			for i := 0; i < *n; i++ {
				unix.Nanosleep(&ts, nil)
			}
			report(fmt.Sprintf("sleep of %v (nanosleep)", d), *n, sysinfo.ThreadCPU()-c0, time.Since(t0))
		}

		// A blocked read, woken by a write from CPU 0 every 50 us (the
		// waker spins, so no timer of its own is involved).
		var p [2]int
		if err := unix.Pipe(p[:]); err != nil {
			fmt.Fprintln(os.Stderr, "wakecost: pipe:", err)
			os.Exit(1)
		}
		go func() {
			pin(0)
			b := []byte{1}
			for i := 0; i < *n; i++ {
				for t := time.Now(); time.Since(t) < 50*time.Microsecond; {
				}
				unix.Write(p[1], b)
			}
		}()
		b := make([]byte, 1)
		c0, t0 = sysinfo.ThreadCPU(), time.Now()
		for i := 0; i < *n; i++ {
			unix.Read(p[0], b)
		}
		report("blocked read woken from CPU 0 (every 50 us)", *n, sysinfo.ThreadCPU()-c0, time.Since(t0))
	}()
	<-done
}
