// Package live runs a scenario for real, in this process: the same
// requests the simulator models (model.Planner), on real OS threads that
// block in nanosleep(2) (pool), epoll event loops with timerfd timers and
// eventfd-signalled queues (loop), loops plus a bounded pool of blocking
// threads (offload), and goroutines on an explicit set of M carriers
// (virtual). It measures each request's intended arrival, start and end on
// the monotonic clock and fills the same model.Result as the simulator,
// with Mode "real", plus the environment, the peak OS thread count, the CPU
// time used and what the blocked-loop watchdog saw.
//
// Semantics follow internal/sim: a request is a CPU segment, then its
// downstream calls (sequential or parallel), then done. CPU work spins
// against the thread's own CPU clock. A wait that holds its thread is a
// nanosleep on that thread; a registered wait is a timer (timerfd on a
// loop, a runtime timer for a virtual thread) and its continuation goes
// back to the request's loop (or to the carriers).
//
// Run is safe to call from several goroutines, but runs measure best alone
// in a fresh process (the CLI runs each in a child process).
package live

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/osthread"
	"github.com/waitlab/waitlab/internal/stats"
	"github.com/waitlab/waitlab/internal/sysinfo"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// Options tune the executors of one run, as the child protocol carries
// them (ChildRequest) and jvmexec takes them. Callers tune a run with
// runner.Options, which runner turns into these.
type Options struct {
	// StallThreshold is the watchdog's threshold for loop tasks (0: the
	// watchdog's default, 10 ms).
	StallThreshold time.Duration `json:"stall_threshold,omitempty"`
	// Trace keeps the per-lane timeline and every request's record.
	Trace bool `json:"trace,omitempty"`
	// Version is echoed in Result.Env.
	Version string `json:"version,omitempty"`
	// ThreadSample is how often the OS thread count is sampled (default
	// 2 ms).
	ThreadSample time.Duration `json:"thread_sample,omitempty"`
	// OnStall, if set, is told about each loop stall as the watchdog sees
	// it (from the watchdog's goroutine).
	OnStall func(watchdog.Stall) `json:"-"`
	// OnStart, if set, is called by Isolated once the child process has
	// started (from then on a cancel reaches it through its pipe and it
	// answers with what it measured).
	OnStart func() `json:"-"`

	// onFirst, if set, is called once when the first request completes
	// (tests: an observable moment to interrupt a run).
	onFirst func()
}

// item kinds on a loop's run queue.
const (
	itemNew  uint8 = iota // a new request: take it, run its CPU work, start its calls
	itemCont              // a continuation after its calls: next call, or the end
)

// job is one request in flight. Fields before end are written by the
// thread that owns the request at that moment; end is stored last,
// atomically, so a reader that sees end > 0 sees the rest.
type job struct {
	id      int64
	cpu     time.Duration
	waits   []time.Duration
	arrival time.Duration
	start   time.Duration
	class   int32
	loop    int32 // the queue its continuations go to
	vu      int32 // closed model: its user, else -1
	lane    int32 // the lane that took it first
	next    int32 // next call (sequential)
	pending atomic.Int32
	joiner  *parker      // pool with a fan-out pool: the thread waiting for the calls
	end     atomic.Int64 // ns since the clock started; 0 while running
}

// execution is the state of one run shared by its executor's threads.
type execution struct {
	s     model.Scenario
	plan  *model.Planner
	opt   Options
	par   []bool // per class: parallel fan-out
	block []bool // per class: blocking waits

	jobs []job
	t0   time.Time

	sent      atomic.Int64
	completed atomic.Int64
	done      chan struct{}
	failed    chan struct{} // closed by fail
	failOnce  sync.Once
	failErr   error
	stopped   atomic.Bool   // stop at once (interrupted, or finished)
	quit      chan struct{} // closed by halt: wakes the arrivals' waits
	haltOnce  sync.Once

	busy, peak atomic.Int64
	lock       *fifoLock
	wd         *watchdog.Watchdog

	vuWake []chan struct{}

	lanes []model.LaneKind
	spans [][]model.Span // per lane, written by the lane's current owner
}

// executor is one concurrency model's machinery.
type executor interface {
	// start creates the threads and returns once they are all ready.
	start(r *execution) error
	// submit hands a new request over; called from the arrival goroutines.
	submit(j *job)
	// stop asks every thread to exit and waits up to grace for them.
	stop(grace time.Duration)
}

