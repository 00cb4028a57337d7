package netguardtest

import (
	"net"
	"net/http"
	"sync/atomic"
	"testing"
)

// OutsideHost starts an HTTP server on one of this machine's non-loopback
// IPv4 addresses, counting the requests it receives: the host a
// loopback-only client must never reach (a redirect to it, a page named
// there). Skips without such an address (a machine with loopback only has
// nowhere for a request to leave to); NetnsHost is the same host in a
// namespace of its own, for root. The server closes when the test ends.
func OutsideHost(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok || ipn.IP.IsLoopback() || ipn.IP.To4() == nil {
			continue
		}
		ln, err := net.Listen("tcp", net.JoinHostPort(ipn.IP.String(), "0"))
		if err != nil {
			continue
		}
		var hits atomic.Int64
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) })}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		return ln.Addr().String(), &hits
	}
	t.Skip("no non-loopback IPv4 address on this machine to play the outside host")
	return "", nil
}
