package probe

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// startGunicorn runs gunicorn (Debian's package) with n sync workers
// serving testdata/slowapp.py on a free loopback port, and stops it by
// its PID with the test. It skips when gunicorn is missing, unless
// WAITLAB_GUNICORN=require.
func startGunicorn(t *testing.T, workers int, slowMS int) (url string, pid int) {
	t.Helper()
	return startGunicornClass(t, workers, 1, slowMS)
}

// startGunicornClass is startGunicorn with threads per worker: more than
// one runs gunicorn's gthread workers (a pool of workers x threads).
func startGunicornClass(t *testing.T, workers, threads int, slowMS int) (url string, pid int) {
	t.Helper()
	bin, err := exec.LookPath("gunicorn")
	if err != nil {
		if os.Getenv("WAITLAB_GUNICORN") == "require" {
			t.Fatalf("gunicorn not found and WAITLAB_GUNICORN=require: apt-get install -y gunicorn")
		}
		t.Skip("gunicorn not installed (apt-get install -y gunicorn; WAITLAB_GUNICORN=require makes this a failure)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir, _ := filepath.Abs("testdata")
	class := []string{"--worker-class", "sync"}
	if threads > 1 {
		class = []string{"--worker-class", "gthread", "--threads", strconv.Itoa(threads)}
	}
	cmd := exec.Command(bin, append(append([]string{"--workers", strconv.Itoa(workers)}, class...),
		"--bind", "127.0.0.1:"+strconv.Itoa(port), "--backlog", "2048", "--chdir", dir, "--log-level", "warning", "slowapp:app")...)
	cmd.Env = append(os.Environ(), "SLOW_MS="+strconv.Itoa(slowMS))
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start gunicorn: %v", err)
	}
	t.Cleanup(func() {
		// SIGINT: gunicorn's quick shutdown (SIGTERM waits for its graceful timeout).
		cmd.Process.Signal(syscall.SIGINT)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	url = fmt.Sprintf("http://127.0.0.1:%d/", port)
	// Ready when every worker can answer: n requests at once succeed.
	deadline := time.Now().Add(30 * time.Second)
	for {
		ok := 0
		done := make(chan bool, workers)
		for i := 0; i < workers; i++ {
			go func() {
				c := http.Client{Timeout: 2 * time.Second}
				resp, err := c.Get(url)
				if err == nil {
					resp.Body.Close()
				}
				done <- err == nil && resp.StatusCode == 200
			}()
		}
		for i := 0; i < workers; i++ {
			if <-done {
				ok++
			}
		}
		if ok == workers {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("gunicorn on port %d not ready after 30 s", port)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return url, cmd.Process.Pid
}

// gunicorn's sync workers at two settings: a pool whose limit is the
// worker count within 1, and its service time near the handler's sleep.
func TestGunicornWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: two 16 s probes of gunicorn (they run in the plain pass, where WAITLAB_GUNICORN=require holds)")
	}
	for _, workers := range []int{3, 8} {
		t.Run(strconv.Itoa(workers), func(t *testing.T) {
			// --target-pid is the master: the probe counts its workers'
			// CPU with it (cpu.go), which /proc/PID/stat alone does not.
			url, pid := startGunicorn(t, workers, 20)
			cfg := quick(url, 16*time.Second, 3000)
			cfg.TargetPID = pid
			attempt(t, func() *Result {
				res, err := Run(context.Background(), cfg)
				if err != nil {
					t.Fatalf("Run: %v", err)
				}
				logText(t, res)
				return res
			}, func(res *Result) (p []string) {
				if res.ShapeName != "pool" {
					return []string{fmt.Sprintf("shape = %s, want pool", res.ShapeName)}
				}
				if n := limitOf(res); n < workers-1 || n > workers+1 {
					p = append(p, fmt.Sprintf("limit = %d, want %d within 1", n, workers))
				}
				if res.ServiceMS < 19 || res.ServiceMS > 30 {
					p = append(p, fmt.Sprintf("service = %.1f ms, want near the 20 ms sleep (19..30)", res.ServiceMS))
				}
				// Python answering a request costs some CPU, all of it in
				// the workers: read through the master's process tree.
				if fm := res.Fit; fm == nil || fm.CPUFrom != "tree" || fm.CPUMS <= 0 || fm.CPUMS >= res.ServiceMS/2 {
					p = append(p, fmt.Sprintf("fit model %+v: want the workers' CPU per request, read from the tree, above 0 and well under the service time", fm))
				}
				return p
			})
		})
	}
	// gthread workers: 2 workers of 2 threads each, a pool of 4.
	t.Run("gthread 2x2", func(t *testing.T) {
		url, pid := startGunicornClass(t, 2, 2, 20)
		cfg := quick(url, 16*time.Second, 3000)
		cfg.TargetPID = pid
		attempt(t, func() *Result {
			res, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			logText(t, res)
			return res
		}, func(res *Result) []string {
			if res.ShapeName != "pool" || limitOf(res) < 3 || limitOf(res) > 5 {
				return []string{fmt.Sprintf("shape = %s, limit %d; want a pool of 4 within 1", res.ShapeName, limitOf(res))}
			}
			return nil
		})
	})
	// --confirm with --restart-cmd: gunicorn restarted with the sizing
	// answer's workers, measured there.
	t.Run("confirm restarts", func(t *testing.T) {
		url, _ := startGunicorn(t, 2, 20)
		dir, _ := filepath.Abs("testdata")
		bin, _ := exec.LookPath("gunicorn")
		q, err := ParseSizeFor("p99<100ms@200rps")
		if err != nil {
			t.Fatal(err)
		}
		// 12 s: the search must break an SLO, bisect and run its closed
		// check to call a pool (6 s ended undecided after two open steps).
		j := Job{Config: quick(url, 12*time.Second, 1000), SizeFor: &q, Confirm: true, Metrics: "off",
			RestartCmd: "SLOW_MS=20 " + bin + " --workers {n} --worker-class sync --bind 127.0.0.1:{port} --chdir " + dir + " --log-level warning slowapp:app"}
		res, err := j.Run(context.Background())
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		logText(t, res)
		if res.Size == nil || res.Scenario == nil {
			t.Skipf("no model to size (shape %s, load average %.1f)", res.ShapeName, loadAvg())
		}
		c := res.Confirm
		if c == nil || c.OK == 0 {
			t.Fatalf("confirm step %+v", c)
		}
		for _, n := range res.Notes {
			if n.Key == "probe.confirm.as_is" {
				t.Error("measured as it is, not restarted")
			}
		}
		// The restarted gunicorn at the answer keeps up with 200 req/s
		// (two workers at 20 ms cannot: their ceiling is 100).
		if res.Size.Answer > 2 && c.OKRPS < 0.9*c.OfferedRPS {
			t.Errorf("restarted at %d workers: %.0f ok/s of %.0f", res.Size.Answer, c.OKRPS, c.OfferedRPS)
		}
	})
}
