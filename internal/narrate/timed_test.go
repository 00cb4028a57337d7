package narrate_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
)

// Timed gives Lines' text, each with the stretch of time it tells: the
// lab-pool waves at 0, 2, 4 and 6 s, then the summary over the whole run.
func TestTimedLabPool(t *testing.T) {
	r := simulate(t, "lab-pool", nil)
	tl := narrate.Timed(r, msg.EN)
	lines := narrate.Lines(r, msg.EN)
	if len(tl) != len(lines) {
		t.Fatalf("len(Timed) = %d; len(Lines) = %d", len(tl), len(lines))
	}
	s := time.Second
	want := []struct {
		start, end time.Duration
		summary    bool
	}{{0, 2 * s, false}, {2 * s, 4 * s, false}, {4 * s, 6 * s, false}, {6 * s, 6 * s, false}, {0, 6 * s, true}}
	for i, l := range tl {
		if l.Text != lines[i] {
			t.Errorf("Timed[%d].Text = %q; Lines[%d] = %q", i, l.Text, i, lines[i])
		}
		if w := want[i]; l.Start != w.start || l.End != w.end || l.Summary != w.summary {
			t.Errorf("Timed[%d] = %v..%v summary %v; want %v..%v summary %v", i, l.Start, l.End, l.Summary, w.start, w.end, w.summary)
		}
	}
	b, err := json.Marshal(tl[1])
	if err != nil || !strings.Contains(string(b), `"start_ms":2000,"end_ms":4000`) {
		t.Errorf("json.Marshal(Timed[1]) = %s, %v; want start_ms 2000 and end_ms 4000", b, err)
	}
}

// Long runs are told in windows; the windows still cover the run in order,
// each starting where the one before ends.
func TestTimedWindowsAreContiguous(t *testing.T) {
	r := simulate(t, "ch15-onloop", nil)
	tl := narrate.Timed(r, msg.KO)
	var moments []narrate.Line
	for _, l := range tl {
		if !l.Summary {
			moments = append(moments, l)
		}
	}
	if len(moments) < 3 || len(moments) > narrate.MaxLines {
		t.Fatalf("Timed(ch15-onloop) told %d moments; want 3..%d", len(moments), narrate.MaxLines)
	}
	for i := 0; i+1 < len(moments); i++ {
		if moments[i].End != moments[i+1].Start || moments[i].Start > moments[i].End {
			t.Errorf("line %d spans %v..%v, next starts %v; want contiguous", i, moments[i].Start, moments[i].End, moments[i+1].Start)
		}
	}
	end := time.Duration(r.MakespanMS * 1e6)
	if last := moments[len(moments)-1]; last.End < end-time.Millisecond {
		t.Errorf("last line ends at %v; want the makespan %v", last.End, end)
	}
}