// Run executes s for real. s must be normalized and valid, and checked
// (runner.Check refuses what is too big; Run only guards its ceilings). It returns when
// every request has completed, or when ctx is cancelled: then the result
// holds what completed so far and Interrupted is set (the error is nil).
func Run(ctx context.Context, s model.Scenario, opt Options) (*model.Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := guard(s); err != nil {
		return nil, err
	}
	if opt.Trace && s.Requests > model.MaxTraceRequests {
		return nil, model.NewFieldError("--timeline", "sim.err.trace", s.Requests, model.MaxTraceRequests)
	}
	r := newExecution(s, opt)
	var ex executor
	switch s.Model {
	case model.Pool:
		ex = &poolExec{}
	case model.Loop, model.Offload:
		ex = &loopExec{}
	case model.Virtual:
		ex = &virtualExec{}
	}
	if s.Model.HasLoops() {
		r.wd = watchdog.New(watchdog.Config{Threshold: opt.StallThreshold, OnStall: opt.OnStall})
	}
	env := sysinfo.Collect(opt.Version)
	threads0, _ := sysinfo.OSThreads()
	if err := ex.start(r); err != nil {
		r.halt()
		ex.stop(time.Second)
		return nil, fmt.Errorf("live: start %s: %w", s.Model, err)
	}
	if r.wd != nil {
		r.wd.Start()
	}
	sampler := startSampler(opt.ThreadSample, threads0)
	cpu0 := sysinfo.ProcessCPU()
	r.t0 = time.Now()
	// The arrivals goroutine plans jobs and submits them; it is waited for
	// before the executor stops (a submit after stop would signal a closed
	// eventfd) and before the jobs are read.
	arrived := make(chan struct{})
	go func() {
		defer close(arrived)
		r.arrivals(ctx, ex)
	}()

	interrupted := false
	select {
	case <-r.done:
	case <-ctx.Done():
		interrupted = true
	case <-r.failed:
	}
	wall := time.Since(r.t0)
	cpu := sysinfo.ProcessCPU() - cpu0
	r.halt()
	<-arrived // prompt: every step of the arrivals looks at stopped or quit
	peakThreads := sampler.stop()
	grace := 2 * time.Second
	if interrupted {
		grace = 200 * time.Millisecond
	}
	ex.stop(grace)
	if r.wd != nil {
		r.wd.Stop()
	}
	select {
	case <-r.failed:
		return nil, r.failErr
	default:
	}
	res := r.result(interrupted)
	res.Env = &env
	res.OSThreadsPeak = peakThreads
	res.CPUMS = stats.MS(cpu)
	if r.wd != nil {
		st := r.wd.Summary()
		res.Stalls = &st
	}
	for _, w := range Warnings(s, sysinfo.Cores()) {
		res.Warnings = append(res.Warnings, w.Text(msg.EN))
	}
	if interrupted && res.MakespanMS == 0 {
		res.MakespanMS = stats.MS(wall)
	}
	return res, nil
}

func newExecution(s model.Scenario, opt Options) *execution {
	r := &execution{s: s, plan: model.NewPlanner(s), opt: opt, done: make(chan struct{}), failed: make(chan struct{}), quit: make(chan struct{})}
	for _, c := range s.Classes {
		r.par = append(r.par, c.Fanout == model.Parallel)
		r.block = append(r.block, c.Blocking)
	}
	r.jobs = make([]job, s.Requests)
	if s.SharedLock {
		r.lock = &fifoLock{}
	}
	if s.Arrival.Kind == model.VUs {
		r.vuWake = make([]chan struct{}, s.Arrival.VUs)
		for i := range r.vuWake {
			r.vuWake[i] = make(chan struct{}, 1)
		}
	}
	n := s.Threads
	kind := model.LaneThread
	switch s.Model {
	case model.Loop, model.Offload:
		kind = model.LaneLoop
	case model.Virtual:
		kind = model.LaneCarrier
	}
	for i := 0; i < n; i++ {
		r.lanes = append(r.lanes, kind)
	}
	for i := 0; i < s.OffloadPool; i++ {
		r.lanes = append(r.lanes, model.LaneOffload)
	}
	for i := 0; i < s.FanoutPool; i++ {
		r.lanes = append(r.lanes, model.LaneWorker)
	}
	if opt.Trace {
		r.spans = make([][]model.Span, len(r.lanes))
	}
	return r
}

