package netguard

import (
	"net"
	"strings"
)

// LoopbackHost reports whether host (a name or address, with or without
// a port and IPv6 brackets) is this machine's loopback: "localhost" in
// any case, or an address in 127.0.0.0/8 or ::1. It is the check behind
// every "loopback unless --allow-remote" in waitlab (the target, the
// probe, the collector, the web lab's Host header) and the bench tools'
// loopback-only generators. A name other than localhost is not resolved:
// what it points at could change between the check and the dial.
func LoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
