package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

func TestRunRefusesBadInputBeforeStarting(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--threads", "0"}, "threads"},
		{[]string{"--model", "nope"}, "--model"},
		{[]string{"--repeat", "0"}, "--repeat"},
		{[]string{"--timeline", "--repeat", "2"}, "--timeline"},
		{[]string{"--model", "pool", "--threads", "20000", "--requests", "10"}, "20000 OS threads"},
		{[]string{"--model", "offload", "--threads", "2", "--offload-pool", "10000", "--blocking"}, "10002 OS threads"},
		{[]string{"--model", "pool", "--threads", "1", "--requests", "400", "--wait", "2s"}, "expected to take about"},
		{[]string{"--model", "loop", "--requests", "3000000"}, "too many for a real run"},
		{[]string{"--lang", "ko", "--model", "pool", "--threads", "20000"}, "OS 스레드 20000개"},
	} {
		code, out, errs := run(t, append([]string{"run"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || out != "" {
			t.Errorf("Main(run %s) = %d, stdout %q, stderr %q; want 2 and a message naming %q", strings.Join(tc.args, " "), code, out, errs, tc.want)
		}
	}
}

var (
	buildOnce sync.Once
	builtExe  string
	buildErr  error
)

// waitlabBinary builds the waitlab command once for the tests that need
// real child processes.
func waitlabBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and runs child processes")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "waitlab-run-test")
		if err != nil {
			buildErr = err
			return
		}
		builtExe = filepath.Join(dir, "waitlab")
		out, err := exec.Command("go", "build", "-o", builtExe, "github.com/waitlab/waitlab").CombinedOutput()
		if err != nil {
			buildErr = &UsageError{Err: err}
			t.Logf("go build: %s", out)
		}
	})
	if buildErr != nil {
		t.Fatalf("build waitlab: %v", buildErr)
	}
	return builtExe
}

