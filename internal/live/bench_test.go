package live

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// BenchmarkOverhead measures each executor's own cost per request: 100,000
// requests with no CPU work and no wait, in a burst. ns/request is the
// run's makespan divided by the requests, on 2 lanes (4 for the pool, to
// show queue hand-off between threads).
func BenchmarkOverhead(b *testing.B) {
	env := sysinfo.Collect("bench")
	b.Logf("env: %s, %s, GOMAXPROCS %d, NumCPU %d, cgroup %.2g", env.GoVersion, env.CPUModel, runtime.GOMAXPROCS(0), env.NumCPU, env.CgroupCPUs)
	const n = 100_000
	for _, tc := range []struct {
		m       model.Kind
		threads int
		pool    int
	}{
		{model.Pool, 2, 0},
		{model.Loop, 2, 0},
		{model.Offload, 2, 2},
		{model.Virtual, 2, 0},
	} {
		b.Run(fmt.Sprintf("%s-%d", tc.m, tc.threads), func(b *testing.B) {
			s := scenario(tc.m, tc.threads, n, 0, false)
			s.OffloadPool = tc.pool
			var makespan, wall time.Duration
			runs := 0
			for b.Loop() {
				t0 := time.Now()
				res, err := Run(context.Background(), s, Options{ThreadSample: time.Hour})
				if err != nil || res.Completed != n {
					b.Fatalf("Run = %v, completed %d", err, res.Completed)
				}
				wall += time.Since(t0)
				makespan += time.Duration(res.MakespanMS * 1e6)
				runs++
			}
			b.ReportMetric(float64(makespan)/float64(runs*n), "ns/request")
			b.ReportMetric(float64(wall)/float64(runs*n), "wall-ns/request")
		})
	}
}
