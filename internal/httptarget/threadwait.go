package httptarget

import (
	"runtime"
	"sync"
)

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
