package supervise

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// The test binary is the child: with childRole set it acts one part of the
// protocol and exits.
const childRole = "WAITLAB_SUPERVISE_TEST_ROLE"

func TestMain(m *testing.M) {
	switch os.Getenv(childRole) {
	case "":
		os.Exit(m.Run())
	case "server":
		// Ready, then wait for the parent's cancel, then report and exit.
		ctl := Controlled()
		if ctl == nil {
			os.Stderr.WriteString("no control channel\n")
			os.Exit(3)
		}
		ctx := ctl.Context(context.Background())
		_ = ctl.Ready("127.0.0.1:1")
		<-ctx.Done()
		_ = ctl.Report(map[string]int{"served": 7})
		os.Exit(0)
	case "deaf":
		// Ignores its cancel pipe and SIGTERM's default is not used: it
		// sleeps until killed.
		_ = Controlled().Ready("127.0.0.1:2")
		time.Sleep(time.Hour)
	case "fail":
		os.Stderr.WriteString("first line\nit broke\n")
		os.Exit(4)
	case "env":
		// A grandchild must not inherit the marker.
		Controlled()
		os.Stdout.WriteString(os.Getenv(controlEnv))
		os.Exit(0)
	}
}

func self(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

func start(t *testing.T, role string, control bool) *Child {
	t.Helper()
	c, err := Start(Spec{Name: role, Exe: self(t), Env: []string{childRole + "=" + role}, Control: control})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Kill(); c.Wait() })
	return c
}

func TestReadyThenReportOverTheControlChannel(t *testing.T) {
	c := start(t, "server", true)
	addr, err := c.WaitReady(context.Background())
	if err != nil || addr != "127.0.0.1:1" {
		t.Fatalf("WaitReady = %q, %v", addr, err)
	}
	if killed := c.Stop(); killed {
		t.Error("a child that stops when asked was killed")
	}
	var rep map[string]int
	if err := json.Unmarshal(c.Report(), &rep); err != nil || rep["served"] != 7 {
		t.Errorf("Report = %s (%v)", c.Report(), err)
	}
	if err := c.Wait(); err != nil {
		t.Errorf("exit = %v", err)
	}
}

func TestAChildThatExitsBeforeReadyIsExplained(t *testing.T) {
	c := start(t, "fail", true)
	_, err := c.WaitReady(context.Background())
	if err == nil || !strings.Contains(err.Error(), "it broke") || !strings.Contains(err.Error(), "exit status 4") {
		t.Errorf("WaitReady of a failing child = %v", err)
	}
	if c.Report() != nil {
		t.Error("a child that sent no report has one")
	}
}

