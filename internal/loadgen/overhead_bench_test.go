package loadgen

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// BenchmarkFixedDelayOverhead is what TestFixedDelayServer leaves to a
// benchmark: how much the generator adds to a server that takes 20 ms,
// at p50, from the intended send (latency) and from the actual send
// (service time), minus how late the server's own timer woke. On a quiet
// machine both are about 1 ms; a loaded one moves them, which is why this
// is a measurement, not a test. Run with -benchtime=1x:
//
//	go test -run - -bench FixedDelayOverhead -benchtime 1x ./internal/loadgen
func BenchmarkFixedDelayOverhead(b *testing.B) {
	for _, engine := range []string{loadresult.EngineEpoll, loadresult.EngineGoroutines} {
		b.Run(engine, func(b *testing.B) {
			var mu sync.Mutex
			var took []time.Duration
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				start := time.Now()
				time.Sleep(20 * time.Millisecond)
				d := time.Since(start)
				mu.Lock()
				took = append(took, d)
				mu.Unlock()
				w.Write([]byte("ok"))
			}))
			defer srv.Close()
			for range b.N {
				mu.Lock()
				took = took[:0]
				mu.Unlock()
				res, err := Run(context.Background(), Config{Engine: engine, Targets: []Target{{Method: "GET", URL: srv.URL}},
					Arrival: rate(50), Duration: 2 * time.Second, Warmup: 200 * time.Millisecond})
				if err != nil {
					b.Fatal(err)
				}
				rep := loadreport.Analyze(res, msg.EN)
				mu.Lock()
				slices.Sort(took)
				late := 0.0
				if len(took) > 0 {
					late = max(0, float64(took[len(took)/2]-20*time.Millisecond)/1e6)
				}
				mu.Unlock()
				b.ReportMetric(rep.Latency.P50MS-20-late, "latency-overhead-p50-ms")
				b.ReportMetric(rep.ServiceTime.P50MS-20-late, "service-overhead-p50-ms")
			}
		})
	}
}
