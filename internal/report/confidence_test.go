package report

import (
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// An open run's figures carry ± and say what the intervals rest on; a
// burst says its figures are exact.
func TestTextShowsIntervals(t *testing.T) {
	conv, warm := false, 120
	ci := func(lo, hi float64) *model.CI { return &model.CI{lo, hi} }
	r := &model.Result{Mode: "sim", Requests: 20000, Completed: 20000, ThroughputRPS: 1000,
		Scenario: model.Scenario{Arrival: model.Arrival{Kind: model.Poisson, Rate: 1000}},
		All: model.Summary{Count: 19880, MeanMS: 10, P50MS: 8, P90MS: 20, P99MS: 645, MaxMS: 900,
			MeanCI: ci(9.9, 10.1), P50CI: ci(7.9, 8.1), P90CI: ci(19, 21), P99CI: ci(631.5, 658.5), ThroughputCI: ci(990, 1010)},
		Converged: &conv, Unconverged: []string{"correlated"}, WarmupRequests: &warm, Batches: 10, BatchSize: 1985}
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		var b strings.Builder
		if err := WriteText(&b, l, r); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, want := range []string{"645.0 ±2.1%", "1000 ", "±1.0%", "120", "MSER-5"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: text lacks %q:\n%s", l, want, out)
			}
		}
	}
	var b strings.Builder
	_ = WriteText(&b, msg.EN, r)
	if !strings.Contains(b.String(), "converged                  no: the batch means stayed correlated") {
		t.Errorf("want the reason it did not converge:\n%s", b.String())
	}
	burst := &model.Result{Mode: "sim", Scenario: model.Scenario{Arrival: model.Arrival{Kind: model.Burst}}, All: model.Summary{Count: 1, P99MS: 5}}
	b.Reset()
	_ = WriteText(&b, msg.EN, burst)
	if !strings.Contains(b.String(), "exact figures: a burst is deterministic") || strings.Contains(b.String(), "±") {
		t.Errorf("burst: want exact figures without ±:\n%s", b.String())
	}
}
