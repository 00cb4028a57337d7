//go:build !linux

package watch

import (
	"fmt"

	"github.com/waitlab/waitlab/internal/epoll"
)

// listeningInodesDiag is Linux's sock_diag; elsewhere the caller falls back.
func listeningInodesDiag(port int) (map[uint32]bool, error) {
	return nil, fmt.Errorf("sock_diag: %w", epoll.ErrNeedsLinux)
}
