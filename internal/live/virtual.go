package live

import (
	"runtime"
	"slices"
	"sync"
	"time"
)

// virtualExec is the virtual-thread model on goroutines: every request gets
// its own goroutine at once; M carriers are an explicit set of tokens, held
// only for CPU work, for the continuation after a wait, and through a
// pinned (blocking) wait, which is a nanosleep while holding the carrier.
// An ordinary wait parks the goroutine on a runtime timer and frees the
// carrier. GOMAXPROCS is not what bounds the threads: a goroutine blocked
// in a syscall takes an OS thread with it, so the token count is the
// bound.
type virtualExec struct {
	r        *runner
	carriers chan int // free carrier ids; blocked receivers are served in order
	wg       sync.WaitGroup
}

func (v *virtualExec) start(r *runner) error {
	v.r = r
	v.carriers = make(chan int, r.s.Threads)
	for i := 0; i < r.s.Threads; i++ {
		v.carriers <- i
	}
	return nil
}

func (v *virtualExec) submit(j *job) {
	v.wg.Add(1)
	go v.run(j)
}

func (v *virtualExec) mount() int {
	c := <-v.carriers
	v.r.enter()
	return c
}

func (v *virtualExec) unmount(c int) {
	v.r.leave()
	v.carriers <- c
}

func (v *virtualExec) run(j *job) {
	defer v.wg.Done()
	r := v.r
	c := v.mount()
	if r.stopped.Load() {
		v.unmount(c)
		return
	}
	r.take(j, c)
	if j.cpu > 0 {
		// Stay on one OS thread while spinning so the thread CPU clock
		// measures this request's work.
		runtime.LockOSThread()
		r.cpu(c, j)
		runtime.UnlockOSThread()
	}
	if len(j.waits) == 0 {
		r.finish(j)
		v.unmount(c)
		return
	}
	if r.block[j.class] { // pinned: the carrier is held through the waits
		var lockCh chan struct{}
		if r.lock != nil {
			lockCh = make(chan struct{}, 1)
		}
		r.holdCalls(c, j, lockCh)
		r.finish(j)
		v.unmount(c)
		return
	}
	v.unmount(c)
	switch {
	case r.par[j.class] && r.lock == nil:
		time.Sleep(slices.Max(j.waits))
	case r.par[j.class]:
		var wg sync.WaitGroup
		for _, w := range j.waits {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v.lockedCall(w)
			}()
		}
		wg.Wait()
	default:
		for k, w := range j.waits {
			v.lockedCall(w)
			if k < len(j.waits)-1 {
				// The continuation between two calls needs a carrier.
				c = v.mount()
				v.unmount(c)
			}
		}
	}
	c = v.mount()
	r.finish(j)
	v.unmount(c)
}

// lockedCall is one unpinned downstream call: the goroutine parks for w
// (holding the shared lock, when there is one, without holding a carrier).
func (v *virtualExec) lockedCall(w time.Duration) {
	if v.r.lock == nil {
		time.Sleep(w)
		return
	}
	ch := make(chan struct{}, 1)
	v.r.lock.acquire(ch)
	time.Sleep(w)
	v.r.lock.release()
}

func (v *virtualExec) stop(grace time.Duration) { waitGroupFor(&v.wg, grace) }
