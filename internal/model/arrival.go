package model

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// ArrivalKind names how requests arrive.
type ArrivalKind string

// The arrival processes. Burst, Rate and Poisson are open models (arrivals do
// not wait for responses); VUs is the closed model (N virtual users, each
// sends, waits for the response, thinks, and sends again).
const (
	Burst   ArrivalKind = "burst"
	Rate    ArrivalKind = "rate"
	Poisson ArrivalKind = "poisson"
	VUs     ArrivalKind = "vus"
)

// Arrival is an arrival process. Text forms: "burst", "rate:R", "poisson:R"
// (R requests per second) and "vus:N". The zero value is a burst.
type Arrival struct {
	Kind ArrivalKind
	Rate float64 // requests per second, for Rate and Poisson
	VUs  int     // virtual users, for VUs
}

// ParseArrival parses the text form of an arrival process.
func ParseArrival(s string) (Arrival, error) {
	s = strings.TrimSpace(s)
	k, arg, hasArg := strings.Cut(s, ":")
	switch ArrivalKind(strings.ToLower(k)) {
	case Burst, "":
		if hasArg {
			return Arrival{}, parseErr("err.parse.burst")
		}
		return Arrival{Kind: Burst}, nil
	case Rate, Poisson:
		r, err := strconv.ParseFloat(arg, 64)
		if !hasArg || err != nil || math.IsNaN(r) || math.IsInf(r, 0) || r <= 0 {
			return Arrival{}, parseErr("err.parse.rate", s, k, k)
		}
		if r > 1e9 {
			return Arrival{}, parseErr("err.parse.rate.max", r)
		}
		return Arrival{Kind: ArrivalKind(strings.ToLower(k)), Rate: r}, nil
	case VUs:
		n, err := strconv.Atoi(arg)
		if !hasArg || err != nil || n < 1 {
			return Arrival{}, parseErr("err.parse.vus", s)
		}
		return Arrival{Kind: VUs, VUs: n}, nil
	}
	return Arrival{}, parseErr("err.arrival.unknown", s)
}

// String returns the text form ParseArrival accepts.
func (a Arrival) String() string {
	switch a.Kind {
	case Rate, Poisson:
		return string(a.Kind) + ":" + strconv.FormatFloat(a.Rate, 'g', -1, 64)
	case VUs:
		return "vus:" + strconv.Itoa(a.VUs)
	}
	return string(Burst)
}

// Closed reports whether this is the closed model (virtual users).
func (a Arrival) Closed() bool { return a.Kind == VUs }

