package sim

import (
	"math"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// erlangC is the probability that an arrival waits in an M/M/c queue with
// offered load a = lambda/mu.
func erlangC(c int, a float64) float64 {
	sum, term := 0.0, 1.0
	for k := 0; k < c; k++ {
		if k > 0 {
			term *= a / float64(k)
		}
		sum += term
	}
	top := term * a / float64(c) / (1 - a/float64(c)) // a^c/c! * 1/(1-rho)
	return top / (sum + top)
}

// Poisson arrivals and exponential (or fixed) service against the closed
// forms of queueing theory: the mean queue wait Wq and the mean time in
// the system W. Seeded and large, so the check is deterministic; the
// tolerance covers the sampling error of 200,000 requests.
func TestQueueingTheory(t *testing.T) {
	const n = 200_000
	cases := []struct {
		name   string
		s      model.Scenario
		wq, w  float64 // ms
		tolPct float64
	}{
		{
			// M/M/1, rho 0.5: Wq = rho/(mu-lambda) = 1 ms, W = 1/(mu-lambda) = 2 ms.
			name: "M/M/1 pool of one thread, exponential CPU",
			s:    scen(model.Pool, 1, n, exp(1), none, func(s *model.Scenario) { s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 500} }),
			wq:   1, w: 2, tolPct: 4,
		},
		{
			// The same queue on one event loop: CPU work on a loop is an M/M/1 too.
			name: "M/M/1 one event loop, exponential CPU",
			s:    scen(model.Loop, 1, n, exp(1), none, func(s *model.Scenario) { s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 500} }),
			wq:   1, w: 2, tolPct: 4,
		},
		{
			// M/D/1, rho 0.5: Wq = rho/(2 mu (1-rho)) = 0.5 ms (Pollaczek-Khinchine).
			name: "M/D/1 pool of one thread, fixed CPU",
			s:    scen(model.Pool, 1, n, ms(1), none, func(s *model.Scenario) { s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 500} }),
			wq:   0.5, w: 1.5, tolPct: 4,
		},
		{
			// M/M/4 with the service as a held wait: a = 3, rho = 0.75.
			name: "M/M/4 pool of four threads, exponential waits",
			s:    scen(model.Pool, 4, n, none, exp(1), func(s *model.Scenario) { s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 3000} }),
			wq:   erlangC(4, 3) / (4*1000 - 3000) * 1000, w: erlangC(4, 3)/(4*1000-3000)*1000 + 1, tolPct: 5,
		},
		{
			// M/M/2 on virtual threads with two carriers, CPU only.
			name: "M/M/2 virtual threads on two carriers, exponential CPU",
			s:    scen(model.Virtual, 2, n, exp(1), none, func(s *model.Scenario) { s.Arrival = model.Arrival{Kind: model.Poisson, Rate: 1200} }),
			wq:   erlangC(2, 1.2) / (2*1000 - 1200) * 1000, w: erlangC(2, 1.2)/(2*1000-1200)*1000 + 1, tolPct: 5,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, c.s, Options{})
			if d := math.Abs(r.QueueWait.MeanMS/c.wq-1) * 100; d > c.tolPct {
				t.Errorf("Run(%s).QueueWait.MeanMS = %.4f; want %.4f within %v%% (off by %.1f%%)", c.name, r.QueueWait.MeanMS, c.wq, c.tolPct, d)
			}
			if d := math.Abs(r.All.MeanMS/c.w-1) * 100; d > c.tolPct {
				t.Errorf("Run(%s).All.MeanMS = %.4f; want %.4f within %v%% (off by %.1f%%)", c.name, r.All.MeanMS, c.w, c.tolPct, d)
			}
			// Little's law holds for the result by construction; the
			// measured rate must match the offered one.
			rate := c.s.Arrival.Rate
			if d := math.Abs(r.ThroughputRPS/rate-1) * 100; d > 2 {
				t.Errorf("Run(%s).ThroughputRPS = %.1f; want %.0f within 2%%", c.name, r.ThroughputRPS, rate)
			}
			if r.ThroughputDefinition != model.ThroughputWindow {
				t.Errorf("Run(%s).ThroughputDefinition = %q; want the window definition", c.name, r.ThroughputDefinition)
			}
			t.Logf("Wq %.4f (theory %.4f), W %.4f (theory %.4f)", r.QueueWait.MeanMS, c.wq, r.All.MeanMS, c.w)
		})
	}
}

// The closed model follows the interactive response time law: with N users,
// think time Z and response time R, throughput X = N / (R + Z).
func TestClosedModelLaw(t *testing.T) {
	s := scen(model.Pool, 2, 100_000, exp(1), none, func(s *model.Scenario) {
		s.Arrival = model.Arrival{Kind: model.VUs, VUs: 5}
		s.Think = exp(3)
	})
	r := run(t, s, Options{})
	want := 5 / ((r.All.MeanMS + 3) / 1000)
	if d := math.Abs(r.ThroughputRPS/want - 1); d > 0.02 {
		t.Errorf("Run(5 users, think exp:3ms).ThroughputRPS = %.1f; want N/(R+Z) = %.1f within 2%%", r.ThroughputRPS, want)
	}
}
