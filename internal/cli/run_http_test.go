package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
)

// useBinary points the real runs at a freshly built waitlab.
func useBinary(t *testing.T) string {
	exe := waitlabBinary(t)
	old := childExe
	childExe = func() (string, error) { return exe, nil }
	t.Cleanup(func() { childExe = old })
	return exe
}

// The five lab presets over HTTP at --wait 200ms: each batch time is at
// least its floor (the waits cannot be beaten) and within a loose bound
// of it (docs/run.md and bench/run_http_lab.sh have the measured figures,
// which are within 5%).
func TestRunHTTPLabPresetsMeetTheirFloors(t *testing.T) {
	useBinary(t)
	type outcome struct {
		HTTP    *model.Result       `json:"http"`
		Sockets *runner.HTTPSockets `json:"sockets"`
	}
	runOnce := func(preset string) outcome {
		code, out, errs := run(t, "run", "--preset", preset, "--wait", "200ms", "--via", "http", "--json", "--warmup=false")
		if code != 0 {
			t.Fatalf("run --via http --preset %s = %d, stderr %q", preset, code, errs)
		}
		var got outcome
		if err := json.Unmarshal([]byte(out), &got); err != nil || got.HTTP == nil {
			t.Fatalf("%s: output is not the outcome JSON (%v):\n%s", preset, err, out)
		}
		return got
	}
	for _, tc := range []struct {
		preset string
		floor  float64
	}{
		{"lab-pool", 600}, {"lab-loop", 200}, {"lab-loop-blocking", 1200}, {"lab-virtual", 200}, {"lab-pool-10x30", 600},
	} {
		// The floor is a hard bound (no run beats its waits); the upper
		// one is loose (2x: lab-loop served as a blocking loop would take
		// 6x) and gets one more try, since a machine shared with other
		// work can stretch a single run.
		upper := 2 * tc.floor
		if raceOn {
			upper = 100 * tc.floor // the race detector slows the generator; only the floor holds
		}
		got := runOnce(tc.preset)
		if got.HTTP.MakespanMS > upper {
			t.Logf("%s: batch time %.1f ms over %.0f ms, once more", tc.preset, got.HTTP.MakespanMS, upper)
			got = runOnce(tc.preset)
		}
		ms := got.HTTP.MakespanMS
		if got.HTTP.Completed != got.HTTP.Requests || ms < 0.99*tc.floor || ms > upper {
			t.Errorf("%s over HTTP: %d of %d completed, batch time %.1f ms; want all, and %.0f ms to %.0f ms", tc.preset,
				got.HTTP.Completed, got.HTTP.Requests, ms, tc.floor, upper)
		}
		if sk := got.Sockets; sk == nil || sk.ClassMismatch+sk.IndexMismatch+sk.LoopMismatch+sk.Untagged != 0 {
			t.Errorf("%s: index check %+v", tc.preset, sk)
		}
	}
}

