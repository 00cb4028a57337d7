package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// report refuses hostile or incomplete result files with one line and exit
// 2, never a panic or a hang, and never reads without end (issue 13, items
// 7 and 15).
func TestReportRefusesHostileFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"short.wlr": `{"format":"waitlab-load/1","latency":{"hdr":"YWJj"}}`,
		"hang.wlr":  `{"format":"waitlab-load/1","latency":{"hdr":"HISTBAAAABh4nJNpmczMgADMDgwogNH+A4QBAD3BAqo="}}`,
		"bare.wlr":  `{"format":"waitlab-load/1","latency":{"count":0}}`,
	}
	var paths []string
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		code, stdout, errs := run(t, "report", p)
		if code != 2 || stdout != "" || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, filepath.Base(p)) {
			t.Errorf("report %s = %d, stdout %q, stderr %q; want 2 and one line naming the file", p, code, stdout, errs)
		}
	}
}
