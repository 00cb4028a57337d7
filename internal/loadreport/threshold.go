package loadreport

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// Threshold is a pass/fail rule on a report, such as p99<200ms or
// errors<1%.
type Threshold struct {
	Text   string
	Metric string // p50 p90 p99 p99.9 max mean (latency), service_* , errors, ok_rps, achieved_rps
	Op     string // < <= > >=
	Value  float64
}

// Metrics a threshold may name: latency ones take a duration, errors a
// percentage, rates a number per second.
var latencyMetrics = []string{"mean", "min", "p50", "p90", "p95", "p99", "p99.9", "p999", "max"}

// ParseThreshold parses METRIC OP VALUE: p50 p90 p99 p99.9 max mean (the
// corrected latency), service_p99 and friends (the service time), errors
// (a percentage of requests), ok_rps and achieved_rps (per second). A
// refusal is a *model.FieldError in the catalog's words (load.threshold.*).
func ParseThreshold(s string) (Threshold, error) {
	t := Threshold{Text: strings.TrimSpace(fromK6(s))}
	i := strings.IndexAny(t.Text, "<>")
	if i <= 0 {
		return t, model.NewFieldError("", "load.threshold.form", s)
	}
	t.Metric = strings.ToLower(strings.TrimSpace(t.Text[:i]))
	t.Op = t.Text[i : i+1]
	rest := t.Text[i+1:]
	if strings.HasPrefix(rest, "=") {
		t.Op += "="
		rest = rest[1:]
	}
	rest = strings.TrimSpace(rest)
	base := strings.TrimPrefix(t.Metric, "service_")
	var err error
	switch {
	case contains(latencyMetrics, base):
		var d time.Duration
		d, err = time.ParseDuration(rest)
		if err != nil || d < 0 {
			return t, model.NewFieldError("", "load.threshold.duration", s, t.Metric, t.Metric)
		}
		t.Value = float64(d) / 1e6
	case t.Metric == "errors":
		v, ok := strings.CutSuffix(rest, "%")
		if !ok {
			return t, model.NewFieldError("", "load.threshold.percent", s)
		}
		t.Value, err = strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || t.Value < 0 || t.Value > 100 || math.IsNaN(t.Value) {
			return t, model.NewFieldError("", "load.threshold.percent.range", s)
		}
	case t.Metric == "ok_rps" || t.Metric == "achieved_rps":
		t.Value, err = strconv.ParseFloat(strings.TrimSuffix(rest, "/s"), 64)
		if err != nil || t.Value < 0 || math.IsNaN(t.Value) || math.IsInf(t.Value, 0) {
			return t, model.NewFieldError("", "load.threshold.rate", s, t.Metric, t.Metric)
		}
	default:
		return t, model.NewFieldError("", "load.threshold.metric", s, t.Metric)
	}
	return t, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// value returns the report's value for the metric and its display; ok is
// false when there is no data for it (a percentile over no successful
// response, an error rate over no request, a rate over no window).
func (t Threshold) value(rep *Report, lang msg.Lang) (v float64, text string, ok bool) {
	p := rep.Latency
	m := t.Metric
	if after, found := strings.CutPrefix(m, "service_"); found {
		p, m = rep.ServiceTime, after
	}
	switch m {
	case "errors":
		if rep.Requests == 0 {
			return 0, msg.T(lang, "load.nodata"), false
		}
		v = 100 * float64(rep.ErrorCount) / float64(rep.Requests)
		return v, pct(v), true
	case "ok_rps", "achieved_rps":
		if rep.WindowS <= 0 {
			return 0, msg.T(lang, "load.nodata"), false
		}
		v = rep.OKRPS
		if m == "achieved_rps" {
			v = rep.AchievedRPS
		}
		return v, num(v) + "/s", true
	}
	if p.NoData() {
		return 0, msg.T(lang, "load.nodata"), false
	}
	switch m {
	case "mean":
		v = p.MeanMS
	case "p50":
		v = p.P50MS
	case "p90":
		v = p.P90MS
	case "p95":
		v = p.P95MS
	case "min":
		v = p.MinMS
	case "p99":
		v = p.P99MS
	case "p99.9", "p999":
		v = p.P999MS
	case "max":
		v = p.MaxMS
	}
	return v, ms(v), true
}

// Met reports whether the report meets the threshold, and the measured
// value as text in lang. A threshold on a figure with no data is not met.
func (t Threshold) Met(rep *Report, lang msg.Lang) (bool, string) {
	v, text, ok := t.value(rep, lang)
	if !ok {
		return false, text
	}
	switch t.Op {
	case "<":
		return v < t.Value, text
	case "<=":
		return v <= t.Value, text
	case ">":
		return v > t.Value, text
	}
	return v >= t.Value, text
}

// Check evaluates thresholds against rep, records the breaches in it, and
// returns them as lines in lang. Whatever the thresholds, a run in which
// no request finished in the window fails, and so does one that never sent
// more than 1% of what was due; the default error-rate rule (at most 1%)
// holds unless the user states an errors rule of their own.
//
// An interrupted run has no verdict: Check judges nothing and returns none
// (the caller exits 130).
func Check(rep *Report, ts []Threshold, lang msg.Lang) []string {
	rep.Thresholds = thresholdResults(rep, ts)
	rep.Breaches = nil
	if rep.Interrupted {
		return nil
	}
	if rep.Requests == 0 {
		rep.Breaches = append(rep.Breaches, msg.T(lang, "load.breach.norequests"))
	}
	if due := rep.Requests + rep.Unsent; rep.Unsent > 0 && float64(rep.Unsent) > errorRateMax*float64(due) {
		rep.Breaches = append(rep.Breaches, msg.T(lang, "load.breach.unsent", grouped(rep.Unsent), pct(100*float64(rep.Unsent)/float64(due))))
	}
	ownErrors := false
	for _, t := range ts {
		ownErrors = ownErrors || t.Metric == "errors"
	}
	if !ownErrors && rep.Requests > 0 && float64(rep.ErrorCount) > errorRateMax*float64(rep.Requests) {
		rep.Breaches = append(rep.Breaches, msg.T(lang, "load.breach.default", pct(100*float64(rep.ErrorCount)/float64(rep.Requests))))
	}
	for _, t := range ts {
		if ok, got := t.Met(rep, lang); !ok {
			if got == msg.T(lang, "load.nodata") {
				// "p99 is no data" reads wrong in both languages: say
				// that nothing answered to measure it.
				rep.Breaches = append(rep.Breaches, msg.T(lang, "load.breach.nodata", t.Metric, t.Text))
				continue
			}
			rep.Breaches = append(rep.Breaches, msg.T(lang, "load.breach", t.Metric, got, t.Text))
		}
	}
	return rep.Breaches
}
