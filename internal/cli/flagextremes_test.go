package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// Issue 19, the class of fault 1: every command, with every numeric,
// duration and time flag set to an extreme, either exits 2 at once or runs
// a bounded time and stops soon after SIGTERM. The table is generated from
// the flag sets the commands make, so a new flag is covered by
// construction.

// verbs are the commands whose flags come after a verb.
var verbs = map[string][]string{"kube": {"job"}}

// flagSets makes every command's flag sets (by asking each for -h) and
// returns them by command line ("load", "exp run").
func flagSets(t *testing.T) map[string]*flag.FlagSet {
	t.Helper()
	env := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
	var names []string
	for name, c := range commands {
		if c.hidden {
			continue // internal child processes, started by the program itself
		}
		if vs, ok := verbs[name]; ok {
			for _, v := range vs {
				_ = c.run(context.Background(), env, []string{v, "-h"})
				names = append(names, name+" "+v)
			}
			continue
		}
		_ = c.run(context.Background(), env, []string{"-h"})
		names = append(names, name)
	}
	sets := map[string]*flag.FlagSet{}
	helpOut.Range(func(k, v any) bool {
		sets[v.(helpTo).name] = k.(*flag.FlagSet)
		return true
	})
	out := map[string]*flag.FlagSet{}
	for _, n := range names {
		fs, ok := sets[n]
		if !ok {
			t.Errorf("waitlab %s -h made no flag set: list its verbs in the verbs table", n)
			continue
		}
		out[n] = fs
	}
	return out
}

// flagKind sorts a flag: "int", "float", "duration", "time", or "" for the
// others (strings, lists, booleans).
func flagKind(fl *flag.Flag) string {
	if g, ok := fl.Value.(flag.Getter); ok {
		switch g.Get().(type) {
		case int, int64, uint, uint64:
			return "int"
		case float64:
			return "float"
		case time.Duration:
			return "duration"
		}
	}
	if name, _ := flag.UnquoteUsage(fl); name == "TIME" || strings.HasSuffix(fl.Name, "-at") {
		return "time"
	}
	return ""
}

