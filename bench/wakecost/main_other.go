//go:build !linux

// Command wakecost needs Linux (timerfd, sched_setaffinity, RUSAGE_THREAD):
// elsewhere it says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "wakecost: Linux only (it measures timerfd, futex and sleep wake-ups per thread)")
	os.Exit(2)
}
