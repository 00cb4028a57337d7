package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// Output paths are checked before the run: a path that cannot be written
// is refused with exit 2 naming the flag, and no request is sent (issue 13,
// item 3).
func TestLoadOutputPathsCheckedFirst(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hits.Add(1) }))
	defer srv.Close()
	dir := t.TempDir()
	bad := filepath.Join(dir, "no-such-dir", "r.json")
	for _, tt := range []struct{ flag, path string }{{"--out", bad}, {"--html", bad}, {"--out", dir}} {
		code, stdout, errs := run(t, "load", "--rate", "100", "--duration", "1s", tt.flag, tt.path,
			"--progress", "off", "--target-metrics", "off", srv.URL+"/")
		if code != 2 || !strings.Contains(errs, tt.flag) || strings.Count(strings.TrimSpace(errs), "\n") != 0 || stdout != "" {
			t.Errorf("load %s %s = %d, stdout %q, stderr %q; want 2 and one line naming %s", tt.flag, tt.path, code, stdout, errs, tt.flag)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server got %d requests; want none: the paths are checked before the run", n)
	}
	// report checks its --html the same way before reading anything.
	if code, _, errs := run(t, "report", "--html", bad, filepath.Join(dir, "missing.json")); code != 2 || !strings.Contains(errs, "--html") {
		t.Errorf("report --html BAD = %d, %q; want 2 naming --html", code, errs)
	}
}

// A write that still fails at the end (a full disk: /dev/full opens but
// every write fails) keeps the measurement: the text report is printed and
// the exit code is 1 with the error naming the flag.
func TestLoadWriteFailureKeepsTheReport(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }))
	defer srv.Close()
	code, stdout, errs := run(t, "load", "--rate", "100", "--duration", "500ms", "--out", "/dev/full",
		"--progress", "off", "--target-metrics", "off", srv.URL+"/")
	if code != 1 || !strings.Contains(stdout, "finished") || !strings.Contains(errs, "--out /dev/full") {
		t.Errorf("load --out /dev/full = %d, stdout %q, stderr %q; want 1, the text report, and the write error naming --out", code, stdout, errs)
	}
}
