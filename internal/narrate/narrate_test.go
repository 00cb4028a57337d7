package narrate_test

import (
	"testing"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
	"github.com/waitlab/waitlab/internal/sim"
)

func simulate(t *testing.T, name string, edit func(*model.Scenario)) *model.Result {
	t.Helper()
	p, ok := model.LookupPreset(name)
	if !ok {
		t.Fatalf("LookupPreset(%q): not found", name)
	}
	s := p.Scenario
	if edit != nil {
		edit(&s)
	}
	s.Normalize()
	r, err := sim.Run(s, sim.Options{Trace: true})
	if err != nil {
		t.Fatalf("sim.Run(%s): %v", name, err)
	}
	return r
}

func TestPrint(t *testing.T) {
	for _, n := range []string{"lab-pool", "lab-loop", "lab-loop-blocking", "lab-virtual", "lab-pool-10x30", "ch15-onloop", "ch15-offload4"} {
		r := simulate(t, n, nil)
		for _, l := range []msg.Lang{msg.EN, msg.KO} {
			t.Logf("== %s %s", n, l)
			for _, s := range narrate.Lines(r, l) {
				t.Logf("%s", s)
			}
		}
	}
}
