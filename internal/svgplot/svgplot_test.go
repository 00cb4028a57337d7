package svgplot

import (
	"math"
	"testing"
)

func TestEsc(t *testing.T) {
	for in, want := range map[string]string{
		"plain":            "plain",
		`a<b & "c" > 'd'`:  "a&lt;b &amp; &#34;c&#34; &gt; &#39;d&#39;",
		"스레드 4개":           "스레드 4개",
		"line\nbreak\ttab": "line&#xA;break&#x9;tab",
	} {
		if got := Esc(in); got != want {
			t.Errorf("Esc(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestNiceStep(t *testing.T) {
	for _, tc := range []struct{ raw, want float64 }{
		{0, 1}, {-3, 1}, {math.NaN(), 1}, {math.Inf(1), 1},
		{1, 1}, {1.1, 2}, {2, 2}, {2.01, 5}, {5, 5}, {7, 10}, {10, 10},
		{0.013, 0.02}, {340, 500}, {1.25e9, 2e9},
	} {
		if got := NiceStep(tc.raw); math.Abs(got-tc.want) > 1e-12*math.Max(1, tc.want) {
			t.Errorf("NiceStep(%v) = %v; want %v", tc.raw, got, tc.want)
		}
	}
}

func FuzzNiceStep(f *testing.F) {
	f.Add(3.7)
	f.Add(1e-300)
	f.Fuzz(func(t *testing.T, raw float64) {
		got := NiceStep(raw)
		if !(got > 0) || (raw > 0 && !math.IsInf(raw, 0) && got < raw) || (raw > 0 && got > 10*raw+1e-300 && !math.IsInf(raw, 0)) {
			t.Errorf("NiceStep(%v) = %v; want a round step in [raw, 10 raw]", raw, got)
		}
	})
}
