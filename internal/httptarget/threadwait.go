package httptarget

import (
	"runtime"
	"sync"
	"time"
)

// holdWait is a pool thread's wait (a --wait, a --block call without a
// database). Pool threads are goroutines locked to their OS threads, so
// parking the goroutine parks its thread with it: the thread does nothing
// else meanwhile, as a thread blocked in the kernel does, and the thread
// count means what it means in Tomcat.
//
// Why not nanosleep(2) (osthread.Block), which it used to be: a thread in
// a system call keeps the Go scheduler's P until the runtime's sysmon
// takes it back, 20 us to 10 ms later. On the one core a target is pinned
// to (GOMAXPROCS 1) every request's wait then held up the acceptor, the
// poller and every other thread until sysmon came round, and sysmon polled
// every 20 us for the whole burst: in a 1,000-connection burst on 500
// threads it had a quarter of the target's CPU samples, and the target
// spent 250-430 us of CPU per request. Parking gives the P up at once.
// The cost: a Go timer can fire up to a millisecond late (the runtime's
// netpoller waits in whole milliseconds), 1% of a 100 ms wait.
func holdWait(d time.Duration) {
	if d > 0 {
		time.Sleep(d)
	}
}

// spawnLocked starts n goroutines that run work, each locked to an OS
// thread of its own (runtime.LockOSThread), adds them to wg (Done when
// work returns), and returns once all n are locked. Every thread then
// exists before the server reports itself ready.
//
// Why wait: the runtime makes a locked goroutine's thread only when the
// goroutine first runs. Unawaited, a pool of 500 was still being made
// (clone3, the new stacks' page faults) during the first 60 ms of a
// 1,000-request burst sent the moment the target said it was ready, on
// the one core that also had to accept the burst's connections: the
// burst paid the pool's start-up, which the model (and a Tomcat with
// prestarted threads) does not have. The cost moves to the target's
// start: 52 ms for 500 threads and 187 ms for 2,000 on a 2-core VM
// (about 100 us a thread).
func spawnLocked(n int, wg *sync.WaitGroup, work func()) {
	var locked sync.WaitGroup
	locked.Add(n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			locked.Done()
			work()
		}()
	}
	locked.Wait()
}
