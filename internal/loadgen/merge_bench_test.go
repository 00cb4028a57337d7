package loadgen

import (
	"bytes"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
)

// BenchmarkMerge64TenMinuteSegments: the collector's work for a run split
// over 64 generators of 10 minutes each at 200 requests/s per generator
// (120,000 requests and 600 series seconds per file): read and check the
// 64 files, then merge them. The target is under 1 s and 200 MB.
func BenchmarkMerge64TenMinuteSegments(b *testing.B) {
	const n = 64
	files := make([][]byte, n)
	t := &testing.T{}
	for i := range files {
		r := resultOf(t, samples(uint64(i+1), 120_000), 10*time.Minute)
		seg, err := model.ParseSegment(fmt.Sprintf("%d/%d", i, n))
		if err != nil {
			b.Fatal(err)
		}
		r.Segment, r.RunID, r.Host = &seg, "00c0ffee00c0ffee", fmt.Sprintf("gen-%d", i)
		var buf bytes.Buffer
		if err := r.Write(&buf); err != nil {
			b.Fatal(err)
		}
		files[i] = buf.Bytes()
	}
	size := 0
	for _, f := range files {
		size += len(f)
	}
	b.ReportMetric(float64(size)/n/1024, "KB/file")
	cpu := func() time.Duration {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	c0 := cpu()
	ops := 0
	b.ResetTimer()
	for b.Loop() {
		ops++
		rs, _, err := loadresult.ReadResults(files)
		if err != nil {
			b.Fatal(err)
		}
		m, err := loadresult.Merge(rs...)
		if err != nil {
			b.Fatal(err)
		}
		if m.Requests != n*120_000 {
			b.Fatalf("merged %d requests; want %d", m.Requests, n*120_000)
		}
	}
	b.StopTimer()
	// CPU time per merge: on a machine shared with other work, wall time
	// says more about the neighbours than about the merge.
	b.ReportMetric((cpu()-c0).Seconds()/float64(ops), "cpu-s/op")
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	b.ReportMetric(float64(ru.Maxrss)/1024, "peak-RSS-MB")
}
