//go:build linux

package lab

// ErrNeedsLinux is nil on Linux, where real runs work.
var ErrNeedsLinux error
