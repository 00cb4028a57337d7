package plan

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/svgplot"
)

// SVG geometry, in pixels.
const (
	svgW      = 900
	svgPanelH = 320
	svgL      = 80
	svgR      = 30
	svgT      = 50
	svgB      = 50
)

// WriteSVG draws the curve of each SLO's figure against the size as a
// standalone SVG document written by hand (no library, no script): one
// panel per SLO with the simulated figure and its range over seeds, the
// closed form when there is one, the SLO's bound, the answer and the knee.
// Overloaded sizes are marked on the top edge. Axes turn logarithmic when
// their range spans more than a factor of 20.
func WriteSVG(w io.Writer, lang msg.Lang, r *Result) error {
	if len(r.Curve) == 0 || len(r.SLOs) == 0 {
		return fmt.Errorf("plan: no curve to draw")
	}
	h := len(r.SLOs) * svgPanelH
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", svgW, h, svgW, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgW, h)
	knob := msg.T(lang, "plan.knob."+string(r.Knob))
	for i, o := range r.SLOs {
		panel(&b, lang, r, i, o, knob, i*svgPanelH)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

type axis struct {
	lo, hi float64
	log    bool
	p0, p1 float64 // pixels for lo and hi
}

func newAxis(lo, hi, p0, p1 float64) axis {
	if hi <= lo {
		hi = lo + 1
		if lo > 0 {
			lo, hi = lo*0.9, lo*1.1
		}
	}
	a := axis{lo: lo, hi: hi, p0: p0, p1: p1}
	a.log = lo > 0 && hi/lo > 20
	return a
}

func (a axis) at(v float64) float64 {
	var f float64
	if a.log {
		f = math.Log(v/a.lo) / math.Log(a.hi/a.lo)
	} else {
		f = (v - a.lo) / (a.hi - a.lo)
	}
	return a.p0 + f*(a.p1-a.p0)
}

// ticks returns about n round values within the axis.
func (a axis) ticks(n int) []float64 {
	var out []float64
	if a.log {
		for _, t := range svgplot.LogTicks(a.lo*0.9999, a.hi*1.0001, 1, 2, 5) {
			out = append(out, t.Value())
		}
		return out
	}
	step := svgplot.NiceStep((a.hi - a.lo) / float64(n))
	for v := math.Ceil(a.lo/step) * step; v <= a.hi+step*1e-9; v += step {
		out = append(out, v)
	}
	return out
}

func fnum(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// plot is one panel being drawn: where it goes and its two axes.
type plot struct {
	b                        *strings.Builder
	lang                     msg.Lang
	left, right, top, bottom float64
	xa, ya                   axis
}

// panel draws SLO i's curve (o its SLO) at height y0: the frame, the
// bound, the answer and knee, the closed form, the 95% band, the
// simulated points and a legend, in that order (later ones on top).
func panel(b *strings.Builder, lang msg.Lang, r *Result, i int, o SLO, knob string, y0 int) {
	pl := plot{b: b, lang: lang, top: float64(y0 + svgT), bottom: float64(y0 + svgPanelH - svgB), left: float64(svgL), right: float64(svgW - svgR)}
	xlo, xhi, ylo, yhi := panelRange(r, i, o)
	pl.xa = newAxis(xlo, xhi, pl.left, pl.right)
	pl.ya = newAxis(ylo, yhi, pl.bottom, pl.top)
	title := msg.T(lang, "plan.svg.title", knob, o.label(), o.Text)
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" font-weight="bold">%s</text>`+"\n", svgL, y0+22, svgplot.Esc(title))
	pl.frame(o, knob)
	pl.marks(r, o)
	if r.Cross != nil {
		pl.analytic(r, i, ylo, yhi)
	}
	band := pl.band(r, i, yhi)
	pl.points(r, i, o)
	pl.legend(r, band)
}

// panelRange is the x range (sizes) and y range (every finite figure,
// interval, bound and closed form) of SLO i's panel.
func panelRange(r *Result, i int, o SLO) (xlo, xhi, ylo, yhi float64) {
	xlo, xhi = math.Inf(1), math.Inf(-1)
	ylo, yhi = o.Value, o.Value
	for _, p := range r.Curve {
		xlo, xhi = min(xlo, float64(p.Size)), max(xhi, float64(p.Size))
		vs := []Num{p.Values[i], p.SeedMin[i], p.SeedMax[i]}
		if i < len(p.CI) && !p.Overloaded {
			vs = append(vs, p.CI[i][0], p.CI[i][1])
		}
		for _, v := range vs {
			if f := float64(v); p.Simulated && !math.IsNaN(f) && !math.IsInf(f, 0) {
				ylo, yhi = min(ylo, f), max(yhi, f)
			}
		}
		if i < len(p.Analytic) {
			if f := float64(p.Analytic[i]); !math.IsNaN(f) && !math.IsInf(f, 0) {
				ylo, yhi = min(ylo, f), max(yhi, f)
			}
		}
	}
	if !(ylo > 0) || o.Metric == "rps" {
		ylo = 0
	} else if yhi/ylo <= 20 {
		ylo = 0
	}
	return xlo, xhi, ylo, yhi * 1.05
}

// frame draws the frame, the grid, the ticks and the axis labels.
func (pl *plot) frame(o SLO, knob string) {
	b, left, right, top, bottom := pl.b, pl.left, pl.right, pl.top, pl.bottom
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#999"/>`+"\n", left, top, right-left, bottom-top)
	for _, v := range pl.ya.ticks(5) {
		y := pl.ya.at(v)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>`, left, y, right, y)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y+4, fnum(v))
	}
	for _, v := range pl.xa.ticks(10) {
		x := pl.xa.at(v)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999"/>`, x, bottom, x, bottom+4)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", x, bottom+16, fnum(v))
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", (left+right)/2, bottom+34, svgplot.Esc(knob))
	fmt.Fprintf(b, `<text x="%d" y="%.1f" transform="rotate(-90 %d %.1f)" text-anchor="middle">%s (%s)</text>`+"\n", 16, (top+bottom)/2, 16, (top+bottom)/2, svgplot.Esc(o.label()), o.Unit())
}

// marks draws the SLO's bound, the answer and the knee.
func (pl *plot) marks(r *Result, o SLO) {
	b, lang := pl.b, pl.lang
	yb := pl.ya.at(o.Value)
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#d9534f" stroke-dasharray="6 4"/>`, pl.left, yb, pl.right, yb)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end" fill="#d9534f">%s %s</text>`+"\n", pl.right-4, yb-4, msg.T(lang, "plan.svg.slo"), svgplot.Esc(o.Text))
	if r.Answer > 0 {
		x := pl.xa.at(float64(r.Answer))
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#2e8b57" stroke-width="2"/>`, x, pl.top, x, pl.bottom)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#2e8b57">%s</text>`+"\n", x+4, pl.top+14, svgplot.Esc(msg.T(lang, "plan.svg.answer", r.Answer)))
	}
	if r.Knee > 0 && r.Knee != r.Answer {
		x := pl.xa.at(float64(r.Knee))
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="2 3"/>`, x, pl.top, x, pl.bottom)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#666">%s</text>`+"\n", x+4, pl.top+28, svgplot.Esc(msg.T(lang, "plan.svg.knee", r.Knee)))
	}
}

// analytic draws the closed form as a line through the curve's sizes.
func (pl *plot) analytic(r *Result, i int, ylo, yhi float64) {
	var pts []string
	for _, p := range r.Curve {
		if i >= len(p.Analytic) {
			continue
		}
		f := float64(p.Analytic[i])
		if math.IsNaN(f) || math.IsInf(f, 0) || f < ylo || f > yhi {
			continue
		}
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", pl.xa.at(float64(p.Size)), pl.ya.at(f)))
	}
	if len(pts) > 1 {
		fmt.Fprintf(pl.b, `<polyline points="%s" fill="none" stroke="#5bc0de" stroke-width="2"/>`+"\n", strings.Join(pts, " "))
	}
}

// band draws the 95% interval as a band under the simulated points, and
// reports whether there was one.
func (pl *plot) band(r *Result, i int, yhi float64) bool {
	var upper, lower []string
	for _, p := range r.Curve {
		if !p.Simulated || p.Overloaded || i >= len(p.CI) {
			continue
		}
		lo, hi := float64(p.CI[i][0]), float64(p.CI[i][1])
		if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(hi, 0) {
			continue
		}
		x := pl.xa.at(float64(p.Size))
		upper = append(upper, fmt.Sprintf("%.1f,%.1f", x, pl.ya.at(min(hi, yhi))))
		lower = append([]string{fmt.Sprintf("%.1f,%.1f", x, pl.ya.at(max(lo, pl.ya.lo)))}, lower...)
	}
	if len(upper) > 0 {
		fmt.Fprintf(pl.b, `<polygon points="%s" fill="#f0ad4e" fill-opacity="0.3" stroke="#f0ad4e" stroke-width="0.5"><title>%s</title></polygon>`+"\n",
			strings.Join(append(upper, lower...), " "), svgplot.Esc(msg.T(pl.lang, "plan.svg.band")))
	}
	return len(upper) > 0
}

// points draws the simulated points, each with its range over seeds, and
// marks the sizes not simulated.
func (pl *plot) points(r *Result, i int, o SLO) {
	b, ya := pl.b, pl.ya
	var pts []string
	for _, p := range r.Curve {
		x := pl.xa.at(float64(p.Size))
		if !p.Simulated {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#d9534f"><title>%d: %s</title>×</text>`, x, pl.top+10, p.Size, svgplot.Esc(msg.T(pl.lang, "plan.met.overload")))
			continue
		}
		f := float64(p.Values[i])
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		lo, hi := float64(p.SeedMin[i]), float64(p.SeedMax[i])
		if !math.IsNaN(lo) && !math.IsInf(lo, 0) && hi > lo {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`, x, ya.at(max(lo, ya.lo)), x, ya.at(hi))
		}
		fill := "#333"
		if p.Overloaded {
			fill = "#d9534f"
		}
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%d: %s</title></circle>`+"\n", x, ya.at(f), fill, p.Size, svgplot.Esc(val(o, f)))
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, ya.at(f)))
	}
	if len(pts) > 1 {
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="#333" stroke-width="1"/>`+"\n", strings.Join(pts, " "))
	}
}

// legend names the points, the band (when drawn) and the closed form.
func (pl *plot) legend(r *Result, band bool) {
	b, lang := pl.b, pl.lang
	lx := pl.left + 10
	ly := pl.bottom - 12
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3" fill="#333"/><text x="%.1f" y="%.1f">%s</text>`+"\n", lx, ly-3, lx+8, ly, svgplot.Esc(msg.T(lang, "plan.svg.sim")))
	if band {
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="12" height="8" fill="#f0ad4e" fill-opacity="0.3"/><text x="%.1f" y="%.1f">%s</text>`+"\n", pl.right-150, ly-7, pl.right-134, ly, svgplot.Esc(msg.T(lang, "plan.svg.band")))
	}
	if r.Cross != nil {
		kind := r.Cross.Kind
		if r.Cross.Approx {
			kind = msg.T(lang, "plan.cross.approx", kind)
		}
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#5bc0de" stroke-width="2"/><text x="%.1f" y="%.1f">%s</text>`+"\n", lx, ly-18, lx+12, ly-18, lx+16, ly-15, svgplot.Esc(msg.T(lang, "plan.svg.analytic", kind)))
	}
}
