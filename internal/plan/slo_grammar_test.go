package plan

import (
	"testing"

	"github.com/waitlab/waitlab/internal/loadreport"
)

// One SLO grammar (model.ParseBound): a latency bound written for `load
// --threshold` reads the same as a `plan --slo`, and both refuse the same
// broken forms.
func TestSLOAndThresholdReadAlike(t *testing.T) {
	for _, s := range []string{"p99<200ms", " p50 <= 1.5s", "mean<20ms", "max<2s", "p99.9<300ms", "P90<80ms"} {
		o, err := ParseSLO(s)
		if err != nil {
			t.Fatalf("ParseSLO(%q): %v", s, err)
		}
		th, err := loadreport.ParseThreshold(s)
		if err != nil {
			t.Fatalf("ParseThreshold(%q): %v", s, err)
		}
		if o.Text != th.Text || o.Metric != th.Metric || o.Op != th.Op || o.Value != th.Value {
			t.Errorf("%q: plan %+v, load %+v; want the same metric, operator and value", s, o, th)
		}
	}
	for _, s := range []string{"<200ms", "p99", "p99<<200ms", "p99<=>1s", "p99<fast"} {
		if _, err := ParseSLO(s); err == nil {
			t.Errorf("ParseSLO(%q) = nil; want an error", s)
		}
		if _, err := loadreport.ParseThreshold(s); err == nil {
			t.Errorf("ParseThreshold(%q) = nil; want an error", s)
		}
	}
}
