package plan

import "math"

// Closed forms of the M/M/c queue (Poisson arrivals at rate lambda, c
// servers, exponential holding times of rate mu, FCFS) and an M/D/c
// approximation. Times are in seconds. This is waitlab's one home of
// queueing closed forms: plan's cross-check and probe's --size-for both
// print these (SojournQuantile).

// SojournQuantile returns the q-quantile (a fraction: 0.99) of the
// sojourn time (wait plus holding time), in seconds, of the closed form
// kind ("M/M/c", or "M/D/c", the approximation below) with c servers,
// Poisson arrivals at lambda per second and a mean holding time of hold
// seconds: +Inf when the queue is unstable.
func SojournQuantile(kind string, c int, lambda, hold, q float64) float64 {
	if c < 1 || lambda >= float64(c)/hold {
		return math.Inf(1)
	}
	if kind == "M/M/c" {
		return quantile(mmc{c: c, lambda: lambda, mu: 1 / hold}.sojournTail, q)
	}
	return quantile(mdc{c: c, lambda: lambda, mu: 1 / hold}.sojournTail, q)
}

// ErlangC returns the probability that an arrival waits in an M/M/c queue
// with offered load a = lambda/mu (1 when a >= c: the queue is unstable).
// It goes through the Erlang B recursion, B(k) = a B(k-1) / (k + a B(k-1)),
// which stays finite where a^c/c! would overflow.
func ErlangC(c int, a float64) float64 {
	if c < 1 || a >= float64(c) {
		return 1
	}
	if a <= 0 {
		return 0
	}
	b := 1.0
	for k := 1; k <= c; k++ {
		b = a * b / (float64(k) + a*b)
	}
	rho := a / float64(c)
	return b / (1 - rho*(1-b))
}

// mmc is one M/M/c queue. pw, when above 0, is its Erlang C probability
// computed already (a scan over c builds it incrementally).
type mmc struct {
	c          int
	lambda, mu float64
	pw         float64
}

// prob returns the Erlang C probability of waiting.
func (q mmc) prob() float64 {
	if q.pw > 0 {
		return q.pw
	}
	return ErlangC(q.c, q.lambda/q.mu)
}

func (q mmc) stable() bool { return q.lambda < float64(q.c)*q.mu }

// waitTail returns P(W > t): the wait is 0 with probability 1-C, else
// exponential with rate theta = c mu - lambda.
func (q mmc) waitTail(t float64) float64 {
	if t < 0 {
		return 1
	}
	return q.prob() * math.Exp(-(float64(q.c)*q.mu-q.lambda)*t)
}

// sojournTail returns P(T > t) for T = W + S, S exponential of rate mu
// independent of W: (1-C) e^{-mu t} + C P(E_theta + E_mu > t), the second
// term the tail of a hypoexponential (or Erlang-2 when theta = mu).
func (q mmc) sojournTail(t float64) float64 {
	if t < 0 {
		return 1
	}
	C := q.prob()
	th, mu := float64(q.c)*q.mu-q.lambda, q.mu
	var hypo float64
	if math.Abs(th-mu) < 1e-9*mu {
		hypo = math.Exp(-mu*t) * (1 + mu*t)
	} else {
		hypo = (th*math.Exp(-mu*t) - mu*math.Exp(-th*t)) / (th - mu)
	}
	return (1-C)*math.Exp(-mu*t) + C*hypo
}

// meanSojourn is C/(c mu - lambda) + 1/mu.
func (q mmc) meanSojourn() float64 {
	return q.prob()/(float64(q.c)*q.mu-q.lambda) + 1/q.mu
}

func (q mmc) meanWait() float64 {
	return q.prob() / (float64(q.c)*q.mu - q.lambda)
}

// quantile returns the smallest t with tail(t) <= 1-p, by bisection on the
// CDF (tail is non-increasing). p is a fraction (0.99).
func quantile(tail func(float64) float64, p float64) float64 {
	target := 1 - p
	if tail(0) <= target {
		return 0
	}
	hi := 1e-6
	for tail(hi) > target {
		hi *= 2
		if hi > 1e9 {
			return math.Inf(1)
		}
	}
	lo := 0.0
	for i := 0; i < 200 && hi-lo > 1e-12*hi; i++ {
		mid := (lo + hi) / 2
		if tail(mid) > target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// mdc is the M/D/c approximation: the waiting probability of M/M/c (C),
// and, given a wait, an exponential whose mean makes the mean wait the
// Cosmetatos approximation of M/D/c's,
//
//	Wq(M/D/c) ~ 1/2 Wq(M/M/c) [1 + (1-rho)(c-1)(sqrt(4+5c)-2)/(16 rho c)],
//
// so a sojourn is D plus that wait. It is an approximation, labelled so
// wherever it is printed.
type mdc struct {
	c          int
	lambda, mu float64 // mu = 1/D
	pw         float64 // as in mmc
}

func (q mdc) meanWait() float64 {
	m := mmc(q)
	c := float64(q.c)
	rho := q.lambda / (c * q.mu)
	corr := 1 + (1-rho)*(c-1)*(math.Sqrt(4+5*c)-2)/(16*rho*c)
	return 0.5 * m.meanWait() * corr
}

func (q mdc) waitTail(t float64) float64 {
	if t < 0 {
		return 1
	}
	C := mmc(q).prob()
	if C <= 0 {
		return 0
	}
	mean := q.meanWait() / C // conditional mean of a wait that happens
	return C * math.Exp(-t/mean)
}

func (q mdc) sojournTail(t float64) float64 { return q.waitTail(t - 1/q.mu) }
