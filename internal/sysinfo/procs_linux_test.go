package sysinfo

import (
	"net"
	"os"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// This process's own facts read back: its nice value, its CPU list, its
// peak memory, a running thread, and itself as the owner of a listener.
func TestProcFactsOfThisProcess(t *testing.T) {
	if Nice(0) == nil || CPUsAllowedList(0) == "" || PeakRSS() <= 0 {
		t.Errorf("nice %v, CPUs %q, peak RSS %d: want all known", Nice(0), CPUsAllowedList(0), PeakRSS())
	}
	if st := ThreadState(unix.Gettid()); st != 'R' {
		t.Errorf("ThreadState(this thread) = %q; want R", st)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	inodes := map[string]bool{}
	ListeningSockets(ln.Addr().(*net.TCPAddr).Port, inodes)
	if len(inodes) != 1 {
		t.Fatalf("ListeningSockets = %v; want this test's listener", inodes)
	}
	if pid := SocketOwner(inodes, time.Second); pid != os.Getpid() {
		t.Errorf("SocketOwner = %d; want this process, %d", pid, os.Getpid())
	}
}
