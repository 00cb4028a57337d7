package loadgen

import (
	"testing"
	"time"
)

// The dispatcher's wait never sends before the intended time, wakes
// early only when the gap between sends leaves room for it (and then
// yields until due), and gives up when the run stops.
func TestPaceNeverEarly(t *testing.T) {
	t0 := time.Now()
	since := func() time.Duration { return time.Since(t0) }
	p := newPace(since)
	for _, due := range []time.Duration{2 * time.Millisecond, 3 * time.Millisecond, 30 * time.Millisecond, 30 * time.Millisecond, 31 * time.Millisecond} {
		if !p.until(due, nil) {
			t.Fatalf("until(%v) = false without a stop", due)
		}
		if now := since(); now < due {
			t.Errorf("until(%v) returned at %v: before the intended send", due, now)
		}
		if p.prevDue != due {
			t.Errorf("prevDue %v after until(%v)", p.prevDue, due)
		}
	}
	if p.overshoot < 0 {
		t.Errorf("the timer's lateness is negative: %v", p.overshoot)
	}
	stop := make(chan struct{})
	close(stop)
	if p.until(since()+time.Hour, stop) {
		t.Error("until an hour ahead with the run stopped = true; want false at once")
	}
	// A request already due goes at once, stopped or not.
	if !p.until(0, stop) {
		t.Error("until(0) = false: a request already due was held back")
	}
}
