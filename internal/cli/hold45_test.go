package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Issue 45, items 12, 13, 14: each reproduction of the sweep exits 2 at
// once, naming what to fix.
func TestSweep45Refused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A port that is free now, for a proxy told to forward to itself.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	self := ln.Addr().String()
	_, port, _ := net.SplitHostPort(self)
	ln.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		// 12: a linger past the bound starved other clients.
		{[]string{"target", "--model", "pool", "--listen", "127.0.0.1:0", "--linger", "1000h"}, "--linger"},
		// 13: a proxy to its own address, and garbage.
		{[]string{"downstream", "--listen", self, "--proxy", self}, "own address"},
		{[]string{"downstream", "--listen", self, "--proxy", "localhost:" + port}, "own address"},
		{[]string{"downstream", "--listen", "127.0.0.1:0", "--proxy", "garbage"}, "--proxy"},
		{[]string{"downstream", "--listen", "127.0.0.1:0", "--proxy", "127.0.0.1:0"}, "--proxy"},
		{[]string{"downstream", "--listen", "127.0.0.1:0", "--proxy", "127.0.0.1:99999"}, "--proxy"},
		{[]string{"downstream", "--listen", "127.0.0.1:0", "--proxy", "10.1.2.3:6379"}, "--allow-remote"},
		// 14: duplicated keys, a second document, think with rate.
		{[]string{"load", "--config", write("dup.yaml", "url: "+srv.URL+"\nrate: 10\nrate: 1000000\nduration: 1s\n")}, "rate"},
		{[]string{"load", "--config", write("dup.json", `{"url":"`+srv.URL+`","rate":10,"duration":"1s","duration":"1000h"}`)}, "duration"},
		{[]string{"load", "--config", write("two.yaml", "url: "+srv.URL+"\nrate: 10\nduration: 1s\n---\nrate: 100000\n")}, "more than one document"},
		{[]string{"load", "--config", write("think.yaml", "url: "+srv.URL+"\nrate: 10\nthink: 1s\nduration: 1s\n")}, "--vus"},
		{[]string{"load", "--rate", "10", "--think", "1s", "--duration", "1s", srv.URL}, "--vus"},
	} {
		code, _, errs := runBounded(t, 30*time.Second, append(c.args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "%!") {
			t.Errorf("waitlab %s = %d, %q; want 2 and a message naming %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
}

// mainUntilCancelled runs Main with args and cancels its context (what
// the first SIGINT or SIGTERM does) after d; it fails the test when Main
// has not returned 30 s later.
func mainUntilCancelled(t *testing.T, d time.Duration, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type out struct {
		code           int
		stdout, stderr string
	}
	done := make(chan out, 1)
	go func() {
		var o, e bytes.Buffer
		c := Main(ctx, args, strings.NewReader(""), &o, &e)
		done <- out{c, o.String(), e.String()}
	}()
	select {
	case o := <-done:
		return o.code, o.stdout, o.stderr
	case <-time.After(d):
	}
	cancel()
	select {
	case o := <-done:
		return o.code, o.stdout, o.stderr
	case <-time.After(30 * time.Second):
		t.Fatalf("waitlab %s still waiting 30 s after its interrupt", strings.Join(args, " "))
		return 0, "", ""
	}
}

// Issue 45, item 11: a FIFO as input (sim -f, load --config, a targets
// file, a body) waited for its writer for good, and the first SIGTERM did
// not end it. Now the interrupt ends the wait: exit 130, nothing run.
func TestFIFOInputEndsWithTheInterrupt(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	cfg := filepath.Join(dir, "targets.yaml")
	os.WriteFile(cfg, []byte("targets: "+fifo+"\nrate: 10\nduration: 1s\n"), 0o644)
	for _, args := range [][]string{
		{"sim", "-f", fifo},
		{"load", "--config", fifo},
		{"load", "--config", cfg},
		{"load", "--targets", fifo, "--rate", "10", "--duration", "1s"},
		{"load", "--body", "@" + fifo, "--rate", "10", "--duration", "1s", srv.URL},
		{"run", "-f", fifo},
		{"plan", "-f", fifo, "--slo", "p99<1s"},
	} {
		code, _, errs := mainUntilCancelled(t, 300*time.Millisecond, args...)
		if code != 130 || strings.Contains(errs, "panic") {
			t.Errorf("waitlab %s, interrupted while it waits for the FIFO's writer = %d, %q; want 130", strings.Join(args, " "), code, errs)
		}
	}
	// A writer that comes is read: the FIFO is an input, not refused.
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.WriteString("model: pool\nthreads: 2\nrequests: 4\nclasses:\n  - name: normal\n    fraction: 1\n    wait: 1ms\n")
			f.Close()
		}
	}()
	if code, out, errs := runBounded(t, 30*time.Second, "sim", "-f", fifo); code != 0 || out == "" {
		t.Errorf("waitlab sim -f FIFO with a writer = %d, %q; want the simulation", code, errs)
	}
}

// Issue 45, item 16: report --baseline --changed load_mdoel ignored the
// misspelled condition; it exits 2 listing the conditions there are.
func TestBaselineChangedUnknownRefused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	result := filepath.Join(t.TempDir(), "r.wlr")
	if code, _, errs := run(t, "load", "--rate", "20", "--duration", "200ms", "--out", result, srv.URL); code != 0 {
		t.Fatalf("load for a result file = %d: %s", code, errs)
	}
	code, _, errs := run(t, "report", "--lang", "en", "--baseline", result, "--changed", "load_mdoel", result)
	if code != 2 || !strings.Contains(errs, "load_mdoel") || !strings.Contains(errs, "load_model") {
		t.Errorf("report --baseline --changed load_mdoel = %d, %q; want 2 and the list of conditions", code, errs)
	}
	if code, _, errs := run(t, "report", "--lang", "en", "--baseline", result, "--changed", "load_model", result); code == 2 {
		t.Errorf("report --baseline --changed load_model = 2, %q; want it taken", errs)
	}
}

