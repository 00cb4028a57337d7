package sim

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Run until precise: a run too short for its intervals is run again,
// longer, from the same seed (the first requests are the same draws, so
// a longer run extends the shorter one), until every figure asked for has
// a 95% half-width within the goal and the run has converged, or a cap is
// reached.

// Caps of a run until precise.
const (
	// DefaultMaxRequests is the most requests a run is extended to.
	DefaultMaxRequests = 2_000_000
	// DefaultMaxWall is the most wall time a caller should let RunPrecise
	// spend (cli's context deadline: the simulator reads no clock).
	DefaultMaxWall = 60 * time.Second
	// MaxPrecision is the loosest goal accepted (50%: wider says nothing).
	MaxPrecision = 0.5
)

// Goal is how precise a run must be.
type Goal struct {
	// Precision is the largest relative half-width of the 95% interval
	// (0.05 for 5%).
	Precision float64
	// Figures names what must meet it, as "p99", "mean", "rps", or
	// "queue_mean", with a class prefix ("blocking.p99"); nil: p99, mean
	// and rps of all requests.
	Figures []string
	// MaxRequests caps the run's length (0: DefaultMaxRequests). The
	// wall-time cap is ctx's deadline (see RunPrecise).
	MaxRequests int
}

// DefaultFigures are what a sim's goal names unless told.
var DefaultFigures = []string{"p99", "mean", "rps"}

// ParsePrecision parses a precision goal: "5%" or "0.05". It must be
// above 0 and at most MaxPrecision.
func ParsePrecision(s string) (float64, error) {
	t := strings.TrimSpace(s)
	pct := strings.HasSuffix(t, "%")
	v, err := strconv.ParseFloat(strings.TrimSuffix(t, "%"), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, model.NewFieldError("--precision", "conf.err.precision.syntax", s)
	}
	if pct {
		v /= 100
	}
	if !(v > 0) || v > MaxPrecision {
		return 0, model.NewFieldError("--precision", "conf.err.precision.range", s, MaxPrecision*100)
	}
	return v, nil
}

// Figure returns the figure named f (see Goal.Figures) of r and its
// interval (nil when it has none).
func Figure(r *model.Result, f string) (float64, *model.CI, bool) {
	s := &r.All
	name := f
	if i := strings.LastIndexByte(f, '.'); i > 0 && !strings.HasPrefix(f[i:], ".9") {
		c, ok := r.Classes[f[:i]]
		if !ok {
			return 0, nil, false
		}
		s, name = &c, f[i+1:]
	}
	switch name {
	case "mean":
		return s.MeanMS, s.MeanCI, true
	case "p50":
		return s.P50MS, s.P50CI, true
	case "p90":
		return s.P90MS, s.P90CI, true
	case "p95":
		return s.P95MS, s.P95CI, true
	case "p99":
		return s.P99MS, s.P99CI, true
	case "p99.9", "p999":
		return s.P999MS, s.P999CI, true
	case "rps":
		if s == &r.All {
			return r.ThroughputRPS, s.ThroughputCI, true
		}
		return 0, nil, false
	case "queue_mean":
		return r.QueueWait.MeanMS, r.QueueWait.MeanCI, true
	}
	return 0, nil, false
}

// unsettled returns the figures of g whose half-width is over the goal
// (or that have no interval), and the widest relative half-width.
func unsettled(r *model.Result, g Goal) ([]string, float64) {
	figs := g.Figures
	if figs == nil {
		figs = DefaultFigures
	}
	var out []string
	worst := 0.0
	for _, f := range figs {
		v, ci, ok := Figure(r, f)
		if !ok {
			continue
		}
		h := math.Inf(1)
		if ci != nil {
			h = ci.Half(v)
		}
		worst = max(worst, h)
		if !(h <= g.Precision) {
			out = append(out, f)
		}
	}
	return out, worst
}

// RunPrecise runs s, then again longer, until g is met (see Goal) or a
// cap is reached. The result is the last run's, with PrecisionGoal,
// RequestsAsked and Unsettled set and Converged false when the goal was
// not met. A burst is refused: its figures are exact given its seed.
// The wall-time cap is ctx's deadline, set by the caller (the simulator
// reads no clock): when it passes, the last finished run is returned with
// "wall" among its Unconverged reasons (an error if none had finished);
// ctx cancelled is an error. A run that meets its goal within the caps is
// deterministic.
func RunPrecise(ctx context.Context, s model.Scenario, opt Options, g Goal) (*model.Result, error) {
	if s.Arrival.Kind == model.Burst {
		return nil, model.NewFieldError("--precision", "conf.err.precision.burst")
	}
	if !(g.Precision > 0) || g.Precision > MaxPrecision {
		return nil, model.NewFieldError("--precision", "conf.err.precision.range", g.Precision, MaxPrecision*100)
	}
	capN := g.MaxRequests
	if capN <= 0 {
		capN = DefaultMaxRequests
	}
	capN = max(min(capN, model.MaxRequests), s.Requests)
	asked := s.Requests
	var last *model.Result
	n := s.Requests
	for {
		sc := s
		sc.Requests = n
		res, err := RunContext(ctx, sc, opt)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) && last != nil {
				last.Unconverged = append(last.Unconverged, "wall")
				return last, nil
			}
			return nil, err
		}
		res.PrecisionGoal, res.RequestsAsked = g.Precision, asked
		off, worst := unsettled(res, g)
		conv := res.Converged != nil && *res.Converged
		if len(off) == 0 && conv {
			return res, nil
		}
		res.Unsettled = off
		if len(off) > 0 {
			res.Unconverged = append(res.Unconverged, "precision")
		}
		f := false
		res.Converged = &f
		if n >= capN {
			res.Unconverged = append(res.Unconverged, "requests")
			return res, nil
		}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			res.Unconverged = append(res.Unconverged, "wall")
			return res, nil
		}
		last = res
		// The half-width falls as 1/sqrt(n): aim a little past the
		// length that would meet the goal, at least half as long again.
		next := float64(n) * 1.5
		if !math.IsInf(worst, 0) && worst > g.Precision {
			next = max(next, float64(n)*math.Pow(worst/g.Precision, 2)*1.2)
		}
		if !conv {
			next = max(next, 2*float64(n))
		}
		n = int(min(next, float64(capN)))
	}
}
