package osthread

import (
	"runtime"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Spin must use the thread's CPU clock: afterwards the thread has used at
// least d of CPU, however long the wall clock says it took.
func TestSpinUsesThreadCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before := sysinfo.ThreadCPU()
	Spin(5 * time.Millisecond)
	if used := sysinfo.ThreadCPU() - before; used < 5*time.Millisecond {
		t.Errorf("Spin(5ms) used %v of thread CPU; want at least 5ms", used)
	}
}

// Block must hold the thread without using CPU: at least d passes and the
// thread's CPU clock barely moves.
func TestBlockHoldsThreadWithoutCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := sysinfo.ThreadCPU()
	start := time.Now()
	Block(20 * time.Millisecond)
	if el := time.Since(start); el < 20*time.Millisecond {
		t.Errorf("Block(20ms) returned after %v; want at least 20ms", el)
	}
	if used := sysinfo.ThreadCPU() - cpu0; used > 10*time.Millisecond {
		t.Errorf("Block(20ms) used %v of CPU; a blocked thread uses almost none", used)
	}
	Block(0)
	Block(-time.Second)
}
