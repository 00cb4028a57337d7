package loadreport

import (
	"regexp"

	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// What people bring from k6, vegeta, hey and wrk: k6's threshold syntax,
// structured threshold outcomes, the fastest response and counts per status.

// k6Percentile matches k6's "p(95)<200" (a percentile in parentheses and a
// value in milliseconds without a unit) and its "avg", "med" names.
var k6Percentile = regexp.MustCompile(`^\s*(p\(([0-9.]+)\)|avg|med|min|max)\s*(<=|>=|<|>|==)\s*([0-9.]+)\s*$`)

// fromK6 rewrites a k6 threshold into waitlab's form: "p(95)<200" is
// "p95<200ms", "avg<100" is "mean<100ms", "med<50" is "p50<50ms". Anything
// else is returned unchanged.
func fromK6(s string) string {
	m := k6Percentile.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	metric := m[1]
	switch {
	case m[2] != "":
		metric = "p" + m[2]
	case metric == "avg":
		metric = "mean"
	case metric == "med":
		metric = "p50"
	}
	op := m[3]
	if op == "==" {
		return s // not a pass/fail bound; let the parser name the forms it takes
	}
	return metric + op + m[4] + "ms"
}

// ThresholdResult is one rule's outcome, met or breached, for the JSON
// report (k6's shape): the rule as written, the metric, the measured value
// and the limit in the metric's unit (ms, % or per second), and whether it
// was met. A rule on a figure without data has a null value and is not met.
type ThresholdResult struct {
	Rule   string   `json:"rule"`
	Metric string   `json:"metric"`
	Value  *float64 `json:"value"` // null when there is no data (then not met)
	Limit  float64  `json:"limit"`
	Unit   string   `json:"unit"`
	Met    bool     `json:"met"`
}

// thresholdResults evaluates every rule Check applies, in its order, met
// or not: a run without requests fails ("requests>0"), an open-model run
// that left more than 1% of its schedule unsent fails ("unsent<=1%"), the
// default errors<=1% holds unless the user gave an errors rule, then the
// user's rules.
func thresholdResults(rep *Report, ts []Threshold) []ThresholdResult {
	out := make([]ThresholdResult, 0, len(ts)+3)
	reqs := float64(rep.Requests)
	out = append(out, ThresholdResult{Rule: "requests>0", Metric: "requests", Value: &reqs, Limit: 0, Unit: "", Met: rep.Requests > 0})
	if rep.Model == "open" {
		due := rep.Requests + rep.Unsent
		v := 0.0
		if due > 0 {
			v = 100 * float64(rep.Unsent) / float64(due)
		}
		out = append(out, ThresholdResult{Rule: "unsent<=1%", Metric: "unsent", Value: &v, Limit: 100 * errorRateMax, Unit: "%",
			Met: !(rep.Unsent > 0 && float64(rep.Unsent) > errorRateMax*float64(due))})
	}
	own := false
	for _, t := range ts {
		own = own || t.Metric == "errors"
	}
	if !own {
		ts = append([]Threshold{{Text: "errors<=1%", Metric: "errors", Op: "<=", Value: 100 * errorRateMax}}, ts...)
	}
	for _, t := range ts {
		r := ThresholdResult{Rule: t.Text, Metric: t.Metric, Limit: t.Value, Unit: t.unit()}
		if v, _, ok := t.value(rep, msg.EN); ok {
			r.Value = &v
		}
		r.Met, _ = t.Met(rep, msg.EN)
		out = append(out, r)
	}
	return out
}

// unit is the unit of the threshold's metric.
func (t Threshold) unit() string {
	switch t.Metric {
	case "errors":
		return "%"
	case "ok_rps", "achieved_rps":
		return "1/s"
	}
	return "ms"
}

// minMS is the fastest latency in h, in milliseconds (0 when empty).
func minMS(h *loadresult.Hist) float64 {
	if h.Count == 0 {
		return 0
	}
	return float64(h.Histogram().Min()) / 1e3 // microseconds -> ms
}

// statusCounts counts responses by status: the ok ones (2xx) as "2xx",
// every other status by its code, as the error kinds "status_NNN" hold it.
func statusCounts(r *loadresult.Result) map[string]int64 {
	out := map[string]int64{}
	if r.OK > 0 {
		out["2xx"] = r.OK
	}
	for k, n := range r.Errors {
		if code, ok := strings.CutPrefix(k, "status_"); ok {
			if _, err := strconv.Atoi(code); err == nil {
				out[code] += n
			}
		}
	}
	return out
}
