package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestRank(t *testing.T) {
	for _, c := range []struct {
		q    float64
		n    int
		want int
	}{
		{0.5, 4, 2}, {0.5, 5, 3}, {0.99, 100, 99}, {0.99, 101, 100}, {0, 7, 1}, {-1, 7, 1}, {1, 7, 7}, {2, 7, 7}, {math.NaN(), 3, 1},
	} {
		if got := Rank(c.q, c.n); got != c.want {
			t.Errorf("Rank(%v, %d) = %d; want %d", c.q, c.n, got, c.want)
		}
	}
	if got := NearestRank([]float64{3, 1, 2}[:0], 50); got != 0 {
		t.Errorf("NearestRank(empty) = %v; want 0", got)
	}
	if got := NearestRank([]float64{1, 2, 3, 4}, 50); got != 2 {
		t.Errorf("NearestRank(1..4, 50) = %v; want 2 (the lower median)", got)
	}
}

// Ranked over sorted parts is the rank-th value of them merged.
func TestRankedIsTheMergedRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		parts := make([][]time.Duration, 1+trial%5)
		var all []time.Duration
		for i := range parts {
			for range rng.IntN(20) {
				v := time.Duration(rng.IntN(50)) * time.Millisecond
				parts[i] = append(parts[i], v)
				all = append(all, v)
			}
			slices.Sort(parts[i])
		}
		if len(all) == 0 {
			continue
		}
		slices.Sort(all)
		for r := 1; r <= len(all); r++ {
			if got := Ranked(parts, r); got != all[r-1] {
				t.Fatalf("Ranked(%v, %d) = %v; want %v", parts, r, got, all[r-1])
			}
		}
	}
}

func TestSpreadOf(t *testing.T) {
	in := []float64{5, 1, 4, 2}
	if got := SpreadOf(in); got != (Spread{Min: 1, Median: 2, Max: 5}) {
		t.Errorf("SpreadOf(%v) = %+v; want min 1, lower median 2, max 5", in, got)
	}
	if in[0] != 5 {
		t.Errorf("SpreadOf changed its input: %v", in)
	}
	if got := SpreadOf(nil); !math.IsNaN(got.Median) || !math.IsNaN(got.Min) || !math.IsNaN(got.Max) {
		t.Errorf("SpreadOf(nil) = %+v; want NaNs", got)
	}
}
