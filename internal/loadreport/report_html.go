package loadreport

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/svgplot"
)

// line is one series of a chart.
type line struct {
	name  string
	color string
	xs    []float64
	ys    []float64
}

// chart is a line chart drawn as inline SVG, by hand: no script, no
// third-party code.
type chart struct {
	title, xLabel, yLabel string
	lines                 []line
	// xTick formats an x value for its axis label; nil means a number.
	xTick func(float64) string
	xs    []float64 // tick positions; nil means automatic
}

const (
	chartW, chartH         = 760, 300
	padL, padR, padT, padB = 64, 16, 34, 44
)

// niceTicks returns about n round tick values covering [lo, hi].
func niceTicks(lo, hi float64, n int) []float64 {
	if hi <= lo {
		hi = lo + 1
	}
	step := svgplot.RoundStep((hi-lo)/float64(n), 1, 2, 2.5, 5)
	var out []float64
	for v := math.Floor(lo/step) * step; ; v += step {
		out = append(out, v)
		if v >= hi-step*1e-9 || len(out) > 4*n {
			return out
		}
	}
}

func fmtTick(v float64) string {
	if math.Abs(v) >= 1000 {
		return grouped(int64(math.Round(v)))
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

func (c chart) svg() string {
	var b strings.Builder
	xmin, xmax, ymax := math.Inf(1), math.Inf(-1), 0.0
	for _, l := range c.lines {
		for i := range l.xs {
			xmin, xmax = min(xmin, l.xs[i]), max(xmax, l.xs[i])
			ymax = max(ymax, l.ys[i])
		}
	}
	if math.IsInf(xmin, 0) {
		xmin, xmax = 0, 1
	}
	if xmax <= xmin {
		xmax = xmin + 1
	}
	yt := niceTicks(0, max(ymax, 1e-9)*1.05, 5)
	ytop := yt[len(yt)-1]
	pw, ph := float64(chartW-padL-padR), float64(chartH-padT-padB)
	px := func(x float64) float64 { return float64(padL) + (x-xmin)/(xmax-xmin)*pw }
	py := func(y float64) float64 { return float64(padT) + ph - y/ytop*ph }
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s" font-family="system-ui, sans-serif">`,
		chartW, chartH, chartW, chartH, html.EscapeString(c.title))
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="14" font-weight="600">%s</text>`, padL, html.EscapeString(c.title))
	for _, y := range yt {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#e5e5e5"/><text x="%d" y="%.1f" font-size="11" text-anchor="end">%s</text>`,
			padL, chartW-padR, py(y), py(y), padL-6, py(y)+4, fmtTick(y))
	}
	xt := c.xs
	if xt == nil {
		xt = niceTicks(xmin, xmax, 8)
	}
	for _, x := range xt {
		if x < xmin-1e-9 || x > xmax+1e-9 {
			continue
		}
		label := fmtTick(x)
		if c.xTick != nil {
			label = c.xTick(x)
		}
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#e5e5e5"/><text x="%.1f" y="%d" font-size="11" text-anchor="middle">%s</text>`,
			px(x), px(x), padT, chartH-padB, px(x), chartH-padB+16, html.EscapeString(label))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" text-anchor="middle">%s</text>`, padL+int(pw/2), chartH-6, html.EscapeString(c.xLabel))
	fmt.Fprintf(&b, `<text transform="translate(14,%d) rotate(-90)" font-size="12" text-anchor="middle">%s</text>`, padT+int(ph/2), html.EscapeString(c.yLabel))
	legendX := padL + 10
	for _, l := range c.lines {
		if len(l.xs) == 0 {
			continue
		}
		var pts strings.Builder
		for j := range l.xs {
			fmt.Fprintf(&pts, "%.1f,%.1f ", px(l.xs[j]), py(l.ys[j]))
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1.8" points="%s"/>`, l.color, strings.TrimSpace(pts.String()))
		if len(l.xs) == 1 {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, px(l.xs[0]), py(l.ys[0]), l.color)
		}
		lx := legendX
		legendX += 36 + 7*len([]rune(l.name)) // about 7 px a character at 12 px
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="4" fill="%s"/><text x="%d" y="%d" font-size="12">%s</text>`,
			lx, padT+6, l.color, lx+16, padT+11, html.EscapeString(l.name))
	}
	b.WriteString(`<rect x="` + strconv.Itoa(padL) + `" y="` + strconv.Itoa(padT) + `" width="` + strconv.FormatFloat(pw, 'f', 0, 64) +
		`" height="` + strconv.FormatFloat(ph, 'f', 0, 64) + `" fill="none" stroke="#999"/></svg>`)
	return b.String()
}

