package loadgen

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// A rate so low that the next send is beyond what a Duration holds ends
// the schedule; it used to convert to MinInt64, a send due "now" for ever
// (issue 13, item 13).
func TestPacerBeyondDurationEnds(t *testing.T) {
	for name, p := range map[string]model.Pacer{
		"rate:1e-10":     model.ConstantPacer{Rate: 1e-10},
		"poisson:1e-300": model.NewPoissonPacer(model.Profile{{Rate: 1e-300}}, 1),
		"stages 1e-300":  model.ProfilePacer{Profile: model.Profile{{Duration: time.Second, Rate: 1e-300}, {Rate: 1e-300}}},
	} {
		if d, ok := p.Due(1); ok {
			t.Errorf("%s: Due(1) = %v, true; want the schedule ended", name, d)
		}
	}
	if d, ok := (model.ConstantPacer{Rate: 10}).Due(3); !ok || d != 300*time.Millisecond {
		t.Errorf("rate:10 Due(3) = %v, %v; want 300ms, true", d, ok)
	}
}

// Validate refuses what a run cannot honour, as a FieldError naming the flag.
func TestValidateBounds(t *testing.T) {
	tg := []Target{{Method: "GET", URL: "http://127.0.0.1:1/"}}
	for flag, cfg := range map[string]Config{
		"--rate":        {Arrival: rate(1e-10)},
		"--arrival":     {Arrival: model.Arrival{Kind: model.Poisson, Rate: 1e-300}},
		"--vus":         {Arrival: model.Arrival{Kind: model.VUs, VUs: 10_000_000}},
		"--connections": {Arrival: rate(10), Connections: 10_000_000},
		"--duration":    {Arrival: rate(10), Duration: 1_000_000 * time.Hour},
		"--timeout":     {Arrival: rate(10), Timeout: 2 * time.Hour},
		"--requests":    {Arrival: rate(10), Requests: MaxRequests + 1},
	} {
		cfg.Targets = tg
		var fe *model.FieldError
		if err := cfg.Validate(); !errors.As(err, &fe) || fe.Field != flag {
			t.Errorf("Validate(%s too far) = %v; want a FieldError on %s", flag, err, flag)
		}
	}
}

// Counting what was never sent of a schedule far beyond the generator is
// a closed form for a constant rate and stops with its context otherwise.
func TestCountUnsentIsBounded(t *testing.T) {
	g := &gen{cfg: &Config{}, warmup: time.Second, end: 24 * time.Hour}
	if got := g.countUnsent(context.Background(), model.ConstantPacer{Rate: 1e9}, 5e9, 0); got != 1e9*(24*3600)-5e9 {
		t.Errorf("countUnsent(rate 1e9, a day, from 5e9) = %d; want %d", got, int64(1e9*(24*3600))-5e9)
	}
	if got := g.countUnsent(context.Background(), model.ConstantPacer{Rate: 10}, 0, 0); got != 10*(24*3600-1) {
		t.Errorf("countUnsent(rate 10) = %d; want %d (after the 1 s warm-up)", got, 10*(24*3600-1))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan int64, 1)
	go func() { done <- g.countUnsent(ctx, model.NewPoissonPacer(model.Profile{{Rate: 1e9}}, 1), 0, 0) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("countUnsent over a cancelled context did not return")
	}
}
