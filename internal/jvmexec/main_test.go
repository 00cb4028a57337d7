package jvmexec

import (
	"os"
	"testing"
)

// TestMain compiles the Java into a cache of the test run's own (unless
// WAITLAB_CACHE names one), so the tests leave nothing in the user's cache
// directory and the package's tests compile once between them.
func TestMain(m *testing.M) {
	if os.Getenv("WAITLAB_CACHE") != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "waitlab-jvmexec-test")
	if err != nil {
		panic(err)
	}
	os.Setenv("WAITLAB_CACHE", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
