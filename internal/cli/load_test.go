package cli

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Bad flags get one clear message and exit code 2.
func TestLoadBadFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"load", "--rate", "fast", "http://127.0.0.1:1/"}, "--rate"},
		{[]string{"load", "--rate", "-5", "http://127.0.0.1:1/"}, "--rate"},
		{[]string{"load", "--rate", "10", "--duration", "-1s", "http://127.0.0.1:1/"}, "--duration"},
		{[]string{"load", "--rate", "10", "--duration", "soon", "http://127.0.0.1:1/"}, "duration"},
		{[]string{"load", "--rate", "10", "http:///nohost"}, "no host"},
		{[]string{"load", "--rate", "10", "127.0.0.1:8080"}, "http://"},
		{[]string{"load", "--rate", "10", "--targets", filepath.Join(dir, "missing.txt")}, "targets file"},
		{[]string{"load", "http://127.0.0.1:1/"}, "--rate"},
		{[]string{"load", "--rate", "10", "--vus", "3", "http://127.0.0.1:1/"}, "one of"},
		{[]string{"load", "--rate", "10"}, "URL"},
		{[]string{"load", "--stages", "30s", "http://127.0.0.1:1/"}, "--stages"},
		{[]string{"load", "--arrival", "poisson:x", "http://127.0.0.1:1/"}, "--arrival"},
		{[]string{"load", "--rate", "10", "--threshold", "p99<soon", "http://127.0.0.1:1/"}, "threshold"},
		{[]string{"load", "--rate", "10", "--target-pid", "999999999", "http://127.0.0.1:1/"}, "--target-pid"},
		// Bounds (issue 13, item 13): refused before any work, naming the flag.
		{[]string{"load", "--rate", "1e-10", "http://127.0.0.1:1/"}, "--rate"},
		{[]string{"load", "--arrival", "poisson:1e-300", "http://127.0.0.1:1/"}, "--arrival"},
		{[]string{"load", "--stages", "10s:1e-300", "http://127.0.0.1:1/"}, "--stages"},
		{[]string{"load", "--stages", "20h:10,20h:10", "http://127.0.0.1:1/"}, "--stages"},
		{[]string{"load", "--vus", "10000000", "http://127.0.0.1:1/"}, "--vus"},
		{[]string{"load", "--rate", "10", "--connections", "10000000", "http://127.0.0.1:1/"}, "--connections"},
		{[]string{"load", "--rate", "10", "--duration", "1000000h", "http://127.0.0.1:1/"}, "--duration"},
		{[]string{"load", "--rate", "10", "--warmup", "25h", "http://127.0.0.1:1/"}, "--warmup"},
		{[]string{"load", "--rate", "10", "--timeout", "2h", "http://127.0.0.1:1/"}, "--timeout"},
		{[]string{"load", "--vus", "2", "--think", "2h", "http://127.0.0.1:1/"}, "--think"},
		{[]string{"load", "--rate", "10", "--requests", "10000000000000", "http://127.0.0.1:1/"}, "--requests"},
		// Header injection (issue 13, item 14).
		{[]string{"load", "--rate", "10", "--method", "G T", "http://127.0.0.1:1/"}, "--method"},
		{[]string{"load", "--rate", "10", "--method", "GET / HTTP/1.1\r\nX: y", "http://127.0.0.1:1/"}, "--method"},
		{[]string{"load", "--rate", "10", "--header", "X-A: 1\r\nEvil: 2", "http://127.0.0.1:1/"}, "--header"},
		{[]string{"load", "--rate", "10", "--header", "X-A: 1\nEvil: 2", "http://127.0.0.1:1/"}, "--header"},
		{[]string{"load", "--rate", "10", "--header", "Bad Name: 2", "http://127.0.0.1:1/"}, "--header"},
		{[]string{"load", "--rate", "10", "--engine", "turbo", "http://127.0.0.1:1/"}, "--engine"},
		{[]string{"load", "--rate", "10", "--body", "@/dev/zero", "http://127.0.0.1:1/"}, "--body"},
		{[]string{"load", "--rate", "10", "--targets", "/dev/zero"}, "/dev/zero"},
		{[]string{"report"}, "result files"},
		{[]string{"report", filepath.Join(dir, "missing.json")}, "missing.json"},
	} {
		code, out, errs := run(t, tt.args...)
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		if code != 2 || len(lines) != 1 || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("Main(%q) = %d, stderr %q, stdout %q; want 2 and one line naming %q", tt.args, code, errs, out, tt.want)
		}
	}
}

