package loadgen

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// heavyBurner charges the thread factor times the CPU it used between
// two calls: the CPU it spins is counted in thread CPU time (not wall
// clock), so a busy machine cannot make this fail.
func TestHeavyBurnerMultipliesThreadCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	burn := heavyBurner(1.8)
	spin := func(d time.Duration) {
		for end := sysinfo.ThreadCPU() + d; sysinfo.ThreadCPU() < end; {
		}
	}
	c0 := sysinfo.ThreadCPU()
	spin(5 * time.Millisecond)
	used := sysinfo.ThreadCPU() - c0
	burn()
	total := sysinfo.ThreadCPU() - c0
	if want := time.Duration(1.8 * float64(used)); total < want {
		t.Fatalf("after %v of work the burner brought the thread to %v; want at least %v (1.8x)", used, total, want)
	}
	// The spin itself is not charged again: a call right after costs
	// about nothing.
	c1 := sysinfo.ThreadCPU()
	burn()
	if again := sysinfo.ThreadCPU() - c1; again > 2*time.Millisecond {
		t.Fatalf("a second call with no work between spun %v", again)
	}
}

func TestHeavyBurnerOffBelowOne(t *testing.T) {
	for _, f := range []float64{0, 0.5, 1} {
		c0 := sysinfo.ThreadCPU()
		heavyBurner(f)()
		if d := sysinfo.ThreadCPU() - c0; d > 2*time.Millisecond {
			t.Errorf("factor %v spun %v; want a no-op", f, d)
		}
	}
}

func TestSpecCPUFactorBounds(t *testing.T) {
	for _, f := range []float64{-1, 101} {
		s := Spec{URL: "http://127.0.0.1:1/", VUs: 1, CPUFactor: f}
		if _, err := s.Config("en", "test"); err == nil || !strings.Contains(err.Error(), "cpu_factor") {
			t.Errorf("cpu_factor %v: %v; want an error naming cpu_factor", f, err)
		}
	}
	s := Spec{URL: "http://127.0.0.1:1/", VUs: 1, CPUFactor: 1.8}
	cfg, err := s.Config("en", "test")
	if err != nil || cfg.CPUFactor != 1.8 {
		t.Fatalf("cpu_factor 1.8: %v, %v", cfg.CPUFactor, err)
	}
}
