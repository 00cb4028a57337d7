package watchdog

import (
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// runLoop runs tasks on a goroutine that registers itself as a loop, like
// an event loop would, and returns when all have run.
func runLoop(w *Watchdog, loop int, tasks []func()) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		b := w.RegisterLoop(loop, "loop-"+string(rune('0'+loop)))
		for i, t := range tasks {
			b.Begin(int64(i))
			t()
			b.End()
		}
	}()
	wg.Wait()
}

//go:noinline
func stuckInHandler(d time.Duration) { time.Sleep(d) }

func TestStallSeenWhileStuckWithStackAndFinalDuration(t *testing.T) {
	var seen []Stall
	var mu sync.Mutex
	// Threshold 30ms: a quick task preempted on a busy machine stays under it.
	w := New(Config{Threshold: 30 * time.Millisecond, OnStall: func(s Stall) {
		mu.Lock()
		seen = append(seen, s)
		mu.Unlock()
	}})
	w.Start()
	defer w.Stop()
	quick := func() {}
	runLoop(w, 1, []func(){quick, quick, func() { stuckInHandler(80 * time.Millisecond) }, quick})
	w.Stop()
	st := w.Stalls()
	if len(st) != 1 {
		t.Fatalf("Stalls() = %d stalls; want 1: %+v", len(st), st)
	}
	s := st[0]
	if s.Loop != 1 || s.Req != 2 || s.Name != "loop-1" {
		t.Errorf("Stalls()[0] = loop %d req %d name %q; want loop 1 req 2 name loop-1", s.Loop, s.Req, s.Name)
	}
	if s.Duration < 80*time.Millisecond {
		t.Errorf("Stalls()[0].Duration = %v; want the final duration, at least 80ms", s.Duration)
	}
	if !strings.Contains(s.Stack, "stuckInHandler") {
		t.Errorf("Stalls()[0].Stack does not name stuckInHandler:\n%s", s.Stack)
	}
	if strings.Contains(s.Stack, "testing.tRunner") || strings.Count(s.Stack, "goroutine ") != 2 {
		t.Errorf("Stalls()[0].Stack holds the test goroutine, not only the loop's:\n%s", s.Stack)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 1 || seen[0].Req != 2 || seen[0].Stack == "" {
		t.Errorf("OnStall saw %+v; want one call for request 2 with a stack", seen)
	}
	sum := w.Summary()
	if sum.Count != 1 || sum.WorstLoop != 1 || sum.WorstReq != 2 || sum.WorstMS < 80 || len(sum.PerLoop) != 2 || sum.PerLoop[1] != 1 || sum.ThresholdMS != 30 {
		t.Errorf("Summary() = %+v; want 1 stall, worst on loop 1 request 2 >= 80ms, per loop [0 1], threshold 30", sum)
	}
}

func TestStallStateTellsBlockedFromRunning(t *testing.T) {
	w := New(Config{Threshold: 10 * time.Millisecond})
	w.Start()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		b := w.Register("locked")
		b.Begin(1)
		syscall.Nanosleep(&syscall.Timespec{Nsec: 60e6}, nil) // blocked in the kernel
		b.End()
		b.Begin(2)
		for t0 := time.Now(); time.Since(t0) < 60*time.Millisecond; { // busy on the CPU
		}
		b.End()
	}()
	wg.Wait()
	w.Stop()
	st := w.Stalls()
	if len(st) != 2 {
		t.Fatalf("Stalls() = %+v; want 2", st)
	}
	if st[0].State != StateBlocked {
		t.Errorf("stall in nanosleep State = %q; want %q", st[0].State, StateBlocked)
	}
	if st[1].State != StateRunning && st[1].State != "" {
		t.Errorf("stall spinning State = %q; want %q", st[1].State, StateRunning)
	}
}

func TestStallThatEndsBetweenLooksIsStillReported(t *testing.T) {
	// The checker never ticks (period 1h); Stop's last look must find it.
	w := New(Config{Threshold: 15 * time.Millisecond, Period: time.Hour})
	w.Start()
	runLoop(w, 0, []func(){func() { stuckInHandler(40 * time.Millisecond) }, func() {}})
	w.Stop()
	st := w.Stalls()
	if len(st) != 1 || st[0].Req != 0 || st[0].Duration < 40*time.Millisecond || st[0].Stack != "" {
		t.Fatalf("Stalls() = %+v; want one stall of request 0, >= 40ms, without a stack", st)
	}
}

