package sysinfo

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestParseProcStat(t *testing.T) {
	line := []byte("1234 (a (weird) name) S 42 1234 1234 0 -1 4194560 100 0 0 0 7 3 2 1 20 0 1 0 100 1000 10\n")
	pt, ok := parseProcStat(line)
	if !ok || pt.ppid != 42 || pt.ticks != 7+3+2+1 || pt.threads != 1 {
		t.Errorf("parseProcStat = %+v, %v; want ppid 42, 13 ticks (utime+stime+cutime+cstime) and 1 thread", pt, ok)
	}
	for _, bad := range []string{"", "1 (x) S", "1 (x) S notanumber 1 1 0 -1 0 0 0 0 0 1 1 1 1 20", "1 no paren"} {
		if _, ok := parseProcStat([]byte(bad)); ok {
			t.Errorf("parseProcStat(%q) accepted a malformed line", bad)
		}
	}
}

func FuzzParseProcStat(f *testing.F) {
	f.Add([]byte("1 (x) S 0 1 1 0 -1 0 0 0 0 0 1 2 3 4 20 0 1 0"))
	f.Add([]byte(") ) )"))
	f.Fuzz(func(t *testing.T, b []byte) {
		// Any input: no panic, and a line it accepts has its ')'.
		if _, ok := parseProcStat(b); ok && !bytes.Contains(b, []byte(")")) {
			t.Errorf("parseProcStat(%q) accepted a line without the command's ')'", b)
		}
	})
}

// The tree is the root and every process whose parents lead to it; a
// process reparented away from it (or never under it) is not in it.
func TestSumTreeCountsDescendantsOnly(t *testing.T) {
	all := map[int]procTimes{
		10: {ppid: 1, ticks: 5, threads: 3},    // the root
		11: {ppid: 10, ticks: 7, threads: 1},   // its child
		12: {ppid: 11, ticks: 11, threads: 2},  // a grandchild
		20: {ppid: 1, ticks: 100, threads: 50}, // another tree
		21: {ppid: 20, ticks: 50, threads: 4},  // its child
		30: {ppid: 99, ticks: 3, threads: 8},   // a parent that is gone
	}
	if ticks, n, threads := sumTree(all, 10); ticks != 5+7+11 || n != 3 || threads != 1+2 {
		t.Errorf("sumTree = %d ticks over %d processes, %d threads below the root; want 23 over 3 (the root, its child and grandchild), 3 threads", ticks, n, threads)
	}
}

func TestTreeCPUCountsThisProcess(t *testing.T) {
	deadline := time.Now().Add(50 * time.Millisecond)
	for time.Now().Before(deadline) {
	}
	if got, _, ok := TreeCPU(os.Getpid()); !ok || got <= 0 {
		t.Errorf("TreeCPU(self) = %v, %v after spinning; want this process's CPU", got, ok)
	}
	if _, _, ok := TreeCPU(0); ok {
		t.Error("TreeCPU(0) read something")
	}
}

// A child's threads are counted below the root, the root's own not.
func TestReadTreeCountsTheChildrensThreads(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep(1) to start:", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	tr, ok := ReadTree(os.Getpid())
	if !ok || tr.Descendants < 1 || tr.DescendantThreads < 1 {
		t.Fatalf("ReadTree(self) with a sleeping child = %+v, %v; want at least 1 descendant and its thread", tr, ok)
	}
	if tr.Descendants == 1 && tr.DescendantThreads != 1 {
		// sleep(1) has one thread; this process has several of its own.
		t.Errorf("ReadTree counted %d threads below the root for one single-threaded child", tr.DescendantThreads)
	}
}
