package jvmexec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
)

// needJDK returns a JDK of at least least, by jdktest's one rule.
// It prefers a JDK with virtual threads (the newest found), so every
// model runs on the same JDK where one is installed.
func needJDK(t *testing.T, least int) *jdk.JDK {
	t.Helper()
	if j, err := jdk.Find("", max(least, jdk.VirtualThreads)); err == nil {
		return j
	}
	return jdktest.Need(t, least)
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
	j := needJDK(t, 0)
	for _, c := range []struct {
		preset string
		floor  float64
	}{
		{"lab-pool", 600}, {"lab-loop-blocking", 1200}, {"lab-loop", 200}, {"lab-virtual", 200}, {"lab-pool-10x30", 600},
	} {
		t.Run(c.preset, func(t *testing.T) {
			s := labPreset(t, c.preset)
			if s.Model == model.Virtual {
				j = needJDK(t, jdk.VirtualThreads)
			}
			res := runJVM(t, s, live.Options{}, Options{Java: j.Home})
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

// pinScenario is 12 requests of 200 ms on 2 carriers whose waits are a
// blocking class's: pinned waits, by the mechanism the run chooses.
func pinScenario(t *testing.T) model.Scenario {
	s := labPreset(t, "lab-virtual")
	s.Classes[0].Blocking = true
	s.Name = "pin"
	return s
}

// A native frame pins on every JDK from 22: 12 waits of 200 ms on 2
// carriers take six rounds, and JFR names them pinned.
func TestNativeFramePins(t *testing.T) {
	j := needJDK(t, FFM)
	s := pinScenario(t)
	res := runJVM(t, s, live.Options{Trace: true}, Options{Java: j.Home, Pin: PinNative})
	f := res.JVM
	if f.Pin != PinNative || f.Pinned == nil {
		t.Fatalf("facts %+v", f)
	}
	if res.MakespanMS < 1200 || res.MakespanMS > 1800 {
		t.Fatalf("makespan %.1f ms, want six rounds of 200 ms (at least 1,200)", res.MakespanMS)
	}
	if *f.Pinned < int64(s.Requests) {
		t.Fatalf("JFR counted %d pinned parks, want at least %d (%v)", *f.Pinned, s.Requests, f.PinnedReasons)
	}
	if res.Trace == nil || len(res.Trace.Records) != s.Requests || len(res.Trace.Spans) < s.Requests {
		t.Fatalf("trace: %+v", res.Trace)
	}
}

// On JDK 24 and later a virtual thread waiting in synchronized unmounts
// (JEP 491): the same 12 waits take one round, and JFR sees no pinned park.
func TestSynchronizedDoesNotPinFromJDK24(t *testing.T) {
	j := needJDK(t, SyncUnpinned)
	s := pinScenario(t)
	res := runJVM(t, s, live.Options{}, Options{Java: j.Home, Pin: PinSynchronized})
	f := res.JVM
	if f.Pin != PinSynchronized || f.Pinned == nil {
		t.Fatalf("facts %+v", f)
	}
	if *f.Pinned != 0 {
		t.Fatalf("JFR counted %d pinned parks in synchronized on JDK %s, want 0 (JEP 491)", *f.Pinned, f.Version)
	}
	if res.MakespanMS < 200 || res.MakespanMS > 600 {
		t.Fatalf("makespan %.1f ms, want one round of 200 ms", res.MakespanMS)
	}
}

// JDK 17 has no virtual threads: --model virtual is refused before
// anything starts, with the reason, while pool runs on it.
func TestJDK17(t *testing.T) {
	home := "/usr/lib/jvm/java-17-openjdk-amd64"
	j, err := jdk.Inspect(home)
	if err != nil || j.Major != 17 || j.Javac == "" {
		if os.Getenv("WAITLAB_JDK") == "require" {
			t.Fatalf("WAITLAB_JDK=require and no JDK 17 at %s: %v", home, err)
		}
		fmt.Fprintf(os.Stderr, "\n*** SKIPPED %s: no JDK 17 at %s (%v) ***\n\n", t.Name(), home, err)
		t.Skip("SKIPPED: no JDK 17")
	}
	err = Check(labPreset(t, "lab-virtual"), Options{Java: home})
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "--model" || !strings.Contains(fe.Localize(msg.EN), "JEP 444") {
		t.Fatalf("virtual on JDK 17: %v, want a --model field error naming JEP 444", err)
	}
	t.Setenv("WAITLAB_CACHE", t.TempDir())
	res := runJVM(t, labPreset(t, "lab-pool"), live.Options{}, Options{Java: home})
	if res.JVM.Version == "" || !strings.HasPrefix(res.JVM.Version, "17") || res.MakespanMS < 600 {
		t.Fatalf("pool on JDK 17: version %q makespan %.1f", res.JVM.Version, res.MakespanMS)
	}
}

// What the JVM cannot run as the Go executors do is refused by name,
// and what the model refuses is refused with the model's field error.
func TestRefusals(t *testing.T) {
	s := labPreset(t, "lab-pool")
	s.Arrival, s.Requests, s.Think = model.Arrival{Kind: model.VUs, VUs: 100}, 100_000, model.Dist{Kind: model.Exp, Mean: 5 * time.Millisecond}
	var fe *model.FieldError
	if err := CheckScenario(s, Options{}); !errors.As(err, &fe) || fe.Field != "--think" {
		t.Fatalf("vus:100 with 100,000 requests and exponential thinks (%d thinks): %v", ClosedThinks(s, s.Requests), err)
	}
	s.Think = model.FixedDist(5 * time.Millisecond)
	s.Classes[0].Wait = model.FixedDist(time.Millisecond)
	if err := CheckScenario(s, Options{}); err != nil {
		t.Fatalf("the same with a fixed think time (one value): %v", err)
	}
	if err := CheckScenario(labPreset(t, "lab-pool"), Options{Pin: PinNative}); !errors.As(err, &fe) || fe.Field != "--jvm-pin" {
		t.Fatalf("pin on pool: %v", err)
	}
	if err := CheckScenario(labPreset(t, "lab-virtual"), Options{Pin: "spin"}); !errors.As(err, &fe) || fe.Field != "--jvm-pin" {
		t.Fatalf("unknown pin: %v", err)
	}
	bad := labPreset(t, "lab-pool")
	bad.Threads = 0
	want := bad.Validate()
	_, err := Run(context.Background(), bad, live.Options{}, Options{})
	if want == nil || err == nil || err.Error() != want.Error() {
		t.Fatalf("a scenario the model refuses: %v, want the model's %v", err, want)
	}
}

// An interrupt mid-run stops the JVM through its cancel pipe: the run is
// marked interrupted (or measured nothing), and no JVM is left.
func TestInterruptLeavesNoJVM(t *testing.T) {
	needJDK(t, 0)
	s := labPreset(t, "lab-pool")
	for i := range s.Classes {
		s.Classes[i].Wait = model.FixedDist(2 * time.Second)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var pid int
	afterReady = func(p int) {
		pid = p
		time.AfterFunc(300*time.Millisecond, cancel)
	}
	defer func() { afterReady = nil }()
	start := time.Now()
	res, err := Run(ctx, s, live.Options{}, Options{})
	switch {
	case err != nil && !errors.Is(err, supervise.ErrInterrupted):
		t.Fatalf("interrupted run: %v", err)
	case err == nil && (!res.Interrupted || res.Completed == res.Requests):
		t.Fatalf("result not marked interrupted: %d of %d, interrupted %v", res.Completed, res.Requests, res.Interrupted)
	}
	if pid == 0 {
		t.Fatal("the JVM never said it was ready")
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
		t.Fatalf("JVM %d still running after Run returned", pid)
	}
	if took := time.Since(start); took > 2*supervise.Grace {
		t.Fatalf("the interrupted run took %v", took)
	}
}

// A second run reuses the classes the first compiled.
func TestSecondRunReusesClasses(t *testing.T) {
	needJDK(t, 0)
	t.Setenv("WAITLAB_CACHE", t.TempDir())
	s := labPreset(t, "lab-loop")
	first := runJVM(t, s, live.Options{}, Options{})
	second := runJVM(t, s, live.Options{}, Options{})
	if !first.JVM.Compiled || second.JVM.Compiled || first.JVM.Classes != second.JVM.Classes {
		t.Fatalf("first compiled %v (%s), second compiled %v (%s)", first.JVM.Compiled, first.JVM.Classes, second.JVM.Compiled, second.JVM.Classes)
	}
}

// No JDK at all: one field error that names what to install.
func TestNoJDKNamesWhatToInstall(t *testing.T) {
	old := jdk.JVMDir
	jdk.JVMDir = t.TempDir()
	defer func() { jdk.JVMDir = old }()
	t.Setenv("JAVA_HOME", "")
	t.Setenv("PATH", t.TempDir())
	for _, preset := range []string{"lab-pool", "lab-virtual"} {
		err := Check(labPreset(t, preset), Options{})
		var fe *model.FieldError
		if !errors.As(err, &fe) || !strings.Contains(fe.Localize(msg.EN), "apt-get install") {
			t.Fatalf("%s without a JDK: %v, want a field error naming what to install", preset, err)
		}
	}
}

// The closed model on the JVM: N users on a pool of N threads (no queue),
// each sending, waiting for its answer, thinking Z, sending again. Each
// user sends R/N requests in turn, so the makespan is at least
// (R/N)·W + (R/N-1)·Z, and Little's law for the users holds over the run:
// throughput = N / (Z + response), i.e. a makespan of (R/N)·(response+Z)−Z
// with the run's own mean response.
func TestClosedModelOnTheJVM(t *testing.T) {
	j := needJDK(t, 0)
	const n, r = 4, 40
	w, z := 20*time.Millisecond, 30*time.Millisecond
	s := model.Scenario{Name: "closed", Model: model.Pool, Threads: n, Requests: r, Seed: 1,
		Arrival: model.Arrival{Kind: model.VUs, VUs: n}, Think: model.FixedDist(z),
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(w)}}}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	res := runJVM(t, s, live.Options{}, Options{Java: j.Home})
	rounds := float64(r / n)
	floor := rounds*ms(w) + (rounds-1)*ms(z)
	if res.MakespanMS < floor {
		t.Fatalf("makespan %.1f ms, under the floor %.0f ms of %d users sending %d requests each", res.MakespanMS, floor, n, r/n)
	}
	resp := res.All.MeanMS
	want := rounds*(resp+ms(z)) - ms(z)
	if d := res.MakespanMS/want - 1; d < -0.15 || d > 0.15 {
		t.Fatalf("makespan %.1f ms, Little's law with the mean response %.1f ms gives %.1f (N=%d, Z=%v): off by %.0f%%",
			res.MakespanMS, resp, want, n, z, 100*d)
	}
}

// The JVM's users think the Go planner's think times: with exponential
// thinks, every request after the users' first is sent exactly a planned
// think (model.Planner.Think(u, k), to the nanosecond) after an earlier
// request's end.
func TestClosedModelThinksArePlanned(t *testing.T) {
	j := needJDK(t, 0)
	const n, r = 3, 24
	s := model.Scenario{Name: "thinks", Model: model.Pool, Threads: n, Requests: r, Seed: 7,
		Arrival: model.Arrival{Kind: model.VUs, VUs: n}, Think: model.Dist{Kind: model.Exp, Mean: 5 * time.Millisecond},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(2 * time.Millisecond)}}}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	res := runJVM(t, s, live.Options{Trace: true}, Options{Java: j.Home})
	if res.Trace == nil || len(res.Trace.Records) != r {
		t.Fatalf("trace %+v", res.Trace)
	}
	p := model.NewPlanner(s)
	planned := map[time.Duration]bool{}
	for u := 0; u < n; u++ {
		for k := 1; k <= r-n; k++ {
			planned[p.Think(u, int64(k))] = true
		}
	}
	recs := res.Trace.Records
	zero := 0
	for _, a := range recs {
		if a.Arrival == 0 {
			zero++
			continue
		}
		found := false
		for _, b := range recs {
			if b.End > 0 && b.End <= a.Arrival && planned[a.Arrival-b.End] {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("request %d sent at %v: no earlier end is a planned think before it", a.ID, a.Arrival)
		}
	}
	if zero != n {
		t.Fatalf("%d requests sent at 0, want one per user (%d)", zero, n)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