func TestNoStallsForShortTasksAndHistogramCounts(t *testing.T) {
	w := New(Config{Threshold: 50 * time.Millisecond})
	w.Start()
	tasks := make([]func(), 1000)
	for i := range tasks {
		tasks[i] = func() {}
	}
	tasks[500] = func() { time.Sleep(2 * time.Millisecond) }
	runLoop(w, 0, tasks)
	w.Stop()
	if st := w.Stalls(); len(st) != 0 {
		t.Fatalf("Stalls() = %+v; want none below the threshold", st)
	}
	buckets, counts, sum := w.TaskHistogram(0)
	if len(counts) != len(buckets)+1 {
		t.Fatalf("TaskHistogram(0): %d counts for %d buckets; want one more (overflow)", len(counts), len(buckets))
	}
	var total uint64
	for _, c := range counts {
		total += c
	}
	if total != 1000 {
		t.Errorf("TaskHistogram(0) counts sum to %d; want 1000", total)
	}
	if sum < 0.002 {
		t.Errorf("TaskHistogram(0) sum = %gs; want at least the 2ms task", sum)
	}
	for i := 1; i < len(buckets); i++ {
		if buckets[i] <= buckets[i-1] {
			t.Fatalf("TaskHistogram buckets not ascending at %d: %v", i, buckets)
		}
	}
	if _, c, s := w.TaskHistogram(7); s != 0 || c[0] != 0 {
		t.Errorf("TaskHistogram(7) of an unknown loop = %v, %g; want zeros", c, s)
	}
}

func TestEachStalledTaskReportedOnce(t *testing.T) {
	w := New(Config{Threshold: 25 * time.Millisecond, Period: time.Millisecond})
	w.Start()
	var tasks []func()
	for i := 0; i < 3; i++ {
		tasks = append(tasks, func() { stuckInHandler(60 * time.Millisecond) }, func() {})
	}
	runLoop(w, 0, tasks)
	w.Stop()
	st := w.Stalls()
	if len(st) != 3 {
		t.Fatalf("Stalls() = %d; want 3 (one per stalled task): %+v", len(st), st)
	}
	for i, s := range st {
		if s.Req != int64(2*i) {
			t.Errorf("Stalls()[%d].Req = %d; want %d", i, s.Req, 2*i)
		}
	}
}

func TestRegisterAssignsFreeIndexes(t *testing.T) {
	w := New(Config{})
	a := w.Register("a")
	b := w.RegisterLoop(3, "d")
	c := w.Register("b")
	if a.Loop() != 0 || b.Loop() != 3 || c.Loop() != 1 {
		t.Fatalf("Register loops = %d, %d, %d; want 0, 3, 1", a.Loop(), b.Loop(), c.Loop())
	}
	if got := len(w.Summary().PerLoop); got != 4 {
		t.Fatalf("Summary().PerLoop has %d loops; want 4", got)
	}
}

func TestDefaults(t *testing.T) {
	w := New(Config{})
	if w.cfg.Threshold != 10*time.Millisecond || w.cfg.Period != 2500*time.Microsecond {
		t.Errorf("New(Config{}) threshold %v period %v; want 10ms, 2.5ms", w.cfg.Threshold, w.cfg.Period)
	}
	w = New(Config{Threshold: time.Millisecond})
	if w.cfg.Period != time.Millisecond {
		t.Errorf("New(Threshold 1ms) period %v; want the 1ms minimum", w.cfg.Period)
	}
}

func TestBeginEndDoNotAllocate(t *testing.T) {
	w := New(Config{})
	b := w.Register("x")
	if n := testing.AllocsPerRun(1000, func() { b.Begin(1); b.End() }); n != 0 {
		t.Fatalf("Begin+End allocate %v times per call; want 0", n)
	}
}

func TestStackOf(t *testing.T) {
	dump := []byte("goroutine 1 [running]:\nmain.a()\n\ngoroutine 12 [syscall]:\nmain.b()\n\tx.go:1\n\ngoroutine 123 [sleep]:\nmain.c()\n")
	for _, tc := range []struct {
		id   uint64
		want string
	}{
		{1, "goroutine 1 [running]:\nmain.a()"},
		{12, "goroutine 12 [syscall]:\nmain.b()\n\tx.go:1"},
		{123, "goroutine 123 [sleep]:\nmain.c()\n"},
		{2, ""},
	} {
		if got := stackOf(dump, tc.id); got != tc.want {
			t.Errorf("stackOf(dump, %d) = %q; want %q", tc.id, got, tc.want)
		}
	}
}

func FuzzStackOf(f *testing.F) {
	f.Add([]byte("goroutine 1 [running]:\nmain.a()\n\ngoroutine 12 [x]:\n"), uint64(12))
	f.Add([]byte("xgoroutine 12 [goroutine 12 ["), uint64(12))
	f.Fuzz(func(t *testing.T, dump []byte, id uint64) {
		s := stackOf(dump, id)
		if s != "" && !strings.HasPrefix(s, "goroutine ") {
			t.Fatalf("stackOf = %q; want a goroutine section or nothing", s)
		}
	})
}

func BenchmarkBeginEnd(b *testing.B) {
	w := New(Config{})
	beat := w.Register("bench")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		beat.Begin(int64(i))
		beat.End()
	}
}
