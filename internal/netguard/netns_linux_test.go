package netguard

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
)

// The test host in a network namespace: a loopback server whose
// /metrics redirects there gets no request through netguard's client;
// allowed, the host is reached (so the count can move).
func TestClientNetnsHost(t *testing.T) {
	addr, hits := netguardtest.NetnsHost(t)
	redir := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+addr+"/x", http.StatusFound)
	}))
	defer redir.Close()
	for range 3 {
		if resp, err := Client(2*time.Second, false).Get(redir.URL + "/metrics"); err == nil {
			resp.Body.Close()
			t.Fatal("the redirect to the test host was followed")
		}
	}
	time.Sleep(300 * time.Millisecond)
	if n := hits.Load(); n != 0 {
		t.Fatalf("the test host received %d requests", n)
	}
	resp, err := Client(2*time.Second, true).Get(redir.URL + "/metrics")
	if err != nil {
		t.Fatalf("allowed: %v", err)
	}
	resp.Body.Close()
	for end := time.Now().Add(5 * time.Second); hits.Load() == 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
	if hits.Load() != 1 {
		t.Fatalf("allowed: the test host received %d requests; want 1", hits.Load())
	}
}