func TestStopKillsTheGroupOfAChildThatDoesNotListen(t *testing.T) {
	if testing.Short() {
		t.Skip("waits the grace period")
	}
	c := start(t, "deaf", true)
	if _, err := c.WaitReady(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !c.Stop() {
		t.Error("a child that ignores its cancel pipe was not killed")
	}
	if !c.HasExited() {
		t.Error("Stop returned with the child running")
	}
}

func TestTheMarkerIsNotInherited(t *testing.T) {
	var out strings.Builder
	c, err := Start(Spec{Name: "env", Exe: self(t), Env: []string{childRole + "=env"}, Stdout: &out, Control: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Wait(); err != nil {
		t.Fatal(err)
	}
	if out.String() != "" {
		t.Errorf("after Controlled the environment still has %s=%q", controlEnv, out.String())
	}
}

func TestWithoutControlThereIsNoChannel(t *testing.T) {
	c := start(t, "server", false)
	if err := c.Wait(); err == nil || !strings.Contains(c.Stderr(), "no control channel") {
		t.Errorf("a child without the channel: %v, %q", err, c.Stderr())
	}
}

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		cpus              []int
		server, generator int
		shared            bool
	}{
		{nil, 0, 0, true},
		{[]int{3}, 0, 0, true},
		{[]int{0, 1}, 1, 1, false},
		{[]int{0, 1, 2}, 2, 1, false},
		{[]int{0, 1, 2, 3, 4, 5, 6, 7}, 4, 4, false},
	} {
		p := Split(tc.cpus)
		if p.Shared != tc.shared || len(p.Target) != tc.server || len(p.Generator) != tc.generator {
			t.Errorf("Split(%v) = %+v", tc.cpus, p)
		}
		for _, s := range p.Target {
			for _, g := range p.Generator {
				if s == g {
					t.Errorf("Split(%v): CPU %d is both", tc.cpus, s)
				}
			}
		}
	}
}

func TestBufferKeepsTheFirstMB(t *testing.T) {
	var b Buffer
	chunk := strings.Repeat("x", 64<<10)
	for range 40 {
		if n, err := b.Write([]byte(chunk)); n != len(chunk) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if n := len(b.String()); n > MaxBuffer+len(chunk) || n < MaxBuffer {
		t.Errorf("kept %d bytes", n)
	}
}

// The one pinning policy: a CPU set the kernel refuses starts the child
// unpinned, and PinErr says why.
func TestAFailedPinningStartsUnpinnedAndSaysSo(t *testing.T) {
	var out strings.Builder
	c, err := Start(Spec{Name: "env", Exe: self(t), Env: []string{childRole + "=env"}, Stdout: &out, Control: true, CPUs: []int{1023}})
	if err != nil {
		t.Fatalf("Start with a CPU this machine lacks = %v; want it started unpinned", err)
	}
	if err := c.Wait(); err != nil {
		t.Fatal(err)
	}
	if c.PinErr == nil || c.CPUs != nil {
		t.Errorf("PinErr %v, CPUs %v; want the sched_setaffinity error and no CPUs", c.PinErr, c.CPUs)
	}
	if got := sysinfo.AllowedCPUs(); len(got) == 0 {
		t.Error("the forking thread's affinity was not restored")
	}
}

// A pinned child runs on the CPUs asked for.
func TestAPinnedChildGetsItsCPUs(t *testing.T) {
	cpus := sysinfo.AllowedCPUs()
	if len(cpus) < 1 {
		t.Skip("no affinity to read")
	}
	c, err := Start(Spec{Name: "env", Exe: self(t), Env: []string{childRole + "=env"}, Control: true, CPUs: cpus[:1]})
	if err != nil {
		t.Fatal(err)
	}
	c.Wait()
	if c.PinErr != nil || len(c.CPUs) != 1 || c.CPUs[0] != cpus[0] {
		t.Errorf("pinned to %v (err %v); want %v", c.CPUs, c.PinErr, cpus[:1])
	}
}

// Apart is a placement only for two known CPU sets that share none.
func TestApart(t *testing.T) {
	if p := Apart([]int{0}, []int{1}); p == nil || !p.Observed || p.Shared || len(p.Target) != 1 || p.Target[0] != 1 {
		t.Errorf("0 against 1: %+v, want apart, observed", p)
	}
	for _, c := range [][2][]int{{{0, 1}, {1}}, {nil, {1}}, {{0}, nil}} {
		if p := Apart(c[0], c[1]); p != nil {
			t.Errorf("%v against %v: %+v, want nil", c[0], c[1], p)
		}
	}
}

// Await returns when the child exits, or stops it when ctx ends; what it
// left unreported is said once, for the run's child and the JVM's alike.
func TestAwaitAndUnreported(t *testing.T) {
	c := start(t, "fail", true)
	interrupted, werr := c.Await(context.Background())
	if interrupted || werr == nil {
		t.Fatalf("Await(a failing child) = %v, %v; want not interrupted, its exit error", interrupted, werr)
	}
	if err := c.Unreported(false, werr, os.ErrNotExist); !strings.Contains(err.Error(), "exit status 4") || !strings.Contains(err.Error(), "it broke") {
		t.Errorf("Unreported(exited 4) = %v; want the exit status and its stderr", err)
	}
	c = start(t, "server", true)
	if _, err := c.WaitReady(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	interrupted, werr = c.Await(ctx)
	if !interrupted || werr != nil || !c.HasExited() {
		t.Fatalf("Await(cancelled) = %v, %v (exited %v); want interrupted, a clean exit", interrupted, werr, c.HasExited())
	}
	if err := c.Unreported(true, werr, nil); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Unreported(interrupted) = %v; want ErrInterrupted", err)
	}
	if err := c.Unreported(false, nil, os.ErrNotExist); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Unreported(clean exit, no reply) = %v; want the read's error", err)
	}
}
