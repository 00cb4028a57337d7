package loadgen

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 19, fault 1: a --start-at far away or before 1678 ran for ever.
// Unix seconds with one digit too many overflowed int64 nanoseconds into
// 1677; a start in 1600 passed the past check because negating the
// saturated time.Until overflowed; Run then never returned.
func TestStartAtOutOfRangeRefused(t *testing.T) {
	srv := newServer(t, func(http.ResponseWriter, *http.Request) {}).URL
	for _, in := range []string{"17646144000", "1600-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1", "2000-01-01T00:00:00Z"} {
		at, err := ParseStartAt(in)
		if err != nil {
			t.Fatalf("ParseStartAt(%q): %v; want a time (the range is Validate's)", in, err)
		}
		if in == "17646144000" && at.Year() != 2529 {
			t.Errorf("ParseStartAt(%q) = %v; want the year 2529, not an overflowed time", in, at)
		}
		cfg := Config{Targets: []Target{{Method: "GET", URL: srv}}, Arrival: model.Arrival{Kind: model.Rate, Rate: 10},
			Duration: time.Second, StartAt: at}
		done := make(chan error, 1)
		go func() { _, err := Run(context.Background(), cfg); done <- err }()
		select {
		case err := <-done:
			var fe *model.FieldError
			if !errors.As(err, &fe) || fe.Field != "--start-at" {
				t.Errorf("--start-at %s: Run = %v; want a --start-at field error", in, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("--start-at %s: Run did not return", in)
		}
	}
	for _, in := range []string{"1e11", "-5", "0", "NaN", "Inf", "0x1p30", "1_000", "soon"} {
		if _, err := ParseStartAt(in); err == nil {
			t.Errorf("ParseStartAt(%q) accepted", in)
		}
	}
	// In range: a second ahead is waited for; a fraction is kept.
	if at, err := ParseStartAt("1764614400.25"); err != nil || at.Nanosecond() != 250_000_000 {
		t.Errorf("ParseStartAt(fraction) = %v, %v", at, err)
	}
	now := time.Now()
	if err := CheckStartAt(now.Add(time.Hour), now, time.Second); err != nil {
		t.Errorf("an hour ahead: %v", err)
	}
	if err := CheckStartAt(now.Add(-500*time.Millisecond), now, time.Second); err != nil {
		t.Errorf("a late segment, half a second behind: %v", err)
	}
}

// The sampler sees the end of the run even while it is behind the clock
// (it used to close one second per loop for as long as it was behind:
// 292 years for a start in 1677).
func TestSamplerStopsWhenBehind(t *testing.T) {
	g := &gen{cfg: &Config{}, t0: time.Now().Add(-1000 * time.Hour), stop: make(chan struct{}), rec: newRecorder(2)}
	s := &sampler{g: g, res: &Result{}, probe: &targetProbe{}, done: make(chan struct{}), finished: make(chan struct{}), started: make(chan struct{})}
	go s.run()
	<-s.started
	close(s.done)
	select {
	case <-s.finished:
	case <-time.After(30 * time.Second):
		t.Fatal("the sampler did not stop after the run was done")
	}
	if n := len(s.res.Series); n > 100 {
		t.Errorf("series of %d seconds after a stop; want a bounded series", n)
	}
}
