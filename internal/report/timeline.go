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
)

// MaxLanes is how many lanes a timeline draws one by one; beyond it the
// first FoldedLanes are drawn and the rest are folded into a busy band.
const (
	MaxLanes    = 64
	FoldedLanes = 48
)

// kinds in the order of the legend; index = model.SpanKind.
var spanKinds = []model.SpanKind{model.SpanCPU, model.SpanHold, model.SpanLock, model.SpanReady}

const nKinds = 5 // 0 idle, then the span kinds

// grid is a trace sampled into columns: for each drawn lane and column the
// kind that took most of the column, and for each column the mean number of
// busy lanes (all lanes, drawn or not).
type grid struct {
	// waiting is, per column, how many requests had arrived and not ended
	// without holding a lane (in the queue, a registered wait, a parked
	// virtual thread): the requests a thread picture would otherwise hide.
	waiting []float64
	end     time.Duration
	cols    int
	shown   int
	folded  bool
	cells   [][]model.SpanKind
	busy    []float64
}

func sample(t *model.Trace, cols int) *grid {
	g := &grid{cols: cols, shown: len(t.Lanes)}
	if g.shown > MaxLanes {
		g.shown, g.folded = FoldedLanes, true
	}
	for _, s := range t.Spans {
		g.end = max(g.end, s.End)
	}
	for _, r := range t.Records {
		g.end = max(g.end, r.End)
	}
	if g.end <= 0 {
		g.end = 1
	}
	cov := make([][][nKinds]float64, g.shown)
	for i := range cov {
		cov[i] = make([][nKinds]float64, cols)
	}
	g.busy = make([]float64, cols)
	w := float64(g.end) / float64(cols)
	for _, s := range t.Spans {
		if s.End <= s.Start || s.Kind < 1 || int(s.Kind) >= nKinds || s.Lane < 0 {
			continue
		}
		a, b := float64(s.Start), float64(s.End)
		c0 := int(a / w)
		c1 := min(int(math.Ceil(b/w)), cols)
		for c := max(c0, 0); c < c1; c++ {
			lo, hi := max(a, float64(c)*w), min(b, float64(c+1)*w)
			if hi <= lo {
				continue
			}
			if int(s.Lane) < g.shown {
				cov[s.Lane][c][s.Kind] += hi - lo
			}
			g.busy[c] += (hi - lo) / w
		}
	}
	// In the system: arrived and not yet ended; minus those on a lane.
	g.waiting = make([]float64, cols)
	for _, r := range t.Records {
		a, b := float64(r.Arrival), float64(r.End)
		if b <= a {
			continue
		}
		c0, c1 := int(a/w), min(int(math.Ceil(b/w)), cols)
		for c := max(c0, 0); c < c1; c++ {
			if lo, hi := max(a, float64(c)*w), min(b, float64(c+1)*w); hi > lo {
				g.waiting[c] += (hi - lo) / w
			}
		}
	}
	for c := range g.waiting {
		g.waiting[c] = max(g.waiting[c]-g.busy[c], 0)
	}
	g.cells = make([][]model.SpanKind, g.shown)
	for l := range cov {
		g.cells[l] = make([]model.SpanKind, cols)
		for c := range cov[l] {
			best, bv := model.SpanKind(0), 0.0
			for _, k := range spanKinds {
				if v := cov[l][c][k]; v > bv {
					best, bv = k, v
				}
			}
			g.cells[l][c] = best
		}
	}
	return g
}

// anyWaiting reports whether some request ever waited without a lane.
func (g *grid) anyWaiting() bool {
	for _, v := range g.waiting {
		if v >= 0.5 {
			return true
		}
	}
	return false
}

// laneNames names the first n lanes "thread 3", "loop 1", "offload 2" or
// "carrier 1" (1-based, counted within its kind).
func laneNames(lang msg.Lang, lanes []model.LaneKind, n int) []string {
	seen := map[model.LaneKind]int{}
	out := make([]string, n)
	for i, k := range lanes[:n] {
		seen[k]++
		out[i] = msg.T(lang, "report.lane."+string(k), seen[k])
	}
	return out
}

var asciiChar = [nKinds]byte{'.', '#', '=', '!', '+'}

