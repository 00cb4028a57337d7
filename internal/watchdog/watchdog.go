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
	"hash/fnv"
	"runtime"
	"strconv"
	"strings"
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
	// OnStall, if set, is called from the checker goroutine once per
	// stall, when its final duration is known: when the checker sees the
	// task end (or, for a task still stuck when Stop takes its last look,
	// with Ongoing set). A task still stuck StuckAfter after it began is
	// also reported once early, with Ongoing set and its duration so far,
	// so a loop that never comes back is not silent; it is reported again
	// with its final duration if it ends. It must not block for long.
	OnStall func(Stall)
	// StuckAfter is when a stall still running is reported early (default
	// 1 s, at least Threshold).
	StuckAfter time.Duration
	// Keep is how many of the most recent stalls Stalls keeps in detail
	// (default 256). Counts, the worst stall and the task histograms cover
	// every stall however many there were: a target that stalls for
	// weeks holds the same memory as one that stalled once.
	Keep int
	// NoStacks turns off capturing stacks: a stall then reports loop,
	// request, duration and thread state only, and the checker never stops
	// the world to dump goroutines.
	NoStacks bool
}

// Stall is one task that ran longer than the threshold.
type Stall struct {
	Loop int
	Name string
	Req  int64
	// Duration is how long the task ran: its final duration once the task
	// has ended and the checker has seen the end, else (Ongoing) the time
	// it had run when last looked at.
	Duration time.Duration
	// Ongoing is set while the task has not ended yet.
	Ongoing bool `json:",omitempty"`
	// Stack is the loop goroutine's stack, captured while the task was
	// stalled; empty when the task ended over the threshold between two
	// looks of the checker, or with Config.NoStacks.
	Stack string `json:",omitempty"`
	// StackID identifies the stack's call path (its frames without
	// argument values or goroutine numbers): stalls stuck in the same
	// place share it. 0 when there is no stack.
	StackID uint64 `json:",omitempty"`
	// StackSeen is set when an earlier stall had the same StackID, so a
	// printer can show each distinct stack once.
	StackSeen bool `json:",omitempty"`
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
//
// What it holds is bounded whatever the number of stalls: a count, the
// worst stall and a count per loop for all of them, the details (and
// stacks) of the last Config.Keep, one pending stall per loop, and the
// identities of at most maxStackIDs distinct stacks.
type Watchdog struct {
	cfg   Config
	epoch time.Time

	mu    sync.Mutex
	beats []*Beat // by loop index; nil where none was registered
	// Under mu: every stall counted, per loop, and the worst one.
	count     int64
	perLoop   []int64
	worst     Stall
	recent    []Stall // ring of the last cfg.Keep ended stalls
	nrecent   int     // stalls ever put in recent; next slot is nrecent%Keep
	stackSeen map[uint64]struct{}
	stop      chan struct{}
	done      chan struct{}
}

// maxStackIDs bounds the set of distinct stacks remembered for StackSeen;
// past it the set starts again (a stack may then be printed once more).
const maxStackIDs = 4096

// New returns a stopped Watchdog; call Start to begin checking.
func New(cfg Config) *Watchdog {
	if cfg.Threshold <= 0 {
		cfg.Threshold = 10 * time.Millisecond
	}
	if cfg.Period <= 0 {
		cfg.Period = cfg.Threshold / 4
	}
	cfg.Period = max(cfg.Period, time.Millisecond)
	if cfg.StuckAfter <= 0 {
		cfg.StuckAfter = time.Second
	}
	cfg.StuckAfter = max(cfg.StuckAfter, cfg.Threshold)
	if cfg.Keep <= 0 {
		cfg.Keep = 256
	}
	return &Watchdog{cfg: cfg, epoch: time.Now(), stackSeen: make(map[uint64]struct{})}
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

	// Checker state, under w.mu: the stall flagged while its task still
	// ran (a loop runs one task at a time, so there is at most one),
	// waiting for the task's end to learn its final duration.
	pending      Stall
	pendingSeq   uint64 // begin seq of the pending task; 0: none
	pendingEarly bool   // already reported early (StuckAfter)
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
	for len(w.perLoop) <= i {
		w.perLoop = append(w.perLoop, 0)
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
// the threshold are all counted and reported, and a task still stuck is
// reported as Ongoing. Safe to call more than once.
func (w *Watchdog) Stop() {
	w.mu.Lock()
	stop, done := w.stop, w.done
	w.stop = nil
	w.mu.Unlock()
	if stop != nil {
		close(stop)
		<-done
	}
	w.look(true)
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
			w.look(false)
		}
	}
}

// look takes one look at every loop and reports what became final. With
// last (Stop's look), a task still stuck is reported as Ongoing.
func (w *Watchdog) look(last bool) {
	var report []Stall
	w.mu.Lock()
	now := int64(time.Since(w.epoch))
	var stacks []byte
	for _, b := range w.beats {
		if b == nil {
			continue
		}
		// Ended tasks first, so the pending task's end is matched before
		// the next one can be flagged.
		report = w.drain(b, report)
		s1 := b.seq.Load()
		if b.pendingSeq != 0 && s1 != b.pendingSeq {
			// The pending task has ended. End queued it before it bumped
			// seq, so a second drain finds it unless the ring overflowed.
			report = w.drain(b, report)
			if b.pendingSeq != 0 {
				report = append(report, w.finishLocked(b, b.pending.Duration))
			}
		}
		if s1&1 == 0 {
			continue
		}
		start, req := b.start.Load(), b.req.Load()
		if b.seq.Load() != s1 {
			continue
		}
		if b.pendingSeq == s1 {
			b.pending.Duration = time.Duration(now - start)
			if !b.pendingEarly && (b.pending.Duration >= w.cfg.StuckAfter || last) {
				b.pendingEarly = true
				st := b.pending
				st.Ongoing = true
				report = append(report, st)
			}
			continue
		}
		if now-start < int64(w.cfg.Threshold) {
			continue
		}
		st := Stall{Loop: b.loop, Name: b.name, Req: req, Duration: time.Duration(now - start), State: threadState(b.tid)}
		if !w.cfg.NoStacks {
			if stacks == nil {
				stacks = allStacks()
			}
			st.Stack = stackOf(stacks, b.gid)
			if b.seq.Load() != s1 {
				// The task ended while the stacks were taken: what was
				// captured is the loop after it (often back in epoll_wait),
				// not the call that stalled it. Report it without a stack
				// rather than with a wrong one.
				st.Stack = ""
			}
			if st.Stack != "" {
				st.StackID = stackID(st.Stack)
				if _, ok := w.stackSeen[st.StackID]; ok {
					st.StackSeen = true
				} else {
					if len(w.stackSeen) >= maxStackIDs {
						clear(w.stackSeen)
					}
					w.stackSeen[st.StackID] = struct{}{}
				}
			}
		}
		w.countLocked(st)
		b.pending, b.pendingSeq, b.pendingEarly = st, s1, false
		if last {
			b.pendingEarly = true
			st.Ongoing = true
			report = append(report, st)
		}
	}
	w.mu.Unlock()
	if w.cfg.OnStall != nil {
		for _, s := range report {
			w.cfg.OnStall(s)
		}
	}
}

// drain takes b's queued task ends: the pending task's end gives its final
// duration; any other is a stall that began and ended between two looks.
// Called with w.mu held.
func (w *Watchdog) drain(b *Beat, report []Stall) []Stall {
	for h := b.head.Load(); b.tail < h; b.tail++ {
		if h-b.tail > ringSize {
			b.dropped.Add(h - b.tail - ringSize)
			b.tail = h - ringSize
		}
		e := &b.ring[b.tail%ringSize]
		seq, req, dur := e.seq.Load(), e.req.Load(), time.Duration(e.dur.Load())
		if b.pendingSeq != 0 && seq == b.pendingSeq {
			report = append(report, w.finishLocked(b, dur))
			continue
		}
		st := Stall{Loop: b.loop, Name: b.name, Req: req, Duration: dur}
		w.countLocked(st)
		w.keepLocked(st)
		report = append(report, st)
	}
	return report
}

// finishLocked ends b's pending stall with its final duration.
func (w *Watchdog) finishLocked(b *Beat, dur time.Duration) Stall {
	st := b.pending
	st.Duration = max(dur, st.Duration)
	b.pending, b.pendingSeq, b.pendingEarly = Stall{}, 0, false
	w.worstLocked(st)
	w.keepLocked(st)
	return st
}

// countLocked counts a stall as soon as it is seen (a loop stuck for good
// shows in the counts while it is stuck).
func (w *Watchdog) countLocked(st Stall) {
	w.count++
	if st.Loop >= 0 && st.Loop < len(w.perLoop) {
		w.perLoop[st.Loop]++
	}
	w.worstLocked(st)
}

func (w *Watchdog) worstLocked(st Stall) {
	if st.Duration > w.worst.Duration {
		w.worst = Stall{Loop: st.Loop, Name: st.Name, Req: st.Req, Duration: st.Duration}
	}
}

// keepLocked puts an ended stall in the ring of recent ones.
func (w *Watchdog) keepLocked(st Stall) {
	if w.recent == nil {
		w.recent = make([]Stall, 0, w.cfg.Keep)
	}
	if len(w.recent) < w.cfg.Keep {
		w.recent = append(w.recent, st)
	} else {
		w.recent[w.nrecent%w.cfg.Keep] = st
	}
	w.nrecent++
}

// Stalls returns a copy of the most recent stalls (at most Config.Keep
// that have ended, oldest first, then those still running, Ongoing).
// Summary counts all of them.
func (w *Watchdog) Stalls() []Stall {
	w.look(false)
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]Stall, 0, len(w.recent)+len(w.beats))
	if len(w.recent) < w.cfg.Keep {
		out = append(out, w.recent...)
	} else {
		i := w.nrecent % w.cfg.Keep
		out = append(append(out, w.recent[i:]...), w.recent[:i]...)
	}
	for _, b := range w.beats {
		if b != nil && b.pendingSeq != 0 {
			st := b.pending
			st.Ongoing = true
			out = append(out, st)
		}
	}
	return out
}

