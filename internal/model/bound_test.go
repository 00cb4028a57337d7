package model

import (
	"math"
	"testing"
	"time"
)

func TestParseBound(t *testing.T) {
	for _, tc := range []struct {
		in                string
		ok                bool
		metric, op, value string
	}{
		{" p99<200ms ", true, "p99", "<", "200ms"},
		{"Normal.P99 <= 80ms", true, "normal.p99", "<=", "80ms"},
		{"ok_rps>1000/s", true, "ok_rps", ">", "1000/s"},
		{"errors >= 1 %", true, "errors", ">=", "1 %"},
		{"<200ms", false, "", "", ""},
		{"p99", false, "", "", ""},
		{"p99<<200ms", false, "", "", ""},
		{"p99<=>1s", false, "", "", ""},
		{"", false, "", "", ""},
	} {
		b, ok := ParseBound(tc.in)
		if ok != tc.ok || (ok && (b.Metric != tc.metric || b.Op != tc.op || b.Value != tc.value)) {
			t.Errorf("ParseBound(%q) = %+v, %v; want %s %s %s, %v", tc.in, b, ok, tc.metric, tc.op, tc.value, tc.ok)
		}
	}
	b, _ := ParseBound("p99<1.5s")
	if d, ok := b.Duration(); !ok || d != 1500*time.Millisecond || !b.Ceiling() {
		t.Errorf("Duration(1.5s) = %v, %v; ceiling %v", d, ok, b.Ceiling())
	}
	b, _ = ParseBound("rps>=250 /s")
	if v, ok := b.Rate(); !ok || v != 250 || b.Ceiling() {
		t.Errorf("Rate(250 /s) = %v, %v", v, ok)
	}
	for _, v := range []string{"-1", "NaN", "+Inf", "fast"} {
		if _, ok := (Bound{Value: v}).Rate(); ok {
			t.Errorf("Rate(%q): want refused", v)
		}
	}
	for v, want := range map[string]bool{"1%": true, "0.5 %": true, "101%": false, "1": false, "NaN%": false, "-1%": false} {
		if _, ok := (Bound{Value: v}).Percent(); ok != want {
			t.Errorf("Percent(%q) ok = %v; want %v", v, ok, want)
		}
	}
	if _, ok := (Bound{Value: "-5ms"}).Duration(); ok {
		t.Error("Duration(-5ms): want refused")
	}
}

func TestMeets(t *testing.T) {
	for _, tc := range []struct {
		op       string
		v, limit float64
		want     bool
	}{
		{"<", 1, 2, true}, {"<", 2, 2, false}, {"<=", 2, 2, true},
		{">", 3, 2, true}, {">", 2, 2, false}, {">=", 2, 2, true},
		{"<", math.NaN(), 2, false}, {">=", math.NaN(), 2, false},
	} {
		if got := Meets(tc.op, tc.v, tc.limit); got != tc.want {
			t.Errorf("Meets(%s, %v, %v) = %v; want %v", tc.op, tc.v, tc.limit, got, tc.want)
		}
	}
}

func FuzzParseBound(f *testing.F) {
	for _, s := range []string{"p99<200ms", "normal.p99<=80ms", "errors<1%", "ok_rps>1000/s", "<", "a<=<"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, ok := ParseBound(s)
		if !ok {
			return
		}
		if b.Metric == "" || (b.Op != "<" && b.Op != "<=" && b.Op != ">" && b.Op != ">=") {
			t.Fatalf("ParseBound(%q) = %+v: an accepted bound has a metric and an operator", s, b)
		}
		_, _ = b.Duration()
		_, _ = b.Rate()
		_, _ = b.Percent()
	})
}
