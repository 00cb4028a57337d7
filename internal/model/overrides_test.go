package model

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

func TestOverridesFromJSON(t *testing.T) {
	var o Overrides
	if err := json.Unmarshal([]byte(`{"threads": 8, "cpu": "100us", "block_fraction": 0.01, "seed": 7}`), &o); err != nil {
		t.Fatal(err)
	}
	p, _ := LookupPreset("ch15-none")
	s, err := Resolve(p.Scenario, &o)
	if err != nil {
		t.Fatalf("Resolve(ch15-none, %+v) = %v", o, err)
	}
	if s.Threads != 8 || s.Seed != 7 || len(s.Classes) != 2 || s.Classes[0].CPU.Mean != 100*time.Microsecond {
		t.Errorf("Resolve = threads %d seed %d classes %+v; want 8, 7 and normal+blocking with 100us CPU", s.Threads, s.Seed, s.Classes)
	}
	if b := s.Classes[s.ClassIndex("blocking")]; !b.Blocking || b.Wait.Mean != 100*time.Millisecond || b.Fraction != 0.01 {
		t.Errorf("blocking class = %+v; want blocking 100ms at 1%%", b)
	}
	// The preset itself is untouched.
	if p2, _ := LookupPreset("ch15-none"); len(p2.Scenario.Classes) != len(p.Scenario.Classes) || p2.Scenario.Classes[0].Wait != p.Scenario.Classes[0].Wait {
		t.Errorf("Resolve changed the preset: %+v", p2.Scenario.Classes)
	}
}

func TestOverridesNameTheField(t *testing.T) {
	str := func(s string) *string { return &s }
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		o     Overrides
		field string
	}{
		{Overrides{Model: str("actor")}, "model"},
		{Overrides{Wait: str("soon")}, "wait"},
		{Overrides{Arrival: str("rate:abc")}, "arrival"},
		{Overrides{BlockFraction: f(1.5)}, "block_fraction"},
		{Overrides{Block: str("10ms")}, "block"},
		{Overrides{Placement: str("every:x")}, "placement"},
	} {
		s := DefaultScenario()
		err := c.o.Apply(&s)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("Apply(%+v) = %v; want a FieldError on %q", c.o, err, c.field)
		}
	}
	if got := FlagName("block_fraction"); got != "--block-fraction" {
		t.Errorf("FlagName(block_fraction) = %q", got)
	}
}
