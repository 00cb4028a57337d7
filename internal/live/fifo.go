package live

import "sync"

// fifo is an unbounded first-in first-out queue (not safe for concurrent
// use on its own).
type fifo[T any] struct {
	items []T
	head  int
}

func (q *fifo[T]) push(v T) { q.items = append(q.items, v) }

func (q *fifo[T]) pop() (T, bool) {
	var zero T
	if q.head >= len(q.items) {
		return zero, false
	}
	v := q.items[q.head]
	q.items[q.head] = zero
	q.head++
	switch {
	case q.head == len(q.items):
		q.items, q.head = q.items[:0], 0
	case q.head >= 1024 && q.head*2 >= len(q.items):
		n := copy(q.items, q.items[q.head:])
		clear(q.items[n:])
		q.items, q.head = q.items[:n], 0
	}
	return v, true
}

// threadQueue is a FIFO served by OS threads that, when it is empty, sleep
// in the kernel (a blocking read of their own eventfd) until a push wakes
// one of them: an idle pool thread is parked the way a JVM or C pool
// thread is, and is woken by the kernel rather than by the Go scheduler.
// Safe for concurrent use.
type threadQueue[T any] struct {
	mu     sync.Mutex
	q      fifo[T]
	idle   []*parker
	closed bool
}

// push queues v and wakes one idle thread, if any.
func (t *threadQueue[T]) push(v T) {
	t.mu.Lock()
	t.q.push(v)
	var w *parker
	if n := len(t.idle); n > 0 {
		w = t.idle[n-1]
		t.idle = t.idle[:n-1]
	}
	t.mu.Unlock()
	if w != nil {
		w.unpark()
	}
}

// pop returns the next item, parking the calling thread on p while the
// queue is empty; false once the queue is closed.
func (t *threadQueue[T]) pop(p *parker) (T, bool) {
	for {
		t.mu.Lock()
		if t.closed {
			t.mu.Unlock()
			var zero T
			return zero, false
		}
		if v, ok := t.q.pop(); ok {
			t.mu.Unlock()
			return v, true
		}
		t.idle = append(t.idle, p)
		t.mu.Unlock()
		p.park()
	}
}

// close wakes every parked thread; pop returns false from now on.
func (t *threadQueue[T]) close() {
	t.mu.Lock()
	t.closed = true
	idle := t.idle
	t.idle = nil
	t.mu.Unlock()
	for _, p := range idle {
		p.unpark()
	}
}

// fifoLock is the scenario's shared lock: granted strictly in request
// order, to threads that block for it (acquire) or to asynchronous calls
// that are started when it is their turn (acquireAsync). Safe for
// concurrent use.
type fifoLock struct {
	mu   sync.Mutex
	held bool
	q    fifo[lockWaiter]
}

type lockWaiter struct {
	ch chan struct{} // a blocked thread
	fn func()        // an asynchronous call to start
}

// acquire blocks the caller until it holds the lock; ch is the caller's
// own channel with a buffer of 1.
func (l *fifoLock) acquire(ch chan struct{}) {
	l.mu.Lock()
	if !l.held {
		l.held = true
		l.mu.Unlock()
		return
	}
	l.q.push(lockWaiter{ch: ch})
	l.mu.Unlock()
	<-ch
}

// acquireAsync runs fn (on the calling goroutine, or later on the releasing
// one) once the lock is granted to it. fn must not block.
func (l *fifoLock) acquireAsync(fn func()) {
	l.mu.Lock()
	if !l.held {
		l.held = true
		l.mu.Unlock()
		fn()
		return
	}
	l.q.push(lockWaiter{fn: fn})
	l.mu.Unlock()
}

// release hands the lock to the next waiter, or frees it.
func (l *fifoLock) release() {
	l.mu.Lock()
	w, ok := l.q.pop()
	if !ok {
		l.held = false
	}
	l.mu.Unlock()
	switch {
	case !ok:
	case w.ch != nil:
		w.ch <- struct{}{}
	default:
		w.fn()
	}
}
