package stats

import (
	"math/rand/v2"
	"testing"
	"time"
)

// A Union answers as one Recorder given the same durations in the same
// order: exact, past its limit with every part still exact, and past it
// with some parts in their own histograms; with ties, a part left empty,
// and values outside the histogram's range.
func TestUnionAnswersAsOneRecorder(t *testing.T) {
	cases := []struct {
		name  string
		limit int
		sizes []int // durations per part
	}{
		{"exact", 0, []int{5000, 300, 0, 1}},
		{"whole past its limit, parts exact", 1000, []int{700, 700, 700}},
		{"some parts past the limit", 1000, []int{1500, 300, 300}},
		{"one part", 1000, []int{999}},
		{"one duration", 0, []int{0, 1}},
	}
	for _, c := range cases {
		rng := rand.New(rand.NewPCG(7, uint64(c.limit)))
		u := NewUnion(len(c.sizes), c.limit)
		one := NewRecorder(c.limit)
		var order []int
		for i, n := range c.sizes {
			for range n {
				order = append(order, i)
			}
		}
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		for k, i := range order {
			var d time.Duration
			switch k % 5 {
			case 0:
				d = time.Duration(rng.IntN(20)) * time.Millisecond // ties
			case 1:
				d = time.Duration(rng.IntN(900)) // below the histogram's 1 us
			default:
				d = time.Duration(rng.ExpFloat64() * float64(time.Duration(i+1)*time.Millisecond))
			}
			u.Add(i, d)
			one.Add(d)
		}
		if got, want := u.Summary(), one.Summary(); got != want {
			t.Errorf("%s: Summary %+v; want %+v", c.name, got, want)
		}
		if u.Precision() != one.Precision() || u.SumNS() != one.SumNS() || u.Count() != one.Count() {
			t.Errorf("%s: precision %s, sum %v, count %d; want %s, %v, %d", c.name,
				u.Precision(), u.SumNS(), u.Count(), one.Precision(), one.SumNS(), one.Count())
		}
		for _, p := range []float64{0.1, 1, 33.3, 50, 99.9, 100} {
			if got, want := u.Percentile(p), one.Percentile(p); got != want {
				t.Errorf("%s: p%v = %v; want %v", c.name, p, got, want)
			}
		}
		for i, n := range c.sizes {
			if u.Part(i).Count() != int64(n) {
				t.Errorf("%s: part %d has %d; want %d", c.name, i, u.Part(i).Count(), n)
			}
		}
	}
	if s := NewUnion(2, 0).Summary(); s.Count != 0 || s.P99MS != 0 {
		t.Errorf("empty union: %+v; want zeros", s)
	}
}
