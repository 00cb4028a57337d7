package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/waitlab/waitlab/internal/loadresult"
)

// progressWatch is a stderr that cancels the run at its first progress
// line (the live display starts each line with \r).
type progressWatch struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	cancel context.CancelFunc
}

func (w *progressWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if bytes.Contains(w.buf.Bytes(), []byte("\r")) {
		w.cancel()
	}
	return len(p), nil
}

func (w *progressWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// runUntilProgress runs waitlab with args and cancels its context (what
// SIGINT or SIGTERM does in main) once the first progress line appears.
func runUntilProgress(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	errw := &progressWatch{cancel: cancel}
	code := Main(ctx, args, strings.NewReader(""), &out, errw)
	return code, out.String(), errw.String()
}

// An interrupted load prints what it measured, marks it interrupted in
// text, JSON and the result file, exits 130 and never says "met" (issue 13,
// item 2).
func TestLoadInterrupted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }))
	defer srv.Close()
	code, stdout, errs := runUntilProgress(t, "load", "--rate", "100", "--duration", "60s", "--threshold", "p99<10s",
		"--progress", "on", "--target-metrics", "off", srv.URL+"/")
	if code != 130 {
		t.Fatalf("interrupted load = %d; want 130. stdout %q stderr %q", code, stdout, errs)
	}
	if !strings.Contains(stdout, "INTERRUPTED") || strings.Contains(stdout, "met") || strings.Contains(stdout, "breached") || !strings.Contains(stdout, "finished") {
		t.Errorf("interrupted text report:\n%s\nwant INTERRUPTED, the figures, and no 'met'", stdout)
	}

	out := filepath.Join(t.TempDir(), "r.json")
	code, stdout, errs = runUntilProgress(t, "load", "--rate", "100", "--duration", "60s", "--json", "--out", out,
		"--progress", "on", "--target-metrics", "off", srv.URL+"/")
	var rep struct {
		Interrupted bool  `json:"interrupted"`
		Requests    int64 `json:"requests"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("--json printed %q (stderr %q): %v", stdout, errs, err)
	}
	if code != 130 || !rep.Interrupted || rep.Requests == 0 {
		t.Errorf("interrupted load --json = %d, %+v; want 130, interrupted, and the requests it measured", code, rep)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	res, err := loadresult.ReadResult(data)
	if err != nil || !res.Interrupted {
		t.Fatalf("result file: %v, interrupted %v; want it marked interrupted", err, res != nil && res.Interrupted)
	}
	// Re-reporting an interrupted result keeps the mark and the code.
	if code, stdout, _ := run(t, "report", out); code != 130 || !strings.Contains(stdout, "INTERRUPTED") {
		t.Errorf("report of an interrupted result = %d, %q; want 130 and INTERRUPTED", code, stdout)
	}
}
