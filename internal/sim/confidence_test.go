package sim

import (
	"math"
	"sync"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// mmcSojournTail is P(T > t) for the time in an M/M/c system (t in ms,
// rates per ms): the Erlang C wait plus an exponential service.
func mmcSojournTail(c int, lambda, mu, t float64) float64 {
	pw := erlangC(c, lambda/mu)
	g := float64(c)*mu - lambda // the wait's rate
	if math.Abs(g-mu) < 1e-12 {
		return math.Exp(-mu*t) * (1 + pw*mu*t)
	}
	return math.Exp(-mu*t) + pw*mu/(g-mu)*(math.Exp(-mu*t)-math.Exp(-g*t))
}

// mmcP99 is the 99th percentile of the time in an M/M/c system, ms.
func mmcP99(c int, lambda, mu float64) float64 {
	lo, hi := 0.0, 1.0
	for mmcSojournTail(c, lambda, mu, hi) > 0.01 {
		hi *= 2
	}
	for i := 0; i < 200; i++ {
		m := (lo + hi) / 2
		if mmcSojournTail(c, lambda, mu, m) > 0.01 {
			lo = m
		} else {
			hi = m
		}
	}
	return (lo + hi) / 2
}

// mmc is an M/M/c pool: c threads, exponential waits of 1 ms, Poisson
// arrivals at rho.
func mmc(c int, rho float64, n int, seed int64) model.Scenario {
	return scen(model.Pool, c, n, none, exp(1), func(s *model.Scenario) {
		s.Arrival = model.Arrival{Kind: model.Poisson, Rate: rho * float64(c) * 1000}
		s.Seed = seed
	})
}

// runSeeds runs f for seeds 1..n, two at a time.
func runSeeds(t *testing.T, n int, s func(seed int64) model.Scenario) []*model.Result {
	out := make([]*model.Result, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := Run(s(int64(i+1)), Options{})
			if err != nil {
				t.Error(err)
				return
			}
			out[i] = r
		}()
	}
	wg.Wait()
	return out
}

func TestCoverageProbe(t *testing.T) {
	for _, c := range []struct {
		rho float64
		n   int
	}{{0.9, 200_000}, {0.95, 800_000}} {
		truth := mmcP99(4, c.rho*4, 1)
		res := runSeeds(t, 40, func(seed int64) model.Scenario { return mmc(4, c.rho, c.n, seed) })
		held, conv, heldConv := 0, 0, 0
		var hw, pm, pp float64
		for _, r := range res {
			pm += r.All.P99MS
			pp += r.All.P99MS * r.All.P99MS
			if *r.Converged && r.All.P99CI.Holds(truth) {
				heldConv++
			}
			if r.All.P99CI.Holds(truth) {
				held++
			}
			if *r.Converged {
				conv++
			}
			hw += r.All.P99CI.Half(r.All.P99MS)
		}
		t.Logf("p99 mean %.3f sd %.3f; held among converged %d", pm/40, math.Sqrt((pp-pm*pm/40)/39), heldConv)
		t.Logf("rho %v n %d truth %.3f: held %d/40, converged %d, mean half %.1f%%, warmup %d K %d", c.rho, c.n, truth, held, conv, hw/40*100, *res[0].WarmupRequests, res[0].Batches)
	}
}

func TestSpreadProbe(t *testing.T) {
	res := runSeeds(t, 40, func(seed int64) model.Scenario { return mmc(4, 0.9, 400_000, seed) })
	var p, m, pp, mm, hp, hm float64
	for _, r := range res {
		p += r.All.P99MS
		pp += r.All.P99MS * r.All.P99MS
		m += r.All.MeanMS
		mm += r.All.MeanMS * r.All.MeanMS
		hp += (r.All.P99CI[1] - r.All.P99CI[0]) / 2 / TQuantile(r.Batches-1)
		hm += (r.All.MeanCI[1] - r.All.MeanCI[0]) / 2 / TQuantile(r.Batches-1)
	}
	n := 40.0
	sdp := math.Sqrt((pp - p*p/n) / (n - 1))
	sdm := math.Sqrt((mm - m*m/n) / (n - 1))
	t.Logf("p99 mean %.3f sd %.3f, est se %.3f; mean %.4f sd %.4f est se %.4f; truth p99 %.3f", p/n, sdp, hp/n, m/n, sdm, hm/n, mmcP99(4, 3.6, 1))
}
