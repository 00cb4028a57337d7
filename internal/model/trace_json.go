package model

import (
	"encoding/json"
	"math"
	"strconv"
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
func (s Span) MarshalJSON() ([]byte, error) { return s.appendJSON(nil), nil }

// appendJSON writes the span by hand: a trace holds up to hundreds of
// thousands of them, and encoding/json's reflection per element made a
// 2,000-request timeline cost several times its simulation.
func (s Span) appendJSON(b []byte) []byte {
	b = append(b, `{"lane":`...)
	b = strconv.AppendInt(b, int64(s.Lane), 10)
	b = append(b, `,"kind":"`...)
	b = append(b, s.Kind.String()...)
	b = append(b, `","req":`...)
	b = strconv.AppendInt(b, s.Req, 10)
	b = append(b, `,"start_ms":`...)
	b = appendMS(b, s.Start)
	b = append(b, `,"end_ms":`...)
	b = appendMS(b, s.End)
	return append(b, '}')
}

// appendMS writes d in milliseconds as encoding/json writes a float64.
func appendMS(b []byte, d time.Duration) []byte {
	f := msOf(d)
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	return strconv.AppendFloat(b, f, format, -1, 64)
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
func (r Record) MarshalJSON() ([]byte, error) { return r.appendJSON(nil), nil }

func (r Record) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, r.ID, 10)
	b = append(b, `,"class":`...)
	b = strconv.AppendInt(b, int64(r.Class), 10)
	b = append(b, `,"lane":`...)
	b = strconv.AppendInt(b, int64(r.Lane), 10)
	b = append(b, `,"arrival_ms":`...)
	b = appendMS(b, r.Arrival)
	b = append(b, `,"start_ms":`...)
	b = appendMS(b, r.Start)
	b = append(b, `,"end_ms":`...)
	b = appendMS(b, r.End)
	return append(b, '}')
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
	lanes := t.Lanes
	if lanes == nil {
		lanes = []LaneKind{}
	}
	lb, err := json.Marshal(lanes)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, len(lb)+32+len(t.Spans)*72+len(t.Records)*96)
	b = append(b, `{"lanes":`...)
	b = append(b, lb...)
	b = append(b, `,"spans":[`...)
	for i, s := range t.Spans {
		if i > 0 {
			b = append(b, ',')
		}
		b = s.appendJSON(b)
	}
	b = append(b, `],"records":[`...)
	for i, r := range t.Records {
		if i > 0 {
			b = append(b, ',')
		}
		b = r.appendJSON(b)
	}
	return append(b, "]}"...), nil
}
