package netguard

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
)

// TestClientRefusesRedirectElsewhere: a loopback server redirecting to a
// host of this machine's that is not loopback gets no request through,
// however the redirect names it; with allowRemote it does (so the test
// can fail: the outside host is reachable).
func TestClientRefusesRedirectElsewhere(t *testing.T) {
	out, hits := netguardtest.OutsideHost(t)
	redir := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+out+"/x", http.StatusFound)
	}))
	defer redir.Close()
	cl := Client(2*time.Second, false)
	if resp, err := cl.Get(redir.URL + "/metrics"); err == nil {
		resp.Body.Close()
		t.Fatalf("a redirect to %s was followed (status %d)", out, resp.StatusCode)
	} else if !errors.Is(err, ErrNotLoopback) {
		t.Errorf("error %v; want ErrNotLoopback", err)
	}
	// Straight at it, too: the dial refuses it.
	if resp, err := cl.Get("http://" + out + "/x"); err == nil {
		resp.Body.Close()
		t.Fatal("a request to a non-loopback address was sent")
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the outside host received %d requests", n)
	}
	resp, err := Client(2*time.Second, true).Get(redir.URL + "/metrics")
	if err != nil {
		t.Fatalf("allowRemote: %v", err)
	}
	resp.Body.Close()
	if hits.Load() != 1 {
		t.Fatalf("allowRemote: the outside host received %d requests; want 1", hits.Load())
	}
}

// TestClientStopsRedirectLoops: a redirect loop on loopback costs at most
// maxRedirects+1 requests.
func TestClientStopsRedirectLoops(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		http.Redirect(w, r, "/again", http.StatusFound)
	}))
	defer srv.Close()
	if resp, err := Client(2*time.Second, false).Get(srv.URL); err == nil {
		resp.Body.Close()
		t.Fatal("a redirect loop ended in an answer")
	}
	if n.Load() > maxRedirects+1 {
		t.Fatalf("%d requests for a redirect loop; want at most %d", n.Load(), maxRedirects+1)
	}
}
