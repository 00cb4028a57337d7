package launch

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/model"
)

// needJVM skips loudly when the JDK or the engine's Debian package is
// missing, unless WAITLAB_JDK=require (CI), where it fails.
func needJVM(t *testing.T, e Engine) {
	t.Helper()
	why := ""
	if _, err := jdk.Find("", jdk.VirtualThreads); err != nil {
		why = err.Error()
	} else if e == Tomcat {
		if _, err := engineJars(&Config{Engine: Tomcat}); err != nil {
			why = err.Error()
		}
	} else if _, err := engineJars(&Config{Engine: e}); err != nil {
		why = err.Error()
	}
	if why == "" {
		return
	}
	if os.Getenv("WAITLAB_JDK") == "require" {
		t.Fatalf("WAITLAB_JDK=require, but: %s", why)
	}
	t.Skipf("SKIPPED (set WAITLAB_JDK=require to fail instead): %s", why)
}

func start(t *testing.T, cfg Config) *Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := Start(ctx, cfg, Options{})
	if err != nil {
		t.Fatalf("start %s: %v", cfg.Engine, err)
	}
	t.Cleanup(func() { s.Stop() })
	return s
}

// burst sends n requests at once, each on its own connection, and
// returns the time until the last answer (after one warm-up request).
func burst(t *testing.T, addr string, n int, query string) time.Duration {
	t.Helper()
	tr := &http.Transport{DisableKeepAlives: true, MaxConnsPerHost: 0}
	defer tr.CloseIdleConnections()
	cl := &http.Client{Transport: tr, Timeout: 60 * time.Second}
	get := func() error {
		resp, err := cl.Get("http://" + addr + "/" + query)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || string(b) != "Hello, World!" {
			return errors.New(resp.Status + " " + string(b))
		}
		return nil
	}
	if err := get(); err != nil {
		t.Fatalf("warm-up: %v", err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, n)
	t0 := time.Now()
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := get(); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	d := time.Since(t0)
	close(errs)
	for err := range errs {
		t.Fatalf("request: %v", err)
	}
	return d
}

func metric(t *testing.T, addr, name string) string {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatalf("/metrics: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, name+" "); ok {
			return v
		}
	}
	t.Fatalf("/metrics has no %s:\n%s", name, b)
	return ""
}

// Tomcat's pool of 4 runs 12 waits of 200 ms in three waves: no faster
// than 3 x 200 ms (the closed form's floor is the behaviour).
func TestTomcatPoolWaves(t *testing.T) {
	needJVM(t, Tomcat)
	s := start(t, Config{Engine: Tomcat, Model: "pool", Threads: 4, Wait: "200ms"})
	if s.About.Limits == nil || s.About.Limits.MaxThreads != 4 || !strings.Contains(s.About.Version, "Tomcat") {
		t.Fatalf("about: %+v %+v", s.About, s.About.Limits)
	}
	d := burst(t, s.Addr, 12, "")
	if d < 590*time.Millisecond {
		t.Fatalf("12 x 200 ms on 4 threads took %v, under three waves (600 ms)", d)
	}
	if got := metric(t, s.Addr, "waitlab_target_requests_total"); got != "13" {
		t.Fatalf("requests_total %s, want 13", got)
	}
	rep := s.Stop()
	if rep.Missing || rep.Requests != 13 || rep.JVM == nil || rep.JVM.CPUMS <= 0 {
		t.Fatalf("report %+v %+v", rep, rep.JVM)
	}
}

// On virtual threads the 12 waits overlap: well under three waves even on
// a busy machine.
func TestTomcatVirtual(t *testing.T) {
	needJVM(t, Tomcat)
	s := start(t, Config{Engine: Tomcat, Model: "virtual", Threads: 2, Wait: "200ms"})
	if !s.About.Limits.MaxThreadsIgnored || s.About.Limits.Carriers != 2 {
		t.Fatalf("limits %+v", s.About.Limits)
	}
	d := burst(t, s.Addr, 12, "")
	if d < 195*time.Millisecond || d > 550*time.Millisecond {
		t.Fatalf("12 x 200 ms on virtual threads took %v; one wave is 200 ms, three 600 ms", d)
	}
}

// Netty with 2 loops: waits scheduled on the loop overlap; waits that
// sleep on the loop run two at a time (six waves).
func TestNettyLoop(t *testing.T) {
	needJVM(t, Netty)
	reg := start(t, Config{Engine: Netty, Model: "loop", Threads: 2, Wait: "200ms"})
	if d := burst(t, reg.Addr, 12, ""); d > 550*time.Millisecond {
		t.Fatalf("registered waits took %v, want about one wave (200 ms)", d)
	}
	if r := reg.Stop(); r.Stalls == nil || r.Stalls.Count != 0 && r.Stalls.WorstMS > 150 {
		t.Fatalf("registered waits stalled the loops: %+v", r.Stalls)
	}
	blk := start(t, Config{Engine: Netty, Model: "loop", Threads: 2, Wait: "200ms", Blocking: true})
	if d := burst(t, blk.Addr, 12, ""); d < 1190*time.Millisecond {
		t.Fatalf("blocking waits on 2 loops took %v, under six waves (1,200 ms)", d)
	}
	if r := blk.Stop(); r.Stalls == nil || r.Stalls.Count == 0 || r.Stalls.WorstMS < 150 {
		t.Fatalf("blocking waits: the lag probe saw no stall: %+v", r.Stalls)
	}
}

// Offload: blocking waits on the executors, the loops never late.
func TestNettyOffload(t *testing.T) {
	needJVM(t, Netty)
	s := start(t, Config{Engine: Netty, Model: "offload", Threads: 2, Offload: 12, Wait: "200ms", Blocking: true})
	if d := burst(t, s.Addr, 12, ""); d > 1100*time.Millisecond {
		t.Fatalf("offloaded blocking waits took %v, want well under the loops' six waves", d)
	}
	r := s.Stop()
	if r.Stalls == nil || r.Stalls.Count != 0 && r.Stalls.WorstMS > 150 {
		t.Fatalf("offload blocked a loop: %+v", r.Stalls)
	}
	if r.JVM.OffloadThreads < 2 {
		t.Fatalf("offload ran on %d threads", r.JVM.OffloadThreads)
	}
}

// What a JVM server cannot honour is refused before anything starts.
func TestRefusals(t *testing.T) {
	for _, c := range []Config{
		{Engine: Tomcat, Downstream: "127.0.0.1:6379"},
		{Engine: Tomcat, Model: "loop"},
		{Engine: Netty, ValidateLock: true},
		{Engine: Netty, AcceptCount: 10},
		{Engine: Tomcat, Blocking: true},
		{Engine: Netty, Model: "loop", Offload: 4},
	} {
		_, err := Start(context.Background(), c, Options{})
		var fe *model.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%+v: %v, want a field error", c, err)
		}
	}
}
