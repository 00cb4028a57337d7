// Package timeheap is the one min-heap waitlab keeps things in by time:
// the simulator's events, the real event loops' timers and the target
// server's timers. Values come out earliest first, and values due at the
// same time come out in the order they were pushed, which keeps the
// simulator deterministic and makes timers fire first-set, first-fired.
//
// The order is fixed (a time, then a push counter), so comparisons are on
// plain fields, not through an interface or a function value: the heap is
// as fast as the hand-written ones it replaced. Values are stored inline,
// so pushing allocates only when the slice grows.
//
// A Heap is not safe for concurrent use: each one belongs to one
// goroutine (one simulation, one loop).
package timeheap

import "time"

type entry[V any] struct {
	at  time.Duration
	seq uint64
	v   V
}

// Heap is a min-heap of values of type V by time. The zero value is an
// empty heap ready to use.
type Heap[V any] struct {
	e   []entry[V]
	seq uint64
}

func (h *Heap[V]) less(i, j int) bool {
	a, b := &h.e[i], &h.e[j]
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}

// Grow makes room for n more values, so a caller that knows how many can
// be pending at once (the simulator, in a burst) allocates once instead of
// holding the old and the new array at each doubling.
// (It makes a new array rather than calling slices.Grow, whose append of
// zeros writes every page of the room at once.)
func (h *Heap[V]) Grow(n int) {
	if n > cap(h.e)-len(h.e) {
		e := make([]entry[V], len(h.e), len(h.e)+n)
		copy(e, h.e)
		h.e = e
	}
}

// Len is the number of values in the heap.
func (h *Heap[V]) Len() int { return len(h.e) }

// Push adds v, due at at.
func (h *Heap[V]) Push(at time.Duration, v V) {
	h.e = append(h.e, entry[V]{at: at, seq: h.seq, v: v})
	h.seq++
	i := len(h.e) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h.e[i], h.e[p] = h.e[p], h.e[i]
		i = p
	}
}

// Peek returns the earliest value and its time without removing it. The
// heap must not be empty.
func (h *Heap[V]) Peek() (time.Duration, V) { return h.e[0].at, h.e[0].v }

// Pop removes and returns the earliest value and its time (of equal times,
// the one pushed first). The heap must not be empty.
func (h *Heap[V]) Pop() (time.Duration, V) {
	top := h.e[0]
	n := len(h.e) - 1
	h.e[0] = h.e[n]
	h.e[n] = entry[V]{} // drop the reference a pointer value would keep
	h.e = h.e[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h.less(r, l) {
			m = r
		}
		if !h.less(m, i) {
			break
		}
		h.e[i], h.e[m] = h.e[m], h.e[i]
		i = m
	}
	return top.at, top.v
}

// Clone returns a copy of h that shares nothing with it: the two then
// pop the same values in the same order, and pushes to one do not show in
// the other (the simulator copies a paused run this way).
func (h *Heap[V]) Clone() Heap[V] {
	return Heap[V]{e: append(make([]entry[V], 0, cap(h.e)), h.e...), seq: h.seq}
}
