package epoll

import "errors"

// ErrNeedsLinux is the one "needs Linux" error of waitlab (supervise,
// lab, live and httptarget return this value): off Linux every
// constructor here returns it, since epoll, eventfd and timerfd are Linux
// system calls. The packages compile elsewhere so that the model, the
// presets and the web lab build on macOS; the real runs, the target server
// and the load generator report this error when they are started.
var ErrNeedsLinux = errors.New("real runs need Linux (epoll, eventfd, timerfd, per-thread CPU clocks); the model (waitlab sim) runs anywhere")
