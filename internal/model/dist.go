package model

import (
	"math"
	"strings"
	"time"
)

// DistKind names a duration distribution.
type DistKind string

// The distributions a duration may follow.
const (
	Fixed DistKind = "fixed"
	Exp   DistKind = "exp"
)

// Dist is a distribution of durations: a fixed value or an exponential with
// a mean. Its text form is "200ms" or "fixed:200ms" (fixed) and "exp:200ms"
// (exponential with mean 200ms); durations use Go syntax. The zero value is
// "always zero".
type Dist struct {
	Kind DistKind
	Mean time.Duration
}

// FixedDist returns the distribution that is always d.
func FixedDist(d time.Duration) Dist { return Dist{Kind: Fixed, Mean: d} }

// ExpDist returns the exponential distribution with mean d.
func ExpDist(d time.Duration) Dist { return Dist{Kind: Exp, Mean: d} }

// ParseDist parses the text form of a distribution.
func ParseDist(s string) (Dist, error) {
	s = strings.TrimSpace(s)
	kind := Fixed
	if k, rest, ok := strings.Cut(s, ":"); ok {
		switch DistKind(strings.ToLower(k)) {
		case Fixed:
		case Exp:
			kind = Exp
		default:
			return Dist{}, parseErr("err.dist.kind", k)
		}
		s = rest
	}
	if s == "" {
		return Dist{}, parseErr("err.parse.dur.missing")
	}
	if s == "0" {
		return Dist{Kind: kind}, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return Dist{}, parseErr("err.parse.dur", s)
	}
	if d < 0 {
		return Dist{}, parseErr("err.dist.negative", d.String())
	}
	return Dist{Kind: kind, Mean: d}, nil
}

// String returns the text form ParseDist accepts.
func (d Dist) String() string {
	if d.Kind == Exp {
		return "exp:" + d.Mean.String()
	}
	return d.Mean.String()
}

// IsZero reports whether every sample is zero.
func (d Dist) IsZero() bool { return d.Mean == 0 }

// MarshalText implements encoding.TextMarshaler.
func (d Dist) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (d *Dist) UnmarshalText(b []byte) error {
	v, err := ParseDist(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// At returns the sample for the uniform variate u in [0,1): the mean itself
// for a fixed distribution, the inverse CDF for an exponential. Sampling
// through a caller-supplied variate keeps the simulator and the real
// executors drawing the same numbers for the same request.
func (d Dist) At(u float64) time.Duration {
	if d.Kind != Exp || d.Mean == 0 {
		return d.Mean
	}
	v := -math.Log1p(-u) * float64(d.Mean)
	if !(v < math.MaxInt64) { // a far tail of a huge mean: saturate, never wrap negative
		return math.MaxInt64
	}
	return time.Duration(v)
}
