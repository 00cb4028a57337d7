package model

import (
	"math"
	"testing"
	"time"
)

func TestParseArrival(t *testing.T) {
	cases := []struct {
		in   string
		want Arrival
		bad  bool
	}{
		{in: "burst", want: Arrival{Kind: Burst}},
		{in: "", want: Arrival{Kind: Burst}},
		{in: "rate:100", want: Arrival{Kind: Rate, Rate: 100}},
		{in: "Poisson:2.5", want: Arrival{Kind: Poisson, Rate: 2.5}},
		{in: "vus:10", want: Arrival{Kind: VUs, VUs: 10}},
		{in: "burst:3", bad: true},
		{in: "rate:0", bad: true},
		{in: "rate:-1", bad: true},
		{in: "rate:NaN", bad: true},
		{in: "rate:Inf", bad: true},
		{in: "rate:2e9", bad: true},
		{in: "rate", bad: true},
		{in: "vus:0", bad: true},
		{in: "vus:x", bad: true},
		{in: "closed:3", bad: true},
	}
	for _, c := range cases {
		got, err := ParseArrival(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("ParseArrival(%q) = %v, nil; want an error", c.in, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseArrival(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if back, err := ParseArrival(got.String()); err != nil || back != got {
			t.Errorf("ParseArrival(%q) = %+v, %v; want %+v", got.String(), back, err, got)
		}
	}
}

func TestPacers(t *testing.T) {
	if d, ok := (BurstPacer{}).Due(1000); d != 0 || !ok {
		t.Errorf("BurstPacer.Due(1000) = %v, %v; want 0, true", d, ok)
	}
	c := ConstantPacer{Rate: 4}
	for n, want := range map[int64]time.Duration{0: 0, 1: 250 * time.Millisecond, 8: 2 * time.Second} {
		if d, ok := c.Due(n); d != want || !ok {
			t.Errorf("ConstantPacer{4}.Due(%d) = %v, %v; want %v, true", n, d, ok, want)
		}
	}
	// A ramp from 0 to 10/s over 10 s sends 50 requests; the 50th is due at 10 s.
	p := ProfilePacer{Profile: Profile{{Duration: 10 * time.Second, Rate: 10}}}
	if d, ok := p.Due(50); !ok || d != 10*time.Second {
		t.Errorf("ProfilePacer(10s:10).Due(50) = %v, %v; want 10s, true", d, ok)
	}
	if _, ok := p.Due(51); ok {
		t.Error("ProfilePacer(10s:10).Due(51) = _, true; want false: the profile has ended")
	}
}

func TestPoissonPacer(t *testing.T) {
	a := Arrival{Kind: Poisson, Rate: 1000}
	p := a.Pacer(3)
	const n = 100_000
	var last time.Duration
	for i := int64(0); i <= n; i++ {
		d, ok := p.Due(i)
		if !ok || d < last {
			t.Fatalf("Poisson Due(%d) = %v, %v after %v; want increasing and true", i, d, ok, last)
		}
		last = d
	}
	if mean := last.Seconds() / n; math.Abs(mean*1000-1) > 0.01 {
		t.Errorf("Poisson(1000/s) mean interarrival = %.5f s; want 0.001 within 1%%", mean)
	}
	// Deterministic, and asking for an earlier request replays the same value.
	d5, _ := p.Due(5)
	q := a.Pacer(3)
	if e5, _ := q.Due(5); e5 != d5 {
		t.Errorf("Poisson Due(5) = %v and %v for the same seed; want equal", d5, e5)
	}
	if other, _ := a.Pacer(4).Due(5); other == d5 {
		t.Errorf("Poisson Due(5) = %v for seeds 3 and 4; want different", other)
	}
	// Squared coefficient of variation of exponential gaps is 1.
	var s1, s2 float64
	prev, _ := q.Due(0)
	for i := int64(1); i <= n; i++ {
		d, _ := q.Due(i)
		g := float64(d - prev)
		s1 += g
		s2 += g * g
		prev = d
	}
	m := s1 / n
	if cv2 := (s2/n - m*m) / (m * m); math.Abs(cv2-1) > 0.03 {
		t.Errorf("Poisson gaps CV^2 = %.3f; want 1 within 0.03", cv2)
	}
}

func TestParseStages(t *testing.T) {
	p, err := ParseStages("30s:100, 60s:1000,30s:0")
	if err != nil || len(p) != 3 || p[1] != (Stage{Duration: time.Minute, Rate: 1000}) {
		t.Fatalf("ParseStages = %v, %v; want three stages", p, err)
	}
	if p.Total() != 2*time.Minute {
		t.Errorf("Profile.Total() = %v; want 2m", p.Total())
	}
	if back, err := ParseStages(p.String()); err != nil || len(back) != 3 {
		t.Errorf("ParseStages(%q) = %v, %v; want it back", p.String(), back, err)
	}
	for _, bad := range []string{"", "30s", "0s:10", "-1s:10", "10s:-1", "10s:x", "10s:1e10", "10s:NaN"} {
		if _, err := ParseStages(bad); err == nil {
			t.Errorf("ParseStages(%q) = nil error; want an error", bad)
		}
	}
}

func FuzzParseArrival(f *testing.F) {
	for _, s := range []string{"burst", "rate:100", "poisson:0.5", "vus:3", "rate:", "vus:-1", "poisson:1e-300"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseArrival(s)
		if err != nil {
			return
		}
		if back, err := ParseArrival(a.String()); err != nil || back != a {
			t.Fatalf("ParseArrival(%q) = %+v, but its String %q parses to %+v, %v", s, a, a.String(), back, err)
		}
		if p := a.Pacer(1); p != nil {
			p.Due(0)
			p.Due(3)
		}
	})
}

func FuzzParseStages(f *testing.F) {
	for _, s := range []string{"30s:100,60s:1000,30s:0", "1ms:0", "1h:1e9", ",", "1s:1,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseStages(s)
		if err != nil {
			return
		}
		pp := NewPoissonPacer(p, 1)
		for n := int64(0); n < 5; n++ {
			pp.Due(n)
			ProfilePacer{Profile: p}.Due(n)
		}
	})
}
