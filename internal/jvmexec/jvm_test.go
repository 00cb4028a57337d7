package jvmexec

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
)

// needJDK returns a JDK of at least least, or skips loudly, unless
// WAITLAB_JDK=require (CI), where a missing JDK fails the test.
func needJDK(t *testing.T, least int) *jdk.JDK {
	t.Helper()
	j, err := jdk.Find("", least)
	if err != nil {
		if os.Getenv("WAITLAB_JDK") == "require" {
			t.Fatalf("WAITLAB_JDK=require and no JDK %d or later: %v", least, err)
		}
		fmt.Fprintf(os.Stderr, "\n*** SKIPPED %s: no JDK %d or later on this machine (%v); set WAITLAB_JDK=require to fail instead ***\n\n", t.Name(), least, err)
		t.Skipf("SKIPPED: no JDK %d or later: %v", least, err)
	}
	return j
}

// labPreset is a lab preset at the 0.2 s wait of the published figures.
func labPreset(t *testing.T, name string) model.Scenario {
	t.Helper()
	p, ok := model.LookupPreset(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	s := p.Scenario
	for i := range s.Classes {
		s.Classes[i].Wait = model.FixedDist(200 * time.Millisecond)
	}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	return s
}

func runJVM(t *testing.T, s model.Scenario, opt live.Options, jo Options) *model.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	res, err := Run(ctx, s, opt, jo)
	if err != nil {
		t.Fatalf("%s: %v", s.Name, err)
	}
	if res.Completed != s.Requests || res.Interrupted {
		t.Fatalf("%s: %d of %d completed, interrupted %v", s.Name, res.Completed, s.Requests, res.Interrupted)
	}
	return res
}

// The five lab presets at 0.2 s on the JVM: every makespan is at least
// its floor (the closed form: rounds of waits) and not far above it.
func TestLabPresetsOnTheJVM(t *testing.T) {
	needJDK(t, jdk.VirtualThreads)
	for _, c := range []struct {
		preset string
		floor  float64
	}{
		{"lab-pool", 600}, {"lab-loop-blocking", 1200}, {"lab-loop", 200}, {"lab-virtual", 200}, {"lab-pool-10x30", 600},
	} {
		t.Run(c.preset, func(t *testing.T) {
			s := labPreset(t, c.preset)
			res := runJVM(t, s, live.Options{}, Options{})
			if res.Mode != "jvm" || res.JVM == nil || res.JVM.Version == "" || res.JVM.AvailableProcessors < 1 || len(res.JVM.GC) == 0 {
				t.Fatalf("JVM facts missing: mode %q facts %+v", res.Mode, res.JVM)
			}
			if res.JVM.Cold == nil || res.JVM.Cold.Completed != s.Requests {
				t.Fatalf("cold pass not reported apart: %+v", res.JVM.Cold)
			}
			if res.MakespanMS < c.floor || res.MakespanMS > 1.5*c.floor {
				t.Fatalf("makespan %.1f ms, want at least the floor %.0f and under 1.5 times it", res.MakespanMS, c.floor)
			}
		})
	}
}
