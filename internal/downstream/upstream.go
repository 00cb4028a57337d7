package downstream

import (
	"net"
	"strconv"

	"github.com/waitlab/waitlab/internal/model"
)

// CheckUpstream refuses a proxy's upstream that is not host:port with a
// port from 1 to 65535, or that is the proxy's own listening address
// self (the same port on the same address, on a loopback or any local
// address when the proxy listens on all of them): a proxy forwarding to
// itself opens a connection to itself for every connection, until every
// client slot and descriptor is gone. Errors are *model.FieldError for
// the flag proxy. Serve checks it too, so every caller is covered.
func CheckUpstream(upstream string, self net.Addr) error {
	host, port, err := net.SplitHostPort(upstream)
	if err != nil || host == "" {
		return model.NewFieldError("proxy", "downstream.err.proxy.form", upstream)
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < 1 || p > 65535 {
		return model.NewFieldError("proxy", "downstream.err.proxy.port", upstream)
	}
	tcp, ok := self.(*net.TCPAddr)
	if !ok || tcp.Port != p {
		return nil
	}
	if isSelf(host, tcp.IP) {
		return model.NewFieldError("proxy", "downstream.err.proxy.self", upstream, self.String())
	}
	return nil
}

// isSelf reports whether host (a name or an address) is an address the
// listener on ip answers on.
func isSelf(host string, ip net.IP) bool {
	var ips []net.IP
	if a := net.ParseIP(host); a != nil {
		ips = []net.IP{a}
	} else if addrs, err := net.LookupIP(host); err == nil {
		ips = addrs // a name is resolved only to refuse, never to dial
	}
	for _, a := range ips {
		switch {
		case a.Equal(ip), a.IsUnspecified():
			return true
		case ip.IsUnspecified() && (a.IsLoopback() || local(a)):
			return true
		}
	}
	return false
}

// local reports whether a is an address of one of this machine's
// interfaces.
func local(a net.IP) bool {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return false
	}
	for _, ad := range addrs {
		if n, ok := ad.(*net.IPNet); ok && n.IP.Equal(a) {
			return true
		}
	}
	return false
}
