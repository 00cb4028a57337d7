//go:build !linux

package loadgen

import (
	"fmt"

	"github.com/waitlab/waitlab/internal/epoll"
)

// runLoop needs the epoll engine: off Linux the scenario takes the
// goroutine engine, and its result says why.
func (g *scenarioGen) runLoop(int) error {
	return fmt.Errorf("the epoll engine: %w", epoll.ErrNeedsLinux)
}
