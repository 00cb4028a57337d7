package baseline

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/stats"
	"github.com/waitlab/waitlab/internal/svgplot"
)

// metricKeys are the catalog labels of the metrics.
var metricKeys = map[string]string{
	"p50": "baseline.m.p50", "p90": "baseline.m.p90", "p95": "baseline.m.p95", "p99": "baseline.m.p99",
	"max": "baseline.m.max", "mean": "baseline.m.mean", "ok_rps": "baseline.m.ok_rps",
	"error_rate": "baseline.m.error_rate", "service_time": "baseline.m.service_time",
}

// findingKeys are the catalog labels of the conditions.
var findingKeys = map[string]string{
	"placement": "baseline.f.placement", "gen_cpu": "baseline.f.gen_cpu", "nice": "baseline.f.nice",
	"host": "baseline.f.machine.host", "cpu_model": "baseline.f.machine.cpu_model",
	"kernel": "baseline.f.machine.kernel", "cores": "baseline.f.machine.cores",
	"cgroup": "baseline.f.machine.cgroup", "load_model": "baseline.f.load.model",
	"arrival": "baseline.f.load.arrival", "stages": "baseline.f.load.stages",
	"think": "baseline.f.load.think", "connections": "baseline.f.load.connections",
	"targets": "baseline.f.load.targets", "timeout": "baseline.f.load.timeout",
	"engine": "baseline.f.load.engine", "warmup": "baseline.f.warmup", "version": "baseline.f.version",
	"duration": "baseline.f.duration", "neighbours": "baseline.f.neighbours",
	"interrupted": "baseline.f.interrupted", "target_info": "baseline.f.target.info",
}

var placeKeys = map[string]string{
	PlaceApart: "baseline.place.apart", PlaceShared: "baseline.place.shared", PlaceRemote: "baseline.place.remote",
	PlaceUnknown: "baseline.place.unknown", PlaceMixed: "baseline.place.mixed",
}

var verdictKeys = map[string]string{
	Better: "baseline.v.better", Worse: "baseline.v.worse", Same: "baseline.v.same", Undecided: "baseline.v.undecided",
}

// FindingLabel is the condition's name in lang.
func FindingLabel(f Finding, lang msg.Lang) string {
	if k, ok := findingKeys[f.Key]; ok {
		return msg.T(lang, k)
	}
	return msg.T(lang, "baseline.f.target", strings.TrimPrefix(f.Key, "target_"))
}

// FindingLine is one finding as the text report prints it.
func FindingLine(f Finding, lang msg.Lang) string {
	b, c := f.Base, f.Cand
	if f.Key == "placement" {
		b, c = msg.T(lang, placeKeys[f.BaseKind], b), msg.T(lang, placeKeys[f.CandKind], c)
	}
	return msg.T(lang, "baseline.finding", FindingLabel(f, lang), b, c)
}

// VerdictText is a row's verdict in lang.
func VerdictText(row Metric, tol string, lang msg.Lang) string {
	if row.Fails {
		return msg.T(lang, "baseline.v.fails", tol)
	}
	return msg.T(lang, verdictKeys[row.Verdict])
}

func pct(f float64) string { return strconv.FormatFloat(100*f, 'f', 0, 64) + "%" }

func value(v float64, unit string) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case unit == "req/s" || math.Abs(v) >= 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case unit == "%":
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func signed(v float64, points bool, lang msg.Lang) string {
	if math.IsNaN(v) {
		return "-"
	}
	if points {
		return msg.T(lang, "baseline.points", strconv.FormatFloat(v, 'f', 2, 64))
	}
	s := strconv.FormatFloat(100*v, 'f', 1, 64)
	if v >= 0 {
		s = "+" + s
	}
	return s + "%"
}

// IntervalText is a row's interval, or "-".
func IntervalText(row Metric, lang msg.Lang) string {
	if math.IsNaN(row.Lo) {
		return "-"
	}
	lo, hi := signed(row.Lo, row.Points, lang), signed(row.Hi, row.Points, lang)
	if row.Points {
		lo, hi = signed(row.Lo, true, lang), signed(row.Hi, true, lang)
		if row.Lo >= 0 {
			lo = "+" + lo
		}
		if row.Hi >= 0 {
			hi = "+" + hi
		}
	}
	return msg.T(lang, "baseline.interval", lo, hi)
}

