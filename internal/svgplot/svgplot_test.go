package svgplot

import (
	"math"
	"math/rand/v2"
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

func TestLogTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		mants  []float64
		want   []float64
	}{
		{1, 1000, []float64{1}, []float64{1, 10, 100, 1000}},
		{0.03, 0.6, []float64{1, 2, 5}, []float64{0.05, 0.1, 0.2, 0.5}},
		{1000, 1000, []float64{1, 2, 5}, []float64{1000}},
		{3, 4, []float64{1, 2, 5}, nil},
		{0, 10, []float64{1}, nil},
		{10, 1, []float64{1}, nil},
		{1, math.Inf(1), []float64{1}, nil},
		{math.NaN(), 10, []float64{1}, nil},
	} {
		var got []float64
		for _, k := range LogTicks(tc.lo, tc.hi, tc.mants...) {
			got = append(got, k.Value())
		}
		if !sameFloats(got, tc.want) {
			t.Errorf("LogTicks(%v, %v, %v) = %v; want %v", tc.lo, tc.hi, tc.mants, got, tc.want)
		}
	}
	if k := (LogTick{Mant: 1, Exp: -3}); k.Log10() != -3 || k.Value() != 0.001 {
		t.Errorf("LogTick{1, -3} = %v, log10 %v", k.Value(), k.Log10())
	}
}

// The three log axes LogTicks replaced, as they were written (plan's
// sizing chart, baseline's latency distribution in log10 units, probe's
// decades), against LogTicks as each caller now calls it: the same ticks,
// bit for bit, over many axis ranges.
func planLogTicksOld(lo, hi float64) (out []float64) {
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi*1.0001; e++ {
		for _, m := range []float64{1, 2, 5} {
			if v := m * math.Pow(10, e); v >= lo*0.9999 && v <= hi*1.0001 {
				out = append(out, v)
			}
		}
	}
	return out
}

func baselineLogTicksOld(lo, hi float64) (out []float64) {
	for e := math.Floor(lo); e <= math.Ceil(hi)+1e-9; e++ {
		for _, m := range []float64{1, 2, 5} {
			if x := e + math.Log10(m); x >= lo-0.05 && x <= hi+0.05 {
				out = append(out, x)
			}
		}
	}
	return out
}

func probeLogTicksOld(ymin, ymax float64) (out []float64) {
	lo := math.Pow(10, math.Floor(math.Log10(ymin)))
	for v := lo; v <= ymax; v *= 10 {
		out = append(out, v)
	}
	return out
}

func planLogTicksNew(lo, hi float64) (out []float64) {
	for _, k := range LogTicks(lo*0.9999, hi*1.0001, 1, 2, 5) {
		out = append(out, k.Value())
	}
	return out
}

func baselineLogTicksNew(lo, hi float64) (out []float64) {
	for _, k := range LogTicks(math.Pow(10, lo-0.05), math.Pow(10, hi+0.05), 1, 2, 5) {
		out = append(out, k.Log10())
	}
	return out
}

func probeLogTicksNew(ymin, ymax float64) (out []float64) {
	for _, k := range LogTicks(math.Pow(10, math.Floor(math.Log10(ymin))), ymax, 1) {
		out = append(out, k.Value())
	}
	return out
}

func sameFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

func TestLogTicksAsTheOldAxes(t *testing.T) {
	n := 50000
	if testing.Short() {
		n = 20000
	}
	rng := rand.New(rand.NewPCG(39, 1))
	// Round values (m·10^k and their neighbours) are where a bound's
	// slack decides; the rest are spread over 24 decades.
	var values []float64
	for k := -9.0; k <= 9; k++ {
		for _, m := range []float64{1, 1.5, 2, 2.5, 3, 5, 7, 9.99, 10} {
			v := m * math.Pow(10, k)
			values = append(values, v, math.Nextafter(v, 0), math.Nextafter(v, math.Inf(1)), v*0.9999, v*1.0001)
		}
	}
	for range n {
		values = append(values, math.Pow(10, rng.Float64()*24-12))
	}
	for i, a := range values {
		b := values[(i*7919+1)%len(values)]
		lo, hi := min(a, b), max(a, b)*(1+rng.Float64()*50)
		if got, want := planLogTicksNew(lo, hi), planLogTicksOld(lo, hi); !sameFloats(got, want) {
			t.Fatalf("plan's axis [%v, %v]: %v; was %v", lo, hi, got, want)
		}
		// Probe's old loop multiplied by 10 from its lowest decade, which
		// drifts an ulp off the decade from below 1e-5 (9.999999999999999e-06;
		// its y axis is latency in ms, so 10 ns): LogTicks' decades are
		// exact there, and the same above.
		if lo < 1e-5 {
			continue
		}
		if got, want := probeLogTicksNew(lo, hi), probeLogTicksOld(lo, hi); !sameFloats(got, want) {
			t.Fatalf("probe's axis [%v, %v]: %v; was %v", lo, hi, got, want)
		}
	}
	// Baseline's bounds are log10 of whole microseconds in ms: every
	// lower and upper bound a run up to 300 ms can have (the two bounds act
	// apart), then random pairs up to 100 s.
	logms := func(us float64) float64 { return math.Log10(us / 1e3) }
	top := 300000
	if testing.Short() {
		top = 100000
	}
	for us := 1; us <= top; us++ {
		x := logms(float64(us))
		for _, lohi := range [][2]float64{{x, logms(1e8)}, {logms(1), x}} {
			if got, want := baselineLogTicksNew(lohi[0], lohi[1]), baselineLogTicksOld(lohi[0], lohi[1]); !sameFloats(got, want) {
				t.Fatalf("baseline's axis [%v, %v]: %v; was %v", lohi[0], lohi[1], got, want)
			}
		}
	}
	for range n {
		a, b := logms(float64(1+rng.IntN(1e8))), logms(float64(1+rng.IntN(1e8)))
		if got, want := baselineLogTicksNew(min(a, b), max(a, b)), baselineLogTicksOld(min(a, b), max(a, b)); !sameFloats(got, want) {
			t.Fatalf("baseline's axis [%v, %v]: %v; was %v", min(a, b), max(a, b), got, want)
		}
	}
}
