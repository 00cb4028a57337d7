package loadgen

import (
	"bytes"
	"context"
	"net"
	"runtime"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
)

// helloServer is a server on 127.0.0.1:0 that answers each request with a
// fixed response and allocates nothing per request, so an engine's
// allocations per request are the engine's own.
func helloServer(tb testing.TB) string {
	tb.Helper()
	resp := []byte("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello")
	end := []byte("\r\n\r\n")
	return "http://" + serveConns(tb, func(c net.Conn) {
		buf := make([]byte, 4096)
		out := make([]byte, 0, 4096)
		n := 0
		for {
			m, err := c.Read(buf[n:])
			if err != nil {
				return
			}
			n += m
			out = out[:0]
			for {
				i := bytes.Index(buf[:n], end)
				if i < 0 {
					break
				}
				out = append(out, resp...)
				n = copy(buf, buf[i+4:n])
			}
			if n == len(buf) {
				return
			}
			if len(out) > 0 {
				if _, err := c.Write(out); err != nil {
					return
				}
			}
		}
	}) + "/"
}

// benchEngine runs b.N requests through the engine against helloServer
// and reports, per request, the engine's allocations and bytes (counted
// over the run, so Run's fixed set-up is spread over b.N: give
// -benchtime=100000x or more) and the generator's CPU time is in ns/op
// beside the server's (both in this process). engine is the one asked
// for by name (Config.Engine), and the one the run must report.
func benchEngine(b *testing.B, arrival model.Arrival, conns int, engine string) {
	url := helloServer(b)
	cfg := Config{Targets: []Target{{Method: "GET", URL: url}}, Arrival: arrival, Requests: int64(b.N), Duration: time.Hour, Connections: conns, Engine: engine}
	// A short run first: connections, buffers and histograms exist
	// before the measured one, as in a long run.
	warm := cfg
	warm.Requests = 2000
	if _, err := Run(context.Background(), warm); err != nil {
		b.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	b.ResetTimer()
	res, err := Run(context.Background(), cfg)
	b.StopTimer()
	runtime.ReadMemStats(&m1)
	if err != nil {
		b.Fatal(err)
	}
	if res.Engine != engine {
		b.Fatalf("engine %s; want %s", res.Engine, engine)
	}
	if ok := res.OK; ok < int64(b.N) {
		b.Fatalf("%d ok of %d", ok, b.N)
	}
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(b.N), "allocs/req")
	b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N), "B/req")
}

// BenchmarkEngineClosed: 50 virtual users without think time (the
// generator's max-rate case of bench/load_compare.sh) on the epoll loop.
func BenchmarkEngineClosed(b *testing.B) {
	benchEngine(b, model.Arrival{Kind: model.VUs, VUs: 50}, 0, loadresult.EngineEpoll)
}

// BenchmarkEngineOpen: a fixed rate well under what the server answers,
// on up to 50 connections (the CPU-per-request case).
func BenchmarkEngineOpen(b *testing.B) {
	benchEngine(b, model.Arrival{Kind: model.Rate, Rate: 20000}, 50, loadresult.EngineEpoll)
}
