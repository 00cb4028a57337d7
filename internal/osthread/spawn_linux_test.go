package osthread

import (
	"runtime"
	"sync"
	"syscall"
	"testing"
)

// Every call runs on the same thread, and that thread outlives goroutines
// that lock their own threads and return (which ends those threads).
func TestOnLastingThreadKeepsOneThread(t *testing.T) {
	var first int
	OnLastingThread(func() { first = syscall.Gettid() })
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // returns locked: Go ends this thread
		}()
	}
	wg.Wait()
	for i := 0; i < 4; i++ {
		var tid int
		OnLastingThread(func() { tid = syscall.Gettid() })
		if tid != first {
			t.Fatalf("call %d ran on thread %d; want the lasting thread %d", i, tid, first)
		}
	}
}
