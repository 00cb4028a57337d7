package launch

import (
	"github.com/waitlab/waitlab/internal/msg"
)

// Describe is what was started, for a result: the engine and its
// version, the JDK, and the limits it was given, in l.
func (a About) Describe(l msg.Lang) string {
	if !a.Engine.IsJVM() || a.Limits == nil {
		return msg.T(l, "launch.about.go")
	}
	m := a.Limits
	var lim string
	switch m.Model {
	case "pool":
		lim = msg.T(l, "launch.limits.pool", m.MaxThreads, m.AcceptCount, m.MaxConnections, m.KeepAliveTimeoutMS, m.MaxKeepAliveRequests)
	case "virtual":
		lim = msg.T(l, "launch.limits.virtual", m.Carriers, m.AcceptCount, m.MaxConnections, m.KeepAliveTimeoutMS, m.MaxKeepAliveRequests)
	case "loop":
		lim = msg.T(l, "launch.limits.loop", m.Loops, m.AcceptCount, m.MaxConnections, m.KeepAliveTimeoutMS)
	case "offload":
		key := "launch.limits.offload"
		if m.OffloadExecutor == unorderedExecutor {
			key = "launch.limits.offload.unordered"
		}
		lim = msg.T(l, key, m.Loops, m.Offload, m.AcceptCount, m.MaxConnections, m.KeepAliveTimeoutMS)
	}
	return msg.T(l, "launch.about.jvm", a.Version, a.JDK, lim)
}

// Describe is a stopped server's report, in l: requests, connections
// accepted, log lines
// written and dropped, and a JVM's CPU, GC and threads.
func (r *Report) Describe(l msg.Lang) string {
	if r.Missing {
		return msg.T(l, "launch.report.missing")
	}
	s := msg.T(l, "launch.report", r.Requests, r.Conns, r.LogLines, r.LogDropped)
	if r.WarmConns > 0 {
		s = msg.T(l, "launch.report.warm", r.Requests, r.Conns, r.WarmConns, r.LogLines, r.LogDropped)
	}
	if r.JVM != nil {
		s += " " + msg.T(l, "launch.report.jvm", r.JVM.CPUMS, r.JVM.GCMS, r.JVM.GCCount, r.JVM.ThreadsPeak)
	}
	if r.Stalls != nil {
		s += " " + msg.T(l, "launch.report.stalls", r.Stalls.Count, r.Stalls.ThresholdMS, r.Stalls.WorstMS)
	}
	return s
}