// Issue 45, item 18: kube job wrote manifests the cluster would refuse
// (exit 0). Each is refused before a manifest is written, naming what.
func TestKubeJobValidatesLikeKubernetes(t *testing.T) {
	load := []string{"--", "--rate", "10", "--duration", "10s", "http://target:8080/"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--name", "wait\nlab"}, "--name"},
		{[]string{"--name", "WaitLab"}, "--name"},
		{[]string{"--name", strings.Repeat("a", 60)}, "--name"},
		{[]string{"--namespace", "Team_A"}, "--namespace"},
		{[]string{"--image", "waitlab:latest\nrm"}, "--image"},
		{[]string{"--port", "0"}, "--port"},
		{[]string{"--port", "70000"}, "--port"},
		{[]string{"--threshold", "p99<<1s"}, "p99<<1s"},
		{[]string{"--target-label", "app=my app"}, "--target-label"},
		{[]string{"--", "--rate", "1e12", "http://target:8080/"}, "--rate"},
		{[]string{"--", "--rate", "10", "--no-such-flag", "http://target:8080/"}, "no-such-flag"},
		{[]string{"--", "--rate", "10", "--think", "1s", "http://target:8080/"}, "--vus"},
		{[]string{"--", "--rate", "10", "--threshold", "p99<<1s", "http://target:8080/"}, "p99<<1s"},
	} {
		args := append([]string{"kube", "job", "--lang", "en", "--segments", "2"}, c.args...)
		if !slices.Contains(c.args, "--") {
			args = append(args, load...)
		}
		code, out, errs := run(t, args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("waitlab %s = %d, %d bytes of manifest, %q; want 2, no manifest, a message naming %q", strings.Join(args, " "), code, len(out), errs, c.want)
		}
	}
	for _, extra := range [][]string{nil, {"--name", "team-a", "--namespace", "load", "--target-label", "app.kubernetes.io/name=shop"}} {
		args := append(append([]string{"kube", "job", "--segments", "2"}, extra...), load...)
		if code, out, errs := run(t, args...); code != 0 || !strings.Contains(out, "kind: Job") {
			t.Errorf("waitlab %s = %d, %q; want the manifests", strings.Join(args, " "), code, errs)
		}
	}
}

// Issue 45, item 17: exp run --only ran every condition anyway (lab
// --only jdk.pool ran all five presets). Only the rows an asked-for
// claim reads are run.
func TestExpOnlyRunsOnlyWhatTheClaimsRead(t *testing.T) {
	exe := waitlabBinary(t)
	old := childExe
	childExe = func() (string, error) { return exe, nil }
	defer func() { childExe = old }()
	for _, c := range []struct {
		name, only string
		rows       []string
	}{
		{"lab", "jdk.virtual", []string{"lab-virtual"}},
		{"blocking-loop", "bl.max-offload64", []string{"ch15-offload64"}},
	} {
		code, out, errs := run(t, "exp", "run", c.name, "--quick", "--repeat", "1", "--only", c.only, "--json")
		if code != 0 {
			t.Fatalf("exp run %s --quick --only %s = %d, stderr %q", c.name, c.only, code, errs)
		}
		var tab struct {
			Rows []struct {
				Key string `json:"key"`
			} `json:"rows"`
		}
		if err := json.Unmarshal([]byte(out), &tab); err != nil {
			t.Fatalf("exp run --json is not JSON: %v\n%s", err, out)
		}
		// Each engine runs the condition (a JVM engine's rows are "jvm:KEY").
		var got []string
		for _, r := range tab.Rows {
			if k := strings.TrimPrefix(r.Key, "jvm:"); !slices.Contains(got, k) {
				got = append(got, k)
			}
		}
		if !slices.Equal(got, c.rows) {
			t.Errorf("exp run %s --only %s ran %v; want only %v", c.name, c.only, got, c.rows)
		}
	}
}

// Issue 45, item 11: load --config - on a standard input that never ends
// waited for good; the interrupt ends it (exit 130).
func TestConfigFromStdinEndsWithTheInterrupt(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	defer pr.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	done := make(chan int, 1)
	go func() {
		var o, e bytes.Buffer
		done <- Main(ctx, []string{"load", "--config", "-"}, pr, &o, &e)
	}()
	select {
	case code := <-done:
		if code != 130 {
			t.Errorf("load --config - (stdin never ends), interrupted = %d; want 130", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("load --config - still waiting for standard input 30 s after its interrupt")
	}
}
