package report

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
	"github.com/waitlab/waitlab/internal/svgplot"
)

// SVG geometry, in pixels.
const (
	svgWidth = 1000
	svgLeft  = 120 // lane labels
	svgRight = 20
	svgChart = svgWidth - svgLeft - svgRight
	svgTop   = 64 // title and legend
	svgRow   = 16
	svgBar   = 12
	// svgMinSpan is the narrowest span (pixels) that gets a boundary line
	// and a hover title; svgMaxMarks caps how many, to keep files small.
	svgMinSpan  = 6
	svgMaxMarks = 5000
	svgBand     = 80 // the busy band when lanes are folded
	svgBottom   = 44 // axis
	svgWait     = 40 // the waiting row
)

var svgColor = [nKinds]string{"#f2f2f2", "#d9534f", "#f0ad4e", "#8e44ad", "#5bc0de"}

// WriteSVGTimeline draws t as a standalone SVG document: a title, a legend,
// one row per lane (up to MaxLanes; beyond, the first FoldedLanes and a
// band with the number of busy lanes over time) and a time axis. The SVG
// is written by hand; it needs no library and no script.
func WriteSVGTimeline(w io.Writer, lang msg.Lang, t *model.Trace) error {
	if t == nil {
		return fmt.Errorf("report: no timeline to draw: %s", msg.T(lang, "report.notrace"))
	}
	g := sample(t, svgChart)
	names := laneNames(lang, t.Lanes, g.shown)
	unit := narrate.UnitFor(g.end)
	rowsH := g.shown * svgRow
	// The waiting row: requests that arrived and have not ended without
	// holding a lane, so a loop or virtual-thread picture does not look idle.
	waitY := svgTop + rowsH + 6
	waitH := 0
	if g.anyWaiting() {
		waitH = svgWait
	}
	bandY := waitY + waitH + 8
	axisY := waitY + waitH + 4
	if g.folded {
		axisY = bandY + svgBand + 4
	}
	height := axisY + svgBottom

	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n",
		svgWidth, height, svgWidth, height)
	title := msg.T(lang, "report.svg.title", len(t.Lanes), len(t.Records), narrate.Duration(lang, g.end, unit))
	switch t.Source {
	case "model":
		title += " — " + msg.T(lang, "report.svg.source.model")
	case "real":
		title += " — " + msg.T(lang, "report.svg.source.real")
	}
	fmt.Fprintf(&b, "<title>%s</title>\n", svgplot.Esc(title))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, height)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", svgLeft, svgplot.Esc(title))

	svgLegend(&b, lang, t)
	px := float64(svgChart) / float64(g.cols)
	svgLanes(&b, g, names, px)
	svgSpans(&b, lang, t, g)
	if waitH > 0 {
		svgWaiting(&b, lang, g, waitY, waitH, px)
	}

	// The busy band: how many of all lanes are busy, over time.
	if g.folded {
		svgBusy(&b, lang, t, g, bandY, px)
	}

	svgAxis(&b, lang, g, unit, axisY)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// svgLegend draws the colour legend.
func svgLegend(b *strings.Builder, lang msg.Lang, t *model.Trace) {
	x := svgLeft
	for k, key := range []string{"report.legend.idle", "report.legend.cpu", holdKey(t.Lanes), "report.legend.lock", "report.legend.ready"} {
		label := msg.T(lang, key)
		fmt.Fprintf(b, `<rect x="%d" y="34" width="12" height="12" fill="%s" stroke="#999" stroke-width="0.5"/>`, x, svgColor[k])
		fmt.Fprintf(b, `<text x="%d" y="44">%s</text>`+"\n", x+16, svgplot.Esc(label))
		x += 16 + 7*Width(label) + 18
	}

}

// svgLanes draws the lanes: a pale row, then runs of one kind merged into
// one rectangle.
func svgLanes(b *strings.Builder, g *grid, names []string, px float64) {
	for l := 0; l < g.shown; l++ {
		y := svgTop + l*svgRow
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, svgLeft-6, y+svgBar-2, svgplot.Esc(names[l]))
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, svgLeft, y, svgChart, svgBar, svgColor[0])
		cells := g.cells[l]
		for c := 0; c < len(cells); {
			k := cells[c]
			e := c + 1
			for e < len(cells) && cells[e] == k {
				e++
			}
			if k != 0 {
				fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`,
					float64(svgLeft)+float64(c)*px, y, float64(e-c)*px, svgBar, svgColor[k])
			}
			c = e
		}
		b.WriteByte('\n')
	}

}

// svgSpans draws the request boundaries: where one request's span starts right after
// another's on the same lane, a thin white line, so three waves of
// requests on a busy thread read as three; each visible span carries
// its request number as a hover title. Spans narrower than
// svgMinSpan pixels are left to the merged runs above.
func svgSpans(b *strings.Builder, lang msg.Lang, t *model.Trace, g *grid) {
	scale := float64(svgChart) / float64(g.end)
	marks := 0
	for _, sp := range t.Spans {
		l := int(sp.Lane)
		if l >= g.shown || float64(sp.End-sp.Start)*scale < svgMinSpan || marks >= svgMaxMarks {
			continue
		}
		marks++
		x := float64(svgLeft) + float64(sp.Start)*scale
		y := svgTop + l*svgRow
		fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="none"><title>%s</title></rect>`,
			x, y, float64(sp.End-sp.Start)*scale, svgBar, svgplot.Esc(msg.T(lang, "report.svg.span", sp.Req+1)))
		if sp.Start > 0 {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ffffff" stroke-width="1"/>`, x, y, x, y+svgBar)
		}
		b.WriteByte('\n')
	}

}