// spectrum samples a latency distribution at percentiles spread on a log
// scale of 1/(1-q): x is -log10(1-q) (0 = p0, 2 = p99, 3 = p99.9).
func spectrum(h *loadresult.Hist) ([]float64, []float64) {
	if h.Count == 0 {
		return nil, nil
	}
	hh := h.Histogram()
	var xs, ys []float64
	top := math.Min(5, math.Log10(float64(h.Count)))
	for x := 0.0; x <= top+1e-9; x += 0.05 {
		q := 100 * (1 - math.Pow(10, -x))
		v := hh.ValueAtQuantile(q)
		if x == 0 {
			v = hh.Min()
		}
		xs = append(xs, x)
		ys = append(ys, float64(v)/1e3)
	}
	xs = append(xs, top+0.05)
	ys = append(ys, float64(h.MaxNS)/1e6)
	return xs, ys
}

func percentileLabel(x float64) string {
	q := 100 * (1 - math.Pow(10, -x))
	switch {
	case x == 0:
		return "p0"
	case x < 2:
		return "p" + strconv.FormatFloat(q, 'f', 0, 64)
	}
	return "p" + strconv.FormatFloat(q, 'f', int(math.Round(x))-2, 64)
}

// WriteHTML writes one self-contained HTML file: the summary, the
// warnings and three hand-drawn SVG plots (latency percentiles over time,
// the latency distribution, throughput and errors over time).
func WriteHTML(w io.Writer, rep *Report, lang msg.Lang) error {
	r := rep.res
	var text strings.Builder
	if err := WriteText(&text, rep, lang, 0); err != nil {
		return err
	}
	var ts, p50, p99, okS, errS []float64
	var lts []float64 // seconds with a latency (a successful response)
	for _, p := range rep.Series {
		if p.P50MS != nil {
			lts = append(lts, float64(p.T))
			p50 = append(p50, *p.P50MS)
			p99 = append(p99, *p.P99MS)
		}
		if p.Partial {
			continue // a part of a second is no rate per second
		}
		ts = append(ts, float64(p.T))
		okS = append(okS, float64(p.OK))
		errS = append(errS, float64(p.Errors))
	}
	T := func(key string) string { return msg.T(lang, "load.html."+key) }
	secLabel, msLabel := T("seconds"), "ms"
	// The closed model measures from the actual send, the open model from
	// the intended one: the plots say which.
	if r.Model == "closed" {
		T = func(key string) string {
			if msg.Has("load.html." + key + ".closed") {
				key += ".closed"
			}
			return msg.T(lang, "load.html."+key)
		}
	}
	overTime := chart{title: T("over_time"), xLabel: secLabel, yLabel: msLabel,
		lines: []line{{name: "p50", color: "#1f77b4", xs: lts, ys: p50}, {name: "p99", color: "#d62728", xs: lts, ys: p99}}}
	lx, ly := spectrum(&r.Latency)
	sx, sy := spectrum(&r.Service)
	dist := chart{title: T("distribution"), xLabel: T("percentile"), yLabel: msLabel, xTick: percentileLabel,
		xs:    []float64{0, 1, 2, 3, 4, 5},
		lines: []line{{name: T("latency"), color: "#d62728", xs: lx, ys: ly}}}
	if r.Model == "open" {
		dist.lines = append(dist.lines, line{name: T("service"), color: "#2ca02c", xs: sx, ys: sy})
	}
	thr := chart{title: T("throughput"), xLabel: secLabel, yLabel: T("per_second"),
		lines: []line{{name: T("ok"), color: "#2ca02c", xs: ts, ys: okS},
			{name: T("errors"), color: "#d62728", xs: ts, ys: errS}}}
	title := "waitlab load " + T(r.Model)
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="%s"><head><meta charset="utf-8"><title>%s</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;max-width:820px;color:#222}
pre{background:#f6f6f6;padding:12px;overflow-x:auto;font-size:13px}
.warn{border-left:4px solid #e39d00;background:#fff8e6;padding:6px 10px;margin:6px 0}
.warn code{font-weight:bold}
svg{margin:12px 0;background:#fff}
</style></head><body>
<h1>%s</h1>
<p>%s &middot; %s</p>
`, lang, html.EscapeString(title), html.EscapeString(title), html.EscapeString(r.URL), html.EscapeString(startTime(r.Start)))
	if len(rep.Warnings) > 0 {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", html.EscapeString(msg.T(lang, "load.warnings")))
		for _, wn := range rep.Warnings {
			fmt.Fprintf(&b, "<div class=\"warn\"><code>%s</code> %s</div>\n", html.EscapeString(wn.Code), html.EscapeString(wn.Message))
		}
	}
	b.WriteString(overTime.svg() + "\n" + dist.svg() + "\n" + thr.svg() + "\n")
	fmt.Fprintf(&b, "<pre>%s</pre>\n", html.EscapeString(text.String()))
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func startTime(s string) string {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return s
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}
