//go:build !linux

package supervise

import (
	"os/exec"
	"syscall"

	"github.com/waitlab/waitlab/internal/epoll"
)

// ErrUnsupported is what Start returns off Linux, where waitlab's real
// runs do not work (epoll.ErrNeedsLinux).
var ErrUnsupported = epoll.ErrNeedsLinux

func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func startPinned(cmd *exec.Cmd, cpus []int) ([]int, error, error) { return nil, nil, cmd.Start() }

// AllowedCPUs is unknown off Linux.
func AllowedCPUs() []int { return nil }

// AffinityOf is unknown off Linux.
func AffinityOf(pid int) []int { return nil }

// PinSelf does nothing off Linux.
func PinSelf(cpus []int) (func(), error) { return func() {}, nil }
