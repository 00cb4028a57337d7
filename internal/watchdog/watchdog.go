// Package watchdog detects blocked event loops: each loop marks when a task
// begins and ends (two atomic stores, no lock, no allocation), and a checker
// goroutine flags any task that has run longer than a threshold, naming the
// loop, the request, how long it ran and the loop goroutine's stack captured
// while it was still stuck. It also keeps a histogram of task durations per
// loop (for Prometheus-style export).
//
// Vert.x's blocked-thread checker looks once a second and warns after two:
// it cannot see the 100 ms stalls that cut a loop's throughput fourfold.
// Here the default threshold is 10 ms and the checker looks every quarter
// threshold, and a task that ends over the threshold between two looks is
// still reported (without a stack), so no stall goes unseen.
package watchdog

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Config configures a Watchdog. The zero value is usable.
type Config struct {
	// Threshold is how long a task may run before it counts as a stall
	// (default 10 ms).
	Threshold time.Duration
	// Period is how often the checker looks (default Threshold/4, at
	// least 1 ms).
	Period time.Duration
	// OnStall, if set, is called from the checker goroutine once per stall
	// when it is first seen (with the duration so far). It must not block
	// for long.
	OnStall func(Stall)
}

// Stall is one task that ran longer than the threshold.
type Stall struct {
	Loop int
	Name string
	Req  int64
	// Duration is how long the task ran: its final duration once the task
	// has ended and the checker has seen the end, else the time it had run
	// when it was seen.
	Duration time.Duration
	// Stack is the loop goroutine's stack, captured while the task was
	// stalled; empty when the task ended over the threshold between two
	// looks of the checker.
	Stack string
	// State is what the loop's OS thread was doing when the stall was
	// seen: StateBlocked (asleep in the kernel: a blocking call) or
	// StateRunning (CPU work, or starved of a core by other work on the
	// machine); empty when unknown (the task had ended, or the loop did
	// not register from a goroutine locked to its thread).
	State string
}

// Watchdog watches the loops registered with it. Register, Stalls, Summary,
// TaskHistogram, Start and Stop are safe for concurrent use; each Beat is
// used by its own loop goroutine only.
type Watchdog struct {
	cfg   Config
	epoch time.Time

	mu     sync.Mutex
	beats  []*Beat // by loop index; nil where none was registered
	stalls []Stall
	stop   chan struct{}
	done   chan struct{}
}

// New returns a stopped Watchdog; call Start to begin checking.
func New(cfg Config) *Watchdog {
	if cfg.Threshold <= 0 {
		cfg.Threshold = 10 * time.Millisecond
	}
	if cfg.Period <= 0 {
		cfg.Period = cfg.Threshold / 4
	}
	cfg.Period = max(cfg.Period, time.Millisecond)
	return &Watchdog{cfg: cfg, epoch: time.Now()}
}

// Threshold returns the stall threshold in use.
func (w *Watchdog) Threshold() time.Duration { return w.cfg.Threshold }

// Bucket upper bounds of the task-duration histogram, in seconds.
var bucketBounds = [...]float64{
	0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005,
	0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
	0.1, 0.25, 0.5, 1, 2.5, 5, 10,
}

var bucketNS = func() (b [len(bucketBounds)]int64) {
	for i, s := range bucketBounds {
		b[i] = int64(s * 1e9)
	}
	return b
}()

// ringSize is how many over-threshold task ends a Beat can hold between
// two looks of the checker (one look per Period = Threshold/4, so at most
// one such end fits in between; the rest is margin).
const ringSize = 64

type ended struct {
	seq atomic.Uint64
	req atomic.Int64
	dur atomic.Int64
}

// Beat is one loop's heartbeat. Begin and End must be called by the loop's
// own goroutine, alternately; they use atomic stores only and never lock or
// allocate.
type Beat struct {
	w    *Watchdog
	loop int
	name string
	gid  uint64
	tid  int // OS thread, if the loop goroutine is locked to it

	// seq is odd while a task runs; start and req describe it (a seqlock:
	// written before seq turns odd).
	seq   atomic.Uint64
	start atomic.Int64 // ns since w.epoch
	req   atomic.Int64

	counts [len(bucketBounds) + 1]atomic.Uint64
	sumNS  atomic.Int64

	// Single-producer (End) single-consumer (checker) ring of tasks that
	// ended over the threshold.
	ring    [ringSize]ended
	head    atomic.Uint64 // written by End
	tail    uint64        // checker only, under w.mu
	dropped atomic.Uint64

	// Checker state, under w.mu: recently flagged tasks (begin seq ->
	// index into w.stalls).
	flagged [4]struct {
		seq uint64
		idx int
	}
	nflag int
}

