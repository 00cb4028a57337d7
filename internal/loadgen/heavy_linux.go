package loadgen

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// heavyBurner returns what the epoll engine's loop calls after each
// batch of events for Config.CPUFactor: it spins on the loop's thread
// (factor - 1) times the CPU that thread spent since the previous call,
// so the generator costs factor times its own CPU per request. This is a
// heavier generator on purpose (the field report's emulated amd64 image
// on arm64 cost 1.8x CPU per request), for experiments that show what a
// generator sharing the server's core does to the server's throughput.
// The spin itself is not multiplied, and a batch that started on another
// thread (the goroutine moved) is not charged: its CPU was not this
// thread's. factor <= 1 returns a no-op.
func heavyBurner(factor float64) func() {
	if factor <= 1 {
		return func() {}
	}
	tid, last := unix.Gettid(), sysinfo.ThreadCPU()
	return func() {
		t, now := unix.Gettid(), sysinfo.ThreadCPU()
		if t == tid && now > last {
			end := now + time.Duration(float64(now-last)*(factor-1))
			for sysinfo.ThreadCPU() < end {
			}
		}
		tid, last = t, sysinfo.ThreadCPU()
	}
}
