package sim

import "time"

// Event kinds.
const (
	evArrive uint8 = iota + 1 // open model: request e.next arrives
	evSend                    // closed model: user a sends its next request
	evCPU                     // lane a finished the CPU segment of request r
	evHold                    // lane a finished a call of request r while holding it
	evOff                     // offload lane a finished call of request r
	evAsync                   // a registered (non-blocking) call of request r finished
)

// event is one thing due at a virtual time. Events are values: the heap
// is a slice of them and nothing is allocated per event.
type event struct {
	at   time.Duration
	seq  uint64
	a    int32 // lane, or virtual user
	r    int32 // request slot
	kind uint8
}

func (e *event) before(o *event) bool {
	return e.at < o.at || (e.at == o.at && e.seq < o.seq)
}

// eventHeap is a binary min-heap ordered by (at, seq): ties at one instant
// run in the order they were scheduled, which makes a run deterministic.
type eventHeap struct {
	ev  []event
	seq uint64
}

func (h *eventHeap) push(e event) {
	h.seq++
	e.seq = h.seq
	h.ev = append(h.ev, e)
	i := len(h.ev) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.ev[i].before(&h.ev[p]) {
			break
		}
		h.ev[i], h.ev[p] = h.ev[p], h.ev[i]
		i = p
	}
}

func (h *eventHeap) pop() event {
	top := h.ev[0]
	n := len(h.ev) - 1
	h.ev[0] = h.ev[n]
	h.ev = h.ev[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h.ev[r].before(&h.ev[l]) {
			m = r
		}
		if !h.ev[m].before(&h.ev[i]) {
			break
		}
		h.ev[i], h.ev[m] = h.ev[m], h.ev[i]
		i = m
	}
	return top
}

func (h *eventHeap) len() int { return len(h.ev) }

// Item kinds in a run queue.
const (
	itemNew  uint8 = iota + 1 // a request not yet started
	itemCont                  // a continuation after a registered wait (zero CPU)
	itemCall                  // a blocking call handed to the offload pool (call k)
)

// item is 8 bytes: a burst on loops queues one continuation per request
// in flight.
type item struct {
	slot int32
	k    int16 // call index, below model.MaxCalls
	kind uint8
}

// queue is a FIFO run queue. In a burst every request is queued at t = 0
// before anything else happens, so a queue starts with a lazy source of
// request indices (from, from+stride, ... below end) that is drained
// before its ring: requests that have not started take no memory.
type queue struct {
	ring             []item
	head, n          int
	lazy, stride, to int64
	idle             []int32 // idle lanes serving this queue (a stack, lowest lane on top)
}

func (q *queue) empty() bool { return q.n == 0 && q.lazy >= q.to }

func (q *queue) length() int64 {
	l := int64(q.n)
	if q.lazy < q.to {
		l += (q.to - q.lazy + q.stride - 1) / q.stride
	}
	return l
}

func (q *queue) push(it item) {
	if q.n == len(q.ring) {
		grown := make([]item, max(16, 2*len(q.ring)))
		for i := 0; i < q.n; i++ {
			grown[i] = q.ring[(q.head+i)%len(q.ring)]
		}
		q.ring, q.head = grown, 0
	}
	q.ring[(q.head+q.n)%len(q.ring)] = it
	q.n++
}

// pop returns the next item; for the lazy source it returns lazy >= 0,
// the index of a request that still has to be planned.
func (q *queue) pop() (it item, lazy int64) {
	if q.lazy < q.to {
		i := q.lazy
		q.lazy += q.stride
		return item{kind: itemNew}, i
	}
	it = q.ring[q.head]
	q.head = (q.head + 1) % len(q.ring)
	q.n--
	return it, -1
}

// ring is a FIFO of int32 (the core queue, the lock queue).
type ring32 struct {
	buf     []waiter
	head, n int
}

type waiter struct {
	lane int32 // -1: an asynchronous waiter that holds no lane
	slot int32
	k    int32
}

func (q *ring32) push(w waiter) {
	if q.n == len(q.buf) {
		grown := make([]waiter, max(16, 2*len(q.buf)))
		for i := 0; i < q.n; i++ {
			grown[i] = q.buf[(q.head+i)%len(q.buf)]
		}
		q.buf, q.head = grown, 0
	}
	q.buf[(q.head+q.n)%len(q.buf)] = w
	q.n++
}

func (q *ring32) pop() waiter {
	w := q.buf[q.head]
	q.head = (q.head + 1) % len(q.buf)
	q.n--
	return w
}
