package live

import (
	"slices"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/stats"
)

// Figure is one number of a result that repeats, comparisons and tables
// talk about.
type Figure struct {
	// Key names the figure: "makespan_ms", "p50_ms", or "<class>.p50_ms"
	// for a class of a scenario with several.
	Key   string
	Class string // the class, for class figures
	Get   func(*model.Result) float64
	set   func(*model.Result, float64)
}

var summaryFields = []struct {
	name string
	get  func(*model.Summary) *float64
}{
	{"p50_ms", func(s *model.Summary) *float64 { return &s.P50MS }},
	{"p90_ms", func(s *model.Summary) *float64 { return &s.P90MS }},
	{"p99_ms", func(s *model.Summary) *float64 { return &s.P99MS }},
	{"max_ms", func(s *model.Summary) *float64 { return &s.MaxMS }},
	{"mean_ms", func(s *model.Summary) *float64 { return &s.MeanMS }},
}

func allFigures() []Figure {
	var out []Figure
	for _, f := range summaryFields {
		out = append(out, floatFigure(f.name, func(r *model.Result) *float64 { return f.get(&r.All) }))
	}
	return out
}

// classFigures reads a class's summary; aggregate writes them back into
// the map itself.
func classFigures(class string) []Figure {
	var out []Figure
	for _, f := range summaryFields {
		out = append(out, Figure{Key: class + "." + f.name, Class: class, Get: func(r *model.Result) float64 {
			v := r.Classes[class]
			return *f.get(&v)
		}})
	}
	return out
}

func floatFigure(key string, p func(*model.Result) *float64) Figure {
	return Figure{Key: key, Get: func(r *model.Result) float64 { return *p(r) },
		set: func(r *model.Result, v float64) { *p(r) = v }}
}

func intFigure(key string, p func(*model.Result) *int) Figure {
	return Figure{Key: key, Get: func(r *model.Result) float64 { return float64(*p(r)) },
		set: func(r *model.Result, v float64) { *p(r) = int(v + 0.5) }}
}

// Figures lists the figures of results of s, in display order: makespan,
// throughput, latency percentiles of all requests, of each class when
// there are several, queue wait, peak busy threads, mean in flight, and
// the real-run figures (OS threads, CPU time, loop stalls).
func Figures(s model.Scenario) []Figure {
	figs := []Figure{
		floatFigure("makespan_ms", func(r *model.Result) *float64 { return &r.MakespanMS }),
		floatFigure("throughput_rps", func(r *model.Result) *float64 { return &r.ThroughputRPS }),
	}
	figs = append(figs, allFigures()...)
	if len(s.Classes) > 1 {
		for _, c := range s.Classes {
			figs = append(figs, classFigures(c.Name)...)
		}
	}
	figs = append(figs,
		floatFigure("queue_p50_ms", func(r *model.Result) *float64 { return &r.QueueWait.P50MS }),
		intFigure("peak_threads", func(r *model.Result) *int { return &r.PeakThreads }),
		floatFigure("in_flight_mean", func(r *model.Result) *float64 { return &r.InFlightMean }),
		intFigure("os_threads_peak", func(r *model.Result) *int { return &r.OSThreadsPeak }),
		floatFigure("cpu_ms", func(r *model.Result) *float64 { return &r.CPUMS }),
	)
	if s.Model.HasLoops() {
		figs = append(figs,
			Figure{Key: "stalls", Get: func(r *model.Result) float64 {
				if r.Stalls == nil {
					return 0
				}
				return float64(r.Stalls.Count)
			}, set: func(r *model.Result, v float64) {
				if r.Stalls != nil {
					r.Stalls.Count = int64(v + 0.5)
				}
			}},
			Figure{Key: "stall_worst_ms", Get: func(r *model.Result) float64 {
				if r.Stalls == nil {
					return 0
				}
				return r.Stalls.WorstMS
			}, set: func(r *model.Result, v float64) {
				if r.Stalls != nil {
					r.Stalls.WorstMS = v
				}
			}})
	}
	return figs
}

// Real marks the figures that only real runs have.
func Real(key string) bool {
	switch key {
	case "os_threads_peak", "cpu_ms", "stalls", "stall_worst_ms":
		return true
	}
	return false
}

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

// Aggregate builds a Repeated from runs of s.
func Aggregate(s model.Scenario, runs []*model.Result) *Repeated {
	rep := &Repeated{Runs: runs}
	rep.aggregate(s)
	return rep
}

func (rep *Repeated) aggregate(s model.Scenario) {
	if len(rep.Runs) == 0 {
		return
	}
	order := make([]int, len(rep.Runs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return compareFloat(rep.Runs[a].MakespanMS, rep.Runs[b].MakespanMS)
	})
	mid := rep.Runs[order[stats.MedianIndex(len(order))]]
	med := *mid
	med.Classes = map[string]model.Summary{}
	for k, v := range mid.Classes {
		med.Classes[k] = v
	}
	if mid.Stalls != nil {
		st := *mid.Stalls
		med.Stalls = &st
	}
	for _, r := range rep.Runs {
		med.Interrupted = med.Interrupted || r.Interrupted
	}
	rep.Range = map[string]Range{}
	for _, f := range Figures(s) {
		vals := make([]float64, len(rep.Runs))
		for i, r := range rep.Runs {
			vals[i] = f.Get(r)
		}
		sp := stats.SpreadOf(vals)
		rg := Range{Min: sp.Min, Median: sp.Median, Max: sp.Max}
		rep.Range[f.Key] = rg
		if f.Class != "" {
			sum := med.Classes[f.Class]
			for _, sf := range summaryFields {
				if f.Key == f.Class+"."+sf.name {
					*sf.get(&sum) = rg.Median
				}
			}
			med.Classes[f.Class] = sum
			continue
		}
		f.set(&med, rg.Median)
	}
	rep.Median = &med
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
