package loadgen

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/msg"
)

// loopPage is a waitlab target's /metrics after n scrapes: each scrape
// adds two stalls on loop 1, whose longest task is in (0.25 s, 0.5 s].
func loopPage(n int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "process_cpu_seconds_total %d\n", n)
	for loop := range 2 {
		stalls := int64(0)
		if loop == 1 {
			stalls = 2 * n
		}
		fmt.Fprintf(&b, "waitlab_target_loop_stalls_total{loop=\"%d\"} %d\n", loop, stalls)
		cum := int64(0)
		for _, le := range []string{"0.001", "0.01", "0.1", "0.25", "0.5", "1", "+Inf"} {
			switch le {
			case "0.001":
				cum += 100 * n
			case "0.5":
				cum += stalls
			}
			fmt.Fprintf(&b, "waitlab_target_loop_task_duration_seconds_bucket{loop=\"%d\",le=\"%s\"} %d\n", loop, le, cum)
		}
	}
	return b.String()
}

// When a waitlab target's loops stalled during the run, the report says
// so (count, longest task) from its /metrics, instead of blaming late
// arrivals (issue 13, item 11).
func TestTargetStallsAreReported(t *testing.T) {
	var scrapes atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte(loopPage(scrapes.Add(1))))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}}, Arrival: rate(50),
		Duration: 500 * time.Millisecond, MetricsURL: srv.URL + "/metrics"})
	st := res.TargetStalls
	if st == nil || st.Count != 2 || st.WorstAboveMS != 250 || st.WorstUpToMS != 500 {
		t.Fatalf("target stalls %+v; want 2 stalls, the longest in (250, 500] ms", st)
	}
	if !hasWarning(rep, "target_stalls") || hasWarning(rep, "late") {
		t.Errorf("warnings %v; want target_stalls and no warning blaming late arrivals", rep.Warnings)
	}
	var text strings.Builder
	loadreport.WriteText(&text, rep, msg.EN, 0)
	if !strings.Contains(text.String(), "stalls      2 in the target's event loops during the window, longest task above 250 ms, up to 500 ms") {
		t.Errorf("text report:\n%s\nwant the stalls line", text.String())
	}
}

// Falling behind with every connection of the user's own --connections
// cap busy blames the cap, not the server.
func TestBehindTheUsersCap(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(100 * time.Millisecond)
		w.Write([]byte("ok"))
	})
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}}, Arrival: rate(50),
		Duration: time.Second, Connections: 1})
	if !res.ConnectionsGiven || !hasWarning(rep, "behind_cap") || hasWarning(rep, "behind_conns") {
		t.Errorf("given %v, warnings %v; want behind_cap (the user's cap), not behind_conns (the server)", res.ConnectionsGiven, rep.Warnings)
	}
	res, rep = run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}}, Arrival: rate(50), Duration: 500 * time.Millisecond})
	if res.ConnectionsGiven || hasWarning(rep, "behind_cap") {
		t.Errorf("an automatic cap is recorded as given (%v) or blamed: %v", res.ConnectionsGiven, rep.Warnings)
	}
}
