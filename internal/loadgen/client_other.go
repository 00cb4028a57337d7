//go:build !linux

package loadgen

import (
	"net/netip"
	"time"
)

// dialRaw is net.Dialer's dial off Linux (client_linux.go dials raw).
func (c *client) dialRaw(_ netip.AddrPort, deadline time.Time) errKind {
	return c.dialNet(deadline)
}
