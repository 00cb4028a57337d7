package loadgen

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// fileOf writes r and reads it back, as report reads a file.
func fileOf(t *testing.T, r *loadresult.Result) (*loadresult.Result, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := loadresult.ReadResult(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return back, buf.Bytes()
}

// Merge refuses the same run twice, which silently doubled every count
// (issue 13, item 5): the same file, or another file of the same run id.
func TestMergeRefusesTheSameRunTwice(t *testing.T) {
	r := resultOf(t, samples(7, 800), 4*time.Second)
	r.RunID = loadresult.NewRunID()
	a, data := fileOf(t, r)
	b, err := loadresult.ReadResult(data)
	if err != nil {
		t.Fatal(err)
	}
	a.SetSource("a.wlr")
	b.SetSource("a.wlr")
	var me *loadresult.MergeError
	if _, err := loadresult.Merge(a, b); !errors.As(err, &me) || me.Key != "report.merge.same_file" {
		t.Errorf("loadresult.Merge(a.wlr, a.wlr) = %v; want the same file refused", err)
	}
	if _, err := loadresult.Merge(a, a); !errors.As(err, &me) {
		t.Errorf("loadresult.Merge(r, r) = %v; want refused", err)
	}
	// Another file (edited) with the same run id.
	c, _ := fileOf(t, func() *loadresult.Result { x := *a; x.Late++; return &x }())
	if _, err := loadresult.Merge(a, c); !errors.As(err, &me) || me.Key != "report.merge.same_run" || !strings.Contains(err.Error(), a.RunID) {
		t.Errorf("loadresult.Merge of two files of run %s = %v; want the same run refused", a.RunID, err)
	}
	if id1, id2 := loadresult.NewRunID(), loadresult.NewRunID(); len(id1) != 16 || id1 == id2 {
		t.Error("loadresult.NewRunID does not give random 16-digit ids")
	}
}

// Runs whose windows do not overlap are consecutive: their rates are over
// the time they cover, never added, the series follows the clock, and the
// header describes every input.
func TestMergeOfDisjointRuns(t *testing.T) {
	a := resultOf(t, samples(8, 2000), 10*time.Second) // 200/s for 10 s
	b := resultOf(t, samples(9, 2000), 10*time.Second)
	a.RunID, b.RunID = loadresult.NewRunID(), loadresult.NewRunID()
	b.Start = "2026-01-02T04:04:05Z" // an hour after a
	a.SetSource("a.wlr")
	b.SetSource("b.wlr")
	m, err := loadresult.Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	rep := loadreport.Analyze(m, msg.EN)
	if !m.Sequential || m.WindowNS != int64(20*time.Second) {
		t.Errorf("merged window %v, sequential %v; want 20s and sequential", m.Window(), m.Sequential)
	}
	if rep.OfferedRPS > 201 || rep.OfferedRPS < 199 {
		t.Errorf("offered %.1f/s; want 200/s, not the sum of two runs' rates", rep.OfferedRPS)
	}
	if last := m.Series[len(m.Series)-1].T; last < 3600 {
		t.Errorf("the series ends at second %d; want b's seconds an hour after a's", last)
	}
	if !hasWarning(rep, "merged_sequential") || hasWarning(rep, "merged") {
		t.Errorf("warnings %v; want merged_sequential, not the shards' merged", rep.Warnings)
	}
	var text strings.Builder
	loadreport.WriteText(&text, rep, msg.EN, 0)
	for _, want := range []string{"a.wlr: open model", "b.wlr: open model", a.RunID, b.RunID, "2026-01-02 04:04:05 UTC"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("merged header lacks %q:\n%s", want, text.String())
		}
	}
	// Overlapping shards keep the longest window.
	b.Start = a.Start
	m, _ = loadresult.Merge(a, b)
	if m.Sequential || m.WindowNS != int64(10*time.Second) {
		t.Errorf("shards at the same time: window %v, sequential %v; want 10s, not sequential", m.Window(), m.Sequential)
	}
}
