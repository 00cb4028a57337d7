//go:build !linux

package live

import (
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
)

// The real executors park threads on eventfds and run epoll loops, which
// are Linux system calls. Off Linux the package builds (so the model and
// the web lab do) and a real run fails at its start (epoll.ErrNeedsLinux).

// parker is a thread's wake-up; none can be made off Linux.
type parker struct{}

func newParker() (*parker, error) { return nil, epoll.ErrNeedsLinux }
func (p *parker) park()           {}
func (p *parker) unpark()         {}
func (p *parker) close()          {}

// loopExec is the event-loop executor; off Linux it refuses to start.
type loopExec struct{}

func (x *loopExec) start(r *runner) error    { return epoll.ErrNeedsLinux }
func (x *loopExec) submit(j *job)            {}
func (x *loopExec) stop(grace time.Duration) {}