func TestLoadHelp(t *testing.T) {
	code, _, errs := run(t, "load", "-h")
	if code != 0 || !strings.Contains(errs, "-rate") || !strings.Contains(errs, "-vus") {
		t.Errorf("load -h = %d, %q; want 0 and the flags", code, errs)
	}
}

// A run end to end: JSON with the fields, a result file that
// `report` re-reports (text, JSON and HTML), thresholds that fail.
func TestLoadJSONOutAndReport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }))
	defer srv.Close()
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	code, stdout, errs := run(t, "load", "--rate", "200", "--duration", "1s", "--json", "--out", out, "--progress", "off", srv.URL+"/")
	if code > 1 { // 1: a busy machine fell behind the rate (never-sent requests fail the verdict)
		t.Fatalf("load = %d, %s", code, errs)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatalf("load --json printed %q: %v", stdout, err)
	}
	for _, k := range []string{"offered_rps", "achieved_rps", "ok_rps", "requests", "ok", "errors", "latency", "service_time", "series", "warnings", "generator_cpu_pct", "model"} {
		if _, ok := m[k]; !ok {
			t.Errorf("load --json lacks %q", k)
		}
	}
	for _, k := range []string{"mean_ms", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms"} {
		if _, ok := m["latency"].(map[string]any)[k]; !ok {
			t.Errorf("load --json latency lacks %q", k)
		}
	}
	if m["model"] != "open" {
		t.Errorf("model = %v; want open", m["model"])
	}
	// The same file twice would double every count: refused (issue 13, item 5).
	if code, stdout, errs := run(t, "report", out, out); code != 2 || stdout != "" || !strings.Contains(errs, "same file") {
		t.Errorf("report FILE FILE = %d, %q, %q; want 2 and 'same file'", code, stdout, errs)
	}
	out2 := filepath.Join(dir, "r2.json")
	// (On a busy machine a run may fall behind and fail its verdict: only
	// the file matters here.)
	if code, _, errs := run(t, "load", "--rate", "200", "--duration", "1s", "--out", out2, "--progress", "off", srv.URL+"/"); code > 1 {
		t.Fatalf("second load = %d, %s", code, errs)
	}
	html := filepath.Join(dir, "r.html")
	code, stdout, errs = run(t, "report", out, out2, "--html", html, "--lang", "ko")
	// The verdict is the runs' (a busy machine may fall behind): 0 or 1.
	if code > 1 || !strings.Contains(stdout, "개방형 모델") || !strings.Contains(stdout, "합친") ||
		!strings.Contains(stdout, "r.json:") || !strings.Contains(stdout, "r2.json:") {
		t.Errorf("report A B = %d, %q, %q; want a merged Korean report describing both inputs", code, stdout, errs)
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("report --html wrote %d bytes, %v; want an HTML page with plots", len(b), err)
	}
	code, _, errs = run(t, "report", out, "--threshold", "p99<1us", "--threshold", "errors<50%")
	// One breach, p99's (errors<50% replaces the default error rule); a
	// run that fell behind on a busy machine also says so, and only that.
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	others := 0
	for _, line := range lines {
		if !strings.Contains(line, "p99") && !strings.Contains(line, "never sent") {
			others++
		}
	}
	if code != 1 || !strings.Contains(errs, "p99") || others != 0 {
		t.Errorf("report --threshold p99<1us = %d, %q; want 1 and the p99 breach (and at most the unsent one)", code, errs)
	}
}

// The target dying mid-run: the run ends on time, the result file is
// written, and the exit code says the run failed (errors above 1%).
func TestLoadTargetDies(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }),
		ConnState: func(c net.Conn, s http.ConnState) {
			if s == http.StateNew {
				mu.Lock()
				conns = append(conns, c)
				mu.Unlock()
			}
		}}
	go srv.Serve(ln)
	time.AfterFunc(500*time.Millisecond, func() {
		srv.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	out := filepath.Join(t.TempDir(), "r.json")
	start := time.Now()
	code, stdout, errs := run(t, "load", "--rate", "100", "--duration", "1500ms", "--timeout", "1s", "--out", out,
		"--progress", "off", "--target-metrics", "off", "http://"+ln.Addr().String()+"/")
	if code != 1 || !strings.Contains(errs, "error rate") {
		t.Errorf("load against a dying target = %d, stderr %q; want 1 and the error-rate breach", code, errs)
	}
	if !strings.Contains(stdout, "connection refused") {
		t.Errorf("report = %q; want errors by kind with connection refused", stdout)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("result file: %v; want it written", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the run took %v; want it to end about on time (1.5 s + timeout)", took)
	}
}
