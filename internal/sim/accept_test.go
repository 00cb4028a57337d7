package sim

import (
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

func preset(t *testing.T, name string) model.Scenario {
	t.Helper()
	p, ok := model.LookupPreset(name)
	if !ok {
		t.Fatalf("LookupPreset(%q): not found", name)
	}
	p.Scenario.Normalize()
	return p.Scenario
}

func run(t *testing.T, s model.Scenario, opt Options) *model.Result {
	t.Helper()
	r, err := Run(s, opt)
	if err != nil {
		t.Fatalf("Run(%s): %v", s.Name, err)
	}
	return r
}

// The lab presets reproduce SPEC.md's model figures exactly.
func TestLabPresetMakespans(t *testing.T) {
	cases := []struct {
		name       string
		want, w200 float64
	}{
		{"lab-pool", 6000, 600},
		{"lab-loop", 2000, 200},
		{"lab-loop-blocking", 12000, 1200},
		{"lab-virtual", 2000, 200},
		{"lab-pool-10x30", 6000, 600},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := preset(t, c.name)
			if got := run(t, s, Options{Trace: true}).MakespanMS; got != c.want {
				t.Errorf("Run(%s).MakespanMS = %v; want %v", c.name, got, c.want)
			}
			s.Classes[0].Wait = model.FixedDist(200 * time.Millisecond)
			if got := run(t, s, Options{}).MakespanMS; got != c.w200 {
				t.Errorf("Run(%s, wait 200ms).MakespanMS = %v; want %v", c.name, got, c.w200)
			}
		})
	}
}
