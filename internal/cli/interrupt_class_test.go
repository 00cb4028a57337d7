package cli

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Issue 45, the interrupt class: every command that runs something is
// interrupted (SIGINT, as a user's Ctrl-C) at several moments. The
// contract for each: exit 130; what was measured before is printed and
// marked interrupted, or nothing is; nothing is concluded from a cut-short
// window; no panic; no child process and no temporary file is left.

// interruptMoment is when the SIGINT comes: after the first line of
// stderr holding after (any line when empty), and then wait more.
type interruptMoment struct {
	after string
	wait  time.Duration
}

type interruptCase struct {
	name    string
	args    []string
	moments []interruptMoment
	// marked is a text the interrupted output holds ("" for none);
	// never are texts a cut-short window must not print.
	marked string
	never  []string
}

func TestInterruptClass(t *testing.T) {
	exe := waitlabBinary(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }))
	defer srv.Close()
	concluded := []string{"panic:", "internal error", "goroutine 1 ["}
	cases := []interruptCase{
		{"run", []string{"run", "--preset", "lab-pool"},
			[]interruptMoment{{"warm-up run", time.Second}, {"run 1 of", time.Second}},
			"interrupted", concluded},
		{"run --via http", []string{"run", "--preset", "lab-pool", "--via", "http"},
			[]interruptMoment{{"warm-up run", time.Second}, {"run 1 of", time.Second}},
			"interrupted", concluded},
		{"load", []string{"load", "--rate", "50", "--duration", "60s", "--threshold", "p99<10s", "--target-metrics", "off", srv.URL + "/"},
			[]interruptMoment{{"", 300 * time.Millisecond}, {"", 2 * time.Second}},
			"INTERRUPTED", append([]string{" met", "breached"}, concluded...)},
		{"plan --confirm", []string{"plan", "--preset", "ch15-offload4", "--threads", "2", "--cores", "2", "--requests", "500",
			"--slo", "batch<250ms", "--max", "6", "--confirm", "--confirm-runs", "3"},
			[]interruptMoment{{"run 0 of", 0}, {"run 1 of", 100 * time.Millisecond}},
			"was interrupted", append([]string{"did NOT meet", "held for real"}, concluded...)},
		{"exp run lab --quick", []string{"exp", "run", "lab", "--quick"},
			[]interruptMoment{{"run 0 of", 500 * time.Millisecond}, {"run 1 of", 500 * time.Millisecond}},
			"interrupted", concluded},
		{"sim", []string{"sim", "--preset", "lab-pool", "--arrival", "poisson:10", "--requests", "10000000"},
			[]interruptMoment{{"", 300 * time.Millisecond}, {"", time.Second}},
			"interrupted", concluded},
	}
	for _, c := range cases {
		for i, m := range c.moments {
			t.Run(fmt.Sprintf("%s/%d", c.name, i), func(t *testing.T) {
				interruptOnce(t, exe, c, m)
			})
		}
	}
}

// interruptOnce runs one case to its moment, sends SIGINT and checks the
// contract.
func interruptOnce(t *testing.T, exe string, c interruptCase, m interruptMoment) {
	tmp := t.TempDir()
	mark := fmt.Sprintf("WAITLAB_INTERRUPT_CLASS=%d-%d", os.Getpid(), time.Now().UnixNano())
	cmd := exec.Command(exe, append(c.args, "--lang", "en")...)
	var stdout bytes.Buffer
	stderr := &lineWatch{want: m.after, seen: make(chan struct{})}
	if m.after == "" {
		stderr.once = true
		close(stderr.seen) // the moment counts from the start
	}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, mark, "LANG=C")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	defer syscall.Kill(-pid, syscall.SIGKILL)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-stderr.seen:
	case <-done:
		t.Fatalf("waitlab %s ended (%v) before its moment %q: stdout %q stderr %q", strings.Join(c.args, " "), cmd.ProcessState, m.after, stdout.String(), stderr.String())
	case <-time.After(3 * time.Minute):
		t.Fatalf("waitlab %s: no %q on stderr in 3 minutes: %q", strings.Join(c.args, " "), m.after, stderr.String())
	}
	time.Sleep(m.wait)
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("waitlab %s still running 2 minutes after SIGINT", strings.Join(c.args, " "))
	}
	out := stdout.String() + stderr.String()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("waitlab %s, SIGINT after %q: exit %d; want 130\nstdout %s\nstderr %s", strings.Join(c.args, " "), m.after, code, stdout.String(), stderr.String())
	}
	if c.marked != "" && !strings.Contains(out, c.marked) && strings.TrimSpace(stdout.String()) != "" {
		t.Errorf("waitlab %s, interrupted, printed results without %q:\n%s", strings.Join(c.args, " "), c.marked, stdout.String())
	}
	for _, n := range c.never {
		if strings.Contains(out, n) {
			t.Errorf("waitlab %s, interrupted, says %q:\n%s", strings.Join(c.args, " "), n, out)
		}
	}
	// No child left (every child inherits the mark), no temporary file.
	var left []string
	for range 100 {
		left = marked(mark)
		if len(left) == 0 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if len(left) > 0 {
		t.Errorf("waitlab %s, interrupted, left processes behind: %v", strings.Join(c.args, " "), left)
		for _, p := range left {
			if n, err := strconv.Atoi(p); err == nil {
				syscall.Kill(n, syscall.SIGKILL)
			}
		}
	}
	if ents, _ := os.ReadDir(tmp); len(ents) > 0 {
		var names []string
		for _, e := range ents {
			names = append(names, filepath.Join(tmp, e.Name()))
		}
		t.Errorf("waitlab %s, interrupted, left temporary files: %v", strings.Join(c.args, " "), names)
	}
}

// marked lists the processes whose environment holds mark.
func marked(mark string) []string {
	dirs, _ := os.ReadDir("/proc")
	var out []string
	for _, d := range dirs {
		if _, err := strconv.Atoi(d.Name()); err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", d.Name(), "environ"))
		if err != nil {
			continue
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if string(kv) == mark {
				stat, _ := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
				if f := strings.Fields(string(stat)); len(f) > 2 && f[2] == "Z" {
					break // a zombie its parent has not reaped yet holds nothing
				}
				out = append(out, d.Name())
				break
			}
		}
	}
	return out
}

// lineWatch is a stderr that closes seen at the first write holding want
// (at the first write when want is empty).
type lineWatch struct {
	syncWriter
	want string
	seen chan struct{}
	once bool
}

func (w *lineWatch) Write(p []byte) (int, error) {
	n, err := w.syncWriter.Write(p)
	if !w.once && (w.want == "" || strings.Contains(w.syncWriter.String(), w.want)) {
		w.once = true
		close(w.seen)
	}
	return n, err
}
