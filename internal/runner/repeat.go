package runner

import (
	"cmp"
	"slices"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/stats"
)

// Range is the spread of one figure over repeated runs.
type Range struct {
	Min    float64 `json:"min"`
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
}

// Repeated is the outcome of repeated real runs.
type Repeated struct {
	// Median is a result whose every figure is the median over the runs
	// (the lower median for an even count, so it is a measured value);
	// the rest is the median-makespan run's.
	Median *model.Result `json:"real"`
	// Range is each figure's min, median and max over the runs.
	Range map[string]Range `json:"real_range,omitempty"`
	Runs  []*model.Result  `json:"runs,omitempty"`
	// Warmup is the uncounted warm-up run, if any.
	Warmup *model.Result `json:"-"`
	// Interrupted is set when ctx was cancelled before every run was
	// done (Median.Interrupted is then set too): fewer runs than asked,
	// or a run cut short.
	Interrupted bool `json:"interrupted,omitempty"`
}

// MarkInterrupted marks rep, and its median, as cut short.
func (rep *Repeated) MarkInterrupted() {
	rep.Interrupted = true
	if rep.Median != nil {
		rep.Median.Interrupted = true
	}
}

// Aggregate builds a Repeated from runs of s: each figure's spread
// (stats.SpreadOf) and a median result.
func Aggregate(s model.Scenario, runs []*model.Result) *Repeated {
	rep := &Repeated{Runs: runs}
	if len(runs) == 0 {
		return rep
	}
	order := make([]int, len(runs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(runs[a].MakespanMS, runs[b].MakespanMS)
	})
	mid := runs[order[stats.MedianIndex(len(order))]]
	med := *mid
	med.Classes = map[string]model.Summary{}
	for k, v := range mid.Classes {
		med.Classes[k] = v
	}
	if mid.Stalls != nil {
		st := *mid.Stalls
		med.Stalls = &st
	}
	for _, r := range runs {
		med.Interrupted = med.Interrupted || r.Interrupted
	}
	rep.Range = map[string]Range{}
	for _, f := range model.Figures(s) {
		vals := make([]float64, len(runs))
		for i, r := range runs {
			vals[i] = f.Get(r)
		}
		sp := stats.SpreadOf(vals)
		rg := Range{Min: sp.Min, Median: sp.Median, Max: sp.Max}
		rep.Range[f.Key] = rg
		f.Set(&med, rg.Median) // a class figure into med's own Classes
	}
	rep.Median = &med
	return rep
}
