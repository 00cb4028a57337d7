//go:build !linux

package lab

import (
	"os/exec"
	"syscall"
)

// Off Linux HTTP runs never start (Run returns ErrNeedsLinux first); these
// exist so the package builds.

func choosePinning(cores int, off bool) *Pinning { return nil }

func startPinned(cmd *exec.Cmd, pin *Pinning) error { return cmd.Start() }

func pinSelf(pin *Pinning) func() { return func() {} }

func childAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
