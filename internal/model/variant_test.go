package model

import "testing"

// Every preset variant resolves over a preset that exists, and its
// overrides change what they say (the fan-out entries: 10 calls of 0.2 s).
func TestVariantsResolve(t *testing.T) {
	if len(Variants()) == 0 {
		t.Fatal("no variants")
	}
	for _, v := range Variants() {
		if _, ok := LookupPreset(v.Base); !ok {
			t.Errorf("%s: base %q is not a preset", v.Name, v.Base)
		}
		if _, ok := LookupPreset(v.Name); ok {
			t.Errorf("%s: a variant may not shadow a preset of the same name", v.Name)
		}
		s, err := v.Scenario()
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if s.Name != v.Name || s.Classes[0].Calls != 10 {
			t.Errorf("%s: resolved to %q with %d calls; want its own name and 10 calls", v.Name, s.Name, s.Classes[0].Calls)
		}
	}
	if _, ok := LookupVariant("lab-pool"); ok {
		t.Error("LookupVariant(lab-pool): a preset is not a variant")
	}
}
