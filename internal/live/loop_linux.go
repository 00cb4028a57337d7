package live

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/timeheap"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// loopExec is the event-loop model (and, with an offload pool, the offload
// model). Each loop is a goroutine locked to its OS thread for its whole
// life, running its own epoll set with two descriptors: an eventfd that
// other threads signal when they queue work for it, and a timerfd armed
// for the earliest of its registered waits (a timer heap). Requests are
// bound to loops round-robin, or all loops share one queue (assign
// shared). A registered wait frees the loop and its continuation is queued
// back to the request's loop; a blocking wait is a nanosleep on the loop
// thread, stalling everything queued behind it; under offload, blocking
// calls go to K locked threads and the continuation is posted back.
type loopExec struct {
	r      *execution
	loops  []*evLoop
	queues []*runQueue
	off    *threadQueue[offCall]

	wg, offWG sync.WaitGroup
}

// item is one task on a loop's run queue.
type item struct {
	j    *job
	kind uint8
}

// runQueue is a FIFO of tasks served by one loop (round-robin) or by all
// of them (shared). Safe for concurrent use: any thread pushes, loops pop.
type runQueue struct {
	mu     sync.Mutex
	q      fifo[item]
	idle   []*evLoop // loops asleep in epoll_wait waiting for this queue
	closed bool      // set by loopExec.stop before any loop's fds close
}

// push queues it and wakes one idle loop (an eventfd write) if any; a
// busy loop will find it without a syscall. The write is made under the
// queue's lock and never after close: stop closes a loop's eventfd only
// after closing its queue, so a late push (an offload thread finishing a
// call after the run stopped) cannot write to a closed, or reused, fd.
func (q *runQueue) push(it item) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return // the run has stopped; nobody will take it
	}
	q.q.push(it)
	if n := len(q.idle); n > 0 {
		w := q.idle[n-1]
		q.idle = q.idle[:n-1]
		w.idle = false
		if err := w.wake.Signal(); err != nil {
			w.x.r.fail(fmt.Errorf("live: wake loop %d: %w", w.idx, err))
		}
	}
}

// close makes every later push a no-op.
func (q *runQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
}

// tryPop returns the next task for loop l, or registers l as idle.
func (q *runQueue) tryPop(l *evLoop) (item, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if l.idle {
		if i := slices.Index(q.idle, l); i >= 0 {
			q.idle = slices.Delete(q.idle, i, i+1)
		}
		l.idle = false
	}
	it, ok := q.q.pop()
	if !ok {
		l.idle = true
		q.idle = append(q.idle, l)
	}
	return it, ok
}

// evLoop is one event loop. Everything but idle (guarded by its queue's
// mutex) and wake (signalled by anyone) belongs to the loop's thread.
type evLoop struct {
	idx    int
	x      *loopExec
	q      *runQueue
	poller *epoll.Poller
	wake   *epoll.EventFD
	timer  *epoll.TimerFD
	timers timeheap.Heap[*job]
	armed  time.Duration
	idle   bool
	beat   *watchdog.Beat
	done   chan struct{} // closed when the loop's thread has left run
}

// Event tokens of a loop's epoll set.
const (
	tokWake  uint64 = 1
	tokTimer uint64 = 2
)

func (x *loopExec) start(r *execution) error {
	x.r = r
	n := r.s.Threads
	nq := n
	if r.s.Assign == model.Shared {
		nq = 1
	}
	for i := 0; i < nq; i++ {
		x.queues = append(x.queues, &runQueue{})
	}
	for i := 0; i < n; i++ {
		l := &evLoop{idx: i, x: x, q: x.queues[min(i, nq-1)], done: make(chan struct{})}
		if err := l.open(); err != nil {
			for _, o := range x.loops {
				o.close()
			}
			x.loops = nil
			return fmt.Errorf("loop %d: %w", i, err)
		}
		x.loops = append(x.loops, l)
	}
	var ready sync.WaitGroup
	for _, l := range x.loops {
		ready.Add(1)
		x.wg.Add(1)
		go l.run(&ready)
	}
	if r.s.Model == model.Offload {
		x.off = &threadQueue[offCall]{}
		parkers, err := newParkers(r.s.OffloadPool)
		if err != nil {
			ready.Wait()
			return fmt.Errorf("offload pool: %w", err)
		}
		for i := 0; i < r.s.OffloadPool; i++ {
			ready.Add(1)
			x.offWG.Add(1)
			go x.offWorker(n+i, parkers[i], &ready)
		}
	}
	ready.Wait()
	return nil
}

