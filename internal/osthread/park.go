package osthread

import "time"

// Park holds the calling thread for d by parking its goroutine. For a
// goroutine locked to its OS thread (runtime.LockOSThread: the target
// server's pool threads, on a --wait or a --block call without a
// database) the thread parks with it and does nothing else meanwhile.
//
// Park and Block both hold the thread: it takes no other work while it
// waits, so a thread count means what it means in Tomcat, and the model
// ("a held wait") is the same for both. They differ in the kernel: Block
// sleeps in nanosleep(2) (the in-process executors, the target's loops,
// whose blocked loop must look blocked to the watchdog); Park parks in
// the Go scheduler. Why the target's pool threads do not use Block, which
// they used to: a thread in a system call keeps the Go scheduler's P
// until the runtime's sysmon takes it back, 20 us to 10 ms later. On the
// one core a target is pinned to (GOMAXPROCS 1) every request's wait then
// held up the acceptor, the poller and every other thread until sysmon
// came round, and sysmon polled every 20 us for the whole burst: in a
// 1,000-connection burst on 500 threads it had a quarter of the target's
// CPU samples, and the target spent 250-430 us of CPU per request.
// Parking gives the P up at once. The cost: a Go timer can fire up to a
// millisecond late (the runtime's netpoller waits in whole milliseconds),
// 1% of a 100 ms wait.
func Park(d time.Duration) {
	if d > 0 {
		time.Sleep(d)
	}
}
