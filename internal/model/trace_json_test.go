package model

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// The trace's JSON is a contract: tagged names, span kinds by name, times
// in milliseconds. This test pins the exact shape.
func TestTraceJSONContract(t *testing.T) {
	tr := &Trace{
		Lanes: []LaneKind{LaneLoop, LaneOffload},
		Spans: []Span{
			{Lane: 0, Kind: SpanCPU, Req: 3, Start: 0, End: 200 * time.Microsecond},
			{Lane: 1, Kind: SpanHold, Req: 3, Start: 200 * time.Microsecond, End: 100*time.Millisecond + 200*time.Microsecond},
			{Lane: 0, Kind: SpanLock, Req: 4, Start: time.Second, End: 2 * time.Second},
			{Lane: 0, Kind: SpanReady, Req: 5, Start: 1, End: 3},
		},
		Records: []Record{{ID: 3, Class: 1, Arrival: 0, Start: 0, End: 1500 * time.Millisecond, Lane: 0}},
	}
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"lanes":["loop","offload"],"spans":[` +
		`{"lane":0,"kind":"cpu","req":3,"start_ms":0,"end_ms":0.2},` +
		`{"lane":1,"kind":"hold","req":3,"start_ms":0.2,"end_ms":100.2},` +
		`{"lane":0,"kind":"lock","req":4,"start_ms":1000,"end_ms":2000},` +
		`{"lane":0,"kind":"ready","req":5,"start_ms":0.000001,"end_ms":0.000003}],` +
		`"records":[{"id":3,"class":1,"lane":0,"arrival_ms":0,"start_ms":0,"end_ms":1500}]}`
	if string(b) != want {
		t.Errorf("json.Marshal(trace) =\n%s\nwant\n%s", b, want)
	}
	var back Trace
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, tr) {
		t.Errorf("round trip = %+v; want %+v", back, *tr)
	}
}

// Nanosecond times survive the trip through milliseconds, up to runs far
// longer than any trace is kept for.
func TestTraceJSONExactNanoseconds(t *testing.T) {
	for _, d := range []time.Duration{1, 999_999, 123_456_789_012, 7*24*time.Hour + 1} {
		r := Record{Start: d, End: d + 1}
		b, _ := json.Marshal(r)
		var back Record
		if err := json.Unmarshal(b, &back); err != nil || back != r {
			t.Errorf("round trip of %d ns = %+v, %v; want %+v", int64(d), back, err, r)
		}
	}
}

func TestSpanKindUnknownName(t *testing.T) {
	var s Span
	err := json.Unmarshal([]byte(`{"kind":"nap"}`), &s)
	if err == nil {
		t.Fatal(`Unmarshal(kind "nap") = nil error; want one naming the kind`)
	}
}

func TestTraceJSONEmptyArrays(t *testing.T) {
	b, err := json.Marshal(&Trace{Lanes: []LaneKind{LaneLoop}})
	if want := `{"lanes":["loop"],"spans":[],"records":[]}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal(trace without spans) = %s, %v; want %s", b, err, want)
	}
}

// The hand-written encoding is encoding/json's: the same text as marshalling
// the tagged shape with reflection, for awkward values too.
func TestTraceJSONMatchesReflection(t *testing.T) {
	for _, d := range []time.Duration{0, 1, 999, 1_000_000, 123_456_789, 1 << 62} {
		s := Span{Lane: 7, Kind: SpanReady, Req: -1, Start: d, End: d + 3}
		want, _ := json.Marshal(spanJSON{s.Lane, s.Kind, s.Req, msOf(s.Start), msOf(s.End)})
		if got, _ := json.Marshal(s); string(got) != string(want) {
			t.Errorf("Span at %d ns = %s; want %s", int64(d), got, want)
		}
		r := Record{ID: 5, Class: 2, Lane: 1, Arrival: d, Start: d + 1, End: d + 2}
		want, _ = json.Marshal(recordJSON{r.ID, r.Class, r.Lane, msOf(r.Arrival), msOf(r.Start), msOf(r.End)})
		if got, _ := json.Marshal(r); string(got) != string(want) {
			t.Errorf("Record at %d ns = %s; want %s", int64(d), got, want)
		}
	}
}

func BenchmarkTraceJSON(b *testing.B) {
	tr := &Trace{Lanes: make([]LaneKind, 8)}
	for i := range 4000 {
		tr.Spans = append(tr.Spans, Span{Lane: int32(i % 8), Kind: SpanCPU, Req: int64(i), Start: time.Duration(i) * 200 * time.Microsecond, End: time.Duration(i+1) * 200 * time.Microsecond})
	}
	for i := range 2000 {
		tr.Records = append(tr.Records, Record{ID: int64(i), Start: time.Duration(i) * time.Microsecond, End: time.Duration(i) * time.Millisecond})
	}
	for b.Loop() {
		if _, err := json.Marshal(tr); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTraceMarshalJSONDirect(b *testing.B) {
	tr := &Trace{Lanes: make([]LaneKind, 8)}
	for i := range 4000 {
		tr.Spans = append(tr.Spans, Span{Lane: int32(i % 8), Kind: SpanCPU, Req: int64(i), Start: time.Duration(i) * 200 * time.Microsecond, End: time.Duration(i+1) * 200 * time.Microsecond})
	}
	for b.Loop() {
		if _, err := tr.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}
