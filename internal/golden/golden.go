// Package golden is the one golden-file helper of waitlab's tests: Check
// compares a test's output with a file under its package's testdata
// directory, and `go test -update` rewrites the files instead. It exists
// so the packages' golden tests behave alike: they return after writing,
// create the directory they need, name the file that differs and how to
// rewrite it, and never write outside their own package (a path that
// climbs out is refused).
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ instead of comparing")

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }

// Check compares got with the golden file at path, relative to the test's
// package directory and inside it (testdata/...). With -update it writes
// got there instead (creating its directory) and returns.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	clean := filepath.Clean(path)
	if filepath.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		t.Fatalf("golden file %s is outside the package directory: keep it under testdata/", path)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(clean), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(clean, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(clean)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (check it, then go test -update rewrites it):\n%s", clean, got)
	}
}
