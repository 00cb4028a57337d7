package cli

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `waitlab target --config FILE` serves the file's configuration, the
// command line's flags winning; a bad file or engine is exit 2.
func TestTargetConfigFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "target.json")
	if err := os.WriteFile(path, []byte(`{"engine":"go","model":"pool","threads":2,"wait":"1ms","listen":"127.0.0.1:1"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, stop := startCommand(t, `http://(127\.0\.0\.1:\d+)`, "target", "--config", path, "--listen", "127.0.0.1:0")
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `model="pool"`) {
		t.Errorf("the target does not serve the file's model: %.300s", body)
	}
	if code, errs := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	_ = os.WriteFile(bad, []byte(`{"engine":"go","thread":2}`), 0o600)
	for _, args := range [][]string{
		{"target", "--config", bad},
		{"target", "--config", filepath.Join(t.TempDir(), "none.json")},
		{"target", "--engine", "jetty"},
		{"target", "--engine", "tomcat", "--model", "loop"},
		{"target", "--engine", "netty", "--downstream", "127.0.0.1:6379"},
	} {
		if code, _, errs := run(t, args...); code != 2 || errs == "" {
			t.Errorf("Main(%q) = %d, %q; want 2 with a message", args, code, errs)
		}
	}
}
