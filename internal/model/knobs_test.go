package model

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/msg"
)

// example returns k's example as the value Set takes.
func example(t *testing.T, k Knob) any {
	t.Helper()
	var v any
	var err error
	switch k.Type {
	case KnobString:
		s := k.Example
		v = &s
	case KnobInt:
		var n int
		n, err = strconv.Atoi(k.Example)
		v = &n
	case KnobInt64:
		var n int64
		n, err = strconv.ParseInt(k.Example, 10, 64)
		v = &n
	case KnobFloat:
		var x float64
		x, err = strconv.ParseFloat(k.Example, 64)
		v = &x
	case KnobBool:
		var b bool
		b, err = strconv.ParseBool(k.Example)
		v = &b
	}
	if err != nil {
		t.Fatalf("knob %s: example %q: %v", k.Field, k.Example, err)
	}
	return v
}

// Every Overrides field has exactly one row in Knobs, under its JSON name,
// with the field's type; every row points at the field it names.
func TestKnobsCoverEveryOverride(t *testing.T) {
	typ := reflect.TypeOf(Overrides{})
	fields := map[string]reflect.StructField{}
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		fields[name] = f
	}
	want := map[KnobType]reflect.Type{
		KnobString: reflect.TypeOf((*string)(nil)), KnobInt: reflect.TypeOf((*int)(nil)),
		KnobInt64: reflect.TypeOf((*int64)(nil)), KnobFloat: reflect.TypeOf((*float64)(nil)), KnobBool: reflect.TypeOf((*bool)(nil)),
	}
	seen := map[string]bool{}
	for _, k := range Knobs {
		t.Run(k.Field, func(t *testing.T) {
			if seen[k.Field] {
				t.Fatalf("two rows for %s", k.Field)
			}
			seen[k.Field] = true
			f, ok := fields[k.Field]
			if !ok {
				t.Fatalf("no Overrides field has the JSON name %q", k.Field)
			}
			if f.Type != want[k.Type] {
				t.Errorf("Overrides.%s is %v; the row says %v", f.Name, f.Type, want[k.Type])
			}
			if k.Example == "" {
				t.Error("a row without an example")
			}
			if !msg.Has(k.HelpKey()) {
				t.Errorf("no catalog entry %s for the flag's help (internal/msg/flags.go)", k.HelpKey())
			}
			var o Overrides
			k.Set(&o, example(t, k))
			got := reflect.ValueOf(o)
			for i := 0; i < typ.NumField(); i++ {
				if set := !got.Field(i).IsNil(); set != (typ.Field(i).Name == f.Name) {
					t.Errorf("setting %s set Overrides.%s = %v", k.Field, typ.Field(i).Name, set)
				}
			}
		})
	}
	for name := range fields {
		if !seen[name] {
			t.Errorf("Overrides field %q has no row in Knobs: add it there (its flag and help come from the row)", name)
		}
	}
}

// Apply reads every knob: each row's example on the default scenario
// (with the knob it needs beside it, for the few that need one) gives
// another scenario than the same without it, one that validates.
func TestApplyReadsEveryKnob(t *testing.T) {
	str := func(v string) *string { return &v }
	bf := 0.25
	needs := map[string]Overrides{
		"block":        {BlockFraction: &bf},
		"placement":    {BlockFraction: &bf},
		"offload_pool": {Model: str("offload"), OffloadPool: new(int)},
		"assign":       {Model: str("loop")},
		"think":        {Arrival: str("vus:2")},
	}
	for _, k := range Knobs {
		t.Run(k.Field, func(t *testing.T) {
			with := needs[k.Field]
			if with.OffloadPool != nil {
				one := 1
				with.OffloadPool = &one
			}
			base, err := Resolve(DefaultScenario(), &with)
			if err != nil {
				t.Fatal(err)
			}
			k.Set(&with, example(t, k))
			got, err := Resolve(DefaultScenario(), &with)
			if err != nil {
				t.Fatalf("Resolve with %s=%s: %v", k.Field, k.Example, err)
			}
			if reflect.DeepEqual(got, base) {
				t.Errorf("%s=%s left the scenario as it was: Apply does not read it", k.Field, k.Example)
			}
		})
	}
}
