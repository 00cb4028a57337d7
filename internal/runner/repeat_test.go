package runner

import (
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

func TestAggregateMedianMinMax(t *testing.T) {
	s := scenario(model.Loop, 2, 10, 0, false)
	s.Classes = []model.Class{{Name: "normal", Fraction: 0.9}, {Name: "blocking", Fraction: 0.1, Wait: model.FixedDist(time.Millisecond), Blocking: true}}
	mk := func(makespan, p50, np50 float64, stalls int64) *model.Result {
		return &model.Result{MakespanMS: makespan, All: model.Summary{P50MS: p50},
			Classes: map[string]model.Summary{"normal": {P50MS: np50}}, Stalls: &model.Stalls{Count: stalls}}
	}
	runs := []*model.Result{mk(300, 3, 30, 5), mk(100, 1, 10, 1), mk(200, 9, 20, 3), mk(400, 2, 40, 7), mk(500, 5, 50, 9)}
	rep := Aggregate(s, runs)
	if m := rep.Median; m.MakespanMS != 300 || m.All.P50MS != 3 || m.Classes["normal"].P50MS != 30 || m.Stalls.Count != 5 {
		t.Errorf("Aggregate median = makespan %v p50 %v normal p50 %v stalls %d; want 300, 3, 30, 5", m.MakespanMS, m.All.P50MS, m.Classes["normal"].P50MS, m.Stalls.Count)
	}
	if r := rep.Range["p50_ms"]; r != (Range{Min: 1, Median: 3, Max: 9}) {
		t.Errorf("Aggregate range p50_ms = %+v; want 1, 3, 9", r)
	}
	if r := rep.Range["normal.p50_ms"]; r != (Range{Min: 10, Median: 30, Max: 50}) {
		t.Errorf("Aggregate range normal.p50_ms = %+v; want 10, 30, 50", r)
	}
	if runs[0].MakespanMS != 300 || runs[0].Classes["normal"].P50MS != 30 {
		t.Errorf("Aggregate changed its runs")
	}
	// An even count takes the lower median: a value that was measured.
	rep = Aggregate(s, runs[:2])
	if rep.Median.MakespanMS != 100 {
		t.Errorf("Aggregate of 2 runs median makespan = %v; want the lower, 100", rep.Median.MakespanMS)
	}
}
