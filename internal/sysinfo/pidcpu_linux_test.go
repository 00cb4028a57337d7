package sysinfo

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// PidCPU counts a thread's CPU in its process's to well under a tick: 3 ms
// spun on one thread show as at least 3 ms (the 10 ms ticks of
// /proc/PID/stat read 0 or 10). The tick reader answers too, and a
// process that does not exist is an error either way.
func TestPidCPUBelowATick(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p0, err := PidCPU(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	t0 := ThreadCPU()
	for x := 0; ThreadCPU()-t0 < 3*time.Millisecond; x++ {
	}
	spun := ThreadCPU() - t0
	p1, err := PidCPU(os.Getpid())
	if err != nil || p1-p0 < spun {
		t.Errorf("PidCPU(self) moved %v (%v) over %v spun on this thread; want at least that", p1-p0, err, spun)
	}
	if _, err := pidCPUTicks(os.Getpid()); err != nil {
		t.Errorf("pidCPUTicks(self): %v", err)
	}
	if _, err := PidCPU(-1); err == nil {
		t.Errorf("PidCPU(-1): no error; want one")
	}
}