// --via both --compare --json: the model, both real views, both ratios
// and what sockets show, under their documented names.
func TestRunViaBothJSONContract(t *testing.T) {
	useBinary(t)
	code, out, errs := run(t, "run", "--preset", "lab-loop-blocking", "--wait", "20ms", "--via", "both", "--compare", "--json", "--warmup=false")
	if code != 0 {
		t.Fatalf("run --via both = %d, stderr %q", code, errs)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"model", "real", "ratio", "http", "http_ratio", "sockets"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("run --via both --compare --json has no %q: %s", k, out)
		}
	}
	var got struct {
		Model     *model.Result      `json:"model"`
		Real      *model.Result      `json:"real"`
		HTTP      *model.Result      `json:"http"`
		HTTPRatio map[string]float64 `json:"http_ratio"`
		Sockets   map[string]any     `json:"sockets"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Model.Mode != "sim" || got.Real.Mode != "real" || got.HTTP.Mode != "http" || got.HTTP.Completed != 12 {
		t.Fatalf("modes %q %q %q, http completed %d", got.Model.Mode, got.Real.Mode, got.HTTP.Mode, got.HTTP.Completed)
	}
	if r := got.HTTPRatio["makespan_ms"]; !(r > 0) || r != round4(got.HTTP.MakespanMS/got.Model.MakespanMS) {
		t.Errorf("http_ratio.makespan_ms = %v; want http/model = %v", r, got.HTTP.MakespanMS/got.Model.MakespanMS)
	}
	if _, ok := got.HTTPRatio["queue_p50_ms"]; ok {
		t.Error("http_ratio has queue_p50_ms, which HTTP does not measure")
	}
	// At least the 12 blocking waits (a busy machine may add a stall of a
	// request crowded off its core).
	if got.HTTP.Stalls == nil || got.HTTP.Stalls.Count < 12 || got.HTTP.Stalls.WorstMS < 20 || got.HTTP.OSThreadsPeak == 0 {
		t.Errorf("http stalls %+v, OS threads %d; want the 12 blocking waits as stalls and a thread peak", got.HTTP.Stalls, got.HTTP.OSThreadsPeak)
	}
	for _, k := range []string{"connections", "connect_p50_ms", "connect_max_ms", "refused", "reset", "kernel", "class_mismatch", "loop_mismatch", "by_loop"} {
		if _, ok := got.Sockets[k]; !ok {
			t.Errorf("sockets has no %q: %v", k, got.Sockets)
		}
	}
	kern, _ := got.Sockets["kernel"].(map[string]any)
	for _, k := range []string{"listen_overflows", "listen_drops", "somaxconn", "backlog"} {
		if _, ok := kern[k]; !ok {
			t.Errorf("sockets.kernel has no %q: %v", k, kern)
		}
	}
}

func round4(v float64) float64 { return float64(int64(v*1e4+0.5)) / 1e4 }

// Refusals before anything starts: exit 2, one line with the fix.
func TestRunHTTPRefusals(t *testing.T) {
	exe := useBinary(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, out, errs := run(t, "run", "--via", "http", "--preset", "lab-loop", "--wait", "10ms", "--listen", ln.Addr().String())
	if code != 2 || out != "" || !strings.Contains(errs, "is taken") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("run --via http on a taken port = %d, stdout %q, stderr %q; want 2 and one line", code, out, errs)
	}
	code, _, errs = run(t, "run", "--via", "carrier-pigeon")
	if code != 2 || !strings.Contains(errs, "--via") {
		t.Errorf("run --via carrier-pigeon = %d, %q", code, errs)
	}
	code, _, errs = run(t, "run", "--via", "http", "--timeline")
	if code != 2 || !strings.Contains(errs, "--via process") {
		t.Errorf("run --via http --timeline = %d, %q", code, errs)
	}
	// The open-file limit, lowered (soft and hard) in a shell first.
	cmd := exec.Command("sh", "-c", `ulimit -n 256 && exec "$0" run --via http --preset ch15-onloop`, exe)
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err = cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(se.String(), "open-file limit is 256") {
		t.Errorf("2000 connections with ulimit -n 256: %v, stdout %q, stderr %q; want exit 2 naming the limit", err, so.String(), se.String())
	}
}

// A target that dies mid-run: a clear error, and neither the child nor
// its port left behind.
func TestRunHTTPTargetDiesMidRun(t *testing.T) {
	exe := waitlabBinary(t)
	p, _ := model.LookupPreset("lab-loop") // its loops answer /metrics while requests wait
	s := p.Scenario
	// Waits far longer than noticing a death takes on any machine, so the
	// check below is not a timing.
	s.Classes = append([]model.Class(nil), s.Classes...)
	s.Classes[0].Wait = model.FixedDist(30 * time.Second)
	var pid int
	var addr string
	killed := make(chan error, 1)
	opt := runner.HTTPOptions{OnTarget: func(p int, a string) {
		pid, addr = p, a
		// Kill it once it holds requests in flight: mid-run, without a
		// fixed sleep.
		go func() {
			c := http.Client{Timeout: time.Second}
			for i := 0; i < 500; i++ {
				resp, err := c.Get("http://" + a + "/metrics")
				if err == nil {
					b, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if strings.Contains(string(b), "\nwaitlab_target_in_flight_requests 12\n") {
						killed <- syscall.Kill(p, syscall.SIGKILL)
						return
					}
				}
				time.Sleep(10 * time.Millisecond)
			}
			killed <- errors.New("the target never had 12 requests in flight")
		}()
	}}
	start := time.Now()
	_, err := runner.RunHTTP(context.Background(), exe, s, 10*time.Millisecond, "test", opt)
	if kerr := <-killed; kerr != nil {
		t.Fatalf("kill the target: %v", kerr)
	}
	if !errors.Is(err, runner.ErrTargetDied) {
		t.Fatalf("RunHTTP with the target killed = %v; want ErrTargetDied", err)
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Errorf("the dead target's port %s still accepts connections", addr)
	}
	if time.Since(start) > 20*time.Second {
		t.Errorf("the dead target was noticed only after %v (its requests wait 30 s)", time.Since(start))
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("target process %d still exists after the run: %v", pid, err)
	}
	if line := msg.T(msg.EN, "http.err.died", err); !strings.Contains(line, "died") {
		t.Errorf("message %q", line)
	}
}

// Ctrl-C during a run over HTTP: exit 130, and neither the target child
// nor its port left behind. The signal is sent once the target said it is
// ready, during the load.
func TestRunHTTPInterruptLeavesNothingBehind(t *testing.T) {
	cmd, _, errb := startRun(t, "ready on", "run", "--via", "http", "--preset", "lab-loop", "--wait", "3s", "--warmup=false", "--lang", "en")
	var pid int
	var addr string
	for _, line := range strings.Split(errb.String(), "\n") {
		if _, err := fmt.Sscanf(line, "target (pid %d) ready on http://%s", &pid, &addr); err == nil {
			break
		}
	}
	if pid == 0 {
		t.Fatalf("no ready line with a pid in %q", errb.String())
	}
	// Wait until the load is in flight (the loops answer /metrics while
	// the requests wait), then interrupt.
	c := http.Client{Timeout: time.Second}
	inFlight := false
	for i := 0; i < 300 && !inFlight; i++ {
		if resp, err := c.Get("http://" + addr + "/metrics"); err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			inFlight = strings.Contains(string(b), "\nwaitlab_target_in_flight_requests 12\n")
		}
		if !inFlight {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if !inFlight {
		t.Fatalf("the target at %s never had the 12 requests in flight", addr)
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	if code := waitExit(t, cmd, 20*time.Second); code != 130 {
		t.Errorf("interrupted run over HTTP: exit %d; want 130. stderr %q", code, errb.String())
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("target %d still exists after the interrupted run: %v", pid, err)
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Errorf("the target's port %s still accepts connections", addr)
	}
}
