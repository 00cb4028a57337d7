package sim

import (
	"math"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Scenario.Slice, round robin on the cores: four threads with 4 ms of CPU
// each on one core, in 1 ms slices, take turns; each finishes in the last
// round (13, 14, 15, 16 ms), where run-to-the-end finishes one every 4 ms.
// Both are work-conserving: the last request ends at 16 ms either way.
func TestSliceTakesTurnsOnACore(t *testing.T) {
	base := scen(model.Pool, 4, 4, ms(4), none, func(s *model.Scenario) { s.Cores = 1 })
	fifo := run(t, base, Options{Trace: true})
	sliced := base
	sliced.Slice = model.FixedDist(time.Millisecond)
	rr := run(t, sliced, Options{Trace: true})
	ends := func(r *model.Result) (out []time.Duration) {
		for _, rec := range r.Trace.Records {
			out = append(out, rec.End)
		}
		return out
	}
	want := map[string][]time.Duration{
		"fifo":   {4 * time.Millisecond, 8 * time.Millisecond, 12 * time.Millisecond, 16 * time.Millisecond},
		"sliced": {13 * time.Millisecond, 14 * time.Millisecond, 15 * time.Millisecond, 16 * time.Millisecond},
	}
	for name, r := range map[string]*model.Result{"fifo": fifo, "sliced": rr} {
		got := ends(r)
		for i := range got {
			if got[i] != want[name][i] {
				t.Errorf("%s: ends %v; want %v", name, got, want[name])
				break
			}
		}
		if r.MakespanMS != 16 {
			t.Errorf("%s: makespan %.3f ms; want 16 (the core never idles)", name, r.MakespanMS)
		}
	}
	// Each sliced request's CPU shows as four 1 ms turns with ready time
	// between them.
	cpu := 0
	for _, sp := range rr.Trace.Spans {
		if sp.Kind == model.SpanCPU {
			cpu++
			if d := sp.End - sp.Start; d != time.Millisecond {
				t.Errorf("a CPU turn of %v; want the 1 ms slice", d)
			}
		}
	}
	if cpu != 16 {
		t.Errorf("%d CPU turns; want 16 (4 requests x 4 slices)", cpu)
	}
}

// With a free core for every runnable thread the slice changes nothing
// but the number of turns: the same ends as without it.
func TestSliceWithoutContentionChangesNothing(t *testing.T) {
	base := scen(model.Pool, 4, 40, exp(3), exp(2), func(s *model.Scenario) { s.Cores = 4 })
	sliced := base
	sliced.Slice = model.FixedDist(500 * time.Microsecond)
	a, b := run(t, base, Options{}), run(t, sliced, Options{})
	if a.All != b.All || a.MakespanMS != b.MakespanMS {
		t.Errorf("cores for every thread: sliced %+v, %.3f; want the same as unsliced %+v, %.3f", b.All, b.MakespanMS, a.All, a.MakespanMS)
	}
}

// Round robin with a slice much shorter than the service time is
// processor sharing, whose mean time in the system is insensitive to the
// service distribution: M/G/1-PS gives W = D / (1 - rho). For fixed
// service D = 1 ms at rho 0.5 that is 2 ms, where first-come-first-served
// (M/D/1, Pollaczek-Khinchine) gives 1.5 ms: the two disciplines are told
// apart. 200 threads hold every request in flight, on one core.
func TestSliceIsProcessorSharing(t *testing.T) {
	const n = 200_000
	s := scen(model.Pool, 200, n, ms(1), none, func(s *model.Scenario) {
		s.Cores = 1
		s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 500}
		s.Slice = model.FixedDist(50 * time.Microsecond)
	})
	r := run(t, s, Options{})
	if d := math.Abs(r.All.MeanMS/2 - 1); d > 0.05 {
		t.Errorf("M/D/1-PS at rho 0.5: mean %.4f ms; want 2 (D / (1 - rho)) within 5%%", r.All.MeanMS)
	}
	t.Logf("mean %.4f ms (PS theory 2, FCFS 1.5)", r.All.MeanMS)
}
