package live

import "sync"

// fifo is an unbounded first-in first-out queue (not safe for concurrent
// use on its own).
type fifo[T any] struct {
	items []T
	head  int
}

func (q *fifo[T]) push(v T) { q.items = append(q.items, v) }

func (q *fifo[T]) len() int { return len(q.items) - q.head }

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

// blockingFIFO is a FIFO whose pop blocks the calling goroutine (and so,
// for a goroutine locked to its thread, the OS thread) until an item
// arrives or the queue is closed. Safe for concurrent use.
type blockingFIFO[T any] struct {
	mu     sync.Mutex
	cond   sync.Cond
	q      fifo[T]
	closed bool
}

func newBlockingFIFO[T any]() *blockingFIFO[T] {
	b := &blockingFIFO[T]{}
	b.cond.L = &b.mu
	return b
}

func (b *blockingFIFO[T]) push(v T) {
	b.mu.Lock()
	b.q.push(v)
	b.mu.Unlock()
	b.cond.Signal()
}

// pop returns the next item, or false once the queue is closed (items
// still queued at close are dropped: close is used to stop).
func (b *blockingFIFO[T]) pop() (T, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.q.len() == 0 && !b.closed {
		b.cond.Wait()
	}
	if b.closed {
		var zero T
		return zero, false
	}
	return b.q.pop()
}

func (b *blockingFIFO[T]) close() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.cond.Broadcast()
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