func (l *evLoop) open() (err error) {
	if l.poller, err = epoll.New(); err != nil {
		return err
	}
	if l.wake, err = epoll.NewEventFD(); err != nil {
		l.close()
		return err
	}
	if l.timer, err = epoll.NewTimerFD(); err != nil {
		l.close()
		return err
	}
	if err = l.poller.Add(l.wake.FD(), epoll.In, tokWake); err == nil {
		err = l.poller.Add(l.timer.FD(), epoll.In, tokTimer)
	}
	if err != nil {
		l.close()
	}
	return err
}

func (l *evLoop) close() {
	if l.timer != nil {
		l.timer.Close()
	}
	if l.wake != nil {
		l.wake.Close()
	}
	if l.poller != nil {
		l.poller.Close()
	}
}

func (l *evLoop) run(ready *sync.WaitGroup) {
	defer l.x.wg.Done()
	defer close(l.done)
	runtime.LockOSThread() // never unlocked: the thread ends with the loop
	r := l.x.r
	l.beat = r.wd.RegisterLoop(l.idx, fmt.Sprintf("loop-%d", l.idx))
	lockCh := make(chan struct{}, 1)
	evs := make([]epoll.Event, 4)
	ready.Done()
	for !r.stopped.Load() {
		l.fireTimers()
		if it, ok := l.q.tryPop(l); ok {
			l.runItem(it, lockCh)
			continue
		}
		if err := l.armNext(); err != nil {
			r.fail(fmt.Errorf("live: loop %d: %w", l.idx, err))
			return
		}
		n, err := l.poller.Wait(evs, -1)
		if err != nil {
			r.fail(fmt.Errorf("live: loop %d: %w", l.idx, err))
			return
		}
		for _, ev := range evs[:n] {
			switch ev.Data {
			case tokWake:
				err = l.wake.Drain()
			case tokTimer:
				_, err = l.timer.Drain()
				l.armed = 0
			}
			if err != nil {
				r.fail(fmt.Errorf("live: loop %d: %w", l.idx, err))
				return
			}
		}
	}
}

// runItem runs one task on the loop, watched by the watchdog.
func (l *evLoop) runItem(it item, lockCh chan struct{}) {
	r := l.x.r
	j := it.j
	l.beat.Begin(j.id)
	r.enter()
	switch it.kind {
	case itemNew:
		r.take(j, l.idx)
		r.cpu(l.idx, j)
		l.afterCPU(j, lockCh)
	case itemCont:
		l.resume(j)
	}
	r.leave()
	l.beat.End()
}

// afterCPU starts j's calls once its CPU work is done.
func (l *evLoop) afterCPU(j *job, lockCh chan struct{}) {
	r := l.x.r
	switch {
	case len(j.waits) == 0:
		r.finish(j)
	case r.block[j.class] && r.s.Model != model.Offload:
		// A blocking call on the loop: the loop thread sleeps, and every
		// task queued behind it waits.
		r.holdCalls(l.idx, j, lockCh)
		r.finish(j)
	case r.block[j.class]:
		l.x.offload(j)
	default:
		l.register(j)
	}
}

// resume is j's continuation: its next call, or its end.
func (l *evLoop) resume(j *job) {
	r := l.x.r
	if int(j.next) < len(j.waits) && !r.par[j.class] {
		if r.block[j.class] {
			l.x.offload(j)
		} else {
			l.register(j)
		}
		return
	}
	r.finish(j)
}

