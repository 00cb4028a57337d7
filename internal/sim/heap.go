package sim

import (
	"time"

	"github.com/waitlab/waitlab/internal/timeheap"
)

// Event kinds.
const (
	evArrive uint8 = iota + 1 // open model: request e.next arrives
	evSend                    // closed model: user a sends its next request
	evCPU                     // lane a finished the CPU segment of request r
	evHold                    // lane a finished a call of request r while holding it
	evOff                     // offload lane a finished call of request r
	evAsync                   // a registered (non-blocking) call of request r finished
)

// event is one thing due at a virtual time, as the engine writes and
// reads it. Events are values: the heap keeps them inline and nothing is
// allocated per event.
type event struct {
	at   time.Duration
	a    int32 // lane, or virtual user
	r    int32 // request slot
	kind uint8
}

// packed is an event as the heap stores it: the heap keeps the time
// itself, and the kind rides in the low bits of the lane, so an entry is
// 24 bytes (time, push order, 8 bytes here) instead of 40. In a burst on
// loops every request has an event pending at once, so this is most of
// the simulator's memory per request in flight. Lanes and virtual users
// stay below model.MaxThreads (virtual users too), far under 2^29.
type packed struct {
	ak uint32 // a<<kindBits | kind
	r  int32
}

const kindBits = 3 // evAsync, the largest kind, is 6

// eventHeap orders events by (at, push order): ties at one instant run in
// the order they were scheduled, which makes a run deterministic.
type eventHeap struct{ q timeheap.Heap[packed] }

func (h *eventHeap) push(e event) {
	h.q.Push(e.at, packed{ak: uint32(e.a)<<kindBits | uint32(e.kind), r: e.r})
}

func (h *eventHeap) pop() event {
	at, p := h.q.Pop()
	return event{at: at, a: int32(p.ak >> kindBits), r: p.r, kind: uint8(p.ak & (1<<kindBits - 1))}
}

func (h *eventHeap) len() int { return h.q.Len() }

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
