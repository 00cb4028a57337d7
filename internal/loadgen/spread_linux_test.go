package loadgen

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
)

// The open model sends each request on the connection idle the longest,
// so requests spread over the connections it opened as independent
// clients' would, and consecutive requests seldom share one: a server that
// owns each connection on one event loop then sees its loops loaded
// alike. Taking the connection freed last, at light load the next request
// nearly always went out on the connection the last one had just used,
// and so to the same event loop.
func TestOpenModelSpreadsOverIdleConnections(t *testing.T) {
	type key struct{}
	var mu sync.Mutex
	var seq []*int // each request's connection, in the order they arrived
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seq = append(seq, r.Context().Value(key{}).(*int))
		mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}))
	srv.Config.ConnContext = func(ctx context.Context, c net.Conn) context.Context { return context.WithValue(ctx, key{}, new(int)) }
	srv.Start()
	defer srv.Close()

	cfg := Config{Targets: []Target{{Method: "GET", URL: srv.URL}}, Arrival: model.Arrival{Kind: model.Poisson, Rate: 100},
		Duration: 3 * time.Second, Engine: loadresult.EngineEpoll, Seed: 1}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	conns := map[*int]bool{}
	same := 0
	for i, c := range seq {
		conns[c] = true
		if i > 0 && c == seq[i-1] {
			same++
		}
	}
	t.Logf("%d requests on %d connections; %d on the connection of the request before", len(seq), len(conns), same)
	if len(seq) < 200 || len(conns) < 2 {
		t.Fatalf("%d requests on %d connections; want several connections carrying the load", len(seq), len(conns))
	}
	if share := float64(same) / float64(len(seq)); share > 0.2 {
		t.Errorf("%.0f%% of the requests went out on the connection the request before used; want the longest idle, seldom that one", 100*share)
	}
}
