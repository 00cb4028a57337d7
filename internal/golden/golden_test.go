package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeT records what Check says instead of failing the real test.
type fakeT struct {
	testing.TB
	failed, fatal bool
	msg           string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Errorf(format string, args ...any) {
	f.failed = true
	f.msg = format
}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.fatal = true
	f.msg = format
	panic(f)
}
func (f *fakeT) Fatal(args ...any) { f.fatal = true; panic(f) }

func check(path string, got []byte) (f *fakeT) {
	f = &fakeT{}
	defer func() {
		if r := recover(); r != nil && r != f {
			panic(r)
		}
	}()
	Check(f, path, got)
	return f
}

func TestCheck(t *testing.T) {
	dir := filepath.Join("testdata", "tmp-"+strings.ReplaceAll(t.Name(), "/", "-"))
	t.Cleanup(func() { os.RemoveAll(dir); os.Remove("testdata") })
	path := filepath.Join(dir, "a.golden")
	if f := check(path, []byte("x")); !f.fatal {
		t.Error("a missing golden file passed")
	}
	*update = true
	f := check(path, []byte("x"))
	*update = false
	if f.failed || f.fatal {
		t.Fatalf("-update failed: %s", f.msg)
	}
	if f := check(path, []byte("x")); f.failed || f.fatal {
		t.Errorf("the same output failed: %s", f.msg)
	}
	if f := check(path, []byte("y")); !f.failed {
		t.Error("other output passed")
	}
	for _, bad := range []string{"../x.golden", "/tmp/x.golden", "testdata/../../x"} {
		if f := check(bad, []byte("x")); !f.fatal {
			t.Errorf("%s, outside the package, was accepted", bad)
		}
	}
}
