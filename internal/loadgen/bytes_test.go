package loadgen

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

func TestBytesReceived(t *testing.T) { forEachEngine(t, testBytesReceived) }

func testBytesReceived(t *testing.T) {
	body := bytes.Repeat([]byte("x"), 1000)
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) { w.Write(body) })
	res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: model.Arrival{Kind: model.VUs, VUs: 2},
		Requests: 50})
	// Each response is its body plus a status line and headers (at least
	// 30 bytes, well under 500), and no request is counted twice.
	n := res.Requests
	if res.OK != n || res.BytesReceived < n*(1000+30) || res.BytesReceived > n*(1000+500) || rep.BytesReceived != res.BytesReceived {
		t.Errorf("%d ok of %d requests of 1000-byte bodies: %d bytes received (report %d)", res.OK, n, res.BytesReceived, rep.BytesReceived)
	}
}
