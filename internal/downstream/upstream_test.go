package downstream

import (
	"context"
	"errors"
	"net"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 45, item 13: a proxy whose upstream is its own address opened a
// connection to itself for every connection (8,200 sockets for one
// PING). Serve refuses it before accepting anything, and CheckUpstream
// refuses what is not host:port.
func TestProxyToItselfRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	for _, up := range []string{ln.Addr().String(), "localhost:" + port, "0.0.0.0:" + port} {
		p := &Proxy{Upstream: up}
		err := p.Serve(context.Background(), ln)
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != "proxy" {
			t.Errorf("Proxy{Upstream: %s}.Serve(its own listener) = %v; want a refusal naming proxy", up, err)
		}
	}
	for _, up := range []string{"garbage", ":6379", "127.0.0.1:0", "127.0.0.1:70000", "127.0.0.1:x"} {
		if err := CheckUpstream(up, nil); err == nil {
			t.Errorf("CheckUpstream(%q) = nil; want a refusal", up)
		}
	}
	if err := CheckUpstream("127.0.0.1:6379", ln.Addr()); err != nil {
		t.Errorf("CheckUpstream(another port) = %v; want nil", err)
	}
}