// Register adds a loop with the next free index and returns its Beat. Call
// it from the loop's own goroutine: the goroutine is recorded so a stall
// report can show its stack, and its OS thread so the report can say
// whether the thread was blocked or running (meaningful when the goroutine
// is locked to its thread, as an event loop's is).
func (w *Watchdog) Register(name string) *Beat {
	w.mu.Lock()
	defer w.mu.Unlock()
	i := 0
	for i < len(w.beats) && w.beats[i] != nil {
		i++
	}
	return w.registerLocked(i, name)
}

// RegisterLoop adds loop number loop (replacing any Beat it had) and
// returns its Beat; use it when loops start concurrently and their numbers
// must match the caller's. Call it from the loop's own goroutine.
func (w *Watchdog) RegisterLoop(loop int, name string) *Beat {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.registerLocked(loop, name)
}

func (w *Watchdog) registerLocked(i int, name string) *Beat {
	b := &Beat{w: w, loop: i, name: name, gid: goid(), tid: gettid()}
	for len(w.beats) <= i {
		w.beats = append(w.beats, nil)
	}
	w.beats[i] = b
	return b
}

// Loop returns the Beat's loop index.
func (b *Beat) Loop() int { return b.loop }

// Begin marks the start of a task serving request req.
func (b *Beat) Begin(req int64) {
	b.start.Store(int64(time.Since(b.w.epoch)))
	b.req.Store(req)
	b.seq.Add(1) // odd: running
}

// End marks the end of the task begun last: it records the task's duration
// in the loop's histogram and, when the task ran over the threshold, queues
// it for the checker so that its final duration is reported.
func (b *Beat) End() {
	s := b.seq.Load()
	if s&1 == 0 {
		return // End without Begin
	}
	d := int64(time.Since(b.w.epoch)) - b.start.Load()
	i := 0
	for i < len(bucketNS) && d > bucketNS[i] {
		i++
	}
	b.counts[i].Add(1)
	b.sumNS.Add(d)
	if d >= int64(b.w.cfg.Threshold) {
		h := b.head.Load()
		e := &b.ring[h%ringSize]
		e.seq.Store(s)
		e.req.Store(b.req.Load())
		e.dur.Store(d)
		b.head.Store(h + 1)
	}
	b.seq.Add(1) // even: idle
}

// Start starts the checker goroutine. Calling it twice is a no-op.
func (w *Watchdog) Start() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stop != nil {
		return
	}
	w.stop, w.done = make(chan struct{}), make(chan struct{})
	go w.run(w.stop, w.done)
}

// Stop stops the checker and takes a last look, so tasks that ended over
// the threshold are all in Stalls. Safe to call more than once.
func (w *Watchdog) Stop() {
	w.mu.Lock()
	stop, done := w.stop, w.done
	w.stop = nil
	w.mu.Unlock()
	if stop != nil {
		close(stop)
		<-done
	}
	w.check()
}

func (w *Watchdog) run(stop, done chan struct{}) {
	defer close(done)
	t := time.NewTicker(w.cfg.Period)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			w.check()
		}
	}
}

// check takes one look at every loop.
func (w *Watchdog) check() {
	var fresh []Stall
	w.mu.Lock()
	now := int64(time.Since(w.epoch))
	var stacks []byte
	for _, b := range w.beats {
		if b == nil {
			continue
		}
		// Ended tasks first, so a flagged task that has ended is matched
		// before the next one can be flagged.
		for h := b.head.Load(); b.tail < h; b.tail++ {
			if h-b.tail > ringSize {
				b.dropped.Add(h - b.tail - ringSize)
				b.tail = h - ringSize
			}
			e := &b.ring[b.tail%ringSize]
			seq, req, dur := e.seq.Load(), e.req.Load(), time.Duration(e.dur.Load())
			if idx, ok := b.flaggedIdx(seq); ok {
				w.stalls[idx].Duration = dur
				continue
			}
			w.stalls = append(w.stalls, Stall{Loop: b.loop, Name: b.name, Req: req, Duration: dur})
			fresh = append(fresh, w.stalls[len(w.stalls)-1])
		}
		s1 := b.seq.Load()
		if s1&1 == 0 {
			continue
		}
		if _, ok := b.flaggedIdx(s1); ok {
			continue
		}
		start, req := b.start.Load(), b.req.Load()
		if b.seq.Load() != s1 || now-start < int64(w.cfg.Threshold) {
			continue
		}
		state := threadState(b.tid)
		if stacks == nil {
			stacks = allStacks()
		}
		st := Stall{Loop: b.loop, Name: b.name, Req: req, Duration: time.Duration(now - start), Stack: stackOf(stacks, b.gid), State: state}
		w.stalls = append(w.stalls, st)
		b.flag(s1, len(w.stalls)-1)
		fresh = append(fresh, st)
	}
	w.mu.Unlock()
	if w.cfg.OnStall != nil {
		for _, s := range fresh {
			w.cfg.OnStall(s)
		}
	}
}

