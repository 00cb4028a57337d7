package loadreport

import (
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/loadresult"
)

func TestParseThreshold(t *testing.T) {
	for _, tt := range []struct {
		in     string
		metric string
		op     string
		value  float64
		bad    bool
	}{
		{"p99<200ms", "p99", "<", 200, false},
		{"P99.9 <= 1s", "p99.9", "<=", 1000, false},
		{"service_p50<20ms", "service_p50", "<", 20, false},
		{"errors<1%", "errors", "<", 1, false},
		{"ok_rps>=900", "ok_rps", ">=", 900, false},
		{"p99", "", "", 0, true},
		{"p99<fast", "", "", 0, true},
		{"errors<1", "", "", 0, true},
		{"errors<101%", "", "", 0, true},
		{"cpu<5", "", "", 0, true},
		{"<5ms", "", "", 0, true},
	} {
		th, err := ParseThreshold(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && (th.Metric != tt.metric || th.Op != tt.op || th.Value != tt.value)) {
			t.Errorf("ParseThreshold(%q) = %+v, %v; want %s %s %v, bad %v", tt.in, th, err, tt.metric, tt.op, tt.value, tt.bad)
		}
	}
}

func TestThresholdsBreach(t *testing.T) {
	rep := &Report{Requests: 1000, OK: 950, ErrorCount: 50, OKRPS: 95, WindowS: 10,
		Latency: Percentiles{Samples: 950, P99MS: 250}, ServiceTime: Percentiles{Samples: 950, P99MS: 20}}
	var ths []Threshold
	for _, s := range []string{"p99<200ms", "service_p99<200ms", "errors<1%", "ok_rps>90"} {
		th, err := ParseThreshold(s)
		if err != nil {
			t.Fatal(err)
		}
		ths = append(ths, th)
	}
	got := Check(rep, ths, "en")
	if len(got) != 2 || !strings.Contains(got[0], "p99 is 250 ms") || !strings.Contains(got[1], "errors is 5.0%") {
		t.Errorf("Check = %q; want breaches of p99 and errors", got)
	}
}

func TestThresholdsOnNoData(t *testing.T) {
	p99, _ := ParseThreshold("p99<200ms")
	errs, _ := ParseThreshold("errors<=100%")
	refused := &Report{Requests: 50, ErrorCount: 50, WindowS: 1, AchievedRPS: 50}
	got := Check(refused, []Threshold{p99}, "en")
	if len(got) != 2 || !strings.Contains(got[0], "error rate 100.0%") || !strings.Contains(got[1], "no responses to measure p99") {
		t.Errorf("Check(all refused, p99<200ms) = %q; want the default error-rate breach and no responses to measure p99", got)
	}
	if got := Check(refused, []Threshold{errs}, "en"); len(got) != 0 {
		t.Errorf("Check(all refused, errors<=100%%) = %q; want none: the stated errors rule replaces the default", got)
	}
	empty := &Report{}
	if got := Check(empty, []Threshold{errs}, "en"); len(got) != 2 || !strings.Contains(got[0], "no request finished") {
		t.Errorf("Check(no requests) = %q; want 'no request finished' and errors no data", got)
	}
	var text strings.Builder
	WriteText(&text, Analyze(&loadresult.Result{Format: loadresult.FormatVersion, Model: "open", Arrival: "rate:50", WindowNS: 1e9,
		Requests: 50, Errors: map[string]int64{"connect_refused": 50}, CPU: loadresult.CPU{TargetNS: -1}}, "en"), "en", 1)
	if strings.Contains(text.String(), "p99 0.00") || !strings.Contains(text.String(), "no data") {
		t.Errorf("text report over no samples:\n%s\nwant 'no data', never p99 0.00 ms", text.String())
	}
}

func FuzzParseThreshold(f *testing.F) {
	for _, s := range []string{"p99<200ms", "errors<=1%", "ok_rps>1000", "service_max<1s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		th, err := ParseThreshold(s)
		if err == nil && (th.Metric == "" || th.Op == "") {
			t.Errorf("ParseThreshold(%q) = %+v without error", s, th)
		}
	})
}
