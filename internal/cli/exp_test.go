package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExpList(t *testing.T) {
	code, out, errs := run(t, "exp", "list")
	if code != 0 {
		t.Fatalf("exp list = %d, %q", code, errs)
	}
	for _, want := range []string{"lab", "blocking-loop", "validate-lock"} {
		if !strings.Contains(out, want) {
			t.Errorf("exp list lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "test-") {
		t.Errorf("exp list shows a test experiment:\n%s", out)
	}
	if _, out, _ := run(t, "exp", "list", "--lang", "ko"); !strings.Contains(out, "실험") {
		t.Errorf("exp list --lang ko is not in Korean:\n%s", out)
	}
}

func TestExpBadUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"exp"}, "usage"},
		{[]string{"exp", "walk"}, "not an exp subcommand"},
		{[]string{"exp", "run"}, "give one experiment name"},
		{[]string{"exp", "run", "nosuch"}, "no experiment \"nosuch\""},
		{[]string{"exp", "run", "lab", "--repeat", "0"}, "--repeat must be at least 1"},
		{[]string{"exp", "run", "lab", "--repeat", "-2"}, "--repeat must be at least 1"},
		{[]string{"exp", "run", "lab", "--repeat", "100000000"}, "--repeat must be at most 100"},
		{[]string{"exp", "run", "lab", "--only", "jdk.nosuch"}, "--only: experiment lab has no claim \"jdk.nosuch\""},
		{[]string{"exp", "run", "lab", "--only", "jdk.pool,ls.p50-500"}, "no claim \"ls.p50-500\""},
		{[]string{"exp", "run", "lab", "--lang", "fr"}, "--lang"},
		{[]string{"exp", "run", "lab", "--bogus"}, "bogus"},
		{[]string{"exp", "run", "lab", "extra"}, "give one experiment name"},
		{[]string{"exp", "run", "lab", "--repeat", "1001"}, "1001"},
		{[]string{"exp", "run", "lab", "--engine", "python"}, "--engine \"python\": use go, jvm or both"},
		{[]string{"exp", "run", "loop-stall", "--engine", "jvm", "--java", "/nonexistent/jdk"}, "--java /nonexistent/jdk"},
	} {
		code, _, errs := run(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("Main(%v) = %d, stderr %q; want 2 and a message naming %q", tc.args, code, errs, tc.want)
		}
	}
}

func TestExpRunWritesTheSection(t *testing.T) {
	exe := waitlabBinary(t)
	old := childExe
	childExe = func() (string, error) { return exe, nil }
	defer func() { childExe = old }()
	dir := filepath.Join(t.TempDir(), "experiments")
	code, out, errs := run(t, "exp", "run", "blocking-loop", "--quick", "--engine", "go", "--json", "--out", dir)
	if code != 0 {
		t.Fatalf("exp run blocking-loop --quick = %d, stderr %q", code, errs)
	}
	var tab struct {
		Experiment string `json:"experiment"`
		Rows       []struct {
			Key string `json:"key"`
		} `json:"rows"`
		Command string `json:"command"`
	}
	if err := json.Unmarshal([]byte(out), &tab); err != nil {
		t.Fatalf("exp run --json is not JSON: %v\n%s", err, out)
	}
	if tab.Experiment != "blocking-loop" || len(tab.Rows) != 4 || tab.Command != "waitlab exp run blocking-loop --quick --engine go" {
		t.Errorf("exp run --json = %+v; want blocking-loop with 4 rows and its command", tab)
	}
	for _, f := range []string{"blocking-loop.md", "blocking-loop.json", "blocking-loop.svg"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("--out did not write %s: %v", f, err)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "blocking-loop.md"))
	if !strings.Contains(string(md), "](experiments/blocking-loop.svg)") || !strings.Contains(string(md), "23,529") {
		t.Errorf("blocking-loop.md lacks its plot link or the published table:\n%s", md)
	}
}
