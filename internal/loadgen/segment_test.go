package loadgen

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

func segments(t *testing.T, texts ...string) []model.Segment {
	t.Helper()
	var out []model.Segment
	for _, s := range texts {
		seg, err := model.ParseSegment(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, seg)
	}
	return out
}

// runSegments runs one load split into segs, all starting together.
func runSegments(t *testing.T, base Config, segs []model.Segment) []*loadresult.Result {
	t.Helper()
	start := time.Now().Add(300 * time.Millisecond)
	out := make([]*loadresult.Result, len(segs))
	errs := make([]error, len(segs))
	var wg sync.WaitGroup
	for i, s := range segs {
		cfg := base
		cfg.Segment, cfg.StartAt = s, start
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = Run(context.Background(), cfg)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("segment %v: %v", segs[i], err)
		}
	}
	return out
}

// TestSegmentsMergeToTheWholeRun: three generators of one split run send,
// together, exactly the requests of the single-machine schedule, and the
// merged result is judged as one run.
func TestSegmentsMergeToTheWholeRun(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	base := Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: rate(300), Duration: time.Second}
	rs := runSegments(t, base, segments(t, "0/3", "1/3", "2/3"))
	var ids []string
	for _, r := range rs {
		if r.Segment == nil || r.Host == "" || r.ActualStart == "" || r.StartAt == "" {
			t.Fatalf("segment result lacks its segment, host or starts: %+v", r)
		}
		ids = append(ids, r.RunID)
	}
	if ids[0] == "" || ids[0] != ids[1] || ids[1] != ids[2] {
		t.Errorf("run ids %v; want one id shared by the segments of a run", ids)
	}
	m, err := loadresult.Merge(rs...)
	if err != nil {
		t.Fatalf("loadresult.Merge(segments) = %v", err)
	}
	// rate 300 over 1 s: requests due at 0, 1/300 s, ... up to 299/300 s.
	if m.Offered != 300 || m.Requests != 300 || m.OK != 300 {
		t.Errorf("merged offered %d, requests %d, ok %d; want 300 each (the single-machine schedule)", m.Offered, m.Requests, m.OK)
	}
	rep := loadreport.Analyze(m, msg.EN)
	if rep.OfferedRPS < 295 || rep.OfferedRPS > 305 {
		t.Errorf("merged offered rate %.1f/s; want the sum of the segments, 300/s", rep.OfferedRPS)
	}
	if len(rep.Inputs) != 3 || rep.Inputs[0].Segment == "" || rep.Inputs[0].Host == "" {
		t.Errorf("merged inputs %+v; want each segment with its host", rep.Inputs)
	}
	// Thresholds on the merged result decide for the whole run.
	pass, _ := loadreport.ParseThreshold("p99<5s")
	fail, _ := loadreport.ParseThreshold("p99<1us")
	if b := loadreport.Check(rep, []loadreport.Threshold{pass}, msg.EN); len(b) != 0 {
		t.Errorf("p99<5s breached on the merged run: %v", b)
	}
	if b := loadreport.Check(rep, []loadreport.Threshold{fail}, msg.EN); len(b) == 0 {
		t.Errorf("p99<1us met on the merged run; want it breached")
	}
}

func TestSegmentsSplitTheVirtualUsers(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	base := Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: model.Arrival{Kind: model.VUs, VUs: 5},
		Duration: 300 * time.Millisecond, Think: 10 * time.Millisecond}
	rs := runSegments(t, base, segments(t, "0:1/3", "1/3:1"))
	if got := rs[0].Connections + rs[1].Connections; got != 5 {
		t.Errorf("virtual users %d + %d; want the 5 split between the segments", rs[0].Connections, rs[1].Connections)
	}
	if !strings.Contains(rs[0].Arrival, "vus:5") {
		t.Errorf("segment arrival %q; want the whole run's vus:5", rs[0].Arrival)
	}
}

func TestMergeRefusesIncompleteOrForeignSegments(t *testing.T) {
	mk := func(seg, id string) *loadresult.Result {
		s := segments(t, seg)[0]
		r := &loadresult.Result{Format: loadresult.FormatVersion, Model: "open", Arrival: "rate:10", RunID: id, Segment: &s,
			Start: "2026-11-30T10:00:00Z", WindowNS: int64(time.Second), Errors: map[string]int64{}}
		r.SetSource(seg)
		return r
	}
	for _, c := range []struct {
		rs   []*loadresult.Result
		want string
	}{
		{[]*loadresult.Result{mk("0/3", "aa"), mk("1/3", "aa")}, "err.segment.missing"},
		{[]*loadresult.Result{mk("0/2", "aa"), mk("0/2", "aa"), mk("1/2", "aa")}, "err.segment.overlap"},
		{[]*loadresult.Result{mk("0/2", "aa"), mk("1/2", "bb")}, "report.merge.seg.run"},
		{[]*loadresult.Result{mk("0/2", "aa"), {Format: loadresult.FormatVersion, Model: "open", RunID: "cc", Start: "2026-11-30T10:00:00Z", Errors: map[string]int64{}}}, "report.merge.seg.mixed"},
	} {
		_, err := loadresult.Merge(c.rs...)
		var me *loadresult.MergeError
		if !errors.As(err, &me) || me.Key != c.want {
			t.Errorf("loadresult.Merge(%d results) = %v; want %s", len(c.rs), err, c.want)
		}
	}
}

// TestCollectorSaysWhatIsMissing: results pushed over HTTP; a duplicate is
// refused; when a segment never arrives, the collector names it.
func TestCollectorSaysWhatIsMissing(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	base := Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: rate(100), Duration: 200 * time.Millisecond}
	rs := runSegments(t, base, segments(t, "0/3", "1/3", "2/3"))
	col := loadresult.NewCollector(3)
	cs := httptest.NewServer(col)
	defer cs.Close()
	ctx := context.Background()
	for _, r := range rs[:2] {
		if err := loadresult.Push(ctx, cs.URL, r); err != nil {
			t.Fatalf("Push: %v", err)
		}
	}
	if err := loadresult.Push(ctx, cs.URL, rs[0]); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Errorf("loadresult.Push(the same segment again) = %v; want a refusal", err)
	}
	wctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	got, err := col.Wait(wctx)
	var me *loadresult.MissingError
	if !errors.As(err, &me) || len(got) != 2 || len(me.Missing) != 1 || me.Missing[0] != "2/3:1" {
		t.Fatalf("Wait = %d results, %v; want 2 and segment 2/3:1 named missing", len(got), err)
	}
	if err := loadresult.Push(ctx, cs.URL, rs[2]); err != nil {
		t.Fatalf("loadresult.Push(last): %v", err)
	}
	all, err := col.Wait(ctx)
	if err != nil || len(all) != 3 {
		t.Fatalf("Wait after the last = %d, %v", len(all), err)
	}
	if m, err := loadresult.Merge(all...); err != nil || m.Requests != 20 {
		t.Errorf("loadresult.Merge(collected) = %v requests, %v; want the 20 of the whole schedule", m, err)
	}
}
