//go:build !linux

package loadgen

import "errors"

// listeningInodesDiag is Linux's sock_diag; elsewhere the caller falls back.
func listeningInodesDiag(port int) (map[uint32]bool, error) {
	return nil, errors.New("sock_diag: Linux only")
}
