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

func useLoop(Endpoint) bool { return false }

func newLoop(*gen) (*loop, error) {
	return nil, errors.New("loadgen: the epoll engine needs Linux")
}

func (g *gen) runLoop(context.Context, *loop) (offered, unsent int64) { return 0, 0 }