// register starts j's next call (or all of them) without holding the loop.
func (l *evLoop) register(j *job) {
	r := l.x.r
	switch {
	case r.par[j.class] && r.lock == nil:
		j.pending.Store(1)
		l.timers.Push(r.now()+slices.Max(j.waits), j)
	case r.par[j.class]:
		j.pending.Store(int32(len(j.waits)))
		for _, w := range j.waits {
			l.x.asyncLocked(j, w)
		}
	default:
		j.pending.Store(1)
		w := j.waits[j.next]
		if r.lock != nil {
			l.x.asyncLocked(j, w)
			return
		}
		l.timers.Push(r.now()+w, j)
	}
}

// asyncLocked makes a registered call that must hold the shared lock: it
// starts when the lock is granted and releases it when it ends. It runs on
// a runtime timer, not the loop's timerfd, because the grant may come from
// any thread.
func (x *loopExec) asyncLocked(j *job, w time.Duration) {
	x.r.lock.acquireAsync(func() {
		time.AfterFunc(w, func() {
			x.r.lock.release()
			x.callDone(j)
		})
	})
}

// callDone counts one finished call of j; when none is out, the
// continuation is queued on j's loop. Safe from any thread.
func (x *loopExec) callDone(j *job) {
	if j.pending.Add(-1) > 0 {
		return
	}
	if x.r.par[j.class] {
		j.next = int32(len(j.waits))
	} else {
		j.next++
	}
	x.queues[j.loop].push(item{j: j, kind: itemCont})
}

// fireTimers runs the loop's due timers: each call has ended.
func (l *evLoop) fireTimers() {
	if l.timers.Len() == 0 {
		return
	}
	now := l.x.r.now()
	for l.timers.Len() > 0 {
		if at, _ := l.timers.Peek(); at > now {
			break
		}
		_, j := l.timers.Pop()
		l.x.callDone(j)
	}
}

// armNext arms the timerfd for the earliest timer, or disarms it.
func (l *evLoop) armNext() error {
	if l.timers.Len() == 0 {
		if l.armed != 0 {
			l.armed = 0
			return l.timer.Arm(0)
		}
		return nil
	}
	at, _ := l.timers.Peek()
	if at == l.armed {
		return nil
	}
	l.armed = at
	return l.timer.Arm(max(at-l.x.r.now(), time.Nanosecond))
}

// offload hands j's next blocking call (or all of them) to the pool.
func (x *loopExec) offload(j *job) {
	if x.r.par[j.class] {
		j.pending.Store(int32(len(j.waits)))
		for _, w := range j.waits {
			x.off.push(offCall{j: j, w: w})
		}
		return
	}
	j.pending.Store(1)
	x.off.push(offCall{j: j, w: j.waits[j.next]})
}

// offWorker is one offload thread: it holds through each call it takes.
func (x *loopExec) offWorker(lane int, pk *parker, ready *sync.WaitGroup) {
	defer x.offWG.Done()
	defer pk.close()
	runtime.LockOSThread()
	lockCh := make(chan struct{}, 1)
	ready.Done()
	r := x.r
	for {
		c, ok := x.off.pop(pk)
		if !ok || r.stopped.Load() {
			return
		}
		r.enter()
		r.holdCall(lane, c.j, c.w, lockCh)
		r.leave()
		x.callDone(c.j)
	}
}

func (x *loopExec) submit(j *job) { x.queues[j.loop].push(item{j: j, kind: itemNew}) }

// stop wakes every loop, which sees the run stopped and leaves, and
// closes each loop's descriptors once its thread has left. A loop still
// stuck in a blocking wait after grace keeps its descriptors open (they
// are never closed under it, so a late wake-up cannot hit a reused fd).
func (x *loopExec) stop(grace time.Duration) {
	for _, q := range x.queues {
		q.close()
	}
	for _, l := range x.loops {
		_ = l.wake.Signal()
	}
	if x.off != nil {
		x.off.close()
	}
	deadline := time.NewTimer(grace)
	defer deadline.Stop()
	for _, l := range x.loops {
		select {
		case <-l.done:
			l.close()
		case <-deadline.C:
			return
		}
	}
	waitGroupFor(&x.offWG, grace)
}
