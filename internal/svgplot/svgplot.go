// Package svgplot holds the small pieces the hand-written SVG charts share
// (report's timelines, plan's sizing chart, the experiments' plots): text
// escaped for XML and a round tick step. It draws nothing itself; the
// time unit a chart's labels read in is narrate's (narrate.UnitFor).
package svgplot

import (
	"encoding/xml"
	"math"
	"strings"
)

// Esc escapes s for XML text and attribute values (&, <, >, quotes,
// and the control characters XML would otherwise fold).
func Esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// NiceStep is the round step (1, 2 or 5 times a power of ten) at least
// raw: the span over the number of ticks wanted gives ticks that read
// well. raw <= 0 (or not a number) gives 1.
func NiceStep(raw float64) float64 { return RoundStep(raw, 1, 2, 5) }

// RoundStep is the least step m times a power of ten at least raw, m one
// of mants (ascending, in [1, 10)) or 10: NiceStep's rule with other
// mantissas (the load report's axes also step by 2.5). raw <= 0 (or not a
// number) gives 1.
func RoundStep(raw float64, mants ...float64) float64 {
	if !(raw > 0) || math.IsInf(raw, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range mants {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}
