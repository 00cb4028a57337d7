package model

import (
	"encoding/json"
	"math"
	"time"
)

// The trace's JSON is a contract (the web lab draws from it, scripts read
// it, and real runs send it from their child process):
//
//	{"lanes":   ["thread", ...],                       // LaneKind per lane, index = lane number
//	 "spans":   [{"lane": 0, "kind": "cpu", "req": 3,  // kind: cpu | hold | lock | ready
//	              "start_ms": 0, "end_ms": 2000}, ...],
//	 "records": [{"id": 3, "class": 0, "lane": 0,      // id: the request's index from 0
//	              "arrival_ms": 0, "start_ms": 0, "end_ms": 2000}, ...]}
//
// Times are milliseconds from the run's start as JSON numbers, exact to
// the nanosecond (decoding rounds to the nearest nanosecond). A lane with
// no span at a time is idle then. trace_json_test.go pins this shape.

// spanNames are the JSON names of the span kinds, index = SpanKind.
var spanNames = [...]string{SpanCPU: "cpu", SpanHold: "hold", SpanLock: "lock", SpanReady: "ready"}

// String returns the kind's JSON name ("cpu", "hold", "lock", "ready").
func (k SpanKind) String() string {
	if int(k) < len(spanNames) && spanNames[k] != "" {
		return spanNames[k]
	}
	return "unknown"
}

// MarshalText implements encoding.TextMarshaler: the kind by name.
func (k SpanKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *SpanKind) UnmarshalText(b []byte) error {
	for i, n := range spanNames {
		if n != "" && n == string(b) {
			*k = SpanKind(i)
			return nil
		}
	}
	return parseErr("err.trace.span.kind", string(b))
}

// msOf and durOf convert between durations and the contract's milliseconds.
func msOf(d time.Duration) float64   { return float64(d) / 1e6 }
func durOf(ms float64) time.Duration { return time.Duration(math.Round(ms * 1e6)) }

type spanJSON struct {
	Lane    int32    `json:"lane"`
	Kind    SpanKind `json:"kind"`
	Req     int64    `json:"req"`
	StartMS float64  `json:"start_ms"`
	EndMS   float64  `json:"end_ms"`
}

// MarshalJSON implements json.Marshaler (see the contract above).
func (s Span) MarshalJSON() ([]byte, error) {
	return json.Marshal(spanJSON{s.Lane, s.Kind, s.Req, msOf(s.Start), msOf(s.End)})
}

// UnmarshalJSON implements json.Unmarshaler.
func (s *Span) UnmarshalJSON(b []byte) error {
	var j spanJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*s = Span{Lane: j.Lane, Kind: j.Kind, Req: j.Req, Start: durOf(j.StartMS), End: durOf(j.EndMS)}
	return nil
}

type recordJSON struct {
	ID        int64   `json:"id"`
	Class     int     `json:"class"`
	Lane      int32   `json:"lane"`
	ArrivalMS float64 `json:"arrival_ms"`
	StartMS   float64 `json:"start_ms"`
	EndMS     float64 `json:"end_ms"`
}

// MarshalJSON implements json.Marshaler (see the contract above).
func (r Record) MarshalJSON() ([]byte, error) {
	return json.Marshal(recordJSON{r.ID, r.Class, r.Lane, msOf(r.Arrival), msOf(r.Start), msOf(r.End)})
}

// UnmarshalJSON implements json.Unmarshaler.
func (r *Record) UnmarshalJSON(b []byte) error {
	var j recordJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Record{ID: j.ID, Class: j.Class, Lane: j.Lane, Arrival: durOf(j.ArrivalMS), Start: durOf(j.StartMS), End: durOf(j.EndMS)}
	return nil
}

// MarshalJSON implements json.Marshaler: the contract's three arrays are
// always arrays, never null (a run of waits without CPU has no spans).
func (t Trace) MarshalJSON() ([]byte, error) {
	type plain Trace // the same fields and tags, without this method
	p := plain(t)
	if p.Lanes == nil {
		p.Lanes = []LaneKind{}
	}
	if p.Spans == nil {
		p.Spans = []Span{}
	}
	if p.Records == nil {
		p.Records = []Record{}
	}
	return json.Marshal(p)
}