// fail stops the run with err (the first error wins). Safe from any thread.
func (r *execution) fail(err error) {
	r.failOnce.Do(func() {
		r.failErr = err
		r.halt()
		close(r.failed)
	})
}

// halt stops the run at once: every thread and the arrivals see stopped,
// and the arrivals' waits wake. Safe from any thread, more than once.
func (r *execution) halt() {
	r.haltOnce.Do(func() {
		r.stopped.Store(true)
		close(r.quit)
	})
}

// now is the time since the run's clock started (monotonic).
func (r *execution) now() time.Duration { return time.Since(r.t0) }

// newJob plans request i, intended to arrive at arrival, into its job. The
// arrival goroutines call it, for distinct i.
func (r *execution) newJob(i int64, arrival time.Duration, vu int32, scratch *model.Request) *job {
	j := &r.jobs[i]
	scratch.Waits = scratch.Waits[:0]
	r.plan.Fill(i, scratch)
	j.id, j.cpu, j.class, j.arrival, j.vu, j.lane = i, scratch.CPU, int32(scratch.Class), arrival, vu, -1
	j.loop = 0
	if scratch.Loop >= 0 {
		j.loop = int32(scratch.Loop)
	}
	if len(scratch.Waits) > 0 {
		j.waits = slices.Clone(scratch.Waits)
		if r.s.Classes[j.class].Fanout == model.Pipelined {
			// One round trip for all the calls: as long as the slowest.
			j.waits = []time.Duration{slices.Max(j.waits)}
		}
	}
	return j
}

// arrivals sends the requests: all at once (burst), on the pacer's
// schedule (rate, poisson), or from virtual users (vus).
func (r *execution) arrivals(ctx context.Context, ex executor) {
	s := &r.s
	if s.Arrival.Kind == model.VUs {
		var wg sync.WaitGroup
		for u := 0; u < s.Arrival.VUs && u < s.Requests; u++ {
			wg.Add(1)
			go func(u int) {
				defer wg.Done()
				r.user(ctx, ex, u)
			}(u)
		}
		wg.Wait()
		return
	}
	pacer := s.Arrival.Pacer(s.Seed)
	var scratch model.Request
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for i := int64(0); i < int64(s.Requests); i++ {
		due, ok := pacer.Due(i)
		if !ok {
			return
		}
		if wait := due - r.now(); wait > 0 {
			timer.Reset(wait)
			select {
			case <-timer.C:
			case <-ctx.Done():
				return
			case <-r.quit:
				return
			}
		}
		if r.stopped.Load() {
			return
		}
		r.sent.Add(1)
		ex.submit(r.newJob(i, due, -1, &scratch))
	}
}

// user is virtual user u of the closed model: send, wait for the response,
// think, send again, until every request has been sent.
func (r *execution) user(ctx context.Context, ex executor, u int) {
	var scratch model.Request
	at := time.Duration(0)
	var count int64
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		i := r.sent.Add(1) - 1
		if i >= int64(r.s.Requests) || r.stopped.Load() {
			r.sent.Add(-1)
			return
		}
		ex.submit(r.newJob(i, at, int32(u), &scratch))
		select {
		case <-r.vuWake[u]:
		case <-ctx.Done():
			return
		case <-r.quit:
			return
		}
		end := time.Duration(r.jobs[i].end.Load())
		count++
		at = end + r.plan.Think(u, count)
		if wait := at - r.now(); wait > 0 {
			timer.Reset(wait)
			select {
			case <-timer.C:
			case <-ctx.Done():
				return
			case <-r.quit:
				return
			}
		} else {
			at = max(at, end)
		}
	}
}

// take records that lane starts request j now.
func (r *execution) take(j *job, lane int) {
	j.start = r.now()
	j.lane = int32(lane)
}

// finish records the end of request j.
func (r *execution) finish(j *job) {
	end := r.now()
	if end <= 0 {
		end = 1
	}
	j.end.Store(int64(end))
	if j.vu >= 0 {
		select {
		case r.vuWake[j.vu] <- struct{}{}:
		default:
		}
	}
	n := r.completed.Add(1)
	if n == 1 && r.opt.onFirst != nil {
		r.opt.onFirst()
	}
	if n == int64(r.s.Requests) {
		close(r.done)
	}
}

