package httptarget

import "github.com/waitlab/waitlab/internal/model"

// Report is what a target tells the process that started it when it
// stops (supervise's control channel): its counters and its watchdog's
// summary, as data, so the parent parses neither /metrics nor stderr.
type Report struct {
	// Requests is every request parsed; Conns every connection accepted.
	Requests int64 `json:"requests"`
	Conns    int64 `json:"connections"`
	// Stalls is the watchdog's summary (loop models; zero otherwise):
	// count per loop and the worst stall's whole duration.
	Stalls     *model.Stalls `json:"stalls,omitempty"`
	LogDropped int64         `json:"log_dropped"`
	LogLines   int64         `json:"log_lines"`
}

// ReportOf is st as a Report.
func ReportOf(st Stats) Report {
	r := Report{Requests: st.Requests, Conns: st.Conns, LogDropped: st.LogDropped, LogLines: st.LogLines}
	if st.Stalls.PerLoop != nil || st.Stalls.Count > 0 {
		s := st.Stalls
		r.Stalls = &s
	}
	return r
}
