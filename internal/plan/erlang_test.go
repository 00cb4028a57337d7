package plan

import (
	"math"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sim"
)

// The one M/D/c approximation's p99 sojourn time against the simulator's,
// at light and heavy load and at one and several servers: its error stays
// within the tolerance it is printed with (TolMDc). M/D/1 is the exact
// Pollaczek-Khinchine mean with an exponential tail; the worst of these
// is logged, so a change that moves it shows.
func TestMDcQuantileAgainstSimulator(t *testing.T) {
	if raceOn || testing.Short() {
		t.Skip("about a million simulated requests")
	}
	const hold = 10 * time.Millisecond
	worst := 0.0
	for _, c := range []struct {
		servers int
		rho     float64
	}{{1, 0.5}, {1, 0.8}, {4, 0.6}, {4, 0.9}, {16, 0.85}} {
		lambda := c.rho * float64(c.servers) / hold.Seconds()
		s := mmcScenario(lambda, hold)
		s.Classes[0].Wait = model.FixedDist(hold)
		s.Threads, s.Requests = c.servers, 200_000
		r, err := sim.Run(s, sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		approx := SojournQuantile("M/D/c", c.servers, lambda, hold.Seconds(), 0.99) * 1e3
		d := r.All.P99MS/approx - 1
		worst = max(worst, math.Abs(d))
		t.Logf("M/D/%d at rho %.2f: p99 simulated %.2f ms, closed form %.2f ms (%+.1f%%)", c.servers, c.rho, r.All.P99MS, approx, d*100)
		if math.Abs(d) > TolMDc {
			t.Errorf("M/D/%d at rho %.2f: p99 simulated %.2f ms, closed form %.2f ms: off by %.1f%%, past the %.0f%% it is printed with",
				c.servers, c.rho, r.All.P99MS, approx, d*100, TolMDc*100)
		}
	}
	t.Logf("worst error %.1f%%", worst*100)
}

// The M/M/c quantile is the exact closed form: the same figure as the
// test's own Erlang C formula.
func TestSojournQuantileMMc(t *testing.T) {
	for _, c := range []int{1, 4, 12} {
		lambda := 0.8 * float64(c) / 0.01
		got, want := SojournQuantile("M/M/c", c, lambda, 0.01, 0.99)*1e3, mmcP99(c, lambda, 0.01)
		if math.Abs(got/want-1) > 1e-6 {
			t.Errorf("M/M/%d p99 = %.6f ms; want %.6f", c, got, want)
		}
	}
	if got := SojournQuantile("M/D/c", 2, 200, 0.01, 0.99); !math.IsInf(got, 1) {
		t.Errorf("an unstable queue's p99 = %v; want +Inf", got)
	}
}
