package cli

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	target "github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Bad input: exit 2, one message naming the field.
func TestProbeBadInput(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		field string
	}{
		{[]string{"ftp://127.0.0.1/"}, "URL"},
		{[]string{"http://example.com/"}, "--allow-remote"},
		{[]string{"--slo", "p99<<1s", "http://127.0.0.1:1/"}, "--slo"},
		{[]string{"--slo", "latency<1s", "http://127.0.0.1:1/"}, "--slo"},
		{[]string{"--max-rate", "0", "http://127.0.0.1:1/"}, "--max-rate"},
		{[]string{"--budget", "1s", "http://127.0.0.1:1/"}, "--budget"},
		{[]string{"--size-for", "p99<1s", "http://127.0.0.1:1/"}, "--size-for"},
		{[]string{"--confirm", "http://127.0.0.1:1/"}, "--size-for"},
		{[]string{}, "usage"},
	} {
		code, out, errs := run(t, append([]string{"probe"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.field) || strings.Count(strings.TrimSpace(errs), "\n") > 1 {
			t.Errorf("probe %v = %d, stdout %q, stderr %q; want 2 and a line naming %s", tc.args, code, out, errs, tc.field)
		}
	}
}

// A server that answers errors only: exit 1 with the reason, the steps
// measured so far printed.
func TestProbeErrorsOnly(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	code, out, errs := run(t, "probe", "--budget", "4s", "--step-min", "300ms", "--warmup", "100ms", "--json", "--progress", "off", srv.URL+"/")
	if code != 1 || !strings.Contains(errs, "errors only") {
		t.Fatalf("probe = %d, stderr %q; want 1 saying errors only", code, errs)
	}
	var res struct {
		Steps   []json.RawMessage     `json:"steps"`
		Failure *struct{ Key string } `json:"failure"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Steps) == 0 || res.Failure == nil {
		t.Errorf("JSON = %v, %d steps, failure %v; want the calibration kept and the failure", err, len(res.Steps), res.Failure)
	}
}

// A real probe through the command: the project's pool of 4 at 10 ms,
// the fitted scenario written and read back by sim -f, the HTML written.
func TestProbeCommand(t *testing.T) {
	s, err := target.New(target.Config{Model: model.Pool, Threads: 4, Listen: "127.0.0.1:0", Knobs: target.Knobs{Wait: model.FixedDist(10 * time.Millisecond)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.Shutdown(ctx)
	}()
	dir := t.TempDir()
	sc, html := filepath.Join(dir, "fit.yaml"), filepath.Join(dir, "probe.html")
	args := []string{"probe", "--budget", "12s", "--step-min", "500ms", "--step-max", "1s", "--warmup", "200ms", "--max-rate", "3000",
		"--scenario", sc, "--html", html, "--progress", "on", "--lang", "ko", "http://" + s.Addr().String() + "/"}
	if !raceOn {
		// plan.Run under the race detector takes minutes (plan has its
		// own race tests); the sizing answer is asked in the plain pass.
		args = append(args, "--size-for", "p99<30ms@500rps")
	}
	code, out, errs := run(t, args...)
	t.Logf("%s", out)
	if code == 1 && strings.Contains(out, "판정: 미정") && !fileHas(sc) {
		// A busy machine's overloaded steps can leave the pool
		// unconfirmed: rightly exit 1, and no scenario to read back.
		t.Skipf("undecided on this machine (exit 1, no scenario written): %s", lastLine(errs))
	}
	if code != 0 {
		t.Fatalf("probe = %d, stderr %q", code, errs)
	}
	if strings.Contains(out, "판정: 생성기") {
		t.Skip("the generator bound first on this machine: rightly no scenario to read back")
	}
	if !strings.Contains(out, "판정") || !strings.Contains(errs, "단계") {
		t.Errorf("no Korean verdict or progress: stdout %q, stderr %q", out, errs)
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("HTML: %v", err)
	}
	if code, simOut, errs := run(t, "sim", "-f", sc, "--requests", "2000"); code != 0 || simOut == "" {
		t.Errorf("sim -f %s = %d, %q", sc, code, errs)
	}
}

// --spawn-target with --confirm: the probe starts the project's own target
// itself, and the confirmation restarts it with the sizing answer's
// threads (the restarted target reports them on its /metrics) and
// measures it there.
func TestProbeSpawnConfirmRestarts(t *testing.T) {
	out := probeChild(t, "--spawn-target", "--model pool --threads 2 --wait 10ms", "--size-for", "p99<100ms@300rps", "--confirm",
		"--budget", "10s", "--step-min", "500ms", "--step-max", "1s", "--warmup", "200ms", "--max-rate", "2000", "--json", "--progress", "off")
	var res struct {
		Shape string `json:"shape"`
		Size  *struct {
			Today, Answer int
		} `json:"size_for"`
		Confirm *struct {
			Kind    string `json:"kind"`
			OK      int64  `json:"ok"`
			Threads int    `json:"target_threads"`
		} `json:"confirm"`
		Steps []struct {
			Threads int `json:"target_threads"`
		} `json:"steps"`
		Notes     []struct{ Key string } `json:"notes"`
		Placement *supervise.Pinning     `json:"placement"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	// The target it started and the generator on CPUs of their own.
	if p := res.Placement; len(supervise.AllowedCPUs()) >= 2 {
		if p == nil || len(p.Server) == 0 || len(p.Generator) == 0 || p.Shared {
			t.Errorf("placement %+v; want the target and the generator on CPUs of their own", p)
		} else {
			for _, c := range p.Server {
				if slices.Contains(p.Generator, c) {
					t.Errorf("placement %+v: CPU %d is both the target's and the generator's", p, c)
				}
			}
		}
	}
	if res.Shape == "generator" || res.Shape == "undecided" {
		t.Skipf("%s on this machine: rightly no model to size", res.Shape)
	}
	if res.Size == nil || res.Confirm == nil || res.Confirm.Kind != "confirm" || res.Confirm.OK == 0 {
		t.Fatalf("size %+v, confirm %+v; want both", res.Size, res.Confirm)
	}
	if res.Steps[0].Threads != 2 {
		t.Errorf("the spawned target reported %d threads; want 2", res.Steps[0].Threads)
	}
	if res.Size.Answer <= 2 || res.Confirm.Threads != res.Size.Answer {
		t.Errorf("answer %d; the confirmation measured a target of %d threads; want the restarted one at the answer", res.Size.Answer, res.Confirm.Threads)
	}
	for _, n := range res.Notes {
		if n.Key == "probe.confirm.as_is" {
			t.Error("the confirmation says it measured the server as it is")
		}
	}
}

// --confirm without a way to restart re-measures the server as it is and
// says so; --restart-cmd without {n} and --spawn-target with a URL are
// refused naming the flag.
func TestProbeRestartFlags(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		field string
	}{
		{[]string{"--restart-cmd", "gunicorn app:app", "http://127.0.0.1:1/"}, "--restart-cmd"},
		{[]string{"--spawn-target", "--model pool", "http://127.0.0.1:1/"}, "--spawn-target"},
		{[]string{"--spawn-target", "--model pool", "--restart-cmd", "x {n}"}, "--restart-cmd"},
	} {
		code, out, errs := run(t, append([]string{"probe"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.field) {
			t.Errorf("probe %v = %d, %q, %q; want 2 naming %s", tc.args, code, out, errs, tc.field)
		}
	}
}

// A pool of 64 x 5 ms started by the probe itself, on a CPU apart from
// the generator: the limit within 10% (58..70). By Little's law it takes
// 12,800 req/s; on a machine that cannot give both sides a CPU (one
// CPU, or neighbours holding half of it) the probe says so and the test
// skips with its reason. A limit it reports is held to the range.
func TestProbePoolOf64Spawned(t *testing.T) {
	if len(supervise.AllowedCPUs()) < 2 {
		t.Skip("one CPU: the target and the generator cannot be placed apart")
	}
	out := probeChild(t, "--spawn-target", "--model pool --threads 64 --wait 5ms", "--budget", "40s", "--json", "--progress", "off")
	var res struct {
		Shape    string                 `json:"shape"`
		Limit    *int                   `json:"concurrency_limit"`
		Warnings []struct{ Key string } `json:"warnings"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	for _, w := range res.Warnings {
		if w.Key == "probe.warn.neighbours" {
			t.Skipf("other processes held half this machine or more: 12,800 req/s cannot be driven here (shape %s, limit %v)", res.Shape, res.Limit)
		}
	}
	if res.Shape == "generator" || res.Shape == "cpu" {
		t.Skipf("this machine could not drive the pool to its ceiling: shape %s (the probe refused to blame the pool)", res.Shape)
	}
	if res.Limit == nil || *res.Limit < 58 || *res.Limit > 70 {
		t.Errorf("shape %s, limit %v; want 58..70 (64 within 10%%)", res.Shape, res.Limit)
	}
}

// probeChild runs `waitlab probe ARGS` as a child of the built binary and
// returns its standard output, failing the test with its stderr on an
// exit other than 0, or 1 with a result printed (an undecided verdict, a
// confirmation that breached: the JSON says which, and the test reads it).
func probeChild(t *testing.T, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(waitlabBinary(t), append([]string{"probe"}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1 && len(out) > 0) {
		t.Fatalf("probe: %v, stderr %q", err, stderr.String())
	}
	return out
}

// fileHas says path exists with something in it.
func fileHas(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Size() > 0
}

// lastLine is s's last non-empty line.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
