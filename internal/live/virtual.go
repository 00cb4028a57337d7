package live

import (
	"runtime"
	"slices"
	"sync"
	"time"
)

// virtualExec is the virtual-thread model on goroutines: every request is
// a virtual thread, a goroutine; M carriers are an explicit set of tokens
// handed out in FIFO order, held only for CPU work, for the continuation
// after a wait, and through a pinned (blocking) wait, which is a nanosleep
// while holding the carrier. An ordinary wait parks the goroutine on a
// runtime timer and frees the carrier. GOMAXPROCS is not what bounds the
// threads: a goroutine blocked in a syscall takes an OS thread with it, so
// the token count is the bound.
//
// As in the JDK, a new virtual thread that finds no free carrier waits in
// the scheduler's queue; its goroutine is started when it first mounts,
// with the carrier handed to it.
type virtualExec struct {
	r  *execution
	wg sync.WaitGroup

	mu    sync.Mutex
	free  []int
	waitq fifo[carrierWaiter]
}

// carrierWaiter waits for a carrier: a new virtual thread (j) or a parked
// one that wants to continue (ch).
type carrierWaiter struct {
	j  *job
	ch chan int
}

func (v *virtualExec) start(r *execution) error {
	v.r = r
	for i := r.s.Threads - 1; i >= 0; i-- {
		v.free = append(v.free, i)
	}
	return nil
}

func (v *virtualExec) submit(j *job) {
	v.wg.Add(1)
	v.mu.Lock()
	if n := len(v.free); n > 0 {
		c := v.free[n-1]
		v.free = v.free[:n-1]
		v.r.enter() // under the lock, so a carrier is never counted twice
		v.mu.Unlock()
		go v.run(j, c)
		return
	}
	v.waitq.push(carrierWaiter{j: j})
	v.mu.Unlock()
}

// mount blocks the calling virtual thread until it has a carrier.
func (v *virtualExec) mount(ch chan int) int {
	v.mu.Lock()
	if n := len(v.free); n > 0 {
		c := v.free[n-1]
		v.free = v.free[:n-1]
		v.r.enter()
		v.mu.Unlock()
		return c
	}
	v.waitq.push(carrierWaiter{ch: ch})
	v.mu.Unlock()
	return <-ch // enter was counted by the unmount that handed it over
}

// unmount hands carrier c to the next waiter, or frees it.
func (v *virtualExec) unmount(c int) {
	v.mu.Lock()
	w, ok := v.waitq.pop()
	if !ok {
		// Leave before the carrier is visible as free: counted after the
		// unlock, a new holder's enter could come first and the busy
		// count would briefly read one carrier too many.
		v.r.leave()
		v.free = append(v.free, c)
		v.mu.Unlock()
		return
	}
	v.mu.Unlock()
	if w.j != nil {
		go v.run(w.j, c)
		return
	}
	w.ch <- c
}

// run is one virtual thread, started mounted on carrier c.
func (v *virtualExec) run(j *job, c int) {
	defer v.wg.Done()
	r := v.r
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
	ch := make(chan int, 1)
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
				c = v.mount(ch)
				v.unmount(c)
			}
		}
	}
	c = v.mount(ch)
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
