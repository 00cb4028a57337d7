package loadgen

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// Little's law against a closed model whose answer is known: N virtual
// users without think time keep N requests in flight, less the moments
// between a response and the next send, and never more (issue 13, item
// 10: completions after the window made it claim 211 in flight for 200).
func TestLittlesLawClosedModel(t *testing.T) { forEachEngine(t, testLittlesLawClosedModel) }

func testLittlesLawClosedModel(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(20 * time.Millisecond)
		w.Write([]byte("ok"))
	})
	const vus = 8
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}},
		Arrival: model.Arrival{Kind: model.VUs, VUs: vus}, Duration: 1500 * time.Millisecond})
	if rep.InFlight > vus {
		t.Errorf("Little's law: %.2f in flight with %d virtual users; never more than %d", rep.InFlight, vus, vus)
	}
	if rep.InFlight < 0.6*vus {
		t.Errorf("Little's law: %.2f in flight with %d virtual users and no think time; want close to %d", rep.InFlight, vus, vus)
	}
	if got := float64(res.WindowRequests) / res.Window().Seconds(); rep.AchievedRPS != got || res.WindowRequests >= res.Requests {
		t.Errorf("achieved %.1f/s from %d of %d requests; want only the %d completed inside the window (the users' last requests end after it)",
			rep.AchievedRPS, res.WindowRequests, res.Requests, res.WindowRequests)
	}
}

// The series buckets by the window: the stragglers completing after its
// end are not a last second with a throughput dive, and achieved_rps
// counts completions inside the window only.
func TestSeriesBucketsByWindow(t *testing.T) { forEachEngine(t, testSeriesBucketsByWindow) }

func testSeriesBucketsByWindow(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(300 * time.Millisecond)
		w.Write([]byte("ok"))
	})
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL + "/"}}, Arrival: rate(50),
		Duration: time.Second, Connections: 100})
	last := res.Series[len(res.Series)-1].T
	if last < 1 {
		t.Fatalf("the result's series ends at second %d; the test needs completions after the 1 s window", last)
	}
	for _, p := range rep.Series {
		if p.T >= 1 {
			t.Errorf("report point at second %d (%v requests) after the 1 s window", p.T, p.RPS)
		}
	}
	if res.WindowRequests >= res.Requests || rep.AchievedRPS != float64(res.WindowRequests)/res.Window().Seconds() {
		t.Errorf("achieved %.1f/s, %d of %d requests in the window; want only completions inside it", rep.AchievedRPS, res.WindowRequests, res.Requests)
	}
	var html strings.Builder
	if err := loadreport.WriteHTML(&html, rep, msg.EN); err != nil {
		t.Fatal(err)
	}
}

// The closed model's plots say "from the actual send", as its text does.
func TestClosedModelPlotLabels(t *testing.T) {
	res := resultOf(t, samples(4, 500), 3*time.Second)
	res.Model, res.Arrival = "closed", "vus:4"
	var html strings.Builder
	if err := loadreport.WriteHTML(&html, loadreport.Analyze(res, msg.EN), msg.EN); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html.String(), "from the intended send") || !strings.Contains(html.String(), "over time (from the actual send)") {
		t.Error("the closed model's HTML report labels latency from the intended send; want from the actual send")
	}
	res.Model, res.Arrival = "open", "rate:200"
	html.Reset()
	loadreport.WriteHTML(&html, loadreport.Analyze(res, msg.EN), msg.EN)
	if !strings.Contains(html.String(), "over time (from the intended send)") {
		t.Error("the open model's HTML report does not label latency from the intended send")
	}
}
