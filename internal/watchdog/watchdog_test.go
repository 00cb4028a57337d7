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
	// The state is a sample of /proc: a spinning goroutine that the Go
	// runtime preempts parks its locked thread for a moment, so the spin
	// is tried three times and one "running" (or unknown) sample is enough.
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
		for i := int64(2); i <= 4; i++ {
			b.Begin(i)
			for t0 := time.Now(); time.Since(t0) < 60*time.Millisecond; { // busy on the CPU
			}
			b.End()
		}
	}()
	wg.Wait()
	w.Stop()
	st := w.Stalls()
	if len(st) != 4 {
		t.Fatalf("Stalls() = %+v; want 4", st)
	}
	if st[0].State != StateBlocked {
		t.Errorf("stall in nanosleep State = %q; want %q", st[0].State, StateBlocked)
	}
	running := false
	for _, s := range st[1:] {
		running = running || s.State == StateRunning || s.State == ""
	}
	if !running {
		t.Errorf("stalls spinning States = %q %q %q; want %q at least once", st[1].State, st[2].State, st[3].State, StateRunning)
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
	// A threshold far above the 2ms task: a quick task starved of a core
	// on a loaded machine (160ms was seen) must not count.
	w := New(Config{Threshold: time.Second})
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

//go:noinline
func stuckElsewhere(d time.Duration) { time.Sleep(d) }

// spin holds the CPU for d (a task over a tiny threshold without sleeping,
// so the test takes little time).
func spin(d time.Duration) {
	for t0 := time.Now(); time.Since(t0) < d; {
	}
}

// Issue 13, item 8: thousands of stalls keep Stalls to the recent window
// while Summary still counts every one of them.
func TestManyStallsKeepABoundedWindowAndCountAll(t *testing.T) {
	const n, keep = 3000, 16
	var calls int
	w := New(Config{Threshold: 20 * time.Microsecond, Period: time.Hour, Keep: keep, OnStall: func(Stall) { calls++ }})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		b := w.Register("busy")
		for i := 0; i < n; i++ {
			b.Begin(int64(i))
			spin(30 * time.Microsecond)
			b.End()
			if i%32 == 31 {
				w.Summary() // drains the loop's ring of ended stalls
			}
		}
	}()
	wg.Wait()
	w.Stop()
	sum := w.Summary()
	if sum.Count != n || sum.PerLoop[0] != n {
		t.Fatalf("Summary() = %+v; want %d stalls counted", sum, n)
	}
	if d := w.Dropped(); d != 0 {
		t.Fatalf("Dropped() = %d; want 0", d)
	}
	st := w.Stalls()
	if len(st) != keep {
		t.Fatalf("Stalls() holds %d stalls; want the last %d only", len(st), keep)
	}
	for i, s := range st {
		if want := int64(n - keep + i); s.Req != want {
			t.Errorf("Stalls()[%d].Req = %d; want %d (the most recent, oldest first)", i, s.Req, want)
		}
	}
	if calls != n {
		t.Errorf("OnStall called %d times; want %d", calls, n)
	}
	if cap(w.recent) > keep {
		t.Errorf("recent window grew to %d; want at most %d", cap(w.recent), keep)
	}
}

