//go:build linux

package experiment

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/report"
)

// SVG geometry, in pixels.
const (
	plotLeft   = 230 // row labels, at least (longer labels widen the plot)
	plotRight  = 90  // value labels
	plotChart  = 580 // the bars
	plotCharPx = 7   // a label's pixels per display column (12 px sans-serif)
	plotTop    = 60  // title and legend
	plotRow    = 22
	plotBar    = 14
	panelTitle = 22
	panelGap   = 18
)

// WriteSVG draws one plot of t as a standalone SVG document, by hand (no
// library, no script): for each figure of p.Keys a panel with one bar per
// row (this machine's median) with a min-max whisker, a hollow diamond for
// the model and a black tick for the published figure.
func WriteSVG(w io.Writer, t *Table, p Plot) error {
	l := t.Lang
	var panels [][2]string
	for _, k := range p.Keys {
		for _, c := range t.Columns {
			if c.Key == k {
				panels = append(panels, [2]string{k, c.Label})
			}
		}
	}
	if len(panels) == 0 || len(t.Rows) == 0 {
		return fmt.Errorf("experiment: plot %s has no figures to draw", p.File)
	}
	// The label column fits the longest row label.
	left := plotLeft
	for i := range t.Rows {
		left = max(left, plotCharPx*report.Width(svgLabel(&t.Rows[i]))+20)
	}
	width := left + plotChart + plotRight
	panelH := panelTitle + len(t.Rows)*plotRow + panelGap
	claimLines := svgClaimLines(t)
	height := plotTop + len(panels)*panelH + 20
	if len(claimLines) > 0 {
		height += panelTitle + len(claimLines)*plotRow
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		width, height, width, height)
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(p.Title))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="12" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", esc(p.Title))
	// Legend.
	x := 12
	legend := func(shape, label string) {
		fmt.Fprint(&b, shape)
		fmt.Fprintf(&b, `<text x="%d" y="46">%s</text>`+"\n", x+18, esc(label))
		x += 18 + 7*report.Width(label) + 24
	}
	legend(fmt.Sprintf(`<rect x="%d" y="36" width="14" height="12" fill="#5b8fd9"/>`, x), msg.T(l, "exp.svg.ours", t.Repeat))
	legend(fmt.Sprintf(`<path d="M%d 36 L%d 42 L%d 48 L%d 42 Z" fill="none" stroke="#d9534f" stroke-width="2"/>`, x+7, x+13, x+7, x+1), msg.T(l, "exp.md.model"))
	legend(fmt.Sprintf(`<rect x="%d" y="34" width="3" height="16" fill="#000"/>`, x+6), msg.T(l, "exp.md.pub"))

	for i, pk := range panels {
		key := pk[0]
		y0 := plotTop + i*panelH
		fmt.Fprintf(&b, `<text x="12" y="%d" font-weight="bold">%s</text>`+"\n", y0+14, esc(pk[1]))
		top := 0.0
		for _, r := range t.Rows {
			c, ok := r.Cells[key]
			if !ok {
				continue
			}
			for _, v := range []float64{c.Median, c.Max} {
				if !math.IsNaN(v) {
					top = max(top, v)
				}
			}
			for _, v := range []*float64{c.Model, c.Published} {
				if v != nil {
					top = max(top, *v)
				}
			}
		}
		if top <= 0 {
			top = 1
		}
		sx := func(v float64) float64 { return float64(left) + float64(plotChart)*v/top }
		for j, r := range t.Rows {
			y := y0 + panelTitle + j*plotRow
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, left-8, y+plotBar-2, esc(svgLabel(&r)))
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#f2f2f2"/>`, left, y, plotChart, plotBar)
			c, ok := r.Cells[key]
			if !ok || math.IsNaN(c.Median) {
				b.WriteByte('\n')
				continue
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="#5b8fd9"><title>%s</title></rect>`,
				left, y, sx(c.Median)-float64(left), plotBar, esc(Num(c.Median, 1)))
			if c.Runs > 1 && c.Max > c.Min {
				cy := y + plotBar/2
				fmt.Fprintf(&b, `<path d="M%.1f %d H%.1f M%.1f %d V%d M%.1f %d V%d" stroke="#1f3f73" stroke-width="1.5"/>`,
					sx(c.Min), cy, sx(c.Max), sx(c.Min), cy-4, cy+4, sx(c.Max), cy-4, cy+4)
			}
			if c.Model != nil {
				mx, cy := sx(*c.Model), float64(y+plotBar/2)
				fmt.Fprintf(&b, `<path d="M%.1f %.1f L%.1f %.1f L%.1f %.1f L%.1f %.1f Z" fill="none" stroke="#d9534f" stroke-width="2"/>`,
					mx, cy-7, mx+6, cy, mx, cy+7, mx-6, cy)
			}
			if c.Published != nil {
				fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="3" height="%d" fill="#000"/>`, sx(*c.Published)-1.5, y-2, plotBar+4)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", left+plotChart+6, y+plotBar-2, esc(Num(c.Median, digitsOf(t, key))))
		}
	}
	if len(claimLines) > 0 {
		y0 := plotTop + len(panels)*panelH
		fmt.Fprintf(&b, `<text x="12" y="%d" font-weight="bold">%s</text>`+"\n", y0+14, esc(msg.T(l, "exp.md.claim")))
		for j, line := range claimLines {
			fmt.Fprintf(&b, `<text x="12" y="%d">%s</text>`+"\n", y0+panelTitle+j*plotRow+plotBar-2, esc(line))
		}
	}
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

func digitsOf(t *Table, key string) int {
	for _, c := range t.Columns {
		if c.Key == key {
			return c.Digits
		}
	}
	return 0
}

func esc(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// svgLabel is a row's label in a plot: marked when warnings undermine it.
func svgLabel(r *Row) string {
	if len(r.Warn) > 0 {
		return "⚠ " + r.Label
	}
	return r.Label
}

// svgClaimLines are the plot's claim lines: one per claim, its verdict
// (with the measured value) on each engine, and whether it is calibrated.
func svgClaimLines(t *Table) []string {
	l := t.Lang
	engines := claimEngines(t.Claims)
	var ids []string
	per := map[string][]string{}
	cal := map[string]bool{}
	for _, c := range t.Claims {
		if _, ok := per[c.ID]; !ok {
			ids = append(ids, c.ID)
		}
		v := msg.T(l, "exp.verdict."+string(c.Verdict))
		if c.Measured != nil {
			v += " (" + fmtClaim(*c.Measured, c.Digits, c.Unit) + ")"
		}
		if len(engines) > 1 {
			v = msg.T(l, "exp.engine."+engineOf(c)) + ": " + v
		}
		per[c.ID] = append(per[c.ID], v)
		cal[c.ID] = cal[c.ID] || c.Calibrated
	}
	var out []string
	for _, id := range ids {
		line := id + " · " + strings.Join(per[id], " · ")
		if cal[id] {
			line += " · " + msg.T(l, "exp.md.calibrated")
		}
		out = append(out, line)
	}
	return out
}
