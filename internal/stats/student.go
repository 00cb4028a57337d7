package stats

import "math"

// The Student-t quantile of every confidence interval: StudentQuantile
// for any level and any (also fractional) degrees of freedom, exact by
// bisection on the t distribution's CDF; TQuantile for the simulator's
// and the planner's 95% intervals at whole degrees of freedom.

// TQuantile is the 97.5% quantile of Student's t with df degrees of
// freedom (the 95% two-sided interval's factor; +Inf for df < 1): the
// table's value for df 1 and 2, from df = 3 the Cornish-Fisher expansion
// about the normal: 0.7% under StudentQuantile(0.975, df) at df 3, within
// 0.001 of it from df 7 (a test holds both). The simulator's published intervals are computed with
// it: replacing it with StudentQuantile moves their 5th significant digit
// (bench/sim_identical.sh), a change to make on purpose, with the goldens.
func TQuantile(df int) float64 {
	const z = 1.959963984540054
	if df < 1 {
		return math.Inf(1)
	}
	switch df {
	case 1:
		return 12.706
	case 2:
		return 4.303
	}
	v := float64(df)
	z3, z5, z7 := z*z*z, math.Pow(z, 5), math.Pow(z, 7)
	return z + (z3+z)/(4*v) + (5*z5+16*z3+3*z)/(96*v*v) + (3*z7+19*z5+17*z3-15*z)/(384*v*v*v)
}

// StudentQuantile returns the p-quantile (0.5 < p < 1) of Student's t
// distribution with df degrees of freedom (df may be fractional, as
// Welch's is), by bisection on its CDF (NaN for df <= 0).
func StudentQuantile(p, df float64) float64 {
	if df <= 0 || math.IsNaN(df) {
		return math.NaN()
	}
	lo, hi := 0.0, 1.0
	for studentCDF(hi, df) < p && hi < 1e7 {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if studentCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-12*hi {
			break
		}
	}
	return (lo + hi) / 2
}

// studentCDF is P(T <= t) for t >= 0: 1 - I_x(df/2, 1/2)/2 with
// x = df/(df+t^2).
func studentCDF(t, df float64) float64 {
	x := df / (df + t*t)
	return 1 - 0.5*regIncBeta(df/2, 0.5, x)
}

// regIncBeta is the regularized incomplete beta function I_x(a, b),
// evaluated by its continued fraction (modified Lentz), using the
// symmetry I_x(a,b) = 1 - I_{1-x}(b,a) where the fraction converges
// slowly.
func regIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a + b)
	lb, _ := math.Lgamma(a)
	lc, _ := math.Lgamma(b)
	front := math.Exp(la - lb - lc + a*math.Log(x) + b*math.Log(1-x))
	if x > (a+1)/(a+b+2) {
		return 1 - front*betaFraction(b, a, 1-x)/b
	}
	return front * betaFraction(a, b, x) / a
}

func betaFraction(a, b, x float64) float64 {
	const tiny = 1e-300
	c, d := 1.0, 1-(a+b)*x/(a+1)
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	f := d
	for m := 1; m <= 300; m++ {
		fm := float64(m)
		// even step
		num := fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		f *= d * c
		// odd step
		num = -(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := d * c
		f *= delta
		if math.Abs(delta-1) < 1e-14 {
			break
		}
	}
	return f
}
