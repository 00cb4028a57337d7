package watch

import (
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// A --target-pid whose work is done by a child (a pre-fork server:
// gunicorn's sync workers) is read with its descendants: the child's
// CPU counts, though the pid itself only waits.
func TestTargetReadsTheTree(t *testing.T) {
	cmd := exec.Command("sh", "-c", "sh -c 'while :; do :; done' & wait")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group: both end together
	if err := cmd.Start(); err != nil {
		t.Skip("no sh:", err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // the group this test made
		_ = cmd.Wait()
	})
	p := &Target{PID: cmd.Process.Pid}
	deadline := time.Now().Add(10 * time.Second)
	a, _, ok := p.Read()
	if !ok {
		t.Fatal("the pid's tree could not be read")
	}
	for time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
		if b, _, _ := p.Read(); b > a {
			return
		}
	}
	t.Errorf("the child spun for 10 s and the target's CPU stayed at %v: the tree was not read", a)
}
