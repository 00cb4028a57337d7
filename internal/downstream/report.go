package downstream

// Report is what a downstream tells the process that started it when it
// stops (supervise's control channel), as data: its parent reads neither
// its stderr nor a regex over it. The target does the same
// (httptarget.Report).
type Report struct {
	Commands int64 `json:"commands"`
	Conns    int64 `json:"connections"`
	Refused  int64 `json:"refused"`
	// DelayP50NS and DelayP99NS are the delays given (achieved), in
	// nanoseconds; 0 with no delay measured.
	DelayP50NS int64 `json:"delay_p50_ns"`
	DelayP99NS int64 `json:"delay_p99_ns"`
	// Proxy: a proxy's report (it counts no commands, only Refused).
	Proxy bool `json:"proxy,omitempty"`
	// Missing: it sent no report (it died, or was killed); set by the
	// parent that read it (launch.Downstream.Stop).
	Missing bool `json:"missing,omitempty"`
}

// ReportOf is st as a Report.
func ReportOf(st Stats) Report {
	return Report{Commands: st.Commands, Conns: st.Conns, Refused: st.Refused,
		DelayP50NS: int64(st.Delay.AchievedP50), DelayP99NS: int64(st.Delay.AchievedP99)}
}
