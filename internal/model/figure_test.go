package model

import "testing"

func TestFiguresNameEveryFigureOnce(t *testing.T) {
	s := Scenario{Model: Offload, Threads: 2, Requests: 10}
	s.Classes = []Class{{Name: "normal", Fraction: 0.5}, {Name: "blocking", Fraction: 0.5}}
	seen := map[string]bool{}
	for _, f := range Figures(s) {
		if seen[f.Key] {
			t.Errorf("Figures lists %q twice", f.Key)
		}
		seen[f.Key] = true
	}
	for _, k := range []string{"makespan_ms", "throughput_rps", "p50_ms", "p99_ms", "normal.p50_ms", "blocking.p99_ms", "os_threads_peak", "cpu_ms", "stalls", "stall_worst_ms"} {
		if !seen[k] {
			t.Errorf("Figures lacks %q", k)
		}
	}
	if f := Figures(Scenario{Model: Pool, Threads: 2, Requests: 10}); len(f) == 0 || hasKey(f, "stalls") || hasKey(f, "normal.p50_ms") {
		t.Errorf("Figures(pool, one class) has loop or class figures")
	}
}

func hasKey(fs []Figure, k string) bool {
	for _, f := range fs {
		if f.Key == k {
			return true
		}
	}
	return false
}
