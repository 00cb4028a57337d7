//go:build !linux

package lab

import "errors"

// ErrNeedsLinux is what Run returns off Linux: the real executors need
// eventfd, epoll and per-thread CPU clocks. The model (sim) runs anywhere.
var ErrNeedsLinux = errors.New("lab: real runs need Linux; waitlab sim runs the model anywhere")
