package loadreport

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/golden"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// run20s reads testdata/run20s.json: the result a run's recorder filled
// from 4,000 seeded requests over a 20 s window (internal/loadgen's
// samples(3, 4000): 200/s, exponential service times, a rare 1 s stall,
// 1% each of 503, reset and timeout), as Result.Write wrote it.
func run20s(t *testing.T) *loadresult.Result {
	t.Helper()
	b, err := os.ReadFile("testdata/run20s.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := loadresult.ReadResult(b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The text report, byte for byte, in both languages (go test -update
// rewrites).
func TestTextReportGolden(t *testing.T) {
	res := run20s(t)
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		rep := Analyze(res, lang)
		th, _ := ParseThreshold("p99<200ms")
		Check(rep, []Threshold{th}, lang)
		var buf bytes.Buffer
		if err := WriteText(&buf, rep, lang, 1); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "report_"+string(lang)+".txt"), buf.Bytes())
	}
}

// The HTML report, byte for byte, in both languages (the same run as the
// text golden; go test -update rewrites).
func TestHTMLReportGolden(t *testing.T) {
	res := run20s(t)
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		rep := Analyze(res, lang)
		th, _ := ParseThreshold("p(95)<200")
		Check(rep, []Threshold{th}, lang)
		notMet := 0
		for _, r := range rep.Thresholds {
			if !r.Met {
				notMet++
			}
		}
		if notMet != len(rep.Breaches) || notMet == 0 {
			t.Errorf("%d threshold objects not met, %d breaches %v: want the same verdicts", notMet, len(rep.Breaches), rep.Breaches)
		}
		var buf bytes.Buffer
		if err := WriteHTML(&buf, rep, lang); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "report_"+string(lang)+".html"), buf.Bytes())
	}
}

func TestHTMLReportIsSelfContained(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteHTML(&buf, Analyze(run20s(t), msg.EN), msg.EN); err != nil {
		t.Fatal(err)
	}
	h := buf.String()
	for _, want := range []string{"<svg", "Latency percentiles over time", "Latency distribution", "Throughput and errors over time", "polyline"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML report lacks %q", want)
		}
	}
	for _, bad := range []string{"<script", "http://cdn", "https://"} {
		if strings.Contains(h, bad) {
			t.Errorf("HTML report holds %q; want one self-contained file without scripts", bad)
		}
	}
	if strings.Count(h, "<svg") != 3 {
		t.Errorf("HTML report has %d plots; want 3", strings.Count(h, "<svg"))
	}
}
