package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	target "github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/model"
)

// waitlab load --preset NAME URL against a target serving the same
// preset: the usual report, then the scenario's view with a clean index
// check; its --out file reads back with waitlab report.
func TestLoadScenarioCommand(t *testing.T) {
	p, _ := model.LookupPreset("lab-loop-blocking")
	s := p.Scenario
	s.Classes[0].Wait = model.FixedDist(20 * time.Millisecond)
	srv, err := target.NewScenario(s, target.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	url := "http://" + srv.Addr().String() + "/"
	out := filepath.Join(t.TempDir(), "r.json")
	code, stdout, errs := run(t, "load", "--preset", "lab-loop-blocking", "--wait", "20ms", "--out", out, url)
	if code != 0 {
		t.Fatalf("load --preset = %d, stderr %q\n%s", code, errs, stdout)
	}
	for _, want := range []string{"waitlab load", "scenario load: lab-loop-blocking, 12 requests", "class normal: 12 requests",
		"placement: every request ran on the loop the model gives it (requests per loop: 6, 6)", "index check: every answer"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("load --preset output lacks %q:\n%s", want, stdout)
		}
	}
	if code, rep, errs := run(t, "report", out); code != 0 || !strings.Contains(rep, "12") {
		t.Errorf("report of the scenario load's --out = %d, stderr %q\n%s", code, errs, rep)
	}
	// Another loop count than the server's: the report says the loops
	// disagreed.
	code, stdout, _ = run(t, "load", "--preset", "lab-loop-blocking", "--wait", "20ms", "--threads", "3", url)
	if !strings.Contains(stdout, "requests ran on another loop than the model's") {
		t.Errorf("load with another scenario = %d, output:\n%s", code, stdout)
	}
	if code, _, errs := run(t, "load", "--preset", "lab-loop"); code != 2 || !strings.Contains(errs, "URL") {
		t.Errorf("load --preset without a URL = %d, %q", code, errs)
	}
	// The engine is the user's to choose, and the report names the one
	// that ran; io_uring is not one a scenario runs on, and says so.
	for eng, want := range map[string]string{"epoll": "engine      epoll event loop", "goroutines": "asked for with --engine goroutines"} {
		code, stdout, errs := run(t, "load", "--preset", "lab-loop-blocking", "--wait", "20ms", "--engine", eng, url)
		if code != 0 || !strings.Contains(stdout, want) || !strings.Contains(stdout, "index check: every answer") {
			t.Errorf("load --preset --engine %s = %d, stderr %q, wants %q:\n%s", eng, code, errs, want, stdout)
		}
	}
	if code, _, errs := run(t, "load", "--preset", "lab-loop", "--engine", "uring", url); code != 2 || !strings.Contains(errs, "--engine") ||
		!strings.Contains(errs, "epoll or goroutines") {
		t.Errorf("load --preset --engine uring = %d, %q; want 2 naming --engine and the engines a scenario runs on", code, errs)
	}
}