// Issue 13, item 8: the stall is reported with its final duration, not the
// duration it had when the checker first saw it; each distinct stack is
// marked once and repeats share its id.
func TestOnStallGetsFinalDurationAndStacksOncePerPlace(t *testing.T) {
	var mu sync.Mutex
	var seen []Stall
	w := New(Config{Threshold: 20 * time.Millisecond, Period: time.Millisecond, OnStall: func(s Stall) {
		mu.Lock()
		seen = append(seen, s)
		mu.Unlock()
	}})
	w.Start()
	same := func() { stuckInHandler(70 * time.Millisecond) }
	runLoop(w, 0, []func(){same, func() {}, same, func() { stuckElsewhere(50 * time.Millisecond) }, same})
	w.Stop()
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 4 {
		t.Fatalf("OnStall called %d times; want 4: %+v", len(seen), seen)
	}
	for i, s := range seen {
		want := 70 * time.Millisecond
		if i == 2 {
			want = 50 * time.Millisecond
		}
		if s.Duration < want || s.Ongoing {
			t.Errorf("OnStall #%d: duration %v ongoing %v; want the final duration >= %v", i, s.Duration, s.Ongoing, want)
		}
		if s.Stack == "" || s.StackID == 0 {
			t.Fatalf("OnStall #%d has no stack: %+v", i, s)
		}
	}
	if seen[0].StackSeen || !seen[1].StackSeen || !seen[3].StackSeen || seen[2].StackSeen {
		t.Errorf("StackSeen = %v %v %v %v; want false true false true", seen[0].StackSeen, seen[1].StackSeen, seen[2].StackSeen, seen[3].StackSeen)
	}
	if seen[0].StackID != seen[1].StackID || seen[0].StackID != seen[3].StackID || seen[2].StackID == seen[0].StackID {
		t.Errorf("StackIDs %x %x %x %x; want the same for the same place, another for stuckElsewhere", seen[0].StackID, seen[1].StackID, seen[2].StackID, seen[3].StackID)
	}
}

func TestNoStacks(t *testing.T) {
	w := New(Config{Threshold: 15 * time.Millisecond, Period: time.Millisecond, NoStacks: true})
	w.Start()
	runLoop(w, 0, []func(){func() { stuckInHandler(50 * time.Millisecond) }})
	w.Stop()
	st := w.Stalls()
	if len(st) != 1 || st[0].Stack != "" || st[0].StackID != 0 || st[0].Duration < 50*time.Millisecond {
		t.Fatalf("Stalls() = %+v; want one stall >= 50ms without a stack", st)
	}
}

// A loop stuck for good is reported early (Ongoing, counted) and again with
// its final duration once it ends.
func TestStuckLoopReportedEarlyThenFinal(t *testing.T) {
	early := make(chan Stall, 1)
	final := make(chan Stall, 1)
	w := New(Config{Threshold: 10 * time.Millisecond, Period: time.Millisecond, StuckAfter: 40 * time.Millisecond, OnStall: func(s Stall) {
		if s.Ongoing {
			early <- s
		} else {
			final <- s
		}
	}})
	w.Start()
	defer w.Stop()
	release := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		b := w.Register("stuck")
		b.Begin(9)
		<-release
		b.End()
	}()
	s := <-early
	if s.Req != 9 || s.Duration < 40*time.Millisecond {
		t.Errorf("early report = %+v; want request 9 after at least 40ms", s)
	}
	if sum := w.Summary(); sum.Count != 1 {
		t.Errorf("Summary().Count while stuck = %d; want 1", sum.Count)
	}
	if st := w.Stalls(); len(st) != 1 || !st[0].Ongoing {
		t.Errorf("Stalls() while stuck = %+v; want one ongoing", st)
	}
	close(release)
	<-done
	f := <-final
	if f.Req != 9 || f.Duration < s.Duration {
		t.Errorf("final report = %+v; want request 9, at least %v", f, s.Duration)
	}
	if sum := w.Summary(); sum.Count != 1 {
		t.Errorf("Summary().Count after = %d; want 1 (one stall, reported twice)", sum.Count)
	}
}

func TestStackID(t *testing.T) {
	a := "goroutine 7 [sleep]:\nmain.f(0xc000123456, 0x1)\n\t/x/main.go:10 +0x1d\ncreated by main.g in goroutine 1\n\t/x/main.go:20 +0x2e"
	b := "goroutine 9 [sleep, 2 minutes]:\nmain.f(0xc000999999, 0x2)\n\t/x/main.go:10 +0x1d\ncreated by main.g in goroutine 5\n\t/x/main.go:20 +0x2e"
	c := "goroutine 9 [sleep]:\nmain.f(0xc000999999, 0x2)\n\t/x/main.go:11 +0x1d"
	if stackID(a) != stackID(b) {
		t.Errorf("stackID differs for the same place with other args and goroutines")
	}
	if stackID(a) == stackID(c) {
		t.Errorf("stackID same for another line")
	}
}