// MarshalText implements encoding.TextMarshaler.
func (a Arrival) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (a *Arrival) UnmarshalText(b []byte) error {
	v, err := ParseArrival(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// Pacer returns the open-model schedule of this arrival process (nil for
// the closed model). Burst is a pacer whose every request is due at 0.
func (a Arrival) Pacer(seed int64) Pacer {
	switch a.Kind {
	case Rate:
		return ConstantPacer{Rate: a.Rate}
	case Poisson:
		return NewPoissonPacer(Profile{{Rate: a.Rate}}, seed)
	case VUs:
		return nil
	}
	return BurstPacer{}
}

// Pacer is an open-model schedule: Due(n) is when the n-th request (from 0)
// is intended to be sent, measured from the start, and false once the
// schedule has ended (a ramp down to zero). A load generator waits
// Due(sent) - elapsed before its next send and measures latency from Due,
// not from the actual send, so a stalled server cannot hide behind
// coordinated omission. The simulator uses the same Due for its arrivals.
type Pacer interface {
	Due(n int64) (time.Duration, bool)
}

// BurstPacer sends everything at once.
type BurstPacer struct{}

// Due implements Pacer.
func (BurstPacer) Due(int64) (time.Duration, bool) { return 0, true }

// ConstantPacer sends at a fixed interval of 1/Rate seconds, from t = 0.
type ConstantPacer struct{ Rate float64 }

// Due implements Pacer.
func (p ConstantPacer) Due(n int64) (time.Duration, bool) {
	return nanos(float64(n) * 1e9 / p.Rate)
}

// nanos converts a count of nanoseconds to a Duration; false when it is
// beyond what a Duration holds (about 292 years) or not a number, which a
// pacer reports as the end of its schedule. (Go converts an out-of-range
// float to MinInt64 on amd64: a send due "at -292 years" would be sent at
// once, for ever.)
func nanos(ns float64) (time.Duration, bool) {
	if !(ns < math.MaxInt64) { // also NaN
		return math.MaxInt64, false
	}
	return time.Duration(max(ns, 0)), true
}

// Stage is one piece of a rate profile: over Duration the rate moves
// linearly from the previous stage's target to Rate (k6 style). A stage
// with zero Duration is a constant rate that never ends.
type Stage struct {
	Duration time.Duration
	Rate     float64
}

// Profile is a piecewise-linear rate over time, starting at the first
// stage's rate when it has zero duration, or ramping from 0 otherwise.
type Profile []Stage

// ParseStages parses "30s:100,60s:1000,30s:0": each stage ramps linearly to
// its rate over its duration, the first from 0.
func ParseStages(s string) (Profile, error) {
	var p Profile
	for i, part := range strings.Split(s, ",") {
		ds, rs, ok := strings.Cut(strings.TrimSpace(part), ":")
		d, err := time.ParseDuration(ds)
		if !ok || err != nil || d <= 0 {
			return nil, parseErr("err.parse.stage", i+1, part)
		}
		r, err := strconv.ParseFloat(rs, 64)
		if err != nil || math.IsNaN(r) || math.IsInf(r, 0) || r < 0 || r > 1e9 {
			return nil, parseErr("err.parse.stage.rate", i+1, part)
		}
		p = append(p, Stage{Duration: d, Rate: r})
	}
	return p, nil
}

// String returns the text form ParseStages accepts.
func (p Profile) String() string {
	parts := make([]string, len(p))
	for i, s := range p {
		parts[i] = s.Duration.String() + ":" + strconv.FormatFloat(s.Rate, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// Total returns the profile's length (0 when it never ends).
func (p Profile) Total() time.Duration {
	var t time.Duration
	for _, s := range p {
		if s.Duration == 0 {
			return 0
		}
		t += s.Duration
	}
	return t
}

// inverse returns the time at which the cumulative count of the profile
// reaches x requests, and false if it never does.
func (p Profile) inverse(x float64) (time.Duration, bool) {
	var t0 float64 // seconds
	prev := 0.0
	if len(p) > 0 && p[0].Duration == 0 {
		prev = p[0].Rate
	}
	for _, s := range p {
		if x <= 0 {
			return secs(t0)
		}
		if s.Duration == 0 { // constant for ever
			if s.Rate <= 0 {
				return 0, false
			}
			return secs(t0 + x/s.Rate)
		}
		d := s.Duration.Seconds()
		area := (prev + s.Rate) / 2 * d
		if x <= area {
			// Solve prev*t + (s.Rate-prev)/(2d) * t^2 = x for t in [0,d].
			a := (s.Rate - prev) / (2 * d)
			var t float64
			if math.Abs(a) < 1e-12 {
				t = x / prev
			} else {
				disc := prev*prev + 4*a*x
				if disc < 0 {
					disc = 0
				}
				t = (-prev + math.Sqrt(disc)) / (2 * a)
			}
			return secs(t0 + t)
		}
		x -= area
		t0 += d
		prev = s.Rate
	}
	return 0, false
}

func secs(s float64) (time.Duration, bool) { return nanos(math.Round(s * 1e9)) }

// ProfilePacer sends evenly along a rate profile: request n is due when the
// profile's cumulative count reaches n.
type ProfilePacer struct{ Profile Profile }

// Due implements Pacer.
func (p ProfilePacer) Due(n int64) (time.Duration, bool) {
	return p.Profile.inverse(float64(n))
}

// PoissonPacer sends as a Poisson process along a rate profile (time
// rescaling: the points of a unit-rate Poisson process mapped through the
// inverse of the cumulative rate). Request 0 is due at 0. It keeps a cursor,
// so it is not safe for concurrent use; calls in increasing n are O(1), a
// call for an earlier n replays from the start.
type PoissonPacer struct {
	Profile Profile
	Seed    int64
	n       int64
	sum     float64
}

// NewPoissonPacer returns a Poisson pacer over profile, deterministic by seed.
func NewPoissonPacer(profile Profile, seed int64) *PoissonPacer {
	return &PoissonPacer{Profile: profile, Seed: seed}
}

// Due implements Pacer.
func (p *PoissonPacer) Due(n int64) (time.Duration, bool) {
	if n < p.n {
		p.n, p.sum = 0, 0
	}
	for p.n < n {
		p.sum += -math.Log1p(-Uniform(p.Seed, streamArrival, uint64(p.n)))
		p.n++
	}
	if n == 0 {
		return 0, len(p.Profile) > 0
	}
	return p.Profile.inverse(p.sum)
}
