package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/golden"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// handResult is a real-run style result with every section filled.
func handResult() *model.Result {
	s := model.Scenario{Name: "hand", Model: model.Offload, Threads: 2, OffloadPool: 1, Requests: 5, Seed: 4,
		Arrival: model.Arrival{Kind: model.Rate, Rate: 100},
		Classes: []model.Class{
			{Name: "normal", Fraction: 0.8, CPU: model.FixedDist(2 * time.Millisecond)},
			{Name: "blocking", Fraction: 0.2, Wait: model.FixedDist(10 * time.Millisecond), Blocking: true},
		}, SharedLock: true}
	s.Normalize()
	return &model.Result{
		Mode: "real", Scenario: s, Seed: 4, MakespanMS: 52.5, ThroughputRPS: 95.238,
		ThroughputDefinition: model.ThroughputWindow, Requests: 5, Completed: 5,
		All:         model.Summary{Count: 5, MeanMS: 4.2, P50MS: 2, P90MS: 12, P99MS: 12, MaxMS: 12},
		Classes:     map[string]model.Summary{"normal": {Count: 4, MeanMS: 2, P50MS: 2, P90MS: 2, P99MS: 2, MaxMS: 2}, "blocking": {Count: 1, MeanMS: 12, P50MS: 12, P90MS: 12, P99MS: 12, MaxMS: 12}},
		QueueWait:   model.Summary{Count: 5, MeanMS: 0.1, P50MS: 0, P90MS: 0.5, P99MS: 0.5, MaxMS: 0.5},
		PeakThreads: 3, InFlightMean: 0.4, Precision: "hdr-3",
		Loops: []model.LoopStat{{Loop: 0, Requests: 3, Blocking: 1, BlockingIDs: []int64{4}}, {Loop: 1, Requests: 2}},
		Trace: handTrace(),
	}
}

// handTrace has every span kind on three lanes.
func handTrace() *model.Trace {
	ms := func(v int) time.Duration { return time.Duration(v) * time.Millisecond }
	return &model.Trace{
		Lanes: []model.LaneKind{model.LaneLoop, model.LaneLoop, model.LaneOffload},
		Spans: []model.Span{
			{Lane: 0, Kind: model.SpanCPU, Req: 0, Start: 0, End: ms(10)},
			{Lane: 0, Kind: model.SpanReady, Req: 2, Start: ms(10), End: ms(15)},
			{Lane: 0, Kind: model.SpanCPU, Req: 2, Start: ms(15), End: ms(20)},
			{Lane: 1, Kind: model.SpanLock, Req: 1, Start: ms(5), End: ms(20)},
			{Lane: 1, Kind: model.SpanHold, Req: 1, Start: ms(20), End: ms(30)},
			{Lane: 2, Kind: model.SpanHold, Req: 4, Start: ms(30), End: ms(40)},
		},
		Records: []model.Record{
			{ID: 0, Arrival: 0, Start: 0, End: ms(10)},
			{ID: 1, Arrival: ms(5), Start: ms(5), End: ms(30), Lane: 1},
			{ID: 2, Arrival: ms(10), Start: ms(10), End: ms(20)},
			{ID: 3, Arrival: ms(20), Start: ms(20), End: ms(22), Lane: 1},
			{ID: 4, Arrival: ms(30), Start: ms(30), End: ms(40), Lane: 2, Class: 1},
		},
	}
}

func TestWriteTextGolden(t *testing.T) {
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		r := handResult()
		if err := WriteScenario(&b, lang, r.Scenario); err != nil {
			t.Fatal(err)
		}
		if err := WriteText(&b, lang, r); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "testdata/report-text."+string(lang)+".golden", b.Bytes())
		if strings.Contains(b.String(), "%!") {
			t.Errorf("WriteText(%s) has a format error:\n%s", lang, b.String())
		}
	}
}

func TestWriteASCIITimelineGolden(t *testing.T) {
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		if err := WriteASCIITimeline(&b, lang, handTrace(), 40); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "testdata/report-timeline."+string(lang)+".golden", b.Bytes())
	}
}

