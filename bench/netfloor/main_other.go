//go:build !linux

// Command netfloor needs Linux (epoll, sched_setaffinity, RUSAGE_THREAD):
// elsewhere it says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "netfloor: Linux only (it measures loopback TCP with raw epoll system calls on pinned threads)")
	os.Exit(2)
}
