package sim

import (
	"math/rand/v2"
	"testing"
)

// The chunked fifo gives values back in the order they were pushed, for
// runs of pushes and pops that cross chunk boundaries, empty it, and grow
// it again past several chunks.
func TestFifoOrderAgainstSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var q fifo[int32]
	var ref []int32
	next := int32(0)
	for step := 0; step < 200_000; step++ {
		// Phases that mostly push, then mostly pop, so the queue reaches
		// several chunks and also empties.
		pushBias := 2
		if (step/20_000)%2 == 1 {
			pushBias = 0
		}
		if len(ref) == 0 || rng.IntN(3) < pushBias+1 && rng.IntN(4) > 0 {
			q.push(next)
			ref = append(ref, next)
			next++
		} else {
			v := q.pop()
			if v != ref[0] {
				t.Fatalf("step %d: pop = %d; want %d", step, v, ref[0])
			}
			ref = ref[1:]
		}
		if q.n != len(ref) {
			t.Fatalf("step %d: n = %d; want %d", step, q.n, len(ref))
		}
	}
	if next < 3*fifoChunk {
		t.Fatalf("only %d values pushed; the test should cross several chunks", next)
	}
}

// Memory: a fifo holding n values allocates about n values' worth, not
// the up to 3n of a doubling ring.
func TestFifoGrowsWithoutCopies(t *testing.T) {
	const n = 100 * fifoChunk
	var q fifo[item]
	for i := 0; i < n; i++ {
		q.push(item{slot: int32(i)})
	}
	held := 0
	for _, c := range q.chunks {
		held += cap(c)
	}
	if held > n+fifoChunk {
		t.Errorf("%d values held in chunks of %d in all; want at most one chunk more", n, held)
	}
	for i := 0; i < n; i++ {
		if it := q.pop(); it.slot != int32(i) {
			t.Fatalf("pop %d = %d", i, it.slot)
		}
	}
	if len(q.chunks) != 1 || q.n != 0 {
		t.Errorf("drained: %d chunks, n %d; want the last chunk kept and empty", len(q.chunks), q.n)
	}
}