func (b *Beat) flaggedIdx(seq uint64) (int, bool) {
	for i := 0; i < b.nflag && i < len(b.flagged); i++ {
		if b.flagged[i].seq == seq {
			return b.flagged[i].idx, true
		}
	}
	return 0, false
}

func (b *Beat) flag(seq uint64, idx int) {
	f := &b.flagged[b.nflag%len(b.flagged)]
	f.seq, f.idx = seq, idx
	b.nflag++
}

// Stalls returns a copy of every stall seen so far, in the order seen.
func (w *Watchdog) Stalls() []Stall {
	w.check()
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]Stall(nil), w.stalls...)
}

// Summary returns the count, the worst stall and the count per loop.
// WorstLoop and WorstReq are meaningful only when Count > 0.
func (w *Watchdog) Summary() model.Stalls {
	st := w.Stalls()
	w.mu.Lock()
	n := len(w.beats)
	w.mu.Unlock()
	out := model.Stalls{ThresholdMS: float64(w.cfg.Threshold) / 1e6, PerLoop: make([]int64, n)}
	var worst time.Duration
	for _, s := range st {
		out.Count++
		if s.Loop >= 0 && s.Loop < n {
			out.PerLoop[s.Loop]++
		}
		if s.Duration > worst {
			worst = s.Duration
			out.WorstLoop, out.WorstReq = s.Loop, s.Req
		}
	}
	out.WorstMS = float64(worst) / 1e6
	return out
}

// Dropped returns how many over-threshold task ends were lost because the
// checker fell behind (normally 0).
func (w *Watchdog) Dropped() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	var n uint64
	for _, b := range w.beats {
		if b != nil {
			n += b.dropped.Load()
		}
	}
	return n
}

// TaskHistogram returns loop's task-duration histogram: buckets are upper
// bounds in seconds (ascending); counts are NOT cumulative — counts[i] is
// the number of tasks with buckets[i-1] < duration <= buckets[i], and
// counts[len(buckets)] (one more than buckets) those above the last bound;
// sum is the total task time in seconds. A Prometheus exporter sums counts
// to get its cumulative le buckets, with the last total as +Inf. An
// unknown loop returns all zeros. Counts are read atomically one by one,
// so a snapshot taken while tasks run may be off by the tasks in flight.
func (w *Watchdog) TaskHistogram(loop int) (buckets []float64, counts []uint64, sum float64) {
	buckets = append([]float64(nil), bucketBounds[:]...)
	counts = make([]uint64, len(bucketBounds)+1)
	w.mu.Lock()
	var b *Beat
	if loop >= 0 && loop < len(w.beats) {
		b = w.beats[loop]
	}
	w.mu.Unlock()
	if b == nil {
		return buckets, counts, 0
	}
	for i := range counts {
		counts[i] = b.counts[i].Load()
	}
	return buckets, counts, float64(b.sumNS.Load()) / 1e9
}

// goid returns the calling goroutine's id, parsed from its stack header
// ("goroutine 42 [running]:").
func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		id, _ := strconv.ParseUint(string(b[:i]), 10, 64)
		return id
	}
	return 0
}

func allStacks() []byte {
	buf := make([]byte, 64<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) || len(buf) >= 64<<20 {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}

// stackOf returns goroutine id's section of a runtime.Stack(all) dump.
func stackOf(all []byte, id uint64) string {
	head := []byte("goroutine " + strconv.FormatUint(id, 10) + " [")
	i := bytes.Index(all, head)
	for i > 0 && all[i-1] != '\n' {
		j := bytes.Index(all[i+1:], head)
		if j < 0 {
			return ""
		}
		i += 1 + j
	}
	if i < 0 {
		return ""
	}
	rest := all[i:]
	if j := bytes.Index(rest, []byte("\n\n")); j >= 0 {
		rest = rest[:j]
	}
	return string(rest)
}