func (r *execution) isBlocking(j *job) bool { return r.block[j.class] && len(j.waits) > 0 }

// enter and leave count busy lanes, for PeakThreads.
func (r *execution) enter() {
	n := r.busy.Add(1)
	for {
		p := r.peak.Load()
		if n <= p || r.peak.CompareAndSwap(p, n) {
			return
		}
	}
}

func (r *execution) leave() { r.busy.Add(-1) }

// span records what lane did from from to now; the caller owns the lane.
func (r *execution) span(lane int, k model.SpanKind, j *job, from time.Duration) {
	if r.spans == nil {
		return
	}
	to := r.now()
	if to <= from {
		return
	}
	r.spans[lane] = append(r.spans[lane], model.Span{Lane: int32(lane), Kind: k, Req: j.id, Start: from, End: to})
}

// cpu runs j's CPU work on the calling (locked) thread of lane.
func (r *execution) cpu(lane int, j *job) {
	if j.cpu <= 0 {
		return
	}
	t := r.now()
	osthread.Spin(j.cpu)
	r.span(lane, model.SpanCPU, j, t)
}

// holdCalls makes j's calls while the calling thread holds lane through
// them: one nanosleep for the slowest of parallel calls, or each call in
// turn (the shared lock serialises parallel calls anyway, as in the model).
func (r *execution) holdCalls(lane int, j *job, lockCh chan struct{}) {
	if len(j.waits) == 0 {
		return
	}
	if r.par[j.class] && r.lock == nil {
		t := r.now()
		osthread.Block(slices.Max(j.waits))
		r.span(lane, model.SpanHold, j, t)
		return
	}
	for _, w := range j.waits {
		r.holdCall(lane, j, w, lockCh)
	}
}

// holdCall makes one call of duration w while holding lane.
func (r *execution) holdCall(lane int, j *job, w time.Duration, lockCh chan struct{}) {
	if r.lock != nil {
		t := r.now()
		r.lock.acquire(lockCh)
		r.span(lane, model.SpanLock, j, t)
	}
	t := r.now()
	osthread.Block(w)
	r.span(lane, model.SpanHold, j, t)
	if r.lock != nil {
		r.lock.release()
	}
}

// result turns the jobs into a Result (through Tally, the one conversion).
func (r *execution) result(interrupted bool) *model.Result {
	var trace *model.Trace
	if r.spans != nil && !interrupted {
		trace = &model.Trace{Source: "real", Lanes: r.lanes}
		for _, sp := range r.spans {
			trace.Spans = append(trace.Spans, sp...)
		}
	}
	t := NewTally(r.s, trace)
	sent := min(r.sent.Load(), int64(len(r.jobs)))
	for i := range r.jobs[:sent] {
		j := &r.jobs[i]
		// end first: its atomic store follows the lane's writes of start
		// and lane, so they are read only once it is seen; a request still
		// running after an interrupt's grace is written to meanwhile, and
		// Tally counts only finished ones.
		end := time.Duration(j.end.Load())
		if end <= 0 {
			t.Add(j.id, int(j.class), j.arrival, 0, 0, -1, false)
			continue
		}
		t.Add(j.id, int(j.class), j.arrival, j.start, end, j.lane, r.isBlocking(j))
	}
	return t.Result(int(r.peak.Load()), interrupted)
}

func compareDur(a, b time.Duration) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// sampler records the peak OS thread count of the process.
type sampler struct {
	peak atomic.Int64
	quit chan struct{}
	done chan struct{}
}

func startSampler(every time.Duration, initial int) *sampler {
	if every <= 0 {
		every = 2 * time.Millisecond
	}
	sm := &sampler{quit: make(chan struct{}), done: make(chan struct{})}
	sm.peak.Store(int64(initial))
	sm.sample()
	go func() {
		defer close(sm.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-sm.quit:
				return
			case <-t.C:
				sm.sample()
			}
		}
	}()
	return sm
}

func (sm *sampler) sample() {
	if n, err := sysinfo.OSThreads(); err == nil && int64(n) > sm.peak.Load() {
		sm.peak.Store(int64(n))
	}
}

func (sm *sampler) stop() int {
	close(sm.quit)
	<-sm.done
	sm.sample()
	return int(sm.peak.Load())
}
