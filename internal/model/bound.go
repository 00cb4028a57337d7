package model

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Bound is one objective in the SLO grammar that `waitlab load
// --threshold`, `plan --slo` and `probe --slo / --size-for` share: METRIC
// OP VALUE, such as p99<200ms, normal.p99<=80ms, ok_rps>1000/s or
// errors<1%. ParseBound only splits the text; each caller knows its own
// metrics (a load test's errors and service time, a simulation's queue
// wait and batch time, a class prefix) and reads the value with Duration,
// Rate or Percent, so a bound written for one reads the same in the others.
type Bound struct {
	Text   string // the bound as written, trimmed
	Metric string // lower-cased, a class prefix included ("normal.p99")
	Op     string // <, <=, > or >=
	Value  string // the value as written, trimmed
}

// ParseBound splits METRIC OP VALUE; ok is false when the text is not of
// that form (no metric before the operator, or a second operator).
func ParseBound(s string) (b Bound, ok bool) {
	b.Text = strings.TrimSpace(s)
	i := strings.IndexAny(b.Text, "<>")
	if i <= 0 {
		return b, false
	}
	b.Metric = strings.ToLower(strings.TrimSpace(b.Text[:i]))
	b.Op = b.Text[i : i+1]
	rest := b.Text[i+1:]
	if strings.HasPrefix(rest, "=") {
		b.Op += "="
		rest = rest[1:]
	}
	b.Value = strings.TrimSpace(rest)
	if b.Metric == "" || strings.ContainsAny(b.Value, "<>=") {
		return b, false
	}
	return b, true
}

// Ceiling reports whether the figure must stay below the value (< or <=).
func (b Bound) Ceiling() bool { return strings.HasPrefix(b.Op, "<") }

// Duration reads the value as a duration ("200ms"); ok is false when it
// is not one or is negative.
func (b Bound) Duration() (time.Duration, bool) {
	d, err := time.ParseDuration(b.Value)
	return d, err == nil && d >= 0
}

// Rate reads the value as requests per second ("1000" or "1000/s"); ok is
// false when it is not a finite number of at least 0.
func (b Bound) Rate() (float64, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(b.Value, "/s")), 64)
	return v, err == nil && v >= 0 && !math.IsInf(v, 0)
}

// Percent reads the value as a percentage from 0 to 100 ("1%"); ok is
// false without the % sign or out of range.
func (b Bound) Percent() (float64, bool) {
	s, found := strings.CutSuffix(b.Value, "%")
	if !found {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v, err == nil && v >= 0 && v <= 100
}

// Meets reports whether the figure v meets the bound's operator against
// limit (the value in the caller's unit). NaN meets nothing.
func Meets(op string, v, limit float64) bool {
	if math.IsNaN(v) {
		return false
	}
	switch op {
	case "<":
		return v < limit
	case "<=":
		return v <= limit
	case ">":
		return v > limit
	}
	return v >= limit
}
