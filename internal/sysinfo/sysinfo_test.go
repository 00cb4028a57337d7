package sysinfo

import (
	"os"
	"runtime"
	"testing"
)

func TestCollect(t *testing.T) {
	e := Collect("test")
	if e.GoVersion != runtime.Version() || e.NumCPU < 1 || e.GOMAXPROCS < 1 {
		t.Errorf("Collect() = %+v; want Go version, CPUs and GOMAXPROCS filled", e)
	}
}

func TestOSThreads(t *testing.T) {
	n, err := OSThreads()
	if err != nil || n < 1 {
		t.Errorf("OSThreads() = %d, %v; want at least 1", n, err)
	}
}

func TestPidCPUAndMachine(t *testing.T) {
	if _, err := PidCPU(os.Getpid()); err != nil {
		t.Errorf("PidCPU(self): %v", err)
	}
	m, err := ReadMachineCPU()
	if err != nil || m.Total <= 0 || m.Busy > m.Total {
		t.Errorf("ReadMachineCPU() = %+v, %v", m, err)
	}
}

func TestThreadCPUAdvances(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	a := ThreadCPU()
	x := 0
	for i := 0; i < 5_000_000; i++ {
		x += i
	}
	_ = x
	if b := ThreadCPU(); b <= a {
		t.Errorf("ThreadCPU did not advance: %v then %v", a, b)
	}
}

// A process's thread count read by pid is the one it reads of itself
// (between two reads of its own: the runtime may add threads meanwhile,
// and frees none here), and a process that does not exist is an error.
func TestPidThreadsIsOSThreads(t *testing.T) {
	before, err := OSThreads()
	if err != nil {
		t.Skip(err)
	}
	n, err := PidThreads(os.Getpid())
	after, _ := OSThreads()
	if err != nil || n < before || n > after {
		t.Errorf("PidThreads(self) = %d, %v; want between %d and %d", n, err, before, after)
	}
	if _, err := PidThreads(-1); err == nil {
		t.Errorf("PidThreads(-1): no error; want one (no such process)")
	}
}
