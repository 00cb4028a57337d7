package model

import (
	"math"
	"slices"
	"testing"
	"time"
)

func twoClass(n int, f float64, pl Placement, m Kind, loops int) Scenario {
	s := Scenario{Model: m, Threads: loops, Requests: n, Seed: 9, Placement: pl,
		Classes: []Class{
			{Name: "normal", Fraction: 1 - f, CPU: ExpDist(time.Millisecond)},
			{Name: "blocking", Fraction: f, Wait: FixedDist(100 * time.Millisecond), Blocking: true, Calls: 3},
		}}
	s.Normalize()
	return s
}

func count(p *Planner, n int) (classes []int, perLoop map[int]int) {
	classes = make([]int, 2)
	perLoop = map[int]int{}
	var r Request
	for i := int64(0); i < int64(n); i++ {
		p.Fill(i, &r)
		classes[r.Class]++
		if r.Class == 1 {
			perLoop[r.Loop]++
		}
	}
	return classes, perLoop
}

func TestPlannerPlacement(t *testing.T) {
	// random: about the fraction.
	c, _ := count(NewPlanner(twoClass(100_000, 0.1, Placement{Kind: Random}, Pool, 4)), 100_000)
	if math.Abs(float64(c[1])-10_000) > 400 {
		t.Errorf("random placement of 10%% over 100000 = %d; want about 10000", c[1])
	}
	// every:K: exactly every K-th request.
	c, _ = count(NewPlanner(twoClass(1000, 0.01, Placement{Kind: Every, K: 100}, Pool, 4)), 1000)
	if c[1] != 10 {
		t.Errorf("every:100 over 1000 = %d; want 10", c[1])
	}
	// spread: exactly round(f n), evenly over the loops.
	c, per := count(NewPlanner(twoClass(2000, 0.01, Placement{Kind: Spread}, Loop, 8)), 2000)
	if c[1] != 20 {
		t.Errorf("spread of 1%% over 2000 = %d; want 20", c[1])
	}
	for l := 0; l < 8; l++ {
		if per[l] < 2 || per[l] > 3 {
			t.Errorf("spread over 8 loops: loop %d got %d; want 2 or 3 (%v)", l, per[l], per)
		}
	}
}

func TestPlannerFill(t *testing.T) {
	s := twoClass(100, 0.5, Placement{Kind: Random}, Loop, 3)
	p := NewPlanner(s)
	var a, b Request
	for i := int64(0); i < 100; i++ {
		p.Fill(i, &a)
		NewPlanner(s).Fill(i, &b)
		if a.ID != i || a.Class != b.Class || a.CPU != b.CPU || !slices.Equal(a.Waits, b.Waits) || a.Loop != b.Loop {
			t.Fatalf("Fill(%d) = %+v and %+v from two planners; want equal", i, a, b)
		}
		if a.Loop != int(i%3) {
			t.Errorf("Fill(%d).Loop = %d; want %d (round-robin)", i, a.Loop, i%3)
		}
		if want := map[int]int{0: 0, 1: 3}[a.Class]; len(a.Waits) != want {
			t.Errorf("Fill(%d) class %d has %d waits; want %d", i, a.Class, len(a.Waits), want)
		}
	}
	s.Assign = Shared
	NewPlanner(s).Fill(4, &a)
	if a.Loop != -1 {
		t.Errorf("Fill with shared assignment: Loop = %d; want -1", a.Loop)
	}
	r := Request{Waits: []time.Duration{1, 5, 2}}
	if r.WaitTotal(Sequential) != 8 || r.WaitTotal(Parallel) != 5 {
		t.Errorf("WaitTotal(1,5,2) = %v seq, %v par; want 8 and 5", r.WaitTotal(Sequential), r.WaitTotal(Parallel))
	}
}

func TestPlannerThink(t *testing.T) {
	s := twoClass(10, 0.5, Placement{Kind: Random}, Pool, 1)
	s.Arrival, s.Think = Arrival{Kind: VUs, VUs: 2}, ExpDist(time.Second)
	p := NewPlanner(s)
	first, again := p.Think(0, 1), p.Think(0, 1)
	if first != again || first == p.Think(1, 1) || first == p.Think(0, 2) {
		t.Error("Think(vu, k): want a pure function that differs across users and requests")
	}
}

func TestPresets(t *testing.T) {
	names := PresetNames()
	if len(names) != 9 {
		t.Errorf("PresetNames() = %v; want the five lab presets and four ch15 ones", names)
	}
	for _, p := range Presets() {
		s := p.Scenario
		s.Normalize()
		if err := s.Validate(); err != nil {
			t.Errorf("preset %s: Validate() = %v", p.Name, err)
		}
		if p.Source == "" {
			t.Errorf("preset %s has no source", p.Name)
		}
	}
	a, _ := LookupPreset("ch15-onloop")
	a.Scenario.Classes[0].Name = "changed"
	if b, _ := LookupPreset("ch15-onloop"); b.Scenario.Classes[0].Name == "changed" {
		t.Error("LookupPreset returns a shared scenario; want a copy")
	}
}
