package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"syscall"
	"time"
)

// ErrNotLoopback is the error of a request (or a redirect) that a
// loopback-only Client refused to send: its address is not this
// machine's loopback (LoopbackHost).
var ErrNotLoopback = errors.New("not a loopback address")

// maxRedirects is how many redirects a Client follows (net/http's 10 is
// more than any metrics page needs, and a loop costs each one a request).
const maxRedirects = 3

// Client is an HTTP client for waitlab's own outbound requests besides the
// load (a target's /metrics, a restarted server's readiness): each request
// times out after timeout and, unless allowRemote, goes only to a loopback
// address. The check is LoopbackHost, made twice: on every redirect's URL
// before it is followed, and on the address every connection dials (after
// any name is resolved), so neither a redirect nor a name that resolves
// elsewhere sends a byte off this machine. It follows at most 3 redirects.
//
// Why at the dial too: a redirect to a name ("http://metrics.example/")
// passes a check of the URL that cannot resolve names (LoopbackHost does
// not, by design); the dialer sees the address itself.
func Client(timeout time.Duration, allowRemote bool) *http.Client {
	d := Dialer(timeout, allowRemote)
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return d.DialContext(ctx, network, addr)
		},
		Proxy:                 nil, // never through a proxy the environment names: it is another host
		MaxIdleConns:          4,
		IdleConnTimeout:       30 * time.Second,
		ResponseHeaderTimeout: timeout,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: tr,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return fmt.Errorf("stopped after %d redirects", maxRedirects)
			}
			if !allowRemote && !LoopbackHost(req.URL.Host) {
				return fmt.Errorf("%w: redirect to %s", ErrNotLoopback, req.URL.Host)
			}
			return nil
		},
	}
}

// Dialer is the dialer behind Client: it times out after timeout and,
// unless allowRemote, dials only loopback addresses (LoopbackHost on the
// address it connects to). For a connection made by hand (a probe's first
// contact) under the same rule as every request.
func Dialer(timeout time.Duration, allowRemote bool) *net.Dialer {
	d := &net.Dialer{Timeout: timeout}
	if !allowRemote {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			if !LoopbackHost(address) {
				return fmt.Errorf("%w: %s", ErrNotLoopback, address)
			}
			return nil
		}
	}
	return d
}
