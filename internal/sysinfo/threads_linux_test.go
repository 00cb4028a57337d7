package sysinfo

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestThreadNames(t *testing.T) {
	names := ThreadNames(os.Getpid())
	if len(names) == 0 {
		t.Fatal("no thread names for this process")
	}
	comm, err := os.ReadFile("/proc/self/comm")
	if err != nil {
		t.Skip(err)
	}
	if names[0] != strings.TrimSpace(string(comm)) {
		t.Errorf("the main thread's name %q, want the process's %q", names[0], strings.TrimSpace(string(comm)))
	}
	if ThreadNames(0) != nil || ThreadNames(-1) != nil {
		t.Error("names for no process")
	}
}

func TestExited(t *testing.T) {
	if Exited(os.Getpid()) || Exited(0) || Exited(-5) {
		t.Fatal("a running process, or none, read as ended")
	}
	cmd := exec.Command("sleep", "0")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	pid := cmd.Process.Pid
	_ = cmd.Wait()
	if !Exited(pid) {
		t.Errorf("process %d ended and was waited for, not read as ended", pid)
	}
}
