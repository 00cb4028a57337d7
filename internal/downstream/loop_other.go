//go:build !linux

package downstream

import "net"

// loopSupported: elsewhere every connection is served by goroutines.
const loopSupported = false

type loop struct{}

func newLoop(*Server) (*loop, error) { return &loop{}, nil }
func (*loop) run()                   {}
func (*loop) hand(net.Conn) bool     { return false }
func (*loop) shutdown()              {}
