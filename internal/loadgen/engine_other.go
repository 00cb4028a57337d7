//go:build !linux

package loadgen

import (
	"context"
	"errors"
)

// Off Linux there is no epoll engine: every connection gets its own
// goroutine over net (the https path), which costs more CPU per request
// but measures the same way.
type loop struct{}

// engineFor asks for the epoll engine as on Linux; newLoop then fails and
// the run says why it fell back (WhyEpollFailed: needs Linux).
func engineFor(cfg *Config, ep Endpoint) (engine, why string) {
	switch {
	case cfg.Engine == EngineGoroutines:
		return EngineGoroutines, WhyAsked
	case ep.Scheme != "http":
		return EngineGoroutines, WhyTLS
	}
	return EngineEpoll, ""
}

func newLoop(*gen) (*loop, error) {
	return nil, errors.New("the epoll engine needs Linux")
}

func (g *gen) runLoop(context.Context, *loop) (offered, unsent int64) { return 0, 0 }
