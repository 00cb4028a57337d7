//go:build !linux

// Package uring is a small io_uring ring for the load generator's io_uring
// engine; off Linux there is none and New fails (the generator then uses
// another engine).
package uring

import (
	"fmt"

	"github.com/waitlab/waitlab/internal/epoll"
)

// Options of New.
type Options struct {
	CQEntries uint32
}

// Ring is an io_uring instance; off Linux none can be made.
type Ring struct{}

// New fails off Linux.
func New(uint32, Options) (*Ring, error) { return nil, fmt.Errorf("io_uring: %w", epoll.ErrNeedsLinux) }

// Close does nothing.
func (r *Ring) Close() error { return nil }
