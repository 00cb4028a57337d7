package plan

import (
	"math"

	"github.com/waitlab/waitlab/internal/model"
)

// queueModel is a closed form of one size: the tail of the sojourn time
// and of the queue wait, and their means (seconds).
type queueModel interface {
	sojournTail(t float64) float64
	waitTail(t float64) float64
	stable() bool
}

type mmcQ struct{ mmc }

type mdcQ struct{ mdc }

func (q mdcQ) stable() bool { return q.lambda < float64(q.c)*q.mu }

// closedForm says whether s, sized by knob, is a queue with a closed form:
// a pool sized by its threads, Poisson arrivals, one kind of request whose
// holding time (CPU plus waits) is one exponential (M/M/c) or fixed
// (M/D/c, approximated), no shared lock, and cores enough that CPU work
// never queues for a core. It returns the kind, lambda and the mean
// holding time in seconds.
func closedForm(s model.Scenario, knob Knob, maxSize int) (kind string, lambda, hold float64, ok bool) {
	if s.Model != model.Pool || knob != Threads || s.Arrival.Kind != model.Poisson || s.SharedLock {
		return "", 0, 0, false
	}
	var live []model.Class
	for _, c := range s.Classes {
		if c.Fraction > 0 {
			live = append(live, c)
		}
	}
	if len(live) != 1 {
		return "", 0, 0, false
	}
	c := live[0]
	cpu, wait := meanOf(c)
	hold = cpu + wait
	if hold <= 0 || (cpu > 0 && s.CoreCount() < maxSize) {
		return "", 0, 0, false
	}
	expParts, fixedParts := 0, 0
	if cpu > 0 {
		if c.CPU.Kind == model.Exp {
			expParts++
		} else {
			fixedParts++
		}
	}
	if wait > 0 {
		switch {
		case c.Wait.Kind != model.Exp:
			fixedParts++
		case c.CallCount() == 1:
			expParts++
		default:
			return "", 0, 0, false // a sum or a max of exponentials
		}
	}
	switch {
	case expParts == 1 && fixedParts == 0:
		kind = "M/M/c"
	case expParts == 0:
		kind = "M/D/c"
	default:
		return "", 0, 0, false
	}
	return kind, s.Arrival.Rate, hold, true
}

// analytic returns the closed-form figure of SLO o for c threads (NaN if
// the SLO has no closed form, +Inf when c threads cannot keep up).
func analytic(kind string, c int, lambda, hold float64, o SLO) float64 {
	return analyticC(kind, c, lambda, hold, 0, o)
}

// analyticC is analytic with the Erlang C probability pw already known
// (0: compute it).
func analyticC(kind string, c int, lambda, hold, pw float64, o SLO) float64 {
	var q queueModel
	if kind == "M/M/c" {
		q = mmcQ{mmc{c: c, lambda: lambda, mu: 1 / hold, pw: pw}}
	} else {
		q = mdcQ{mdc{c: c, lambda: lambda, mu: 1 / hold, pw: pw}}
	}
	if o.Metric == "rps" {
		if q.stable() {
			return lambda
		}
		return float64(c) / hold
	}
	if !o.Latency() {
		return math.NaN()
	}
	if !q.stable() {
		return math.Inf(1)
	}
	tail := q.sojournTail
	if o.Queue() {
		tail = q.waitTail
	}
	stat, p := o.Stat()
	switch stat {
	case "max":
		return math.NaN()
	case "mean":
		var m float64
		switch v := q.(type) {
		case mmcQ:
			m = v.meanWait()
		case mdcQ:
			m = v.meanWait()
		}
		if !o.Queue() {
			m += hold
		}
		return m * 1e3
	}
	return quantile(tail, p/100) * 1e3
}

// crossCheck fills the curve's analytic figures and compares answers.
func crossCheck(s model.Scenario, knob Knob, res *Result) *CrossCheck {
	kind, lambda, hold, ok := closedForm(s, knob, res.Max)
	if !ok {
		return nil
	}
	cc := &CrossCheck{Kind: kind, Approx: kind == "M/D/c", Lambda: lambda, HoldMS: hold * 1e3, Tolerance: TolMMc}
	if cc.Approx {
		cc.Tolerance = TolMDc
	}
	var with []SLO
	for _, o := range res.SLOs {
		if math.IsNaN(analytic(kind, 1, lambda, hold, o)) {
			cc.Without = append(cc.Without, o.Text)
			continue
		}
		with = append(with, o)
	}
	if len(with) == 0 {
		return nil
	}
	// The analytic answer: the smallest c in range meeting every SLO that
	// has a closed form (figures are monotone in c, so scan from the first
	// stable c).
	// Erlang B is built up c by c (B(k) = a B(k-1) / (k + a B(k-1))), so
	// the scan costs O(Max), not O(Max^2); it stops early once the figures
	// stop moving (the wait has vanished) without meeting an SLO.
	a := lambda * hold
	first := max(res.Min, int(math.Min(math.Floor(a), float64(res.Max)))+1)
	b := 1.0
	// first is at most Max+1: an offered load beyond Max (poisson:1e9
	// at 200 ms is 2e8 servers) has no answer in range, and building B
	// up to it cost 13 s of CPU past the web lab's cap.
	for k := 1; k < first; k++ {
		b = a * b / (float64(k) + a*b)
	}
	prev := make([]float64, len(with))
	for c := first; c <= res.Max; c++ {
		b = a * b / (float64(c) + a*b)
		pw := b / (1 - a/float64(c)*(1-b))
		met, still := true, true
		for i, o := range with {
			v := analyticC(kind, c, lambda, hold, pw, o)
			if !o.Meets(v) {
				met = false
				if v == prev[i] || pw < 1e-12 {
					still = false // converged to the no-wait figure: larger c cannot help
				}
			}
			prev[i] = v
		}
		if met {
			cc.Answer = c
			break
		}
		if !still {
			break
		}
	}
	for i := range res.Curve {
		pt := &res.Curve[i]
		pt.Analytic = make([]Num, len(res.SLOs))
		for j, o := range res.SLOs {
			a := analytic(kind, pt.Size, lambda, hold, o)
			pt.Analytic[j] = Num(a)
			v := float64(pt.Values[j])
			if !pt.Simulated || pt.Overloaded || pt.Few || math.IsNaN(a) || math.IsInf(a, 0) || math.IsNaN(v) || a == 0 {
				continue
			}
			if d := math.Abs(v-a) / a; d > cc.Worst {
				cc.Worst, cc.WorstSize = d, pt.Size
			}
		}
	}
	cc.Beyond = beyond(cc, res)
	cc.Agree = cc.Answer == res.Answer && cc.Worst <= cc.Tolerance
	return cc
}
