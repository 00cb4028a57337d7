package model

// Figure is one number of a result that repeats, comparisons and tables
// talk about: the same figures for the model, the Go executors, the runs
// over HTTP and the JVM, so a ratio compares like with like.
type Figure struct {
	// Key names the figure: "makespan_ms", "p50_ms", or "<class>.p50_ms"
	// for a class of a scenario with several.
	Key   string
	Class string // the class, for class figures
	Get   func(*Result) float64
	// Set writes the figure into a result (a class figure into its entry
	// of Classes, which the caller owns): the median of repeats is a
	// result whose every figure is set to its median.
	Set func(*Result, float64)
}

var summaryFields = []struct {
	name string
	get  func(*Summary) *float64
}{
	{"p50_ms", func(s *Summary) *float64 { return &s.P50MS }},
	{"p90_ms", func(s *Summary) *float64 { return &s.P90MS }},
	{"p99_ms", func(s *Summary) *float64 { return &s.P99MS }},
	{"max_ms", func(s *Summary) *float64 { return &s.MaxMS }},
	{"mean_ms", func(s *Summary) *float64 { return &s.MeanMS }},
}

func allFigures() []Figure {
	var out []Figure
	for _, f := range summaryFields {
		out = append(out, floatFigure(f.name, func(r *Result) *float64 { return f.get(&r.All) }))
	}
	return out
}

// classFigures read and write a class's summary in the Classes map.
func classFigures(class string) []Figure {
	var out []Figure
	for _, f := range summaryFields {
		out = append(out, Figure{Key: class + "." + f.name, Class: class,
			Get: func(r *Result) float64 {
				v := r.Classes[class]
				return *f.get(&v)
			},
			Set: func(r *Result, v float64) {
				sum := r.Classes[class]
				*f.get(&sum) = v
				r.Classes[class] = sum
			}})
	}
	return out
}

func floatFigure(key string, p func(*Result) *float64) Figure {
	return Figure{Key: key, Get: func(r *Result) float64 { return *p(r) },
		Set: func(r *Result, v float64) { *p(r) = v }}
}

func intFigure(key string, p func(*Result) *int) Figure {
	return Figure{Key: key, Get: func(r *Result) float64 { return float64(*p(r)) },
		Set: func(r *Result, v float64) { *p(r) = int(v + 0.5) }}
}

// Figures lists the figures of results of s, in display order: makespan,
// throughput, latency percentiles of all requests, of each class when
// there are several, queue wait, peak busy threads, mean in flight, and
// the real-run figures (OS threads, CPU time, loop stalls).
func Figures(s Scenario) []Figure {
	figs := []Figure{
		floatFigure("makespan_ms", func(r *Result) *float64 { return &r.MakespanMS }),
		floatFigure("throughput_rps", func(r *Result) *float64 { return &r.ThroughputRPS }),
	}
	figs = append(figs, allFigures()...)
	if len(s.Classes) > 1 {
		for _, c := range s.Classes {
			figs = append(figs, classFigures(c.Name)...)
		}
	}
	figs = append(figs,
		floatFigure("queue_p50_ms", func(r *Result) *float64 { return &r.QueueWait.P50MS }),
		intFigure("peak_threads", func(r *Result) *int { return &r.PeakThreads }),
		floatFigure("in_flight_mean", func(r *Result) *float64 { return &r.InFlightMean }),
		intFigure("os_threads_peak", func(r *Result) *int { return &r.OSThreadsPeak }),
		floatFigure("cpu_ms", func(r *Result) *float64 { return &r.CPUMS }),
	)
	if s.Model.HasLoops() {
		figs = append(figs, stallFigures()...)
	}
	return figs
}

// stallFigures are the loop watchdog's count and worst stall (0 without
// a watchdog).
func stallFigures() []Figure {
	return []Figure{
		{Key: "stalls", Get: func(r *Result) float64 {
			if r.Stalls == nil {
				return 0
			}
			return float64(r.Stalls.Count)
		}, Set: func(r *Result, v float64) {
			if r.Stalls != nil {
				r.Stalls.Count = int64(v + 0.5)
			}
		}},
		{Key: "stall_worst_ms", Get: func(r *Result) float64 {
			if r.Stalls == nil {
				return 0
			}
			return r.Stalls.WorstMS
		}, Set: func(r *Result, v float64) {
			if r.Stalls != nil {
				r.Stalls.WorstMS = v
			}
		}},
	}
}

// RealFigure marks the figures that only real runs have.
func RealFigure(key string) bool {
	switch key {
	case "os_threads_peak", "cpu_ms", "stalls", "stall_worst_ms":
		return true
	}
	return false
}
