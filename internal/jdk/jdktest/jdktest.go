// Package jdktest gives tests the JDK they need, or skips them loudly, by
// one rule that CI sets through WAITLAB_JDK: "require" (CI with the
// Temurin JDK 25) fails a test whose JDK is missing; "17" (CI on a machine
// with only Debian's JDK 17) fails a test that needs a JDK below 21 and
// skips, naming itself, one that needs 21 or later; unset (a developer's
// machine) skips with the reason.
package jdktest

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/waitlab/waitlab/internal/jdk"
)

// Need returns a JDK of at least least (0: any) for t.
func Need(t testing.TB, least int) *jdk.JDK {
	t.Helper()
	j, err := jdk.Find("", least)
	if err == nil {
		return j
	}
	mode := os.Getenv("WAITLAB_JDK")
	if have, e := strconv.Atoi(mode); e == nil {
		if least <= have {
			t.Fatalf("WAITLAB_JDK=%s but no JDK %d+: %v", mode, least, err)
		}
		NotRun(t, fmt.Sprintf("needs JDK %d+, this machine has JDK %s only", least, mode))
	}
	if mode == "require" {
		t.Fatalf("WAITLAB_JDK=require but no JDK %d+: %v", least, err)
	}
	NotRun(t, fmt.Sprintf("needs JDK %d+: %v (CI sets WAITLAB_JDK=require)", least, err))
	return nil
}

// NotRun skips t loudly: a line on standard error that `go test` prints
// without -v, then t.Skip.
func NotRun(t testing.TB, why string) {
	t.Helper()
	fmt.Fprintf(os.Stderr, "\n*** NOT RUN %s: %s ***\n\n", t.Name(), why)
	t.Skip("NOT RUN: " + why)
}

// Package fails t under WAITLAB_JDK (CI) when err (a missing Debian
// package, such as tomcat10) is not nil, and skips it loudly otherwise.
func Package(t testing.TB, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("WAITLAB_JDK") != "" {
		t.Fatalf("WAITLAB_JDK=%s but %v", os.Getenv("WAITLAB_JDK"), err)
	}
	NotRun(t, err.Error())
}

// Jars returns Debian's jars by base name for t, or fails or skips it by
// the same rule (a missing package under "require" or "17" fails).
func Jars(t testing.TB, pkg string, names ...string) []string {
	t.Helper()
	js, err := jdk.Jars(nil, pkg, names...)
	Package(t, err)
	return js
}
