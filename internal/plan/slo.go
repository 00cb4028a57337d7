package plan

import (
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
)

// SLO is one objective a size must meet: a figure of the simulated run
// compared with a bound. The text form is the threshold syntax of `waitlab
// load` (METRIC OP VALUE, such as p99<200ms), with a class prefix and the
// figures a simulation has:
//
//	p50 p90 p99 p99.9 max mean   latency (arrival to end), a duration
//	queue_p99 (and the others)   time before a thread first took the request
//	rps, ok_rps, throughput      completions per second (a floor: > or >=)
//	batch                        the batch time of a burst (makespan)
//
// A latency figure may name a class: normal.p99<80ms. Latency, queue and
// batch bounds are ceilings (< or <=), throughput bounds are floors (> or
// >=): a bigger size helps a figure in one direction only, which is what
// lets the search be a bisection.
//
// The grammar is model.ParseBound's, the one `load --threshold` and
// `probe --slo` parse too; the metrics are a simulation's (a load test's
// errors, service time and achieved rate are loadreport.ParseThreshold's),
// so an SLO written for `load` reads the same here.
type SLO struct {
	Text   string  `json:"text"`
	Metric string  `json:"metric"` // p99, mean, max, queue_p99, rps, batch
	Class  string  `json:"class,omitempty"`
	Op     string  `json:"op"`
	Value  float64 `json:"value"` // milliseconds, or requests per second for rps
}

var latencyNames = []string{"mean", "p50", "p90", "p99", "p99.9", "p999", "max"}

// MaxSLOLen bounds the text of one SLO.
const MaxSLOLen = 200

// ParseSLO parses one SLO. Errors are *model.FieldError for the field
// "--slo", naming what is wrong and an example of what is right.
func ParseSLO(s string) (SLO, error) {
	text := strings.TrimSpace(s)
	o := SLO{Text: text}
	if len(text) > MaxSLOLen {
		return o, model.NewFieldError("--slo", "plan.err.slo.long", MaxSLOLen)
	}
	b, ok := model.ParseBound(text)
	if !ok {
		return o, model.NewFieldError("--slo", "plan.err.slo.syntax", text)
	}
	name, rest := b.Metric, b.Value
	o.Op = b.Op
	o.Metric, o.Class = splitClass(name)
	if o.Metric == "" {
		return o, model.NewFieldError("--slo", "plan.err.slo.metric", text, name)
	}
	switch {
	case o.Metric == "rps":
		if o.Class != "" {
			return o, model.NewFieldError("--slo", "plan.err.slo.rpsclass", text)
		}
		v, ok := b.Rate()
		if !ok || !(v > 0) {
			return o, model.NewFieldError("--slo", "plan.err.slo.rate", text, name)
		}
		o.Value = v
		if b.Ceiling() {
			return o, model.NewFieldError("--slo", "plan.err.slo.floor", text, name, name, strconv.FormatFloat(v, 'g', -1, 64))
		}
	default:
		d, ok := b.Duration()
		if !ok || d <= 0 {
			return o, model.NewFieldError("--slo", "plan.err.slo.duration", text, name)
		}
		o.Value = float64(d) / 1e6
		if !b.Ceiling() {
			return o, model.NewFieldError("--slo", "plan.err.slo.ceiling", text, name, name, rest)
		}
		if o.Metric == "batch" && o.Class != "" {
			return o, model.NewFieldError("--slo", "plan.err.slo.rpsclass", text)
		}
	}
	return o, nil
}

// splitClass splits "normal.p99" into (p99, normal); a bare metric has no
// class. The metric's aliases are folded: ok_rps and throughput are rps,
// p999 is p99.9, makespan is batch. An unknown metric returns "".
func splitClass(name string) (metric, class string) {
	if m := canon(name); m != "" {
		return m, ""
	}
	for i := 0; i < len(name); i++ {
		if name[i] != '.' || i == 0 {
			continue
		}
		if m := canon(name[i+1:]); m != "" {
			return m, name[:i]
		}
	}
	return "", ""
}

func canon(m string) string {
	switch m {
	case "rps", "ok_rps", "throughput":
		return "rps"
	case "batch", "makespan":
		return "batch"
	case "p999":
		return "p99.9"
	case "queue_p999":
		return "queue_p99.9"
	}
	base := strings.TrimPrefix(m, "queue_")
	for _, l := range latencyNames {
		if base == l {
			return m
		}
	}
	return ""
}

// Ceiling reports whether the figure must stay below the bound (latency,
// queue wait, batch time) rather than above it (throughput).
func (o SLO) Ceiling() bool { return o.Metric != "rps" }

// Latency reports whether the figure is a latency or queue wait of
// requests (a distribution's statistic), as opposed to rps or batch.
func (o SLO) Latency() bool { return o.Metric != "rps" && o.Metric != "batch" }

// Queue reports whether the figure is a queue wait.
func (o SLO) Queue() bool { return strings.HasPrefix(o.Metric, "queue_") }

// Stat returns the statistic of a latency figure: "mean", "max", or "p"
// with the percentile in q (99 for p99).
func (o SLO) Stat() (kind string, q float64) {
	base := strings.TrimPrefix(o.Metric, "queue_")
	switch base {
	case "mean", "max":
		return base, 0
	}
	v, _ := strconv.ParseFloat(strings.TrimPrefix(base, "p"), 64)
	return "p", v
}

// Meets reports whether the figure v meets the SLO.
func (o SLO) Meets(v float64) bool { return model.Meets(o.Op, v, o.Value) }

// Unit is "ms" for durations and "/s" for throughput.
func (o SLO) Unit() string {
	if o.Metric == "rps" {
		return "/s"
	}
	return "ms"
}
