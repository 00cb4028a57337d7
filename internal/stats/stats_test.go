package stats

import (
	"testing"
	"time"
)

func TestNearestRank(t *testing.T) {
	s := []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, c := range []struct {
		p    float64
		want time.Duration
	}{{50, 5}, {90, 9}, {99, 10}, {100, 10}, {1, 1}, {10, 1}, {11, 2}} {
		if got := NearestRank(s, c.p); got != c.want {
			t.Errorf("NearestRank(1..10, %v) = %v; want %v", c.p, got, c.want)
		}
	}
}

func TestRecorderSwitchesToHistogram(t *testing.T) {
	r := NewRecorder(100)
	for i := 1; i <= 1000; i++ {
		r.Add(time.Duration(i) * time.Millisecond)
	}
	if r.Exact() {
		t.Fatal("Exact() = true after 1000 samples with limit 100")
	}
	p50 := r.Percentile(50)
	if p50 < 499*time.Millisecond || p50 > 501*time.Millisecond {
		t.Errorf("Percentile(50) = %v; want 500ms within 3 digits", p50)
	}
	if got := r.Summary().MaxMS; got != 1000 {
		t.Errorf("max = %v; want 1000", got)
	}
	if got := r.Summary().Count; got != 1000 {
		t.Errorf("count = %v; want 1000", got)
	}
}

func TestRecorderExact(t *testing.T) {
	r := NewRecorder(0)
	for _, d := range []time.Duration{3, 1, 2} {
		r.Add(d * time.Second)
	}
	s := r.Summary()
	if s.P50MS != 2000 || s.MeanMS != 2000 || s.MaxMS != 3000 || s.P99MS != 3000 {
		t.Errorf("Summary() = %+v; want p50 2000 mean 2000 max 3000 p99 3000", s)
	}
}
