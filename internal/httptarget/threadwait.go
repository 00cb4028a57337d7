package httptarget

import "time"

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