// WriteText writes the comparison as text: the fairness findings first
// (with "not a like-for-like comparison" when there are any), the table,
// the method, the rule and the verdict.
func WriteText(w io.Writer, v *Verdict, lang msg.Lang) error {
	var b strings.Builder
	fmt.Fprintln(&b, msg.T(lang, "baseline.files", strings.Join(v.BaseFiles, ", "), strings.Join(v.CandFiles, ", ")))
	var unfair, expected []Finding
	for _, f := range v.Findings {
		if f.Expected {
			expected = append(expected, f)
		} else {
			unfair = append(unfair, f)
		}
	}
	if len(unfair) > 0 {
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, msg.T(lang, "baseline.unfair"))
		for _, f := range unfair {
			fmt.Fprintln(&b, FindingLine(f, lang))
		}
	}
	if len(expected) > 0 {
		fmt.Fprintln(&b, msg.T(lang, "baseline.expected.head"))
		for _, f := range expected {
			fmt.Fprintln(&b, FindingLine(f, lang))
		}
	}
	fmt.Fprintln(&b)
	conf := pct(v.Confidence)
	tol := pct(v.Tolerance)
	fmt.Fprintln(&b, strings.TrimRight(msg.T(lang, "baseline.table.head", msg.T(lang, "baseline.col.metric"), msg.T(lang, "baseline.col.base"),
		msg.T(lang, "baseline.col.cand"), msg.T(lang, "baseline.col.change"), msg.T(lang, "baseline.col.interval", conf), msg.T(lang, "baseline.col.verdict")), " "))
	for _, row := range v.Metrics {
		fmt.Fprintln(&b, strings.TrimRight(msg.T(lang, "baseline.table.head", msg.T(lang, metricKeys[row.Name]), value(row.Base, row.Unit),
			value(row.Cand, row.Unit), signed(row.Change, row.Points, lang), IntervalText(row, lang), VerdictText(row, tol, lang)), " "))
	}
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, MethodText(v, lang))
	fmt.Fprintln(&b, msg.T(lang, "baseline.rule", tol, strconv.FormatFloat(v.ErrorTolerance, 'g', 3, 64)))
	fmt.Fprintln(&b, ConclusionText(v, lang))
	_, err := io.WriteString(w, b.String())
	return err
}

// MethodText says how the intervals were estimated.
func MethodText(v *Verdict, lang msg.Lang) string {
	df := strconv.FormatFloat(v.DF, 'f', 1, 64)
	conf := pct(v.Confidence)
	switch {
	case v.Method == MethodRuns:
		return msg.T(lang, "baseline.method.runs", conf, df, len(v.BaseFiles), len(v.CandFiles))
	case v.Blocks < 2:
		return msg.T(lang, "baseline.method.short", v.BlockSeconds, v.Blocks)
	}
	return msg.T(lang, "baseline.method.blocks", v.BlockSeconds, v.Blocks, conf, df)
}

// ConclusionText is the verdict line, chosen by the verdict.
func ConclusionText(v *Verdict, lang msg.Lang) string {
	tol := pct(v.Tolerance)
	var lines []string
	if v.CandidateNoOK {
		lines = append(lines, msg.T(lang, "baseline.fail.nook"))
	}
	if v.CandidateInterrupted {
		lines = append(lines, msg.T(lang, "baseline.fail.interrupted"))
	}
	if len(v.Regressions) > 0 && !v.CandidateNoOK {
		lines = append(lines, msg.T(lang, "baseline.fail", strings.Join(v.Regressions, ", "), tol))
	}
	if v.Strict && !v.Fair {
		lines = append(lines, msg.T(lang, "baseline.fail.strict"))
	}
	if len(lines) == 0 {
		return msg.T(lang, "baseline.pass", tol)
	}
	return strings.Join(lines, "\n")
}

// RegressionLines are one line per failing metric, for stderr.
func RegressionLines(v *Verdict, lang msg.Lang) []string {
	var out []string
	for _, row := range v.Metrics {
		if row.Fails {
			out = append(out, msg.T(lang, "baseline.stderr.metric", row.Name, signed(row.Change, row.Points, lang), IntervalText(row, lang)))
		}
	}
	return out
}