// extremes are the values each kind is tried with.
// (The time flags take a far past, a far future, and Unix seconds with
// one digit too many, which once overflowed into 1677.)
var extremes = map[string][]string{
	"int":      {"0", "-1", "1000000000000000000"},
	"float":    {"0", "-1", "1e18", "NaN"},
	"duration": {"0s", "-1s", "2562047h47m16.854775807s"},
	"time":     {"1600-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "17646144000"},
}

// baseArgs are the arguments a command is given beside the extreme flag,
// so that the flag's value is what is tested (URLs point at a test server
// on 127.0.0.1, listeners at 127.0.0.1:0); a few flags need another base.
func baseArgs(cmd, fl, url, result string) []string {
	switch cmd + " " + fl {
	case "load vus", "load think":
		return []string{"--vus", "1", "--duration", "2s", url}
	case "report expect", "report collect-timeout":
		return []string{"--listen", "127.0.0.1:0", "--expect", "1"}
	}
	switch cmd {
	case "load":
		return []string{"--rate", "10", "--duration", "2s", url}
	case "report":
		return []string{result}
	case "kube job":
		return []string{"--segments", "2", "--", "--rate", "10", url}
	case "exp":
		return []string{"run", "threads"}
	case "plan":
		return []string{"--preset", "lab-pool", "--slo", "p99<200ms"}
	case "run", "sim":
		return []string{"--preset", "lab-pool"}
	case "target", "downstream", "serve":
		return []string{"--listen", "127.0.0.1:0"}
	}
	return nil
}

type extremeCase struct {
	cmd, flag, value string
	args             []string
}

func TestEveryFlagAtItsExtremes(t *testing.T) {
	exe := waitlabBinary(t)
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	result := filepath.Join(t.TempDir(), "r.wlr")
	if code, _, errs := run(t, "load", "--rate", "20", "--duration", "200ms", "--out", result, srv.URL); code != 0 {
		t.Fatalf("load for a result file = %d: %s", code, errs)
	}
	var cases []extremeCase
	sets := flagSets(t)
	var cmds []string
	for c := range sets {
		cmds = append(cmds, c)
	}
	sort.Strings(cmds)
	for _, cmd := range cmds {
		sets[cmd].VisitAll(func(fl *flag.Flag) {
			kind := flagKind(fl)
			for _, v := range extremes[kind] {
				args := append(strings.Fields(cmd), "--lang", "en")
				base := baseArgs(cmd, fl.Name, srv.URL, result)
				// The extreme after the base's own flags (the last one
				// given wins), before its positional arguments.
				i := len(base)
				for i > 0 && !strings.HasPrefix(base[i-1], "-") && (i < 2 || !strings.HasPrefix(base[i-2], "-")) {
					i--
				}
				if j := indexOf(base, "--"); j >= 0 {
					i = j
				}
				args = append(args, base[:i]...)
				args = append(args, "--"+fl.Name+"="+v)
				args = append(args, base[i:]...)
				cases = append(cases, extremeCase{cmd, fl.Name, v, args})
			}
		})
	}
	if len(cases) < 100 {
		t.Fatalf("%d cases from %d commands: the flag sets were not read", len(cases), len(sets))
	}
	t.Logf("%d cases from %d flag sets", len(cases), len(sets))
	// Children at once: most of them wait (a server, a run until its
	// SIGTERM), so a dozen cost little CPU on a shared machine.
	sem := make(chan struct{}, 12)
	// Real runs (run, exp) start OS threads and child processes of their
	// own: two at a time, so their stop is not starved by the others'.
	heavy := make(chan struct{}, 2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	for _, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if c.cmd == "run" || c.cmd == "exp" {
				heavy <- struct{}{}
				defer func() { <-heavy }()
			}
			if msg := tryExtremeUntilTested(exe, c.args); msg != "" {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("waitlab %s: %s", strings.Join(c.args, " "), msg))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n := slowStops.Load(); n > 0 {
		t.Logf("%d of %d children took more than 2 s to stop after SIGTERM (load average %s, %d CPUs): see the log above", n, len(cases), loadAvg(), runtime.NumCPU())
	}
	sort.Strings(failures)
	for _, f := range failures {
		t.Error(f)
	}
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

// tryExtremeUntilTested is tryExtreme, again with a longer first wait
// when the child died of the SIGTERM itself: it was sent before the
// program installed its handler (a loaded machine starts processes
// slowly), so the stop was not tested. Once the handler is in, a waitlab
// command never dies of SIGTERM: it stops and exits 130 or with its code.
func tryExtremeUntilTested(exe string, args []string) string {
	// 1, 2, 4 ... 32 s: at load 46 a target child was seen taking more
	// than 8 s to reach its handler.
	wait := time.Second
	for range 6 {
		msg, untested := tryExtreme(exe, args, wait)
		if !untested {
			return msg
		}
		wait *= 2
	}
	return "killed by SIGTERM before its handler was installed, 6 times: the stop could not be tested"
}

// tryExtreme runs the binary with args: it must exit within wait (a
// second; 2, or a bounded run's own code) without a panic, or stop within
// 2 s of SIGTERM. It returns what went wrong, or "", and whether the
// SIGTERM itself killed it (untested).
func tryExtreme(exe string, args []string, wait time.Duration) (string, bool) {
	cmd := exec.Command(exe, args...)
	out := &syncWriter{}
	cmd.Stdout, cmd.Stderr = io.Discard, out
	cmd.Stdin = strings.NewReader("")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Env = append(os.Environ(), "LANG=C")
	if err := cmd.Start(); err != nil {
		return err.Error(), false
	}
	pid := cmd.Process.Pid
	// Whatever happens, nothing of ours is left running.
	defer syscall.Kill(-pid, syscall.SIGKILL)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	text := func() string { s := out.String(); return strings.TrimSpace(s[:min(len(s), 300)]) }
	select {
	case <-done:
		code := cmd.ProcessState.ExitCode()
		if strings.Contains(out.String(), "panic") || strings.Contains(out.String(), "internal error") {
			return "panicked: " + text(), false
		}
		if code != 0 && code != 1 && code != 2 {
			return fmt.Sprintf("exited %d: %s", code, text()), false
		}
		return "", false
	case <-time.After(wait):
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if os.Getenv("WAITLAB_EXTREMES_LOG") != "" {
		fmt.Fprintf(os.Stderr, "ran to SIGTERM: %s\n", strings.Join(args, " "))
	}
	select {
	case <-done:
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGTERM {
			return "", true
		}
		if strings.Contains(out.String(), "panic") {
			return "panicked after SIGTERM: " + text(), false
		}
		return "", false
	case <-time.After(2 * time.Second):
	}
	// Not stopped within 2 s. On a machine loaded far past its cores a
	// process that stops at once can still take that long to be
	// scheduled; one that ignores SIGTERM (the load --start-at fault) is
	// running 30 s later. The first is logged, the second fails.
	t0 := time.Now()
	select {
	case <-done:
		slowStops.Add(1)
		fmt.Fprintf(os.Stderr, "slow stop (%.1f s after SIGTERM, load average %s): waitlab %s\n",
			2+time.Since(t0).Seconds(), loadAvg(), strings.Join(args, " "))
		return "", false
	case <-time.After(30 * time.Second):
		return "still running 32 s after SIGTERM: " + text(), false
	}
}

// slowStops counts the children that took more than 2 s to stop.
var slowStops atomic.Int64

// loadAvg is the machine's 1-minute load average, for the log.
func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

// syncWriter collects a child's stderr; String is safe while it writes.
type syncWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Issue 45, the class grown by its sweep: a value past a flag's cap, or
// one the program it configures would refuse later (the cluster, the
// load in every pod, a proxy looping on itself), exits 2 at once with a
// message naming the flag, in Korean as in English (the catalog's words,
// not an English string in both).
func TestCapsRefusedNamingTheFlag(t *testing.T) {
	// A port that is free now, for a proxy told to forward to itself.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	self := ln.Addr().String()
	_, port, _ := net.SplitHostPort(self)
	ln.Close()
	load := []string{"--", "--rate", "10", "--duration", "10s", "http://target:8080/"}
	kube := func(own ...string) []string {
		args := append([]string{"kube", "job", "--segments", "2"}, own...)
		if !slices.Contains(own, "--") {
			args = append(args, load...)
		}
		return args
	}
	for _, c := range []struct {
		args []string
		want string // in the message, in either language
	}{
		{[]string{"target", "--model", "pool", "--listen", "127.0.0.1:0", "--linger", "1000h"}, "--linger"},
		{[]string{"target", "--model", "pool", "--listen", "127.0.0.1:0", "--linger", "100.000001ms"}, "--linger"},
		{[]string{"downstream", "--listen", self, "--proxy", self}, "--proxy"},
		{[]string{"downstream", "--listen", self, "--proxy", "localhost:" + port}, "--proxy"},
		{[]string{"downstream", "--listen", "127.0.0.1:0", "--proxy", "garbage"}, "--proxy"},
		{kube("--port", "0"), "--port"},
		{kube("--port", "65536"), "--port"},
		{kube("--name", "WaitLab"), "--name"},
		{kube("--name", "wait\nlab"), "--name"},
		{kube("--namespace", "Load\nTest"), "--namespace"},
		{kube("--segments", "1001"), "--segments"},
		{kube("--threshold", "p99<<1s"), "--threshold"},
		{kube("--", "--rate", "10", "--threshold", "errors<200%", "http://target:8080/"), "errors<200%"},
		{[]string{"load", "--threshold", "p99<<1s", "--rate", "10", "http://127.0.0.1:1/"}, "--threshold"},
		{kube("--", "--rate", "1e12", "http://target:8080/"), "--rate"},
		{kube("--", "--rate", "10", "--nope", "http://target:8080/"), "-nope"},
		{kube("--", "--rate", "10", "--segment", "0/2", "http://target:8080/"), "--segment"},
		{[]string{"probe", "--max-rate", "1e-300", "http://127.0.0.1:1/"}, "--max-rate"},
	} {
		var texts [2]string
		for i, lang := range []string{"en", "ko"} {
			n := 1 // --lang right after the command, or after kube's verb
			if c.args[0] == "kube" {
				n = 2
			}
			args := append(append(slices.Clone(c.args[:n]), "--lang", lang), c.args[n:]...)
			code, out, errs := runBounded(t, 30*time.Second, args...)
			texts[i] = errs
			if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
				t.Errorf("waitlab %q = %d, %q; want 2 and one line naming %s", args, code, errs, c.want)
			}
			if c.args[0] == "kube" && out != "" {
				t.Errorf("waitlab %q wrote %d bytes of manifest", args, len(out))
			}
		}
		if !hasHangul(texts[1]) || texts[0] == texts[1] {
			t.Errorf("waitlab %q in Korean = %q; want the catalog's Korean", c.args, texts[1])
		}
	}
}

// hasHangul reports whether s holds a Hangul syllable.
func hasHangul(s string) bool {
	for _, r := range s {
		if r >= 0xAC00 && r <= 0xD7A3 {
			return true
		}
	}
	return false
}
