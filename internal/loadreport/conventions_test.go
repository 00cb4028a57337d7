package loadreport

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// k6's threshold syntax reads as waitlab's, and p95 and min are metrics.
func TestThresholdK6AndP95(t *testing.T) {
	for in, want := range map[string]string{
		"p(95)<200":  "p95<200ms",
		"p(99.9)<=1": "p99.9<=1ms",
		"avg<100":    "mean<100ms",
		"med < 50":   "p50<50ms",
		"p95<200ms":  "p95<200ms",
		"min>=0.1ms": "min>=0.1ms",
		"errors<1%":  "errors<1%",
		"p(95)==200": "p(95)==200",
	} {
		if got := fromK6(in); got != want {
			t.Errorf("fromK6(%q) = %q; want %q", in, got, want)
		}
	}
	rep := &Report{Requests: 100, OK: 98, ErrorCount: 2, Latency: Percentiles{Samples: 98, MinMS: 0.5, P95MS: 180, P99MS: 250}}
	ts := []Threshold{}
	for _, s := range []string{"p(95)<200", "p99<200ms", "min<1ms", "errors<1%"} {
		th, err := ParseThreshold(s)
		if err != nil {
			t.Fatalf("ParseThreshold(%q): %v", s, err)
		}
		ts = append(ts, th)
	}
	got := thresholdResults(rep, ts)
	f := func(v float64) *float64 { return &v }
	want := []ThresholdResult{
		{Rule: "requests>0", Metric: "requests", Value: f(100), Limit: 0, Unit: "", Met: true},
		{Rule: "p95<200ms", Metric: "p95", Value: f(180), Limit: 200, Unit: "ms", Met: true},
		{Rule: "p99<200ms", Metric: "p99", Value: f(250), Limit: 200, Unit: "ms", Met: false},
		{Rule: "min<1ms", Metric: "min", Value: f(0.5), Limit: 1, Unit: "ms", Met: true},
		{Rule: "errors<1%", Metric: "errors", Value: f(2), Limit: 1, Unit: "%", Met: false},
	}
	if len(got) != len(want) {
		t.Fatalf("thresholdResults = %+v; want %+v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Value == nil || *g.Value != *w.Value {
			t.Errorf("threshold %d value = %v; want %v", i, g.Value, *w.Value)
		}
		g.Value, w.Value = nil, nil
		if g != w {
			t.Errorf("threshold %d = %+v; want %+v", i, g, w)
		}
	}
	// A rule on a figure with no data: null value, not met.
	if nd := thresholdResults(&Report{Requests: 5, ErrorCount: 5}, ts[:1]); len(nd) != 3 || nd[2].Value != nil || nd[2].Met {
		t.Errorf("threshold without data = %+v; want a null value, not met", nd)
	}
	// Check fills the objects for passing and breached rules alike, and
	// the JSON report carries them.
	if b := Check(rep, ts, msg.EN); len(b) != 2 || len(rep.Thresholds) != 5 {
		t.Errorf("Check: %d breaches, %d threshold objects; want 2 and 4", len(b), len(rep.Thresholds))
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Thresholds []map[string]any `json:"thresholds"`
		Latency    map[string]any   `json:"latency"`
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Thresholds) != 5 || back.Thresholds[1]["met"] != true || back.Thresholds[2]["met"] != false || back.Thresholds[2]["rule"] != "p99<200ms" {
		t.Errorf("JSON thresholds = %v", back.Thresholds)
	}
	if back.Latency["p95_ms"] != 180.0 || back.Latency["min_ms"] != 0.5 {
		t.Errorf("JSON latency = %v; want p95_ms and min_ms", back.Latency)
	}
	// No rule given: the default errors<=1% is reported as an object too;
	// so are the verdicts on an empty run and on an open run that fell
	// behind, each as Check decides it.
	d := thresholdResults(&Report{Model: "open", Requests: 90, Unsent: 10, ErrorCount: 0}, nil)
	if len(d) != 3 || d[0].Rule != "requests>0" || !d[0].Met || d[1].Rule != "unsent<=1%" || d[1].Met || *d[1].Value != 10 || d[2].Rule != "errors<=1%" || !d[2].Met {
		t.Errorf("implicit thresholds = %+v", d)
	}
	empty := &Report{Model: "closed"}
	Check(empty, nil, msg.EN)
	if len(empty.Thresholds) != 2 || empty.Thresholds[0].Met || len(empty.Breaches) == 0 {
		t.Errorf("empty run: thresholds %+v, breaches %v; want requests>0 not met", empty.Thresholds, empty.Breaches)
	}
}

func TestStatusCounts(t *testing.T) {
	r := &loadresult.Result{OK: 90, Errors: map[string]int64{"status_503": 7, "status_404": 1, "timeout": 2}}
	got := statusCounts(r)
	if len(got) != 3 || got["2xx"] != 90 || got["503"] != 7 || got["404"] != 1 {
		t.Errorf("statusCounts = %v; want 2xx 90, 503 7, 404 1", got)
	}
}

// Bytes received count every byte of every response, on both engines.
