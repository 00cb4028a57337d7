package probe

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// loopLatencies simulates one event loop (of loops, connections spread
// evenly) at rate req/s for n requests: a share f of them blocks its loop
// for b ms, every request waits s ms registered (off the loop), and a
// request that arrives while its loop is stalled, or whose wait ends
// then, is held to the stall's end. Latencies in µs, with jitter ms of
// uniform noise each (the machine's).
func loopLatencies(seed uint64, loops int, rate, f, b, s, jitter float64, n int) *hdrhistogram.Histogram {
	r := rand.New(rand.NewPCG(seed, 1))
	h := hdrhistogram.New(1, 60_000_000, 3)
	busyUntil := make([]float64, loops)
	type stall struct{ from, to float64 }
	stalls := make([][]stall, loops)
	type req struct {
		t, done float64
		l       int
	}
	reqs := make([]req, 0, n)
	t := 0.0
	for i := 0; i < n; i++ {
		t += r.ExpFloat64() / rate * 1e3
		l := r.IntN(loops)
		start := math.Max(t, busyUntil[l])
		done := start + s
		if r.Float64() < f {
			stalls[l] = append(stalls[l], stall{start, start + b})
			busyUntil[l] = start + b
			done = start + b + s
		}
		reqs = append(reqs, req{t, done, l})
	}
	// Once every stall is known: an answer that falls due in a stall
	// begun after its request arrived is held too.
	for _, q := range reqs {
		done := q.done
		for _, st := range stalls[q.l] {
			if done >= st.from && done < st.to {
				done = st.to
			}
		}
		lat := done - q.t + r.Float64()*jitter
		_ = h.RecordValue(int64(lat * 1e3))
	}
	return h
}

func stallOf(h *hdrhistogram.Histogram, rate, ceiling float64, loops int) *Stall {
	steps := []Step{{Index: 2, Kind: "step", OfferedRPS: rate, OKRPS: rate, Met: true, P50MS: float64(h.ValueAtQuantile(50)) / 1e3}}
	return readStall(steps, map[int]*hdrhistogram.Histogram{2: h}, 50, ceiling, loops)
}

// TestReadStall reads a stall's length, share and loops off simulated
// loops, and none off a queue's latencies.
func TestReadStall(t *testing.T) {
	for _, c := range []struct {
		loops int
		rate  float64
	}{{1, 150}, {2, 300}, {4, 600}} {
		h := loopLatencies(1, c.loops, c.rate, 0.01, 100, 50, 2, 8000)
		// The measured ceiling a little under loops / (share x stall), as
		// the loop read 929 req/s for 1,000.
		// The loops reported only when more than one (a waitlab target's
		// threads): one is what the share assumes without them.
		reported := c.loops
		if reported == 1 {
			reported = 0
		}
		st := stallOf(h, c.rate, 930*float64(c.loops), reported)
		if st == nil {
			t.Errorf("%d loops at %v req/s: no stall read", c.loops, c.rate)
			continue
		}
		t.Logf("%d loops at %v req/s: %+v", c.loops, c.rate, *st)
		if math.Abs(st.StallMS/100-1) > 0.2 || math.Abs(st.StallShare/0.01-1) > 0.3 {
			t.Errorf("%d loops at %v req/s: stall %.1f ms, share %.4f; want 100 ms and 0.01", c.loops, c.rate, st.StallMS, st.StallShare)
		}
	}
	// The machine's own jitter, up to 10 ms a request, and fewer samples
	// (a short step's): the cliff still stands.
	for _, jitter := range []float64{5, 10} {
		h := loopLatencies(3, 1, 150, 0.01, 100, 50, jitter, 1500)
		if st := stallOf(h, 150, 930, 0); st == nil || math.Abs(st.StallMS/100-1) > 0.2 || math.Abs(st.StallShare/0.01-1) > 0.3 {
			t.Errorf("jitter %v ms over 1,500 requests: %+v; want 100 ms and 0.01", jitter, st)
		}
	}
	// A busy machine (or a JVM's own pauses) delays many requests a few
	// milliseconds past the threshold: a bump there, denser than the
	// stall's flat part, whose own edge is no stall's. The Netty loop at
	// a load average of 9-14 read edges of 13-18 ms there and no stall.
	bumped := hdrhistogram.New(1, 60_000_000, 3)
	rb := rand.New(rand.NewPCG(5, 5))
	base := loopLatencies(4, 1, 200, 0.01, 100, 50, 2, 4000)
	for _, b := range base.Distribution() {
		for k := int64(0); k < b.Count; k++ {
			v := float64(b.From+b.To) / 2
			if rb.Float64() < 0.35 {
				v += (4 + rb.Float64()*12) * 1e3
			}
			_ = bumped.RecordValue(int64(v))
		}
	}
	if st := stallOf(bumped, 200, 930, 0); st == nil || math.Abs(st.StallMS/100-1) > 0.2 || math.Abs(st.StallShare/0.01-1) > 0.3 {
		t.Errorf("a bump of the machine's delays at 4-16 ms: %+v; want 100 ms and 0.01", st)
	}
	// The blockers' own delays spread past the edge's narrow band (a
	// probe of the target's loop read a heap of 1 there, so 697 held per
	// stall): with the loops reported, the held requests tell the share.
	for _, loops := range []int{1, 2} {
		thin := hdrhistogram.New(1, 60_000_000, 3)
		rt := rand.New(rand.NewPCG(9, 9))
		for _, b := range loopLatencies(6, loops, 200*float64(loops), 0.01, 100, 50, 2, 4000).Distribution() {
			for k := int64(0); k < b.Count; k++ {
				v := float64(b.From+b.To) / 2
				if v >= 146e3 && v <= 160e3 && rt.Float64() < 0.95 {
					v += (15 + rt.Float64()*60) * 1e3
				}
				_ = thin.RecordValue(int64(v))
			}
		}
		st := stallOf(thin, 200*float64(loops), 0, loops)
		if st == nil || st.ShareFrom != "held" || math.Abs(st.StallShare/0.01-1) > 0.3 {
			t.Errorf("%d loop(s), the blockers spread past the edge: %+v; want the share from the held requests, 0.01", loops, st)
		}
	}
	// A queue's waits thin out as they grow: no heap at an edge.
	r := rand.New(rand.NewPCG(2, 2))
	h := hdrhistogram.New(1, 60_000_000, 3)
	for i := 0; i < 8000; i++ {
		lat := 50.0
		if r.Float64() < 0.3 {
			lat += r.ExpFloat64() * 25
		}
		_ = h.RecordValue(int64(lat * 1e3))
	}
	if st := stallOf(h, 300, 0, 0); st != nil {
		t.Errorf("a pool's queue read as a stall: %+v", *st)
	}
}

// Past the knee the search steps halfway to the double, never doubling.
func TestNextRateNeverDoublesPastTheKnee(t *testing.T) {
	light := 20.0
	for _, c := range []struct {
		st   Step
		want float64
	}{
		{Step{P99MS: 25}, 200},
		{Step{P99MS: 41}, 150},
		{Step{P99MS: 25, Errors: 1}, 150},
	} {
		if got := nextRate(100, c.st, light); got != c.want {
			t.Errorf("nextRate(100, p99 %v, errors %d) = %v; want %v", c.st.P99MS, c.st.Errors, got, c.want)
		}
	}
}
