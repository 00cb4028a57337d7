package model

import (
	"math"
	"testing"
	"time"
)

func TestParseDist(t *testing.T) {
	cases := []struct {
		in   string
		want Dist
		bad  bool
	}{
		{in: "200ms", want: FixedDist(200 * time.Millisecond)},
		{in: " fixed:2s ", want: FixedDist(2 * time.Second)},
		{in: "exp:200us", want: ExpDist(200 * time.Microsecond)},
		{in: "EXP:1m", want: ExpDist(time.Minute)},
		{in: "0", want: Dist{Kind: Fixed}},
		{in: "exp:0", want: Dist{Kind: Exp}},
		{in: "", bad: true},
		{in: "exp:", bad: true},
		{in: "200", bad: true},
		{in: "-5ms", bad: true},
		{in: "uniform:5ms", bad: true},
		{in: "5 ms", bad: true},
	}
	for _, c := range cases {
		got, err := ParseDist(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("ParseDist(%q) = %v, nil; want an error", c.in, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseDist(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
		back, err := ParseDist(got.String())
		if err != nil || back.Mean != got.Mean || (got.Kind == Exp) != (back.Kind == Exp) {
			t.Errorf("ParseDist(%q.String() = %q) = %v, %v; want %v", c.in, got.String(), back, err, got)
		}
	}
}

func TestDistAt(t *testing.T) {
	fixed := FixedDist(3 * time.Millisecond)
	for _, u := range []float64{0, 0.5, 0.999} {
		if got := fixed.At(u); got != 3*time.Millisecond {
			t.Errorf("FixedDist(3ms).At(%v) = %v; want 3ms", u, got)
		}
	}
	e := ExpDist(time.Second)
	ln2 := math.Ln2
	if got, want := e.At(0.5), time.Duration(ln2*float64(time.Second)); got < want-1 || got > want+1 {
		t.Errorf("ExpDist(1s).At(0.5) = %v; want the median ln2 s = %v", got, want)
	}
	if got := e.At(0); got != 0 {
		t.Errorf("ExpDist(1s).At(0) = %v; want 0", got)
	}
	huge := ExpDist(time.Duration(math.MaxInt64 / 2))
	if got := huge.At(1 - 1e-16); got <= 0 {
		t.Errorf("ExpDist(huge).At(~1) = %v; want a saturated positive duration", got)
	}
	// The mean of many draws is the mean.
	var sum float64
	const n = 200_000
	for i := uint64(0); i < n; i++ {
		sum += float64(e.At(Uniform(1, streamWait, i)))
	}
	if m := sum / n / 1e9; math.Abs(m-1) > 0.01 {
		t.Errorf("mean of %d ExpDist(1s) draws = %.4f s; want 1 s within 1%%", n, m)
	}
}

func FuzzParseDist(f *testing.F) {
	for _, s := range []string{"200ms", "exp:2s", "fixed:0", "0", "-1s", "exp:", ":", "9999999999h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDist(s)
		if err != nil {
			return
		}
		if d.Mean < 0 {
			t.Fatalf("ParseDist(%q) = %v: negative mean accepted", s, d)
		}
		back, err := ParseDist(d.String())
		if err != nil || back.Mean != d.Mean {
			t.Fatalf("ParseDist(%q).String() = %q does not parse back: %v, %v", s, d.String(), back, err)
		}
		_ = d.At(0.999999)
	})
}