// svgWaiting draws the waiting row: requests that arrived and hold no
// lane yet.
func svgWaiting(b *strings.Builder, lang msg.Lang, g *grid, waitY, waitH int, px float64) {
	most := 0.0
	for _, v := range g.waiting {
		most = max(most, v)
	}
	top := waitY + 14
	h := float64(waitH - 14)
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, svgLeft-6, top+int(h/2)+4, svgplot.Esc(msg.T(lang, "report.lane.waiting")))
	fmt.Fprintf(b, `<text x="%d" y="%d" fill="#333">%s</text>`+"\n", svgLeft, waitY+10, svgplot.Esc(msg.T(lang, "report.svg.waiting", int(math.Round(most)))))
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%.0f" fill="%s"/>`, svgLeft, top, svgChart, h, svgColor[0])
	pts := []string{fmt.Sprintf("%d,%.1f", svgLeft, float64(top)+h)}
	for c, v := range g.waiting {
		y := float64(top) + h - h*v/max(most, 1)
		pts = append(pts, fmt.Sprintf("%.1f,%.1f %.1f,%.1f", float64(svgLeft)+float64(c)*px, y, float64(svgLeft)+float64(c+1)*px, y))
	}
	pts = append(pts, fmt.Sprintf("%d,%.1f", svgLeft+svgChart, float64(top)+h))
	fmt.Fprintf(b, `<polygon points="%s" fill="#8a8f96"/>`+"\n", strings.Join(pts, " "))
}

// svgBusy draws the busy band: how many of all lanes are busy, over time.
func svgBusy(b *strings.Builder, lang msg.Lang, t *model.Trace, g *grid, bandY int, px float64) {
	n := float64(len(t.Lanes))
	fmt.Fprintf(b, `<text x="%d" y="%d">%s</text>`+"\n", svgLeft, bandY-2+12,
		svgplot.Esc(msg.T(lang, "report.lane.more", len(t.Lanes)-g.shown)))
	top := bandY + 16
	h := float64(svgBand - 16)
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, svgLeft-6, top+int(h/2), svgplot.Esc(msg.T(lang, "report.lane.busy")))
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%.0f" fill="%s"/>`, svgLeft, top, svgChart, h, svgColor[0])
	var pts []string
	pts = append(pts, fmt.Sprintf("%d,%.1f", svgLeft, float64(top)+h))
	for c, v := range g.busy {
		y := float64(top) + h - h*math.Min(v/n, 1)
		pts = append(pts, fmt.Sprintf("%.1f,%.1f %.1f,%.1f", float64(svgLeft)+float64(c)*px, y, float64(svgLeft)+float64(c+1)*px, y))
	}
	pts = append(pts, fmt.Sprintf("%d,%.1f", svgLeft+svgChart, float64(top)+h))
	fmt.Fprintf(b, `<polygon points="%s" fill="%s"/>`+"\n", strings.Join(pts, " "), svgColor[model.SpanHold])
	fmt.Fprintf(b, `<text x="%d" y="%d" fill="#333">%s</text>`+"\n", svgLeft+4, top+12, svgplot.Esc(msg.T(lang, "report.svg.busy", len(t.Lanes))))
}

// svgAxis draws the time axis with round ticks.
func svgAxis(b *strings.Builder, lang msg.Lang, g *grid, unit time.Duration, axisY int) {
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", svgLeft, axisY, svgLeft+svgChart, axisY)
	step := niceStep(g.end, 8)
	for tk := time.Duration(0); tk <= g.end; tk += step {
		xx := float64(svgLeft) + float64(svgChart)*float64(tk)/float64(g.end)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#333"/>`, xx, axisY, xx, axisY+5)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", xx, axisY+18, svgplot.Esc(narrate.Duration(lang, tk, unit)))
		if step <= 0 {
			break
		}
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", svgLeft+svgChart/2, axisY+36, svgplot.Esc(msg.T(lang, "report.svg.time")))
}

// niceStep returns a round tick step (1, 2 or 5 times a power of ten
// nanoseconds) giving about n ticks over end.
func niceStep(end time.Duration, n int) time.Duration {
	raw := float64(end) / float64(n)
	if raw < 1 {
		return 1
	}
	return time.Duration(svgplot.NiceStep(raw))
}
