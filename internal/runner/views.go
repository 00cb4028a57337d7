package runner

import (
	"math"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
)

// HTTPSockets is the socket-only part of an Outcome: the median run's.
type HTTPSockets struct {
	loadgen.Sockets
	Kernel  Kernel   `json:"kernel"`
	Pinning *Pinning `json:"pinning,omitempty"`
	// Placement is "" when every request was served on the planner's loop
	// (or there are no loops to agree on), else why they could not agree.
	Placement string `json:"placement,omitempty"`
	// Server is what served the run (engine, version, JDK, limits) and
	// ServerReport its own report (a JVM's CPU, GC, threads, log lines).
	Server       launch.About   `json:"server"`
	ServerReport *launch.Report `json:"server_report,omitempty"`
}

// HTTPMeasures reports whether a run over HTTP measures figure key: the
// server's queue wait and busy threads are not seen from outside.
func HTTPMeasures(key string) bool {
	switch key {
	case "queue_p50_ms", "peak_threads":
		return false
	}
	return true
}

// scaleCores is the cores --scale-to-cores scales to: the target's share
// when an HTTP runner pins generator and target apart.
func scaleCores(cfg *Config) int {
	for _, r := range cfg.Runners {
		if h, ok := r.(HTTP); ok && !h.Options.NoPin && cfg.Cores >= 2 {
			if p := ChoosePinning(cfg.Cores, false); p != nil {
				return len(p.Target)
			}
		}
	}
	return cfg.Cores
}

// fillHTTP fills o's HTTP fields from the runs over HTTP.
func fillHTTP(o *Outcome, rep *Repeated, runs []*Run) {
	s := o.Scenario
	med := runs[0]
	for _, r := range runs {
		if math.Abs(r.Result.MakespanMS-rep.Median.MakespanMS) < math.Abs(med.Result.MakespanMS-rep.Median.MakespanMS) {
			med = r
		}
	}
	o.HTTP, o.HTTPRepeated, o.HTTPLoad = rep.Median, rep, med.HTTP.Load
	o.HTTPRange, o.HTTPRuns = rep.Range, rep.Runs
	if o.Model != nil {
		o.HTTPRatio = map[string]float64{}
		for k, v := range Ratios(s, o.Model, rep.Median) {
			if HTTPMeasures(k) {
				o.HTTPRatio[k] = v
			}
		}
	}
	h := med.HTTP
	o.Sockets = &HTTPSockets{Sockets: h.Sockets, Kernel: h.Kernel, Pinning: h.Pinning, Placement: placement(s, h.Sockets),
		Server: h.Server, ServerReport: h.Report}
}

// placement says why the connections' loops could not agree with the
// planner's, or "" when they did (or there are no loops).
func placement(s model.Scenario, sk loadgen.Sockets) string {
	switch {
	case !s.Model.HasLoops():
		return ""
	case s.Assign == model.Shared:
		return "shared"
	case sk.LoopMismatch > 0:
		return "mismatch"
	}
	return ""
}
