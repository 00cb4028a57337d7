package plan

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// The performance case: a plan over 20 candidate sizes of a preset
// answers in under 2 s. Two presets: ch15-offload4's batch (the offload
// pool from 1 to 20), and lab-pool made an open model (Poisson arrivals at
// 1.5/s with its 2 s waits: M/D/c, a = 3) over threads 4 to 23, at the
// default precision (3 seeds x 20,000 requests per size, more near the
// bound).
//
//	go test -run '^$' -bench Plan20 -benchtime 5x ./internal/plan/
func BenchmarkPlan20(b *testing.B) {
	b.Logf("GOMAXPROCS %d, NumCPU %d, %s/%s", runtime.GOMAXPROCS(0), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	open, _ := model.LookupPreset("lab-pool")
	os := open.Scenario
	os.Arrival = model.Arrival{Kind: model.Poisson, Rate: 1.5}
	os.Normalize()
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"ch15-offload4", Config{Scenario: ch15(b), SLOs: slos(b, "batch<350ms"), Min: 1, Max: 20, Curve: 20}},
		{"lab-pool-poisson", Config{Scenario: os, SLOs: slos(b, "p99<5s"), Min: 4, Max: 23, Curve: 20}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var res *Result
			cpu0 := cpuTime()
			for b.Loop() {
				var err error
				res, err = Run(context.Background(), c.cfg)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/plan")
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/plan")
			b.ReportMetric(float64(res.Simulated), "requests/plan")
			b.ReportMetric(float64(len(res.Curve)), "sizes")
			b.Logf("answer %d, %d sizes on the curve, %d simulated", res.Answer, len(res.Curve), res.Evaluations)
		})
	}
}

// cpuTime is this process's user plus system CPU time: on a shared
// machine it says what a plan costs when wall time says how busy the
// machine was.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The command docs/benchmarks.md times ("plan, before and after"):
//
//	waitlab plan --model pool --threads 4 --cores 64 --arrival poisson:1000 --wait exp:10ms --slo 'p99<56ms'
//
// M/M/c at a = 10 over threads 1 to 1024, at the default precision.
//
//	go test -run '^$' -bench PlanPoolMM10 -benchtime 3x -cpuprofile cpu.out ./internal/plan/
func BenchmarkPlanPoolMM10(b *testing.B) {
	b.Logf("GOMAXPROCS %d, NumCPU %d, %s/%s", runtime.GOMAXPROCS(0), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	s := mmcScenario(1000, 10*time.Millisecond)
	s.Threads, s.Cores = 4, 64
	s.Normalize()
	cfg := Config{Scenario: s, SLOs: slos(b, "p99<56ms")}
	var res *Result
	cpu0 := cpuTime()
	for b.Loop() {
		var err error
		if res, err = Run(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/plan")
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/plan")
	b.ReportMetric(float64(res.Simulated), "requests/plan")
	b.Logf("answer %d, %d sizes simulated, %d requests", res.Answer, res.Evaluations, res.Simulated)
}