// Each lane's row shows the kind that filled each column.
func TestASCIIRows(t *testing.T) {
	var b bytes.Buffer
	if err := WriteASCIITimeline(&b, msg.EN, handTrace(), 40); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	want := map[int]string{
		1: "loop 1    |##########+++++#####....................|",
		2: "loop 2    |.....!!!!!!!!!!!!!!!==========..........|",
		3: "offload 1 |..............................==========|",
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("WriteASCIITimeline line %d = %q; want %q", i, lines[i], w)
		}
	}
}

// manyLanes is a pool of n threads, each busy for a while.
func manyLanes(n int) *model.Trace {
	tr := &model.Trace{}
	for i := 0; i < n; i++ {
		tr.Lanes = append(tr.Lanes, model.LaneThread)
		tr.Spans = append(tr.Spans, model.Span{Lane: int32(i), Kind: model.SpanHold, Start: 0, End: time.Duration(i+1) * time.Millisecond})
		tr.Records = append(tr.Records, model.Record{ID: int64(i), End: time.Duration(i+1) * time.Millisecond, Lane: int32(i)})
	}
	return tr
}

func threadRows(out string) int {
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "thread ") {
			n++
		}
	}
	return n
}

func TestFolding(t *testing.T) {
	var b bytes.Buffer
	if err := WriteASCIITimeline(&b, msg.EN, manyLanes(64), 50); err != nil {
		t.Fatal(err)
	}
	if n := threadRows(b.String()); n != 64 || strings.Contains(b.String(), "busy") {
		t.Errorf("64 lanes: %d thread rows; want all 64 and no busy row", n)
	}
	b.Reset()
	if err := WriteASCIITimeline(&b, msg.EN, manyLanes(200), 50); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := threadRows(out); n != FoldedLanes || !strings.Contains(out, "152 more lanes") {
		t.Errorf("200 lanes: %d thread rows; want %d and a fold note:\n%s", n, FoldedLanes, out)
	}
	busy := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "busy") {
			busy = l
		}
	}
	// All 200 are busy at first, none at the end.
	if !strings.Contains(busy, "|9") || !strings.HasSuffix(busy, "0|") {
		t.Errorf("busy row = %q; want 9 (nearly all busy) at first, 0 at the end", busy)
	}
}

func TestSVG(t *testing.T) {
	for _, tc := range []struct {
		name string
		tr   *model.Trace
		want []string
	}{
		{"hand", handTrace(), []string{"loop 1", "offload 1", "<title>", "CPU work",
			// request 3 follows request 1 on loop 1 at 15 ms: a boundary, and hover titles
			`<title>request 3</title>`, `<title>request 5</title>`, `stroke="#ffffff"`}},
		{"folded", manyLanes(300), []string{"<polygon", "252 more lanes", "busy lanes (of 300)"}},
	} {
		var b bytes.Buffer
		if err := WriteSVGTimeline(&b, msg.EN, tc.tr); err != nil {
			t.Fatal(err)
		}
		dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
		root := ""
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("WriteSVGTimeline(%s): invalid XML: %v", tc.name, err)
			}
			if se, ok := tok.(xml.StartElement); ok && root == "" {
				root = se.Name.Local
			}
		}
		if root != "svg" {
			t.Errorf("WriteSVGTimeline(%s): root element %q; want svg", tc.name, root)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("WriteSVGTimeline(%s) lacks %q", tc.name, w)
			}
		}
		if tc.name == "folded" && strings.Count(b.String(), "<text") > 120 {
			t.Errorf("WriteSVGTimeline(folded) has %d texts; want the lanes folded", strings.Count(b.String(), "<text"))
		}
	}
	if err := WriteSVGTimeline(io.Discard, msg.EN, nil); err == nil {
		t.Error("WriteSVGTimeline(nil) = nil; want an error")
	}
}

func TestWidth(t *testing.T) {
	for s, want := range map[string]int{"loop 1": 6, "루프 1": 6, "대기열 대기": 11, "": 0} {
		if got := Width(s); got != want {
			t.Errorf("Width(%q) = %d; want %d", s, got, want)
		}
	}
}

func TestNiceStep(t *testing.T) {
	for end, want := range map[time.Duration]time.Duration{
		6 * time.Second: time.Second, 350 * time.Millisecond: 50 * time.Millisecond, 10: 2, 0: 1,
	} {
		if got := niceStep(end, 8); got != want {
			t.Errorf("niceStep(%v, 8) = %v; want %v", end, got, want)
		}
	}
}
