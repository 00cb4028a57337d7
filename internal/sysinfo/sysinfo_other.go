//go:build !linux

package sysinfo

import (
	"runtime"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/model"
)

// errNeedsLinux is returned by what reads /proc or Linux clocks: the one
// "needs Linux" error.
var errNeedsLinux = epoll.ErrNeedsLinux

// Collect returns what Go itself knows of the environment.
func Collect(version string) model.Env {
	return model.Env{
		Version: version, GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH,
		GOMAXPROCS: runtime.GOMAXPROCS(0), NumCPU: runtime.NumCPU(),
	}
}

// CgroupCPUs is 0 (no quota known) off Linux.
func CgroupCPUs() float64 { return 0 }

// ProcessCPU is 0 (unknown) off Linux.
func ProcessCPU() time.Duration { return 0 }

// ThreadCPU is 0 (unknown) off Linux.
func ThreadCPU() time.Duration { return 0 }

// OSThreads needs /proc.
func OSThreads() (int, error) { return 0, errNeedsLinux }

// PidThreads needs /proc.
func PidThreads(pid int) (int, error) { return 0, errNeedsLinux }

// PidCPU needs /proc.
func PidCPU(pid int) (time.Duration, error) { return 0, errNeedsLinux }

// MachineCPU is the whole machine's CPU time (see sysinfo_linux.go).
type MachineCPU struct {
	Busy  time.Duration
	Total time.Duration
}

// ReadMachineCPU needs /proc/stat.
func ReadMachineCPU() (MachineCPU, error) { return MachineCPU{}, errNeedsLinux }

// Tree is a process tree's reading (see tree_linux.go).
type Tree struct {
	CPU               time.Duration
	Descendants       int
	DescendantThreads int
}

// ReadTree needs /proc.
func ReadTree(root int) (t Tree, ok bool) { return Tree{}, false }

// TreeCPU needs /proc (see tree_linux.go).
func TreeCPU(root int) (cpu time.Duration, descendants int, ok bool) { return 0, 0, false }

// LoadAvg is unknown off Linux.
func LoadAvg() ([3]float64, error) { return [3]float64{}, errNeedsLinux }

// Netstat is unknown off Linux.
func Netstat() (map[string]float64, error) { return nil, errNeedsLinux }

// Sysctl is unknown off Linux.
func Sysctl(path string) (string, error) { return "", errNeedsLinux }

// AllowedCPUs is unknown off Linux.
func AllowedCPUs() []int { return nil }

// AffinityOf is unknown off Linux.
func AffinityOf(pid int) []int { return nil }

// ThreadIDs is unknown off Linux.
func ThreadIDs() ([]int, error) { return nil, errNeedsLinux }

// CPUsAllowedList is unknown off Linux.
func CPUsAllowedList(pid int) string { return "" }

// Nice is unknown off Linux.
func Nice(pid int) *int { return nil }

// PeakRSS is unknown off Linux.
func PeakRSS() int64 { return 0 }

// ThreadState is unknown off Linux.
func ThreadState(tid int) byte { return 0 }

// CtxSwitches is unknown off Linux.
func CtxSwitches(pid int) float64 { return 0 }

// ProcsRunning is unknown off Linux.
func ProcsRunning() (float64, bool) { return 0, false }

// ListeningSockets finds nothing off Linux.
func ListeningSockets(port int, inodes map[string]bool) {}

// SocketOwner is unknown off Linux.
func SocketOwner(inodes map[string]bool, budget time.Duration) int { return 0 }

// ThreadNames is unknown off Linux.
func ThreadNames(pid int) []string { return nil }

// Exited is unknown off Linux.
func Exited(pid int) bool { return false }
