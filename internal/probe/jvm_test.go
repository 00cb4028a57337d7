package probe

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/model"
)

// The real servers, started through internal/launch: a Netty
// event loop with a blocking call, Tomcat on virtual threads, and Tomcat
// on virtual threads in a small heap whose requests each hold memory
// while in flight, so it runs out under load. Each needs a JDK and
// Debian's packages (jdktest: WAITLAB_JDK=require fails without them,
// unset skips loudly).

// startJVM starts cfg's JVM server on 127.0.0.1:0, or skips (fails in
// CI) without its JDK or package; it is stopped at the test's end.
func startJVM(t *testing.T, cfg launch.Config) (*launch.Server, *tail) {
	t.Helper()
	least := 11
	if cfg.Engine == launch.Tomcat {
		least = jdk.VirtualThreads
		jdktest.Need(t, least)
	} else {
		jdktest.Need(t, least)
		jdktest.Jars(t, "libnetty-java", "netty-buffer", "netty-codec", "netty-codec-http", "netty-common", "netty-handler", "netty-transport", "netty-resolver")
	}
	cfg.Listen = "127.0.0.1:0"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out := &tail{}
	s, err := launch.Start(ctx, cfg, launch.Options{Name: string(cfg.Engine), Stdout: out})
	if err != nil {
		var fe *model.FieldError
		if errors.As(err, &fe) {
			jdktest.Package(t, err) // a missing JDK or package (tomcat10): the one rule
		}
		t.Fatalf("start %s: %v", cfg.Engine, err)
	}
	t.Cleanup(func() { s.Stop() })
	return s, out
}

// probeJVM is a probe of srv with its pid (the CPU, the threads' names)
// and its /metrics (the heap and the collector).
func probeJVM(srv *launch.Server, out *tail, budget time.Duration, maxRate float64) Config {
	cfg := quick("http://"+srv.Addr+"/", budget, maxRate)
	cfg.TargetPID, cfg.ThreadsURL = srv.PID, "http://"+srv.Addr+"/metrics"
	cfg.Exited = exitedOf(srv, out)
	return cfg
}

// A Netty loop on which 1 request in 100 blocks it 100 ms while every
// other waits 50 ms without blocking: loop-blocked, the stall within
// 20% and its share within 30%, and one loop counted from the server's
// own threads' names.
func TestNettyLoopBlocked(t *testing.T) {
	if testing.Short() {
		t.Skip("a JVM and a live probe of 45 s; TestReadStall keeps the reading on synthetic latencies")
	}
	srv, out := startJVM(t, launch.Config{Engine: launch.Netty, Model: "loop", Threads: 1, Wait: "50ms", BlockFraction: 0.01, Block: "100ms"})
	// Longer light steps than the Go target's test: a JVM's own pauses
	// (the collector, the JIT) blur the stall's edge, and twice the
	// blockers stand it out again.
	cfg := probeJVM(srv, out, 45*time.Second, 2000)
	cfg.StepMin, cfg.StepMax, cfg.Samples = 2*time.Second, 6*time.Second, 3000
	attempt(t, func() *Result { return probeOf(t, cfg) }, func(res *Result) []string {
		if res.ShapeName != string(LoopBlocked) || res.Stall == nil {
			return []string{fmt.Sprintf("shape = %s, want loop-blocked (stall %+v)", res.ShapeName, res.Stall)}
		}
		var p []string
		if d := math.Abs(res.Stall.StallMS/100 - 1); d > 0.2 {
			p = append(p, fmt.Sprintf("stall_ms = %.1f, want 100 within 20%%", res.Stall.StallMS))
		}
		if d := math.Abs(res.Stall.StallShare/0.01 - 1); d > 0.3 {
			p = append(p, fmt.Sprintf("stall_share = %.4f, want 0.01 within 30%%", res.Stall.StallShare))
		}
		if l := res.Loops; l == nil || l.N != 1 || l.From != "thread-names" {
			p = append(p, fmt.Sprintf("loops = %+v, want 1 from the threads' names", l))
		}
		return p
	})
	stillAnswers(t, cfg.URL)
}

// Tomcat on virtual threads waiting 50 ms: no pool, so unbounded, naming
// what gave out; and the server still answers afterwards.
func TestTomcatVirtualUnbounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a JVM and a live probe of 25 s; TestClassify keeps the rules on synthetic steps")
	}
	srv, out := startJVM(t, launch.Config{Engine: launch.Tomcat, Model: "virtual", Wait: "50ms"})
	cfg := probeJVM(srv, out, 25*time.Second, 800)
	attempt(t, func() *Result { return probeOf(t, cfg) }, func(res *Result) []string {
		if res.ShapeName != string(Unbounded) || res.GaveOut == "" {
			return []string{fmt.Sprintf("shape = %s (gave out %q), want unbounded naming what gave out", res.ShapeName, res.GaveOut)}
		}
		if !stepsHaveJVM(res) {
			return []string{"no step carries the JVM's heap and collector"}
		}
		return nil
	})
	stillAnswers(t, cfg.URL)
}

// Tomcat on virtual threads in a 64 MiB heap, each request holding
// 512 KiB while it waits 50 ms: its memory grows with the rate until the
// JVM runs out and exits. The probe must say the server gave out, with
// the last healthy rate, name the heap from the server's own side, and
// make up no shape.
func TestTomcatOutOfHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("a JVM run out of heap by a live probe")
	}
	srv, out := startJVM(t, launch.Config{Engine: launch.Tomcat, Model: "virtual", Wait: "50ms", Heap: "64m", HoldKB: 512})
	cfg := probeJVM(srv, out, 40*time.Second, 5000)
	res, err := Run(context.Background(), cfg)
	if res == nil {
		t.Fatalf("Run: %v", err)
	}
	logText(t, res)
	if !srv.HasExited() {
		// The heap held at every rate tried: the verdict must still name
		// the heap where the collector took the time.
		if res.GaveOut != "heap" {
			t.Fatalf("the server lived; shape %s, gave out %q: want the heap named", res.ShapeName, res.GaveOut)
		}
		return
	}
	var fe *FailError
	if !errors.As(err, &fe) || res.Failure == nil {
		t.Fatalf("the JVM exited (%s) but the probe did not fail: err %v, shape %s", srv.Why(), err, res.ShapeName)
	}
	if res.ShapeName != "" {
		t.Errorf("a shape (%s) made up for a server that died", res.ShapeName)
	}
	if res.LastHealthyRPS <= 0 {
		t.Errorf("no last healthy rate")
	}
	if res.GaveOut != "heap" {
		t.Errorf("gave out %q, want heap (the JVM said: %s)", res.GaveOut, srv.Why())
	}
	var b strings.Builder
	for _, e := range res.Evidence {
		b.WriteString(e.Text + " ")
	}
	if !strings.Contains(b.String(), "OutOfMemoryError") {
		t.Errorf("the evidence does not quote the heap: %s", b.String())
	}
}

func stepsHaveJVM(res *Result) bool {
	for _, st := range res.Steps {
		if st.JVM != nil && st.JVM.HeapMaxMB > 0 {
			return true
		}
	}
	return false
}
