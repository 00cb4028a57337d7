//go:build linux

package fdtable

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// fdSize is the table's size as /proc/self/status reports it (FDSize).
func fdSize(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "FDSize:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("FDSize line %q: %v", line, err)
			}
			return n
		}
	}
	t.Skip("no FDSize line in /proc/self/status")
	return 0
}

func TestReserveGrowsTheTable(t *testing.T) {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	want := 3000
	if lim.Cur < uint64(want) {
		t.Skipf("RLIMIT_NOFILE %d is under %d", lim.Cur, want)
	}
	before := fdSize(t)
	if before >= want {
		t.Skipf("the table already holds %d descriptors", before)
	}
	got, err := Reserve(want)
	if err != nil {
		t.Fatalf("Reserve(%d): %v", want, err)
	}
	if got != want {
		t.Errorf("Reserve(%d) = %d; want %d", want, got, want)
	}
	if after := fdSize(t); after < want {
		t.Errorf("FDSize %d after Reserve(%d) (was %d); want at least %d", after, want, before, want)
	}
	// The descriptor used to grow it is closed: the next one opened is low.
	fd, err := unix.Open("/dev/null", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	unix.Close(fd)
	if fd >= want-1 {
		t.Errorf("a new descriptor is %d: Reserve left its high descriptor open", fd)
	}
}

func TestReserveIsBoundedByTheLimit(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	const soft = 4000
	if lim.Max < soft {
		t.Skipf("RLIMIT_NOFILE's hard limit %d is under %d", lim.Max, soft)
	}
	// syscall's Setrlimit (not unix's) so that os/exec's children still
	// get the limit back.
	low := syscall.Rlimit{Cur: soft, Max: lim.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	got, err := Reserve(soft + 1000)
	if err != nil {
		t.Fatalf("Reserve past the limit: %v", err)
	}
	if got != soft {
		t.Errorf("Reserve(%d) under a soft limit of %d = %d; want the limit", soft+1000, soft, got)
	}
}

func TestReserveSmallDoesNothing(t *testing.T) {
	if got, err := Reserve(10); got != 0 || err != nil {
		t.Errorf("Reserve(10) = %d, %v; want 0, nil", got, err)
	}
}
