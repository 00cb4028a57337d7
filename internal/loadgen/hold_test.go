package loadgen

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/watch"
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
	s := &sampler{g: g, res: &loadresult.Result{}, win: watch.Window{Clock: g.since, Target: &watch.Target{}}, done: make(chan struct{}), finished: make(chan struct{}), started: make(chan struct{})}
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

// Issue 19, fault 3: the collector bound every interface for 0.0.0.0 and
// [::] without --allow-remote (the unspecified address counted as local).
// Issue 19, fault 5: one stray upload captured the collector. A whole-run
// file, or another run's segment, arriving first fixed the run id; every
// real segment then got 409, and the real 0/3 was refused as "given twice".
func TestCollectorStrayUploadDoesNotCapture(t *testing.T) {
	srv := newServer(t, func(http.ResponseWriter, *http.Request) {})
	base := Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: rate(100), Duration: 200 * time.Millisecond}
	real := runSegments(t, base, segments(t, "0/3", "1/3", "2/3"))
	other := base
	other.RunID = "0123456789abcdef"
	stray := runSegments(t, other, segments(t, "0/3"))[0]
	whole, err := Run(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	for _, runID := range []string{"", real[0].RunID} {
		col := loadresult.NewCollector(3)
		col.RunID = runID
		var refused []string
		var mu sync.Mutex
		col.OnRefuse = func(what string, err error) {
			mu.Lock()
			refused = append(refused, what+": "+err.Error())
			mu.Unlock()
		}
		cs := httptest.NewServer(col)
		ctx := context.Background()
		for _, r := range []*loadresult.Result{whole, stray} {
			err := loadresult.Push(ctx, cs.URL, r)
			if runID != "" && err == nil {
				t.Errorf("--run-id %s: a result of run %s was taken", runID, r.RunID)
			}
		}
		for _, r := range real {
			if err := loadresult.Push(ctx, cs.URL, r); err != nil {
				t.Errorf("--run-id %q: the real segment %s was refused after strays: %v", runID, r.Segment, err)
			}
		}
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		got, err := col.Wait(wctx)
		cancel()
		cs.Close()
		if err != nil || len(got) != 3 {
			t.Fatalf("--run-id %q: Wait = %d results, %v; want the real run's 3", runID, len(got), err)
		}
		for _, r := range got {
			if r.RunID != real[0].RunID {
				t.Errorf("--run-id %q: collected a result of run %s; want only run %s", runID, r.RunID, real[0].RunID)
			}
		}
		if m, err := loadresult.Merge(got...); err != nil || m.Requests != 20 {
			t.Errorf("--run-id %q: loadresult.Merge(collected) = %v, %v; want the whole schedule's 20 requests", runID, m, err)
		}
		if runID != "" {
			mu.Lock()
			if len(refused) != 2 || !strings.Contains(refused[1], other.RunID) || !strings.Contains(refused[1], runID) {
				t.Errorf("refusals said %q; want two, naming the stray's run and the one expected", refused)
			}
			mu.Unlock()
		}
	}
}

// Issue 19, fault 4: the collector's memory was bounded per upload only
// (16 concurrent 60 MB uploads reached 2 GB). The uploads being read are
// bounded in number (one more is answered 503 at once, and Push retries)
// and, together, in bytes.