// num is a float for JSON: null when NaN.
func num(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// WriteJSON writes the verdict, its table and its fairness findings as one
// JSON object (unknown values are null).
func WriteJSON(w io.Writer, v *Verdict) error {
	type row struct {
		Name        string   `json:"name"`
		Unit        string   `json:"unit"`
		Base        *float64 `json:"baseline"`
		Cand        *float64 `json:"candidate"`
		Change      *float64 `json:"change"`
		Lo          *float64 `json:"low"`
		Hi          *float64 `json:"high"`
		Points      bool     `json:"change_in_points"`
		HigherWorse bool     `json:"higher_is_worse"`
		Verdict     string   `json:"verdict"`
		Fails       bool     `json:"fails"`
	}
	out := struct {
		*Verdict
		DF      *float64 `json:"df"`
		Metrics []row    `json:"metrics"`
	}{Verdict: v, DF: num(v.DF)}
	for _, m := range v.Metrics {
		out.Metrics = append(out.Metrics, row{Name: m.Name, Unit: m.Unit, Base: num(m.Base), Cand: num(m.Cand), Change: num(m.Change),
			Lo: num(m.Lo), Hi: num(m.Hi), Points: m.Points, HigherWorse: m.HigherWorse, Verdict: m.Verdict, Fails: m.Fails})
	}
	if out.Findings == nil {
		v.Findings = []Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// cdf returns r's latency distribution as x = log10(ms), y = the share of
// ok responses at or below it.
func cdf(r *loadresult.Result) (xs, ys []float64) {
	total := float64(r.Latency.Count)
	if total == 0 {
		return nil, nil
	}
	var run float64
	r.LatencyBuckets(func(us, c int64) {
		run += float64(c)
		xs = append(xs, math.Log10(max(float64(us), 1)/1e3))
		ys = append(ys, run/total)
	})
	return xs, ys
}

// series returns r's seconds with a latency (p50, p99) and its whole
// seconds' ok counts.
func series(r *loadresult.Result) (lt, p50, p99, ts, ok []float64) {
	full := int64(r.Window().Seconds())
	for i := range r.Series {
		s := &r.Series[i]
		if s.OK > 0 {
			var vals, cnts []int64
			s.Buckets(func(v, c int64) { vals, cnts = append(vals, v), append(cnts, c) })
			q := func(p float64) float64 {
				target := stats.HistRank(p, s.OK)
				var run int64
				for j := range vals {
					run += cnts[j]
					if run >= target {
						return float64(vals[j]) / 1e3
					}
				}
				return float64(vals[len(vals)-1]) / 1e3
			}
			lt = append(lt, float64(s.T))
			p50 = append(p50, q(50))
			p99 = append(p99, q(99))
		}
		if s.T < full {
			ts = append(ts, float64(s.T))
			ok = append(ok, float64(s.OK))
		}
	}
	return
}

// WriteHTML writes one self-contained HTML page: the fairness findings,
// the verdict table with intervals, both latency distributions overlaid
// (cumulative, on a log axis), both runs' latency and ok responses over
// time, and the text report. Hand-drawn SVG; no script.
func WriteHTML(w io.Writer, v *Verdict, lang msg.Lang) error {
	T := func(k string, a ...any) string { return msg.T(lang, k, a...) }
	baseName, candName := T("baseline.html.base"), T("baseline.html.cand")
	bx, by := cdf(v.Base)
	cx, cy := cdf(v.Cand)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range append(append([]float64{}, bx...), cx...) {
		lo, hi = min(lo, x), max(hi, x)
	}
	var ticks []float64
	if !math.IsInf(lo, 0) {
		// The axis is in log10 units; a tick up to 0.05 of a decade
		// beyond the data still shows.
		for _, t := range svgplot.LogTicks(math.Pow(10, lo-0.05), math.Pow(10, hi+0.05), 1, 2, 5) {
			ticks = append(ticks, t.Log10())
		}
	}
	dist := loadreport.Chart{Title: T("baseline.html.cdf"), XLabel: "ms", YLabel: T("baseline.html.share"),
		XTick: func(x float64) string { return strconv.FormatFloat(math.Pow(10, x), 'g', 3, 64) }, XTicks: ticks,
		Lines: []loadreport.Line{{Name: baseName, Color: "#1f77b4", Xs: bx, Ys: by}, {Name: candName, Color: "#d62728", Xs: cx, Ys: cy}}}
	blt, b50, b99, bts, bok := series(v.Base)
	clt, c50, c99, cts, cok := series(v.Cand)
	lat := loadreport.Chart{Title: T("baseline.html.lat"), XLabel: T("baseline.html.sec"), YLabel: "ms",
		Lines: []loadreport.Line{{Name: baseName + " p50", Color: "#1f77b4", Xs: blt, Ys: b50}, {Name: baseName + " p99", Color: "#9ecae1", Xs: blt, Ys: b99},
			{Name: candName + " p50", Color: "#d62728", Xs: clt, Ys: c50}, {Name: candName + " p99", Color: "#fc9272", Xs: clt, Ys: c99}}}
	thr := loadreport.Chart{Title: T("baseline.html.thr"), XLabel: T("baseline.html.sec"), YLabel: T("baseline.html.per"),
		Lines: []loadreport.Line{{Name: baseName, Color: "#1f77b4", Xs: bts, Ys: bok}, {Name: candName, Color: "#d62728", Xs: cts, Ys: cok}}}
	var text strings.Builder
	if err := WriteText(&text, v, lang); err != nil {
		return err
	}
	e := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="%s"><head><meta charset="utf-8"><title>%s</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;max-width:860px;color:#222}
pre{background:#f6f6f6;padding:12px;overflow-x:auto;font-size:13px}
.warn{border-left:4px solid #e39d00;background:#fff8e6;padding:6px 10px;margin:6px 0}
table{border-collapse:collapse;font-size:14px}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child,td:last-child,th:last-child{text-align:left}
.worse{color:#b00020;font-weight:600}.better{color:#1b7f3b}
svg{margin:12px 0;background:#fff}
</style></head><body>
<h1>%s</h1>
`, lang, e(T("baseline.html.title")), e(T("baseline.html.title")))
	fmt.Fprintf(&b, "<p>%s</p>\n", strings.ReplaceAll(e(T("baseline.files", strings.Join(v.BaseFiles, ", "), strings.Join(v.CandFiles, ", "))), "\n", "<br>"))
	fmt.Fprintf(&b, "<h2>%s</h2>\n", e(T("baseline.html.fair")))
	if v.Fair {
		fmt.Fprintf(&b, "<p>%s</p>\n", e(T("baseline.html.fairok")))
	} else {
		fmt.Fprintf(&b, "<div class=\"warn\"><b>%s</b></div>\n", e(T("baseline.unfair")))
	}
	for _, f := range v.Findings {
		fmt.Fprintf(&b, "<div class=\"warn\">%s</div>\n", e(strings.TrimSpace(FindingLine(f, lang))))
	}
	tol := pct(v.Tolerance)
	fmt.Fprintf(&b, "<h2>%s</h2>\n<table><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n", e(T("baseline.col.verdict")),
		e(T("baseline.col.metric")), e(T("baseline.col.base")), e(T("baseline.col.cand")), e(T("baseline.col.change")),
		e(T("baseline.col.interval", pct(v.Confidence))), e(T("baseline.col.verdict")))
	for _, row := range v.Metrics {
		cls := ""
		switch row.Verdict {
		case Worse:
			cls = ` class="worse"`
		case Better:
			cls = ` class="better"`
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td%s>%s</td></tr>\n", e(T(metricKeys[row.Name])),
			e(value(row.Base, row.Unit)), e(value(row.Cand, row.Unit)), e(signed(row.Change, row.Points, lang)), e(IntervalText(row, lang)), cls, e(VerdictText(row, tol, lang)))
	}
	fmt.Fprintf(&b, "</table>\n<p>%s</p>\n<p><b>%s</b></p>\n", e(MethodText(v, lang)), strings.ReplaceAll(e(ConclusionText(v, lang)), "\n", "<br>"))
	b.WriteString(dist.SVG() + "\n" + lat.SVG() + "\n" + thr.SVG() + "\n")
	fmt.Fprintf(&b, "<pre>%s</pre>\n</body></html>\n", e(text.String()))
	_, err := io.WriteString(w, b.String())
	return err
}
