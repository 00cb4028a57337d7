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

// PinSelf does nothing off Linux.
func PinSelf(cpus []int) (func(), error) { return func() {}, nil }