// WriteASCIITimeline draws t with one row per lane and width columns
// (at least 10): '#' CPU, '=' waiting while holding the thread, '!'
// waiting for the shared lock, '+' waiting for a core, '.' idle; a legend
// and a time axis. Beyond MaxLanes lanes the rest fold into a busy row.
func WriteASCIITimeline(w io.Writer, lang msg.Lang, t *model.Trace, width int) error {
	if t == nil {
		_, err := fmt.Fprintln(w, msg.T(lang, "report.notrace"))
		return err
	}
	width = max(width, 10)
	g := sample(t, width)
	names := laneNames(lang, t.Lanes, g.shown)
	busyName := msg.T(lang, "report.lane.busy")
	waitName := msg.T(lang, "report.lane.waiting")
	labW := Width(busyName)
	if g.anyWaiting() {
		labW = max(labW, Width(waitName))
	}
	for _, n := range names {
		labW = max(labW, Width(n))
	}
	unit := narrate.UnitFor(g.end)
	var b strings.Builder
	b.WriteString(msg.T(lang, "report.timeline", narrate.Duration(lang, g.end, unit),
		narrate.Duration(lang, g.end/time.Duration(width), narrate.UnitFor(g.end/time.Duration(width)))) + "\n")
	row := make([]byte, width)
	for l := 0; l < g.shown; l++ {
		for c, k := range g.cells[l] {
			row[c] = asciiChar[k]
		}
		b.WriteString(padRight(names[l], labW) + " |" + string(row) + "|\n")
	}
	if g.folded {
		b.WriteString(msg.T(lang, "report.lane.more", len(t.Lanes)-g.shown) + "\n")
		n := float64(len(t.Lanes))
		for c, v := range g.busy {
			f := v / n
			switch {
			case f <= 0:
				row[c] = '.'
			case f >= 0.999:
				row[c] = '@'
			default:
				row[c] = byte('0' + min(int(f*10), 9))
			}
		}
		b.WriteString(padRight(busyName, labW) + " |" + string(row) + "|\n")
	}
	if g.anyWaiting() {
		for c, v := range g.waiting {
			n := int(math.Round(v))
			switch {
			case n <= 0:
				row[c] = ' '
			case n < 10:
				row[c] = byte('0' + n)
			default:
				row[c] = '*'
			}
		}
		b.WriteString(padRight(waitName, labW) + " |" + string(row) + "|\n")
	}
	b.WriteString(strings.Repeat(" ", labW+2) + axis(lang, g.end, unit, width) + "\n")
	legend := []string{
		"# " + msg.T(lang, "report.legend.cpu"),
		"= " + msg.T(lang, holdKey(t.Lanes)),
		"! " + msg.T(lang, "report.legend.lock"),
		"+ " + msg.T(lang, "report.legend.ready"),
		". " + msg.T(lang, "report.legend.idle"),
	}
	if g.folded {
		legend = append(legend, "0-9 @ "+msg.T(lang, "report.legend.busy"))
	}
	if g.anyWaiting() {
		legend = append(legend, "1-9 * "+msg.T(lang, "report.legend.waiting"))
	}
	b.WriteString(strings.Repeat(" ", labW+2) + strings.Join(legend, "   ") + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// axis returns a line of about width columns (under the rows' cells) with time
// labels at the start, the quarters and the end, where they fit. Columns
// are display columns: a Korean "초" takes two, so labels are placed by
// their display width (Width), not their length in runes.
func axis(lang msg.Lang, end, unit time.Duration, width int) string {
	// cells[i] is what column i shows; a wide rune fills its column and
	// leaves the next one empty ("").
	cells := make([]string, width+2)
	for i := range cells {
		cells[i] = " "
	}
	place := func(col int, s string) {
		for _, r := range s {
			if col >= len(cells) {
				return
			}
			cells[col] = string(r)
			col++
			if wide(r) && col < len(cells) {
				cells[col] = ""
				col++
			}
		}
	}
	// The end label first, right-aligned on the closing bar; then the
	// start and the quarters wherever they do not run into a placed label.
	last := narrate.Duration(lang, end, unit) + "|"
	endCol := max(width+1-Width(last), 0)
	place(endCol, last)
	free := 0
	for q := 0; q < 4; q++ {
		col := q * width / 4 // the tick '|' sits on the column where that time begins
		lab := "|" + narrate.Duration(lang, end*time.Duration(q)/4, unit)
		if col < free || col+Width(lab) >= endCol {
			continue
		}
		place(col, lab)
		free = col + Width(lab) + 1
	}
	return strings.TrimRight(strings.Join(cells, ""), " ")
}
