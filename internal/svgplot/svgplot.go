// Package svgplot holds the small pieces the hand-written SVG charts share
// (report's timelines, plan's sizing chart, the experiments' plots): text
// escaped for XML, a round tick step and a log axis's ticks. It draws nothing itself; the
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

// A LogTick is one tick of a log axis: Mant times 10 to the Exp.
type LogTick struct{ Mant, Exp float64 }

// Value is the tick's value, Mant·10^Exp.
func (t LogTick) Value() float64 { return t.Mant * math.Pow(10, t.Exp) }

// Log10 is the tick's place on an axis drawn in log10 units, Exp +
// log10(Mant) (exactly Exp for a mantissa of 1).
func (t LogTick) Log10() float64 { return t.Exp + math.Log10(t.Mant) }

// LogTicks returns the ticks of a log axis, smallest first: each m·10^e,
// m one of mants (ascending, in [1, 10)), whose value lies in [lo, hi].
// The range is the caller's: one that wants a tick just outside its data,
// or some slack for rounding, widens it first. lo <= 0, hi < lo or a
// range that is not finite gives none.
func LogTicks(lo, hi float64, mants ...float64) []LogTick {
	if !(lo > 0) || !(hi >= lo) || math.IsInf(hi, 0) {
		return nil
	}
	var out []LogTick
	// A decade early: Log10 of a power of ten may round either way.
	for e := math.Floor(math.Log10(lo)) - 1; math.Pow(10, e) <= hi; e++ {
		for _, m := range mants {
			if v := m * math.Pow(10, e); v >= lo && v <= hi {
				out = append(out, LogTick{Mant: m, Exp: e})
			}
		}
	}
	return out
}
