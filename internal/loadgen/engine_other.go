//go:build !linux

package loadgen

import (
	"context"
	"fmt"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/loadresult"
)

// Off Linux there is no epoll engine: every connection gets its own
// goroutine over net (the https path), which costs more CPU per request
// but measures the same way.
type loop struct{}

// engineFor asks for the epoll engine as on Linux; newLoop then fails and
// the run says why it fell back (WhyEpollFailed: needs Linux).
func engineFor(cfg *Config, ep Endpoint) (engine, why string) {
	switch {
	case cfg.Engine == loadresult.EngineGoroutines:
		return loadresult.EngineGoroutines, loadresult.WhyAsked
	case ep.Scheme != "http":
		return loadresult.EngineGoroutines, loadresult.WhyTLS
	case cfg.Engine == loadresult.EngineUring:
		return loadresult.EngineUring, ""
	}
	return loadresult.EngineEpoll, ""
}

func newLoop(*gen) (*loop, error) {
	return nil, fmt.Errorf("the epoll engine: %w", epoll.ErrNeedsLinux)
}

func newUringLoop(*gen, bool) (*loop, error) {
	return nil, fmt.Errorf("the io_uring engine: %w", epoll.ErrNeedsLinux)
}

func (g *gen) runLoop(context.Context, *loop) (offered, unsent int64) { return 0, 0 }
