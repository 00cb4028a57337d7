package loadresult

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

func TestCollectorListenLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", ":0"} {
		ln, err := Listen(addr, false)
		if err == nil {
			ln.Close()
			t.Errorf("Listen(%q) without --allow-remote bound %v; want a refusal", addr, ln.Addr())
			continue
		}
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != "--listen" {
			t.Errorf("Listen(%q) = %v; want a --listen field error", addr, err)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		ln, err := Listen(addr, false)
		if err != nil {
			t.Errorf("Listen(%q) = %v; want it open", addr, err)
			continue
		}
		ln.Close()
	}
}

func TestCollectorBoundsUploadsInTotal(t *testing.T) {
	col := NewCollector(2)
	cs := httptest.NewServer(col)
	defer cs.Close()
	// CollectMaxUploads uploads that stall after their first bytes.
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	host := strings.TrimPrefix(cs.URL, "http://")
	for i := 0; i < CollectMaxUploads; i++ {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 60000000\r\n\r\n{")
	}
	deadline := time.Now().Add(10 * time.Second)
	for col.uploadsNow() < CollectMaxUploads && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := col.uploadsNow(); n != CollectMaxUploads {
		t.Fatalf("%d stalled uploads being read; want %d", n, CollectMaxUploads)
	}
	cl := &http.Client{Timeout: 10 * time.Second}
	resp, err := cl.Post(cs.URL, "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatalf("one more upload: %v; want an answer", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("upload %d while %d are read: %s; want 503 with Retry-After", CollectMaxUploads+1, CollectMaxUploads, resp.Status)
	}
	// The bytes being read share one budget.
	if !col.reserve(CollectInFlightBytes - col.inFlightNow()) {
		t.Fatal("the budget's remainder could not be reserved")
	}
	if col.reserve(1) {
		t.Error("a byte past CollectInFlightBytes was reserved")
	}
}
