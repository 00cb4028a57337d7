package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/jdk/jdktest"
)

// needJDK skips loudly without a JDK of at least least, by jdktest's
// one rule (WAITLAB_JDK=require, as CI sets it, fails instead).
func needJDK(t *testing.T, least int) {
	t.Helper()
	jdktest.Need(t, least)
}

// JDK 17 with --model virtual: exit 2 before anything starts, naming why.
func TestRunJVMRefusesVirtualOnJDK17(t *testing.T) {
	const home = "/usr/lib/jvm/java-17-openjdk-amd64"
	if j, err := jdk.Inspect(home); err != nil || j.Major != 17 {
		if os.Getenv("WAITLAB_JDK") != "" {
			t.Fatalf("WAITLAB_JDK=%s and no JDK 17 at %s: %v", os.Getenv("WAITLAB_JDK"), home, err)
		}
		jdktest.NotRun(t, "no JDK 17 at "+home)
	}
	exe := waitlabBinary(t)
	cmd := exec.Command(exe, "run", "--via", "jvm", "--java", home, "--preset", "lab-virtual", "--wait", "200ms", "--lang", "en")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Fatalf("exit %v, want 2; stderr %q", err, errb.String())
	}
	if !strings.Contains(errb.String(), "JEP 444") || !strings.Contains(errb.String(), "--model") {
		t.Fatalf("the refusal does not say why: %q", errb.String())
	}
}

// Ctrl-C during a run on the JVM: exit 130, and no JVM left running.
func TestRunJVMInterruptLeavesNoJVM(t *testing.T) {
	needJDK(t, 0)
	cache := t.TempDir()
	t.Setenv("WAITLAB_CACHE", cache)
	cmd, _, errb := startRun(t, "run 1 of 1", "run", "--via", "jvm", "--preset", "lab-pool", "--wait", "3s", "--warmup=false", "--lang", "en")
	time.Sleep(500 * time.Millisecond) // the requests are in their waits
	jvms := jvmsUnder(cache)
	if len(jvms) == 0 {
		t.Fatalf("no JVM running classes from %s; stderr %q", cache, errb.String())
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	if code := waitExit(t, cmd, 30*time.Second); code != 130 {
		t.Errorf("interrupted run on the JVM: exit %d; want 130. stderr %q", code, errb.String())
	}
	for _, pid := range jvms {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("JVM %d still exists after the interrupted run: %v", pid, err)
		}
	}
}

// jvmsUnder lists the processes whose command line names classes under dir.
func jvmsUnder(dir string) []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(b, []byte(dir)) && bytes.Contains(b, []byte("waitlab.jvm.Main")) {
			out = append(out, pid)
		}
	}
	return out
}

// The closed model runs on the JVM, and --timeline draws the JVM run's
// measured pass and says so (with --compare, that it is not the Go run's).
func TestRunJVMClosedTimeline(t *testing.T) {
	needJDK(t, 11)
	exe := waitlabBinary(t)
	cmd := exec.Command(exe, "run", "--via", "jvm", "--compare", "--timeline", "--model", "pool", "--threads", "2",
		"--arrival", "vus:2", "--think", "5ms", "--requests", "8", "--wait", "10ms", "--lang", "en")
	var outb, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &outb, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("run: %v; stderr %q", err, errb.String())
	}
	out := outb.String()
	for _, want := range []string{"arrival vus:2", "makespan", "the JVM run's measured pass (2 lanes); with --compare the Go run's is not drawn"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
	// The lanes' labels are padded to the widest ("no thread" when a
	// request waited without one).
	if !regexp.MustCompile(`(?m)^thread 1 +\|[=#.!+ 0-9*]+\|$`).MatchString(out) {
		t.Fatalf("output lacks thread 1's lane:\n%s", out)
	}
}
