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

func (h *eventHeap) clone() eventHeap { return eventHeap{q: h.q.Clone()} }

// reserve makes room for n events at once. The pages of a fresh large
// allocation are the OS's zero pages until written, so room that is never
// used costs address space, not memory.
func (h *eventHeap) reserve(n int) { h.q.Grow(n) }

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
	ring             fifo[item]
	lazy, stride, to int64
	idle             []int32 // idle lanes serving this queue (a stack, lowest lane on top)
}

func (q *queue) empty() bool { return q.ring.n == 0 && q.lazy >= q.to }

func (q *queue) length() int64 {
	l := int64(q.ring.n)
	if q.lazy < q.to {
		l += (q.to - q.lazy + q.stride - 1) / q.stride
	}
	return l
}

func (q *queue) push(it item) { q.ring.push(it) }

// pop returns the next item; for the lazy source it returns lazy >= 0,
// the index of a request that still has to be planned.
func (q *queue) pop() (it item, lazy int64) {
	if q.lazy < q.to {
		i := q.lazy
		q.lazy += q.stride
		return item{kind: itemNew}, i
	}
	return q.ring.pop(), -1
}

// ring32 is the FIFO of lanes waiting for a core or for the lock.
type ring32 = fifo[waiter]

type waiter struct {
	lane int32 // -1: an asynchronous waiter that holds no lane
	slot int32
	k    int32
}

// fifoChunk is the most values one chunk of a fifo holds (32 KiB of items).
const fifoChunk = 4096

// fifo is a FIFO queue in chunks: it grows by adding a chunk, never by
// copying, so a queue that holds every request of a burst costs its items
// and at most one chunk more (a ring that doubles holds the old and the new
// array at once, up to three times its items). Chunks start small and
// double up to fifoChunk, so a million queues of one item each stay small.
// One drained full-size chunk is kept for reuse.
type fifo[T any] struct {
	chunks [][]T // oldest first; every chunk but the last is full
	head   int   // next value in chunks[0]
	n      int
	spare  []T
}

func (q *fifo[T]) push(v T) {
	k := len(q.chunks)
	if k == 0 || len(q.chunks[k-1]) == cap(q.chunks[k-1]) {
		size := fifoChunk
		if k == 0 || cap(q.chunks[k-1]) < fifoChunk {
			size = min(max(16, 2*q.n), fifoChunk)
		}
		c := q.spare
		if size == fifoChunk && c != nil {
			q.spare = nil
		} else {
			c = make([]T, 0, size)
		}
		q.chunks = append(q.chunks, c[:0])
		k++
	}
	q.chunks[k-1] = append(q.chunks[k-1], v)
	q.n++
}

// clone returns a copy of q that shares no chunk with it. Each chunk
// keeps its capacity, since push decides by it when to start the next one;
// the spare is left out (it is only a chunk to reuse).
func (q *fifo[T]) clone() fifo[T] {
	c := fifo[T]{head: q.head, n: q.n}
	if q.chunks != nil {
		c.chunks = make([][]T, len(q.chunks), cap(q.chunks))
		for i, ch := range q.chunks {
			c.chunks[i] = append(make([]T, 0, cap(ch)), ch...)
		}
	}
	return c
}

// pop removes the oldest value; the fifo must not be empty.
func (q *fifo[T]) pop() T {
	c := q.chunks[0]
	v := c[q.head]
	q.head++
	q.n--
	switch {
	case q.n == 0: // empty: this is the last chunk; keep it, from its start
		q.chunks[0], q.head = c[:0], 0
	case q.head == len(c): // drained a full chunk; the next one is older now
		if cap(c) == fifoChunk {
			q.spare = c
		}
		q.chunks[0] = nil
		q.chunks, q.head = q.chunks[1:], 0
	}
	return v
}
