package loadgen

import (
	"bytes"
	"cmp"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// sample is one synthetic finished request.
type sample struct {
	due, send, end time.Duration
	status         int
	kind           errKind
}

func samples(seed uint64, n int) []sample {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]sample, n)
	for i := range out {
		due := time.Duration(i) * 5 * time.Millisecond // 200/s over n/200 seconds
		send := due + time.Duration(r.IntN(3000))*time.Microsecond
		svc := time.Duration(r.ExpFloat64() * float64(20*time.Millisecond))
		if r.IntN(500) == 0 {
			svc += time.Second // a rare stall
		}
		s := sample{due: due, send: send, end: send + svc, status: 200}
		switch r.IntN(100) {
		case 0:
			s.status = 503
		case 1:
			s.status, s.kind = 0, kindReset
		case 2:
			s.status, s.kind = 0, kindTimeout
		}
		out[i] = s
	}
	return out
}

// resultOf records samples the way a run does and fills a Result, through
// the file format (written and read back).
func resultOf(t *testing.T, ss []sample, window time.Duration) *loadresult.Result {
	t.Helper()
	rec := newRecorder(3)
	ss = slices.Clone(ss)
	slices.SortStableFunc(ss, func(a, b sample) int { return cmp.Compare(a.end, b.end) })
	var series []loadresult.Second
	next := int64(0) // the next second to close
	for i, s := range ss {
		for ; next < int64(s.end/time.Second); next++ {
			series = append(series, rec.collect(next)) // as the sampler does, once a second is over
		}
		rec.record(i, s.due, s.send, s.end, s.status, s.kind)
	}
	series = append(series, rec.collect(next))
	res := &loadresult.Result{Format: loadresult.FormatVersion, Model: "open", Arrival: "rate:200", URL: "http://127.0.0.1:1/",
		Targets: 1, Start: "2026-01-02T03:04:05Z", WindowNS: int64(window), TimeoutNS: int64(10 * time.Second),
		Connections: 50, Opened: 10, Offered: int64(len(ss)),
		CPU: loadresult.CPU{TargetNS: -1, GenAllowed: 1, GenNS: int64(window / 10), MachineCPUs: 2}}
	res.Series = series
	rec.fill(res)
	var buf bytes.Buffer
	if err := res.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := loadresult.ReadResult(buf.Bytes())
	if err != nil {
		t.Fatalf("ReadResult: %v", err)
	}
	return back
}

// Merging the results of two runs gives exactly the result of one run over
// the union of their samples: histograms are merged, not averaged.
func TestMergeIsExact(t *testing.T) {
	a := samples(1, 3000)
	b := samples(2, 5000)
	window := 25 * time.Second
	union := append(append([]sample{}, a...), b...)

	merged, err := loadresult.Merge(resultOf(t, a, window), resultOf(t, b, window))
	if err != nil {
		t.Fatal(err)
	}
	single := resultOf(t, union, window)

	if !merged.Latency.Histogram().Equals(single.Latency.Histogram()) || !merged.Service.Histogram().Equals(single.Service.Histogram()) {
		t.Fatal("merged histograms differ from the histogram of the union")
	}
	if merged.Latency.Count != single.Latency.Count || merged.Latency.SumNS != single.Latency.SumNS || merged.Latency.MaxNS != single.Latency.MaxNS {
		t.Errorf("merged latency %+v; want %+v", merged.Latency, single.Latency)
	}
	rm, rs := loadreport.Analyze(merged, msg.EN), loadreport.Analyze(single, msg.EN)
	if rm.Latency != rs.Latency || rm.ServiceTime != rs.ServiceTime {
		t.Errorf("merged percentiles %+v / %+v; want %+v / %+v", rm.Latency, rm.ServiceTime, rs.Latency, rs.ServiceTime)
	}
	if rm.Requests != rs.Requests || rm.OK != rs.OK || rm.OKRPS != rs.OKRPS || rm.OfferedRPS != rs.OfferedRPS {
		t.Errorf("merged counts %d/%d %.1f/s; want %d/%d %.1f/s", rm.Requests, rm.OK, rm.OKRPS, rs.Requests, rs.OK, rs.OKRPS)
	}
	jm, _ := json.Marshal(rm.Errors)
	js, _ := json.Marshal(rs.Errors)
	if string(jm) != string(js) {
		t.Errorf("merged errors %s; want %s", jm, js)
	}
	jm, _ = json.Marshal(rm.Series)
	js, _ = json.Marshal(rs.Series)
	if string(jm) != string(js) {
		t.Errorf("merged series differ:\n%s\nwant\n%s", jm, js)
	}
	// And the merge survives a second round trip through the file format.
	var buf bytes.Buffer
	if err := merged.Write(&buf); err != nil {
		t.Fatal(err)
	}
	again, err := loadresult.ReadResult(buf.Bytes())
	if err != nil || !again.Latency.Histogram().Equals(single.Latency.Histogram()) || again.Files != 2 {
		t.Errorf("merged result after a round trip: files %d, err %v; want 2 files, the same histogram", again.Files, err)
	}
}

func TestReadResultRejectsOtherFiles(t *testing.T) {
	for _, in := range []string{"", "{}", `{"format":"other"}`, "not json", `{"format":"waitlab-load/1","latency":{"hdr":"!!"}}`} {
		if _, err := loadresult.ReadResult([]byte(in)); err == nil {
			t.Errorf("loadresult.ReadResult(%q) = nil error; want an error", in)
		}
	}
}

func TestMergeRefusesMixedModels(t *testing.T) {
	a := &loadresult.Result{Format: loadresult.FormatVersion, Model: "open", CPU: loadresult.CPU{TargetNS: -1}}
	b := &loadresult.Result{Format: loadresult.FormatVersion, Model: "closed", CPU: loadresult.CPU{TargetNS: -1}}
	if _, err := loadresult.Merge(a, b); err == nil {
		t.Error("loadresult.Merge(open, closed) = nil error; want an error")
	}
}

// The text report of a fixed result, in both languages, against golden
// files (go test -update rewrites them).
