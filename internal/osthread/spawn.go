package osthread

import (
	"runtime"
	"sync"
)

// OnLastingThread runs fn on one goroutine locked to its OS thread for the
// life of the process, and waits for it. Fork children there when they
// carry Pdeathsig: the kernel sends it when the thread that forked the
// child ends, not the process, and Go ends a thread whenever a goroutine
// locked to it returns, so a child forked from an ordinary thread can be
// killed mid-run by some unrelated goroutine leaving its locked thread.
// Calls are serialised; fn may change the thread's own state (its CPU
// affinity, for a child to inherit) if it puts it back.
func OnLastingThread(fn func()) {
	lasting.once.Do(func() {
		lasting.work = make(chan func())
		go func() {
			runtime.LockOSThread() // never unlocked: the thread must live on
			for f := range lasting.work {
				f()
			}
		}()
	})
	done := make(chan struct{})
	lasting.work <- func() { defer close(done); fn() }
	<-done
}

var lasting struct {
	once sync.Once
	work chan func()
}
