package sim

import (
	"testing"
)

// The eight-loop experiment keeps the shape of SPEC.md's table.
func TestCh15Shape(t *testing.T) {
	res := map[string]struct{ makespan, p50 float64 }{}
	for _, n := range []string{"ch15-none", "ch15-onloop", "ch15-offload64", "ch15-offload4"} {
		r := run(t, preset(t, n), Options{})
		res[n] = struct{ makespan, p50 float64 }{r.MakespanMS, r.Classes["normal"].P50MS}
		t.Logf("%s: makespan %.1f ms, normal %+v, loops %+v", n, r.MakespanMS, r.Classes["normal"], r.Loops)
	}
	base, onloop, off64, off4 := res["ch15-none"], res["ch15-onloop"], res["ch15-offload64"], res["ch15-offload4"]
	if base.makespan != 50 {
		t.Errorf("Run(ch15-none).MakespanMS = %v; want 50", base.makespan)
	}
	if onloop.makespan < 3*base.makespan {
		t.Errorf("Run(ch15-onloop).MakespanMS = %v; want several times the base %v", onloop.makespan, base.makespan)
	}
	if onloop.p50 <= 3*base.p50 {
		t.Errorf("Run(ch15-onloop) normal p50 = %v; want more than 3 x base %v", onloop.p50, base.p50)
	}
	if d := off64.p50/base.p50 - 1; d > 0.10 || d < -0.10 {
		t.Errorf("Run(ch15-offload64) normal p50 = %v; want within 10%% of base %v", off64.p50, base.p50)
	}
	if d := off4.p50/base.p50 - 1; d > 0.10 || d < -0.10 {
		t.Errorf("Run(ch15-offload4) normal p50 = %v; want within 10%% of base %v", off4.p50, base.p50)
	}
	if off4.makespan < 3*off64.makespan {
		t.Errorf("Run(ch15-offload4).MakespanMS = %v; want at least 3 x offload64's %v", off4.makespan, off64.makespan)
	}
}
