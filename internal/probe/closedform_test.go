package probe

import (
	"math"
	"testing"

	"github.com/waitlab/waitlab/internal/plan"
)

// probe's closed form is plan's: for the same queue the same figure, so
// probe's fit and plan's cross-check (and probe --size-for, which runs
// plan) print one closed form.
func TestClosedFormIsPlans(t *testing.T) {
	for _, cf := range []ClosedForm{
		{Kind: "M/M/c", Servers: 4, HoldMS: 20},
		{Kind: "M/D/c", Servers: 4, HoldMS: 20, Approx: true},
		{Kind: "M/D/c", Servers: 16, HoldMS: 5, Approx: true},
	} {
		for _, rho := range []float64{0.3, 0.7, 0.95} {
			rate := rho * float64(cf.Servers) / (cf.HoldMS / 1e3)
			for _, q := range []float64{0.5, 0.99} {
				want := math.Round(plan.SojournQuantile(cf.Kind, cf.Servers, rate, cf.HoldMS/1e3, q)*1e6) / 1e3
				if got := cf.quantile(rate, q); got != want {
					t.Errorf("%s c=%d at rho %.2f: q%.2f = %v ms; plan's %v", cf.Kind, cf.Servers, rho, q, got, want)
				}
			}
		}
	}
	// A serialized section: an M/D/1 queue on it, plus the rest.
	s := ClosedForm{Kind: "M/D/1+D", Servers: 1, HoldMS: 4, RestMS: 6, Approx: true}
	want := math.Round((plan.SojournQuantile("M/D/c", 1, 150, 0.004, 0.99)+0.006)*1e6) / 1e3
	if got := s.quantile(150, 0.99); got != want {
		t.Errorf("M/D/1+D p99 = %v ms; want plan's M/D/1 plus the rest, %v", got, want)
	}
}