// Summary returns the count, the worst stall and the count per loop, over
// every stall seen (not only the recent ones Stalls keeps). WorstLoop and
// WorstReq are meaningful only when Count > 0. It copies no stall: a
// /metrics scrape costs the same after a million stalls as after one.
func (w *Watchdog) Summary() model.Stalls {
	w.look(false)
	w.mu.Lock()
	defer w.mu.Unlock()
	out := model.Stalls{ThresholdMS: float64(w.cfg.Threshold) / 1e6, PerLoop: append([]int64(nil), w.perLoop...)}
	out.Count = w.count
	if w.count > 0 {
		out.WorstLoop, out.WorstReq = w.worst.Loop, w.worst.Req
		out.WorstMS = float64(w.worst.Duration) / 1e6
	}
	return out
}

// stackID hashes a stack's call path: the frames and their files and
// lines, without the goroutine header (its number and wait time), the
// argument values (pointers differ per request) or "in goroutine N".
func stackID(stack string) uint64 {
	h := fnv.New64a()
	lines := strings.Split(stack, "\n")
	for i, ln := range lines {
		if i == 0 && strings.HasPrefix(ln, "goroutine ") {
			continue
		}
		if !strings.HasPrefix(ln, "\t") {
			if j := strings.LastIndexByte(ln, '('); j > 0 {
				ln = ln[:j]
			}
			if j := strings.Index(ln, " in goroutine "); j > 0 {
				ln = ln[:j]
			}
		}
		h.Write([]byte(ln))
		h.Write([]byte{'\n'})
	}
	if id := h.Sum64(); id != 0 {
		return id
	}
	return 1
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