func TestRunCompareJSONRunsInChildren(t *testing.T) {
	exe := waitlabBinary(t)
	old := childExe
	childExe = func() (string, error) { return exe, nil }
	defer func() { childExe = old }()
	code, out, errs := run(t, "run", "--preset", "lab-loop", "--wait", "20ms", "--compare", "--json", "--repeat", "3", "--warmup=false")
	if code != 0 {
		t.Fatalf("Main(run --compare --json) = %d, stderr %q", code, errs)
	}
	var got struct {
		Model *model.Result                 `json:"model"`
		Real  *model.Result                 `json:"real"`
		Ratio map[string]float64            `json:"ratio"`
		Range map[string]map[string]float64 `json:"real_range"`
		Runs  []*model.Result               `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("run --json output is not JSON: %v\n%s", err, out)
	}
	if got.Model == nil || got.Model.Mode != "sim" || got.Real == nil || got.Real.Mode != "real" || got.Real.Completed != 12 {
		t.Fatalf("run --compare --json: model %+v real %+v; want a sim and a complete real result", got.Model, got.Real)
	}
	if len(got.Runs) != 3 || got.Real.Env == nil || got.Real.OSThreadsPeak == 0 || got.Real.Stalls == nil {
		t.Errorf("run --repeat 3: %d runs, env %v, os threads %d, stalls %v; want 3 runs with env, threads, stalls", len(got.Runs), got.Real.Env, got.Real.OSThreadsPeak, got.Real.Stalls)
	}
	if r := got.Ratio["makespan_ms"]; !(r > 0) {
		t.Errorf("ratio.makespan_ms = %v; want real/model above 0", r)
	}
	rg := got.Range["makespan_ms"]
	if !(rg["min"] <= rg["median"] && rg["median"] <= rg["max"]) || rg["median"] != got.Real.MakespanMS {
		t.Errorf("real_range.makespan_ms = %v, real makespan %v; want min <= median <= max and the median reported", rg, got.Real.MakespanMS)
	}
}

func TestRunTextKoreanNamesTheStalls(t *testing.T) {
	exe := waitlabBinary(t)
	old := childExe
	childExe = func() (string, error) { return exe, nil }
	defer func() { childExe = old }()
	// A 60 ms block against a 5 ms threshold leaves the watchdog 55 ms to
	// take the stack while the call is still in it, even on a busy machine
	// (with 15 ms it was sometimes taken after the call had returned).
	code, out, errs := run(t, "run", "--lang", "ko", "--preset", "lab-loop-blocking", "--wait", "60ms", "--compare", "--warmup=false", "--stall-threshold", "5ms", "--stacks")
	if code != 0 {
		t.Fatalf("Main(run --lang ko) = %d, stderr %q", code, errs)
	}
	for _, want := range []string{"실측(중앙값)", "실측/모델", "루프 멈춤을 12번", "osthread.Block", "환경:"} {
		if !strings.Contains(out, want) {
			t.Errorf("run --lang ko output lacks %q:\n%s", want, out)
		}
	}
}

// startRun starts the built waitlab in its own process group (as a terminal
// would signal it) and returns once its stderr printed a line containing
// want: the interrupt tests signal on a progress line, never after a fixed
// sleep.
func startRun(t *testing.T, want string, args ...string) (*exec.Cmd, *bytes.Buffer, *lockedBuffer) {
	t.Helper()
	exe := waitlabBinary(t)
	cmd := exec.Command(exe, args...)
	var out bytes.Buffer
	errb := &lockedBuffer{}
	cmd.Stdout = &out
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	seen := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pr)
		once := false
		for sc.Scan() {
			errb.Write([]byte(sc.Text() + "\n"))
			if !once && strings.Contains(sc.Text(), want) {
				once = true
				close(seen)
			}
		}
	}()
	t.Cleanup(func() { pw.Close() })
	select {
	case <-seen:
	case <-time.After(30 * time.Second):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		t.Fatalf("waitlab %v printed no %q within 30s; stderr %q", args, want, errb.String())
	}
	return cmd, &out, errb
}

// waitExit waits for cmd with a bound and returns its exit code.
func waitExit(t *testing.T, cmd *exec.Cmd, within time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(within):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		t.Fatalf("waitlab did not stop within %v of the signal", within)
	}
	return cmd.ProcessState.ExitCode()
}

func TestRunInterruptPrintsWhatWasMeasured(t *testing.T) {
	// 3 waves of 400 ms: the progress line comes before the run starts, the
	// signal lands during it.
	cmd, out, errb := startRun(t, "run 1 of 1", "run", "--model", "pool", "--threads", "2", "--requests", "6", "--wait", "400ms", "--warmup=false", "--lang", "en")
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	if code := waitExit(t, cmd, 15*time.Second); code != 130 {
		t.Errorf("interrupted run exit code %d; want 130. stderr %q", code, errb.String())
	}
	if !strings.Contains(out.String(), "interrupted") || !strings.Contains(out.String(), "makespan") {
		t.Errorf("interrupted run output lacks the partial figures:\n%s", out.String())
	}
}

func TestRunSecondInterruptExitsAtOnce(t *testing.T) {
	// A long run (3 waves of 5 s): the first SIGINT asks it to stop after
	// the wave in progress; the second ends the process at once.
	cmd, _, errb := startRun(t, "run 1 of 1", "run", "--model", "pool", "--threads", "2", "--requests", "6", "--wait", "5s", "--warmup=false", "--lang", "en")
	_ = syscall.Kill(cmd.Process.Pid, syscall.SIGINT)
	_ = syscall.Kill(cmd.Process.Pid, syscall.SIGINT)
	if code := waitExit(t, cmd, 4*time.Second); code != 130 {
		t.Errorf("twice-interrupted run exit code %d; want 130. stderr %q", code, errb.String())
	}
}

func TestRunCancelledBeforeStartExits130(t *testing.T) {
	exe := waitlabBinary(t)
	old := childExe
	childExe = func() (string, error) { return exe, nil }
	defer func() { childExe = old }()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"run", "--preset", "lab-pool", "--wait", "20ms"},
		{"run", "--preset", "lab-pool", "--wait", "20ms", "--json", "--compare"},
	} {
		var out, errb bytes.Buffer
		code := Main(ctx, args, strings.NewReader(""), &out, &errb)
		if code != 130 {
			t.Errorf("Main(cancelled, %v) = %d; want 130. stderr %q", args, code, errb.String())
		}
		if strings.Contains(out.String(), "null") || strings.Contains(errb.String(), "internal error") {
			t.Errorf("Main(cancelled, %v) printed %q / %q; want no null result and no crash", args, out.String(), errb.String())
		}
		if !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("Main(cancelled, %v) stderr %q; want it to say it was interrupted", args, errb.String())
		}
	}
}
