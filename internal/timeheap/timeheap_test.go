package timeheap

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// Against a sort: values come out by time, and by push order among equal
// times, for random pushes and pops interleaved.
func TestOrderAgainstSort(t *testing.T) {
	type rec struct {
		at time.Duration
		n  int
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var h Heap[int]
	var ref []rec
	next := 0
	for step := 0; step < 20000; step++ {
		if rng.IntN(3) > 0 || h.Len() == 0 {
			at := time.Duration(rng.IntN(50)) // many ties
			h.Push(at, next)
			ref = append(ref, rec{at, next})
			next++
			continue
		}
		slices.SortStableFunc(ref, func(a, b rec) int { return int(a.at - b.at) })
		pat, pv := h.Peek()
		at, v := h.Pop()
		if at != ref[0].at || v != ref[0].n || pat != at || pv != v {
			t.Fatalf("step %d: Pop = (%v, %d), Peek said (%v, %d); want (%v, %d)", step, at, v, pat, pv, ref[0].at, ref[0].n)
		}
		ref = ref[1:]
		if h.Len() != len(ref) {
			t.Fatalf("Len = %d; want %d", h.Len(), len(ref))
		}
	}
}

// Pop drops its reference to a popped pointer value.
func TestPopClearsSlot(t *testing.T) {
	var h Heap[*int]
	x, y := 1, 2
	h.Push(1, &x)
	h.Push(2, &y)
	h.Pop()
	if h.e[:2][1].v != nil {
		t.Error("the vacated slot still points at a popped value")
	}
}

func BenchmarkPushPop(b *testing.B) {
	var h Heap[[3]int64]
	for i := 0; i < 1024; i++ {
		h.Push(time.Duration(i*7919%1024), [3]int64{})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		at, v := h.Pop()
		h.Push(at+1024, v)
	}
}

// Grow reserves room without changing what the heap holds or its order,
// and pushes within the room do not move the array.
func TestGrowKeepsValuesAndRoom(t *testing.T) {
	var h Heap[int]
	h.Push(3, 30)
	h.Push(1, 10)
	h.Grow(1000)
	if cap(h.e)-len(h.e) < 1000 {
		t.Fatalf("room %d after Grow(1000)", cap(h.e)-len(h.e))
	}
	first := &h.e[0]
	for i := 0; i < 1000; i++ {
		h.Push(time.Duration(2), 20+i)
	}
	if &h.e[0] != first {
		t.Errorf("pushes within the reserved room moved the array")
	}
	at, v := h.Pop()
	if at != 1 || v != 10 {
		t.Errorf("Pop = (%v, %d); want (1, 10)", at, v)
	}
	for i := 0; i < 1000; i++ { // ties at 2 come out in push order
		if _, v := h.Pop(); v != 20+i {
			t.Fatalf("tie %d: got %d; want %d", i, v, 20+i)
		}
	}
	if at, v := h.Pop(); at != 3 || v != 30 {
		t.Errorf("last Pop = (%v, %d); want (3, 30)", at, v)
	}
}

// A clone pops what the heap would, in the same order (ties included),
// and what is pushed to one is not in the other.
func TestCloneIsIndependent(t *testing.T) {
	var h Heap[int]
	for i, at := range []time.Duration{5, 1, 3, 1, 4, 3} {
		h.Push(at, i)
	}
	c := h.Clone()
	c.Push(2, 100) // in the clone only
	h.Push(0, 200) // in the heap only
	if at, v := h.Pop(); at != 0 || v != 200 {
		t.Fatalf("heap's first Pop = (%v, %d); want (0, 200)", at, v)
	}
	want := []int{1, 3, 100, 2, 5, 4, 0}
	for _, w := range want {
		if _, v := c.Pop(); v != w {
			t.Fatalf("clone popped %d; want %d (order %v)", v, w, want)
		}
	}
	for _, w := range []int{1, 3, 2, 5, 4, 0} {
		if _, v := h.Pop(); v != w {
			t.Fatalf("heap popped %d; want %d", v, w)
		}
	}
	if c.Len() != 0 || h.Len() != 0 {
		t.Errorf("left %d in the clone, %d in the heap", c.Len(), h.Len())
	}
}
