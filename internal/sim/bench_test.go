package sim

import (
	"context"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// benchScenario is the performance case: 8 loops, 1% blocking
// (the eight-loop experiment's requests), n requests in a burst, no trace.
func benchScenario(b *testing.B, n int) model.Scenario {
	p, ok := model.LookupPreset("ch15-onloop")
	if !ok {
		b.Fatal("no ch15-onloop preset")
	}
	s := p.Scenario
	s.Requests = n
	s.Normalize()
	return s
}

func benchRun(b *testing.B, n int) { benchScenarioRun(b, benchScenario(b, n), n) }

func benchScenarioRun(b *testing.B, s model.Scenario, n int) {
	var events int64
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuNS()
	for b.Loop() {
		r, err := Run(s, Options{})
		if err != nil {
			b.Fatal(err)
		}
		events = r.Events
	}
	b.ReportMetric(float64(cpuNS()-cpu0)/float64(b.N)/float64(n), "cpu-ns/request")
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(events)/sec, "events/s")
	b.ReportMetric(sec*1e9/float64(n), "ns/request")
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.Sys)/(1<<20), "sys-MB")
}

// go test -run ^$ -bench Sim1M -benchtime 3x ./internal/sim/
func BenchmarkSim1M(b *testing.B) { benchRun(b, 1_000_000) }

// go test -run ^$ -bench Sim10M -benchtime 1x ./internal/sim/
func BenchmarkSim10M(b *testing.B) { benchRun(b, 10_000_000) }

// The memory case of issue 13, item 9 (waitlab sim --model loop --threads 8
// --cpu 200us --block-fraction 0.01 --block 100ms, the 2s waits of the
// default scenario): a burst whose continuations all queue behind it, so
// every request is in flight at once. sys-MB is what the Go runtime took
// from the OS; bench/sim_memory.sh measures the CLI's peak RSS.
//
// go test -run ^$ -bench SimInFlight -benchtime 1x ./internal/sim/
func BenchmarkSimInFlight1M(b *testing.B)  { benchScenarioRun(b, burstOnLoops(1_000_000), 1_000_000) }
func BenchmarkSimInFlight10M(b *testing.B) { benchScenarioRun(b, burstOnLoops(10_000_000), 10_000_000) }

// Issue 21: the cost of the intervals for a fixed request count, on an
// open model (M/M/4 at rho 0.9, 400k requests: warm-up, batches,
// intervals). SimOpen400kPlain is the same run without them; docs/sim.md
// has both, measured.
//
// go test -run ^$ -bench SimOpen400k -benchtime 3x -benchmem ./internal/sim/
func BenchmarkSimOpen400k(b *testing.B) { benchScenarioRun(b, open400k(), 400_000) }

func open400k() model.Scenario {
	s := model.Scenario{Model: model.Pool, Threads: 4, Requests: 400_000, Seed: 1,
		Arrival: model.Arrival{Kind: model.Poisson, Rate: 3600},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.ExpDist(time.Millisecond)}}}
	s.Normalize()
	return s
}

// The confidence work alone: the collector's fill of SimOpen400k's
// result (warm-up, batches, intervals of latency and queue wait,
// throughput), made again from the same kept values. Its cpu-ns/request over SimOpen400k's is the
// share of a run the intervals cost; the run without them costs the
// difference.
//
// go test -run ^$ -bench 'SimOpen400k|Intervals400k' -benchtime 5x ./internal/sim/
func BenchmarkIntervals400k(b *testing.B) {
	e := newEngine(open400k(), Options{})
	if err := e.run(context.Background(), nil); err != nil {
		b.Fatal(err)
	}
	lat, qw := slices.Clone(e.col.lat), slices.Clone(e.col.qw)
	s := e.s
	span := e.lastEnd - e.firstArr
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuNS()
	for b.Loop() {
		copy(e.col.lat, lat)
		copy(e.col.qw, qw)
		res := &model.Result{Completed: int(e.completed), ThroughputRPS: float64(e.completed) / span.Seconds(), Classes: map[string]model.Summary{}}
		e.col.fill(res, s.Classes, e.firstArr, span)
	}
	b.ReportMetric(float64(cpuNS()-cpu0)/float64(b.N)/400_000, "cpu-ns/request")
}

// The same run without the confidence work, on the same engine: the
// collector off and the recorders on, as a burst keeps them (exact
// percentiles, no warm-up, no batches, no intervals). SimOpen400k's
// cpu-ns/request over this one's is what the intervals cost.
//
// go test -run ^$ -bench 'SimOpen400k' -benchtime 5x ./internal/sim/
func BenchmarkSimOpen400kPlain(b *testing.B) {
	s := open400k()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuNS()
	for b.Loop() {
		e := newEngine(s, Options{})
		e.col = nil
		e.qwait.Grow(s.Requests)
		e.all.Part(0).Grow(s.Requests)
		if err := e.run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
		_ = e.result()
	}
	b.ReportMetric(float64(cpuNS()-cpu0)/float64(b.N)/400_000, "cpu-ns/request")
}

// cpuNS is the process's user and system CPU so far, in nanoseconds
// (getrusage): a figure a loaded machine does not inflate as it does wall
// time.
func cpuNS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// offloadBurst is issue 26's memory case for the offload model: 8 loops, an
// offload pool of 16, 200us of CPU, 2s non-blocking waits, 1% of requests
// blocking 100ms (handed to the pool), in a burst. Its continuations queue
// behind the burst, so nearly every request is in flight at the burst's end.
func offloadBurst(n int) model.Scenario {
	s := burstOnLoops(n)
	s.Model, s.OffloadPool = model.Offload, 16
	s.Normalize()
	return s
}

// go test -run ^$ -bench SimOffload2M -benchtime 1x ./internal/sim/
// (bench/sim_memory.sh measures the CLI's peak RSS for the same case.)
func BenchmarkSimOffload2M(b *testing.B) { benchScenarioRun(b, offloadBurst(2_000_000), 2_000_000) }
