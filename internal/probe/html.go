package probe

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/svgplot"
)

// A chart is drawn by hand as SVG (no library, no script), like
// loadgen's and plan's: series of points, optionally a band.
type series struct {
	name   string
	color  string
	xs, ys []float64
	dashed bool
	dots   bool      // points only
	curve  bool      // a line only (no point marks)
	lo, hi []float64 // a band around the line, when set
}

type plot struct {
	title, xlabel, ylabel string
	series                []series
	logY                  bool // a logarithmic y axis when the values span more than 20x
}

const (
	plotW, plotH        = 820, 300
	plotL, plotR, plotT = 70, 20, 36
	plotB               = 44
	innerW, innerH      = plotW - plotL - plotR, plotH - plotT - plotB
	maxTicks            = 6
)

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func (p plot) svg() string {
	xmin, xmax, ymax, ymin := math.Inf(1), math.Inf(-1), 0.0, math.Inf(1)
	for _, s := range p.series {
		for i, x := range s.xs {
			if !finite(x) || !finite(s.ys[i]) {
				continue
			}
			xmin, xmax = math.Min(xmin, x), math.Max(xmax, x)
			ymax = math.Max(ymax, s.ys[i])
			if s.ys[i] > 0 {
				ymin = math.Min(ymin, s.ys[i])
			}
			if s.hi != nil && finite(s.hi[i]) {
				ymax = math.Max(ymax, s.hi[i])
			}
		}
	}
	if !finite(xmin) {
		return ""
	}
	xmin = 0
	if xmax <= xmin {
		xmax = xmin + 1
	}
	if ymax <= 0 {
		ymax = 1
	}
	ymax *= 1.08
	X := func(x float64) float64 { return plotL + (x-xmin)/(xmax-xmin)*innerW }
	Y := func(y float64) float64 { return plotT + innerH - math.Min(y, ymax)/ymax*innerH }
	yticks := ticks(ymax)
	if p.logY && finite(ymin) && ymax/ymin > 20 {
		lo := math.Pow(10, math.Floor(math.Log10(ymin)))
		Y = func(y float64) float64 {
			y = math.Min(math.Max(y, lo), ymax)
			return plotT + innerH - math.Log(y/lo)/math.Log(ymax/lo)*innerH
		}
		yticks = nil
		for _, t := range svgplot.LogTicks(lo, ymax, 1) {
			yticks = append(yticks, t.Value())
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`, plotW, plotH, plotW, plotH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><text x="%d" y="18" font-size="13" font-weight="bold">%s</text>`, plotW, plotH, plotL, html.EscapeString(p.title))
	for _, t := range yticks {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`, plotL, plotL+innerW, Y(t), Y(t), plotL-6, Y(t)+4, tick(t))
	}
	for _, t := range ticks(xmax) {
		fmt.Fprintf(&b, `<line y1="%d" y2="%d" x1="%.1f" x2="%.1f" stroke="#eee"/><text y="%d" x="%.1f" text-anchor="middle">%s</text>`, plotT, plotT+innerH, X(t), X(t), plotT+innerH+16, X(t), tick(t))
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>`, plotL, plotT, innerW, innerH)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, plotL+innerW/2, plotH-6, html.EscapeString(p.xlabel))
	fmt.Fprintf(&b, `<text transform="translate(14,%d) rotate(-90)" text-anchor="middle">%s</text>`, plotT+innerH/2, html.EscapeString(p.ylabel))
	legX, legRow := plotL+10, 0
	for _, s := range p.series {
		idx := order(s.xs)
		if s.lo != nil && s.dots {
			// Measured points: a whisker over each one's interval.
			for _, i := range idx {
				if finite(s.xs[i]) && finite(s.lo[i]) && finite(s.hi[i]) && s.hi[i] > 0 {
					fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s" stroke-width="1.5"/>`, X(s.xs[i]), X(s.xs[i]), Y(s.lo[i]), Y(s.hi[i]), s.color)
				}
			}
		} else if s.lo != nil {
			var pts []string
			for _, i := range idx {
				if finite(s.hi[i]) {
					pts = append(pts, fmt.Sprintf("%.1f,%.1f", X(s.xs[i]), Y(s.hi[i])))
				}
			}
			for j := len(idx) - 1; j >= 0; j-- {
				if i := idx[j]; finite(s.lo[i]) {
					pts = append(pts, fmt.Sprintf("%.1f,%.1f", X(s.xs[i]), Y(s.lo[i])))
				}
			}
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" fill-opacity="0.15" stroke="none"/>`, strings.Join(pts, " "), s.color)
		}
		var pts []string
		for _, i := range idx {
			if finite(s.xs[i]) && finite(s.ys[i]) {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", X(s.xs[i]), Y(s.ys[i])))
			}
		}
		dash := ""
		if s.dashed {
			dash = ` stroke-dasharray="5,4"`
		}
		if !s.dots {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"%s/>`, strings.Join(pts, " "), s.color, dash)
		}
		for _, pt := range pts {
			if s.curve {
				break
			}
			x, y, _ := strings.Cut(pt, ",")
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="3" fill="%s"/>`, x, y, s.color)
		}
		// The legend runs along the top, as wide as each label, onto a
		// new row when the next would pass the plot's right edge.
		w := legendWidth(s.name)
		if legX > plotL+10 && legX+w > plotL+innerW {
			legX, legRow = plotL+10, legRow+1
		}
		lx, ly := legX, plotT+10+legRow*14
		legX += w
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="3" fill="%s"/><text x="%d" y="%d">%s</text>`, lx, ly, s.color, lx+16, ly+4, html.EscapeString(s.name))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// legendWidth is a legend entry's width in px at the SVG's 11 px font:
// the swatch, the label (Hangul about twice a Latin letter) and a gap.
func legendWidth(name string) int {
	w := 16.0 + 24
	for _, r := range name {
		if r >= 0x1100 {
			w += 11
		} else {
			w += 6.2
		}
	}
	return int(w)
}

// nanIfZero is v, or NaN for 0 (none): a missing interval is not drawn.
func nanIfZero(v float64) float64 {
	if v == 0 {
		return math.NaN()
	}
	return v
}

func order(xs []float64) []int {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && xs[idx[j]] < xs[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

func ticks(hi float64) []float64 {
	step := svgplot.NiceStep(hi / maxTicks)
	var out []float64
	for v := 0.0; v <= hi*1.0001; v += step {
		out = append(out, v)
	}
	return out
}

func tick(v float64) string {
	if v >= 1000 && math.Mod(v, 1000) == 0 {
		return trimNum(v/1000, 0) + "k"
	}
	if v == math.Trunc(v) {
		return trimNum(v, 0)
	}
	return trimNum(v, 1)
}

// WriteHTML writes a self-contained report: the verdict, throughput and
// in flight against offered rate, latency against rate with the model's
// curve and its band over seeds, and the USL curve.
func WriteHTML(w io.Writer, lang msg.Lang, res *Result) error {
	var open []Step
	for _, st := range res.Steps {
		if !st.Closed && st.OfferedRPS > 0 && st.OK > 0 {
			open = append(open, st)
		}
	}
	var off, ok, infl, busy, p99, p99lo, p99hi, p50, m99, mlo, mhi, m50, cf99 []float64
	for _, st := range open {
		off = append(off, st.OfferedRPS)
		ok = append(ok, st.OKRPS)
		infl = append(infl, st.InFlight)
		busy = append(busy, st.Busy)
		p99 = append(p99, st.P99MS)
		p99lo, p99hi = append(p99lo, nanIfZero(st.P99Lo)), append(p99hi, nanIfZero(st.P99Hi))
		p50 = append(p50, st.P50MS)
		if p := st.Pred; p != nil {
			m99, mlo, mhi, m50 = append(m99, p.P99MS), append(mlo, p.P99Lo), append(mhi, p.P99Hi), append(m50, p.P50MS)
			cf99 = append(cf99, float64(p.CFP99MS))
		} else {
			nan := math.NaN()
			m99, mlo, mhi, m50, cf99 = append(m99, nan), append(mlo, nan), append(mhi, nan), append(m50, nan), append(cf99, nan)
		}
	}
	rate := msg.T(lang, "probe.html.offered")
	plots := []plot{
		{title: msg.T(lang, "probe.html.tput"), xlabel: rate, ylabel: msg.T(lang, "probe.html.rps"), series: []series{
			{name: msg.T(lang, "probe.html.offered"), color: "#bbb", xs: off, ys: off, dashed: true},
			{name: msg.T(lang, "probe.html.ok"), color: "#1f77b4", xs: off, ys: ok}}},
		{title: msg.T(lang, "probe.html.inflight"), xlabel: rate, ylabel: msg.T(lang, "probe.html.requests"), series: []series{
			{name: msg.T(lang, "probe.html.inflight_line"), color: "#d62728", xs: off, ys: infl},
			{name: msg.T(lang, "probe.html.busy_line"), color: "#2ca02c", xs: off, ys: busy}}},
		{title: msg.T(lang, "probe.html.latency"), xlabel: rate, ylabel: "ms", logY: true, series: []series{
			{name: msg.T(lang, "probe.html.p99"), color: "#d62728", xs: off, ys: p99, lo: p99lo, hi: p99hi, dots: true},
			{name: msg.T(lang, "probe.html.model_p99"), color: "#ff7f0e", xs: off, ys: m99, lo: mlo, hi: mhi},
			{name: msg.T(lang, "probe.html.p50"), color: "#1f77b4", xs: off, ys: p50, dots: true},
			{name: msg.T(lang, "probe.html.model_p50"), color: "#9467bd", xs: off, ys: m50, dashed: true},
			{name: msg.T(lang, "probe.html.cf_p99"), color: "#8c564b", xs: off, ys: cf99, dashed: true}}},
	}
	if u := res.USL; u != nil {
		var ns, xs, curveN, curveX []float64
		nmax := 0.0
		for _, st := range res.Steps {
			if st.OK > 0 && st.InFlight > 0 && st.Kind != "confirm" {
				ns, xs = append(ns, st.InFlight), append(xs, st.OKRPS)
				nmax = math.Max(nmax, st.InFlight)
			}
		}
		for i := 0; i <= 60; i++ {
			n := 1 + (nmax-1)*float64(i)/60
			curveN, curveX = append(curveN, n), append(curveX, u.At(n))
		}
		plots = append(plots, plot{title: msg.T(lang, "probe.html.usl"), xlabel: msg.T(lang, "probe.html.inflight_line"), ylabel: msg.T(lang, "probe.html.rps"), series: []series{
			{name: msg.T(lang, "probe.html.measured"), color: "#1f77b4", xs: ns, ys: xs, dots: true},
			{name: "USL", color: "#ff7f0e", xs: curveN, ys: curveX, curve: true}}})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=%q><head><meta charset=\"utf-8\"><title>waitlab probe %s</title>", string(lang), html.EscapeString(res.URL))
	b.WriteString(`<style>body{font-family:sans-serif;max-width:880px;margin:20px auto;color:#222}pre{font-size:11px;overflow-x:auto;background:#f6f6f6;padding:8px}p{line-height:1.45}</style></head><body>`)
	fmt.Fprintf(&b, "<h1>waitlab probe</h1><p>%s</p>", html.EscapeString(msg.T(lang, "probe.head", res.URL, strings.Join(res.SLOs, ", "), num0(res.MaxRate), num1(res.BudgetS), num1(res.ElapsedS))))
	fmt.Fprintf(&b, "<h2>%s</h2><p>%s</p>", html.EscapeString(msg.T(lang, "probe.verdict.head", shapeText(lang, res.ShapeName))), html.EscapeString(VerdictText(lang, res)))
	for _, p := range plots {
		b.WriteString("<div>" + p.svg() + "</div>\n")
	}
	var tbl strings.Builder
	if err := WriteStepsTable(&tbl, lang, res.Steps); err != nil {
		return err
	}
	fmt.Fprintf(&b, "<pre>%s</pre><ul>", html.EscapeString(tbl.String()))
	for _, n := range append(append([]Note{}, res.Notes...), res.Warnings...) {
		fmt.Fprintf(&b, "<li>%s</li>", html.EscapeString(n.Text))
	}
	if a := res.Size; a != nil {
		fmt.Fprintf(&b, "<li>%s</li>", html.EscapeString(a.Note.Text))
	}
	b.WriteString("</ul></body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
